// Spring handlers declared Object / Any / a Map (or not at all), answering maps built in code, and
// ResponseEntity<Object> handlers answering overloaded service calls, ResponseEntity locals and
// Mono.just(..) of one (core/scan/frameworks/built-response.ts springReturnedValues and
// springBuiltReturns; the fixture spring-mvc/map-bodies). Checked as the scan gives the response
// schemas and as the OpenAPI export writes them.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';
import { writeFiles } from '../write-files';

describe('response bodies read from the maps and values handlers return', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/map-bodies'), { parseWorker: false }));
  });
  const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;
  const props = (m: string) => byMember(m).response?.schema?.properties as Record<string, any> | undefined;

  it('Kotlin: a map literal a helper builds, one or two helpers deep, each value typed', () => {
    expect(props('currentUser')?.user).toMatchObject({ title: 'User', properties: { username: { type: 'string' } } });
    expect(Object.keys(props('articles')!)).toEqual(['articles', 'articlesCount']);
    expect(props('articles')!.articles).toMatchObject({ type: 'array', items: { title: 'Article' } });
    expect(props('articles')!.articlesCount).toEqual({ type: 'integer' });
    expect(props('firstArticle')?.article).toMatchObject({ title: 'Article' });
    // A companion's factory: `ProfileView.fromUser(user)`.
    expect(props('profile')?.profile).toMatchObject({ title: 'ProfileView', properties: { following: { type: 'boolean' } } });
  });

  it('Kotlin: a declared Map answering mapOf(..), and a mutable map given entries by key', () => {
    expect(props('tags')).toEqual({ tags: { type: 'array', items: { type: 'string' } }, open: { type: 'boolean' } });
    expect(props('stats')?.latest).toMatchObject({ title: 'User' });
    expect(props('stats')?.label).toEqual({ type: 'string' });
  });

  it('Java: Map.of(..), a HashMap local given puts, a double-brace HashMap', () => {
    expect(props('info')?.version).toEqual({ type: 'string' });
    expect(props('info')?.latest).toMatchObject({ title: 'LogEntry' });
    expect(props('login')?.token).toEqual({ type: 'string' });
    expect(props('login')?.criteria).toMatchObject({ title: 'LogCriteria' });
    expect(props('code')).toEqual({ img: { type: 'string' }, uuid: { type: 'integer' } });
  });

  it('stays unknown (or as declared) where the map is not read whole: a key that is no literal, returns that disagree, a map filled elsewhere', () => {
    expect(byMember('keyed').response?.schema?.['x-unresolved']).toBe(true);
    expect(byMember('either').response?.schema?.['x-unresolved']).toBe(true);
    expect(byMember('filled').response?.schema).toMatchObject({ type: 'object', additionalProperties: {} });
    expect(props('filled')).toBeUndefined();
  });

  it('picks an overload by argument count, then by the known argument types; stays unknown when still ambiguous', () => {
    expect(byMember('queryLogs').response?.schema?.title).toBe('LogPage');
    expect(byMember('allLogs').response?.schema).toMatchObject({ type: 'array', items: { title: 'LogEntry' } });
    expect(byMember('byName').response?.schema?.title).toBe('LogEntry');
    expect(byMember('byAnything').response?.schema?.['x-unresolved']).toBe(true);
  });

  it('reads a ResponseEntity local and Mono.just(ResponseEntity.ok(x))', () => {
    expect(byMember('latest').response?.schema?.title).toBe('LogEntry');
    expect(byMember('latestMono').response?.schema?.title).toBe('LogEntry');
  });

  it('words a String body in Spring\'s terms', () => {
    const schema = byMember('text').response?.schema;
    expect(schema?.['x-unresolved']).toBe(true);
    expect(schema?.description).toContain('ResponseEntity\'s body is a String');
    expect(schema?.description).not.toContain('Response\'s entity');
  });

  it('words a String an Object or Kotlin handler returns without a ResponseEntity it does not build', async () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-text-values-'));
    try {
      writeFiles(root, {
        'src/main/java/com/acme/PlainController.java': 'package com.acme;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class PlainController {\n    @GetMapping("/plain")\n    public Object plain() { return "ok"; }\n}\n',
        'src/main/kotlin/com/acme/HelloController.kt': 'package com.acme\n\nimport org.springframework.web.bind.annotation.*\n\n@RestController\nclass HelloController {\n    @GetMapping("/hello")\n    fun hello() = "Hello, " + "world"\n}\n',
      });
      const scanned = (await scanProject(root, { parseWorker: false })).endpoints;
      for (const path of ['/plain', '/hello']) {
        const schema = scanned.find((e) => e.path === path)!.response?.schema;
        expect(schema?.['x-unresolved']).toBe(true);
        expect(schema?.description).toContain('String');
        expect(schema?.description).not.toContain('ResponseEntity');
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('Java: a key holding a $ is a plain key (only Kotlin reads a template in it)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-dollar-keys-'));
    try {
      writeFiles(root, {
        'src/main/java/com/acme/RefController.java': 'package com.acme;\n\nimport java.util.*;\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class RefController {\n    @GetMapping("/ref")\n    public Object ref() { return Map.of("$ref", "#/items", "count", 1); }\n    @GetMapping("/put")\n    public Map<String, Object> put() {\n        Map<String, Object> m = new HashMap<>();\n        m.put("total$", 2);\n        return m;\n    }\n}\n',
      });
      const scanned = (await scanProject(root, { parseWorker: false })).endpoints;
      expect(scanned.find((e) => e.path === '/ref')!.response?.schema?.properties).toEqual({ $ref: { type: 'string' }, count: { type: 'integer' } });
      expect(scanned.find((e) => e.path === '/put')!.response?.schema?.properties).toEqual({ total$: { type: 'integer' } });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('Java: each return of a HashMap local answers the puts on the way to it (an early 404 branch, a later put)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'apiscout-early-return-'));
    try {
      writeFiles(root, {
        'src/main/java/com/acme/FileController.java': [
          'package com.acme;',
          'import java.util.*;',
          'import org.springframework.http.HttpStatus;',
          'import org.springframework.http.ResponseEntity;',
          'import org.springframework.web.bind.annotation.*;',
          '@RestController',
          'public class FileController {',
          '    @GetMapping("/files/{id}")',
          '    public ResponseEntity<Object> download(@PathVariable Long id) {',
          '        Map<String, Object> map = new HashMap<>(2);',
          '        map.put("id", id);',
          '        if (id < 0) {',
          '            map.put("message", "no such file");',
          '            return new ResponseEntity<>(map, HttpStatus.NOT_FOUND);',
          '        }',
          '        if (id == 0) {',
          '            map.put("empty", true);',
          '        }',
          '        map.put("url", "https://files/" + id);',
          '        return new ResponseEntity<>(map, HttpStatus.OK);',
          '    }',
          '}',
        ].join('\n'),
      });
      const [file] = (await scanProject(root, { parseWorker: false })).endpoints;
      expect(Object.keys(file!.response!.schema!.properties!)).toEqual(['id', 'empty', 'url']);
      expect(file!.responses?.map((r) => [r.status, Object.keys(r.schema?.properties ?? {})])).toEqual([['404', ['id', 'message']]]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the OpenAPI export writes the maps\' keys and their values\' components', () => {
    const doc = JSON.parse(exportOpenApi(endpoints, { openapi: { format: 'json', version: '3.1.0' } }).files[0]!.content);
    const articles = doc.paths['/api/articles'].get.responses['200'].content['application/json'].schema;
    expect(articles.properties.articles).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Article' } });
    expect(articles.properties.articlesCount).toEqual({ type: 'integer' });
    const login = doc.paths['/api/logs/login'].post.responses['200'].content['application/json'].schema;
    expect(login.properties.token).toEqual({ type: 'string' });
    expect(login.properties.criteria).toEqual({ $ref: '#/components/schemas/LogCriteria' });
    expect(doc.paths['/api/logs/all'].get.responses['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/LogEntry' } });
  });
});

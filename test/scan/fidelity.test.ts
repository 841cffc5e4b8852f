// Issue 21's models beyond the METHOD + path sets the fixture cases assert: deprecated endpoints
// in the model and the exports that have the notion, the catch-all `{*path}` as the parameter
// `path` in exports and calls, the `paths.prefixes` setting, and Jackson's one property of a
// hand-written `isView()` / `setView()` pair.

import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultDraft, prepareRequest } from '../../core/call/request-builder';
import { exportSelection } from '../../core/export';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const SPRINGDOC = join(FIXTURES, 'spring-mvc/springdoc-operations');
const BEANS = join(FIXTURES, 'spring-mvc/bean-query-params');
const tmp = mkdtempSync(join(tmpdir(), 'apiscout-fidelity-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('deprecated endpoints', () => {
  it('are marked in the model and in OpenAPI, Postman, Markdown and YApi', async () => {
    const { endpoints } = await scanProject(SPRINGDOC, { parseWorker: false });
    const deprecated = endpoints.filter((e) => e.deprecated).map((e) => e.path).sort();
    expect(deprecated).toEqual(['/articles/feed', '/articles/legacy']);
    expect(endpoints.find((e) => e.path === '/articles/search')!.deprecated).toBeUndefined();

    const all = { kind: 'all' } as const;
    const openapi = JSON.parse(exportSelection(endpoints, all, 'openapi', { openapi: { format: 'json' } }).files[0]!.content);
    expect(openapi.paths['/articles/legacy'].get.deprecated).toBe(true);
    expect(openapi.paths['/articles/search'].get.deprecated).toBeUndefined();
    const postman = JSON.parse(exportSelection(endpoints, all, 'postman').files.find((f) => f.content.includes('"item"'))!.content);
    const items = JSON.stringify(postman);
    expect(items).toContain('Deprecated: still served, but clients should move off it.');
    const markdown = exportSelection(endpoints, all, 'markdown').files[0]!.content;
    expect(markdown).toContain('**Deprecated:**');
    const yapi = JSON.parse(exportSelection(endpoints, all, 'yapi').files[0]!.content) as Array<{ list: Array<{ path: string; tag: string[] }> }>;
    const legacy = yapi.flatMap((c) => c.list).find((i) => i.path === '/articles/legacy')!;
    expect(legacy.tag).toEqual(['deprecated']);
  });
});

describe('operationIds the source names', () => {
  it('are kept from @Operation(operationId) and @ApiOperation(nickname), and are the OpenAPI export\'s', async () => {
    const { endpoints } = await scanProject(SPRINGDOC, { parseWorker: false });
    const search = endpoints.find((e) => e.path === '/articles/search')!;
    expect(search.operationId).toBe('searchArticles');
    expect(endpoints.find((e) => e.path === '/articles/feed')!.operationId).toBeUndefined();
    const swagger2 = await scanProject(join(FIXTURES, 'spring-mvc/names-swagger2'), { parseWorker: false });
    expect(swagger2.endpoints.find((e) => e.path === '/credit-notes')!.operationId).toBe('issueCreditNote');
    const openapi = JSON.parse(exportSelection(endpoints, { kind: 'all' }, 'openapi', { openapi: { format: 'json' } }).files[0]!.content);
    expect(openapi.paths['/articles/search'].get.operationId).toBe('searchArticles');
    // Two endpoints naming one id stay unique, as two methods of one name do.
    const twin = { ...endpoints.find((e) => e.path === '/articles/feed')!, operationId: 'searchArticles' };
    const both = JSON.parse(exportSelection([search, twin], { kind: 'all' }, 'openapi', { openapi: { format: 'json' } }).files[0]!.content);
    const ids = [both.paths['/articles/search'].get.operationId, both.paths['/articles/feed'].get.operationId];
    expect(new Set(ids).size).toBe(2);
  });
});

describe("Spring's catch-all {*path}", () => {
  it('is the parameter path in exports and a multi-segment value in a call', async () => {
    const { endpoints } = await scanProject(BEANS, { parseWorker: false });
    const avatar = endpoints.find((e) => e.path === '/system/user/avatar/{*path}')!;
    const all = { kind: 'all' } as const;
    for (const channel of ['openapi', 'postman', 'yapi', 'http-client', 'curl', 'markdown'] as const) {
      // The address in a comment line (`# GET /avatar/{*path}`) names the endpoint as declared; requests must not carry it.
      const text = exportSelection([avatar], all, channel).files.map((f) => f.content).join('\n').split('\n').filter((l) => !/^\s*#/.test(l)).join('\n');
      expect(text, channel).not.toContain('*path');
      expect(text, channel).toContain('avatar/');
    }
    const draft = defaultDraft(avatar, { host: 'http://127.0.0.1:1' });
    draft.pathParams = [{ name: 'path', value: 'a/b c.png' }];
    const req = await prepareRequest(draft);
    expect(req.url).toBe('http://127.0.0.1:1/system/user/avatar/a/b%20c.png');
  });
});

describe('the paths.prefixes setting', () => {
  it('prefixes the classes a package or class pattern matches, in path, address and id', async () => {
    const scanner = new ProjectScanner(SPRINGDOC, { parseWorker: false, pathPrefixes: () => ['**.*LegacyNothing=/x', 'com.acme.opdocs.**=/gateway/', 'bad entry'] });
    const result = await scanner.scan();
    const search = result.endpoints.find((e) => e.source.member === 'search')!;
    expect(search.path).toBe('/gateway/articles/search');
    expect(search.address).toBe('GET /gateway/articles/search');
    expect(search.id.endsWith(' GET /gateway/articles/search')).toBe(true);
    expect(result.diagnostics.some((d) => d.file === 'paths.prefixes' && d.message.includes('"bad entry"'))).toBe(true);
  });
});

describe('Jackson properties', () => {
  it('a boolean isView field with isView()/setView() is the one read-write property view', async () => {
    const root = join(tmp, 'isview');
    const pkg = join(root, 'src/main/java/com/acme');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, 'Widget.java'), `package com.acme;
public class Widget {
  private boolean isView;
  private String title;
  public boolean isView() { return isView; }
  public void setView(boolean view) { this.isView = view; }
  public String getTitle() { return title; }
  public void setTitle(String title) { this.title = title; }
}`);
    writeFileSync(join(pkg, 'WidgetController.java'), `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class WidgetController {
  @PostMapping("/widgets") public Widget create(@RequestBody Widget w) { return w; }
}`);
    const { endpoints } = await scanProject(root, { parseWorker: false });
    const body = endpoints[0]!.request!.body!.schema;
    expect(Object.keys(body.properties!).sort()).toEqual(['title', 'view']);
    expect(body.properties!.view!.readOnly).toBeUndefined();
  });
});

describe('Kotlin the grammar lacks', () => {
  it('keeps every property of a DTO whose file uses by/constructor/where on the next line, $$"…" (with a Spring `${key:#{null}}` and a lone `$` inside), fun suspend and function types with a receiver the grammar lacks (`a.b.C.() -> Unit`, `Page<String>.Cursor.() -> Unit`, `Profile?.(Int) -> Unit`); a private val is no field', async () => {
    const { endpoints, diagnostics } = await scanProject(join(FIXTURES, 'kotlin/spring-mvc/grammar-gaps'), { parseWorker: false });
    expect(diagnostics).toEqual([]);
    const create = endpoints.find((e) => e.source.member === 'create')!;
    expect(Object.keys(create.request!.body!.schema.properties!).sort()).toEqual(['email', 'id', 'name', 'nickname', 'template']);
  });
});

describe('Kotlin recovery around syntax errors', () => {
  it('a broken member in a class body costs that member only, with a diagnostic naming its line', async () => {
    const { endpoints, diagnostics } = await scanProject(join(FIXTURES, 'kotlin/spring-mvc/error-recovery'), { parseWorker: false });
    const place = endpoints.find((e) => e.source.member === 'place')!;
    expect(Object.keys(place.request!.body!.schema.properties!)).toEqual(['id', 'customer', 'note', 'total', 'size', 'status', 'createdAt']);
    const shipment = endpoints.find((e) => e.source.member === 'shipment')!;
    expect(Object.keys(shipment.response!.schema!.properties!)).toEqual(['carrier', 'trackingCode', 'delivered']);
    expect(diagnostics).toEqual([
      { file: 'src/main/kotlin/com/acme/recovery/Dtos.kt', line: 23, message: 'syntax error: the declaration at line 23 does not parse and is skipped; the other members of its class are kept' },
    ]);
  });
});


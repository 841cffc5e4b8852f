// Model classes from the jar of the organisation's own API artifact: compiled here by the real
// javac (with debug names, as Maven compiles), packed by the real `jar` tool into a temp local
// Maven repository, and read back through the scan as if their sources were in the project:
// generics, Jackson annotations, enums, records, nested classes and constructor names. A
// framework's jar (another organisation's) is not read, and a source declaring the same name wins.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { readClassFile } from '../../core/scan/jar/class-file';
import { jarCache } from '../../core/scan/jar/jar-types';
import type { SourceFile } from '../../core/scan/source-model';
import { mavenRepoSetting } from './maven-jar';
import { rescanEqualsFreshScan, scanned, view } from './rescan-parity';
import { scanInThread, storeIn } from './store-cases';
import { writeFiles } from '../write-files';

const restoreRepo = mavenRepoSetting();
const tmp = mkdtempSync(join(tmpdir(), 'apiscout-jar-types-'));
const repo = join(tmp, 'm2');


/** Compiles `sources` with javac -g and packs the classes under `packages` as group:artifact:version's jar. */
function compileJar(group: string, artifact: string, version: string, sources: Record<string, string>, packages: string[]): string {
  const src = join(tmp, `${artifact}-src`);
  const classes = join(tmp, `${artifact}-classes`);
  writeFiles(src, sources);
  mkdirSync(classes, { recursive: true });
  execFileSync('javac', ['-g', '-d', classes, ...Object.keys(sources).map((f) => join(src, f))]);
  const dir = join(repo, ...group.split('.'), artifact, version);
  mkdirSync(dir, { recursive: true });
  const jar = join(dir, `${artifact}-${version}.jar`);
  execFileSync('jar', ['cf', jar, ...packages.flatMap((p) => ['-C', classes, p])]);
  return classes;
}

/**
 * Compiles each jar's `sources` with javac -g and packs its classes with the real `zip` tool at its
 * path: one javac for all jars whose sources do not clash (a JVM start per jar made the suites slow).
 */
function jarsAt(jars: Array<[path: string, sources: Record<string, string>]>): void {
  let left = jars;
  while (left.length) {
    const names = new Set<string>();
    const batch = left.filter(([, sources]) => {
      if (Object.keys(sources).some((f) => names.has(f))) return false;
      Object.keys(sources).forEach((f) => names.add(f));
      return true;
    });
    left = left.filter((j) => !batch.includes(j));
    const work = mkdtempSync(join(tmp, 'jar-'));
    writeFiles(join(work, 'src'), Object.assign({}, ...batch.map(([, sources]) => sources)));
    mkdirSync(join(work, 'classes'));
    execFileSync('javac', ['-g', '-d', join(work, 'classes'), ...[...names].map((f) => join(work, 'src', f))]);
    for (const [path, sources] of batch) {
      mkdirSync(dirname(path), { recursive: true });
      execFileSync('zip', ['-q', path, ...Object.keys(sources).map((f) => f.replace(/\.java$/, '.class'))], { cwd: join(work, 'classes') });
    }
  }
}

/** A class `com.<pkg>.<name>` with one String property. */
const bean = (pkg: string, name: string, property: string) => ({ [`com/${pkg.replace(/\./g, '/')}/${name}.java`]: `package com.${pkg};\npublic class ${name} { private String ${property}; public String get${property[0]!.toUpperCase()}${property.slice(1)}() { return ${property}; } }\n` });

// Jackson's annotation, compiled beside the API classes but not packed: the jar refers to it by name.
const JSON_PROPERTY = `package com.fasterxml.jackson.annotation;
import java.lang.annotation.*;
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonProperty {
    String value() default "";
    Access access() default Access.AUTO;
    enum Access { AUTO, READ_ONLY, WRITE_ONLY, READ_WRITE }
}
`;

const API: Record<string, string> = {
  'com/fasterxml/jackson/annotation/JsonProperty.java': JSON_PROPERTY,
  'com/xtool/response/Response.java': `package com.xtool.response;
import com.fasterxml.jackson.annotation.JsonProperty;
public class Response<T> {
    private int code;
    @JsonProperty("msg")
    private String message;
    private T data;
    public int getCode() { return code; }
    public void setCode(int code) { this.code = code; }
    public String getMessage() { return message; }
    public void setMessage(String message) { this.message = message; }
    public T getData() { return data; }
    public void setData(T data) { this.data = data; }
    public static <T> Response<T> ok(T data) { Response<T> r = new Response<>(); r.data = data; return r; }
}
`,
  'com/xtool/model/UserDto.java': `package com.xtool.model;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;
public class UserDto {
    public enum Status { ACTIVE, LOCKED }
    public static class Address { private String city; public String getCity() { return city; } public void setCity(String c) { city = c; } }
    private long id;
    private String name;
    private Status status;
    private List<Address> addresses;
    private Map<String, Long> counters;
    @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
    private String password;
    private transient String cached;
    public long getId() { return id; }
    public void setId(long id) { this.id = id; }
    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Status getStatus() { return status; }
    public void setStatus(Status status) { this.status = status; }
    public List<Address> getAddresses() { return addresses; }
    public void setAddresses(List<Address> a) { addresses = a; }
    public Map<String, Long> getCounters() { return counters; }
    public void setCounters(Map<String, Long> c) { counters = c; }
    public String getPassword() { return password; }
    public void setPassword(String password) { this.password = password; }
}
`,
  'com/xtool/model/Point.java': 'package com.xtool.model;\npublic record Point(double x, double y, String label) {}\n',
  // Spring's annotation, compiled beside it and not packed, as Jackson's.
  'org/springframework/web/bind/annotation/GetMapping.java': 'package org.springframework.web.bind.annotation;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface GetMapping { String[] value() default {}; }\n',
  'com/xtool/web/BaseController.java': 'package com.xtool.web;\nimport org.springframework.web.bind.annotation.GetMapping;\npublic abstract class BaseController<T> {\n    @GetMapping("/list")\n    public java.util.List<T> list() { return null; }\n}\n',
};

const PROJECT: Record<string, string> = {
  'pom.xml': `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.xuxueli</groupId>
  <artifactId>job-admin</artifactId>
  <version>1.0</version>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>com.xuxueli</groupId><artifactId>xtool</artifactId><version>2.1</version></dependency>
    <dependency><groupId>org.other</groupId><artifactId>other-api</artifactId><version>1.0</version></dependency>
  </dependencies>
</project>
`,
  'src/main/java/com/acme/admin/PointController.java': `package com.acme.admin;
import com.xtool.model.Point;
import com.xtool.web.BaseController;
import org.springframework.web.bind.annotation.*;
@RestController
@RequestMapping("/points")
public class PointController extends BaseController<Point> {
}
`,
  'src/main/java/com/acme/admin/UserController.java': `package com.acme.admin;
import com.xtool.model.*;
import com.xtool.response.Response;
import com.other.api.Widget;
import org.springframework.web.bind.annotation.*;
@RestController
@RequestMapping("/users")
public class UserController {
    @GetMapping("/{id}")
    public Response<UserDto> get(@PathVariable long id) { return Response.ok(new UserDto()); }
    @PostMapping
    public Response<Point> create(@RequestBody UserDto user) { return null; }
    @GetMapping("/widget")
    public Widget widget() { return null; }
}
`,
};

let scanner: ProjectScanner;
const byMember = (m: string) => scanner.result().endpoints.find((e) => e.source.member === m)!;

beforeAll(async () => {
  process.env.APISCOUT_MAVEN_REPO = repo;
  compileJar('com.xuxueli', 'xtool', '2.1', API, ['com']);
  // Another organisation's jar: a bean it declares stays unknown (frameworks' classes are not models).
  compileJar('org.other', 'other-api', '1.0', { 'com/other/api/Widget.java': 'package com.other.api;\npublic class Widget { private int size; public int getSize() { return size; } }\n' }, ['com']);
  const root = join(tmp, 'project');
  writeFiles(root, PROJECT);
  scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
}, 120_000);

afterAll(() => {
  restoreRepo();
  rmSync(tmp, { recursive: true, force: true });
});

describe('model classes from the organisation’s own dependency jars', () => {
  it('models a generic wrapper and its argument from compiled classes', () => {
    const schema = byMember('get').response?.schema as any;
    expect(schema.title).toBe('Response<UserDto>');
    // Jackson lists a renamed property after the others, as for a source class (property-order tests).
    expect(Object.keys(schema.properties)).toEqual(['code', 'data', 'msg']);
    expect(schema.properties.code).toMatchObject({ type: 'integer', format: 'int32' });
    const user = schema.properties.data;
    expect(user.title).toBe('UserDto');
    expect(Object.keys(user.properties)).toEqual(['id', 'name', 'status', 'addresses', 'counters', 'password']);
    expect(user.properties.password.writeOnly).toBe(true);
    expect(user.properties.id).toMatchObject({ type: 'integer', format: 'int64' });
    expect(user.properties.status).toMatchObject({ type: 'string', enum: ['ACTIVE', 'LOCKED'] });
    expect(user.properties.addresses).toMatchObject({ type: 'array', items: { title: 'Address', properties: { city: { type: 'string' } } } });
    expect(user.properties.counters).toMatchObject({ type: 'object', additionalProperties: { type: 'integer', format: 'int64' } });
  });

  it('keeps a write-only property in the request and records as their components', () => {
    const body = byMember('create').request?.body?.schema as any;
    expect(Object.keys(body.properties)).toContain('password');
    const point = (byMember('create').response?.schema as any).properties.data;
    expect(point.title).toBe('Point');
    expect(point.properties).toMatchObject({ x: { type: 'number', format: 'double' }, y: { type: 'number' }, label: { type: 'string' } });
  });

  it("lists a handler inherited from the jar's base controller, typed by the subclass, and navigates to the subclass", () => {
    const list = scanner.result().endpoints.find((e) => e.path === '/points/list')!;
    expect(list.method).toBe('GET');
    expect(list.source).toEqual({ file: 'src/main/java/com/acme/admin/PointController.java', line: 7, column: expect.any(Number), member: 'list' });
    expect(list.response?.schema).toMatchObject({ type: 'array', items: { title: 'Point' } });
  });

  it("leaves another organisation's class unknown", () => {
    expect(byMember('widget').response?.schema?.['x-unresolved']).toBe(true);
  });

  it('reads generic signatures, annotations and parameter names straight from a class file', () => {
    const classes = join(tmp, 'xtool-classes');
    const file: SourceFile = { path: 'x.jar!/com/xtool/response/Response.class', lang: 'java', pkg: 'com.xtool.response', imports: [], types: [], module: '', jar: 'x.jar' };
    const decl = readClassFile(readFileSync(join(classes, 'com/xtool/response/Response.class')), file);
    expect(decl).toMatchObject({ kind: 'class', name: 'Response', fqn: 'com.xtool.response.Response', typeParams: [{ name: 'T', bounds: [] }] });
    expect(decl.fields.map((f) => [f.name, f.type.name, f.modifiers])).toEqual([
      ['code', 'int', ['private']],
      ['message', 'java.lang.String', ['private']],
      ['data', 'T', ['private']],
    ]);
    expect(decl.fields[1]!.annotations).toEqual([{ name: 'com.fasterxml.jackson.annotation.JsonProperty', args: { value: { kind: 'string', value: 'msg' } }, line: 1 }]);
    const ok = decl.methods.find((m) => m.name === 'ok')!;
    expect(ok).toMatchObject({ modifiers: ['public', 'static'], typeParams: [{ name: 'T' }], params: [{ name: 'data', type: { name: 'T' } }], returnType: { name: 'com.xtool.response.Response', args: [{ name: 'T' }] } });
    const user = readClassFile(readFileSync(join(classes, 'com/xtool/model/UserDto.class')), { ...file, types: [] });
    const password = user.fields.find((f) => f.name === 'password')!;
    expect(password.annotations[0]!.args.access).toEqual({ kind: 'name', name: 'JsonProperty.Access.WRITE_ONLY' });
    expect(user.fields.find((f) => f.name === 'cached')!.modifiers).toEqual(['private', 'transient']);
    expect(user.fields.find((f) => f.name === 'counters')!.type).toEqual({ name: 'java.util.Map', args: [{ name: 'java.lang.String', args: [], dims: 0 }, { name: 'java.lang.Long', args: [], dims: 0 }], dims: 0 });
    const status = readClassFile(readFileSync(join(classes, 'com/xtool/model/UserDto$Status.class')), { ...file, types: [] });
    expect(status).toMatchObject({ kind: 'enum', name: 'Status', fqn: 'com.xtool.model.UserDto.Status' });
    expect(status.enumConstants.map((c) => c.name)).toEqual(['ACTIVE', 'LOCKED']);
    const point = readClassFile(readFileSync(join(classes, 'com/xtool/model/Point.class')), { ...file, types: [] });
    expect(point.kind).toBe('record');
    expect(point.components.map((c) => [c.name, c.type.name])).toEqual([['x', 'double'], ['y', 'double'], ['label', 'java.lang.String']]);
  });

  it('throws on a class whose descriptor or signature ends early, rather than reading past its end', () => {
    const classes = join(tmp, 'xtool-classes');
    const file: SourceFile = { path: 'x', lang: 'java', pkg: '', imports: [], types: [], module: '' };
    const response = readFileSync(join(classes, 'com/xtool/response/Response.class'));
    /** The class with one Utf8 constant's text replaced by another of the same length. */
    const patched = (from: string, to: string) => {
      const at = response.indexOf(Buffer.from(from, 'latin1'));
      expect(at).toBeGreaterThan(0);
      const copy = Buffer.from(response);
      copy.write(to, at, 'latin1');
      return copy;
    };
    // A field descriptor whose class name has no closing `;`.
    expect(() => readClassFile(patched('Ljava/lang/String;', 'Ljava/lang/StringX'), file)).toThrow(/signature/);
    // A generic signature whose type parameter has no `:`, and one whose type variable has no `;`.
    expect(() => readClassFile(patched('<T:Ljava/lang/Object;>Ljava/lang/Object;', '<TXLjava/lang/Object>>Ljava/lang/Object>'), file)).toThrow(/signature/);
    expect(() => readClassFile(patched('()TT;', '()TTX'), file)).toThrow(/signature/);
  });

  it('scans on when a jar entry points past the end of its jar, leaving that class unknown', async () => {
    compileJar('com.brokenorg', 'bad-api', '1.0', { 'com/brokenorg/api/Dto.java': 'package com.brokenorg.api;\npublic class Dto { private int size; public int getSize() { return size; } }\n' }, ['com']);
    const jar = join(repo, 'com/brokenorg/bad-api/1.0/bad-api-1.0.jar');
    const zip = readFileSync(jar);
    // The central directory's record of Dto.class: its local header offset (at +42) now lies past the end.
    const record = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), zip.lastIndexOf(Buffer.from('com/brokenorg/api/Dto.class')));
    expect(record).toBeGreaterThan(0);
    zip.writeUInt32LE(zip.length + 1000, record + 42);
    writeFileSync(jar, zip);
    const root = join(tmp, 'broken-project');
    writeFiles(root, {
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.brokenorg</groupId><artifactId>app</artifactId><version>1</version><dependencies><dependency><groupId>com.brokenorg</groupId><artifactId>bad-api</artifactId><version>1.0</version></dependency></dependencies></project>\n',
      'src/main/java/com/brokenorg/app/DtoController.java': 'package com.brokenorg.app;\nimport com.brokenorg.api.Dto;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class DtoController {\n    @GetMapping("/dto")\n    public Dto dto() { return null; }\n}\n',
    });
    const broken = new ProjectScanner(root, { parseWorker: false });
    await broken.scan();
    const dto = broken.result().endpoints.find((e) => e.source.member === 'dto')!;
    expect(dto.path).toBe('/dto');
    expect(dto.response?.schema?.['x-unresolved']).toBe(true);
  });

  it('re-scans a pom that adds or drops the organisation jar as a fresh scan does', async () => {
    const root = join(tmp, 'rescan-project');
    const pom = PROJECT['pom.xml']!;
    const without = pom.replace(/\s*<dependency><groupId>com\.xuxueli<\/groupId>.*?<\/dependency>/, '');
    expect(without).not.toContain('xtool');
    writeFiles(root, { ...PROJECT, 'pom.xml': without });
    const rescanning = await scanned(root);
    const get = () => rescanning.result().endpoints.find((e) => e.source.member === 'get')!;
    expect(get().response?.schema?.['x-unresolved']).toBe(true);
    writeFiles(root, { 'pom.xml': pom });
    await rescanEqualsFreshScan(rescanning, root, [{ path: 'pom.xml', kind: 'changed' }]);
    expect(get().response?.schema?.properties?.data).toBeDefined();
    writeFiles(root, { 'pom.xml': without });
    await rescanEqualsFreshScan(rescanning, root, [{ path: 'pom.xml', kind: 'changed' }]);
    expect(get().response?.schema?.['x-unresolved']).toBe(true);
  });

  describe('a SNAPSHOT jar installed again with no build file changed', () => {
    /** Compiles com.xuxueli:xsnap:1.0-SNAPSHOT with `Item` holding `name` and the `extra` members. */
    const install = (extra = '') =>
      compileJar('com.xuxueli', 'xsnap', '1.0-SNAPSHOT', { 'com/xsnap/Item.java': `package com.xsnap;\npublic class Item { private String name; public String getName() { return name; }${extra} }\n` }, ['com']);
    const STOCK = ' private int stock; public int getStock() { return stock; }';
    const project = (name: string) => {
      const root = join(tmp, name);
      writeFiles(root, {
        'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.xuxueli</groupId><artifactId>snap-app</artifactId><version>1</version><dependencies><dependency><groupId>com.xuxueli</groupId><artifactId>xsnap</artifactId><version>1.0-SNAPSHOT</version></dependency></dependencies></project>\n',
        'src/main/java/app/ItemController.java': 'package app;\nimport com.xsnap.Item;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    @GetMapping("/item") public Item item() { return null; }\n}\n',
        'src/main/java/app/PlainController.java': 'package app;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class PlainController {\n    @GetMapping("/plain") public String plain() { return null; }\n}\n',
      });
      return root;
    };
    const properties = (endpoints: readonly { path: string; response?: { schema?: any } }[]) => Object.keys(endpoints.find((e) => e.path === '/item')!.response?.schema?.properties ?? {});

    it("re-reads it on the sidecar's next re-scan and recomputes only the roots that read its classes", async () => {
      install();
      const root = project('snapshot-rescan');
      const scanner = await scanned(root);
      expect(properties(scanner.result().endpoints)).toEqual(['name']);
      install(STOCK);
      // Whatever file the re-scan is told of (here the jar itself, outside the project), the jars are checked.
      const jar = join(repo, 'com/xuxueli/xsnap/1.0-SNAPSHOT/xsnap-1.0-SNAPSHOT.jar');
      const change = scanner.rescan([{ path: relative(root, jar), kind: 'changed' }]);
      expect(properties(scanner.result().endpoints)).toEqual(['name', 'stock']);
      expect(change.rootsRecomputed).toBe(1);
      expect(change.updated).toEqual([scanner.result().endpoints.find((e) => e.path === '/item')!.id]);
      expect(view(scanner.result())).toEqual(view((await scanned(root)).result()));
      // Unchanged since: nothing is recomputed.
      expect(scanner.rescan([]).rootsRecomputed).toBe(0);
      install();
      expect(scanner.rescan([]).rootsRecomputed).toBe(1);
      expect(properties(scanner.result().endpoints)).toEqual(['name']);
    });

    it('computes a stored result again', async () => {
      install();
      const root = project('snapshot-stored');
      const { cache, warnings } = storeIn(join(tmp, 'snapshot-state'));
      const scan = async () => {
        const r = await scanInThread(root, { cache, reuseResult: true });
        return { stored: r.stats.storedResult === true, properties: properties(r.endpoints) };
      };
      expect(await scan()).toEqual({ stored: false, properties: ['name'] });
      expect(await scan()).toEqual({ stored: true, properties: ['name'] });
      install(STOCK);
      expect(await scan()).toEqual({ stored: false, properties: ['name', 'stock'] });
      expect(await scan()).toEqual({ stored: true, properties: ['name', 'stock'] });
      expect(warnings).toEqual([]);
    });
  });

  /** Scans a one-controller project of `group` depending on group:artifact:1.0; the endpoint named `member`. */
  async function scanWith(name: string, group: string, dependency: [string, string], controller: string, member: string) {
    const root = join(tmp, name);
    writeFiles(root, {
      'pom.xml': `<project><modelVersion>4.0.0</modelVersion><groupId>${group}</groupId><artifactId>${name}</artifactId><version>1</version><dependencies><dependency><groupId>${dependency[0]}</groupId><artifactId>${dependency[1]}</artifactId><version>1.0</version></dependency></dependencies></project>\n`,
      'src/main/java/app/AppController.java': controller,
    });
    const scanner = await scanned(root);
    return scanner.result().endpoints.find((e) => e.source.member === member)!;
  }

  it('takes a hosting prefix (com.github.<owner>) as the organisation, not every project hosted there', async () => {
    compileJar('com.github.other', 'widgets', '1.0', { 'com/github/other/Widget.java': 'package com.github.other;\npublic class Widget { private int size; public int getSize() { return size; } }\n' }, ['com']);
    const controller = 'package app;\nimport com.github.other.Widget;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class AppController {\n    @GetMapping("/w")\n    public Widget widget() { return null; }\n}\n';
    expect((await scanWith('hosted', 'com.github.acme', ['com.github.other', 'widgets'], controller, 'widget')).response?.schema?.['x-unresolved']).toBe(true);
    // The owner's own artifact is read.
    expect((await scanWith('owned', 'com.github.other', ['com.github.other', 'widgets'], controller, 'widget')).response?.schema?.properties).toHaveProperty('size');
  });

  it("takes the organisation from the project's or its parent's groupId, never from a profile's", async () => {
    const root = join(tmp, 'profiles');
    writeFiles(root, {
      ...PROJECT,
      // No groupId of its own: the parent's is the project's. The profile's report plugin names another organisation.
      'pom.xml': PROJECT['pom.xml']!.replace(
        '<groupId>com.xuxueli</groupId>\n  <artifactId>job-admin</artifactId>',
        '<parent><groupId>com.xuxueli</groupId><artifactId>job</artifactId><version>1.0</version></parent>\n  <artifactId>job-admin</artifactId>\n  <profiles><profile><id>site</id><reporting><plugins><plugin><groupId>org.other</groupId><artifactId>other-reports</artifactId></plugin></plugins></reporting></profile></profiles>',
      ),
    });
    const endpoints = (await scanned(root)).result().endpoints;
    expect(endpoints.find((e) => e.source.member === 'widget')!.response?.schema?.['x-unresolved']).toBe(true);
    expect((endpoints.find((e) => e.source.member === 'get')!.response?.schema as any).properties.data.title).toBe('UserDto');
  });

  it("finds a transitive jar by its pom's parent: ${project.version}, ${revision}, a parent's property and a parent's managed version", async () => {
    const m2 = (group: string, artifact: string, version: string, file: string) => join(repo, ...group.split('.'), artifact, version, `${artifact}-${version}.${file}`);
    // Two versions of each transitive artifact: the newest (which a version left unread falls back to) is the wrong one.
    const jars: Array<[string, Record<string, string>]> = [];
    for (const [artifact, cls] of [['xmodel', 'Model'], ['xrev', 'Rev'], ['xprop', 'Prop'], ['xmanaged', 'Managed'], ['xstarter', 'Starter']]) {
      jars.push([m2('com.xuxueli', artifact!, '1.5', 'jar'), bean('xuxueli.' + artifact, cls!, 'right')]);
      jars.push([m2('com.xuxueli', artifact!, '9.0', 'jar'), bean('xuxueli.' + artifact, cls!, 'wrong')]);
    }
    // Managed at a version the caches do not hold (xxl-job's xxl-tool 2.5.0 beside a cached 2.4.0): the one held stands in.
    jars.push([m2('com.xuxueli', 'xstale', '2.4', 'jar'), bean('xuxueli.xstale', 'Stale', 'right')]);
    jarsAt(jars);
    writeFiles(repo, {
      'com/xuxueli/xparent/1.5/xparent-1.5.pom': '<project><groupId>com.xuxueli</groupId><artifactId>xparent</artifactId><version>1.5</version><packaging>pom</packaging><properties><revision>1.5</revision><prop.version>1.5</prop.version><managed.version>1.5</managed.version></properties><dependencyManagement><dependencies><dependency><groupId>com.xuxueli</groupId><artifactId>xmanaged</artifactId><version>${managed.version}</version></dependency></dependencies></dependencyManagement></project>\n',
      // No version of its own: the parent's. Its profile's properties are not the project's.
      'com/xuxueli/xstarter/1.5/xstarter-1.5.pom': `<project><parent><groupId>com.xuxueli</groupId><artifactId>xparent</artifactId><version>1.5</version></parent><artifactId>xstarter</artifactId><profiles><profile><id>next</id><properties><prop.version>9.0</prop.version></properties></profile></profiles><dependencies>
        <dependency><groupId>com.xuxueli</groupId><artifactId>xmodel</artifactId><version>\${project.version}</version></dependency>
        <dependency><groupId>com.xuxueli</groupId><artifactId>xrev</artifactId><version>\${revision}</version></dependency>
        <dependency><groupId>com.xuxueli</groupId><artifactId>xprop</artifactId><version>\${prop.version}</version></dependency>
        <dependency><groupId>com.xuxueli</groupId><artifactId>xmanaged</artifactId></dependency>
      </dependencies></project>\n`,
    });
    const root = join(tmp, 'parent-versions');
    // The module's versions are its parent's in the project (../pom.xml): managed there, by a property there.
    writeFiles(root, {
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.xuxueli</groupId><artifactId>root</artifactId><version>1</version><packaging>pom</packaging><modules><module>app</module></modules><properties><starter.version>1.5</starter.version></properties><dependencyManagement><dependencies><dependency><groupId>com.xuxueli</groupId><artifactId>xstarter</artifactId><version>${starter.version}</version></dependency><dependency><groupId>com.xuxueli</groupId><artifactId>xstale</artifactId><version>2.5</version></dependency></dependencies></dependencyManagement></project>\n',
      'app/pom.xml': '<project><modelVersion>4.0.0</modelVersion><parent><groupId>com.xuxueli</groupId><artifactId>root</artifactId><version>1</version></parent><artifactId>app</artifactId><dependencies><dependency><groupId>com.xuxueli</groupId><artifactId>xstarter</artifactId></dependency><dependency><groupId>com.xuxueli</groupId><artifactId>xstale</artifactId></dependency></dependencies></project>\n',
      'app/src/main/java/app/AppController.java': 'package app;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class AppController {\n    @GetMapping("/model") public com.xuxueli.xmodel.Model model() { return null; }\n    @GetMapping("/rev") public com.xuxueli.xrev.Rev rev() { return null; }\n    @GetMapping("/prop") public com.xuxueli.xprop.Prop prop() { return null; }\n    @GetMapping("/managed") public com.xuxueli.xmanaged.Managed managed() { return null; }\n    @GetMapping("/starter") public com.xuxueli.xstarter.Starter starter() { return null; }\n    @GetMapping("/stale") public com.xuxueli.xstale.Stale stale() { return null; }\n}\n',
    });
    const scanner = await scanned(root);
    const endpoints = scanner.result().endpoints;
    expect(endpoints.map((e) => [e.path, Object.keys(e.response?.schema?.properties ?? {})]).sort()).toEqual([
      ['/managed', ['right']],
      ['/model', ['right']],
      ['/prop', ['right']],
      ['/rev', ['right']],
      ['/stale', ['right']],
      ['/starter', ['right']],
    ]);
    // The parent installed again managing another version: the sidecar's next re-scan reads that one.
    const parentPom = join(repo, 'com/xuxueli/xparent/1.5/xparent-1.5.pom');
    writeFileSync(parentPom, readFileSync(parentPom, 'utf8').replace('<managed.version>1.5</managed.version>', '<managed.version>9.0</managed.version>'));
    scanner.rescan([]);
    expect(Object.keys(scanner.result().endpoints.find((e) => e.path === '/managed')!.response?.schema?.properties ?? {})).toEqual(['wrong']);
    expect(view(scanner.result())).toEqual(view((await scanned(root)).result()));
  });

  it("reads Gradle module metadata (a multiplatform module's JVM variant elsewhere, its jar's name and its dependencies, with no pom) and a SNAPSHOT's newest timestamped build", async () => {
    const gradleHome = join(tmp, 'gradle-home');
    const saved = process.env.GRADLE_USER_HOME;
    process.env.GRADLE_USER_HOME = gradleHome;
    try {
      const cached = (group: string, artifact: string, version: string, file: string) => join(gradleHome, 'caches/modules-2/files-2.1', group, artifact, version, `h${file.length}${artifact.length}`, file);
      const variants = (extra: object, dependencies: object[] = []) => ['apiElements', 'runtimeElements'].map((name, i) => ({
        name,
        attributes: { 'org.gradle.category': 'library', 'org.gradle.usage': i ? 'java-runtime' : 'java-api', 'org.jetbrains.kotlin.platform.type': 'jvm' },
        dependencies,
        ...extra,
      }));
      const module = (variants: object[]) => JSON.stringify({ formatVersion: '1.1', component: {}, variants });
      // The root module: a JS variant, and JVM variants available at api-jvm. No jar, no pom.
      writeFiles(gradleHome, {
        [relative(gradleHome, cached('com.xuxueli', 'xkmp', '1.5', 'xkmp-1.5.module'))]: module([
          { name: 'jsApiElements', attributes: { 'org.gradle.usage': 'kotlin-api', 'org.jetbrains.kotlin.platform.type': 'js' }, 'available-at': { url: '../../xkmp-js/1.5/xkmp-js-1.5.module', group: 'com.xuxueli', module: 'xkmp-js', version: '1.5' } },
          ...variants({ 'available-at': { url: '../../xkmp-jvm/1.5/xkmp-jvm-1.5.module', group: 'com.xuxueli', module: 'xkmp-jvm', version: '1.5' } }),
        ]),
        // The JVM module: its jar named by the metadata, its dependency's version required there.
        [relative(gradleHome, cached('com.xuxueli', 'xkmp-jvm', '1.5', 'xkmp-jvm-1.5.module'))]: module(
          variants({ files: [{ name: 'xkmp-jvm-1.5-all.jar', url: 'xkmp-jvm-1.5-all.jar' }] }, [{ group: 'com.xuxueli', module: 'xdep', version: { requires: '1.5' } }]),
        ),
      });
      jarsAt([
        [cached('com.xuxueli', 'xkmp-jvm', '1.5', 'xkmp-jvm-1.5-all.jar'), bean('xuxueli.kmp', 'Kmp', 'name')],
        [cached('com.xuxueli', 'xdep', '1.5', 'xdep-1.5.jar'), bean('xuxueli.dep', 'Dep', 'right')],
        [cached('com.xuxueli', 'xdep', '9.0', 'xdep-9.0.jar'), bean('xuxueli.dep', 'Dep', 'wrong')],
      ]);
      // A SNAPSHOT from a Maven repository: Gradle keeps each build under its timestamped name, in a hash folder of its own.
      const snapshot = (hash: string, stamp: string) => join(gradleHome, 'caches/modules-2/files-2.1/com.xuxueli/xsnapg/1.0-SNAPSHOT', hash, `xsnapg-1.0-${stamp}.jar`);
      jarsAt([
        [snapshot('a1', '20240105.101010-9'), bean('xuxueli.snapg', 'Snap', 'wrong')],
        [snapshot('b2', '20240106.090000-10'), bean('xuxueli.snapg', 'Snap', 'right')],
      ]);
      const root = join(tmp, 'gradle-metadata');
      writeFiles(root, {
        'build.gradle': "plugins { id 'java' }\ngroup = 'com.xuxueli'\ndependencies {\n    implementation 'com.xuxueli:xkmp:1.5'\n    implementation 'com.xuxueli:xsnapg:1.0-SNAPSHOT'\n}\n",
        'src/main/java/app/AppController.java': 'package app;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class AppController {\n    @GetMapping("/kmp") public com.xuxueli.kmp.Kmp kmp() { return null; }\n    @GetMapping("/dep") public com.xuxueli.dep.Dep dep() { return null; }\n    @GetMapping("/snap") public com.xuxueli.snapg.Snap snap() { return null; }\n}\n',
      });
      const endpoints = (await scanned(root)).result().endpoints;
      expect(endpoints.map((e) => [e.path, Object.keys(e.response?.schema?.properties ?? {})]).sort()).toEqual([
        ['/dep', ['right']],
        ['/kmp', ['name']],
        ['/snap', ['right']],
      ]);
    } finally {
      if (saved === undefined) delete process.env.GRADLE_USER_HOME;
      else process.env.GRADLE_USER_HOME = saved;
    }
  });

  it("keeps a known library type's hand-written shape over its class in an own-organisation jar", async () => {
    compileJar('com.baomidou', 'mybatis-plus-extension', '1.0', {
      'com/baomidou/mybatisplus/extension/plugins/pagination/Page.java': 'package com.baomidou.mybatisplus.extension.plugins.pagination;\npublic class Page<T> { private java.util.List<T> records; private long total; private transient Object optimizer; public java.util.List<T> getRecords() { return records; } public long getTotal() { return total; } public Object getOptimizer() { return optimizer; } }\n',
    }, ['com']);
    const controller = 'package app;\nimport com.baomidou.mybatisplus.extension.plugins.pagination.Page;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class AppController {\n    @GetMapping("/p")\n    public Page<String> page() { return null; }\n}\n';
    const page = await scanWith('samples', 'com.baomidou', ['com.baomidou', 'mybatis-plus-extension'], controller, 'page');
    expect(Object.keys(page.response?.schema?.properties ?? {})).toEqual(['records', 'total', 'size', 'current', 'pages']);
  });

  it("reads the parameter annotations of a jar's base controller: its @RequestBody and @PathVariable", async () => {
    const annotation = (name: string) => `org/springframework/web/bind/annotation/${name}.java`;
    const spring = (name: string, body: string) => `package org.springframework.web.bind.annotation;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface ${name} { ${body} }\n`;
    compileJar('com.crudbase', 'crud-base', '1.0', {
      [annotation('PostMapping')]: spring('PostMapping', 'String[] value() default {};'),
      [annotation('GetMapping')]: spring('GetMapping', 'String[] value() default {};'),
      [annotation('RequestBody')]: spring('RequestBody', 'boolean required() default true;'),
      [annotation('PathVariable')]: spring('PathVariable', 'String value() default "";'),
      'com/crudbase/web/CrudController.java': 'package com.crudbase.web;\nimport org.springframework.web.bind.annotation.*;\npublic abstract class CrudController<T> {\n    @PostMapping("/save")\n    public T save(@RequestBody T entity) { return entity; }\n    @GetMapping("/{id}")\n    public T get(@PathVariable("id") long id, String expand) { return null; }\n}\n',
    }, ['com']);
    const controller = 'package app;\nimport com.crudbase.web.CrudController;\nimport org.springframework.web.bind.annotation.*;\n@RestController\n@RequestMapping("/items")\npublic class AppController extends CrudController<AppController.Item> {\n    public static class Item { private String title; public String getTitle() { return title; } public void setTitle(String t) { title = t; } }\n}\n';
    const root = join(tmp, 'crud');
    writeFiles(root, {
      'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.crudbase</groupId><artifactId>crud-app</artifactId><version>1</version><dependencies><dependency><groupId>com.crudbase</groupId><artifactId>crud-base</artifactId><version>1.0</version></dependency></dependencies></project>\n',
      'src/main/java/app/AppController.java': controller,
    });
    const endpoints = (await scanned(root)).result().endpoints;
    const save = endpoints.find((e) => e.source.member === 'save')!;
    expect(save.path).toBe('/items/save');
    expect(save.request?.body?.schema?.properties).toHaveProperty('title');
    expect(save.request?.params).toEqual([]);
    const get = endpoints.find((e) => e.source.member === 'get')!;
    expect(get.request?.params.map((p) => [p.name, p.in])).toEqual([['id', 'path'], ['expand', 'query']]);
  });

  it('throws on bytes that are not a class file, for the caller to leave the type unknown', () => {
    const file: SourceFile = { path: 'x', lang: 'java', pkg: '', imports: [], types: [], module: '' };
    expect(() => readClassFile(Buffer.from('not a class'), file)).toThrow();
    expect(() => readClassFile(Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 61, 0, 9, 1]), file)).toThrow();
  });

  it('keeps the jars it read within its budget, least recently used out first, and reads an evicted one again', async () => {
    compileJar('com.xuxueli', 'xsecond', '1.0', { 'com/xsecond/Tag.java': 'package com.xsecond;\npublic class Tag { private String label; public String getLabel() { return label; } }\n' }, ['com']);
    const root = join(tmp, 'two-jars');
    writeFiles(root, {
      'pom.xml': PROJECT['pom.xml']!.replace('</dependencies>', '<dependency><groupId>com.xuxueli</groupId><artifactId>xsecond</artifactId><version>1.0</version></dependency>\n  </dependencies>'),
      'src/main/java/com/acme/admin/TagController.java': 'package com.acme.admin;\nimport com.xsecond.Tag;\nimport com.xtool.model.Point;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class TagController {\n    @GetMapping("/tag") public Tag tag() { return null; }\n    @GetMapping("/point") public Point point() { return null; }\n}\n',
    });
    const budget = jarCache.budget;
    try {
      jarCache.budget = 1; // room for the last jar read only
      const scan = async () => {
        const s = new ProjectScanner(root, { parseWorker: false, cache: false });
        await s.scan();
        return s.result().endpoints;
      };
      const first = await scan();
      expect(jarCache.held().jars).toHaveLength(1);
      const again = await scan();
      expect(again.find((e) => e.path === '/tag')!.response?.schema).toMatchObject({ title: 'Tag', properties: { label: { type: 'string' } } });
      expect(again.find((e) => e.path === '/point')!.response?.schema).toMatchObject({ title: 'Point' });
      expect(again).toEqual(first);
    } finally {
      jarCache.budget = budget;
    }
  });
});

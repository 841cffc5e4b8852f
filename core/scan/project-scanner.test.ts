import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { walkProject } from './files';
import { MAX_SOURCE_BYTES } from './source-files';
import { ProjectScanner } from './project-scanner';
import type { FileChange } from './project-scanner';

const J = 'src/main/java/com/acme/';

function project(files: Record<string, string>): { root: string; write: (p: string, text: string) => void; remove: (p: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-rescan-'));
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  for (const [p, t] of Object.entries(files)) write(p, t);
  return { root, write, remove: (p) => rmSync(join(root, p)) };
}

const addresses = (s: ProjectScanner) => s.endpoints.map((e) => `${e.address} ${e.className}#${e.source.member}`).sort();

/** A project of `files`, and a scanner that has scanned it. */
async function scannedProject(files: Record<string, string>): Promise<{ p: ReturnType<typeof project>; s: ProjectScanner }> {
  const p = project(files);
  const s = new ProjectScanner(p.root);
  await s.scan();
  return { p, s };
}

/** The strongest check: an incremental result is exactly what a fresh full scan gives. */
async function expectSameAsFullScan(s: ProjectScanner): Promise<void> {
  const fresh = await new ProjectScanner(s.root).scan();
  expect(s.endpoints).toEqual(fresh.endpoints);
  expect(s.diagnostics()).toEqual(fresh.diagnostics);
}

const BASE = {
  [`${J}Paths.java`]: 'package com.acme; public interface Paths { String API = "/api"; }',
  [`${J}Base.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
public abstract class Base { @GetMapping("/ping") public String ping() { return ""; } }`,
  [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping(Paths.API + "/users")
public class UserController extends Base { @GetMapping("/{id}") public String get() { return ""; } }`,
  [`${J}OrderController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/orders")
public class OrderController { @PostMapping public void create() {} }`,
  [`${J}Unrelated.java`]: 'package com.acme; public class Unrelated { void f() {} }',
};

describe('ProjectScanner.rescan', () => {
  it('follows a changed constant into the endpoints that use it, and only those', async () => {
    const { p, s } = await scannedProject(BASE);
    expect(addresses(s)).toContain('GET /api/users/{id} com.acme.UserController#get');
    p.write(`${J}Paths.java`, 'package com.acme; public interface Paths { String API = "/v2"; }');
    const r = s.rescan([{ path: `${J}Paths.java`, kind: 'changed' }]);
    expect(addresses(s)).toEqual([
      'GET /orders com.acme.OrderController#create'.replace('GET', 'POST'),
      'GET /v2/users/ping com.acme.UserController#ping',
      'GET /v2/users/{id} com.acme.UserController#get',
    ].sort());
    expect(r.rootsRecomputed).toBe(1);
    expect(r.added.length).toBe(2);
    expect(r.removed.length).toBe(2);
    await expectSameAsFullScan(s);
  });

  it('follows a changed base class into its subclasses', async () => {
    const { p, s } = await scannedProject(BASE);
    p.write(`${J}Base.java`, `package com.acme;
import org.springframework.web.bind.annotation.*;
public abstract class Base { @GetMapping("/health") public String ping() { return ""; } }`);
    s.rescan([{ path: `${J}Base.java`, kind: 'changed' }]);
    expect(addresses(s)).toContain('GET /api/users/health com.acme.UserController#ping');
    await expectSameAsFullScan(s);
  });

  it('touches nothing when an unrelated file changes', async () => {
    const { p, s } = await scannedProject(BASE);
    p.write(`${J}Unrelated.java`, 'package com.acme; public class Unrelated { void g() {} }');
    const r = s.rescan([{ path: `${J}Unrelated.java`, kind: 'changed' }]);
    expect(r.rootsRecomputed).toBe(0);
    expect([...r.added, ...r.removed, ...r.updated]).toEqual([]);
  });

  it('adds created controllers, drops deleted ones, and handles a rename as both', async () => {
    const { p, s } = await scannedProject(BASE);
    p.write(`${J}CartController.java`, `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class CartController { @DeleteMapping("/cart") public void clear() {} }`);
    let r = s.rescan([{ path: `${J}CartController.java`, kind: 'created' }]);
    expect(r.added).toEqual([expect.stringContaining('CartController#clear() DELETE /cart')]);
    p.remove(`${J}OrderController.java`);
    r = s.rescan([{ path: `${J}OrderController.java`, kind: 'deleted' }]);
    expect(r.removed).toEqual([expect.stringContaining('OrderController#create')]);
    renameSync(join(p.root, `${J}CartController.java`), join(p.root, `${J}Cart2.java`));
    const rename: FileChange[] = [
      { path: `${J}CartController.java`, kind: 'deleted' },
      { path: `${J}Cart2.java`, kind: 'created' },
    ];
    r = s.rescan(rename);
    expect(addresses(s)).toContain('DELETE /cart com.acme.CartController#clear');
    expect(s.endpoints.find((e) => e.source.member === 'clear')?.source.file).toBe(`${J}Cart2.java`);
    await expectSameAsFullScan(s);
  });

  it('recomputes endpoints that waited for a type that did not exist yet', async () => {
    const p = project({
      [`${J}ItemController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping(Routes.ITEMS) public class ItemController { @GetMapping public void list() {} }`,
    });
    const s = new ProjectScanner(p.root);
    const first = await s.scan();
    expect(first.endpoints[0]!.path).toBe('/${Routes.ITEMS}');
    p.write(`${J}Routes.java`, 'package com.acme; public final class Routes { public static final String ITEMS = "/items"; }');
    s.rescan([{ path: `${J}Routes.java`, kind: 'created' }]);
    expect(addresses(s)).toEqual(['GET /items com.acme.ItemController#list']);
    await expectSameAsFullScan(s);
  });

  it('finds a new implementation of a JAX-RS interface declared elsewhere', async () => {
    const p = project({
      [`${J}StockApi.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/stock") public interface StockApi { @GET String all(); }`,
    });
    const s = new ProjectScanner(p.root);
    expect((await s.scan()).endpoints).toEqual([]);
    p.write(`${J}StockImpl.java`, 'package com.acme; public class StockImpl implements StockApi { public String all() { return ""; } }');
    s.rescan([{ path: `${J}StockImpl.java`, kind: 'created' }]);
    expect(addresses(s)).toEqual(['GET /stock com.acme.StockImpl#all']);
    await expectSameAsFullScan(s);
  });

  it('recomputes everything when a custom stereotype is declared', async () => {
    const { p, s } = await scannedProject({
      ...BASE,
      [`${J}AdminController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@ApiController public class AdminController { @GetMapping("/admin") public void home() {} }`,
    });
    expect(addresses(s).some((a) => a.includes('AdminController'))).toBe(false);
    p.write(`${J}ApiController.java`, `package com.acme;
import org.springframework.web.bind.annotation.RestController;
@RestController public @interface ApiController {}`);
    s.rescan([{ path: `${J}ApiController.java`, kind: 'created' }]);
    expect(addresses(s)).toContain('GET /admin com.acme.AdminController#home');
    await expectSameAsFullScan(s);
  });

  it('keeps a syntax error diagnostic in step with the file', async () => {
    const { p, s } = await scannedProject(BASE);
    p.write(`${J}OrderController.java`, 'package com.acme;\n@RestController public class OrderController { void f( {');
    s.rescan([{ path: `${J}OrderController.java`, kind: 'changed' }]);
    expect(s.diagnostics().map((d) => d.file)).toEqual([`${J}OrderController.java`]);
    p.write(`${J}OrderController.java`, BASE[`${J}OrderController.java`]!);
    s.rescan([{ path: `${J}OrderController.java`, kind: 'changed' }]);
    expect(s.diagnostics()).toEqual([]);
    await expectSameAsFullScan(s);
  });
});

describe('ProjectScanner gutter queries', () => {
  it('lists the endpoints of a file by line', async () => {
    const { s } = await scannedProject(BASE);
    expect(s.endpointsInFile(`${J}UserController.java`).map((e) => [e.source.line, e.path])).toEqual([[4, '/api/users/{id}']]);
    // Inherited mappings sit at the base method, so the base file carries their icons.
    expect(s.endpointsInFile(`${J}Base.java`).map((e) => e.path)).toEqual(['/api/users/ping']);
  });

  it('re-scans the file when a clicked method is missing from the index (spec §3)', async () => {
    const { p, s } = await scannedProject(BASE);
    // The file changes behind the scanner's back (a branch switch): no change event arrives.
    p.write(`${J}OrderController.java`, `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/orders")
public class OrderController {
  @PostMapping public void create() {}
  @GetMapping("/{id}") public void get() {}
}`);
    expect(s.endpointsAt(`${J}OrderController.java`, 6).map((e) => e.address)).toEqual(['GET /orders/{id}']);
    await expectSameAsFullScan(s);
  });
});

describe('ProjectScanner.rescan with request models', () => {
  it('follows a changed DTO into every endpoint whose body or response uses it, cached schemas included', async () => {
    const { p, s } = await scannedProject({
      [`${J}UserDto.java`]: 'package com.acme; public class UserDto { private String name; }',
      [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class UserController {
  @PostMapping("/users") public UserDto create(@RequestBody UserDto body) { return body; }
  @GetMapping("/users/{id}") public UserDto get(@PathVariable long id) { return null; }
}`,
      [`${J}AdminController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class AdminController { @GetMapping("/admin/user") public UserDto user() { return null; } }`,
    });
    p.write(`${J}UserDto.java`, 'package com.acme; public class UserDto { private String name; private int age; }');
    const r = s.rescan([{ path: `${J}UserDto.java`, kind: 'changed' }]);
    expect(r.rootsRecomputed).toBe(2);
    expect(r.updated).toHaveLength(3);
    for (const e of s.endpoints) {
      const schema = e.request?.body?.schema ?? e.response?.schema;
      expect(Object.keys(schema!.properties!)).toEqual(['name', 'age']);
    }
    await expectSameAsFullScan(s);
  });

  it('follows a @JsonMixin created, changed or deleted into the bodies of its target', async () => {
    const { p, s } = await scannedProject({
      [`${J}UserDto.java`]: 'package com.acme; public class UserDto { public String name; public String password; }',
      [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class UserController { @GetMapping("/users/{id}") public UserDto get(@PathVariable long id) { return null; } }`,
    });
    const keys = () => Object.keys(s.endpoints[0]!.response!.schema!.properties!);
    expect(keys()).toEqual(['name', 'password']);
    const mixin = (ann: string) => `package com.acme.json;
import com.acme.UserDto;
@org.springframework.boot.jackson.JsonMixin(UserDto.class)
abstract class UserMixin { ${ann} String password; }`;
    p.write(`${J}json/UserMixin.java`, mixin('@com.fasterxml.jackson.annotation.JsonIgnore'));
    s.rescan([{ path: `${J}json/UserMixin.java`, kind: 'created' }]);
    expect(keys()).toEqual(['name']);
    p.write(`${J}json/UserMixin.java`, mixin('@com.fasterxml.jackson.annotation.JsonProperty("secret")'));
    s.rescan([{ path: `${J}json/UserMixin.java`, kind: 'changed' }]);
    expect(keys()).toEqual(['name', 'secret']);
    await expectSameAsFullScan(s);
    p.remove(`${J}json/UserMixin.java`);
    s.rescan([{ path: `${J}json/UserMixin.java`, kind: 'deleted' }]);
    expect(keys()).toEqual(['name', 'password']);
  });

  it('follows a mix-in registered in code, created or deleted, into the bodies of its target', async () => {
    const { p, s } = await scannedProject({
      [`${J}UserDto.java`]: 'package com.acme; public class UserDto { public String name; public String password; }',
      [`${J}UserMixin.java`]: 'package com.acme; abstract class UserMixin { @com.fasterxml.jackson.annotation.JsonIgnore String password; }',
      [`${J}UserController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class UserController { @GetMapping("/users/{id}") public UserDto get(@PathVariable long id) { return null; } }`,
    });
    const keys = () => Object.keys(s.endpoints[0]!.response!.schema!.properties!);
    expect(keys()).toEqual(['name', 'password']);
    p.write(`${J}JacksonConfig.java`, `package com.acme;
@org.springframework.context.annotation.Configuration
class JacksonConfig {
  @org.springframework.context.annotation.Bean
  org.springframework.boot.autoconfigure.jackson.Jackson2ObjectMapperBuilderCustomizer c() { return b -> b.mixIn(UserDto.class, UserMixin.class); }
}`);
    s.rescan([{ path: `${J}JacksonConfig.java`, kind: 'created' }]);
    expect(keys()).toEqual(['name']);
    await expectSameAsFullScan(s);
    p.remove(`${J}JacksonConfig.java`);
    s.rescan([{ path: `${J}JacksonConfig.java`, kind: 'deleted' }]);
    expect(keys()).toEqual(['name', 'password']);
  });

  it('follows a new type that a cached schema looked for in vain into every endpoint that reuses it', async () => {
    const { p, s } = await scannedProject({
      [`${J}OrderDto.java`]: 'package com.acme; public class OrderDto { private Address address; }',
      [`${J}AdminController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class AdminController { @GetMapping("/admin/order") public OrderDto order() { return null; } }`,
      [`${J}OrderController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class OrderController { @PostMapping("/orders") public void create(@RequestBody OrderDto body) {} }`,
    });
    // AdminController builds OrderDto's schema first; OrderController reuses it from the cache.
    p.write(`${J}Address.java`, 'package com.acme; public class Address { private String city; }');
    s.rescan([{ path: `${J}Address.java`, kind: 'created' }]);
    for (const e of s.endpoints) {
      const schema = e.request?.body?.schema ?? e.response?.schema;
      expect(Object.keys(schema!.properties!.address!.properties ?? {})).toEqual(['city']);
    }
    await expectSameAsFullScan(s);
  });
});

describe('ProjectScanner on Kotlin sources', () => {
  const K = 'src/main/kotlin/com/acme/';
  const KOTLIN = {
    [`${K}Paths.kt`]: 'package com.acme\n\nconst val API = "/api"\n',
    [`${K}UserController.kt`]: `package com.acme

import org.springframework.web.bind.annotation.*

@RestController
@RequestMapping("$API/users")
class UserController : BaseController() {
    @GetMapping("/{id}")
    suspend fun get(@PathVariable id: Long): String = "user"

    @DeleteMapping("/{id}") fun delete(@PathVariable id: Long) {}
}
`,
    [`${K}BaseController.kt`]: `package com.acme

import org.springframework.web.bind.annotation.GetMapping

abstract class BaseController {
    @GetMapping("/ping")
    fun ping() = "pong"
}
`,
  };

  it('answers the gutter query for a .kt file with the lines of the functions', async () => {
    const { s } = await scannedProject(KOTLIN);
    expect(s.endpointsInFile(`${K}UserController.kt`).map((e) => [e.source.line, e.source.column, e.address])).toEqual([
      [9, 17, 'GET /api/users/{id}'],
      [11, 33, 'DELETE /api/users/{id}'],
    ]);
    expect(s.endpointsInFile(`${K}BaseController.kt`).map((e) => [e.source.line, e.address])).toEqual([[7, 'GET /api/users/ping']]);
    expect(s.endpointsAt(`${K}UserController.kt`, 11).map((e) => e.address)).toEqual(['DELETE /api/users/{id}']);
  });

  it('re-scans a changed .kt file, and a changed Kotlin constant, as a full scan would see them', async () => {
    const { p, s } = await scannedProject(KOTLIN);
    p.write(`${K}OrderController.kt`, `package com.acme

import org.springframework.web.bind.annotation.*

@RestController
class OrderController {
    @PostMapping("$API/orders") fun create() {}
}
`);
    expect(s.endpointsAt(`${K}OrderController.kt`, 7).map((e) => e.address)).toEqual(['POST /api/orders']);
    await expectSameAsFullScan(s);
    p.write(`${K}Paths.kt`, 'package com.acme\n\nconst val API = "/v2"\n');
    const r = s.rescan([{ path: `${K}Paths.kt`, kind: 'changed' }]);
    expect(addresses(s)).toEqual([
      'DELETE /v2/users/{id} com.acme.UserController#delete',
      'GET /v2/users/ping com.acme.UserController#ping',
      'GET /v2/users/{id} com.acme.UserController#get',
      'POST /v2/orders com.acme.OrderController#create',
    ]);
    expect(r.rootsRecomputed).toBe(2);
    await expectSameAsFullScan(s);
  });

  it('resolves a top-level constant that a new file declares', async () => {
    const { p, s } = await scannedProject({
      [`${K}ReportController.kt`]: `package com.acme

import org.springframework.web.bind.annotation.*

@RestController
class ReportController {
    @GetMapping(REPORTS) fun list() = "[]"
}
`,
    });
    expect(addresses(s)).toEqual(['GET /${REPORTS} com.acme.ReportController#list']);
    p.write(`${K}Routes.kt`, 'package com.acme\n\nconst val REPORTS = "/reports"\n');
    s.rescan([{ path: `${K}Routes.kt`, kind: 'created' }]);
    expect(addresses(s)).toEqual(['GET /reports com.acme.ReportController#list']);
    await expectSameAsFullScan(s);
  });
});

describe('files the walk lists without a stat', () => {
  it('are skipped in the walk’s own words when unreadable or over the size limit', async () => {
    const { root, write } = project({
      ...BASE,
      [`${J}Big.java`]: `package com.acme; class Big { String s = "${'x'.repeat(MAX_SOURCE_BYTES)}"; }`,
      [`${J}Locked.java`]: 'package com.acme; class Locked {}',
    });
    write(`${J}Fine.java`, 'package com.acme; class Fine {}');
    chmodSync(join(root, `${J}Locked.java`), 0o000);
    chmodSync(root, 0o755);
    // As root, permission bits do not bind: drop to `nobody` for the scan so they do.
    const asRoot = process.geteuid?.() === 0;
    if (asRoot) {
      process.setegid!(65534);
      process.seteuid!(65534);
    }
    let scanned;
    let walked;
    try {
      scanned = await new ProjectScanner(root).scan();
      walked = walkProject(root, { extensions: ['.java', '.kt', '.proto'] });
    } finally {
      if (asRoot) {
        process.seteuid!(0);
        process.setegid!(0);
      }
    }
    const expected = [
      { file: `${J}Big.java`, message: 'skipped: 2.0 MB is over the 2 MB limit' },
      { file: `${J}Locked.java`, message: 'cannot read file: permission denied (EACCES)' },
    ];
    expect(walked.diagnostics).toEqual(expected);
    expect(scanned.diagnostics).toEqual(expected);
    expect(scanned.stats.filesRead).toBe(walked.files.length);
  });
});

describe('a class the scanner cannot read', () => {
  it('costs that class its endpoints, said in a diagnostic naming it, not the whole scan', async () => {
    const p = project({
      [`${J}A.java`]: 'package com.acme;\n@org.springframework.web.bind.annotation.RestController\npublic class A { @org.springframework.web.bind.annotation.GetMapping("/a") public String a() { return ""; } }\n',
      [`${J}Broken.java`]: 'package com.acme;\n@org.springframework.web.bind.annotation.RestController\npublic class Broken { @org.springframework.web.bind.annotation.GetMapping("/b") public String b() { return ""; } }\n',
    });
    // Stands for any reading that throws on a shape of code nobody foresaw.
    const create = (ProjectScanner.prototype as unknown as { createFrameworks(): { endpoints(t: { name: string }, ctx: unknown): unknown[] }[] }).createFrameworks;
    const spy = vi.spyOn(ProjectScanner.prototype as never, 'createFrameworks' as never).mockImplementation(function (this: ProjectScanner) {
      return create.call(this).map((fw) => ({
        ...fw,
        endpoints: (t: { name: string }, ctx: unknown) => {
          if (t.name === 'Broken') throw new Error('unexpected token');
          return fw.endpoints(t, ctx);
        },
      }));
    } as never);
    try {
      const result = await new ProjectScanner(p.root).scan();
      expect(result.endpoints.map((e) => e.address)).toEqual(['GET /a']);
      expect(result.diagnostics).toContainEqual({ file: `${J}Broken.java`, line: 3, message: expect.stringMatching(/^Broken: its spring-mvc endpoints could not be read \(unexpected token\)/) });
    } finally {
      spy.mockRestore();
    }
  });
});

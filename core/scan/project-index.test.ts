import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../model/endpoint';
import { describeFile, JACKSON_REGISTRATION, ProjectIndex } from './project-index';
import { CODE_PROPERTIES } from './code-properties';
import { OPENAPI_SECURITY } from './frameworks/openapi-bean-security';
import type { Expr } from './source-model';

/** An index over in-memory sources written to a temp dir (the index re-reads lazily), with their paths on disk. */
function indexOn(files: Record<string, string>): { index: ProjectIndex; diagnostics: Diagnostic[]; abs: (path: string) => string } {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-index-'));
  const diagnostics: Diagnostic[] = [];
  const index = new ProjectIndex(diagnostics);
  for (const [path, text] of Object.entries(files)) {
    const abs = join(root, path);
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    index.add(describeFile(text, path, abs, 'm', path.endsWith('.kt') ? 'kotlin' : 'java'));
  }
  return { index, diagnostics, abs: (path) => join(root, path) };
}

function indexOf(files: Record<string, string>): ProjectIndex {
  return indexOn(files).index;
}

const name = (n: string): Expr => ({ kind: 'name', name: n });

describe('describeFile', () => {
  it('finds package, declared names, supertypes (generic, multi-line) and annotation names', () => {
    const e = describeFile(
      `package a.b;\n@jakarta.ws.rs.Path("/x") @RestController\npublic class Foo<T extends Bar>\n  extends Base<Map<String, List<T>>>\n  implements I1, pkg.I2 {\n class Inner {} }`,
      'F.java', '/F.java', 'm', 'java',
    );
    expect(e.pkg).toBe('a.b');
    expect(e.declares).toEqual(['Foo', 'Inner']);
    expect(e.supers).toEqual(expect.arrayContaining(['Bar', 'Base', 'I1', 'I2']));
    expect([...e.annotations].sort()).toEqual(['Path', 'RestController']);
  });

  it('lists the supertypes of anonymous classes created without arguments, not other creations', () => {
    const e = describeFile(
      `class S { void m() {\n b.addService(new GreeterGrpc.GreeterImplBase() { });\n new Foo(x) { };\n renew Bar() {};\n new java.util.ArrayList<String>() {{ add("x"); }};\n new Baz()\n  {\n };\n new Plain();\n} }`,
      'S.java', '/S.java', 'm', 'java',
    );
    expect(e.anonymous).toEqual(['GreeterImplBase', 'ArrayList', 'Baz']);
    expect(e.supers).toEqual(expect.arrayContaining(['GreeterImplBase']));
    expect(e.creates).toBeUndefined();
    expect(describeFile('class C { Object b() { return new ServletRegistrationBean<>(s, "/api/*"); } }', 'C.java', '/C.java', 'm', 'java').creates).toEqual(['ServletRegistrationBean']);
  });

  it('finds its words in one pass as a search for each would: in keyword order, side by side, inside other words', () => {
    const e = describeFile(
      `record R(int a) {}\nenum E { A }\ninterface I {}\nclass C extends B { Object x = new Jacksonew Foo() {}; Object y = new Runnable() { };\n enum In {} class Sub implements I {} }\nclass Subclass {}`,
      'C.java', '/C.java', 'm', 'java',
    );
    // All `class ` declarations first, then `interface `, `enum `, `record `, as the searches ran.
    expect(e.declares).toEqual(['C', 'Sub', 'Subclass', 'I', 'E', 'In', 'R']);
    expect(e.anonymous).toEqual(['Runnable']);
    expect(e.creates).toBeUndefined();
    const jackson = (body: string) => describeFile(`class C { ${body} }`, 'C.java', '/C.java', 'm', 'java').creates;
    expect(jackson('void m(ObjectMapper jackson) { jackson.registerSubtypes(A.class); }')).toEqual([JACKSON_REGISTRATION]);
    expect(jackson('void m(ObjectMapper om) { om.registerSubtypes(A.class); }')).toBeUndefined();
    const k = describeFile('class K : Base() { val o = object : Api {} }\nobject Paths\ninterface I', 'K.kt', '/K.kt', 'm', 'kotlin');
    expect(k.declares).toEqual(['K', 'I', 'Paths', 'KKt']);
    expect(k.anonymous).toEqual(['Api']);
  });

  it('marks the files that may set properties or security in code, each by any of its words', () => {
    const creates = (body: string) => describeFile(`class C { void m() { ${body} } }`, 'C.java', '/C.java', 'm', 'java').creates;
    for (const word of ['SpringApplicationBuilder', 'setDefaultProperties', 'System.setProperty', 'WebServerFactory', 'EmbeddedServletContainer']) expect(creates(`${word}(x);`), word).toEqual([CODE_PROPERTIES]);
    for (const word of ['addSecuritySchemes', 'addSecurityItem', 'securitySchemes']) expect(creates(`c.${word}(x);`), word).toEqual([OPENAPI_SECURITY]);
    expect(creates('tomcat.addServlet(c, "x", s); System.setProperty("a", "b"); o.addSecurityItem(r);')).toEqual(['addServlet', CODE_PROPERTIES, OPENAPI_SECURITY]);
    expect(creates('system.setproperty(x); addsecurityitem(); setDefaultProperty(p);')).toBeUndefined();
  });

  it('marks the files naming a library gRPC service registered in code, beside a functional route', () => {
    const mentions = (body: string, lang: 'java' | 'kotlin' = 'java') => describeFile(`class C { void m() { ${body} } }`, lang === 'java' ? 'C.java' : 'C.kt', '/C', 'm', lang).mentions;
    expect(mentions('b.addService(ProtoReflectionServiceV1.newInstance());')).toEqual(['ProtoReflectionService']);
    expect(mentions('b.addService(new HealthStatusManager().getHealthService()); RouterFunction r;')).toEqual(['RouterFunction', 'HealthStatusManager']);
    expect(mentions('val s = ProtoReflectionService.newInstance()', 'kotlin')).toEqual(['ProtoReflectionService']);
    expect(mentions('b.addService(reflection); HealthStatus s;')).toBeUndefined();
  });
});

describe('describeFile on Kotlin', () => {
  it('reads the package line, the facade class, supertypes after `:`, top-level properties and annotation classes', () => {
    const e = describeFile(
      `@file:Suppress("unused")\npackage a.b\n\nimport x.Y\n\nconst val BASE = "/api"\nprivate val hidden = 1\n@RestController\nclass Foo(val s: Svc) : Base(), Api {\n  val inner = 2\n}\nannotation class Marker\nobject Paths`,
      'src/main/kotlin/a/b/routes.kt', '/r.kt', 'm', 'kotlin',
    );
    expect(e.pkg).toBe('a.b');
    expect(e.declares).toEqual(['Foo', 'Marker', 'Paths', 'RoutesKt']);
    expect(e.supers).toEqual(expect.arrayContaining(['Base', 'Api']));
    expect(e.topLevel).toEqual(['BASE', 'hidden']);
    expect(e.declaresAnnotation).toBe(true);
    expect(describeFile('@file:JvmName("Paths")\npackage a\nval x = 1', 'P.kt', '/P.kt', 'm', 'kotlin').declares).toEqual(['Paths']);
  });
});

describe('Kotlin names', () => {
  it('folds file-level, object and companion constants from Kotlin and from Java', () => {
    const index = indexOf({
      'k/Paths.kt': 'package k\n\nconst val API = "/api"\nobject Routes { const val USERS = "$API/users" }\nclass Ctl { companion object { const val ONE = "${Routes.USERS}/{id}" } }\n',
      'k/other/Use.kt': 'package k.other\n\nimport k.API as ROOT\nimport k.Routes.USERS\nimport k.*\n\nclass Use\n',
      'j/Use.java': 'package j; import static k.PathsKt.API; import k.Ctl; class Use {}',
    });
    const kt = index.typeByFqn('k.other.Use')!;
    const scope = { type: kt, file: kt.file };
    expect(index.evalString(name('ROOT'), scope)).toEqual({ value: '/api' });
    expect(index.evalString(name('USERS'), scope)).toEqual({ value: '/api/users' });
    expect(index.evalString(name('Ctl.ONE'), scope)).toEqual({ value: '/api/users/{id}' });
    expect(index.evalString(name('API'), scope)).toEqual({ value: '/api' }); // through `import k.*`
    const java = index.typeByFqn('j.Use')!;
    const jscope = { type: java, file: java.file };
    expect(index.evalString(name('API'), jscope)).toEqual({ value: '/api' });
    expect(index.evalString(name('Ctl.ONE'), jscope)).toEqual({ value: '/api/users/{id}' });
    expect(index.evalString(name('k.Routes.USERS'), jscope)).toEqual({ value: '/api/users' });
  });
});

describe('ProjectIndex recorded dependencies', () => {
  it("gives a recorded computation's dependencies to the root being tracked, and again on replay", () => {
    const index = new ProjectIndex([]);
    index.beginTracking();
    const { value, deps } = index.recorded(() => {
      index.noteFiles(['R.java']);
      index.noteMissing(['Gone']);
      return 1;
    });
    expect(value).toBe(1);
    const expected = { files: new Set(['R.java']), missing: new Set(['Gone']) };
    expect(index.endTracking()).toEqual(expected);
    index.beginTracking();
    index.replay(deps);
    expect(index.endTracking()).toEqual(expected);
  });
});

describe('ProjectIndex name resolution', () => {
  const index = indexOf({
    'a/Paths.java': 'package a; public interface Paths { String API = "/api"; String USERS = API + "/users"; interface Admin { String BASE = USERS + "/admin"; } }',
    'b/Paths.java': 'package b; public class Paths { public static final String API = "/b-api"; }',
    'c/Ctl.java': `package c;
      import b.Paths;
      import static a.Paths.Admin.BASE;
      import static a.Paths.*;
      class Ctl extends Base { static final String LOCAL = "/local"; class Inner {} }`,
    'c/Base.java': 'package c; class Base implements Consts { static final String INHERITED = PARENT + "/inh"; }',
    'c/Consts.java': 'package c; interface Consts { String PARENT = "/parent"; }',
    'd/Loop.java': 'package d; class Loop { static final String A = B + "x"; static final String B = A + "y"; }',
    'e/Wild.java': 'package e; import a.*; class Wild { static final String W = Paths.API + "/w"; }',
  });
  const ctl = index.typeByFqn('c.Ctl')!;
  const scope = { type: ctl, file: ctl.file };
  const value = (e: Expr, s = scope) => index.evalString(e, s);

  it('resolves types by import over the same simple name elsewhere', () => {
    expect(index.resolveType('Paths', scope)?.fqn).toBe('b.Paths');
    expect(index.resolveType('Inner', scope)?.fqn).toBe('c.Ctl.Inner');
    expect(index.resolveType('Base', scope)?.fqn).toBe('c.Base');
    expect(index.resolveType('a.Paths.Admin', scope)?.fqn).toBe('a.Paths.Admin');
    expect(index.resolveType('java.util.List', scope)).toBeUndefined();
  });

  it('folds constants: own, inherited through class and interface, imported, qualified, nested, chained', () => {
    expect(value(name('LOCAL'))).toEqual({ value: '/local' });
    expect(value(name('INHERITED'))).toEqual({ value: '/parent/inh' });
    expect(value(name('Paths.API'))).toEqual({ value: '/b-api' }); // b.Paths by single-type import
    expect(value(name('USERS'))).toEqual({ value: '/api/users' }); // static wildcard import of a.Paths
    expect(value(name('BASE'))).toEqual({ value: '/api/users/admin' });
    expect(value(name('a.Paths.Admin.BASE'))).toEqual({ value: '/api/users/admin' });
    expect(value({ kind: 'concat', parts: [name('LOCAL'), { kind: 'string', value: '/x' }, { kind: 'literal', value: '2' }] })).toEqual({ value: '/local/x2' });
  });

  it('resolves through on-demand imports', () => {
    const wild = index.typeByFqn('e.Wild')!;
    expect(value(name('W'), { type: wild, file: wild.file })).toEqual({ value: '/api/w' });
  });

  it('reports what cannot be folded instead of looping or inventing', () => {
    const loop = index.typeByFqn('d.Loop')!;
    expect(value(name('A'), { type: loop, file: loop.file })).toEqual({ unresolved: 'A' });
    expect(value(name('Missing.X'))).toEqual({ unresolved: 'Missing.X' });
    expect(value(name('MediaType.APPLICATION_JSON_VALUE'))).toEqual({ value: 'application/json' });
  });

  it('records the same dependencies for a name looked up again as for its first lookup (scan results depend on them)', () => {
    const lookups = () => {
      index.beginTracking();
      index.resolveType('Base', scope);
      index.resolveType('Inner', scope);
      index.resolveType('Missing', scope);
      index.resolveType('Paths', scope);
      const deps = index.endTracking();
      return { files: [...deps.files].sort(), missing: [...deps.missing].sort() };
    };
    const first = lookups();
    expect(first.files).toEqual(expect.arrayContaining(['b/Paths.java', 'c/Base.java', 'c/Ctl.java']));
    expect(first.missing).toContain('Missing');
    expect(lookups()).toEqual(first);
    index.invalidate();
    expect(lookups()).toEqual(first);
  });

  it('parses each file at most once', () => {
    const before = index.parsedCount;
    index.typeByFqn('a.Paths');
    index.typeByFqn('a.Paths.Admin');
    expect(index.parsedCount).toBe(before);
  });
});

describe('ProjectIndex lazy parses', () => {
  const fieldsOf = (index: ProjectIndex, fqn: string) => index.typeByFqn(fqn)?.fields.map((f) => f.name);

  it('reads each file whole from the text it has at its parse, one after the other (a long file, then shorter ones)', () => {
    // Over 256 KB (larger than any read buffer): read whole, its last field included.
    const many = Array.from({ length: 2_000 }, (_, i) => `  /** ${'x'.repeat(150)} */\n  private String field${i};`).join('\n');
    const { index } = indexOn({
      'a/Long.java': `package a;\npublic class Long {\n${many}\n  private String last;\n}\n`,
      'a/Short.java': 'package a;\npublic class Short { private int one; }\n',
      'a/Shorter.java': 'package a;\nclass Shorter { int two; }\n',
    });
    const long = fieldsOf(index, 'a.Long')!;
    expect(long).toHaveLength(2_001);
    expect(long.at(-1)).toBe('last');
    // Each file read alone: nothing of the longer one read before it.
    expect(fieldsOf(index, 'a.Short')).toEqual(['one']);
    expect(fieldsOf(index, 'a.Shorter')).toEqual(['two']);
  });

  it('parses the text a file has when it is parsed, not the one read before; a file gone is a diagnostic naming it', () => {
    const { index, diagnostics, abs } = indexOn({
      'a/Dto.java': 'package a;\npublic class Dto { private String before; }\n',
      'a/Gone.java': 'package a;\npublic class Gone { private String x; }\n',
    });
    writeFileSync(abs('a/Dto.java'), 'package a;\npublic class Dto { private String after; private int more; }\n');
    rmSync(abs('a/Gone.java'));
    expect(fieldsOf(index, 'a.Dto')).toEqual(['after', 'more']);
    expect(index.typeByFqn('a.Gone')).toBeUndefined();
    expect(diagnostics).toEqual([{ file: 'a/Gone.java', message: `cannot read: ENOENT: no such file or directory, open '${abs('a/Gone.java')}'` }]);
  });
});

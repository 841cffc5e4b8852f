import { describe, expect, it } from 'vitest';
import { blankMethodBodies, skeletonOf } from './skeleton';
import { parseDeclarations } from './declaration-parser';
import type { SourceFile } from '../source-model';

const kept = (src: string) => blankMethodBodies(src).replace(/\s+/g, ' ').trim();

describe('blankMethodBodies', () => {
  it('blanks method and constructor bodies but keeps every line and column', () => {
    const src = 'class A {\n  A() { x = 1; }\n  int f(int a) {\n    return a; // }\n  }\n  void g() throws IOException { h(); }\n}';
    const out = blankMethodBodies(src);
    expect(out.length).toBe(src.length);
    expect(out.split('\n').length).toBe(src.split('\n').length);
    expect(kept(src)).toBe('class A { A() { } int f(int a) { } void g() throws IOException { } }');
  });

  it('keeps an annotation array under a Javadoc that names `@throws`', () => {
    const src = 'class A {\n  /**\n   * @throws NotFoundException when absent\n   */\n  @GetMapping(\n    value = {\n      "/a",\n      "/a/**"\n    }\n  )\n  void f() throws IOException { h(); }\n}';
    expect(kept(src)).toBe('class A { /** * @throws NotFoundException when absent */ @GetMapping( value = { "/a", "/a/**" } ) void f() throws IOException { } }');
  });

  it('is not fooled by braces in strings, chars, text blocks and comments', () => {
    const src = 'class A { String s = "{"; char c = \'}\'; /* { */ void f() { g("}}}", \'{\', """\n { \n"""); } int x; }';
    expect(kept(src)).toBe('class A { String s = "{"; char c = \'}\'; /* { */ void f() { } int x; }');
  });

  it('keeps nested type bodies, records, enums, annotation arrays and array initializers', () => {
    const src = `class A {
      @RequestMapping(value = {"/a", "/b"}) void f() { body(); }
      static final String[] P = {"/x"};
      record R(int a) { R { check(); } }
      enum E { X("x") { void f() { y(); } }, Y; }
      interface I { default void d() { z(); } }
      @interface Ann { String[] value() default {}; }
      Runnable r = () -> { keep(); };
    }`;
    const out = kept(src);
    expect(out).toContain('@RequestMapping(value = {"/a", "/b"}) void f() { }');
    expect(out).toContain('P = {"/x"};');
    expect(out).toContain('record R(int a) {');
    expect(out).toContain('enum E { X("x") { }, Y; }');
    expect(out).toContain('default void d() { }');
    expect(out).toContain('default {};');
    expect(out).toContain('() -> { keep(); }');
    expect(out).not.toMatch(/body\(\)|y\(\)|z\(\)/);
  });

  it('does not take `Foo.class` in an annotation for a type declaration', () => {
    expect(kept('class A { @Schema(implementation = User.class) User get() { return u; } }')).toBe(
      'class A { @Schema(implementation = User.class) User get() { } }',
    );
  });

  it('leaves a body that swallowed the next member to the parser, but blanks anonymous classes', () => {
    const swallowed = 'class A {\n  String a() {{ return "a"; }\n  @Get("/b") public String b() { return "b"; }}\n}';
    expect(kept(swallowed)).toBe('class A { String a() {{ return "a"; } @Get("/b") public String b() { }} }');
    expect(kept('class A { Runnable r() { return new Runnable() { public void run() { go(); } }; } String privateName() { return publicX; } }')).toBe(
      'class A { Runnable r() { } String privateName() { } }',
    );
  });

  it('leaves a body that swallowed a package-private method to the parser, annotated or not', () => {
    const annotated = 'class A {\n  String a() {{ return "a"; }\n  @GetMapping(value = "/b", produces = "x)") String b() { return "b"; }}\n}';
    expect(kept(annotated)).toBe('class A { String a() {{ return "a"; } @GetMapping(value = "/b", produces = "x)") String b() { }} }');
    const generic = 'class A { void a() {{ x(); }\n @Override\n @Get List<Map<String, Integer>>[] b(int y) { return null; }} }';
    expect(kept(generic)).toContain('@Get List<Map<String, Integer>>[] b(int y) { }');
    expect(kept('class A { void a() {{ x(); } void b() { y(); }} }')).toBe('class A { void a() {{ x(); } void b() { }} }');
    // Annotated locals, `void.class` and calls stay blanked: nothing was swallowed.
    expect(kept('class A { void a() { @SuppressWarnings("unchecked") List<String> l = f(x); Class<?> c = void.class; return g(y); } }')).toBe('class A { void a() { } }');
  });

  it('keeps every line break as written (LF, CRLF, lone CR) and blanks long lines and non-ASCII text to spaces', () => {
    const long = 'x'.repeat(2500);
    for (const nl of ['\n', '\r\n', '\r']) {
      const src = `class A {${nl}  void f() {${nl}    g("é€😀");${nl}${nl}    h(${long});${nl}  }${nl}  int x;${nl}}`;
      const out = blankMethodBodies(src);
      expect(out.length).toBe(src.length);
      // The same text with every character of the body but its line breaks made a space.
      const open = src.indexOf('{', src.indexOf('f()')) + 1;
      const close = src.lastIndexOf('}', src.indexOf('int x'));
      expect(out).toBe(src.slice(0, open) + src.slice(open, close).replace(/[^\r\n]/g, ' ') + src.slice(close));
    }
  });

  it('tells a swallowed member by an access modifier as a whole word only', () => {
    expect(kept('class A { void a() { publicity(); privately = protectedness; $public(); } }')).toBe('class A { void a() { } }');
    expect(kept('class A { void a() {{ x(); }\n protected int b() { return 1; }} }')).toBe('class A { void a() {{ x(); } protected int b() { }} }');
  });

  it('leaves an unbalanced body to the parser', () => {
    const src = 'class A { void f() { if (x) { }';
    expect(blankMethodBodies(src)).toBe(src);
  });
});

describe('skeletonOf', () => {
  it('lifts package and import statements out, blanked in place', () => {
    const src = '/* (c) */\npackage a.b;\n\nimport static x.Y.*;\nimport java.util.List;\n@RestController class A { void f() { import_(); } }';
    const s = skeletonOf(src);
    expect(s.header).toEqual(['package a.b;', 'import static x.Y.*;', 'import java.util.List;']);
    expect(s.text.length).toBe(src.length);
    expect(s.text).not.toMatch(/\bimport\b|\bpackage\b/);
    expect(s.text).toContain('@RestController class A');
  });

  it('lists the bodies it blanked, and the declarations read the same passing over them at once', () => {
    const src = 'class A {\r\n  int f() {\r\n    return 1;\r\n  }\n  A() { g(); }\n  void h() throws X {\n\t// c\n  }\n  static { init(); }\n  Runnable r = () -> { run(); };\n}';
    const s = skeletonOf(src);
    expect(s.bodies.length).toBe(6); // f, A() and h: the initializer and the lambda stay
    for (let k = 0; k < s.bodies.length; k += 2) {
      const [open, close] = [s.bodies[k]!, s.bodies[k + 1]!];
      expect([s.text[open], s.text[close]]).toEqual(['{', '}']);
      expect(s.text.slice(open + 1, close)).toMatch(/^[ \r\n]*$/);
    }
    const read = (bodies?: readonly number[]) => {
      const file: SourceFile = { path: 'A.java', lang: 'java', pkg: '', imports: [], types: [], module: 'm' };
      expect(parseDeclarations(s.text, src, file, () => true, bodies)).toBe(true);
      return JSON.stringify(file, (key, value: unknown) => (key === 'file' || key === 'outer' ? undefined : value));
    };
    expect(read(s.bodies)).toBe(read());
    // a range that does not end at a `}` of this text is not taken
    expect(read([s.bodies[0]!, s.bodies[0]! + 1])).toBe(read());
  });
});

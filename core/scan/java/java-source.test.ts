import { describe, expect, it } from 'vitest';
import { parseJava, setFastJavaParser } from './java-source';
import { bailReason } from './declaration-parser';
import type { TypeDecl } from '../source-model';

const parse = (src: string) => parseJava(src, 'src/A.java', 'm').file;

describe('parseJava', () => {
  it('reads package, imports (static, wildcard) and nested types with dotted fqns', () => {
    const f = parse(`package com.acme;
      import java.util.List;
      import static com.acme.Paths.*;
      import static com.acme.Paths.API;
      import com.acme.dto.*;
      public class Outer { static class Inner { interface Deep {} } enum E { A } record R(int a) {} @interface Ann {} }`);
    expect(f.pkg).toBe('com.acme');
    expect(f.imports).toEqual([
      { name: 'java.util.List', isStatic: false, wildcard: false },
      { name: 'com.acme.Paths', isStatic: true, wildcard: true },
      { name: 'com.acme.Paths.API', isStatic: true, wildcard: false },
      { name: 'com.acme.dto', isStatic: false, wildcard: true },
    ]);
    const outer = f.types[0]!;
    expect(outer.fqn).toBe('com.acme.Outer');
    expect(outer.nested.map((n) => [n.kind, n.fqn])).toEqual([
      ['class', 'com.acme.Outer.Inner'],
      ['enum', 'com.acme.Outer.E'],
      ['record', 'com.acme.Outer.R'],
      ['annotation', 'com.acme.Outer.Ann'],
    ]);
    expect(outer.nested[0]!.nested[0]!.fqn).toBe('com.acme.Outer.Inner.Deep');
    expect(outer.nested[0]!.nested[0]!.outer).toBe(outer.nested[0]);
  });

  it('reads annotations with positional, named, array and concatenated arguments', () => {
    const f = parse(`@RequestMapping(value = {"/a", BASE + "/b"}, method = RequestMethod.GET)
      @org.x.Marker class A {}`);
    const [rm, marker] = f.types[0]!.annotations;
    expect(rm!.name).toBe('RequestMapping');
    expect(rm!.args.value).toEqual({
      kind: 'array',
      items: [
        { kind: 'string', value: '/a' },
        { kind: 'concat', parts: [{ kind: 'name', name: 'BASE' }, { kind: 'string', value: '/b' }] },
      ],
    });
    expect(rm!.args.method).toEqual({ kind: 'name', name: 'RequestMethod.GET' });
    expect(marker).toMatchObject({ name: 'org.x.Marker', args: {} });
  });

  it('unescapes string literals and reads text blocks', () => {
    const f = parse('class A { static final String X = "a\\\\d+\\t\\u0041"; static final String T = """\n    hello\n      world\n    """; }');
    expect(f.types[0]!.fields.map((x) => x.initializer)).toEqual([
      { kind: 'string', value: 'a\\d+\tA' },
      { kind: 'string', value: 'hello\n  world\n' },
    ]);
  });

  it('keeps initializers of constants only and makes interface fields constants', () => {
    const f = parse('class A { static final String C = "c"; String notConst = "x"; } interface I { String K = "k"; }');
    expect(f.types[0]!.fields.map((x) => [x.name, x.initializer !== undefined])).toEqual([
      ['C', true],
      ['notConst', false],
    ]);
    expect(f.types[1]!.fields[0]!.modifiers).toEqual(expect.arrayContaining(['public', 'static', 'final']));
    expect(f.types[1]!.fields[0]!.initializer).toEqual({ kind: 'string', value: 'k' });
  });

  it('reads methods: generics, arrays, varargs, parameters with annotations, Javadoc, position', () => {
    const f = parse(`class A {
  /** Gets things. */
  @GetMapping("/x")
  public <R> ResponseEntity<List<? extends R>>[] get(@PathVariable("id") final Long id, String... rest) { return null; }
}`);
    const m = f.types[0]!.methods[0]!;
    expect(m).toMatchObject({ name: 'get', line: 4, column: 50, doc: 'Gets things.' });
    expect(m.modifiers).toEqual(['public']);
    expect(m.typeParams).toEqual([{ name: 'R', bounds: [] }]);
    expect(m.returnType).toEqual({
      name: 'ResponseEntity',
      dims: 1,
      args: [{ name: 'List', dims: 0, args: [{ name: '?', dims: 0, args: [], bound: { kind: 'extends', type: { name: 'R', args: [], dims: 0 } } }] }],
    });
    expect(m.params.map((p) => [p.name, p.type.name, p.type.dims, p.annotations.map((a) => a.name)])).toEqual([
      ['id', 'Long', 0, ['PathVariable']],
      ['rest', 'String', 1, []],
    ]);
  });

  it('reads superclass, interfaces, type parameters and enum constants with docs', () => {
    const f = parse(`class C<T extends Number> extends Base<T> implements I, J.K {}
      enum E { /** first */ A("a"), B }`);
    const c = f.types[0]!;
    expect(c.superclass).toEqual({ name: 'Base', dims: 0, args: [{ name: 'T', args: [], dims: 0 }] });
    expect(c.interfaces.map((i) => i.name)).toEqual(['I', 'J.K']);
    expect(c.typeParams[0]).toEqual({ name: 'T', bounds: [{ name: 'Number', args: [], dims: 0 }] });
    expect(f.types[1]!.enumConstants).toEqual([
      { name: 'A', args: [{ kind: 'string', value: 'a' }], annotations: [], doc: 'first' },
      { name: 'B', args: [], annotations: [] },
    ]);
  });

  it('keeps line comments of fields and enum constants as their doc when they have no Javadoc', () => {
    const f = parse(`class A { // not a field's
  // the name
  // (as typed)
  String name;
  String nick; // the nick
  /** Javadoc wins. */
  String mail; // not this
  // detached

  String plain;
  void f() {} // about f
  String afterMethod;
  // private String old;
  String afterCode;
  int x, y; // both
}
enum E {
  // first
  A(1), // not this
  B(2), // second
  C(3); // third
  private final int v;
}`);
    expect(f.types[0]!.fields.map((x) => [x.name, x.doc])).toEqual([
      ['name', 'the name\n(as typed)'],
      ['nick', 'the nick'],
      ['mail', 'Javadoc wins.'],
      ['plain', undefined],
      ['afterMethod', undefined],
      ['afterCode', undefined],
      ['x', 'both'],
      ['y', 'both'],
    ]);
    expect(f.types[1]!.enumConstants.map((c) => [c.name, c.doc])).toEqual([
      ['A', 'first'],
      ['B', 'second'],
      ['C', 'third'],
    ]);
    expect(f.types[1]!.fields[0]!.doc).toBeUndefined();
  });

  it('keeps the parameter lists of constructors (not their bodies)', () => {
    const f = parse(`enum S { A(1, "a"); S(int code, String label) { this.code = code; } S() { this(0, ""); } }
      record R(int a) { R { } R(String s) { this(1); } }`);
    expect(f.types[0]!.constructors.map((c) => c.map((p) => [p.name, p.type.name]))).toEqual([
      [
        ['code', 'int'],
        ['label', 'String'],
      ],
      [],
    ]);
    expect(f.types[0]!.methods).toEqual([]);
    expect(f.types[1]!.constructors.map((c) => c.map((p) => p.name))).toEqual([['s']]);
  });

  it('reports the first syntax error line and still returns what it read', () => {
    const { file, errorLine } = parseJava('package p;\nclass Good {}\nclass Bad { void f( {\n}', 'B.java', 'm');
    expect(errorLine).toBeGreaterThanOrEqual(2);
    expect(file.types.map((t) => t.name)).toContain('Good');
  });

  it('parses inputs over 32 KiB (the binding needs an explicit buffer size)', () => {
    const fields = Array.from({ length: 2000 }, (_, i) => `  static final String F${i} = "value-${i}";`).join('\n');
    const { file, errorLine } = parseJava(`class Big {\n${fields}\n}`, 'Big.java', 'm');
    expect(errorLine).toBeUndefined();
    expect(file.types[0]!.fields).toHaveLength(2000);
  });

  /** Runs `check` on the tree-sitter path, then on the declaration parser (which must not give up). */
  function bothPaths(src: string, check: (a: TypeDecl) => void): void {
    for (const fast of [false, true]) {
      setFastJavaParser(fast);
      try {
        const a = parse(src).types[0]!;
        if (fast) expect(bailReason).toBe('');
        check(a);
      } finally {
        setFastJavaParser(true);
      }
    }
  }
  const field = (a: TypeDecl, name: string) => a.fields.find((f) => f.name === name)!;

  it("records a serializer's generator calls (code only, not comments or strings), on both paths", () => {
    const src = 'class S { public void serialize(Long v, JsonGenerator gen, SerializerProvider p) { if (v == null) { gen.writeNull(); return; } /* gen.writeNumber(v) */ gen.writeString("gen.writeBoolean(" + v); gen.writeString("x"); } void other(JsonGenerator gen) { gen.writeNumber(1); } }';
    bothPaths(src, (a) => {
      expect(a.methods.map((m) => [m.name, m.writes])).toEqual([['serialize', ['writeNull', 'writeString']], ['other', undefined]]);
    });
  });

  it('reads the literals null, true and false as written, on both paths', () => {
    bothPaths('class A { static final String NONE = null, YES = "a" + null; @Ann(flag = true, off = false) String note; }', (a) => {
      expect(field(a, 'NONE').initializer).toEqual({ kind: 'literal', value: 'null' });
      expect(field(a, 'YES').initializer).toEqual({ kind: 'concat', parts: [{ kind: 'string', value: 'a' }, { kind: 'literal', value: 'null' }] });
      expect(field(a, 'note').annotations[0]!.args).toEqual({ flag: { kind: 'literal', value: 'true' }, off: { kind: 'literal', value: 'false' } });
    });
  });

  it("keeps an instance field's constant initializer as its default, and no other initializer, on both paths", () => {
    bothPaths('class A { static String S = "s"; Integer pageNo = PAGE_NO, size = 10; String sort = P + "_at"; Boolean on = true; String none = null; java.util.List<String> l = new java.util.ArrayList<>(); long t = now(); int[] a = {1}; }', (a) => {
      expect(a.fields.map((f) => [f.name, f.defaultValue, f.initializer])).toEqual([
        ['S', undefined, undefined],
        ['pageNo', { kind: 'name', name: 'PAGE_NO' }, undefined],
        ['size', { kind: 'literal', value: '10' }, undefined],
        ['sort', { kind: 'concat', parts: [{ kind: 'name', name: 'P' }, { kind: 'string', value: '_at' }] }, undefined],
        ['on', { kind: 'literal', value: 'true' }, undefined],
        ['none', undefined, undefined],
        ['l', undefined, undefined],
        ['t', undefined, undefined],
        ['a', undefined, undefined],
      ]);
    });
  });

  it('reads a 100,000-term string concatenation as an unknown value, not a stack overflow, and the rest of the class as usual', () => {
    const src = `class A {\n  String s = ${'"abcdefgh" + '.repeat(100_000)}"";\n  @GetMapping("/a") String a() { return s; }\n}`;
    for (const fast of [false, true]) {
      setFastJavaParser(fast);
      try {
        const a = parse(src).types[0]!;
        expect(a.methods.map((m) => m.name)).toEqual(['a']);
        expect(field(a, 's').initializer).not.toMatchObject({ kind: 'string' });
      } finally {
        setFastJavaParser(true);
      }
    }
  });

  it('folds a 1,000-term constant concatenation, just inside the depth the tree keeps', () => {
    bothPaths(`class A { static final String P = ${'"a" + '.repeat(999)}"a"; }`, (a) => {
      const init = field(a, 'P').initializer;
      expect(init).toMatchObject({ kind: 'concat' });
      expect(JSON.stringify(init).match(/"value":"a"/g)).toHaveLength(1000);
    });
  });

  it('reads the bound of `? super T`, on both paths', () => {
    bothPaths('class A { List<? super Item> sink; Map<String, ? extends Number> up; }', (a) => {
      expect(field(a, 'sink').type).toEqual({ name: 'List', args: [{ name: '?', args: [], dims: 0, bound: { kind: 'super', type: { name: 'Item', args: [], dims: 0 } } }], dims: 0 });
      expect(field(a, 'up').type.args[1]).toEqual({ name: '?', args: [], dims: 0, bound: { kind: 'extends', type: { name: 'Number', args: [], dims: 0 } } });
    });
  });

  it('leaves type-use annotations out of a qualified type name, on both paths', () => {
    const src = `class A {
  java.util.@Nullable List<String> maybe;
  @Valid com.acme.@NotNull Item item;
  java.util.Map.@Size(max = 3, message = "a ) b") Entry<K, V> entry;
}`;
    bothPaths(src, (a) => {
      expect(field(a, 'maybe').type).toEqual({ name: 'java.util.List', args: [{ name: 'String', args: [], dims: 0 }], dims: 0 });
      expect(field(a, 'item').type).toEqual({ name: 'com.acme.Item', args: [], dims: 0 });
      expect(field(a, 'entry').type.name).toBe('java.util.Map.Entry');
    });
  });
  it('reads a type-use annotation before a variable arity (`String @Nullable ... names`), which tree-sitter-java rejects, on both paths', () => {
    const src = `class A {
  static String joined(String @Nullable ... names) { return String.join(",", names); }
  void tagged(int n, java.lang.@A.B(x = "y") Object @Nullable @C ...rest) {}
  int after;
}`;
    bothPaths(src, (a) => {
      expect(a.methods.find((x) => x.name === 'joined')!.params).toEqual([{ name: 'names', type: { name: 'String', args: [], dims: 1 }, annotations: [] }]);
      expect(a.methods.find((x) => x.name === 'tagged')!.params.map((p) => [p.name, p.type.name, p.type.dims])).toEqual([['n', 'int', 0], ['rest', 'java.lang.Object', 1]]);
      expect(field(a, 'after').type.name).toBe('int');
    });
    expect(parseJava(src, 'A.java', '').errorLine).toBeUndefined();
  });
});

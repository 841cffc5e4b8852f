import { describe, expect, it } from 'vitest';
import { kotlinSkeletonOf } from './skeleton';

const kept = (src: string) => kotlinSkeletonOf(src).text.replace(/\s+/g, ' ').trim();

describe('kotlinSkeletonOf', () => {
  it('blanks function, accessor, init and secondary constructor bodies, keeping every line and column', () => {
    const src = [
      'class A(val x: Int) : B() {',
      '  init { check(x > 0) }',
      '  constructor(s: String) : this(s.length) { log(s) }',
      '  val y: Int',
      '    get() { return x * 2 }',
      '  fun f(a: Int): Map<String, Int> {',
      '    return mapOf("a" to a)',
      '  }',
      '  suspend fun g() = coroutineScope { 1 }',
      '}',
    ].join('\n');
    const out = kotlinSkeletonOf(src).text;
    expect(out.length).toBe(src.length);
    expect(out.split('\n').length).toBe(src.split('\n').length);
    expect(kept(src)).toBe('class A(val x: Int) : B() { init { } constructor(s: String) : this(s.length) { } val y: Int get() { } fun f(a: Int): Map<String, Int> { } suspend fun g() = coroutineScope { } }');
  });

  it('keeps class, object, companion, interface and enum bodies', () => {
    const src = 'object O { val a = 1\n}\nclass C {\n companion object { const val X = "x"\n }\n interface I { fun f(): Int\n }\n enum class E { A, B\n }\n}';
    expect(kept(src)).toBe(src.replace(/\s+/g, ' '));
  });

  it('is not fooled by braces in templates, raw strings, chars, backquoted names and nested comments', () => {
    const src = 'class A {\n  fun f() { val s = "${m["}"]}}" + """{${"{"}""" + \'}\'; /* /* } */ } */ g() }\n  fun `a } b`() {}\n  val k = 1\n}';
    expect(kept(src)).toBe('class A { fun f() { } fun `a } b`() {} val k = 1 }');
  });

  it('lifts package and import lines out and hands comments over by position', () => {
    const src = 'package a.b // the package\n\nimport c.D\nimport e.F as G\n\n/** Doc. */\nclass X // trailing\n';
    const { text, header, comments } = kotlinSkeletonOf(src);
    expect(header).toEqual(['package a.b', 'import c.D', 'import e.F as G']);
    // A comment on a header line goes with the line.
    expect(comments.map((c) => [c.text, src.slice(c.start, c.end)])).toEqual([
      ['/** Doc. */', '/** Doc. */'],
      ['// trailing', '// trailing'],
    ]);
    // The declarations are wrapped in a class opened in the first blanked header line.
    expect(text.replace(/\s+/g, ' ')).toBe('class _{ class X }');
    expect(text.slice(0, src.length).split('\n').map((l) => l.length)).toEqual(src.split('\n').map((l) => l.length));
    expect(text.indexOf('class X')).toBe(src.indexOf('class X'));
  });

  it('ends a member closed on its own line with `;`, drops trailing commas in arrays, reads `fun interface` as `interface`', () => {
    expect(kotlinSkeletonOf('class C { companion object { const val A = "a" } }').text).toBe('class C { companion object { const val A = "a";};}');
    expect(kotlinSkeletonOf('class C { fun f() {} }').text).toBe('class C { fun f() {};}');
    expect(kotlinSkeletonOf('class C {\n  val a = 1\n}').text).toBe('class C {\n  val a = 1\n}');
    expect(kotlinSkeletonOf('fun interface P { fun f() }').text).toBe('    interface P { fun f();}');
    expect(kotlinSkeletonOf('@A(v = [B(c = 1), D(),\n])\nfun f() {}').text).toBe('@A(v = [B(c = 1), D() \n])\nfun f() {}');
    expect(kotlinSkeletonOf('class A<T,>(val t: Map<String, List<Int>,>?)').text).toBe('class A<T >(val t: Map<String, List<Int> >?)');
  });
});

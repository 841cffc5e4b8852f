// The tricky constructs one by one: each is read by the hand-written parser (not left to
// tree-sitter) and gives exactly the SourceFile the tree-sitter path gives.

import { describe, expect, it } from 'vitest';
import { compareJava } from '../../../test/scan/java-parse-diff';
import { parseJava } from './java-source';

/** Read fast, and the same as tree-sitter reads it. */
function same(src: string): void {
  expect(compareJava(src, 'src/A.java')).toEqual({ kind: 'same' });
}

/** Left to tree-sitter, whose reading stands. */
function bails(src: string): void {
  expect(compareJava(src, 'src/A.java').kind).toBe('bail');
}

describe('declaration parser', () => {
  it('annotation values of every kind', () => {
    same(`package p;
@RequestMapping(value = {"/a", Paths.B + "/c", BASE + '/' + 1}, method = RequestMethod.GET, produces = MediaType.APPLICATION_JSON_VALUE)
@Ann(i = -1, l = 10_000L, h = 0xFFL, f = 1.5f, d = 2e-3, c = '\\n', b = true, n = null, o = 017, bin = 0b1010)
@Cls(type = String[].class, other = int.class, scoped = java.util.Map.Entry.class, v = void.class)
@Nested(inner = @Inner(name = "x", values = {@V(1), @V(2)}), empty = {}, trailing = {"a",})
@Single("only") @Marker @a.b.Qualified(("paren") + "x")
@Other(ops = 1 + 2 * 3, call = foo(1), ternary = a ? b : c, field = this.x, neg = -(a + b), not = !flag, arr = X[0], cast = (int) 1L)
class A {}`);
  });

  it('text blocks, escapes and comments inside annotations', () => {
    same(`class A {
  @Doc(/* lead */ value = """
      Line one
        indented \\"""
      end""", /* between */ other = "tab\\there\\u0041\\101" // trailing
  )
  void f() {}
  @Q(value = "a" /* in */ + "b", x = { /* empty */ })
  int g;
}`);
  });

  it('generics: wildcards, nested >> and >>>, bounds, generic methods', () => {
    same(`import java.util.*;
class A<T extends Comparable<? super T> & java.io.Serializable, @Ann U> extends Base<Map<String, List<T>>> implements I<T>, J {
  Map<String, Map<String, List<Integer>>> deep;
  List<? extends Number> up; List<?> any; List<@Valid Item> annotated;
  Outer<String>.Inner<Integer> scoped;
  java.util.Map.Entry<K, V> entry;
  public <R extends Map<String, List<R>>> R convert(Class<? extends R> c, List<? super R>... rest) { }
  static final int SHIFT = 1 >> 2 >>> 3 << 4, CMP = A > B ? 1 : 0;
  static final boolean GE = X >= Y && !(Z <= W);
}`);
  });

  it('null, `? super T` and type-use annotations inside qualified names', () => {
    same(`class A {
  static final String NONE = null, YES = "a" + null;
  List<? super Item> sink; Comparator<@A ? super @B T> cmp;
  java.util.@Nullable List<String> maybe;
  java.util.Map.@Size(max = 3, message = "a ) b") @Other Entry<K, V> entry;
  java.util.@Nullable Map<String, ? super a.b.@C D> both;
  <T> void f(java.util.@NotNull List<? super T> sink, Outer<String>.@A Inner inner) { }
}`);
  });

  it('arrays, multiple declarators and varargs', () => {
    same(`class A {
  int[] a[], b, c[][] = {{1}, {2, 3}};
  static final String[] NAMES = {"a", "b"}, MORE = new String[]{"c"};
  String[] m(int x[], String... rest)[] { }
  A(final @NotNull byte[]... bytes) { }
}`);
  });

  it('records, compact constructors left blank, interfaces and constants', () => {
    same(`public record Point<T>(@JsonProperty("x") int x, T y, String... tags) implements Shape, Comparable<Point<T>> {
  public Point { }
  static final Point<String> ORIGIN = new Point<>(0, "0");
  public record Inner(int a) {}
}
interface Api extends A, B<C> {
  String BASE = "/api";
  int VERSION = 2, NEXT = VERSION + 1;
  default String path() { }
  static void util() { }
  <T> T get(Class<T> c) throws java.io.IOException, IllegalStateException;
}`);
  });

  it('enum constants with arguments, bodies and docs', () => {
    same(`enum Status implements Coded {
  /** Active one. */
  ACTIVE("a", 1) {
    @Override public String code() { }
  },
  // the old one
  INACTIVE("i", -2), // trailing
  @Deprecated GONE,
  ;
  private final String code;
  Status(String code, int n) { }
  public String code() { }
}
enum Empty { }
enum Only { A, B, }`);
  });

  it('annotation types with defaults', () => {
    same(`public @interface Mapping {
  String[] value() default {};
  String name() default "x" + "y";
  int[] codes() default {200, 404};
  Class<?> type() default Void.class;
  Kind kind() default Kind.A;
  Inner inner() default @Inner(1);
  String CONST = "c";
  enum Kind { A, B }
  @interface Inner { int value(); }
}`);
  });

  it('nested types, anonymous classes and lambdas in initializers', () => {
    same(`package a.b;
/** Outer doc. */
public final class Outer {
  /** Nested doc. */
  public static class Inner<T> { private T value; }
  private interface Local { void run(); }
  private final Runnable r = () -> { };
  private final Function<String, Integer> f = s -> s.length();
  private final Comparator<String> c = (x, y) -> x.compareTo(y);
  private final Object anon = new Object() { };
  private static final Supplier<List<String>> S = ArrayList::new;
  sealed interface Shape permits Circle, Square { }
  non-sealed class Square implements Shape { }
}`);
  });

  it('unicode identifiers and column counting', () => {
    same(`package p;
class Größe {
  String naïve; int 変数 = 1;
  /** Doc */ void ärger(String ß) { }
}`);
  });

  it('member docs: javadoc, // runs above and trailing comments', () => {
    same(`class A {
  // first line
  // second line
  private int a; // not this one, a has a leading doc

  private int b; // trailing doc of b
  /* plain block */
  /** javadoc of c */
  /* another */
  private int c;
  // TODO: marker lines describe nothing
  private int d;

  // detached

  private int e;
  void f() { } // after code
  private int g;
}`);
  });

  it('throws and body facts come from the real text', () => {
    const src = `class A {
  ResponseEntity<String> f() throws java.io.IOException, Bad<X> {
    if (x) throw new NotFound("x");
    return ResponseEntity.status(HttpStatus.CREATED).body("");
  }
}`;
    same(src);
    const m = parseJava(src, 'A.java', 'm').file.types[0]!.methods[0]!;
    expect(m.thrown).toEqual(['java.io.IOException', 'Bad', 'NotFound']);
    expect(m.statuses).toEqual(['201']);
  });

  it('annotated package declarations and top-level docs', () => {
    same(`/** Package doc. */
@NonNullApi
package com.acme;`);
    same(`package p;
/** not this */
/* nor this */
// skipped
/** Type doc. */
@Service class A {};
class B {}`);
  });

  it('leaves to tree-sitter what it does not read in full', () => {
    bails('class A { void f( { } }'); // syntax error
    bails('class A { static { MAP.put("a", 1) } }'); // an initializer tree-sitter reads with an error
    bails('class A {\n  void a() {{ x(); }\n  public void b() { }\n}'); // a body that swallowed a member
    bails('class A { static final String S = switch (x) { default -> "a"; }; }');
    bails('class A { int x = (a) + b; }'); // cast or sum: tree-sitter decides
    bails('module m { requires x; }');
  });

  it('blocks the skeleton keeps: initializers, compact constructors, lambdas, a body the skeleton misjudged', () => {
    same(`enum Kind {
  A, B;
  private static final Map<String, Kind> BY_NAME = new HashMap<>();
  static { for (Kind k : values()) { BY_NAME.put(k.name(), k); } }
  { int x = 1; }
}`);
    same('record R(int a) { R { if (a < 0) throw new IllegalArgumentException("a"); } }');
    same('class A { private final Runnable r = () -> { System.out.println("x"); }; }');
    same('class A { private final Cache c = builder().removalListener((RemovalListener<String, Map<String, Object>>) n -> { log.warn("x"); }).build(); }');
    // the doc names a class, so the skeleton keeps this body: its facts still come from it
    same(`class A {
  /** Returns the class a locator returns. */
  @GetMapping("/x") public ResponseEntity<Void> f() { return ResponseEntity.noContent().build(); }
}`);
  });

  it('a file cut at the declaration budget', () => {
    const fields = Array.from({ length: 10_050 }, (_, i) => `  private int f${i};`).join('\n');
    same(`class Big {\n${fields}\n  @GetMapping("/late") String late() { }\n}`);
    expect(parseJava(`class Big {\n${fields}\n}`, 'Big.java', 'm').file.cutAtLine).toBeGreaterThan(9000);
  });

  it('names that are keys of every object, and every operator', () => {
    // `constructor` and `toString` as words were once looked up as an object's keys, and found its prototype
    same('class constructor { constructor() {} toString toString; valueOf<String> hasOwnProperty() { } }');
    same(`class A {
  static final boolean B = a == b || c != d && e <= f && g >= h && !i && j < k && l > m, C = ~x + -y - --z + ++w;
  static final int S = 1 << 2 >> 3 >>> 4 & 5 | 6 ^ 7 % 8 * 9 / 10, T = x ? y : z;
  static final Function<String, Integer> F = String::length, G = s -> s.length();
  void f(String... rest) { }
}`);
    // compound assignments are read as one token each, and left to tree-sitter
    for (const op of ['+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '<<=']) {
      expect(compareJava(`class A { static final int X = (a ${op} 1); }`, 'src/A.java')).toEqual({ kind: 'bail', reason: 'assignment' });
    }
  });

  it('a file with a syntax error keeps the tree-sitter error line', () => {
    const { errorLine } = parseJava('package p;\nclass Good {}\nclass Bad { void f( {\n}', 'B.java', 'm');
    expect(errorLine).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import type { TypeDecl, TypeRef } from '../source-model';
import { parseKotlin } from './kotlin-source';

function parse(text: string, path = 'src/main/kotlin/a/Api.kt') {
  return parseKotlin(text, path, 'm');
}

function type(text: string, name: string): TypeDecl {
  const all: TypeDecl[] = [];
  const visit = (t: TypeDecl) => {
    all.push(t);
    t.nested.forEach(visit);
  };
  parse(text).file.types.forEach(visit);
  const t = all.find((x) => x.name === name);
  if (!t) throw new Error(`no type ${name}: ${all.map((x) => x.name).join(', ')}`);
  return t;
}

const ref = (name: string, args: TypeRef[] = [], dims = 0, nullable?: boolean): TypeRef => (nullable ? { name, args, dims, nullable } : { name, args, dims });

describe('parseKotlin', () => {
  it('reads package, imports with aliases and declaration kinds', () => {
    const { file, errorLine } = parse(`package a.b

import c.D
import e.*
import f.G as H

interface I
enum class E { X }
annotation class Ann
object O
data class R(val a: Int)
abstract class S
`);
    expect(errorLine).toBeUndefined();
    expect(file.pkg).toBe('a.b');
    expect(file.imports).toEqual([
      { name: 'c.D', isStatic: false, wildcard: false },
      { name: 'e', isStatic: false, wildcard: true },
      { name: 'f.G', isStatic: false, wildcard: false, alias: 'H' },
    ]);
    expect(file.types.map((t) => [t.kind, t.fqn, t.modifiers])).toEqual([
      ['interface', 'a.b.I', []],
      ['enum', 'a.b.E', ['enum']],
      ['annotation', 'a.b.Ann', ['annotation']],
      ['object', 'a.b.O', []],
      ['class', 'a.b.R', ['data']],
      ['class', 'a.b.S', ['abstract']],
    ]);
  });

  it('takes the supertype written with a constructor call as the superclass', () => {
    const t = type('class C : FooGrpcKt.FooCoroutineImplBase(), Api<String>, Closeable', 'C');
    expect(t.superclass).toEqual(ref('FooGrpcKt.FooCoroutineImplBase'));
    expect(t.interfaces).toEqual([ref('Api', [ref('String')]), ref('Closeable')]);
    expect(type('interface J : I, K', 'J').interfaces).toEqual([ref('I'), ref('K')]);
  });

  it('maps Kotlin types to the JVM types, boxing type arguments and nullable values', () => {
    const t = type(`class T(
  val a: Int, val b: Int?, val c: List<Int>, val d: Array<String>, val e: IntArray,
  val f: MutableMap<String, Set<Long>>, val g: Any, val h: kotlin.String, val i: Array<out Number>?,
  val j: List<*>, val k: Result
)
class Result`, 'T');
    expect(Object.fromEntries(t.fields.map((f) => [f.name, f.type]))).toEqual({
      a: ref('int'),
      b: ref('Integer', [], 0, true),
      c: ref('java.util.List', [ref('Integer')]),
      d: ref('String', [], 1),
      e: ref('int', [], 1),
      f: ref('java.util.Map', [ref('String'), ref('java.util.Set', [ref('Long')])]),
      g: ref('Object'),
      h: ref('String'),
      i: ref('Number', [], 1, true),
      j: ref('java.util.List', [ref('?')]),
      k: ref('Result'),
    });
  });

  it('makes constructor properties fields, with required, default, KDoc and use-site targets', () => {
    const t = type(`/**
 * A user.
 * @property name the login name
 */
data class User(
    /** The id. */
    val id: Long,
    @field:NotBlank @get:JsonProperty("login") @param:JsonAlias("n") val name: String,
    var tags: List<String> = emptyList(), // labels
    private val secret: String?,
    plain: Int,
)`, 'User');
    expect(t.doc).toBe('A user.\n@property name the login name');
    expect(t.fields.map((f) => [f.name, f.modifiers, f.required ?? false, f.defaultValue?.kind ?? '-', f.doc ?? '-'])).toEqual([
      ['id', ['public', 'final'], true, '-', 'The id.'],
      ['name', ['public', 'final'], true, '-', 'the login name'],
      ['tags', ['public'], false, 'other', 'labels'],
      ['secret', ['private', 'final'], false, '-', '-'],
    ]);
    expect(t.fields[1]!.annotations.map((a) => [a.target, a.name, a.args])).toEqual([
      ['field', 'NotBlank', {}],
      ['get', 'JsonProperty', { value: { kind: 'string', value: 'login' } }],
      ['param', 'JsonAlias', { value: { kind: 'string', value: 'n' } }],
    ]);
    expect(t.constructors[0]!.map((p) => [p.name, p.optional ?? false])).toEqual([
      ['id', false],
      ['name', false],
      ['tags', true],
      ['secret', true],
      ['plain', false],
    ]);
  });

  it('puts top-level declarations in the file facade and companion constants on their class', () => {
    const { file } = parse(`package a
const val BASE = "/api"
class C { companion object Paths { const val X = "$BASE/x"; private const val Y = "\${BASE}/y" + X } }
`, 'src/main/kotlin/a/api-paths.kt');
    const facade = file.types.find((t) => t.facade)!;
    expect([facade.name, facade.fqn]).toEqual(['Api_pathsKt', 'a.Api_pathsKt']);
    expect(facade.fields.map((f) => [f.name, f.modifiers, f.initializer])).toEqual([['BASE', ['public', 'const', 'final', 'static'], { kind: 'string', value: '/api' }]]);
    const c = file.types.find((t) => t.name === 'C')!;
    expect(c.nested.map((n) => [n.kind, n.name])).toEqual([['object', 'Paths']]);
    expect(c.fields.map((f) => [f.name, f.initializer])).toEqual([
      ['X', { kind: 'concat', parts: [{ kind: 'name', name: 'BASE' }, { kind: 'string', value: '/x' }] }],
      ['Y', { kind: 'concat', parts: [{ kind: 'name', name: 'BASE' }, { kind: 'string', value: '/y' }, { kind: 'name', name: 'X' }] }],
    ]);
    expect(parse('@file:JvmName("Routes")\npackage a\nval x = 1\n').file.types[0]!.name).toBe('Routes');
  });

  it('reads annotation arguments: arrays, arrayOf, varargs, enums, class literals and nested annotations', () => {
    const m = type(`class C {
  @RequestMapping(value = ["/a", "/b"], method = arrayOf(RequestMethod.GET), produces = [MediaType.APPLICATION_JSON_VALUE])
  @GetMapping("/x", "/y")
  @JsonSubTypes(JsonSubTypes.Type(value = A::class, name = "a"), JsonSubTypes.Type(B::class.java))
  @Size(min = -1, max = 0x10)
  @JsonDeserialize(\`as\` = D::class)
  fun f() {}
}`, 'C').methods[0]!;
    expect(m.annotations.map((a) => [a.name, a.args])).toEqual([
      ['RequestMapping', {
        value: { kind: 'array', items: [{ kind: 'string', value: '/a' }, { kind: 'string', value: '/b' }] },
        method: { kind: 'array', items: [{ kind: 'name', name: 'RequestMethod.GET' }] },
        produces: { kind: 'array', items: [{ kind: 'name', name: 'MediaType.APPLICATION_JSON_VALUE' }] },
      }],
      ['GetMapping', { value: { kind: 'array', items: [{ kind: 'string', value: '/x' }, { kind: 'string', value: '/y' }] } }],
      ['JsonSubTypes', {
        value: { kind: 'array', items: [
          { kind: 'annotation', annotation: { name: 'JsonSubTypes.Type', args: { value: { kind: 'class', type: ref('A') }, name: { kind: 'string', value: 'a' } }, line: 4 } },
          { kind: 'annotation', annotation: { name: 'JsonSubTypes.Type', args: { value: { kind: 'class', type: ref('B') } }, line: 4 } },
        ] },
      }],
      ['Size', { min: { kind: 'literal', value: '-1' }, max: { kind: 'literal', value: '16' } }],
      // A keyword escaped as a name is the attribute's name.
      ['JsonDeserialize', { as: { kind: 'class', type: ref('D') } }],
    ]);
  });

  it('reads functions: modifiers, parameters with defaults and varargs, return types, KDoc, positions', () => {
    const t = type(`class C {
    /** Gets one. */
    @GetMapping("/{id}")
    suspend fun get(@PathVariable id: Long, q: String? = null, vararg tags: String): ResponseEntity<User?> = TODO()

    private fun hidden() {}
    fun inferred() = 1
}`, 'C');
    const [get, hidden, inferred] = t.methods;
    expect([get!.name, get!.modifiers, get!.line, get!.column, get!.doc]).toEqual(['get', ['public', 'suspend'], 4, 17, 'Gets one.']);
    expect(get!.params.map((p) => [p.name, p.type, p.optional ?? false, p.defaultValue])).toEqual([
      ['id', ref('long'), false, undefined],
      ['q', ref('String', [], 0, true), true, { kind: 'literal', value: 'null' }],
      ['tags', ref('String', [], 1), false, undefined],
    ]);
    expect(get!.returnType).toEqual(ref('ResponseEntity', [ref('User', [], 0, true)]));
    expect(hidden!.modifiers).toEqual(['private']);
    expect(hidden!.returnType).toEqual(ref('void'));
    expect(inferred!.returnType).toEqual(ref('?'));
  });

  it('reads an annotation with one argument misread as an annotated expression as the next declaration\'s', () => {
    // tree-sitter-kotlin 0.3.8 parses this file's first class as `@RestController @RequestMapping (BASE)`, a statement.
    const { file } = parse(`package a
@RestController
@RequestMapping(Paths.USERS)
class UserController {
}

/**
 * A user.
 */
data class UserDto(val id: Long)
`);
    expect(file.types[0]!.annotations.map((a) => [a.name, a.args])).toEqual([
      ['RestController', {}],
      ['RequestMapping', { value: { kind: 'name', name: 'Paths.USERS' } }],
    ]);
    expect(file.types[1]!.doc).toBe('A user.');
  });

  it('reads enum entries with their arguments and comments', () => {
    const e = type(`enum class Status(val code: Int) {
    /** In use. */
    ACTIVE(1),
    LOCKED(2), // locked by an admin
    ;
    fun label() = name.lowercase()
}`, 'Status');
    expect(e.enumConstants.map((c) => [c.name, c.args, c.doc])).toEqual([
      ['ACTIVE', [{ kind: 'literal', value: '1' }], 'In use.'],
      ['LOCKED', [{ kind: 'literal', value: '2' }], 'locked by an admin'],
    ]);
    expect(e.fields.map((f) => f.name)).toEqual(['code']);
  });

  it('reads CJK identifiers, which the grammar does not take', () => {
    const { file, errorLine } = parse('package a\nenum class 상태 { 대기, 完了 }\ndata class 注文(val 名前: String, val 数量: Int = 1)\n');
    expect(errorLine).toBeUndefined();
    expect(file.types.map((t) => t.name)).toEqual(['상태', '注文']);
    expect(file.types[0]!.enumConstants.map((c) => c.name)).toEqual(['대기', '完了']);
    expect(file.types[1]!.fields.map((f) => [f.name, f.type.name])).toEqual([['名前', 'String'], ['数量', 'int']]);
  });

  it('reports the first line of a file that does not parse', () => {
    const { file, errorLine } = parse('package a\nclass Ok\nclass Broken( {\n');
    expect(errorLine).toBe(3);
    expect(file.types[0]!.name).toBe('Ok');
  });
});

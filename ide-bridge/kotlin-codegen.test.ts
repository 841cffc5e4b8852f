import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { generateKotlin } from './kotlin-codegen';
import type { Catalog } from './kotlin-codegen';

const opts = { packageName: 'x.protocol', generator: 'test' };

function catalog(partial: Partial<Catalog>): Catalog {
  return { requests: {}, notifications: {}, protocolVersion: 3, errorCodes: {}, named: {}, minNodeVersion: '20.18', ...partial };
}

describe('generateKotlin', () => {
  const ThingSchema = Type.Object({
    id: Type.String({ description: 'The id' }),
    in: Type.Unsafe<'a' | 'b-c'>({ type: 'string', enum: ['a', 'b-c'] }),
    mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('safe')])),
    count: Type.Integer(),
    big: Type.Integer({ format: 'int64' }),
    ratio: Type.Number(),
    tags: Type.Optional(Type.Array(Type.String())),
    schema: Type.Object({}, { additionalProperties: true }),
    anything: Type.Unknown(),
    either: Type.Union([Type.String(), Type.Integer()]),
    maybe: Type.Union([Type.String(), Type.Null()]),
    pair: Type.Tuple([Type.Integer(), Type.Integer()]),
    counts: Type.Record(Type.String(), Type.Integer()),
    'x-kind': Type.Boolean(),
    children: Type.Array(Type.Object({ name: Type.String() })),
  });
  const text = generateKotlin(
    catalog({
      requests: {
        'thing/get': { doc: 'Gets a thing.', params: Type.Object({ id: Type.String() }), result: ThingSchema },
        'thing/drop': { doc: 'Drops it.', params: Type.Object({ id: Type.String() }), result: Type.Object({}) },
      },
      notifications: { 'thing/changed': Type.Object({ thing: ThingSchema }) },
      errorCodes: { NotFound: -32002 },
      named: { ThingSchema },
    }),
    opts,
  );

  it('maps the catalog to constants and typed descriptors', () => {
    expect(text).toContain('package x.protocol');
    expect(text).toContain('public const val PROTOCOL_VERSION: Int = 3');
    expect(text).toContain('public const val MIN_NODE_VERSION: String = "20.18"');
    expect(text).toContain('    /** Gets a thing. */\n    public const val THING_GET: String = "thing/get"');
    expect(text).toContain('public const val NOT_FOUND: Int = -32002');
    // Same-shaped params share one class, named after the shortest use.
    expect(text).toContain('public val thingGet: RequestType<ThingGetParams, Thing> =');
    expect(text).toContain('RequestType(Methods.THING_DROP, ThingGetParams.serializer(), Empty.serializer())');
    expect(text).toContain('public val thingChanged: NotificationType<ThingChangedParams>');
  });

  it('maps every schema kind faithfully', () => {
    const thing = text.slice(text.indexOf('public data class Thing('), text.indexOf(')\n', text.indexOf('public data class Thing(')));
    expect(thing).toContain('/** The id */\n    val id: String,');
    expect(thing).toContain('val `in`: ThingIn,');
    expect(thing).toContain('val mode: ThingMode? = null,');
    expect(text).toContain('public enum class ThingMode {\n    @SerialName("fast") FAST,\n    @SerialName("safe") SAFE,\n}');
    expect(thing).toContain('val count: Int,');
    expect(thing).toContain('val big: Long,');
    expect(thing).toContain('val ratio: Double,');
    expect(thing).toContain('val tags: List<String>? = null,');
    expect(thing).toContain('val schema: JsonObject,');
    expect(thing).toContain('val anything: JsonElement? = null,');
    expect(thing).toContain('val either: JsonElement,');
    expect(thing).toContain('val maybe: String? = null,');
    expect(thing).toContain('val pair: List<Int>,');
    expect(thing).toContain('val counts: Map<String, Int>,');
    expect(thing).toContain('@SerialName("x-kind") val xKind: Boolean,');
    expect(thing).toContain('val children: List<ThingChild>,');
    expect(text).toContain('public enum class ThingIn {\n    @SerialName("a") A,\n    @SerialName("b-c") B_C,\n}');
    expect(text).toContain('public data class ThingChild(\n    val name: String,\n)');
  });

  it('refuses two shapes that would share a name', () => {
    // Request `a` and notification `a` both suggest AParams for different shapes.
    const clash = catalog({
      requests: { a: { doc: '', params: Type.Object({ x: Type.String() }), result: Type.Object({}) } },
      notifications: { a: Type.Object({ y: Type.String() }) },
    });
    expect(() => generateKotlin(clash, opts)).toThrow(/two different shapes want the Kotlin name AParams/);
    expect(() => generateKotlin(catalog({ named: { MethodsSchema: Type.Object({ y: Type.String() }) }, notifications: { a: Type.Object({ y: Type.String() }) } }), opts)).toThrow(
      /Kotlin name Methods belongs to the generated file/,
    );
    // An exported name settles it.
    expect(() => generateKotlin({ ...clash, named: { NoteSchema: Type.Object({ y: Type.String() }) } }, opts)).not.toThrow();
  });
});

import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { generateKotlin } from './kotlin-codegen';
import type { Catalog } from './kotlin-codegen';

const opts = { packageName: 'x.protocol', generator: 'test' };

function catalog(partial: Partial<Catalog>): Catalog {
  return { requests: {}, hostRequests: {}, notifications: {}, protocolVersion: 3, errorCodes: {}, named: {}, minNodeVersion: '20.18', ...partial };
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
    // Required but nullable: no default, so a null is sent (absent and null differ on the wire).
    expect(thing).toContain('val maybe: String?,');
    expect(thing).toContain('val pair: List<Int>,');
    expect(thing).toContain('val counts: Map<String, Int>,');
    expect(thing).toContain('@SerialName("x-kind") val xKind: Boolean,');
    expect(thing).toContain('val children: List<ThingChild>,');
    expect(text).toContain('public enum class ThingIn {\n    @SerialName("a") A,\n    @SerialName("b-c") B_C,\n}');
    expect(text).toContain('public data class ThingChild(\n    val name: String,\n)');
  });

  it('maps a union told apart by a literal property to a sealed interface with its serializer', () => {
    const HttpDraftSchema = Type.Object({ url: Type.String() });
    const GrpcDraftSchema = Type.Object({ protocol: Type.Literal('grpc'), service: Type.String() });
    const DraftSchema = Type.Union([HttpDraftSchema, GrpcDraftSchema]);
    const PickSchema = Type.Union([
      Type.Object({ kind: Type.Literal('all') }),
      Type.Object({ kind: Type.Literal('ids'), ids: Type.Array(Type.String()), where: Type.Optional(Type.Object({ dir: Type.String() })) }),
    ]);
    const out = generateKotlin(
      catalog({
        requests: { run: { doc: '', params: Type.Object({ pick: PickSchema, draft: Type.Optional(DraftSchema), loose: Type.Union([Type.String(), Type.Integer()]) }), result: Type.Object({}) } },
        named: { HttpDraftSchema, GrpcDraftSchema, DraftSchema, PickSchema },
      }),
      opts,
    );
    expect(out).toContain('    val pick: Pick,\n    val draft: Draft? = null,\n    val loose: JsonElement,');
    // Members without a name of their own are nested; the tag is the serializer's, not a field.
    expect(out).toContain(
      '@Serializable(with = PickSerializer::class)\npublic sealed interface Pick {\n    @Serializable\n    public data object All : Pick\n\n' +
        '    @Serializable\n    public data class Ids(\n        val ids: List<String>,\n        val where: PickIdsWhere? = null,\n    ) : Pick\n}',
    );
    expect(out).toContain('public data class PickIdsWhere(\n    val dir: String,\n)');
    expect(out).toContain('internal object PickSerializer : TaggedUnionSerializer<Pick>("Pick", "kind") {');
    expect(out).toContain('        Pick.All -> "all" to JsonObject(emptyMap())');
    expect(out).toContain('        "ids" -> json.decodeFromJsonElement(Pick.Ids.serializer(), body)');
    // The member without the tag is the default; exported members stay top-level.
    expect(out).toContain('public data class HttpDraft(\n    val url: String,\n) : Draft');
    expect(out).toContain('public data class GrpcDraft(\n    val service: String,\n) : Draft');
    expect(out).toContain('        is HttpDraft -> null to json.encodeToJsonElement(HttpDraft.serializer(), value).jsonObject');
    expect(out).toContain('        null -> json.decodeFromJsonElement(HttpDraft.serializer(), body)');
    // Without a distinct literal per member it stays JSON.
    const untagged = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]);
    const plain = generateKotlin(catalog({ requests: { x: { doc: '', params: Type.Object({ u: untagged }), result: Type.Object({}) } } }), opts);
    expect(plain).toContain('val u: JsonElement,');
    expect(plain).not.toContain('sealed interface');
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

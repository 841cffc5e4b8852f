// JSON Schema (draft 2020-12, as the scanner writes it) turned into what other formats accept:
// shared object types hoisted into named components, and the OpenAPI 3.0 dialect.

import type { JsonSchema } from '../model/request';
import { perSchema } from './per-schema';
import { rewritesFor30, toOpenApi30 } from './openapi-30';

export type Dialect = '3.0' | '3.1';

/** `Result<ProductDto>` → `Result_ProductDto`: a name valid as a component key. */
export function componentName(title: string): string {
  return title.replace(/[<,]\s*/g, '_').replace(/[^A-Za-z0-9._-]+/g, '').replace(/_+$/, '') || 'Schema';
}

/**
 * Collects the object types met in schemas as named components (keyed by their Java type and
 * properties), and rewrites each use as a `$ref` to `prefix + name`.
 */
export class Components {
  readonly schemas: Record<string, unknown> = {};
  /**
   * Schemas whose source example was not a value of their type (`x-ignored-example`): where it
   * was written (`ScheduleCreateRequest.environmentCode`, a parameter's name) and the example.
   */
  readonly ignoredExamples = new Set<string>();
  /** Schemas whose ignored example is already listed under the property or parameter that holds them. */
  private readonly located = new WeakSet<JsonSchema>();
  /**
   * Names by Java type, told apart by their properties: two modules of one repository can each
   * have their own `org.acme.model.Author` (quarkus-quickstarts), and a reference to the first
   * would describe the second's endpoints with the wrong fields.
   */
  private readonly byType = new Map<string, { properties: string; name: string }[]>();
  private readonly taken = new Set<string>();
  /** Each root schema converted once (per-schema.ts): what it converts to never changes within one export. */
  private readonly converted = perSchema((schema) => this.convert(schema, schema.$defs ?? {}));

  constructor(
    readonly dialect: Dialect,
    private readonly prefix = '#/components/schemas/',
  ) {}

  /** Lists the ignored example of a parameter's or property's schema under its name (`where`), not its type's. */
  noteIgnoredExample(schema: JsonSchema, where: string): void {
    const example = schema['x-ignored-example'];
    if (example === undefined || this.located.has(schema)) return;
    this.located.add(schema);
    this.ignoredExamples.add(`${where} (${typeName(schema)}) example ${JSON.stringify(example)}`);
  }

  /** The schema as it appears in the document; `defs` are the root's `$defs` for recursive refs. */
  use(schema: JsonSchema, defs: Record<string, JsonSchema> | undefined = schema.$defs): Record<string, unknown> {
    return defs === schema.$defs ? this.converted(schema) : this.convert(schema, defs ?? {});
  }

  private convert(s: JsonSchema, defs: Record<string, JsonSchema>): Record<string, unknown> {
    if (s.$ref?.startsWith('#/$defs/')) {
      const key = s.$ref.slice('#/$defs/'.length);
      const target = defs[key];
      if (!target) return { type: 'object', description: `unresolved reference ${key}` };
      return this.reference({ ...target, 'x-java-type': target['x-java-type'] ?? key, title: target.title ?? key }, defs);
    }
    const javaType = s['x-java-type'];
    if (javaType && !s['x-unresolved'] && ((isObject(s) && s.properties) || s.oneOf)) return this.reference(s, defs);
    return this.body(s, defs);
  }

  private reference(s: JsonSchema, defs: Record<string, JsonSchema>): Record<string, unknown> {
    const javaType = s['x-java-type']!;
    // A polymorphic base has no properties of its own: its subtypes tell two apart.
    // A request body Jackson reads as other types than it writes the class (`x-direction`) is a component of its own.
    const request = s['x-direction'] === 'request';
    const properties = `${request ? 'request:' : ''}${s.oneOf ? `oneOf:${s.oneOf.map((b) => b.$ref ?? b['x-java-type'] ?? b.title).join()}` : Object.keys(s.properties ?? {}).join()}`;
    let named = this.byType.get(javaType);
    let name = named?.find((n) => n.properties === properties)?.name;
    if (name === undefined) {
      const base = `${componentName(s.title ?? javaType.split('.').pop()!)}${request ? 'Request' : ''}`;
      name = base;
      for (let i = 2; this.taken.has(name); i++) name = `${base}${i}`;
      this.taken.add(name);
      if (!named) this.byType.set(javaType, (named = []));
      named.push({ properties, name });
      this.schemas[name] = {}; // reserved first: a recursive type refers to itself while being built
      this.schemas[name] = this.body(s, defs);
    }
    return { $ref: `${this.prefix}${name}` };
  }

  private body(s: JsonSchema, defs: Record<string, JsonSchema>): Record<string, unknown> {
    // Most schemas (a DTO's fields, the parameters) hold nothing to convert: they are written as
    // they are. What `use` returns is only ever read, so the scan's own object can stand there.
    if (this.unchanged(s)) return s as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s)) {
      if (v === undefined || k === '$defs' || k === '$schema') continue;
      if (k === 'x-ignored-example') {
        if (!this.located.has(s)) this.ignoredExamples.add(`${s.title ?? s['x-java-type'] ?? typeName(s)} example ${JSON.stringify(v)}`);
        continue;
      }
      if (k === 'properties') {
        const props: Record<string, unknown> = {};
        for (const [name, p] of Object.entries(v as Record<string, JsonSchema>)) {
          this.noteIgnoredExample(p, `${s.title ?? 'object'}.${name}`);
          props[name] = this.property(p, defs);
        }
        out.properties = props;
      } else if (k === 'items' || (k === 'additionalProperties' && typeof v === 'object')) {
        out[k] = this.convert(v as JsonSchema, defs);
      } else if (k === 'oneOf') {
        const pairs = this.dialect === '3.0' ? idPairs(v as JsonSchema[], defs) : undefined;
        // 3.0, Jackson's WRAPPER_ARRAY: one array of ids and subtypes, not a oneOf of arrays (which
        // 3.0 cannot tell apart, and openapi-generator's typescript-fetch writes as broken code).
        if (pairs) Object.assign(out, { type: 'array', items: { oneOf: [{ type: 'string', enum: pairs.ids }, ...pairs.values.map((b) => this.convert(b, defs))] }, minItems: 2, maxItems: 2 });
        else out.oneOf = (v as JsonSchema[]).map((b) => this.convert(b, defs));
      } else if (k === 'prefixItems') {
        // 3.0 has no positional items: each item is one of them.
        const items = (v as JsonSchema[]).map((b) => this.convert(b, defs));
        if (this.dialect === '3.0') out.items = { oneOf: items };
        else out.prefixItems = items;
      } else if (k !== 'x-discriminator') out[k] = v;
    }
    const discriminator = s['x-discriminator'];
    if (discriminator && Array.isArray(out.oneOf)) out.discriminator = { ...discriminator, mapping: idMapping(s.oneOf ?? [], out.oneOf as Record<string, unknown>[], discriminator.propertyName, defs) };
    enumDescriptionsAsList(out);
    if (this.dialect === '3.1' && isBinary(out)) {
      // 3.1's JSON Schema gives `format` no say over content: bytes are a media type's.
      delete out.format;
      out.contentMediaType = 'application/octet-stream';
    }
    return this.dialect === '3.0' ? toOpenApi30(out) : out;
  }

  /** Whether `s` converts to an object with the same keys and values: no nested schema, nothing this dialect drops or rewrites. */
  private unchanged(s: JsonSchema): boolean {
    const o = s as Record<string, unknown>;
    for (const k in o) {
      const v = o[k];
      if (v === undefined || k === 'properties' || k === 'items' || k === '$defs' || k === '$schema' || k === 'x-ignored-example' || k === 'x-enum-descriptions') return false;
      if (k === 'oneOf' || k === 'prefixItems' || k === 'x-discriminator') return false;
      if (k === 'additionalProperties' && typeof v === 'object') return false;
    }
    return this.dialect === '3.0' ? !rewritesFor30(s) : !isBinary(s);
  }

  /** A property that is a reference keeps its own description (3.1 allows siblings of `$ref`; 3.0 ignores them, so it is dropped). */
  private property(p: JsonSchema, defs: Record<string, JsonSchema>): Record<string, unknown> {
    const converted = this.convert(p, defs);
    if (converted.$ref && this.dialect === '3.1' && p.description) return { ...converted, description: p.description };
    return converted;
  }
}

/** A file's bytes in the scan's (and OpenAPI 3.0's) terms. */
function isBinary(s: { type?: unknown; format?: unknown }): boolean {
  return s.type === 'string' && s.format === 'binary';
}

/** The ids and subtypes of a oneOf of `["<id>", {...}]` pairs (Jackson's WRAPPER_ARRAY); undefined for any other oneOf. */
function idPairs(branches: readonly JsonSchema[], defs: Record<string, JsonSchema>): { ids: unknown[]; values: JsonSchema[] } | undefined {
  const ids: unknown[] = [];
  const values: JsonSchema[] = [];
  for (const branch of branches) {
    const b = branch.$ref?.startsWith('#/$defs/') ? defs[branch.$ref.slice('#/$defs/'.length)] : branch;
    const pair = b?.prefixItems;
    if (pair?.length !== 2 || !pair[0]!.enum) return undefined;
    ids.push(...pair[0]!.enum);
    values.push(pair[1]!);
  }
  return branches.length ? { ids, values } : undefined;
}

/**
 * OpenAPI's discriminator mapping: each type id to the component of the subtype whose id
 * property lists it (a Jackson subtype may have several ids). Branches written inline have none.
 */
function idMapping(branches: readonly JsonSchema[], converted: readonly Record<string, unknown>[], property: string, defs: Record<string, JsonSchema>): Record<string, string> {
  const mapping: Record<string, string> = {};
  branches.forEach((b, i) => {
    const ref = converted[i]?.$ref;
    const target = b.$ref?.startsWith('#/$defs/') ? defs[b.$ref.slice('#/$defs/'.length)] : b;
    if (typeof ref !== 'string' || !target) return;
    for (const id of target.properties?.[property]?.enum ?? []) if (typeof id === 'string' && !(id in mapping)) mapping[id] = ref;
  });
  return mapping;
}

/**
 * `x-enum-descriptions` as a list aligned with `enum`, the form openapi-generator reads (it
 * throws on a map); a constant without a description gets ''.
 */
function enumDescriptionsAsList(s: Record<string, unknown>): void {
  const docs = s['x-enum-descriptions'];
  if (!docs || typeof docs !== 'object' || Array.isArray(docs)) return;
  const byName = docs as Record<string, string>;
  if (Array.isArray(s.enum)) s['x-enum-descriptions'] = s.enum.map((v) => byName[String(v)] ?? '');
  else delete s['x-enum-descriptions'];
}

function typeName(s: JsonSchema): string {
  return (Array.isArray(s.type) ? s.type.filter((t) => t !== 'null').join(' or ') : s.type) || 'a value';
}

function isObject(s: JsonSchema): boolean {
  return s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object'));
}

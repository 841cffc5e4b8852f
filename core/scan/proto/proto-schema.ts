// Protobuf messages -> JSON Schema as the proto3 JSON mapping writes them
// (protobuf.dev/programming-guides/json): lowerCamelCase names (or `json_name`), 64-bit
// integers as strings, bytes as base64, enums by name, maps as objects, well-known types in
// their special forms (Timestamp as RFC 3339, Duration as "1.5s", wrappers as nullable
// scalars, Struct as any object). Oneof members are all listed, and the group is recorded
// in `x-oneof` so the example sets only one of them.
//
// Recursion: a message met again inside itself becomes `$ref: '#/$defs/<full name>'` with its
// full schema in the root's `$defs`, as the Java schemas do.

import type protobuf from 'protobufjs';
import { protobufjs } from '../../protobuf';
import type { JsonSchema } from '../../model/request';
import { exampleOf } from '../types/example';

const MAX_DEPTH = 12;

const SCALARS: Record<string, JsonSchema> = {
  double: { type: 'number', format: 'double' },
  float: { type: 'number', format: 'float' },
  int32: { type: 'integer', format: 'int32' },
  sint32: { type: 'integer', format: 'int32' },
  sfixed32: { type: 'integer', format: 'int32' },
  uint32: { type: 'integer', format: 'uint32', minimum: 0 },
  fixed32: { type: 'integer', format: 'uint32', minimum: 0 },
  // 64-bit integers are JSON strings: a double cannot hold them.
  int64: { type: 'string', format: 'int64', pattern: '^-?[0-9]+$' },
  sint64: { type: 'string', format: 'int64', pattern: '^-?[0-9]+$' },
  sfixed64: { type: 'string', format: 'int64', pattern: '^-?[0-9]+$' },
  uint64: { type: 'string', format: 'uint64', pattern: '^[0-9]+$' },
  fixed64: { type: 'string', format: 'uint64', pattern: '^[0-9]+$' },
  bool: { type: 'boolean' },
  string: { type: 'string' },
  bytes: { type: 'string', format: 'byte' },
};

const WRAPPERS: Record<string, string> = {
  'google.protobuf.DoubleValue': 'double',
  'google.protobuf.FloatValue': 'float',
  'google.protobuf.Int64Value': 'int64',
  'google.protobuf.UInt64Value': 'uint64',
  'google.protobuf.Int32Value': 'int32',
  'google.protobuf.UInt32Value': 'uint32',
  'google.protobuf.BoolValue': 'bool',
  'google.protobuf.StringValue': 'string',
  'google.protobuf.BytesValue': 'bytes',
};

/** Well-known messages whose JSON form is not an object of their fields. */
function wellKnown(fullName: string): JsonSchema | undefined {
  const wrapped = WRAPPERS[fullName];
  if (wrapped) {
    const inner = SCALARS[wrapped]!;
    return { ...inner, type: [inner.type as 'string', 'null'], 'x-proto-type': fullName };
  }
  switch (fullName) {
    case 'google.protobuf.Timestamp':
      return { type: 'string', format: 'date-time', description: 'RFC 3339, always Z-normalized', 'x-proto-type': fullName };
    case 'google.protobuf.Duration':
      return { type: 'string', pattern: '^-?[0-9]+(\\.[0-9]{1,9})?s$', description: 'Seconds with up to nine fractional digits, suffixed "s"', examples: ['1.5s'], 'x-proto-type': fullName };
    case 'google.protobuf.FieldMask':
      return { type: 'string', description: 'Comma-separated lowerCamelCase field paths', examples: ['name,updateTime'], 'x-proto-type': fullName };
    case 'google.protobuf.Empty':
      return { type: 'object', properties: {}, 'x-proto-type': fullName };
    case 'google.protobuf.Struct':
      return { type: 'object', additionalProperties: true, 'x-proto-type': fullName };
    case 'google.protobuf.Value':
      return { description: 'Any JSON value', 'x-proto-type': fullName };
    case 'google.protobuf.ListValue':
      return { type: 'array', items: {}, 'x-proto-type': fullName };
    case 'google.protobuf.NullValue':
      return { type: 'null', 'x-proto-type': fullName };
    case 'google.protobuf.Any':
      return {
        type: 'object',
        properties: { '@type': { type: 'string', description: 'Type URL of the packed message', examples: ['type.googleapis.com/google.protobuf.Empty'] } },
        required: ['@type'],
        additionalProperties: true,
        'x-proto-type': fullName,
      };
    default:
      return undefined;
  }
}

/** The JSON Schema of a message (or enum) in the proto3 JSON mapping. */
export function protoSchema(type: protobuf.Type | protobuf.Enum): JsonSchema {
  return new ProtoSchemaWriter().root(type);
}

/** The proto3 JSON name protoc derives: underscores dropped, the next letter upper-cased. */
export function jsonName(field: protobuf.Field): string {
  const declared = (field.options as Record<string, unknown> | undefined)?.json_name;
  if (typeof declared === 'string') return declared;
  let out = '';
  let upper = false;
  for (const c of field.name) {
    if (c === '_') upper = true;
    else if (upper) {
      out += c.toUpperCase();
      upper = false;
    } else out += c;
  }
  return out;
}

class ProtoSchemaWriter {
  private readonly stack: string[] = [];
  private readonly recursive = new Set<string>();
  private readonly types = new Map<string, protobuf.Type>();

  root(type: protobuf.Type | protobuf.Enum): JsonSchema {
    const schema = this.any(type, 0);
    const defs: Record<string, JsonSchema> = {};
    // Each recursive type once, its own self-references left as $ref.
    for (let added = true; added; ) {
      added = false;
      for (const name of this.recursive) {
        if (defs[name]) continue;
        this.stack.push(name);
        defs[name] = this.message(this.types.get(name)!, 1, true);
        this.stack.pop();
        added = true;
      }
    }
    if (Object.keys(defs).length) schema.$defs = defs;
    return schema;
  }

  private any(t: protobuf.ReflectionObject, depth: number): JsonSchema {
    if (t instanceof protobufjs().Enum) return enumSchema(t);
    return this.message(t as protobuf.Type, depth, false);
  }

  private message(t: protobuf.Type, depth: number, asDef: boolean): JsonSchema {
    const fullName = noDot(t.fullName);
    const known = wellKnown(fullName);
    if (known) return known;
    if (!asDef && this.stack.includes(fullName)) {
      this.recursive.add(fullName);
      this.types.set(fullName, t);
      return { $ref: `#/$defs/${fullName}` };
    }
    if (depth > MAX_DEPTH) return { type: 'object', title: t.name, 'x-proto-type': fullName, 'x-truncated': `depth limit ${MAX_DEPTH} reached` };
    if (!asDef) this.stack.push(fullName);
    try {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const f of t.fieldsArray) {
        const name = jsonName(f);
        properties[name] = this.field(f, depth);
        if (f.required || f.rule === 'required') required.push(name);
      }
      const schema: JsonSchema = { type: 'object', title: t.name };
      const doc = clean(t.comment);
      if (doc) schema.description = doc;
      schema.properties = properties;
      if (required.length) schema.required = required;
      const oneofs: Record<string, string[]> = {};
      for (const o of t.oneofsArray) {
        const members = o.fieldsArray.length ? o.fieldsArray : o.oneof.map((n) => t.fields[n]!).filter(Boolean);
        // `optional` in proto3 makes a one-member synthetic oneof: presence, not a choice.
        if (members.every((f) => (f.options as Record<string, unknown> | undefined)?.proto3_optional === true)) continue;
        oneofs[o.name] = members.map(jsonName);
      }
      if (Object.keys(oneofs).length) schema['x-oneof'] = oneofs;
      if ((t.options as Record<string, unknown> | undefined)?.deprecated === true) schema.deprecated = true;
      schema['x-proto-type'] = fullName;
      return schema;
    } finally {
      if (!asDef) this.stack.pop();
    }
  }

  private field(f: protobuf.Field, depth: number): JsonSchema {
    let value = this.valueOf(f, depth);
    if (f instanceof protobufjs().MapField) {
      value = { type: 'object', additionalProperties: value, 'x-proto-map-key': f.keyType };
    } else if (f.repeated) {
      value = { type: 'array', items: value };
    }
    // proto2 `[default = ...]`, written as the JSON mapping writes the value.
    const declaredDefault = (f.options as Record<string, unknown> | undefined)?.default;
    if (declaredDefault !== undefined && !f.repeated && f.type !== 'bytes') {
      value = { ...value, default: value.type === 'string' && typeof declaredDefault !== 'string' ? String(declaredDefault) : declaredDefault };
    }
    const doc = clean(f.comment);
    // JSON Schema 2020-12 allows keywords beside `$ref`.
    if (doc) value = { ...value, description: doc };
    if ((f.options as Record<string, unknown> | undefined)?.deprecated === true) value = { ...value, deprecated: true };
    if (f.partOf && !(f.options as Record<string, unknown> | undefined)?.proto3_optional) value = { ...value, 'x-oneof-group': f.partOf.name };
    return value;
  }

  private valueOf(f: protobuf.Field, depth: number): JsonSchema {
    const scalar = SCALARS[f.type];
    if (scalar) return { ...scalar };
    let resolved: protobuf.ReflectionObject | null = null;
    try {
      f.resolve();
      resolved = f.resolvedType;
    } catch {
      resolved = null;
    }
    if (!resolved) return { type: 'object', 'x-proto-type': f.type, 'x-unresolved': true, description: `${f.type} is declared in a .proto that is not in the tree` };
    return this.any(resolved, depth + 1);
  }
}

function enumSchema(e: protobuf.Enum): JsonSchema {
  const names = Object.keys(e.values);
  const schema: JsonSchema = { type: 'string', title: e.name, enum: names };
  const parts: string[] = [];
  const doc = clean(e.comment);
  if (doc) parts.push(doc);
  for (const n of names) {
    const c = clean(e.comments?.[n] ?? undefined);
    if (c) parts.push(`${n}: ${c}`);
  }
  if (parts.length) schema.description = parts.join('\n');
  schema['x-proto-type'] = noDot(e.fullName);
  return schema;
}

/**
 * A deterministic example of a message in its JSON form: the shared example writer, then only
 * the first member of each oneof kept and map keys written as their key type allows.
 */
export function protoExample(schema: JsonSchema): unknown {
  const value = exampleOf(schema);
  return fixExample(schema, value, schema.$defs ?? {}, new Set());
}

function fixExample(schema: JsonSchema, value: unknown, defs: Record<string, JsonSchema>, seen: Set<string>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (schema.$ref) {
    const name = schema.$ref.slice('#/$defs/'.length);
    const def = defs[name];
    if (!def || seen.has(name)) return value;
    seen.add(name);
    const out = fixExample(def, value, defs, seen);
    seen.delete(name);
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => (schema.items ? fixExample(schema.items, v, defs, seen) : v));
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const oneofs = (schema['x-oneof'] ?? {}) as Record<string, string[]>;
  const dropped = new Set(Object.values(oneofs).flatMap((members) => members.slice(1)));
  for (const [k, v] of Object.entries(obj)) {
    if (dropped.has(k)) continue;
    const prop = schema.properties?.[k];
    if (prop) out[k] = fixExample(prop, v, defs, seen);
    else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      out[mapKey(schema['x-proto-map-key'])] = fixExample(schema.additionalProperties, v, defs, seen);
    } else out[k] = v;
  }
  return out;
}

function mapKey(keyType: unknown): string {
  if (keyType === 'bool') return 'true';
  if (typeof keyType === 'string' && keyType !== 'string') return '0';
  return 'key';
}

function clean(comment: string | null | undefined): string | undefined {
  const t = comment?.trim();
  return t ? t : undefined;
}

function noDot(name: string): string {
  return name.startsWith('.') ? name.slice(1) : name;
}

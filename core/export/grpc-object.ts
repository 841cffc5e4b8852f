// A gRPC request example (proto3 JSON, as the model and grpcurl write it) in the object form
// that clients built on @grpc/proto-loader encode (httpyac's GRPC requests): protobufjs's
// fromObject takes no JSON forms of the well-known types, so a Timestamp is `{seconds, nanos}`,
// a wrapper `{value}`, a Struct `{fields}`. The schema's `x-proto-type` says which field is which.

import type { JsonSchema } from '../model/request';

const WRAPPERS = new Set(['DoubleValue', 'FloatValue', 'Int64Value', 'UInt64Value', 'Int32Value', 'UInt32Value', 'BoolValue', 'StringValue', 'BytesValue'].map((n) => `google.protobuf.${n}`));

export function protoLoaderObject(value: unknown, schema: JsonSchema | undefined, defs: Record<string, JsonSchema> = schema?.$defs ?? {}): unknown {
  if (!schema || value === undefined) return value;
  if (schema.$ref?.startsWith('#/$defs/')) return protoLoaderObject(value, defs[schema.$ref.slice('#/$defs/'.length)], defs);
  const wkt = schema['x-proto-type'];
  if (typeof wkt === 'string' && wkt.startsWith('google.protobuf.')) return wellKnown(wkt, value);
  if (Array.isArray(value)) return value.map((v) => protoLoaderObject(v, schema.items, defs));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const extra = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [k, v] of Object.entries(value)) out[k] = protoLoaderObject(v, schema.properties?.[k] ?? extra, defs);
    return out;
  }
  return value;
}

function wellKnown(type: string, value: unknown): unknown {
  if (WRAPPERS.has(type)) return value === null ? undefined : { value };
  switch (type) {
    case 'google.protobuf.Timestamp': {
      const ms = typeof value === 'string' ? Date.parse(value) : NaN;
      if (Number.isNaN(ms)) return value;
      const fraction = /\.(\d{1,9})/.exec(String(value))?.[1] ?? '';
      return { seconds: String(Math.floor(ms / 1000)), nanos: Number(fraction.padEnd(9, '0') || 0) };
    }
    case 'google.protobuf.Duration': {
      const m = typeof value === 'string' ? /^(-)?(\d+)(?:\.(\d{1,9}))?s$/.exec(value) : null;
      if (!m) return value;
      const sign = m[1] ? -1 : 1;
      return { seconds: String(sign * Number(m[2])), nanos: sign * Number((m[3] ?? '').padEnd(9, '0') || 0) };
    }
    case 'google.protobuf.FieldMask':
      return typeof value === 'string' ? { paths: value === '' ? [] : value.split(',') } : value;
    case 'google.protobuf.Struct':
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? struct(value as Record<string, unknown>) : value;
    case 'google.protobuf.Value':
      return protoValue(value);
    case 'google.protobuf.ListValue':
      return Array.isArray(value) ? { values: value.map(protoValue) } : value;
    default:
      return value; // Any and Empty: protobufjs reads their JSON forms
  }
}

function struct(o: Record<string, unknown>): unknown {
  return { fields: Object.fromEntries(Object.entries(o).map(([k, v]) => [k, protoValue(v)])) };
}

function protoValue(v: unknown): unknown {
  if (v === null) return { nullValue: 'NULL_VALUE' };
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  if (Array.isArray(v)) return { listValue: { values: v.map(protoValue) } };
  if (typeof v === 'object') return { structValue: struct(v as Record<string, unknown>) };
  return v;
}

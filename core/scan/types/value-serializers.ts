// Serializers that change the JSON type of a value, as Jackson runs them:
// - `@JsonSerialize(using = ToStringSerializer.class)` writes `value.toString()`: a string
//   whatever the type (a `List<Long>` is `"[1, 2]"`); `contentUsing` does it to each element or
//   map value;
// - a serializer class of the project (`JsonSerializer<T>`, `StdSerializer<T>`) whose `serialize`
//   only writes strings (`gen.writeString`), only numbers or only booleans writes that type;
//   one that writes raw text (`gen.writeRawValue`) writes whatever JSON the text holds;
// - `@JsonRawValue` on a property: its text is the JSON value, of any type.
// A serializer that writes anything else (objects, other serializers, several kinds) is not
// read: the declared type stays, as nothing better is known.

import type { JsonSchema } from '../../model/request';
import type { ProjectIndex, Scope } from '../project-index';
import type { Annotation, TypeDecl } from '../source-model';
import { simpleName } from '../source-model';
import { boolAttr } from './attribute';

/** The JSON a serializer writes: one scalar type, or raw text (any JSON value). */
export type WrittenAs = 'string' | 'number' | 'boolean' | 'raw';

/** Jackson's own serializers that write a string from any value. */
const TO_STRING = new Set(['ToStringSerializer', 'ToStringSerializerBase']);

const DATES = new Set(['date', 'date-time', 'time', 'time-local']);

const WRITES: Record<string, WrittenAs> = {
  writeString: 'string',
  writeNumber: 'number',
  writeBoolean: 'boolean',
  writeRawValue: 'raw',
};

/** What the serializer class written in `using`/`contentUsing` of `a` writes, when it is one type. */
export function serializerWrites(index: ProjectIndex, a: Annotation | undefined, key: 'using' | 'contentUsing', scope: Scope): WrittenAs | undefined {
  const e = a?.args[key];
  if (e?.kind !== 'class') return undefined;
  const name = e.type.name;
  if (TO_STRING.has(simpleName(name))) return 'string';
  const decl = index.resolveType(name, scope);
  return decl ? writtenBy(index, decl) : undefined;
}

/** A serializer class's `serialize` (its own or inherited), read by the generator calls it makes. */
export function writtenBy(index: ProjectIndex, decl: TypeDecl): WrittenAs | undefined {
  for (const d of [decl, ...index.ancestors(decl)]) {
    if (d !== decl && TO_STRING.has(d.name)) return 'string';
    const kinds = writeKinds(d);
    if (kinds) {
      const [only] = kinds;
      return kinds.size === 1 && only ? only : undefined;
    }
  }
  // A library serializer extended without overriding `serialize`: known only by name.
  const superName = decl.superclass && simpleName(decl.superclass.name);
  return superName && TO_STRING.has(superName) ? 'string' : undefined;
}

/**
 * A serializer writing numbers, and strings only for a property with `@JsonFormat`, which it reads
 * itself (ruoyi-vue-pro's `TimestampLocalDateTimeSerializer`: epoch milliseconds, else the pattern).
 */
export function numberUnlessFormatted(index: ProjectIndex, decl: TypeDecl): boolean {
  for (const d of [decl, ...index.ancestors(decl)]) {
    const kinds = writeKinds(d);
    if (kinds) return kinds.size === 2 && kinds.has('number') && kinds.has('string') && d.methods.some((m) => m.name === 'serialize' && m.writes?.includes('JsonFormat'));
  }
  return false;
}

/** The kinds of value a type's own `serialize` writes (undefined for a call not known: `writeObject`, `super.serialize`); undefined when it has none. */
function writeKinds(d: TypeDecl): Set<WrittenAs | undefined> | undefined {
  const serialize = d.methods.find((m) => m.name === 'serialize' && m.params.length === 3 && m.writes);
  // `writeNull` beside the one kind is a null value, still of that type.
  return serialize && new Set(serialize.writes!.filter((w) => w !== 'writeNull' && w !== 'JsonFormat').map((w) => WRITES[w]));
}

/** `@JsonRawValue` (not switched off) on a property. */
export function isRawValue(anns: ReadonlyMap<string, Annotation>): boolean {
  const a = anns.get('JsonRawValue');
  return !!a && boolAttr(a, 'value') !== false;
}

/** A value's schema once written as `as`; `s` is not changed. */
export function writtenSchema(s: JsonSchema, as: WrittenAs): JsonSchema {
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  switch (as) {
    case 'raw':
      return {}; // any JSON value
    case 'string':
      // A number keeps its format (`int64` says what the digits are); an enum of names stays.
      if ((t === 'integer' || t === 'number' || t === 'boolean') && !s.enum) return { ...s, type: 'string' };
      if (t === 'string' && !s.properties && !s.items) return s;
      return { type: 'string' };
    case 'number':
      if (t === 'integer' || t === 'number') return s;
      // A date written as a number is an epoch count.
      return t === 'string' && (DATES.has(s.format ?? '') || s['x-format-pattern']) ? { type: 'integer', format: 'int64' } : { type: 'number' };
    case 'boolean':
      return t === 'boolean' ? s : { type: 'boolean' };
  }
}

/** Applies `as` to each element of an array or value of a map (`contentUsing`). */
export function writtenContent(s: JsonSchema, as: WrittenAs): JsonSchema {
  if (s.type === 'array' && s.items) return { ...s, items: writtenSchema(s.items, as) };
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') {
    return { ...s, additionalProperties: writtenSchema(s.additionalProperties, as) };
  }
  return s;
}

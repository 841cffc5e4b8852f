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
    const serialize = d.methods.find((m) => m.name === 'serialize' && m.params.length === 3 && m.writes);
    if (serialize) {
      // `writeNull` beside the one kind is a null value, still of that type.
      const kinds = new Set(serialize.writes!.filter((w) => w !== 'writeNull').map((w) => WRITES[w]));
      const [only] = kinds;
      return kinds.size === 1 && only ? only : undefined;
    }
  }
  // A library serializer extended without overriding `serialize`: known only by name.
  const superName = decl.superclass && simpleName(decl.superclass.name);
  return superName && TO_STRING.has(superName) ? 'string' : undefined;
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
      return t === 'integer' || t === 'number' ? s : { type: 'number' };
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

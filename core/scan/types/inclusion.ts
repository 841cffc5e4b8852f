// Jackson's inclusion rules as they decide what a response body lists (null-inclusion.ts reads the
// application's default): `@JsonInclude`'s `value` for a property's own value, its `content` for
// a Map's values. The nearest `@JsonInclude` (the property's, then its class's and supertypes')
// decides each, an attribute left unwritten being ALWAYS as in the annotation; only USE_DEFAULTS
// defers to the next.
//
// The schema keeps the model of null-inclusion.ts: it never says a value is null but where its
// type is. What inclusion changes is whether a property is always there: `required` in a response
// says the declaration promises a value (Kotlin non-null, validation) that Jackson writes whatever
// it is. NON_NULL leaves out only nulls, which the promise rules out; NON_ABSENT also an empty
// Optional; NON_EMPTY also an empty String, collection, array or map (unless validation says it
// is not empty: `@NotEmpty`, `@NotBlank`, `@Size(min = 1)`); NON_DEFAULT also a number's 0 and a
// boolean's false. On a class, NON_DEFAULT compares with a new instance's values: read as the
// types' defaults, which is what a property without an initializer starts as.

import type { JsonSchema } from '../../model/request';
import type { Annotation } from '../source-model';
import { enumAttr } from './attribute';
import type { JavaType } from './java-type';

export type Include = 'ALWAYS' | 'NON_NULL' | 'NON_ABSENT' | 'NON_EMPTY' | 'NON_DEFAULT';

/** Each inclusion leaves out what the ones before it do, and more (as a default: not CUSTOM). */
const ORDER: readonly Include[] = ['ALWAYS', 'NON_NULL', 'NON_ABSENT', 'NON_EMPTY', 'NON_DEFAULT'];

/** An inclusion as written (`NON_NULL`, Boot's relaxed `non-null`); undefined for USE_DEFAULTS, CUSTOM and anything else. */
export function includeOf(text: string | undefined): Include | undefined {
  const t = text?.trim().toUpperCase().replace(/-/g, '_');
  return ORDER.find((i) => i === t);
}

/** The inclusion leaving out the least of several (the one every application agrees on). */
export function weakest(list: ReadonlyArray<Include | undefined>): Include {
  let rank = list.length ? ORDER.length - 1 : 0;
  for (const i of list) rank = Math.min(rank, i ? ORDER.indexOf(i) : 0);
  return ORDER[rank]!;
}

/** Whether an inclusion leaves null values out. */
export function leavesNullsOut(i: Include): boolean {
  return i !== 'ALWAYS';
}

/** Whether an inclusion leaves an absent Optional out (then `content` decides whether a present one's referent counts as absent). */
export function leavesAbsentOut(i: Include): boolean {
  return ORDER.indexOf(i) >= ORDER.indexOf('NON_ABSENT');
}

/** Whether an inclusion leaves empty values out (a map whose entries are all left out is empty too). */
export function leavesEmptyOut(i: Include): boolean {
  return ORDER.indexOf(i) >= ORDER.indexOf('NON_EMPTY');
}

/**
 * The inclusion of one attribute (`value` or `content`) of the nearest `@JsonInclude` that sets it:
 * `annotations` nearest first (the property's, its class's, the supertypes'); `fallback` (the
 * application's default) when none does.
 */
export function inclusionOf(annotations: ReadonlyArray<Annotation | undefined>, attribute: 'value' | 'content', fallback: Include): Include {
  for (const ann of annotations) {
    if (!ann) continue;
    const written = enumAttr(ann, attribute);
    if (written === 'USE_DEFAULTS') continue;
    // Unwritten is the annotation's default, ALWAYS; CUSTOM (a filter) is not read: it may write anything.
    return written === undefined ? 'ALWAYS' : includeOf(written) ?? 'ALWAYS';
  }
  return fallback;
}

/** Library types Jackson writes as their referent, empty when it is absent. */
const REFERENCES = new Set(['java.util.Optional', 'java.util.OptionalInt', 'java.util.OptionalLong', 'java.util.OptionalDouble', 'java.util.concurrent.atomic.AtomicReference', 'com.google.common.base.Optional']);

/** Whether Jackson writes a type as its referent, which may be absent (`Optional`, `AtomicReference`). */
export function isReference(type: JavaType): boolean {
  return type.kind === 'library' && REFERENCES.has(type.name);
}

/**
 * Whether a property whose declaration promises a value may still be left out: its value (of
 * declared `type`, written as `schema`) may be absent, empty or default for `inclusion`.
 */
export function mayBeLeftOut(inclusion: Include, type: JavaType, schema: JsonSchema, anns: ReadonlyMap<string, Annotation>): boolean {
  const rank = ORDER.indexOf(inclusion);
  if (leavesAbsentOut(inclusion) && isReference(type)) return true;
  if (rank >= ORDER.indexOf('NON_EMPTY') && mayBeEmpty(schema, anns)) return true;
  return inclusion === 'NON_DEFAULT' && mayBeDefault(schema);
}

/**
 * A Map's value schema (or an Optional's referent's) as `content` inclusion leaves the entries:
 * undefined when no entry is ever written (its values are always null, and nulls are left out),
 * else the schema, with a value that may be empty said not to be where empty values are left out
 * (the same object when nothing changes).
 */
export function includedContent(content: Include, value: JsonSchema): JsonSchema | undefined {
  if (leavesNullsOut(content) && value.type === 'null') return undefined;
  const rank = ORDER.indexOf(content);
  if (rank < ORDER.indexOf('NON_EMPTY') || !mayBeEmpty(value, new Map())) return value;
  switch (typeOf(value)) {
    case 'string':
      return { ...value, minLength: 1 };
    case 'array':
      return { ...value, minItems: 1 };
    default:
      return { ...value, minProperties: 1 };
  }
}

/** The type a schema says, its `null` alternative aside. */
function typeOf(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
}

/** Whether a value may be empty as Jackson sees it: a String (not a date, UUID or enum's), a collection or array, a map. */
function mayBeEmpty(s: JsonSchema, anns: ReadonlyMap<string, Annotation>): boolean {
  if (anns.has('NotEmpty') || anns.has('NotBlank')) return false;
  switch (typeOf(s)) {
    case 'string':
      // byte[] is written as Base64 text: empty when the array is.
      return !s.enum && (s.format === undefined || s.format === 'byte') && !((s.minLength ?? 0) >= 1);
    case 'array':
      return !((s.minItems ?? 0) >= 1);
    case 'object':
      return s.additionalProperties !== undefined && s.additionalProperties !== false && !s.properties && !((s.minProperties ?? 0) >= 1);
    default:
      return false;
  }
}

/** Whether a number or boolean may be its type's default (0, false): not when its bounds rule 0 out. */
function mayBeDefault(s: JsonSchema): boolean {
  const t = typeOf(s);
  if (t === 'boolean') return !(s.enum?.length === 1 && s.enum[0] === true);
  if (t !== 'integer' && t !== 'number') return false;
  const above = (s.minimum !== undefined && s.minimum > 0) || (typeof s.exclusiveMinimum === 'number' && s.exclusiveMinimum >= 0);
  const below = (s.maximum !== undefined && s.maximum < 0) || (typeof s.exclusiveMaximum === 'number' && s.exclusiveMaximum <= 0);
  return !above && !below && !(s.enum && !s.enum.includes(0));
}

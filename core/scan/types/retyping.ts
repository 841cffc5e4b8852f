// Jackson's annotations that change the type a value is written or read as, which makes a
// request body differ from a response of the same class (each rule checked against a Jackson
// 2.17 run):
// - `@JsonSerialize(as = X.class)` writes the value as X (a supertype: only its properties);
//   `@JsonDeserialize(as = X.class)` reads it as X (an implementation of an interface). On a
//   class, wherever the class is written or read; on a property (field, getter, setter), there.
//   `contentAs` does it to each element of a collection or array, or value of a map. `as` naming
//   a library collection or map (`LinkedHashMap`) only picks the implementation: the shape stays.
// - `converter = C.class`, C a `Converter<A, B>` / `StdConverter<A, B>`: Jackson converts the
//   value to B before writing it, so a response holds B; it reads A from the JSON and converts
//   it to the property's type, so a request holds A. `contentConverter` likewise per element.
// - `@JsonRawValue` (value-serializers.ts) writes the text as JSON, but reads a plain string.
// `keyAs` changes nothing a schema shows: a map's keys are property names either way.

import type { ProjectIndex, Scope } from '../project-index';
import type { Annotation, TypeDecl, TypeRef } from '../source-model';
import { simpleName } from '../source-model';
import { classesAttr } from './attribute';
import type { JavaType } from './java-type';
import { NO_VARIABLES, resolveRef } from './java-type';
import { libraryShape } from './library-types';

/** Which side of the wire a schema is for: a body Jackson reads (request) or writes (response). */
export type Direction = 'request' | 'response';

const RETYPING_KEYS = ['as', 'contentAs', 'converter', 'contentConverter'] as const;
/** The annotations' defaults, which mean "none". */
const NONE = new Set(['Void', 'NoClass', 'None', 'Converter.None', 'JsonSerializer.None', 'JsonDeserializer.None']);

/** Whether the annotations make the value's schema depend on the direction. */
export function retypes(anns: ReadonlyMap<string, Annotation>): boolean {
  if (anns.has('JsonRawValue')) return true;
  for (const name of ['JsonSerialize', 'JsonDeserialize']) {
    const a = anns.get(name);
    if (a && RETYPING_KEYS.some((k) => classOf(a, k) !== undefined)) return true;
  }
  return false;
}

/** `type` as Jackson writes (response) or reads (request) it under `anns`; `type` itself when nothing applies. */
export function retyped(index: ProjectIndex, type: JavaType, anns: ReadonlyMap<string, Annotation>, scope: Scope, direction: Direction): JavaType {
  const a = anns.get(direction === 'request' ? 'JsonDeserialize' : 'JsonSerialize');
  if (!a) return type;
  const side = direction === 'request' ? 0 : 1;
  const converted = classOf(a, 'converter');
  let out = converted ? (converterSide(index, converted, scope, side) ?? type) : narrowed(index, type, classOf(a, 'as'), scope);
  const contentConverter = classOf(a, 'contentConverter');
  const contentAs = classOf(a, 'contentAs');
  if (contentConverter || contentAs) {
    out = withContent(out, (item) => (contentConverter ? (converterSide(index, contentConverter, scope, side) ?? item) : narrowed(index, item, contentAs, scope)));
  }
  return out;
}

/** `@JsonSerialize` / `@JsonDeserialize` on a class that retype it, with its mix-in's first; undefined when none. */
export function classRetyping(annotations: readonly Annotation[]): ReadonlyMap<string, Annotation> | undefined {
  let out: Map<string, Annotation> | undefined;
  for (const a of annotations) {
    const name = simpleName(a.name);
    if ((name === 'JsonSerialize' || name === 'JsonDeserialize') && !out?.has(name) && RETYPING_KEYS.some((k) => classOf(a, k) !== undefined)) (out ??= new Map()).set(name, a);
  }
  return out;
}

function classOf(a: Annotation, key: string): string | undefined {
  const name = classesAttr(a, key)[0];
  return name && !NONE.has(name) && !NONE.has(simpleName(name)) ? name : undefined;
}

/** `as = X.class`: X, unless X is a library collection or map, which keeps the declared shape and element types. */
function narrowed(index: ProjectIndex, type: JavaType, as: string | undefined, scope: Scope): JavaType {
  if (!as) return type;
  const target = resolveRef(index, { name: as, args: [], dims: 0 }, scope, NO_VARIABLES);
  if (target.kind === 'library' && (isContainer(target) || isContainer(type))) return type;
  return target;
}

function isContainer(t: JavaType): boolean {
  const shape = t.kind === 'library' ? libraryShape(t.name)?.kind : undefined;
  return shape === 'array' || shape === 'map';
}

/** The JSON side of a converter class: its input (0, what a request holds) or output (1, what a response holds). */
function converterSide(index: ProjectIndex, name: string, scope: Scope, side: 0 | 1): JavaType | undefined {
  const decl = index.resolveType(name, scope);
  if (!decl) return undefined;
  for (const d of [decl, ...index.ancestors(decl)]) {
    for (const ref of superRefs(d)) {
      const n = simpleName(ref.name);
      if ((n !== 'StdConverter' && n !== 'Converter') || ref.args.length !== 2) continue;
      const arg = ref.args[side]!;
      // A type variable bound further down is not followed: the declared type stays.
      if (d.typeParams.some((p) => p.name === arg.name)) return undefined;
      return resolveRef(index, arg, { type: d, file: d.file }, NO_VARIABLES);
    }
  }
  return undefined;
}

function superRefs(d: TypeDecl): TypeRef[] {
  return d.superclass ? [d.superclass, ...d.interfaces] : d.interfaces;
}

/** `type` with its elements (array, collection, Optional) or map values replaced by `f` of them. */
function withContent(type: JavaType, f: (item: JavaType) => JavaType): JavaType {
  if (type.kind === 'array') return { kind: 'array', item: f(type.item) };
  if (type.kind !== 'library') return type;
  const shape = libraryShape(type.name);
  const at = shape?.kind === 'map' ? shape.value : shape?.kind === 'array' || shape?.kind === 'unwrap' ? 0 : -1;
  const item = type.args[at];
  if (!item) return type;
  const args = type.args.slice();
  args[at] = f(item);
  const { key: _memo, ...rest } = type; // the memoised name is the old type's
  return { ...rest, args };
}

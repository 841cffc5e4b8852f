// A polymorphic request body (a Jackson base type: the body schema's `oneOf`, one branch per
// subtype) as the subtypes the Body tab offers: each one's name, the type ids that select it and
// the example Send would post for it. The editor's text tells which subtype it holds (its type id
// property, wrapper object key or wrapper array's first item); a body with no type id (Jackson's
// DEDUCTION) by the properties it has, else the user's pick decides.

import type { JsonSchema } from '../../core/model/request';
import { requestExampleOf } from '../../core/scan/types/example';
import { derefIn } from './schema-refs';

export interface BodySubtype {
  /** The subtype's class name (its schema title), or the wrapper key when it has none. */
  name: string;
  /** The type ids that select it: discriminator values, a wrapper key or a wrapper array's id. */
  ids: string[];
  /** The branch with the base type's `$defs` beside it: a schema of its own, to check and to fill. */
  schema: JsonSchema;
}

export interface BodySubtypes {
  list: BodySubtype[];
  /** The property holding the type id (`kind`, `@class`), when the id is a property. */
  idProperty?: string | undefined;
  /** How a body names its subtype: a type id property, a wrapper object or array, or nothing (DEDUCTION). */
  form: 'property' | 'wrapper-object' | 'wrapper-array' | 'deduction';
}

/**
 * The Body tab's subtype state of one endpoint: the subtype picked last (it decides when the text
 * names none), the text last typed for each subtype, and how many times the editor's text was
 * swapped (a swap mounts the editor anew). Kept per endpoint across visits; Reset drops it.
 */
export interface SubtypePick {
  picked: number;
  drafts: ReadonlyMap<number, string>;
  swaps: number;
  /** The same for each nested polymorphic part (nested-subtypes.ts), by its path; a draft is that part's JSON. */
  nested?: ReadonlyMap<string, { picked: number; drafts: ReadonlyMap<number, string> }>;
}

export const NO_PICK: SubtypePick = { picked: 0, drafts: new Map(), swaps: 0 };

/** The subtypes of a body whose schema is a polymorphic base type; undefined for any other body. */
export function bodySubtypes(root: JsonSchema | undefined): BodySubtypes | undefined {
  if (!root) return undefined;
  const defs = root.$defs ?? {};
  const deref = derefIn(defs);
  const base = deref(root);
  if (!base.oneOf || base.oneOf.length < 2) return undefined;
  const branches = base.oneOf.map(deref);
  const idProperty = base['x-discriminator']?.propertyName;
  const form: BodySubtypes['form'] = idProperty ? 'property' : branches.every(wrapperArray) ? 'wrapper-array' : branches.every(wrapperKey) ? 'wrapper-object' : 'deduction';
  const list = branches.map((b, i): BodySubtype => {
    const schema = { ...b, $defs: { ...defs, ...b.$defs } };
    if (form === 'wrapper-array') return { name: b.prefixItems![1]!.title ?? `subtype ${i + 1}`, ids: (b.prefixItems![0]!.enum ?? []).map(String), schema };
    if (form === 'wrapper-object') {
      const key = wrapperKey(b)!;
      return { name: deref(b.properties![key]!).title ?? key, ids: [key], schema };
    }
    const ids = idProperty ? (b.properties?.[idProperty]?.enum ?? []).map(String) : [];
    return { name: b.title ?? ids[0] ?? `subtype ${i + 1}`, ids, schema };
  });
  return { list, idProperty, form };
}

/** `["<id>", {...}]`: Jackson's WRAPPER_ARRAY. */
function wrapperArray(b: JsonSchema): boolean {
  return b.type === 'array' && b.prefixItems?.length === 2;
}

/** `{"<id>": {...}}`: Jackson's WRAPPER_OBJECT, one required key and nothing else. */
function wrapperKey(b: JsonSchema): string | undefined {
  const keys = Object.keys(b.properties ?? {});
  return b.additionalProperties === false && keys.length === 1 && b.required?.[0] === keys[0] ? keys[0] : undefined;
}

/** The picker's words for a subtype: its name and, unless the id is the class name itself, its type ids. */
export function subtypeLabel(s: BodySubtype, subtypes: BodySubtypes): string {
  const ids = s.ids.filter((id) => !id.endsWith(s.name));
  if (!ids.length) return s.name;
  return subtypes.idProperty ? `${s.name} (${subtypes.idProperty}: ${ids.join(', ')})` : `${s.name} (${ids.join(', ')})`;
}

/** The body text Send would post for a subtype, as the core writes a draft's body (two-space JSON). */
export function subtypeExample(s: BodySubtype): string {
  return JSON.stringify(requestExampleOf(s.schema), null, 2);
}

/**
 * The subtype a body's text holds, by its type id, or for DEDUCTION the one subtype whose
 * properties hold all the body's; undefined when the text does not say (not JSON, no or an unknown id).
 */
export function detectSubtype(text: string, subtypes: BodySubtypes): number | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  return subtypeOfValue(v, subtypes);
}

/** detectSubtype of a parsed value (a nested one's value: nested-subtypes.ts). */
export function subtypeOfValue(v: unknown, subtypes: BodySubtypes): number | undefined {
  const found = (test: (s: BodySubtype) => boolean) => {
    const i = subtypes.list.findIndex(test);
    return i < 0 ? undefined : i;
  };
  if (subtypes.form === 'wrapper-array') return Array.isArray(v) ? found((s) => s.ids.includes(String(v[0]))) : undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  switch (subtypes.form) {
    case 'property': {
      const id = o[subtypes.idProperty!];
      return id === undefined ? undefined : found((s) => s.ids.includes(String(id)));
    }
    case 'wrapper-object':
      return found((s) => s.ids[0]! in o);
    default: {
      const keys = Object.keys(o);
      if (!keys.length) return undefined;
      const fits = subtypes.list.map((s, i) => (keys.every((k) => k in (s.schema.properties ?? {})) ? i : -1)).filter((i) => i >= 0);
      return fits.length === 1 ? fits[0] : undefined;
    }
  }
}

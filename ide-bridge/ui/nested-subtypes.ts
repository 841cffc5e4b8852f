// The polymorphic parts one level inside a request body: a field whose schema is a Jackson base
// type (`oneOf`), the first item of a list of them (a list field, or a body that is such a list).
// The Body tab offers a picker for each, named by its path (`main`, `extras[0]`, `[0]`); picking
// swaps that part of the JSON only, keeping the rest of what was typed.

import type { JsonSchema } from '../../core/model/request';
import { requestExampleOf } from '../../core/scan/types/example';
import { bodySubtypes, subtypeOfValue } from './body-subtypes';
import type { BodySubtypes } from './body-subtypes';
import { derefIn } from './schema-refs';

export interface NestedSubtypes {
  /** What the picker is labelled with: the field's name, `[0]` after a list. */
  path: string;
  /** The field holding it; undefined for a body that is a list. */
  field?: string | undefined;
  /** The first item of a list is the polymorphic part. */
  item: boolean;
  subtypes: BodySubtypes;
}

/** The nested polymorphic parts of a body whose own schema is not polymorphic, in property order. */
export function nestedSubtypes(root: JsonSchema | undefined): NestedSubtypes[] {
  if (!root) return [];
  const defs = root.$defs ?? {};
  const deref = derefIn(defs);
  /** The subtypes of `s` itself, with the body's `$defs` at hand. */
  const of = (s: JsonSchema | undefined) => (s ? bodySubtypes({ ...deref(s), $defs: { ...defs, ...deref(s).$defs } }) : undefined);
  const base = deref(root);
  if (bodySubtypes(root)) return [];
  const found: NestedSubtypes[] = [];
  if (base.type === 'array') {
    const subtypes = of(base.items);
    if (subtypes) found.push({ path: '[0]', item: true, subtypes });
    return found;
  }
  for (const [field, prop] of Object.entries(base.properties ?? {})) {
    const s = deref(prop);
    const direct = of(s);
    if (direct) found.push({ path: field, field, item: false, subtypes: direct });
    else if (s.type === 'array') {
      const items = of(s.items);
      if (items) found.push({ path: `${field}[0]`, field, item: true, subtypes: items });
    }
  }
  return found;
}

/** The part's value in a parsed body; undefined when the body has no such part. */
function partOf(body: unknown, n: NestedSubtypes): unknown {
  const holder = n.field === undefined ? body : isObject(body) ? body[n.field] : undefined;
  return n.item ? (Array.isArray(holder) ? holder[0] : undefined) : holder;
}

/** The subtype the body's text holds at the part, by its type id (or properties); undefined when it does not say. */
export function detectNested(text: string, n: NestedSubtypes): number | undefined {
  const body = parse(text);
  const part = body === undefined ? undefined : partOf(body, n);
  return part === undefined ? undefined : subtypeOfValue(part, n.subtypes);
}

/** The part's current value as JSON text (what was typed for its subtype), undefined when absent or the body is not JSON. */
export function nestedText(text: string, n: NestedSubtypes): string | undefined {
  const body = parse(text);
  const part = body === undefined ? undefined : partOf(body, n);
  return part === undefined ? undefined : JSON.stringify(part);
}

/**
 * The body with the part replaced by `value` (JSON text), or by the subtype's example; undefined
 * when the body is not JSON of the shape the part lives in (an object, or a list for `[0]`).
 */
export function swapNested(text: string, n: NestedSubtypes, picked: number, value?: string): string | undefined {
  const body = parse(text);
  if (body === undefined) return undefined;
  const part = value !== undefined ? (JSON.parse(value) as unknown) : requestExampleOf(n.subtypes.list[picked]!.schema);
  if (n.field === undefined) {
    if (!Array.isArray(body)) return undefined;
    return format([part, ...body.slice(1)]);
  }
  if (!isObject(body)) return undefined;
  const holder = body[n.field];
  const next = n.item ? [part, ...(Array.isArray(holder) ? holder.slice(1) : [])] : part;
  return format({ ...body, [n.field]: next });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Two-space JSON, as the core writes a draft's body. */
const format = (v: unknown) => JSON.stringify(v, null, 2);

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

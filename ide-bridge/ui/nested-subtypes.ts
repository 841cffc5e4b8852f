// The polymorphic parts inside a request body: a field whose schema is a Jackson base type
// (`oneOf`), the first item of a list of them, at any depth: in a plain object field, or inside
// the subtype a part (or the body itself) holds, so a Group's `children[0]` gets its own picker.
// The Body tab offers a picker for each, named by its path (`main`, `extras[0]`, `[0]`,
// `children[0].children[0]`); picking swaps that part of the JSON only, keeping the rest of what
// was typed. Which subtype a part holds decides the parts found inside it: the one its text names,
// else the one picked, else the first.

import type { JsonSchema } from '../../core/model/request';
import { requestExampleOf } from '../../core/scan/types/example';
import { bodySubtypes, subtypeOfValue } from './body-subtypes';
import type { BodySubtypes } from './body-subtypes';
import { derefIn } from './schema-refs';

/** One step into a body: a field, or the first item of a list. */
export type PartStep = string | 0;

export interface NestedSubtypes {
  /** What the picker is labelled with: `main`, `entries[0]`, `[0]` for a body that is a list, `a.b[0]` deeper. */
  path: string;
  /** Where the part lives in the body. */
  steps: PartStep[];
  subtypes: BodySubtypes;
  /** The subtype the part holds: by its text, else the pick, else the first. */
  shown: number;
}

/** A self-referencing type (a tree's children) is followed this deep at most, where the body goes that deep. */
const MAX_STEPS = 12;
/** Schemas walked at most per call: it runs on every keystroke, and models sharing types branch. */
const MAX_VISITS = 4000;

/**
 * The polymorphic parts of a body whose own schema is not polymorphic (for one that is, pass the
 * subtype shown), in property order, each before the parts inside it. `text` is the editor's body:
 * it says which subtype each part holds; `picked` the pick of a part by path, when its text names none.
 */
export function nestedSubtypes(root: JsonSchema | undefined, text = '', picked: (path: string) => number | undefined = () => undefined): NestedSubtypes[] {
  if (!root || bodySubtypes(root)) return [];
  const defs = root.$defs ?? {};
  const deref = derefIn(defs);
  /** The subtypes of `s` itself, with the body's `$defs` at hand. */
  const of = (s: JsonSchema) => bodySubtypes({ ...deref(s), $defs: { ...defs, ...deref(s).$defs } });
  const body = parse(text);
  const found: NestedSubtypes[] = [];
  let visits = 0;
  /**
   * `refs`: the types already entered on the way here; one is entered again only where the body
   * goes on (holds the field or list it would be in: a group's empty `children` offers its first).
   * `held`: the schema is the subtype shown by the picker at these steps; a subtype that is a base
   * type itself (or lists its own base) gets no second picker there, else the walk would go round
   * the same path, one picker each time.
   */
  const walk = (schema: JsonSchema | undefined, steps: PartStep[], refs: ReadonlySet<string>, held = false) => {
    if (!schema || steps.length > MAX_STEPS || ++visits > MAX_VISITS) return;
    const value = body === undefined ? undefined : valueAt(body, steps);
    if (schema.$ref) {
      if (refs.has(schema.$ref) && (body === undefined || valueAt(body, steps.slice(0, -1)) === undefined)) return;
      refs = new Set(refs).add(schema.$ref);
    }
    const subtypes = steps.length && !held ? of(schema) : undefined;
    if (subtypes) {
      const path = pathLabel(steps);
      const named = value === undefined ? undefined : subtypeOfValue(value, subtypes);
      const shown = named ?? inRange(picked(path), subtypes.list.length) ?? 0;
      found.push({ path, steps, subtypes, shown });
      return walk(subtypes.list[shown]!.schema, steps, refs, true);
    }
    const s = deref(schema);
    if (s.type === 'array') return walk(s.items, [...steps, 0], refs);
    for (const [field, prop] of Object.entries(s.properties ?? {})) walk(prop, [...steps, field], refs);
  };
  walk(root, [], new Set());
  return found;
}

/** The part's current value as JSON text (what was typed for its subtype), undefined when absent or the body is not JSON. */
export function nestedText(text: string, n: NestedSubtypes): string | undefined {
  const body = parse(text);
  const part = body === undefined ? undefined : valueAt(body, n.steps);
  return part === undefined ? undefined : JSON.stringify(part);
}

/**
 * The body with the part replaced by `value` (JSON text), or by the subtype's example; undefined
 * when the body is not JSON of the shape the part lives in (an object, or a list for `[0]`, all the
 * way down; a field or list missing on the way is made).
 */
export function swapNested(text: string, n: NestedSubtypes, picked: number, value?: string): string | undefined {
  const body = parse(text);
  if (body === undefined || (n.steps[0] === 0 ? !Array.isArray(body) : !isObject(body))) return undefined;
  const part = value !== undefined ? (JSON.parse(value) as unknown) : requestExampleOf(n.subtypes.list[picked]!.schema);
  const next = setAt(body, n.steps, part);
  return next === undefined ? undefined : format(next);
}

function valueAt(body: unknown, steps: readonly PartStep[]): unknown {
  let at = body;
  for (const step of steps) {
    if (step === 0) at = Array.isArray(at) ? at[0] : undefined;
    else at = isObject(at) ? at[step] : undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

/** `holder` with `part` at `steps`: copies on the way, the other fields and items kept in their order. */
function setAt(holder: unknown, steps: readonly PartStep[], part: unknown): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return part;
  if (step === 0) {
    if (holder != null && !Array.isArray(holder)) return undefined;
    const list = (holder ?? []) as unknown[];
    const first = setAt(list[0], rest, part);
    return first === undefined ? undefined : [first, ...list.slice(1)];
  }
  if (holder != null && !isObject(holder)) return undefined;
  const object = (holder ?? {}) as Record<string, unknown>;
  const inner = setAt(object[step], rest, part);
  return inner === undefined ? undefined : { ...object, [step]: inner };
}

function pathLabel(steps: readonly PartStep[]): string {
  return steps.map((s, i) => (s === 0 ? '[0]' : i ? `.${s}` : s)).join('');
}

const inRange = (i: number | undefined, n: number) => (i !== undefined && i >= 0 && i < n ? i : undefined);
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

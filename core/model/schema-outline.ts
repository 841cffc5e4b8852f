// A JSON schema as the rows a reader scans: each field with its depth, type, whether it is
// required and its description; an array's items and each subtype of a polymorphic type (with the
// type id that picks it) as rows of their own. `apiscout show` prints these rows and the
// explorer's Docs tab draws them, so both read a model the same way.

import type { JsonSchema } from './request';

export type OutlineRow =
  | { kind: 'items'; depth: number; type: string }
  /** A map's values (`Map<String, OrderDto>`, a class extending HashMap): any (string) key, each value of `type`. */
  | { kind: 'entries'; depth: number; type: string }
  | { kind: 'subtype'; depth: number; name: string; ids?: { property: string; values: string[] } }
  | { kind: 'field'; depth: number; name: string; type: string; required: boolean; description?: string };

/** How deep nested objects are opened: a self-referencing model stops here. */
const MAX_NESTING = 6;

/** A schema's type as a short label: `string(date-time)`, `enum(A|B)`, `OrderDto[]`, a model's title; references read in `defs`. */
export function typeLabel(schema: JsonSchema, defs: Readonly<Record<string, JsonSchema>> = {}): string {
  const s = derefIn(schema, defs);
  if (s.oneOf && s.title) return s.title;
  if (s.type === 'array') return `${s.items ? typeLabel(s.items, defs) : 'any'}[]`;
  if (s.enum) return `enum(${s.enum.join('|')})`;
  const t = Array.isArray(s.type) ? s.type.join('|') : s.type ?? 'any';
  return s.format ? `${t}(${s.format})` : s.title && t === 'object' ? s.title : t;
}

/** The schema's rows, fields at `depth` (1 for the top level), nested objects and polymorphic fields opened below their field. */
export function schemaOutline(schema: JsonSchema, depth = 1, nesting = 0): OutlineRow[] {
  const defs = schema.$defs ?? {};
  // The body's own type among its `$defs` (a tree's node): a reference to it is named, not opened again.
  const own = Object.keys(defs).filter((k) => schema['x-java-type'] !== undefined && defs[k]!['x-java-type'] === schema['x-java-type']);
  return outline(schema, depth, nesting, defs, own.map((k) => `#/$defs/${k}`));
}

/** `open`: the references being opened on the way down; one of them met again is named only. */
function outline(schema: JsonSchema, depth: number, nesting: number, defs: Readonly<Record<string, JsonSchema>>, open: readonly string[]): OutlineRow[] {
  const out: OutlineRow[] = [];
  /** `s`'s rows one level down, unless too deep or a model already open above. */
  const below = (s: JsonSchema): OutlineRow[] => {
    if (nesting >= MAX_NESTING || (s.$ref && open.includes(s.$ref))) return [];
    return outline(derefIn(s, defs), depth + 1, nesting + 1, defs, s.$ref ? [...open, s.$ref] : open);
  };
  const target = schema.type === 'array' && schema.items ? derefIn(schema.items, defs) : schema;
  if (schema.type === 'array') out.push({ kind: 'items', depth, type: typeLabel(target, defs) });
  // A Jackson polymorphic type: each subtype, the type id that picks it, its fields.
  const id = target['x-discriminator']?.propertyName;
  for (const ref of target.oneOf ?? []) {
    const branch = derefIn(ref, defs);
    // WRAPPER_ARRAY: `["<id>", {...}]`, the subtype is the second item.
    const [idItem, inner] = branch.prefixItems?.length === 2 ? branch.prefixItems : [undefined, branch];
    const values = (id ? branch.properties?.[id]?.enum : idItem?.enum)?.map(String);
    out.push({ kind: 'subtype', depth, name: derefIn(inner!, defs).title ?? typeLabel(branch, defs), ...(values ? { ids: { property: id ?? 'id', values } } : {}) });
    out.push(...below(inner!));
  }
  const values = target.additionalProperties;
  if (!target.properties && typeof values === 'object') {
    out.push({ kind: 'entries', depth, type: typeLabel(values, defs) });
    const v = derefIn(values, defs);
    const inner = v.type === 'array' && v.items ? v.items : values;
    const opened = derefIn(inner, defs);
    if (opened.properties || opened.oneOf) out.push(...below(inner));
  }
  const required = new Set(target.required ?? []);
  for (const [name, prop] of Object.entries(target.properties ?? {})) {
    const description = oneLine(prop.description);
    out.push({ kind: 'field', depth, name, type: typeLabel(prop, defs), required: required.has(name), ...(description ? { description } : {}) });
    // Opened below it: an object's fields, a polymorphic field's subtypes (a list's items' alike), a map of models' entries.
    const p = derefIn(prop, defs);
    const inner = p.type === 'array' && p.items ? p.items : prop;
    const opened = derefIn(inner, defs);
    if (opened.properties || opened.oneOf || (typeof opened.additionalProperties === 'object' && derefIn(opened.additionalProperties, defs).properties)) out.push(...below(inner));
  }
  return out;
}

/** A description's lines on one line: a line that ends a sentence is followed by a space, any other by `; `. */
function oneLine(text: string | undefined): string | undefined {
  return text?.trim().replace(/([.!?:;。])?\s*\n\s*/g, (_, end: string | undefined) => (end ? `${end} ` : '; '));
}

/** A reference into the body's `$defs` followed; any other schema is itself. */
function derefIn(s: JsonSchema, defs: Readonly<Record<string, JsonSchema>>): JsonSchema {
  return s.$ref?.startsWith('#/$defs/') ? (defs[s.$ref.slice(8)] ?? s) : s;
}

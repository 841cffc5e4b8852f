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

/** A schema's type as a short label: `string(date-time)`, `enum(A|B)`, `OrderDto[]`, a model's title. */
export function typeLabel(s: JsonSchema): string {
  if (s.oneOf && s.title) return s.title;
  if (s.type === 'array') return `${s.items ? typeLabel(s.items) : 'any'}[]`;
  if (s.enum) return `enum(${s.enum.join('|')})`;
  const t = Array.isArray(s.type) ? s.type.join('|') : s.type ?? 'any';
  return s.format ? `${t}(${s.format})` : s.title && t === 'object' ? s.title : t;
}

/** The schema's rows, fields at `depth` (1 for the top level), nested objects opened below their field. */
export function schemaOutline(schema: JsonSchema, depth = 1, nesting = 0): OutlineRow[] {
  const out: OutlineRow[] = [];
  const target = schema.type === 'array' && schema.items ? schema.items : schema;
  if (schema.type === 'array') out.push({ kind: 'items', depth, type: typeLabel(target) });
  // A Jackson polymorphic type: each subtype, the type id that picks it, its fields.
  const id = target['x-discriminator']?.propertyName;
  for (const branch of target.oneOf ?? []) {
    // WRAPPER_ARRAY: `["<id>", {...}]`, the subtype is the second item.
    const [idItem, inner] = branch.prefixItems?.length === 2 ? branch.prefixItems : [undefined, branch];
    const values = (id ? branch.properties?.[id]?.enum : idItem?.enum)?.map(String);
    out.push({ kind: 'subtype', depth, name: inner!.title ?? typeLabel(branch), ...(values ? { ids: { property: id ?? 'id', values } } : {}) });
    if (nesting < MAX_NESTING) out.push(...schemaOutline(inner!, depth + 1, nesting + 1));
  }
  const values = target.additionalProperties;
  if (!target.properties && typeof values === 'object') {
    out.push({ kind: 'entries', depth, type: typeLabel(values) });
    const inner = values.type === 'array' && values.items ? values.items : values;
    if (inner.properties && nesting < MAX_NESTING) out.push(...schemaOutline(inner, depth + 1, nesting + 1));
  }
  const required = new Set(target.required ?? []);
  for (const [name, prop] of Object.entries(target.properties ?? {})) {
    const description = oneLine(prop.description);
    out.push({ kind: 'field', depth, name, type: typeLabel(prop), required: required.has(name), ...(description ? { description } : {}) });
    const inner = prop.type === 'array' && prop.items ? prop.items : prop;
    // A map of models (`Map<String, OrderDto>`) opens too: its entries row, then the model's fields.
    const opens = inner.properties || (typeof inner.additionalProperties === 'object' && inner.additionalProperties.properties);
    if (opens && nesting < MAX_NESTING) out.push(...schemaOutline(inner, depth + 1, nesting + 1));
  }
  return out;
}

/** A description's lines on one line: a line that ends a sentence is followed by a space, any other by `; `. */
function oneLine(text: string | undefined): string | undefined {
  return text?.trim().replace(/([.!?:;。])?\s*\n\s*/g, (_, end: string | undefined) => (end ? `${end} ` : '; '));
}

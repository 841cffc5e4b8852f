// A JSON Schema as rows of a field table: nested fields follow their parent one level deeper,
// array items are walked through, the subtypes of a polymorphic type are rows of their own with
// their fields under them, and recursion stops at a type already on the way down.

import type { JsonSchema } from '../model/request';

export interface FieldRow {
  depth: number;
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export function schemaRows(root: JsonSchema, maxDepth = 8): FieldRow[] {
  const defs = root.$defs ?? {};
  const rows: FieldRow[] = [];
  // The types being expanded on the way down, as one stack: a Markdown export walks every
  // DTO's fields for thousands of endpoints while this code still runs unoptimised.
  const path: string[] = [root['x-java-type'] ?? root.title ?? ''];
  const walk = (schema: JsonSchema, depth: number) => {
    const target = deref(schema, defs);
    const object = target.type === 'array' && target.items ? deref(target.items, defs) : target;
    if (object.oneOf) return variants(object, depth);
    const props = object.properties;
    if (!props) return;
    const required = object.required ?? [];
    for (const name in props) {
      const prop = props[name]!;
      const p = deref(prop, defs);
      rows.push({ depth, name, type: typeLabel(p, defs), required: required.includes(name), description: prop.description ?? p.description ?? '' });
      // A type already being expanded on the way down (a tree's children) is named, not repeated.
      const inner = p.type === 'array' && p.items ? deref(p.items, defs) : p;
      const key = inner['x-java-type'] ?? inner.title ?? p['x-java-type'] ?? name;
      if (depth < maxDepth && !path.includes(key)) {
        path.push(key);
        walk(p, depth + 1);
        path.pop();
      }
    }
  };
  // A polymorphic type (Jackson subtypes): a row per subtype saying which type id picks it, its fields under it.
  const variants = (schema: JsonSchema, depth: number) => {
    const id = schema['x-discriminator']?.propertyName;
    for (const branch of schema.oneOf ?? []) {
      let b = deref(branch, defs);
      const ids = id ? b.properties?.[id]?.enum : undefined;
      // Jackson's WRAPPER_OBJECT: `{"<id>": {...}}`, named by the subtype inside.
      const keys = Object.keys(b.properties ?? {});
      const wrapped = !ids && b.additionalProperties === false && keys.length ? deref(b.properties![keys[0]!]!, defs) : undefined;
      // WRAPPER_ARRAY: `["<id>", {...}]`: the subtype's fields are those of the second item.
      const pair = b.prefixItems?.length === 2 ? b.prefixItems : undefined;
      const name = b.title ?? wrapped?.title ?? (pair && deref(pair[1]!, defs).title) ?? typeLabel(b, defs);
      const description = ids
        ? `${id}: ${ids.map(String).join(', ')}`
        : wrapped
          ? `wrapped in ${keys.map((k) => `{"${k}": …}`).join(' or ')}`
          : pair
            ? `written as [${(pair[0]!.enum ?? []).map((v) => JSON.stringify(v)).join(' | ')}, {…}]`
            : (b.description ?? '');
      if (pair) b = deref(pair[1]!, defs);
      rows.push({ depth, name, type: 'one of', required: false, description });
      const key = b['x-java-type'] ?? b.title;
      if (depth < maxDepth && !(key && path.includes(key))) {
        if (key) path.push(key);
        walk(b, depth + 1);
        if (key) path.pop();
      }
    }
  };
  walk(root, 0);
  return rows;
}

function deref(s: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  return s.$ref?.startsWith('#/$defs/') ? (defs[s.$ref.slice(8)] ?? s) : s;
}

export function typeLabel(s: JsonSchema, defs: Record<string, JsonSchema> = {}): string {
  const t = deref(s, defs);
  if (t.oneOf && t.title) return t.title; // a polymorphic type, whatever its subtypes are written as
  if (t.type === 'array') return `${t.items ? typeLabel(t.items, defs) : 'any'}[]`;
  if (t.enum) return `enum (${t.enum.map(String).join(', ')})`;
  const type = Array.isArray(t.type) ? t.type.join(' | ') : (t.type ?? 'any');
  if (type === 'object' && t.title) return t.title;
  return t.format ? `${type} (${t.format})` : type;
}

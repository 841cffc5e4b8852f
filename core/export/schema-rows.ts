// A JSON Schema as rows of a field table: nested fields follow their parent one level deeper,
// array items are walked through, and recursion stops at a type already on the way down.

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
  const walk = (schema: JsonSchema, depth: number, path: string[]) => {
    const target = deref(schema, defs);
    const object = target.type === 'array' && target.items ? deref(target.items, defs) : target;
    const required = new Set(object.required ?? []);
    for (const [name, prop] of Object.entries(object.properties ?? {})) {
      const p = deref(prop, defs);
      rows.push({ depth, name, type: typeLabel(p, defs), required: required.has(name), description: prop.description ?? p.description ?? '' });
      // A type already being expanded on the way down (a tree's children) is named, not repeated.
      const inner = p.type === 'array' && p.items ? deref(p.items, defs) : p;
      const key = inner['x-java-type'] ?? inner.title ?? p['x-java-type'] ?? name;
      if (depth < maxDepth && !path.includes(key)) walk(p, depth + 1, [...path, key]);
    }
  };
  walk(root, 0, [root['x-java-type'] ?? root.title ?? '']);
  return rows;
}

function deref(s: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  return s.$ref?.startsWith('#/$defs/') ? (defs[s.$ref.slice(8)] ?? s) : s;
}

export function typeLabel(s: JsonSchema, defs: Record<string, JsonSchema> = {}): string {
  const t = deref(s, defs);
  if (t.type === 'array') return `${t.items ? typeLabel(t.items, defs) : 'any'}[]`;
  if (t.enum) return `enum (${t.enum.map(String).join(', ')})`;
  const type = Array.isArray(t.type) ? t.type.join(' | ') : (t.type ?? 'any');
  if (type === 'object' && t.title) return t.title;
  return t.format ? `${type} (${t.format})` : type;
}

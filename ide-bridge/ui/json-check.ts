// Checks a JSON body against the endpoint's body schema, for the editor's warnings: the types,
// required properties and enum values a server would reject. A small walker over the keywords
// the scanner writes, not a full validator: anything it does not know it lets through.

import type { Endpoint } from './request-draft';
import { derefIn, refName } from './schema-refs';

type Schema = NonNullable<NonNullable<Endpoint['request']>['body']>['schema'];

export interface SchemaProblem {
  /** JSON pointer-like path: `items[0].quantity`. */
  at: string;
  message: string;
}

export function checkAgainstSchema(value: unknown, schema: Schema, limit = 20): SchemaProblem[] {
  let problems: SchemaProblem[] = [];
  const defs = schema.$defs ?? {};
  const walk = (v: unknown, s: Schema, at: string, depth: number): void => {
    if (problems.length >= limit || depth > 32) return;
    if (s.$ref) {
      const name = refName(s.$ref);
      const target = defs[name];
      if (target) walk(v, target, at, depth + 1);
      return;
    }
    if (s.oneOf) return variant(v, s, at, depth);
    if (v === null) {
      const types = Array.isArray(s.type) ? s.type : [s.type];
      if (s.type && !types.includes('null')) problems.push({ at, message: `null where ${typeName(s)} is expected` });
      return;
    }
    if (s.enum && !s.enum.some((x) => x === v)) {
      problems.push({ at, message: `${JSON.stringify(v)} is not one of ${s.enum.map((x) => JSON.stringify(x)).join(', ')}` });
      return;
    }
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    if (types.length && !types.some((t) => fits(v, t))) {
      problems.push({ at, message: `${kindOf(v)} where ${typeName(s)} is expected` });
      return;
    }
    if (Array.isArray(v) && s.prefixItems) s.prefixItems.forEach((p, i) => i < v.length && walk(v[i], p, `${at}[${i}]`, depth + 1));
    else if (Array.isArray(v) && s.items) v.forEach((x, i) => walk(x, s.items!, `${at}[${i}]`, depth + 1));
    else if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const r of s.required ?? []) if (!(r in o)) problems.push({ at: at || '(body)', message: `missing required property '${r}'` });
      for (const [k, sub] of Object.entries(s.properties ?? {})) if (k in o) walk(o[k], sub, at ? `${at}.${k}` : k, depth + 1);
    }
  };
  const deref = derefIn(defs);
  /**
   * A polymorphic type (Jackson subtypes): the type id names the subtype the server reads, so
   * the body is checked against that one; with no id property, against the subtype it fits best.
   */
  const variant = (v: unknown, s: Schema, at: string, depth: number): void => {
    const branches = s.oneOf!.map(deref);
    const id = s['x-discriminator']?.propertyName;
    if (id && typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const ids = branches.flatMap((b) => b.properties?.[id]?.enum ?? []);
      const given = (v as Record<string, unknown>)[id];
      const chosen = branches.find((b) => b.properties?.[id]?.enum?.some((x) => x === given));
      if (chosen) return walk(v, chosen, at, depth + 1);
      const listed = ids.map((x) => JSON.stringify(x)).join(', ');
      problems.push({ at: at || '(body)', message: given === undefined ? `missing type id '${id}' (one of ${listed})` : `${JSON.stringify(given)} is not a type id: one of ${listed}` });
      return;
    }
    // Subtypes whose required properties the body has come first (a wrapper's one key tells them apart).
    const has = (b: Schema) => typeof v === 'object' && v !== null && (b.required ?? []).every((r) => r in v);
    const outer = problems;
    let best: SchemaProblem[] | undefined;
    for (const b of [...branches.filter(has), ...branches.filter((b) => !has(b))]) {
      problems = [];
      walk(v, b, at, depth + 1);
      if (!best || problems.length < best.length) best = problems;
      if (!best.length) break;
    }
    problems = outer;
    problems.push(...(best ?? []).slice(0, Math.max(0, limit - problems.length)));
  };
  walk(value, schema, '', 0);
  return problems;
}

function fits(v: unknown, t: string): boolean {
  switch (t) {
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'number':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'null':
      return v === null;
    default:
      return true;
  }
}

function kindOf(v: unknown): string {
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'an integer' : 'a number';
  return `a ${typeof v}`;
}

function typeName(s: Schema): string {
  const t = Array.isArray(s.type) ? s.type.join(' or ') : s.type;
  return s.format ? `${t} (${s.format})` : (t ?? 'a value');
}

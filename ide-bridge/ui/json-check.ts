// Checks a JSON body against the endpoint's body schema, for the editor's warnings: the types,
// required properties and enum values a server would reject. A small walker over the keywords
// the scanner writes, not a full validator: anything it does not know it lets through.

import type { Endpoint } from './request-draft';

type Schema = NonNullable<NonNullable<Endpoint['request']>['body']>['schema'];

export interface SchemaProblem {
  /** JSON pointer-like path: `items[0].quantity`. */
  at: string;
  message: string;
}

export function checkAgainstSchema(value: unknown, schema: Schema, limit = 20): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const defs = schema.$defs ?? {};
  const walk = (v: unknown, s: Schema, at: string, depth: number): void => {
    if (problems.length >= limit || depth > 32) return;
    if (s.$ref) {
      const name = s.$ref.replace(/^#\/\$defs\//, '');
      const target = defs[name];
      if (target) walk(v, target, at, depth + 1);
      return;
    }
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
    if (Array.isArray(v) && s.items) v.forEach((x, i) => walk(x, s.items!, `${at}[${i}]`, depth + 1));
    else if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      for (const r of s.required ?? []) if (!(r in o)) problems.push({ at: at || '(body)', message: `missing required property '${r}'` });
      for (const [k, sub] of Object.entries(s.properties ?? {})) if (k in o) walk(o[k], sub, at ? `${at}.${k}` : k, depth + 1);
    }
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

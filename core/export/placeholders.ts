// Variable placeholders (spec §4.6.2): `{{name}}` and `${name}`, in URLs, headers and inside
// serialised JSON bodies. Resolution never guesses: a placeholder without a value stays as
// written and is reported, once per name.

import type { Environment, VariableLookup } from '../model/environment';

const PLACEHOLDER = /\{\{\s*([A-Za-z_$][\w.$-]*)\s*\}\}|\$\{([A-Za-z_][\w.-]*)\}/g;

export interface Resolver {
  /** The text with every placeholder that has a value replaced. */
  text(text: string): string;
  /** A JSON value with placeholders replaced in every string and key (so values stay JSON-escaped). */
  json(value: unknown): unknown;
  /** Names that had no value, in order of first use. */
  readonly missing: string[];
}

/** The lookup of spec §4.6.4: the given lookup (environment, then config reader), else the environment alone. */
export function lookupFor(environment?: Environment, lookup?: VariableLookup): VariableLookup {
  if (lookup) return lookup;
  const values = new Map((environment?.variables ?? []).map((v) => [v.key, v.value]));
  return (name) => values.get(name);
}

export function createResolver(lookup: VariableLookup): Resolver {
  const missing: string[] = [];
  const noted = new Set<string>();
  const text = (input: string): string =>
    input.includes('{{') || input.includes('${')
      ? input.replace(PLACEHOLDER, (whole, curly: string | undefined, dollar: string | undefined) => {
          const name = (curly ?? dollar)!;
          const value = lookup(name);
          if (value !== undefined) return value;
          if (!noted.has(name)) {
            noted.add(name);
            missing.push(name);
          }
          return whole;
        })
      : input;
  const json = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(json);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[text(k)] = json(v);
      return out;
    }
    return value;
  };
  return { text, json, missing };
}

/** Placeholders left as they are: the Keep mode, and every channel that has variables of its own. */
export const keepPlaceholders: Resolver = { text: (t) => t, json: (v) => v, missing: [] };

/** `{{name}}` and `${name}` rewritten to another tool's syntax (Hoppscotch's `<<name>>`). */
export function rewritePlaceholders(text: string, to: (name: string) => string): string {
  return text.includes('{{') || text.includes('${') ? text.replace(PLACEHOLDER, (_w, c: string | undefined, d: string | undefined) => to((c ?? d)!)) : text;
}

// Placeholder handling for the exporters, on top of core/env/placeholders (the one
// implementation of `{{name}}` / `${name}` and of the lookup order): a resolver that remembers
// which names had no value, and the rewrite to other tools' variable syntax.

import { substitute, substituteDeep, substituteJsonText, variableLookup } from '../env/placeholders';
import type { Environment, VariableLookup } from '../model/environment';

export interface Resolver {
  /** The text with every placeholder that has a value replaced. */
  text(text: string): string;
  /** A JSON value with placeholders replaced in every string and key (so values stay JSON-escaped). */
  json(value: unknown): unknown;
  /** Serialised JSON (an edited body) with placeholders replaced, JSON-escaped inside strings. */
  jsonText(text: string): string;
  /** Names that had no value, in order of first use. */
  readonly missing: string[];
}

/** The given lookup (environment, then config reader), else one over the environment alone. */
export function lookupFor(environment?: Environment, lookup?: VariableLookup): VariableLookup {
  return lookup ?? variableLookup({ environment });
}

export function createResolver(lookup: VariableLookup): Resolver {
  const missing = new Set<string>();
  return {
    text: (t) => substitute(t, lookup, missing),
    json: (v) => substituteDeep(v, lookup, missing),
    jsonText: (t) => substituteJsonText(t, lookup, missing),
    get missing() {
      return [...missing];
    },
  };
}

/** Placeholders left as they are: the Keep mode, and every channel that has variables of its own. */
export const keepPlaceholders: Resolver = { text: (t) => t, json: (v) => v, jsonText: (t) => t, missing: [] };

const PLACEHOLDER = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}|\$\{\s*([^{}\s][^{}]*?)\s*\}/g;

/** A name a variable can have: anything else in braces (`${day>3}` in example data) is text, not a placeholder. */
const VARIABLE_NAME = /^[A-Za-z_$][\w.$-]*$/;

/** `{{name}}` and `${name}` rewritten to another tool's syntax (Hoppscotch's `<<name>>`). */
export function rewritePlaceholders(text: string, to: (name: string) => string): string {
  if (!text.includes('{{') && !text.includes('${')) return text;
  return text.replace(PLACEHOLDER, (whole: string, c: string | undefined, d: string | undefined) => {
    const name = (c ?? d)!;
    return VARIABLE_NAME.test(name) ? to(name) : whole;
  });
}

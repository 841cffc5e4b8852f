// Variable placeholders (spec §4.6): `{{name}}` and `${name}` in URLs, headers, parameters and
// bodies, filled from the active environment first, then the config reader. A placeholder with no
// value stays as written, and the caller hears which names were missing.

import { readConfig } from '../config/config-reader';
import type { ConfigValues } from '../config/config-reader';
import type { Diagnostic } from '../model/endpoint';
import type { Environment, VariableLookup } from '../model/environment';
import type { Warn } from '../store/json-file';
import { EnvironmentStore } from './environments';

const PLACEHOLDER = /\{\{\s*([^{}\s][^{}]*?)\s*\}\}|\$\{\s*([^{}\s][^{}]*?)\s*\}/g;
/** A value that refers to other variables is resolved this many levels deep, no further. */
const MAX_DEPTH = 8;

/** `text` with its placeholders taken out: what it holds of its own. */
export function withoutPlaceholders(text: string): string {
  return text.replace(PLACEHOLDER, '');
}

/** The names of the placeholders in `text`, in order of first appearance. */
export function placeholdersIn(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) names.add((m[1] ?? m[2])!);
  return [...names];
}

/** Replaces every placeholder that has a value; names without one go into `missing`. */
export function substitute(text: string, lookup: VariableLookup, missing?: Set<string>): string {
  if (!text.includes('{{') && !text.includes('${')) return text;
  return text.replace(PLACEHOLDER, (whole, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    const value = lookup(name);
    if (value === undefined) {
      missing?.add(name);
      return whole;
    }
    return value;
  });
}

/**
 * Substitutes inside serialised JSON: within a string literal the value is JSON-escaped, so a
 * value holding quotes or newlines keeps the document valid; outside strings (`"id": {{id}}`) it
 * goes in as written, so numbers and booleans can come from variables.
 */
export function substituteJsonText(text: string, lookup: VariableLookup, missing?: Set<string>): string {
  if (!text.includes('{{') && !text.includes('${')) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const quote = text.indexOf('"', i);
    if (quote < 0) {
      out += substitute(text.slice(i), lookup, missing);
      break;
    }
    out += substitute(text.slice(i, quote), lookup, missing);
    let end = quote + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    const inner = text.slice(quote + 1, Math.min(end, text.length));
    const escaped: VariableLookup = (name) => {
      const v = lookup(name);
      return v === undefined ? undefined : JSON.stringify(v).slice(1, -1);
    };
    out += `"${substitute(inner, escaped, missing)}${end < text.length ? '"' : ''}`;
    i = end + 1;
  }
  return out;
}

/** Substitutes in every string (keys included) of a JSON value, returning a new value. */
export function substituteDeep<T>(value: T, lookup: VariableLookup, missing?: Set<string>): T {
  if (typeof value === 'string') return substitute(value, lookup, missing) as T;
  if (Array.isArray(value)) return value.map((v) => substituteDeep(v, lookup, missing)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [substitute(k, lookup, missing), substituteDeep(v, lookup, missing)])) as T;
  }
  return value;
}

export interface LookupSources {
  /** The environment in force (the active one, or one named for this run). */
  environment?: Environment;
  config?: ConfigValues;
}

/**
 * The lookup order of spec §4.6: environment, then the config reader. A secret variable this user
 * has no value for counts as missing. Values may themselves hold placeholders (`url=${host}/v1`).
 */
export function variableLookup(sources: LookupSources): VariableLookup {
  const env = new Map<string, string>();
  for (const v of sources.environment?.variables ?? []) if (!(v.secret && v.value === '')) env.set(v.key, v.value);
  const raw = (name: string): string | undefined => env.get(name) ?? sources.config?.get(name);
  const resolve = (name: string, depth: number, seen: Set<string>): string | undefined => {
    const value = raw(name) ?? springDefault(name, (key) => resolve(key, depth + 1, seen));
    if (value === undefined || depth >= MAX_DEPTH || seen.has(name)) return value;
    const next = new Set(seen).add(name);
    return substitute(value, (inner) => (next.has(inner) ? undefined : resolve(inner, depth + 1, next)));
  };
  return (name) => resolve(name, 0, new Set());
}

/**
 * Spring's `${key:default}`, as application properties write a port (`server.port=${PORT:8081}`):
 * the key's value, else the default. Only when no variable is named so as a whole.
 */
function springDefault(name: string, lookup: (key: string) => string | undefined): string | undefined {
  const colon = name.indexOf(':');
  if (colon <= 0) return undefined;
  return lookup(name.slice(0, colon).trim()) ?? name.slice(colon + 1);
}

export interface LoadLookupOptions {
  projectDir: string;
  /** The endpoint's module, relative to projectDir: selects its legacy and Spring config. */
  moduleDir?: string;
  /** Files the module's `@PropertySource`s add to its Spring config (ModuleSummary.propertySources). */
  propertySources?: readonly string[];
  /** The per-user folder (userConfigDir()). */
  userDir: string;
  /** An environment name for this run; absent: the user's active environment, if any; null: none. */
  environment?: string | null;
  warn?: Warn;
  diagnostics?: Diagnostic[];
}

export interface LoadedLookup {
  lookup: VariableLookup;
  /** The environment used, if any. */
  environment?: Environment;
  config: ConfigValues;
}

/** Reads the environment store and the config reader of a project and builds its lookup. */
export function loadVariableLookup(options: LoadLookupOptions): LoadedLookup {
  const store = new EnvironmentStore({ projectDir: options.projectDir, userDir: options.userDir, warn: options.warn });
  const environment = options.environment === null ? undefined : options.environment !== undefined ? store.require(options.environment) : store.active();
  const config = readConfig({ projectDir: options.projectDir, moduleDir: options.moduleDir, propertySources: options.propertySources, diagnostics: options.diagnostics });
  return { lookup: variableLookup({ environment, config }), environment, config };
}

// Calls read from a source file's text where the source model keeps no method bodies (a main
// method setting properties, an `@Bean OpenAPI` building its security): the arguments of each
// call as written, and an argument's value when it is a literal or a constant. Shared by
// code-properties.ts and frameworks/openapi-bean-security.ts.

import type { ProjectIndex, Scope } from './project-index';
import { matching, splitTop } from './config-text';

/** The arguments of one call, the text just before its `.name(` (its receiver), and where the match starts. */
export type Call = string[] & { before: string; offset: number };

/**
 * Each `name(...)` call in `code` (comments blanked). `chained`: only `.name(` (a builder chain
 * may start a line with it); else also a call with no receiver.
 */
export function callsIn(code: string, name: string, chained = false): Call[] {
  const out: Call[] = [];
  const re = new RegExp(chained ? `\\.\\s*${name}\\s*\\(` : `(?:\\.\\s*|(?<![\\w.$]))${name}\\s*\\(`, 'g');
  for (const m of code.matchAll(re)) {
    const open = m.index + m[0].length - 1;
    const close = matching(code, open);
    if (close < 0) continue;
    const args = splitTop(code.slice(open + 1, close), ',') as Call;
    args.before = code.slice(Math.max(0, m.index - 40), m.index);
    args.offset = m.index;
    out.push(args);
  }
  return out;
}

/** A string or number literal, a constant, or `String.valueOf`/`toString()` of one; undefined otherwise. */
export function literalValue(text: string, index: ProjectIndex, scope: Scope | undefined): string | undefined {
  const t = text.replace(/^String\.valueOf\s*\(([\s\S]*)\)$/, '$1').replace(/\.toString\(\)$/, '').trim();
  const lit = /^"((?:[^"\\$]|\\.)*)"$/.exec(t);
  if (lit) return lit[1]!.replace(/\\(.)/g, '$1');
  if (/^\d+$/.test(t)) return t;
  if (scope && /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(t)) {
    const r = index.evalString({ kind: 'name', name: t }, scope);
    if ('value' in r) return r.value;
  }
  return undefined;
}

/**
 * A string argument folded as the compiler would: literals and constants joined with `+`
 * (`ApiPaths.ROOT + "/*"`); undefined when any part is not one.
 */
export function foldedString(text: string, index: ProjectIndex, scope: Scope | undefined): string | undefined {
  const parts = splitTop(text, '+');
  let out = '';
  for (const part of parts) {
    const v = literalValue(part, index, scope);
    if (v === undefined) return undefined;
    out += v;
  }
  return parts.length ? out : undefined;
}

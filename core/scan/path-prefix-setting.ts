// The project setting `paths.prefixes`: prefixes the source cannot say (a gateway route, a
// prefix built at runtime), by package or class pattern. Each entry is `pattern=prefix`:
// `com.acme.admin.**=/admin-api` (every class in or under the package), `**.*AdminController=/admin`
// (classes by name), matched like Spring's AntPathMatcher over the dotted class name. The first
// matching entry wins. Applied to HTTP endpoints as they are built, so the prefix is part of the
// path: search, export and call see it, and the address shows it.

import type { Diagnostic, Endpoint } from '../model/endpoint';
import { addressOf } from '../model/endpoint';
import { antMatch } from './ant-match';
import { joinPaths } from './paths';

export interface PathPrefixRule {
  pattern: string;
  prefix: string;
}

export const PATH_PREFIXES_SETTING = 'paths.prefixes';

/** Reads the setting's entries; a malformed one is a diagnostic and is skipped. */
export function parsePathPrefixes(entries: readonly string[], diagnostics: Diagnostic[]): PathPrefixRule[] {
  const out: PathPrefixRule[] = [];
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const pattern = eq < 0 ? '' : entry.slice(0, eq).trim();
    const prefix = eq < 0 ? '' : entry.slice(eq + 1).trim();
    if (!pattern || !prefix.startsWith('/') || /\s/.test(prefix)) {
      diagnostics.push({ file: PATH_PREFIXES_SETTING, message: `setting ${PATH_PREFIXES_SETTING}: "${entry}" is not pattern=/prefix (e.g. com.acme.admin.**=/admin-api); ignored` });
      continue;
    }
    out.push({ pattern, prefix: prefix.replace(/\/+$/, '') });
  }
  return out;
}

/** The endpoints with the first matching rule's prefix in their path, address and id. */
export function applyPathPrefixes(endpoints: Endpoint[], rules: readonly PathPrefixRule[]): Endpoint[] {
  if (rules.length === 0) return endpoints;
  return endpoints.map((e) => {
    if (e.protocol !== 'http' || e.framework === 'actuator') return e;
    const pkg = e.className.includes('.') ? e.className.slice(0, e.className.lastIndexOf('.')) : '';
    const rule = rules.find((r) => antMatch(r.pattern, e.className) || antMatch(r.pattern, pkg));
    if (!rule || rule.prefix === '') return e;
    const path = joinPaths(rule.prefix, e.path);
    const tail = ` ${e.method} ${e.path}`;
    const id = e.id.endsWith(tail) ? `${e.id.slice(0, -tail.length)} ${e.method} ${path}` : e.id;
    return { ...e, id, path, address: addressOf(e.method, path) };
  });
}

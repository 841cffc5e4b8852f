// URL path templates as frameworks declare them -> the normal form of the endpoint model:
// one leading slash, no doubled slashes, `{name}` templates without their regex.

/** `{id:\d+}` -> `{id}`, `{code:[a-z]{2}}` -> `{code}`; brace depth aware. */
export function stripTemplateRegex(path: string): string {
  // Every endpoint's path comes through here, most without a template: text between templates is
  // copied in one piece, not a character at a time.
  let i = path.indexOf('{');
  if (i < 0) return path;
  let out = path.slice(0, i);
  while (i < path.length) {
    const open = path.indexOf('{', i);
    if (open < 0) {
      out += path.slice(i);
      break;
    }
    out += path.slice(i, open);
    i = open;
    let depth = 0;
    let j = i;
    for (; j < path.length; j++) {
      if (path[j] === '{') depth++;
      else if (path[j] === '}' && --depth === 0) break;
    }
    const inner = path.slice(i + 1, j);
    const colon = inner.indexOf(':');
    out += `{${(colon < 0 ? inner : inner.slice(0, colon)).trim()}}`;
    i = j + 1;
  }
  return out;
}

/** Joins path parts the way Spring combines patterns and JAX-RS concatenates @Path values. */
export function joinPaths(...parts: string[]): string {
  const nonEmpty = parts.map((p) => p.trim()).filter((p) => p !== '');
  return normalisePath(nonEmpty.join('/'));
}

export function normalisePath(path: string, keepTrailingSlash = true): string {
  let p = stripTemplateRegex(path).replace(/\/{2,}/g, '/');
  if (!p.startsWith('/')) p = `/${p}`;
  if (!keepTrailingSlash && p.length > 1) p = p.replace(/\/+$/, '');
  return p;
}

// Spring's AntPathMatcher, as the scanner needs it: class packages matched with `.` as the
// separator (`PathMatchConfigurer.addPathPrefix` predicates, the path-prefix setting) and request
// paths with `/` (springfox's `PathSelectors.ant`).

/**
 * Whether `path` matches `pattern`, both split at `separator`: `**` any number of segments, `*` and
 * `?` within one, `{var}` one whole segment. With `/`, a pattern and a path must agree on a leading slash.
 */
export function antMatch(pattern: string, path: string, separator: '.' | '/' = '.'): boolean {
  if (separator === '/' && pattern.startsWith('/') !== path.startsWith('/')) return false;
  const pat = pattern.split(separator).filter((s) => s !== '');
  const segs = path.split(separator).filter((s) => s !== '');
  const memo = new Map<string, boolean>();
  const seg = (p: string, s: string) =>
    new RegExp(`^${p.replace(/\{[^}]*\}/g, '\u0000').replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.').replace(/\u0000/g, '.+')}$`).test(s);
  const go = (i: number, j: number): boolean => {
    const key = `${i}:${j}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let r: boolean;
    if (i === pat.length) r = j === segs.length;
    else if (pat[i] === '**') r = go(i + 1, j) || (j < segs.length && go(i, j + 1));
    else r = j < segs.length && seg(pat[i]!, segs[j]!) && go(i + 1, j + 1);
    memo.set(key, r);
    return r;
  };
  return go(0, 0);
}

// Text with the matcher's highlight ranges ([start, end) offsets) wrapped in <mark>.

import type { ComponentChildren } from 'preact';

export function Highlighted({ text, ranges }: { text: string; ranges: readonly (readonly [number, number])[] | undefined }) {
  if (!ranges?.length) return <>{text}</>;
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const s = Math.max(start, at);
    const e = Math.min(end, text.length);
    if (e <= s) continue;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={s}>{text.slice(s, e)}</mark>);
    at = e;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Ranges over `METHOD /path` moved onto the path alone. */
export function pathRanges(addressRanges: readonly (readonly [number, number])[] | undefined, method: string): [number, number][] {
  const shift = method.length + 1;
  return (addressRanges ?? []).map(([s, e]) => [s - shift, e - shift] as [number, number]).filter(([, e]) => e > 0).map(([s, e]) => [Math.max(0, s), e]);
}

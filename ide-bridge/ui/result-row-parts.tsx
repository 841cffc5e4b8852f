// What a search row shows when the tool window is too narrow for it all: the path's two ends (two
// endpoints that differ only by a "/v2" prefix or by their last segment stay told apart), the
// segments in its middle where it differs from a look-alike among the results ("/admin" in
// /api/v1/admin/users/{id}/roles beside /api/v1/portal/users/{id}/roles), and the class or folder a
// query hit, which the row's module · class column would otherwise hide.

import { Highlighted } from './highlight';
import { headClass, pathEnds } from './path-ends';
import type { ComponentChildren } from 'preact';
import type { SearchResult } from './search-results';

export { pathEnds };

type Ranges = readonly (readonly [number, number])[];

/**
 * `text` in two parts cut at `cut` (none when 0), highlighted: in a flex box whose CSS lets the head
 * give up its room first, the text is cut in its middle (app.css: .two-ends). `between` goes between
 * the two (a class hit's short module, shown when the head gives way).
 */
export function TwoEnds({ text, cut, ranges, between }: { text: string; cut: number; ranges: Ranges | undefined; between?: ComponentChildren }) {
  if (cut <= 0 || cut >= text.length) return <span class={headClass(text.length)}><Highlighted text={text} ranges={ranges} /></span>;
  return (
    <>
      <span class={headClass(cut)}>
        <Highlighted text={text.slice(0, cut)} ranges={ranges} />
      </span>
      {between}
      <span class="end-tail">
        <Highlighted text={text.slice(cut)} ranges={shifted(ranges, cut)} />
      </span>
    </>
  );
}

/** A path's middle that tells it from its look-alikes: [start, end) of its differing segments. */
export type KeySpan = readonly [number, number];

export interface LookAlikes {
  /** By path: the segments to keep in sight, when the two ends alone would not tell it apart. */
  keys: Map<string, KeySpan>;
  /** `METHOD path` that more than one result has (the same endpoint in two modules): only the module tells them apart. */
  twins: Set<string>;
}

/**
 * For each path among the results that shares its cut tail with another (pathEnds), the segments
 * before the tail from the first to the last where it differs from one of them. The head's start is
 * always in sight: a difference in the first segment ("/v2") needs nothing more.
 */
export function lookAlikes(endpoints: readonly { method: string; path: string }[]): LookAlikes {
  const paths = endpoints.map((e) => e.path);
  const byTail = new Map<string, string[]>();
  const twins = new Set<string>();
  for (const p of new Set(paths)) {
    const tail = p.slice(pathEnds(p));
    const group = byTail.get(tail);
    if (group) group.push(p);
    else byTail.set(tail, [p]);
  }
  const seen = new Set<string>();
  for (const { method, path } of endpoints) {
    const address = `${method} ${path}`;
    if (seen.has(address)) twins.add(address);
    else seen.add(address);
  }
  const keys = new Map<string, KeySpan>();
  for (const group of byTail.values()) {
    if (group.length < 2) continue;
    for (const p of group) {
      const mine = headSegments(p);
      let first = Infinity;
      let last = -1;
      for (const other of group) {
        if (other === p) continue;
        const theirs = headSegments(other);
        const i = mine.findIndex((seg, k) => seg.text !== theirs[k]?.text);
        if (i < 0) continue;
        first = Math.min(first, i);
        last = Math.max(last, i);
      }
      if (last <= 0) continue;
      keys.set(p, [mine[first]!.start, mine[last]!.end]);
    }
  }
  return { keys, twins };
}

/**
 * The head segments a query hit lies in, past the first (whose start is always in sight): kept in
 * sight as a look-alike's are, so a row found by "callbacks" reads "/ma…/callbacks/{source}", not
 * "/managed/notifi…/{source}" with the hit under the ellipsis. The longest hit of 3 characters or
 * more decides: a fuzzy match's scattered letters keep nothing.
 */
export function hitSpan(path: string, ranges: Ranges | undefined): KeySpan | undefined {
  const longest = ranges?.reduce<readonly [number, number] | undefined>((best, r) => (r[1] - r[0] >= 3 && (!best || r[1] - r[0] > best[1] - best[0]) ? r : best), undefined);
  if (!longest) return undefined;
  const hit = headSegments(path).filter((seg, k) => k > 0 && longest[0] < seg.end && longest[1] > seg.start);
  return hit.length ? [hit[0]!.start, hit[hit.length - 1]!.end] : undefined;
}

/**
 * The middle a search row keeps in sight: a look-alike's differing segments and the query hit's
 * together when they touch or overlap ("/catalog" + "/categories" in /api/v1/catalog/categories/{id}),
 * else the look-alike's alone (what tells the row apart wins). One kept span: PathParts keeps one.
 */
export function keptSpan(alike: KeySpan | undefined, hit: KeySpan | undefined): KeySpan | undefined {
  if (!alike || !hit) return alike ?? hit;
  if (hit[0] > alike[1] || alike[0] > hit[1]) return alike;
  return [Math.min(alike[0], hit[0]), Math.max(alike[1], hit[1])];
}

/** The segments of a path before its tail, each with its leading '/', and where each is. */
function headSegments(path: string): { text: string; start: number; end: number }[] {
  const head = path.slice(0, pathEnds(path));
  const out: { text: string; start: number; end: number }[] = [];
  for (let start = 0; start < head.length; ) {
    const next = head.indexOf('/', start + 1);
    const end = next < 0 ? head.length : next;
    out.push({ text: head.slice(start, end), start, end });
    start = end;
  }
  return out;
}

/**
 * A path cut at its tail (`cut`) and around its differing segments (`key`): the head gives up its
 * room first, then what lies between the key and the tail, then the key (a look-alike's, or a query
 * hit's with `keyClass` "end-key hit"), the tail last (app.css: .end-key). Without a key, as TwoEnds.
 * With a key it also holds all before the tail as one part (.end-fold), drawn instead of the three
 * when they would be cut in more places than a path keeps (row-cuts.ts); its text is drawn by the CSS
 * (app.css), so the path's text is the path's once, not twice.
 */
export function PathParts({ text, cut, keySpan, ranges, keyClass = 'end-key' }: { text: string; cut: number; keySpan: KeySpan | undefined; ranges: Ranges | undefined; keyClass?: string }) {
  if (!keySpan || cut <= 0 || keySpan[1] > cut) return <TwoEnds text={text} cut={cut} ranges={ranges} />;
  const parts: [number, number, string][] = [
    [0, keySpan[0], headClass(keySpan[0])],
    [keySpan[0], keySpan[1], keyClass],
    [keySpan[1], cut, 'end-mid'],
    [cut, text.length, 'end-tail'],
  ];
  return (
    <>
      <span class="end-fold" data-text={text.slice(0, cut)} />
      {parts
        .filter(([s, e]) => e > s)
        .map(([s, e, cls]) => (
          <span class={cls} key={s}>
            <Highlighted text={text.slice(s, e)} ranges={shifted(ranges, s)} />
          </span>
        ))}
    </>
  );
}

/** Ranges over a whole string moved onto its part from `at`. */
export function shifted(ranges: Ranges | undefined, at: number): [number, number][] | undefined {
  return ranges?.map(([s, e]) => [s - at, e - at] as [number, number]).filter(([, e]) => e > 0);
}

/**
 * A module's short form, for a class hit's row too narrow for the module's name (the whole name is
 * in the row's tooltip): a name of up to 8 characters whole ("orders"), a name of several words their
 * initials ("customer-self-service-portal" → "cssp", "mallPortal" → "mP"), one long word its first 6
 * letters and a full stop ("dolphi.", an abbreviation, not a cut).
 */
export function moduleShort(module: string): string {
  if ([...module].length <= 8) return module;
  const words = module.split(/[-_.\s]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean);
  if (words.length >= 2) return words.map((w) => [...w][0]).join('').slice(0, 5);
  return `${[...module].slice(0, 6).join('')}.`;
}

/**
 * Where a query hit the endpoint's class or its folder (the class name, or a tag such as
 * "ALERT_GROUP_TAG"): the text to show in the row's where column and the ranges in it. None when
 * the hit was elsewhere.
 */
export function whereHit(r: SearchResult): { text: string; ranges: [number, number][] } | undefined {
  const of = (field: string) => r.ranges.find((x) => x.field === field)?.ranges;
  const className = r.endpoint.className;
  const simpleAt = className.lastIndexOf('.') + 1;
  const simple = className.slice(simpleAt);
  const folder = of('folder');
  if (folder?.length) return { text: r.endpoint.folder, ranges: folder.map(([s, e]) => [s, e]) };
  const cls = of('className');
  if (cls?.length) return { text: simple, ranges: shifted(cls, simpleAt) ?? [] };
  return undefined;
}

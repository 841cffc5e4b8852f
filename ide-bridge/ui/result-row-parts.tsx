// What a search row shows when the tool window is too narrow for it all: the path's two ends (two
// endpoints that differ only by a "/v2" prefix or by their last segment stay told apart), and the
// class or folder a query hit, which the row's module · class column would otherwise hide.

import { Highlighted } from './highlight';
import type { SearchResult } from './search-results';

type Ranges = readonly (readonly [number, number])[];

/**
 * The path split where a middle ellipsis goes: the head gives up its room first, the tail (the last
 * segment, with the one before it when both are short, as "/{id}/stop") stays whole. A path of one or
 * two segments is all head.
 */
export function pathEnds(path: string): number {
  const last = path.lastIndexOf('/');
  if (last <= 0) return 0;
  const before = path.lastIndexOf('/', last - 1);
  return before > 0 && path.length - before <= 12 ? before : last;
}

/**
 * `text` in two parts cut at `cut` (none when 0), highlighted: in a flex box whose CSS lets the head
 * give up its room first, the text is cut in its middle (app.css: .two-ends).
 */
export function TwoEnds({ text, cut, ranges }: { text: string; cut: number; ranges: Ranges | undefined }) {
  if (cut <= 0 || cut >= text.length) return <span class="end-head"><Highlighted text={text} ranges={ranges} /></span>;
  return (
    <>
      <span class="end-head">
        <Highlighted text={text.slice(0, cut)} ranges={ranges} />
      </span>
      <span class="end-tail">
        <Highlighted text={text.slice(cut)} ranges={shifted(ranges, cut)} />
      </span>
    </>
  );
}

/** Ranges over a whole string moved onto its part from `at`. */
export function shifted(ranges: Ranges | undefined, at: number): [number, number][] | undefined {
  return ranges?.map(([s, e]) => [s - at, e - at] as [number, number]).filter(([, e]) => e > 0);
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

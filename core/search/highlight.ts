// Highlight ranges for a result: where each token matched, in the endpoint's own strings.
// Runs for returned results only, and picks each word's best hit with the same scores as the
// ranking (scores.ts). Written to allocate little beyond the result itself: 50 results per
// keystroke of garbage otherwise add up to young-generation pauses that show in the p99.

import type { Endpoint } from '../model/endpoint';
import { isBoundary } from './dictionary';
import * as pathSegments from './path-segments';
import type { PathPlan, WordPlan } from './plans';
import * as scores from './scores';
import type { PieceLists, SearchIndex } from './search-index';
import * as text from './text';

// Local copies of imported bindings used in hot loops: under vite-node (the tests, the bench)
// every use of an import is a getter call, ~30x slower in a tight loop; the bundle is unaffected.
const { segmentSlash } = pathSegments;
const { METHOD_HIT, OTHER_KIND_CLASS, OTHER_KIND_DESCRIPTION, OTHER_KIND_FOLDER, nameHitScore, otherHitScore, segmentHitScore } = scores;
const { fold, wordStart } = text;

export type MatchField = 'address' | 'path' | 'name' | 'folder' | 'description' | 'className';
/** `[start, end)` in UTF-16 code units of the endpoint's field. */
export type Range = [start: number, end: number];

export interface FieldRanges {
  field: MatchField;
  ranges: Range[];
}

export interface HighlightInput {
  index: SearchIndex;
  /** The verb filter applied to this endpoint (its method equals the verb). */
  verbHit: boolean;
  /** The leading verb was read as a name word for this endpoint. */
  verbAsWord: WordPlan | null;
  paths: readonly PathPlan[];
  words: readonly WordPlan[];
}

// Field codes, in output order.
const ADDRESS = 0;
const PATH = 1;
const NAME = 2;
const FOLDER = 3;
const DESCRIPTION = 4;
const CLASS = 5;
const FIELDS: MatchField[] = ['address', 'path', 'name', 'folder', 'description', 'className'];

// (field, start, end) triples of the highlight in progress; reused, as highlighting is synchronous.
let triples = new Int32Array(192);
let count = 0;

function add(field: number, start: number, end: number): void {
  if (count + 3 > triples.length) {
    const grown = new Int32Array(triples.length * 2);
    grown.set(triples);
    triples = grown;
  }
  triples[count++] = field;
  triples[count++] = start;
  triples[count++] = end;
}

export function highlight(input: HighlightInput, e: number): FieldRanges[] {
  const ix = input.index;
  const ep = ix.endpoints[e]!;
  count = 0;
  const pathAt = ep.method.length + 1;
  if (input.verbHit) add(ADDRESS, 0, ep.method.length);
  if (input.verbAsWord) recordWord(ix, input.verbAsWord, e, ep);
  let folded: string | null = null;

  for (const p of input.paths) {
    const al = p.score[e]! > 0 ? p.segments.align(e) : null;
    if (!al) {
      fuzzyRanges(ep, (folded ??= fold(`${ep.method} ${ep.path}`)), p.token.text);
      continue;
    }
    const segs = ix.segments;
    const from = segs.start[e]!;
    const parts = p.token.parts;
    for (let i = 0; i < parts.length; i++) {
      const j = al.segment[i]!;
      if (j < 0) continue;
      const textAt = pathAt + segmentSlash(ep.path, j, true) + 1;
      const textLength = ix.addressDict.lengths[segs.items[from + j]!]! - 1;
      const slash = p.token.kind === 'path' || i > 0 ? 1 : 0;
      const ends = al.ends[i]!;
      const length = parts[i]!.length;
      if (ends === 1) add(ADDRESS, textAt - slash, textAt + length);
      else if (ends === 2) add(ADDRESS, textAt + textLength - length, textAt + textLength);
      else add(ADDRESS, textAt - slash, textAt + textLength);
    }
  }

  for (const w of input.words) {
    if (w.score[e]! > 0) recordWord(ix, w, e, ep);
    else fuzzyRanges(ep, (folded ??= fold(`${ep.method} ${ep.path}`)), w.token.text);
  }
  return collect(pathAt);
}

/** Records the word's best literal hit among this endpoint's fields. */
function recordWord(ix: SearchIndex, w: WordPlan, e: number, ep: Endpoint): void {
  const length = w.token.text.length;
  let best = 0;
  let field = -1;
  let item = 0; // which piece of the field's list
  let offset = 0; // hit offset in that piece

  if (w.addressHits) {
    const a = ix.address;
    const from = a.start[e]!;
    for (let i = from; i < a.start[e + 1]!; i++) {
      const p = a.items[i]!;
      const h = w.addressHits.at[p]!;
      if (h === 0) continue;
      const s = i === from ? METHOD_HIT : segmentHitScore(h - 1, length, ix.addressDict.lengths[p]!);
      if (s > best) {
        best = s;
        field = ADDRESS;
        item = i - from;
        offset = h - 1;
      }
    }
  }
  const n = ix.name;
  for (let i = n.start[e]!; i < n.start[e + 1]!; i++) {
    const p = n.items[i]!;
    const h = w.nameHits.at[p]!;
    if (h === 0) continue;
    const k = i - n.start[e]!;
    const s = nameHitScore(h - 1, length, ix.nameDict.lengths[p]!, k);
    if (s > best) {
      best = s;
      field = NAME;
      item = k;
      offset = h - 1;
    }
  }
  if (w.otherHits) {
    const hits = w.otherHits.at;
    const lists: [number, number, PieceLists][] = [
      [FOLDER, OTHER_KIND_FOLDER, ix.folder],
      [DESCRIPTION, OTHER_KIND_DESCRIPTION, ix.description],
      [CLASS, OTHER_KIND_CLASS, ix.className],
    ];
    for (const [f, kind, list] of lists) {
      for (let i = list.start[e]!; i < list.start[e + 1]!; i++) {
        const p = list.items[i]!;
        const h = hits[p]!;
        if (h === 0) continue;
        const s = otherHitScore(kind, h - 1, length, ix.otherDict.pieces[p]!);
        if (s > best) {
          best = s;
          field = f;
          item = i - list.start[e]!;
          offset = h - 1;
        }
      }
    }
  }

  let at = -1;
  if (field === ADDRESS) at = item === 0 ? offset : ep.method.length + 1 + Math.max(0, segmentSlash(ep.path, item - 1, false)) + offset;
  else if (field === NAME) at = wordStart(ep.name, item) + offset;
  else if (field === FOLDER) at = wordStart(ep.folder, item) + offset;
  else if (field === DESCRIPTION) at = wordStart(ep.description, item) + offset;
  else if (field === CLASS) at = offset;
  if (field >= 0 && at >= 0) add(field, at, at + length);
}

// Per (address position, token position, in a word): the rest of the token can still be matched.
let feasible = new Uint8Array(1024);

/**
 * The anchored alignment fuzzy.ts matched (its greedy one when that succeeds): characters enter
 * a word of the address at its start only. The address is cut into pieces at the space and at
 * every `/`, as the index cuts it.
 */
function fuzzyRanges(ep: Endpoint, folded: string, token: string): void {
  const original = `${ep.method} ${ep.path}`;
  const n = folded.length;
  const m = token.length;
  const size = (n + 1) * (m + 1) * 2;
  if (feasible.length < size) feasible = new Uint8Array(size);
  const at = (i: number, j: number, w: number) => (i * (m + 1) + j) * 2 + w;
  const starts = (i: number) => i === 0 || folded[i - 1] === ' ' || folded[i] === '/' || isBoundary(folded, original, i);
  if (greedyRanges(folded, token, starts)) return;
  for (let i = n; i >= 0; i--) {
    const start = i < n && starts(i);
    for (let j = m; j >= 0; j--) {
      for (let w = 0; w < 2; w++) {
        let ok = j === m;
        if (!ok && i < n) {
          const inWord = start ? 0 : w;
          ok = feasible[at(i + 1, j, inWord)] === 1;
          if (!ok && folded.charCodeAt(i) === token.charCodeAt(j) && (start || inWord === 1)) ok = feasible[at(i + 1, j + 1, 1)] === 1;
        }
        feasible[at(i, j, w)] = ok ? 1 : 0;
      }
    }
  }
  if (feasible[at(0, 0, 0)] !== 1) return;
  let j = 0;
  let w = 0;
  for (let i = 0; i < n && j < m; i++) {
    const start = starts(i);
    if (start) w = 0;
    if (folded.charCodeAt(i) === token.charCodeAt(j) && (start || w === 1) && feasible[at(i + 1, j + 1, 1)] === 1) {
      add(ADDRESS, i, i + 1);
      j++;
      w = 1;
    }
  }
}

/**
 * The greedy anchored alignment, recorded when it takes the whole token. It is then the one the
 * feasibility table would pick (each character it takes is followed by a way to finish: its own
 * rest), without the table's cost: most fuzzy hits align greedily, `ordst` for `orders/status`
 * does not.
 */
function greedyRanges(folded: string, token: string, starts: (i: number) => boolean): boolean {
  const n = folded.length;
  const m = token.length;
  const from = count;
  let j = 0;
  let w = 0;
  for (let i = 0; i < n && j < m; i++) {
    const start = starts(i);
    if (start) w = 0;
    if (folded.charCodeAt(i) === token.charCodeAt(j) && (start || w === 1)) {
      add(ADDRESS, i, i + 1);
      j++;
      w = 1;
    }
  }
  if (j === m) return true;
  count = from; // not whole: the table finds the alignment
  return false;
}

let order = new Int32Array(64);

/**
 * Sorted, merged ranges per field; `path` ranges are the address ranges past `METHOD `. Sorts
 * triple offsets in a reused array, so only the final ranges are allocated.
 */
function collect(pathAt: number): FieldRanges[] {
  const n = count;
  for (let i = 0; i < n; i += 3) {
    if (triples[i] === ADDRESS && triples[i + 2]! > pathAt) add(PATH, Math.max(triples[i + 1]!, pathAt) - pathAt, triples[i + 2]! - pathAt);
  }
  if (order.length < count) order = new Int32Array(triples.length);
  const result: FieldRanges[] = [];
  for (let f = 0; f < FIELDS.length; f++) {
    let k = 0;
    for (let i = 0; i < count; i += 3) {
      if (triples[i] !== f || triples[i + 2]! <= triples[i + 1]!) continue;
      let at = k++;
      while (at > 0 && before(i, order[at - 1]!)) {
        order[at] = order[at - 1]!;
        at--;
      }
      order[at] = i;
    }
    if (k === 0) continue;
    const ranges: Range[] = [];
    let start = triples[order[0]! + 1]!;
    let end = triples[order[0]! + 2]!;
    for (let j = 1; j < k; j++) {
      const s = triples[order[j]! + 1]!;
      const e = triples[order[j]! + 2]!;
      if (s <= end) end = Math.max(end, e);
      else {
        ranges.push([start, end]);
        start = s;
        end = e;
      }
    }
    ranges.push([start, end]);
    result.push({ field: FIELDS[f]!, ranges });
  }
  return result;
}

/** Triple at offset a sorts before triple at offset b (by start, then end). */
function before(a: number, b: number): boolean {
  const d = triples[a + 1]! - triples[b + 1]!;
  return d < 0 || (d === 0 && triples[a + 2]! < triples[b + 2]!);
}

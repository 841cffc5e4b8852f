// Segment-wise matching of path tokens (`/users/42`, a pasted URL) and address tokens
// (`users/{id}`) against endpoint paths, spec §4.3 "pasted path" and "templates".
//
// A query part matches an endpoint segment when it is the same text, a value for a template
// (`42` for `{id}`), covered by a `*` or `{name}.json` pattern, or absorbed by `**`. Parts are
// compared whole (a pasted path is never fuzzed), except at the ends of what was typed:
// the last part of a path still being typed may be a prefix (`/users/4`), and the first part of
// an address token may be the end of a segment (`rs/{id}` inside `/users/{id}`).
//
// Where the parts may start: at the endpoint's first segment, or further in when the first part
// is literally there (`/users/42` finds `/api/users/{id}`, but `/42/orders` does not start on an
// `{id}` in the middle of a path). A URL may also carry a context path the endpoint lacks.
// This rule is what lets `gather` find every candidate from postings instead of trying all
// 50,000 endpoints.

import type { Hits } from './dictionary';
import type { QueryToken } from './query';
import type { IntList } from './scratch';
import * as layout from './search-index';
import type { SearchIndex } from './search-index';
import * as pathSegments from './path-segments';

// Local copies of imported bindings used in hot loops: under vite-node (the tests, the bench)
// every use of an import is a getter call, ~30x slower in a tight loop; the bundle is unaffected.
const { MAX_POSITION, SLOT_BITS, SLOT_MASK } = layout;
const { SEG_ANY_DEPTH, SEG_PATTERN, SEG_STAR, SEG_TEMPLATE, patternRegExp } = pathSegments;

/** Part scores, highest first. */
const PART_SAME = 300;
const PART_BOTH_TEMPLATES = 280; // `{userId}` pasted for `{id}`
const PART_PATTERN = 200;
const PART_TEMPLATE = 150;
const PART_STAR = 120;
const PART_ENDS = 100; // prefix or suffix only: the user is still typing
const PART_ANY_DEPTH = 60; // per part swallowed by `**`
/** The match starts at the endpoint's first segment. */
const ANCHORED = 400;
/** The match reaches the endpoint's last segment. */
const WHOLE = 400;
/** A URL's leading segments were dropped as a context path the endpoint does not declare. */
const CONTEXT_PATH = -150;

const PREFIX = 1;
const SUFFIX = 2;

/** How the best alignment assigned query parts; for highlight ranges. */
export interface Alignment {
  /** Endpoint segment (index among non-empty segments) matched by each query part, -1 if skipped. */
  segment: number[];
  /** The part matched only as a prefix (+1) or suffix (+2) of the segment text, else 0. */
  ends: number[];
}

export class BoundSegments {
  private readonly m: number;
  private readonly exact: Int32Array;
  private readonly modes: Uint8Array;
  private readonly isTemplate: Uint8Array;
  /** Per part: hits of the relaxed (prefix or suffix) comparison, or null. */
  private readonly relaxed: (Hits | null)[] = [];
  private readonly patternCache: Map<number, boolean>[] = [];
  /** Whether the last `match` aligned the whole path exactly (a field: the hot loop allocates nothing). */
  exactHit = false;

  constructor(
    private readonly index: SearchIndex,
    readonly token: QueryToken,
  ) {
    const parts = token.parts;
    const m = (this.m = parts.length);
    this.exact = new Int32Array(m);
    this.modes = new Uint8Array(m);
    this.isTemplate = new Uint8Array(m);
    const dict = index.addressDict;
    for (let i = 0; i < m; i++) {
      const part = parts[i]!;
      this.exact[i] = dict.id(`/${part}`);
      this.isTemplate[i] = /^\{[^{}]*\}$/.test(part) ? 1 : 0;
      let mode = 0;
      if (token.kind === 'address' && i === 0) mode |= SUFFIX;
      if (i === m - 1 && !token.complete) mode |= PREFIX;
      this.modes[i] = mode;
      let hits: Hits | null = null;
      if (mode !== 0) {
        hits = dict.borrow();
        if (mode & PREFIX) dict.scanPrefix(`/${part}`, hits);
        if (mode & SUFFIX) dict.scanSuffix(part, hits);
      }
      this.relaxed.push(hits);
      this.patternCache.push(new Map());
    }
  }

  /** Returns borrowed arrays to the dictionary; the bound token is unusable afterwards. */
  release(): void {
    for (let i = 0; i < this.m; i++) {
      const hits = this.relaxed[i];
      if (hits) this.index.addressDict.giveBack(hits);
      this.relaxed[i] = null;
    }
  }

  /** Best alignment score for endpoint `e`, or -1. Sets `exactHit`. */
  match(e: number): number {
    this.exactHit = false;
    const segs = this.index.segments;
    const from = segs.start[e]!;
    const n = segs.start[e + 1]! - from;
    const m = this.m;
    if (m === 0) {
      // `/` alone: the root is a whole match; every other path starts with it.
      this.exactHit = n === 0;
      return n === 0 ? ANCHORED + WHOLE : ANCHORED;
    }
    if (this.index.hasAnyDepth[e]) return this.matchAnyDepth(segs.items, from, n);

    const items = segs.items;
    const url = this.token.url;
    let best = -1;
    for (let start = 0; start + m <= n; start++) {
      const whole = start + m === n;
      if (url && !whole) continue; // a request URL names the whole path
      if (start > 0 && !this.literalAt(items[from + start]!)) continue;
      let score = start === 0 ? ANCHORED : 0;
      let relaxed = false;
      let i = 0;
      for (; i < m; i++) {
        const s = this.partScore(i, items[from + start + i]!);
        if (s === 0) break;
        if (s === PART_ENDS) relaxed = true;
        score += s;
      }
      if (i < m) continue;
      if (whole) score += WHOLE;
      if (score > best) {
        best = score;
        this.exactHit = start === 0 && whole && !relaxed;
      }
    }
    if (best < 0) {
      // http://host/ctx/users/42 (or a pasted /ctx/servlet/users/42) for an endpoint declared as /users/{id}
      for (let skip = 1; skip < m; skip++) {
        if (m - skip !== n) continue;
        let score = ANCHORED + WHOLE + CONTEXT_PATH;
        let relaxed = false;
        let i = skip;
        for (; i < m; i++) {
          const s = this.partScore(i, items[from + i - skip]!);
          if (s === 0) break;
          if (s === PART_ENDS) relaxed = true;
          score += s;
        }
        // A bare path still being typed (`/users/me` → `/metrics`) is not read as prefix + path.
        if (i === m && (url || !relaxed) && score > best) {
          best = score;
          // A URL names the whole request; a bare path with a prefix ranks among the literal hits.
          this.exactHit = url;
        }
      }
    }
    return best;
  }

  /** How the best alignment for `e` assigns parts to segments (called for results only). */
  align(e: number): Alignment | null {
    const segs = this.index.segments;
    const from = segs.start[e]!;
    const n = segs.start[e + 1]! - from;
    const best = this.match(e);
    if (best < 0) return null;
    const out: Alignment = { segment: [], ends: [] };
    if (this.m === 0) return out;
    if (this.index.hasAnyDepth[e]) {
      this.followAnyDepth(segs.items, from, n, this.scoreAnyDepth(segs.items, from, n), out);
      return out;
    }
    // Re-run the same search, stopping at the alignment that produced the best score.
    for (let start = 0; start + this.m <= n; start++) {
      if (this.scoreAt(segs.items, from, n, start, 0) === best) return this.fill(out, start, 0, segs.items, from);
    }
    for (let skip = 1; skip < this.m; skip++) {
      if (this.m - skip === n && this.scoreAt(segs.items, from, n, 0, skip) === best) {
        return this.fill(out, 0, skip, segs.items, from);
      }
    }
    return out;
  }

  private scoreAt(items: Int32Array, from: number, n: number, start: number, skip: number): number {
    const m = this.m;
    const whole = start + m - skip === n;
    if (this.token.url && !whole) return -1;
    if (start > 0 && !this.literalAt(items[from + start]!)) return -1;
    let score = (start === 0 ? ANCHORED : 0) + (whole ? WHOLE : 0) + (skip > 0 ? CONTEXT_PATH : 0);
    for (let i = skip; i < m; i++) {
      const s = this.partScore(i, items[from + start + i - skip]!);
      if (s === 0) return -1;
      score += s;
    }
    return score;
  }

  private fill(out: Alignment, start: number, skip: number, items: Int32Array, from: number): Alignment {
    for (let i = 0; i < this.m; i++) {
      if (i < skip) {
        out.segment.push(-1);
        out.ends.push(0);
        continue;
      }
      const seg = start + i - skip;
      out.segment.push(seg);
      out.ends.push(this.partScore(i, items[from + seg]!) === PART_ENDS ? this.endsMode(i, items[from + seg]!) : 0);
    }
    return out;
  }

  private endsMode(i: number, piece: number): number {
    const dict = this.index.addressDict;
    const text = dict.pieces[piece]!;
    const part = this.token.parts[i]!;
    const mode = this.modes[i]!;
    if (mode & PREFIX && text.startsWith(`/${part}`)) return PREFIX;
    return SUFFIX;
  }

  /** Score of query part `i` against one endpoint segment piece; 0 when it does not match. */
  private partScore(i: number, piece: number): number {
    if (this.exact[i] === piece) return PART_SAME;
    const kind = this.index.segmentKind[piece]!;
    if (this.isTemplate[i]) {
      // A pasted template (`/users/{userId}`) stands for a template, not for a value.
      if (kind === SEG_TEMPLATE) return PART_BOTH_TEMPLATES;
      return kind === SEG_STAR || kind === SEG_PATTERN ? PART_STAR : 0;
    }
    if (kind === SEG_TEMPLATE && this.token.parts[i]!.length > 0) return PART_TEMPLATE;
    if (kind === SEG_STAR) return PART_STAR;
    if (kind === SEG_PATTERN && this.patternMatches(i, piece)) return PART_PATTERN;
    const hits = this.relaxed[i];
    return hits !== null && hits.at[piece] !== 0 ? PART_ENDS : 0;
  }

  private patternMatches(i: number, piece: number): boolean {
    const cache = this.patternCache[i]!;
    let hit = cache.get(piece);
    if (hit === undefined) {
      const text = this.index.addressDict.pieces[piece]!.slice(1);
      hit = patternRegExp(text).test(this.token.parts[i]!);
      cache.set(piece, hit);
    }
    return hit;
  }

  // --- endpoints with `**`: a small backtracking search (rare, so clarity over speed) ---

  private matchAnyDepth(items: Int32Array, from: number, n: number): number {
    const best = this.scoreAnyDepth(items, from, n);
    if (best >= 0) {
      const probe: Alignment = { segment: [], ends: [] };
      this.followAnyDepth(items, from, n, best, probe);
      this.exactHit = probe.segment.length > 0 && this.wholeAndExact(probe, items, from, n);
    }
    return best;
  }

  private scoreAnyDepth(items: Int32Array, from: number, n: number): number {
    let best = -1;
    for (let start = 0; start < n; start++) {
      if (!this.startAllowed(items, from, start)) continue;
      const r = this.rec(items, from, n, 0, start);
      if (r >= 0) best = Math.max(best, r + (start === 0 ? ANCHORED : 0));
    }
    return best;
  }

  /**
   * A match that does not start at the first segment must start on a real segment: otherwise
   * `/static/**` would match every query, its `**` swallowing all of it.
   */
  private startAllowed(items: Int32Array, from: number, start: number): boolean {
    return start === 0 || this.literalAt(items[from + start]!);
  }

  /** The first part is literally this segment (whole, or the typed end of it). */
  private literalAt(piece: number): boolean {
    if (this.exact[0] === piece) return true;
    const hits = this.relaxed[0];
    return hits !== null && hits.at[piece] !== 0 && this.index.segmentKind[piece] !== SEG_ANY_DEPTH;
  }

  // --- candidates ---------------------------------------------------------------------------

  /**
   * Adds to `out` every endpoint `match` could accept (and some it will not): those with a
   * `**`, those where the most selective part can sit at its position from the start, and
   * those holding the first part literally further in.
   */
  gather(out: IntList, marks: Uint32Array, mark: number): void {
    const ix = this.index;
    const add = (e: number) => {
      if (marks[e] !== mark) {
        marks[e] = mark;
        out.push(e);
      }
    };
    if (this.m === 0) {
      for (let e = 0; e < ix.size; e++) add(e);
      return;
    }
    for (const e of ix.anyDepthEndpoints) add(e);
    this.gatherAnchored(0, add);
    // Leading parts may be a context path, servlet path or gateway prefix the endpoint lacks.
    for (let skip = 1; skip < this.m; skip++) this.gatherAnchored(skip, add);
    const post = ix.segmentPostings;
    this.forLiteralPieces(0, (p) => {
      for (let i = post.start[p]!; i < post.start[p + 1]!; i++) {
        const entry = post.items[i]!;
        if ((entry & SLOT_MASK) >= 1) add(entry >> SLOT_BITS);
      }
    });
  }

  /** Candidates for parts skip.. aligned from the first segment. */
  private gatherAnchored(skip: number, add: (e: number) => void): void {
    const ix = this.index;
    const post = ix.segmentPostings;
    const size = (p: number) => post.start[p + 1]! - post.start[p]!;
    let bestPart = skip;
    let bestCost = Infinity;
    for (let j = skip; j < this.m && j - skip <= MAX_POSITION; j++) {
      const pos = j - skip;
      let cost = ix.variableAt.start[pos + 1]! - ix.variableAt.start[pos]!;
      this.forLiteralPieces(j, (p) => (cost += size(p)));
      if (cost < bestCost) {
        bestCost = cost;
        bestPart = j;
      }
    }
    const pos = bestPart - skip;
    for (let i = ix.variableAt.start[pos]!; i < ix.variableAt.start[pos + 1]!; i++) add(ix.variableAt.items[i]!);
    this.forLiteralPieces(bestPart, (p) => {
      for (let i = post.start[p]!; i < post.start[p + 1]!; i++) {
        const entry = post.items[i]!;
        // Positions past MAX_POSITION share the last slot: a superset, checked by `match`.
        if ((entry & SLOT_MASK) === Math.min(pos, MAX_POSITION)) add(entry >> SLOT_BITS);
      }
    });
  }

  /** The segment pieces part `i` matches as text: the same piece, or its typed prefix/suffix. */
  private forLiteralPieces(i: number, f: (piece: number) => void): void {
    if (this.exact[i]! >= 0) f(this.exact[i]!);
    const hits = this.relaxed[i];
    if (!hits) return;
    for (let k = 0; k < hits.pieces.count; k++) {
      const p = hits.pieces.data[k]!;
      if (p !== this.exact[i]) f(p);
    }
  }

  /** Best score for parts qi.. against segments ei.., or -1. */
  private rec(items: Int32Array, from: number, n: number, qi: number, ei: number): number {
    const m = this.m;
    if (qi === m) {
      let rest = ei;
      while (rest < n && this.index.segmentKind[items[from + rest]!] === SEG_ANY_DEPTH) rest++;
      if (rest === n) return WHOLE;
      return this.token.url ? -1 : 0;
    }
    if (ei === n) return -1;
    const piece = items[from + ei]!;
    if (this.index.segmentKind[piece] === SEG_ANY_DEPTH && this.exact[qi] !== piece) {
      let best = this.rec(items, from, n, qi, ei + 1);
      for (let k = qi + 1; k <= m; k++) {
        const r = this.rec(items, from, n, k, ei + 1);
        if (r >= 0) best = Math.max(best, r + (k - qi) * PART_ANY_DEPTH);
      }
      return best;
    }
    const s = this.partScore(qi, piece);
    if (s === 0) return -1;
    const r = this.rec(items, from, n, qi + 1, ei + 1);
    return r < 0 ? -1 : s + r;
  }

  /** Replays `rec` along choices that reach `target`, recording the alignment. */
  private followAnyDepth(items: Int32Array, from: number, n: number, target: number, out: Alignment): void {
    for (let start = 0; start < n; start++) {
      if (!this.startAllowed(items, from, start)) continue;
      const r = this.rec(items, from, n, 0, start);
      if (r >= 0 && r + (start === 0 ? ANCHORED : 0) === target) {
        this.follow(items, from, n, 0, start, r, out);
        return;
      }
    }
  }

  private follow(items: Int32Array, from: number, n: number, qi: number, ei: number, target: number, out: Alignment): void {
    if (qi === this.m || ei === n) return;
    const piece = items[from + ei]!;
    if (this.index.segmentKind[piece] === SEG_ANY_DEPTH && this.exact[qi] !== piece) {
      if (this.rec(items, from, n, qi, ei + 1) === target) return this.follow(items, from, n, qi, ei + 1, target, out);
      for (let k = qi + 1; k <= this.m; k++) {
        const r = this.rec(items, from, n, k, ei + 1);
        if (r >= 0 && r + (k - qi) * PART_ANY_DEPTH === target) {
          for (let q = qi; q < k; q++) {
            out.segment.push(ei);
            out.ends.push(0);
          }
          return this.follow(items, from, n, k, ei + 1, r, out);
        }
      }
      return;
    }
    const s = this.partScore(qi, piece);
    out.segment.push(ei);
    out.ends.push(s === PART_ENDS ? this.endsMode(qi, piece) : 0);
    this.follow(items, from, n, qi + 1, ei + 1, target - s, out);
  }

  private wholeAndExact(a: Alignment, items: Int32Array, from: number, n: number): boolean {
    if (a.segment[0] !== 0 || a.ends.some((x) => x !== 0)) return false;
    let last = a.segment[a.segment.length - 1]!;
    while (last + 1 < n && this.index.segmentKind[items[from + last + 1]!] === SEG_ANY_DEPTH) last++;
    return last === n - 1;
  }
}

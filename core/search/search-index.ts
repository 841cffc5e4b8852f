// The in-memory search structure over a list of endpoints: folded fields cut into dictionary
// pieces, per-endpoint piece lists (CSR arrays), character masks and a tie-break order.
// Built once per scan result (or loaded index); queries only read it, apart from borrowing the
// reusable per-query arrays it keeps (scratch.ts).

import type { Endpoint } from '../model/endpoint';
import { Dictionary } from './dictionary';
import * as pathSegments from './path-segments';
import { PrefixTree } from './prefix-tree';
import { Scratch } from './scratch';
import * as scores from './scores';
import * as text from './text';

// Local copies of imported bindings used in hot loops: under vite-node (the tests, the bench)
// every use of an import is a getter call, ~30x slower in a tight loop (the build calls these 100,000s of times); the bundle is unaffected.
const { SEG_ANY_DEPTH, SEG_LITERAL, segmentKind, splitPath } = pathSegments;
const { OTHER_KIND_CLASS, OTHER_KIND_DESCRIPTION, OTHER_KIND_FOLDER } = scores;
const { charMask, fold, splitWords } = text;

/** Compressed rows: the pieces of endpoint `e` are `items[start[e]] .. items[start[e + 1] - 1]`. */
export interface PieceLists {
  start: Int32Array;
  items: Int32Array;
}

/**
 * The inverse of PieceLists: for piece `p`, `items[start[p]] .. items[start[p + 1] - 1]` are
 * `endpoint << SLOT_BITS | slot`, where slot is the piece's position in the endpoint's list
 * (capped), or for the other-fields dictionary the field (OTHER_KIND_*).
 */
export type Postings = PieceLists;

export const SLOT_BITS = 6;
export const SLOT_MASK = (1 << SLOT_BITS) - 1;
/** Positions beyond this are not indexed by `variableAt` (deeper paths are checked directly). */
export const MAX_POSITION = SLOT_MASK;

export class SearchIndex {
  readonly endpoints: readonly Endpoint[];
  /** Method piece first, then one piece per raw path segment (`/users`), in address order. */
  readonly addressDict = new Dictionary();
  /** Words of names. */
  readonly nameDict = new Dictionary();
  /** Words of folders and descriptions, and whole class names (explorer mode only). */
  readonly otherDict = new Dictionary();

  readonly address: PieceLists;
  /** Non-empty path segments only, for segment-wise matching. */
  readonly segments: PieceLists;
  readonly name: PieceLists;
  readonly folder: PieceLists;
  readonly description: PieceLists;
  readonly className: PieceLists;

  /** Segment kind (SEG_*) of each address piece, without its leading slash. */
  readonly segmentKind: Uint8Array;
  /** Per endpoint: the address contains a `**` segment (needs the slower backtracking match). */
  readonly hasAnyDepth: Uint8Array;
  /** Per endpoint: charMask of the folded address. */
  readonly addressMask: Int32Array;
  /** Per endpoint: index into `methods`. */
  readonly methodCode: Uint16Array;
  /** Distinct folded methods. */
  readonly methods: string[] = [];
  /** Code of `all` (passes any HTTP verb filter), or -1. */
  readonly allMethodCode: number;
  /** Per endpoint: its position in tie-break order (path by segments, method, id); see tieBreakOrder. */
  readonly rank: Int32Array;
  /** Inverse of `rank`. */
  readonly byRank: Int32Array;
  /** Per endpoint: length of the address, for the small preference of short addresses. */
  readonly addressLength: Uint16Array;

  /** Segment piece -> endpoints with their segment position. */
  readonly segmentPostings: Postings;
  /** Name word -> endpoints with the word's position in the name. */
  readonly namePostings: Postings;
  /** Folder/description word or class name -> endpoints with the field. */
  readonly otherPostings: Postings;
  /** Method code -> endpoints. */
  readonly methodPostings: Postings;
  /** Address piece -> method code when the piece is a method (`get`), else -1. */
  readonly methodOfPiece: Int32Array;
  /** Position -> endpoints whose segment there is a template, glob or pattern. */
  readonly variableAt: Postings;
  /** Endpoints with a `**` segment. */
  readonly anyDepthEndpoints: Int32Array;
  /** Folded handler method name (`source.member`) -> endpoints, matched whole only. */
  readonly handlers = new Map<string, number[]>();
  /** Address prefixes shared between endpoints, for fuzzy matching. */
  readonly tree: PrefixTree;

  /** Reusable per-query arrays; see scratch.ts. */
  readonly scratch: Scratch;

  constructor(endpoints: readonly Endpoint[]) {
    this.endpoints = endpoints;
    const n = endpoints.length;
    const address = new ListBuilder(n);
    const segments = new ListBuilder(n);
    const name = new ListBuilder(n);
    const folder = new ListBuilder(n);
    const description = new ListBuilder(n);
    const className = new ListBuilder(n);
    this.addressMask = new Int32Array(n);
    this.methodCode = new Uint16Array(n);
    this.hasAnyDepth = new Uint8Array(n);
    this.addressLength = new Uint16Array(n);
    const methodCodes = new Map<string, number>();
    const kinds: number[] = [];
    // Endpoints share paths (GET/PUT/DELETE /x/{id}), class names, folders and often names:
    // cutting and interning each distinct text once is most of the build time saved.
    const paths = new Map<string, PathPieces>();
    const names = new TextPieces(this.nameDict, true);
    const folders = new TextPieces(this.otherDict, true);
    const descriptions = new TextPieces(this.otherDict, true);
    const classNames = new TextPieces(this.otherDict, false);

    for (let e = 0; e < n; e++) {
      const ep = endpoints[e]!;
      let code = methodCodes.get(ep.method);
      if (code === undefined) {
        code = this.methods.indexOf(fold(ep.method));
        if (code < 0) {
          code = this.methods.length;
          this.methods.push(fold(ep.method));
        }
        methodCodes.set(ep.method, code);
      }
      this.methodCode[e] = code;

      // Matching uses `METHOD /path` built from the fields, so offsets agree with ranges.
      const methodPiece = this.addressDict.intern(this.methods[code]!, ep.method);
      kinds[methodPiece] = 0;
      address.add(methodPiece);
      let path = paths.get(ep.path);
      if (!path) {
        path = this.cutPath(ep.path, kinds);
        paths.set(ep.path, path);
      }
      for (const p of path.all) address.add(p);
      for (const p of path.segments) segments.add(p);
      this.hasAnyDepth[e] = path.anyDepth ? 1 : 0;
      this.addressMask[e] = charMask(this.methods[code]!) | path.mask;
      this.addressLength[e] = Math.min(ep.method.length + 1 + ep.path.length, 0xffff);

      for (const p of names.of(ep.name)) name.add(p);
      const member = ep.source?.member;
      if (member) {
        const key = fold(member);
        const list = this.handlers.get(key);
        if (list) list.push(e);
        else this.handlers.set(key, [e]);
      }
      for (const p of folders.of(ep.folder)) folder.add(p);
      for (const p of descriptions.of(ep.description)) description.add(p);
      for (const p of classNames.of(ep.className)) className.add(p);

      address.endRow();
      segments.endRow();
      name.endRow();
      folder.endRow();
      description.endRow();
      className.endRow();
    }

    this.addressDict.seal();
    this.nameDict.seal();
    this.otherDict.seal();
    this.segmentKind = Uint8Array.from(kinds, (k) => k ?? 0);
    this.address = address.build();
    this.segments = segments.build();
    this.name = name.build();
    this.folder = folder.build();
    this.description = description.build();
    this.className = className.build();
    this.allMethodCode = this.methods.indexOf('all');

    const order = tieBreakOrder(endpoints, paths, this.addressDict);
    this.byRank = Int32Array.from(order);
    this.rank = new Int32Array(n);
    for (let r = 0; r < n; r++) this.rank[order[r]!] = r;

    this.segmentPostings = invert(this.segments, this.addressDict.size, (_e, slot) => slot);
    this.namePostings = invert(this.name, this.nameDict.size, (_e, slot) => slot);
    const other = this.otherDict.size;
    this.otherPostings = merge(
      invert(this.folder, other, () => OTHER_KIND_FOLDER),
      invert(this.description, other, () => OTHER_KIND_DESCRIPTION),
      invert(this.className, other, () => OTHER_KIND_CLASS),
    );
    const methods: PieceLists = { start: Int32Array.from({ length: n + 1 }, (_, i) => i), items: Int32Array.from(this.methodCode) };
    this.methodPostings = invert(methods, this.methods.length, () => 0, 0);
    this.methodOfPiece = new Int32Array(this.addressDict.size).fill(-1);
    this.methods.forEach((m, code) => (this.methodOfPiece[this.addressDict.id(m)] = code));

    // Which positions hold a template or glob: the candidates a literal query part can also match.
    const variable = new ListBuilder(MAX_POSITION + 1);
    const byPosition: number[][] = Array.from({ length: MAX_POSITION + 1 }, () => []);
    const anyDepth: number[] = [];
    for (let e = 0; e < n; e++) {
      const from = this.segments.start[e]!;
      const to = this.segments.start[e + 1]!;
      for (let i = from; i < to && i - from <= MAX_POSITION; i++) {
        if (this.segmentKind[this.segments.items[i]!] !== SEG_LITERAL) byPosition[i - from]!.push(e);
      }
      if (this.hasAnyDepth[e]) anyDepth.push(e);
    }
    for (const list of byPosition) {
      for (const e of list) variable.add(e);
      variable.endRow();
    }
    this.variableAt = variable.build();
    this.tree = new PrefixTree(this.address, this.addressDict.size);

    this.anyDepthEndpoints = Int32Array.from(anyDepth);
    this.scratch = new Scratch(n);
  }

  get size(): number {
    return this.endpoints.length;
  }

  private cutPath(path: string, kinds: number[]): PathPieces {
    const out: PathPieces = { all: [], segments: [], anyDepth: false, mask: 0 };
    for (const seg of splitPath(path)) {
      const raw = path.slice(seg.slash >= 0 ? seg.slash : 0, seg.slash + 1 + seg.text.length);
      const folded = fold(raw);
      const piece = this.addressDict.intern(folded, raw);
      if (kinds[piece] === undefined) kinds[piece] = segmentKind(seg.text);
      out.all.push(piece);
      out.mask |= charMask(folded);
      if (seg.text.length > 0) {
        out.segments.push(piece);
        if (kinds[piece] === SEG_ANY_DEPTH) out.anyDepth = true;
      }
    }
    return out;
  }
}

interface PathPieces {
  /** One piece per raw segment, `/` included. */
  all: number[];
  /** The non-empty ones. */
  segments: number[];
  anyDepth: boolean;
  mask: number;
}

/** Pieces of a text field (its words, or the whole text), cut once per distinct text. */
class TextPieces {
  private readonly cache = new Map<string, number[]>();

  constructor(
    private readonly dict: Dictionary,
    private readonly words: boolean,
  ) {}

  of(text: string | undefined): number[] {
    if (!text) return NONE;
    let pieces = this.cache.get(text);
    if (!pieces) {
      pieces = this.words ? splitWords(text).map((w) => this.dict.intern(fold(w.text), w.text)) : [this.dict.intern(fold(text), text)];
      this.cache.set(text, pieces);
    }
    return pieces;
  }
}

const NONE: number[] = [];

/**
 * Endpoint positions in tie-break order: path segment by segment (case-insensitively, so
 * `/users` < `/users/{id}` < `/users-admin`), then method, then id. Comparing paths as rows of
 * segment ranks, and endpoints as numbers, is far cheaper than sorting 50,000 strings.
 */
function tieBreakOrder(endpoints: readonly Endpoint[], paths: Map<string, PathPieces>, dict: Dictionary): number[] {
  const n = endpoints.length;
  const pieceOrder = dict.pieces.map((_, i) => i).sort((a, b) => cmp(dict.pieces[a]!, dict.pieces[b]!));
  const pieceRank = new Int32Array(dict.size);
  pieceOrder.forEach((p, r) => (pieceRank[p] = r));
  const distinct = [...paths.entries()];
  distinct.sort(([, a], [, b]) => {
    const x = a.all;
    const y = b.all;
    for (let i = 0; i < x.length && i < y.length; i++) {
      const d = pieceRank[x[i]!]! - pieceRank[y[i]!]!;
      if (d !== 0) return d;
    }
    return x.length - y.length;
  });
  const pathRank = new Map<string, number>();
  distinct.forEach(([p], i) => pathRank.set(p, i));
  const keys = new Float64Array(n);
  for (let e = 0; e < n; e++) keys[e] = pathRank.get(endpoints[e]!.path)! * 2 ** 24 + e;
  keys.sort();
  const order = Array.from(keys, (k) => k % 2 ** 24);
  // Endpoints sharing a path (GET and DELETE /x/{id}) form short runs: insertion-sort them.
  const before = (a: number, b: number) => {
    const x = endpoints[a]!;
    const y = endpoints[b]!;
    return (cmp(x.method, y.method) || cmp(x.id, y.id)) < 0;
  };
  for (let i = 1; i < n; i++) {
    const e = order[i]!;
    const path = endpoints[e]!.path;
    let j = i;
    while (j > 0 && endpoints[order[j - 1]!]!.path === path && before(e, order[j - 1]!)) {
      order[j] = order[j - 1]!;
      j--;
    }
    order[j] = e;
  }
  return order;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function buildSearchIndex(endpoints: readonly Endpoint[]): SearchIndex {
  return new SearchIndex(endpoints);
}

/** Inverts per-endpoint piece lists into per-piece postings (`endpoint << SLOT_BITS | slot`). */
function invert(lists: PieceLists, pieces: number, slotOf: (e: number, slot: number) => number, bits = SLOT_BITS): Postings {
  const start = new Int32Array(pieces + 1);
  const n = lists.start.length - 1;
  for (let i = 0; i < lists.items.length; i++) start[lists.items[i]! + 1]!++;
  for (let p = 0; p < pieces; p++) start[p + 1]! += start[p]!;
  const fill = start.slice(0, pieces);
  const items = new Int32Array(lists.items.length);
  for (let e = 0; e < n; e++) {
    const from = lists.start[e]!;
    for (let i = from; i < lists.start[e + 1]!; i++) {
      const slot = Math.min(SLOT_MASK, slotOf(e, i - from));
      items[fill[lists.items[i]!]!++] = bits === 0 ? e : (e << bits) | slot;
    }
  }
  return { start, items };
}

/** Concatenates postings over the same pieces, piece by piece. */
function merge(...parts: Postings[]): Postings {
  const pieces = parts[0]!.start.length - 1;
  const start = new Int32Array(pieces + 1);
  const items = new Int32Array(parts.reduce((n, p) => n + p.items.length, 0));
  let k = 0;
  for (let p = 0; p < pieces; p++) {
    start[p] = k;
    for (const part of parts) for (let i = part.start[p]!; i < part.start[p + 1]!; i++) items[k++] = part.items[i]!;
  }
  start[pieces] = k;
  return { start, items };
}

class ListBuilder {
  private readonly start: Int32Array;
  private items: Int32Array;
  private count = 0;
  private rows = 0;

  constructor(rows: number) {
    this.start = new Int32Array(rows + 1);
    this.items = new Int32Array(Math.max(8, rows * 4)); // grows; one-endpoint indexes stay small
  }

  add(item: number): void {
    if (this.count === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.count++] = item;
  }

  endRow(): void {
    this.start[++this.rows] = this.count;
  }

  build(): PieceLists {
    return { start: this.start, items: this.items.slice(0, this.count) };
  }
}

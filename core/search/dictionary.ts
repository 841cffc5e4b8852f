// A dictionary of distinct folded strings ("pieces": path segments, name words, class names).
//
// Why: 50,000 endpoints share far fewer distinct segments and words. A query token is looked up
// once per distinct piece (one `indexOf` pass over all pieces joined into one string); postings
// (search-index.ts) then carry the hits to endpoints. What is looked up never contains a
// newline (tokens are split on whitespace), so a hit always lies inside one piece.

import { IntList } from './scratch';

const SEP = '\n'; // query tokens are split on whitespace, so no needle can span two pieces

/** Which pieces a needle was found in. Borrowed from the dictionary and given back. */
export class Hits {
  /** Per piece: 1 + offset of the first occurrence, or 0. */
  readonly at: Int32Array;
  /** The pieces with a non-zero `at`. */
  readonly pieces = new IntList(64);

  constructor(size: number) {
    this.at = new Int32Array(size);
  }

  mark(piece: number, offset: number): void {
    if (this.at[piece] === 0) {
      this.at[piece] = offset + 1;
      this.pieces.push(piece);
    }
  }
}

export class Dictionary {
  readonly pieces: string[] = [];
  /** The first original (unfolded) spelling of each piece, for camelCase word boundaries. */
  readonly originals: string[] = [];
  private readonly ids = new Map<string, number>();
  private joined = '';
  /** Hits given back by finished queries, reused to keep queries allocation-free. */
  private readonly spare: Hits[] = [];
  /** Length of each piece, read in the per-endpoint loop. */
  lengths = new Int32Array(0);
  /**
   * Per character of every piece (at `offsetOf(piece) + i`): 1 where a word starts — the piece's
   * start, after `/ - _ . {`, or a camelCase hump of the original spelling. Fuzzy scoring reads it.
   */
  boundary = new Uint8Array(0);
  /** Offset of each piece's first character in `joined`; one sentinel entry at the end. */
  private starts = new Int32Array(1);

  get size(): number {
    return this.pieces.length;
  }

  /** The id of a folded piece, adding it if new. */
  intern(folded: string, original: string): number {
    let id = this.ids.get(folded);
    if (id === undefined) {
      id = this.pieces.length;
      this.ids.set(folded, id);
      this.pieces.push(folded);
      this.originals.push(original);
    }
    return id;
  }

  /** The id of a folded piece, or -1. */
  id(folded: string): number {
    return this.ids.get(folded) ?? -1;
  }

  /** Builds the joined string; call once after the last `intern`. */
  seal(): void {
    const n = this.pieces.length;
    this.starts = new Int32Array(n + 1);
    this.lengths = new Int32Array(n);
    let offset = 1;
    for (let i = 0; i < n; i++) {
      this.starts[i] = offset;
      this.lengths[i] = this.pieces[i]!.length;
      offset += this.pieces[i]!.length + 1;
    }
    this.starts[n] = offset;
    this.joined = SEP + this.pieces.join(SEP) + SEP;
    this.boundary = new Uint8Array(offset);
    for (let p = 0; p < n; p++) {
      const folded = this.pieces[p]!;
      const original = this.originals[p]!;
      for (let i = 0; i < folded.length; i++) {
        if (isBoundary(folded, original, i)) this.boundary[this.starts[p]! + i] = 1;
      }
    }
  }

  /** Where piece p's first character sits in `boundary`. */
  offsetOf(p: number): number {
    return this.starts[p]!;
  }

  /** Marks every piece containing `needle`, with the offset of its first occurrence. */
  scan(needle: string, hits: Hits): void {
    if (needle.length === 0) return;
    const joined = this.joined;
    const starts = this.starts;
    let pos = joined.indexOf(needle);
    while (pos >= 0) {
      const p = this.pieceAt(pos);
      hits.mark(p, pos - starts[p]!);
      pos = joined.indexOf(needle, starts[p + 1]! - 1);
    }
  }

  /** Marks every piece that starts with `prefix` (offset 0). */
  scanPrefix(prefix: string, hits: Hits): void {
    const joined = this.joined;
    const needle = SEP + prefix;
    let pos = joined.indexOf(needle);
    while (pos >= 0 && pos + 1 < joined.length) {
      hits.mark(this.pieceAt(pos + 1), 0);
      pos = joined.indexOf(needle, pos + 1);
    }
  }

  /** Marks every piece that ends with `suffix`, with the suffix's offset. */
  scanSuffix(suffix: string, hits: Hits): void {
    if (suffix.length === 0) return;
    const joined = this.joined;
    const needle = suffix + SEP;
    let pos = joined.indexOf(needle);
    while (pos >= 0) {
      const p = this.pieceAt(pos);
      hits.mark(p, pos - this.starts[p]!);
      pos = joined.indexOf(needle, pos + 1);
    }
  }

  /** Empty hits for this dictionary's pieces. */
  borrow(): Hits {
    return this.spare.pop() ?? new Hits(this.pieces.length);
  }

  /** Takes hits back, clearing only the pieces that were marked. */
  giveBack(hits: Hits): void {
    const list = hits.pieces;
    for (let i = 0; i < list.count; i++) hits.at[list.data[i]!] = 0;
    list.count = 0;
    if (this.spare.length < 16) this.spare.push(hits);
  }

  /** The piece whose text covers offset `pos` of the joined string (binary search). */
  private pieceAt(pos: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = this.pieces.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** A word starts at i: the piece's start, after `/ - _ . {`, or a camelCase hump of the original. */
export function isBoundary(folded: string, original: string, i: number): boolean {
  if (i === 0) return true;
  const p = folded.charCodeAt(i - 1);
  if (p === 47 || p === 45 || p === 95 || p === 46 || p === 123) return true;
  const c = original.charCodeAt(i);
  const o = original.charCodeAt(i - 1);
  return c >= 65 && c <= 90 && ((o >= 97 && o <= 122) || (o >= 48 && o <= 57));
}

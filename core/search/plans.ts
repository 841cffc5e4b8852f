// A query token bound to an index: which endpoints it matches literally, with what score.
// Built from dictionary hits and postings, so the cost follows the number of hits rather than
// the number of endpoints. The per-endpoint loop in matcher.ts then only reads these arrays.

import type { Hits } from './dictionary';
import { FuzzyTable } from './fuzzy';
import type { QueryToken } from './query';
import type { IntList } from './scratch';
import * as scores from './scores';
import * as layout from './search-index';
import type { SearchIndex } from './search-index';
import { BoundSegments } from './segment-match';
import { charMask } from './text';

// Local copies of imported bindings used in hot loops: under vite-node (the tests, the bench)
// every use of an import is a getter call, ~30x slower in a tight loop; the bundle is unaffected.
const { ADDRESS_AND_NAME, HANDLER_NAME, METHOD_HIT, nameHitScore, otherHitScore, segmentHitScore } = scores;
const { SLOT_BITS, SLOT_MASK } = layout;

export interface Plan {
  readonly token: QueryToken;
  /** Per endpoint: literal score, 0 when the token has no literal match there. */
  readonly score: Int32Array;
  /** The endpoints with a non-zero score. */
  readonly list: IntList;
  /** May still match as a subsequence of the address where it has no literal match. */
  readonly canFuzzy: boolean;
  /** charMask of the token: addresses lacking one of its characters cannot match fuzzily. */
  readonly mask: number;
  fuzzy(): FuzzyTable;
  release(): void;
}

/** A word: literal hits in the address, the name and (explorer) other fields. */
export class WordPlan implements Plan {
  readonly score: Int32Array;
  /** Per endpoint: 1 + position of the name word it hit (for the phrase bonus), or 0. */
  readonly nameWord: Uint8Array;
  readonly list: IntList;
  readonly canFuzzy: boolean;
  readonly mask: number;
  /** Dictionary hits, kept for highlighting. */
  readonly addressHits: Hits | null;
  readonly nameHits: Hits;
  readonly otherHits: Hits | null;
  private table: FuzzyTable | null = null;

  constructor(
    private readonly index: SearchIndex,
    readonly token: QueryToken,
    fields: 'name' | 'address-and-name' | 'explorer',
  ) {
    const t = token.text;
    const length = t.length;
    this.mask = charMask(t);
    this.canFuzzy = fields !== 'name' && !token.literalOnly;
    this.score = index.scratch.int32();
    this.nameWord = index.scratch.uint8();
    this.list = index.scratch.list();
    const score = this.score;
    const list = this.list;
    // The loops below inline "keep the best score per endpoint": they run over every posting
    // of every hit piece, up to a few hundred thousand for a one-letter token.

    this.addressHits = fields === 'name' ? null : index.addressDict.borrow();
    if (this.addressHits) {
      index.addressDict.scan(t, this.addressHits);
      const hits = this.addressHits.at;
      const touched = this.addressHits.pieces;
      const lengths = index.addressDict.lengths;
      const post = index.segmentPostings;
      const items = post.items;
      for (let h = 0; h < touched.count; h++) {
        const p = touched.data[h]!;
        const code = index.methodOfPiece[p]!;
        if (code >= 0) {
          const mp = index.methodPostings;
          for (let i = mp.start[code]!; i < mp.start[code + 1]!; i++) {
            const e = mp.items[i]!;
            const old = score[e]!;
            if (old === 0) list.push(e);
            if (METHOD_HIT > old) score[e] = METHOD_HIT;
          }
          continue;
        }
        const s = segmentHitScore(hits[p]! - 1, length, lengths[p]!);
        for (let i = post.start[p]!, end = post.start[p + 1]!; i < end; i++) {
          const e = items[i]! >> SLOT_BITS;
          const old = score[e]!;
          if (old === 0) list.push(e);
          if (s > old) score[e] = s;
        }
      }
    }

    this.nameHits = index.nameDict.borrow();
    {
      index.nameDict.scan(t, this.nameHits);
      const hits = this.nameHits.at;
      const touched = this.nameHits.pieces;
      const lengths = index.nameDict.lengths;
      const post = index.namePostings;
      const items = post.items;
      const nameWord = this.nameWord;
      // The endpoints the address hit so far: the rest of `list`'s start.
      const inAddress = list.count;
      for (let h = 0; h < touched.count; h++) {
        const p = touched.data[h]!;
        const inWord = nameHitScore(hits[p]! - 1, length, lengths[p]!, 1);
        const firstWord = nameHitScore(hits[p]! - 1, length, lengths[p]!, 0);
        for (let i = post.start[p]!, end = post.start[p + 1]!; i < end; i++) {
          const entry = items[i]!;
          const e = entry >> SLOT_BITS;
          const slot = entry & SLOT_MASK;
          const s = slot === 0 ? firstWord : inWord;
          const old = score[e]!;
          if (old === 0) list.push(e);
          if (s > old) score[e] = s;
          if (nameWord[e] === 0) nameWord[e] = slot + 1;
        }
      }
      for (let i = 0; i < inAddress; i++) {
        const e = list.data[i]!;
        if (nameWord[e] !== 0) score[e] += ADDRESS_AND_NAME;
      }
    }

    // The handler method's whole name (`getApplications`), not shown in any field: no highlight.
    const handlers = fields === 'name' ? undefined : index.handlers.get(t);
    if (handlers) {
      for (const e of handlers) {
        const old = score[e]!;
        if (old === 0) list.push(e);
        if (HANDLER_NAME > old) score[e] = HANDLER_NAME;
      }
    }

    this.otherHits = fields === 'explorer' ? index.otherDict.borrow() : null;
    if (this.otherHits) {
      index.otherDict.scan(t, this.otherHits);
      const hits = this.otherHits.at;
      const touched = this.otherHits.pieces;
      const post = index.otherPostings;
      const items = post.items;
      const byKind = new Int32Array(4);
      for (let h = 0; h < touched.count; h++) {
        const p = touched.data[h]!;
        const piece = index.otherDict.pieces[p]!;
        for (let kind = 1; kind < 4; kind++) byKind[kind] = otherHitScore(kind, hits[p]! - 1, length, piece);
        for (let i = post.start[p]!, end = post.start[p + 1]!; i < end; i++) {
          const entry = items[i]!;
          const e = entry >> SLOT_BITS;
          const s = byKind[entry & SLOT_MASK]!;
          const old = score[e]!;
          if (old === 0) list.push(e);
          if (s > old) score[e] = s;
        }
      }
    }
  }

  fuzzy(): FuzzyTable {
    return (this.table ??= new FuzzyTable(this.index, this.token.text));
  }

  release(): void {
    this.table?.release();
    if (this.addressHits) this.index.addressDict.giveBack(this.addressHits);
    this.index.nameDict.giveBack(this.nameHits);
    if (this.otherHits) this.index.otherDict.giveBack(this.otherHits);
    this.index.scratch.release([this.score, this.nameWord], this.list);
  }
}

/** A path or address token: verified segment-wise on the candidates its postings give. */
export class PathPlan implements Plan {
  readonly segments: BoundSegments;
  readonly score: Int32Array;
  /** Per endpoint: 1 when the token covered the whole path exactly. */
  readonly exact: Uint8Array;
  readonly list: IntList;
  readonly canFuzzy: boolean;
  readonly mask: number;
  private table: FuzzyTable | null = null;

  constructor(
    private readonly index: SearchIndex,
    readonly token: QueryToken,
  ) {
    this.segments = new BoundSegments(index, token);
    this.mask = charMask(token.text);
    this.canFuzzy = token.kind === 'address' && !token.literalOnly;
    this.score = index.scratch.int32();
    this.exact = index.scratch.uint8();
    this.list = index.scratch.list();
    const candidates = index.scratch.list();
    const { marks, mark } = index.scratch.marker();
    this.segments.gather(candidates, marks, mark);
    for (let i = 0; i < candidates.count; i++) {
      const e = candidates.data[i]!;
      const s = this.segments.match(e);
      if (s < 0) continue;
      this.score[e] = Math.max(1, s);
      if (this.segments.exactHit) this.exact[e] = 1;
      this.list.push(e);
    }
    index.scratch.release([], candidates);
  }

  fuzzy(): FuzzyTable {
    return (this.table ??= new FuzzyTable(this.index, this.token.text));
  }

  release(): void {
    this.table?.release();
    this.segments.release();
    this.index.scratch.release([this.score, this.exact], this.list);
  }
}

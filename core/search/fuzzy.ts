// Subsequence ("fuzzy") matching of one token against addresses, spec §4.3: `usrid` matches
// `GET /users/{id}`.
//
// Why per piece: a greedy left-to-right subsequence match over `get /users/{id}` is the same as
// running it piece by piece (`get`, `/users`, `/{id}`) and carrying the number of token
// characters matched so far. That step depends only on (piece, state), and the 50,000 addresses
// share a few thousand distinct pieces, so each step is computed once per query and memoised.
// Likewise the state after an address prefix (`get /api/v1/orders`) is computed once per query
// for all the endpoints that share it (prefix-tree.ts); an endpoint adds one step.
// The score is that of the greedy (leftmost) alignment, not the best one: cheap, deterministic,
// and only ordering fuzzy hits among themselves, since every literal hit ranks above them.

import type { SearchIndex } from './search-index';

const BOUNDARY_BONUS = 8;
const CONSECUTIVE_BONUS = 4;
const PIECE_PENALTY = 3;

export class FuzzyTable {
  private readonly width: number;
  /** Per (piece, state): 1 + the state after the piece, or 0 when not computed yet. */
  private readonly next: Uint8Array;
  private readonly gain: Int16Array;
  /** Per prefix node: 1 + the state after the prefix, or 0 when not computed yet. */
  private readonly nodeState: Uint8Array;
  private readonly nodeGain: Int32Array;
  /** Ancestors waiting to be computed (grows for deep paths). */
  private stack = new Int32Array(64);
  // Index arrays read per endpoint, held directly (a property chain per read adds up).
  private readonly nodeOf: Int32Array;
  private readonly parents: Int32Array;
  private readonly nodePiece: Int32Array;
  private readonly lastPiece: Int32Array;
  /** The token's characters as one-character strings, for `indexOf`. */
  private readonly chars: string[];

  private readonly buffer: ArrayBuffer;

  constructor(
    private readonly index: SearchIndex,
    token: string,
  ) {
    // One pooled buffer per table: a query must not allocate fresh megabytes (young-GC pauses
    // land in the p99). Layout keeps each view aligned; only `next` and `nodeState` (the
    // "computed yet?" markers, at the end) need zeroing: the gains are written before read.
    this.width = token.length + 1;
    const cells = index.addressDict.size * this.width;
    const nodes = index.tree.size;
    const zeroFrom = nodes * 4 + cells * 2;
    const bytes = zeroFrom + cells + nodes;
    this.buffer = index.scratch.buffer(bytes, zeroFrom);
    this.nodeGain = new Int32Array(this.buffer, 0, nodes);
    this.gain = new Int16Array(this.buffer, nodes * 4, cells);
    this.next = new Uint8Array(this.buffer, zeroFrom, cells);
    this.nodeState = new Uint8Array(this.buffer, zeroFrom + cells, nodes);
    this.nodeOf = index.tree.nodeOf;
    this.parents = index.tree.parent;
    this.nodePiece = index.tree.piece;
    this.lastPiece = index.tree.lastPiece;
    this.chars = token.split(''); // UTF-16 units, like every offset here
  }

  release(): void {
    this.index.scratch.giveBuffer(this.buffer);
  }

  /** The score of the token as a subsequence of endpoint e's address, or -1 when it is not one. */
  match(e: number): number {
    const m = this.chars.length;
    const node = this.nodeOf[e]!;
    let state = 0;
    let total = 0;
    if (node >= 0) {
      if (this.nodeState[node] === 0) this.computeNode(node);
      state = this.nodeState[node]! - 1;
      total = this.nodeGain[node]!;
      if (state === m) return total;
    }
    const last = this.lastPiece[e]!;
    const k = last * this.width + state;
    if (this.next[k] === 0) this.compute(k, last, state);
    return this.next[k]! - 1 === m ? total + this.gain[k]! : -1;
  }

  private push(depth: number, node: number): void {
    if (depth === this.stack.length) {
      const grown = new Int32Array(depth * 2);
      grown.set(this.stack);
      this.stack = grown;
    }
    this.stack[depth] = node;
  }

  /** Fills the node and its not yet computed ancestors, root first. */
  private computeNode(node: number): void {
    const parents = this.parents;
    const nodeState = this.nodeState;
    let depth = 0;
    for (let n = node; n >= 0 && nodeState[n] === 0; n = parents[n]!) this.push(depth++, n);
    while (depth > 0) {
      const n = this.stack[--depth]!;
      const parent = parents[n]!;
      const state = parent >= 0 ? nodeState[parent]! - 1 : 0;
      const piece = this.nodePiece[n]!;
      const k = piece * this.width + state;
      if (this.next[k] === 0) this.compute(k, piece, state);
      nodeState[n] = this.next[k]!;
      this.nodeGain[n] = (parent >= 0 ? this.nodeGain[parent]! : 0) + this.gain[k]!;
    }
  }

  /** The greedy step over one piece from one state, with its score. */
  private compute(k: number, piece: number, from: number): void {
    const dict = this.index.addressDict;
    const s = dict.pieces[piece]!;
    const boundary = dict.boundary;
    const at = dict.offsetOf(piece);
    const chars = this.chars;
    let state = from;
    let gain = 0;
    let prev = -2;
    let i = 0;
    while (state < chars.length) {
      const pos = s.indexOf(chars[state]!, i);
      if (pos < 0) break;
      gain += 1;
      if (boundary[at + pos] === 1) gain += BOUNDARY_BONUS;
      if (prev === pos - 1) gain += CONSECUTIVE_BONUS;
      prev = pos;
      i = pos + 1;
      state++;
    }
    // Spreading over many pieces costs, but a piece never scores below zero: -1 means "no match".
    if (state > from) gain = Math.max(0, gain - PIECE_PENALTY);
    this.next[k] = state + 1;
    this.gain[k] = gain;
  }
}

// Subsequence ("fuzzy") matching of one token against addresses, spec §4.3: `usrid` matches
// `GET /users/{id}`.
//
// Anchored, like IntelliJ's own matcher: the token's characters may only enter a word of the
// address at its start (a piece start, after `/ - _ . {`, or a camelCase hump), and then take
// further characters of that word in order. So `usrid` (us·r in `users`, id in `{id}`) and
// `RecMsg` (`ReceiveMessage`) match, but `ReceiveMessage` does not match
// `/apache.rocketmq.v2.MessagingService/QueryRoute` by letters strewn over the package name.
//
// Which token prefixes can be matched after an address prefix is a set of states (a bit per
// state: the token is at most MAX_FUZZY_LENGTH long): a greedy single state would give up on
// `ordst` for `/orders/{id}/status`, having spent the `s` of `orders`. The set after an address
// prefix (`get /api/v1/orders`) is computed once per query for all the endpoints that share it
// (prefix-tree.ts). Stepping a set through a piece is the union of its states' steps, each
// memoised per (piece, state); and per piece the last set and its result are kept, since the
// nodes sharing a piece (`/{id}` under every resource) mostly arrive with the same set. An
// endpoint's own last piece is not stepped through: per piece (the 50,000 addresses share a
// few thousand), one backward pass gives the states from which the rest of the token fits in
// it, and the endpoint matches when its prefix reached one of them.
// The score is that of the greedy anchored alignment (0 when only a non-greedy one exists):
// cheap, deterministic, and only ordering fuzzy hits among themselves, since every literal hit
// ranks above them. It is computed for matching endpoints only.

import type { SearchIndex } from './search-index';

const BOUNDARY_BONUS = 8;
const CONSECUTIVE_BONUS = 4;
const PIECE_PENALTY = 3;

export class FuzzyTable {
  private readonly width: number;
  /** The token's length, and the bit of the state "all of it matched". */
  private readonly m: number;
  private readonly done: number;
  /** Per piece: the states from which the rest of the token fits in the piece, or 0 when not computed yet. */
  private readonly finish: Int32Array;
  /** Per (piece, state): 1 + the greedy state after the piece, or 0 when not computed yet; the greedy alignment's gain. */
  private readonly next: Uint8Array;
  private readonly gain: Int16Array;
  /** Per prefix node: the reachable states, or 0 when not computed yet. */
  private readonly nodeReach: Int32Array;
  /**
   * Per piece: the last set of states stepped through it (0: none yet) and the result. Nodes
   * sharing a piece (`/{id}` under every resource) mostly arrive with the same set.
   */
  private readonly stepFrom: Int32Array;
  private readonly stepTo: Int32Array;
  /** Per (piece, state): the states reachable through the piece from that one state, or 0 when not computed yet. */
  private readonly reach: Int32Array;
  /** Per prefix node: greedy state + 1, or 0 when not computed yet; the greedy alignment's gain. */
  private readonly nodeState: Uint8Array;
  private readonly nodeGain: Int32Array;
  /** Ancestors waiting to be computed (grows for deep paths). */
  private stack = new Int32Array(64);
  // Index arrays read per endpoint, held directly (a property chain per read adds up).
  private readonly nodeOf: Int32Array;
  private readonly parents: Int32Array;
  private readonly nodePiece: Int32Array;
  private readonly lastPiece: Int32Array;
  /** The token's character codes (UTF-16 units, like every offset here). */
  private readonly codes: Uint16Array;
  /** Per ASCII character: the states whose next token character it is (bit t: token[t]). */
  private readonly asciiBits = new Int32Array(128);
  private readonly otherBits = new Map<number, number>();

  private readonly buffer: ArrayBuffer;

  constructor(
    private readonly index: SearchIndex,
    token: string,
  ) {
    const m = token.length; // at most 31 (query.ts), so states 0 ... m fit an int32's bits
    this.m = m;
    this.done = 1 << m;
    this.width = m + 1;
    this.codes = new Uint16Array(m);
    for (let t = 0; t < m; t++) {
      const c = token.charCodeAt(t);
      this.codes[t] = c;
      if (c < 128) this.asciiBits[c]! |= 1 << t;
      else this.otherBits.set(c, (this.otherBits.get(c) ?? 0) | (1 << t));
    }
    // One pooled buffer per table: a query must not allocate fresh megabytes (young-GC pauses
    // land in the p99). Layout keeps each view aligned; only the "computed yet?" markers (from
    // `zeroFrom` on) need zeroing: the gains are written before read.
    const cells = index.addressDict.size * this.width;
    const pieces = index.addressDict.size;
    const nodes = index.tree.size;
    const zeroFrom = (nodes * 4 + pieces * 4 + cells * 2 + 3) & ~3;
    const bytes = zeroFrom + cells * 4 + nodes * 4 + pieces * 8 + cells + nodes;
    this.buffer = index.scratch.buffer(bytes, zeroFrom);
    this.nodeGain = new Int32Array(this.buffer, 0, nodes);
    this.stepTo = new Int32Array(this.buffer, nodes * 4, pieces);
    this.gain = new Int16Array(this.buffer, nodes * 4 + pieces * 4, cells);
    let at = zeroFrom;
    this.reach = new Int32Array(this.buffer, at, cells);
    this.nodeReach = new Int32Array(this.buffer, (at += cells * 4), nodes);
    this.finish = new Int32Array(this.buffer, (at += nodes * 4), pieces);
    this.stepFrom = new Int32Array(this.buffer, (at += pieces * 4), pieces);
    this.next = new Uint8Array(this.buffer, (at += pieces * 4), cells);
    this.nodeState = new Uint8Array(this.buffer, at + cells, nodes);
    this.nodeOf = index.tree.nodeOf;
    this.parents = index.tree.parent;
    this.nodePiece = index.tree.piece;
    this.lastPiece = index.tree.lastPiece;
  }

  release(): void {
    this.index.scratch.giveBuffer(this.buffer);
  }

  /** The score of the token as an anchored subsequence of endpoint e's address, or -1 when it is not one. */
  match(e: number): number {
    const node = this.nodeOf[e]!;
    let states = 1; // state 0: nothing matched yet
    if (node >= 0) {
      if (this.nodeReach[node] === 0) this.reachNode(node);
      states = this.nodeReach[node]!;
    }
    const last = this.lastPiece[e]!;
    if (this.finish[last] === 0) this.computeFinish(last);
    if ((states & this.finish[last]!) === 0) return -1;
    // A match: the greedy alignment scores it.
    let state = 0;
    let total = 0;
    if (node >= 0) {
      if (this.nodeState[node] === 0) this.greedyNode(node);
      state = this.nodeState[node]! - 1;
      total = this.nodeGain[node]!;
      if (state === this.m) return total;
    }
    const k = last * this.width + state;
    if (this.next[k] === 0) this.greedy(k, last, state);
    return this.next[k]! - 1 === this.m ? total + this.gain[k]! : 0;
  }

  private push(depth: number, node: number): void {
    if (depth === this.stack.length) {
      const grown = new Int32Array(depth * 2);
      grown.set(this.stack);
      this.stack = grown;
    }
    this.stack[depth] = node;
  }

  /** Fills the node's reachable states and those of its not yet computed ancestors, root first. */
  private reachNode(node: number): void {
    const parents = this.parents;
    const nodeReach = this.nodeReach;
    let depth = 0;
    for (let n = node; n >= 0 && nodeReach[n] === 0; n = parents[n]!) this.push(depth++, n);
    while (depth > 0) {
      const n = this.stack[--depth]!;
      const parent = parents[n]!;
      const states = parent >= 0 ? nodeReach[parent]! : 1;
      const piece = this.nodePiece[n]!;
      if (this.stepFrom[piece] !== states) {
        this.stepFrom[piece] = states;
        this.stepTo[piece] = this.step(piece, states);
      }
      nodeReach[n] = this.stepTo[piece]!;
    }
  }

  /** Fills the node's greedy state and gain and those of its not yet computed ancestors, root first. */
  private greedyNode(node: number): void {
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
      if (this.next[k] === 0) this.greedy(k, piece, state);
      nodeState[n] = this.next[k]!;
      this.nodeGain[n] = (parent >= 0 ? this.nodeGain[parent]! : 0) + this.gain[k]!;
    }
  }

  /** The states reachable through one piece from a set of states: the union of each state's. */
  private step(piece: number, states: number): number {
    if ((states & this.done) !== 0) return this.done; // matched: nothing more to learn
    const base = piece * this.width;
    let out = 0;
    for (let rest = states; rest !== 0; rest &= rest - 1) {
      const s = 31 - Math.clz32(rest & -rest);
      const k = base + s;
      if (this.reach[k] === 0) this.reach[k] = this.pass(piece, 1 << s);
      out |= this.reach[k]!;
    }
    return out;
  }

  /**
   * Through one piece from a set of states, every alignment at once: `inWord` holds the states
   * that entered the current word (and may take more of its characters), `outside` those
   * waiting for a word start.
   */
  private pass(piece: number, states: number): number {
    const dict = this.index.addressDict;
    const s = dict.pieces[piece]!;
    const boundary = dict.boundary;
    const at = dict.offsetOf(piece);
    let inWord = 0;
    let outside = states;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      const bits = c < 128 ? this.asciiBits[c]! : (this.otherBits.get(c) ?? 0);
      if (boundary[at + i] === 1) {
        outside |= inWord;
        inWord = (outside & bits) << 1;
      } else inWord |= (inWord & bits) << 1;
    }
    return inWord | outside;
  }

  /**
   * The states from which the rest of the token fits in the piece, by `step`'s rules run
   * backwards: `outside` (waiting for a word start) and `inWord` (inside an entered word) hold
   * the states that can still finish from here. Always holds the "all matched" state.
   */
  private computeFinish(piece: number): void {
    const dict = this.index.addressDict;
    const s = dict.pieces[piece]!;
    const boundary = dict.boundary;
    const at = dict.offsetOf(piece);
    let outside = this.done;
    let inWord = this.done;
    for (let i = s.length - 1; i >= 0; i--) {
      const c = s.charCodeAt(i);
      const bits = c < 128 ? this.asciiBits[c]! : (this.otherBits.get(c) ?? 0);
      const take = (inWord >>> 1) & bits;
      if (boundary[at + i] === 1) {
        outside |= take;
        inWord = outside;
      } else inWord |= take;
    }
    this.finish[piece] = outside;
  }

  /** The greedy (leftmost) anchored step over one piece from one state, with its score. */
  private greedy(k: number, piece: number, from: number): void {
    const dict = this.index.addressDict;
    const s = dict.pieces[piece]!;
    const boundary = dict.boundary;
    const at = dict.offsetOf(piece);
    const codes = this.codes;
    const m = this.m;
    let state = from;
    let entered = false;
    let gain = 0;
    let prev = -2;
    for (let i = 0; i < s.length && state < m; i++) {
      const c = s.charCodeAt(i);
      const start = boundary[at + i] === 1;
      if (start) entered = false;
      if (c === codes[state] && (start || entered)) {
        gain += 1;
        if (start) gain += BOUNDARY_BONUS;
        if (prev === i - 1) gain += CONSECUTIVE_BONUS;
        prev = i;
        state++;
        entered = true;
      }
    }
    // Spreading over many pieces costs, but a piece never scores below zero: -1 means "no match".
    if (state > from) gain = Math.max(0, gain - PIECE_PENALTY);
    this.next[k] = state + 1;
    this.gain[k] = gain;
  }
}

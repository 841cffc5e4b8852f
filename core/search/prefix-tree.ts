// Address prefixes shared between endpoints, as a tree: node = (parent node, piece). The roots
// are methods (`get`), then path segments follow. An endpoint hangs under the node of its
// address without the last piece, so the ten endpoints of one controller share their prefix.
//
// Why: fuzzy matching (fuzzy.ts) carries a state along an address. Computed per node, a shared
// prefix costs one step per query instead of one per endpoint.
// (Walking the tree from the roots and pruning subtrees that lack a needed letter was tried:
// slower than scanning endpoints with their character masks, as prefixes rarely lack letters.)

import type { PieceLists } from './search-index';

export class PrefixTree {
  readonly parent: Int32Array;
  readonly piece: Int32Array;
  /** Per endpoint: its node, or -1 for an address of a single piece (none in practice). */
  readonly nodeOf: Int32Array;
  /** Per endpoint: the last piece of its address. */
  readonly lastPiece: Int32Array;

  constructor(address: PieceLists, pieces: number) {
    const n = address.start.length - 1;
    const ids = new Map<number, number>();
    const parent: number[] = [];
    const piece: number[] = [];
    this.nodeOf = new Int32Array(n);
    this.lastPiece = new Int32Array(n);
    for (let e = 0; e < n; e++) {
      this.lastPiece[e] = address.items[address.start[e + 1]! - 1]!;
      let node = -1;
      for (let i = address.start[e]!; i < address.start[e + 1]! - 1; i++) {
        const p = address.items[i]!;
        const key = (node + 1) * pieces + p;
        let id = ids.get(key);
        if (id === undefined) {
          id = parent.length;
          ids.set(key, id);
          parent.push(node);
          piece.push(p);
        }
        node = id;
      }
      this.nodeOf[e] = node;
    }
    this.parent = Int32Array.from(parent);
    this.piece = Int32Array.from(piece);
  }

  get size(): number {
    return this.parent.length;
  }
}

// Keeps the best results of a search. A result is one double: score in the high bits, the
// endpoint's tie-break rank (inverted, so earlier ranks win) in the low bits. Sorting numbers
// is what keeps 50,000 results cheap.

/** Ranks take the low bits of a key; the score (< 2^31) the high bits: exact in a double. */
export const RANK_SPACE = 2 ** 22;

export function keyScore(key: number): number {
  return Math.floor(key / RANK_SPACE);
}

export function keyRank(key: number): number {
  return RANK_SPACE - 1 - (key % RANK_SPACE);
}

/** The `limit` largest keys (a min-heap), or every key when the limit is no smaller than the input. */
export class Collector {
  private keys: Float64Array;
  private count = 0;
  private readonly heap: boolean;

  constructor(
    private readonly limit: number,
    size: number,
  ) {
    this.heap = limit < size;
    this.keys = new Float64Array(this.heap ? limit : Math.min(size, 1024));
  }

  get full(): boolean {
    return this.count >= this.limit;
  }

  /**
   * Adds a result. Takes the two small integers rather than the key: a double passed between
   * functions is boxed on the heap, and the fuzzy pass adds thousands per query.
   */
  add(score: number, rank: number): void {
    const key = score * RANK_SPACE + (RANK_SPACE - 1 - rank);
    const keys = this.keys;
    if (!this.heap) {
      if (this.count === keys.length) {
        const grown = new Float64Array(keys.length * 2);
        grown.set(keys);
        this.keys = grown;
      }
      this.keys[this.count++] = key;
      return;
    }
    if (this.count < this.limit) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (keys[parent]! <= key) break;
        keys[i] = keys[parent]!;
        i = parent;
      }
      keys[i] = key;
      return;
    }
    if (key <= keys[0]!) return;
    let i = 0;
    const n = this.count;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1]! < keys[child]!) child++;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      i = child;
    }
    keys[i] = key;
  }

  forEach(f: (key: number) => void): void {
    for (let i = 0; i < this.count; i++) f(this.keys[i]!);
  }

  sortedDescending(): Float64Array {
    return this.keys.slice(0, this.count).sort().reverse();
  }
}

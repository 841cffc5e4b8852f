// Per-endpoint arrays a query needs (scores, flags, candidate lists), kept by the index and
// reused: allocating and zeroing 50,000-slot arrays on every keystroke shows up in the p99.
// Queries are synchronous, so one query at a time holds them.

/** A growable list of endpoint numbers. */
export class IntList {
  data: Int32Array;
  count = 0;

  constructor(capacity = 256) {
    this.data = new Int32Array(capacity);
  }

  push(v: number): void {
    if (this.count === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.count++] = v;
  }
}

/** Arrays kept per kind: enough for queries of a dozen tokens. */
const MAX_POOLED = 32;

export class Scratch {
  private readonly int32s: Int32Array[] = [];
  private readonly uint8s: Uint8Array[] = [];
  private readonly lists: IntList[] = [];
  private readonly buffers: ArrayBuffer[] = [];
  private readonly seen: Uint32Array;
  private generation = 0;

  constructor(readonly size: number) {
    this.seen = new Uint32Array(size);
  }

  /** A zeroed Int32Array with one slot per endpoint. */
  int32(): Int32Array {
    return this.int32s.pop() ?? new Int32Array(this.size);
  }

  /** A zeroed Uint8Array with one slot per endpoint. */
  uint8(): Uint8Array {
    return this.uint8s.pop() ?? new Uint8Array(this.size);
  }

  list(): IntList {
    const l = this.lists.pop() ?? new IntList();
    l.count = 0;
    return l;
  }

  /** Takes arrays back; `set` lists every slot that may be non-zero. */
  release(arrays: (Int32Array | Uint8Array)[], set: IntList): void {
    const sparse = set.count * 8 < this.size;
    for (const a of arrays) {
      if (sparse) for (let i = 0; i < set.count; i++) a[set.data[i]!] = 0;
      else a.fill(0);
      if (a instanceof Int32Array) {
        if (this.int32s.length < MAX_POOLED) this.int32s.push(a);
      } else if (this.uint8s.length < MAX_POOLED) this.uint8s.push(a);
    }
    if (this.lists.length < MAX_POOLED) this.lists.push(set);
  }

  /** A buffer of at least `bytes` bytes, zero from `zeroFrom` to `bytes`; give it back. */
  buffer(bytes: number, zeroFrom: number): ArrayBuffer {
    const i = this.buffers.findIndex((b) => b.byteLength >= bytes);
    // Powers of two, so tables for tokens of nearby lengths reuse each other's buffers.
    const buf = i >= 0 ? this.buffers.splice(i, 1)[0]! : new ArrayBuffer(2 ** Math.ceil(Math.log2(Math.max(bytes, 1024))));
    if (i >= 0) new Uint8Array(buf, zeroFrom, bytes - zeroFrom).fill(0);
    return buf;
  }

  giveBuffer(buf: ArrayBuffer): void {
    if (this.buffers.length < 8) this.buffers.push(buf);
  }

  /**
   * A fresh "seen" marker for de-duplicating candidates: `marks[e] === mark` means seen.
   * Generations avoid clearing the array between uses.
   */
  marker(): { marks: Uint32Array; mark: number } {
    if (++this.generation === 0xffffffff) {
      this.seen.fill(0);
      this.generation = 1;
    }
    return { marks: this.seen, mark: this.generation };
  }
}

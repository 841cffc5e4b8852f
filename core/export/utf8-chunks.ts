// An export's text kept as UTF-8 outside the JavaScript heap until it is written. ApiPost's
// 2,500 endpoints are 16 MB of text made item by item: kept as strings, every one of them
// survived the young generation and was copied by the collector (a third of the export's CPU);
// in buffers the collector never copies them, and the writer takes the bytes as they are.
// The text is encoded once either way: here instead of in the writer.

/** The same text as one flat string (V8 flattens a rope when a regular expression reads it). */
export function flat(s: string): string {
  // The test's result is used: rollup drops a bare `/^/.test(s);` as free of side effects, and
  // in the bundle every rope stayed a rope (an OpenAPI export kept 28 MB of rope nodes alive).
  return /^/.test(s) ? s : s;
}

/** A piece of a file's content: text, or that text as UTF-8 (its `toString()` is the text again). */
export type Piece = string | Buffer;

// Chunks grow from 16 KB to 1 MB: a short list (YApi writes hundreds) takes little memory
// outside the heap, which the collector counts too.
const FIRST_CHUNK = 1 << 14;
const LAST_CHUNK = 1 << 20;

export class Utf8Chunks {
  private readonly full: Buffer[] = [];
  private current: Buffer | undefined;
  private used = 0;
  private size = FIRST_CHUNK / 2;

  /**
   * Appends `text`. Only well-formed text: a lone surrogate would be written as U+FFFD (the
   * writer does the same). JSON.stringify escapes lone surrogates.
   */
  add(text: string): void {
    // At most 3 bytes per UTF-16 unit; a chunk never splits a text, so each decodes on its own.
    this.room(text.length * 3);
    // A rope (text built by +=) is flattened first: encoded as a rope it took 4x longer.
    this.used += this.current!.write(flat(text), this.used, 'utf8');
  }

  /** A chunk with room for `most` more bytes. */
  private room(most: number): void {
    if (this.current === undefined || this.used + most > this.current.length) {
      this.close();
      this.size = Math.min(this.size * 2, LAST_CHUNK);
      this.current = Buffer.allocUnsafeSlow(Math.max(this.size, most));
    }
  }

  /** Appends text already encoded (a value written many times, encoded once). */
  addBytes(bytes: Buffer): void {
    this.room(bytes.length);
    this.used += bytes.copy(this.current!, this.used);
  }

  /** The bytes added so far, in order; the list grows if more is added. */
  pieces(): Buffer[] {
    this.close();
    return this.full;
  }

  private close(): void {
    if (this.current !== undefined && this.used > 0) this.full.push(this.current.subarray(0, this.used));
    this.current = undefined;
    this.used = 0;
  }
}

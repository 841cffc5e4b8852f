// Reading source files for the scanner: one reused buffer, so ten thousand small reads allocate
// nothing. Shared by the full scan's read, the single-file re-scan and the stored result's
// fingerprint (stored-scan.ts).

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { checkRead, MAX_SOURCE_BYTES } from './source-files';
import { stampOf } from './file-stamps';
import type { Stamp } from './file-stamps';

export class SourceReader {
  private buf = Buffer.allocUnsafe(256 * 1024);
  /** With `stamps`, the stat of the file `readWalked` read last, taken before its bytes. */
  stamp: Stamp | undefined;

  constructor(private readonly stamps: boolean) {}

  /** The file's bytes (a view valid until the next call), or the reason it could not be read. */
  read(abs: string, sizeHint: number): Buffer | string {
    let fd: number;
    try {
      fd = openSync(abs, 'r');
    } catch (e) {
      return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    }
    try {
      if (sizeHint + 1 > this.buf.length) this.buf = Buffer.allocUnsafe(sizeHint + 1);
      return this.readAll(fd, Infinity);
    } catch (e) {
      return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    } finally {
      closeSync(fd);
    }
  }

  /**
   * A file listed by a walk without stat (files.ts): its bytes, or, in the walk's words, why it
   * is skipped (unreadable, over the size limit: only the limit's worth is read to find out).
   */
  readWalked(abs: string): Buffer | { skipped: string } {
    let fd: number;
    try {
      fd = openSync(abs, 'r');
    } catch (e) {
      this.stamp = undefined;
      return { skipped: checkRead(e, 0)! };
    }
    try {
      const st = this.stamps ? fstatSync(fd, { bigint: true }) : undefined;
      this.stamp = st && stampOf(st);
      // With the size known, a read that fills it is the last: no further read to meet the end.
      const bytes = this.readAll(fd, Math.min(MAX_SOURCE_BYTES + 1, st ? Number(st.size) : Infinity));
      return bytes.length > MAX_SOURCE_BYTES ? { skipped: checkRead(undefined, fstatSync(fd).size)! } : bytes;
    } catch (e) {
      return { skipped: checkRead(e, 0)! };
    } finally {
      closeSync(fd);
    }
  }

  /** Reads until the end or `limit` bytes (at least one read, so an empty limit still sees a grown file), growing the buffer as needed. */
  private readAll(fd: number, limit: number): Buffer {
    let n = 0;
    for (;;) {
      const got = readSync(fd, this.buf, n, this.buf.length - n, n);
      if (got === 0) break;
      n += got;
      if (n >= limit) break;
      if (n === this.buf.length) {
        // Larger than any file so far (or grown since it was listed).
        const bigger = Buffer.allocUnsafe(this.buf.length * 2);
        this.buf.copy(bigger, 0, 0, n);
        this.buf = bigger;
      }
    }
    return this.buf.subarray(0, n);
  }
}

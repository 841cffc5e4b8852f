// Reading the stored result's endpoints and schema table (result-store.ts) one line at a time.
// Both are JSON values one a line, joined by `,\n` (JSON.stringify never writes a raw newline
// inside one). Parsed whole, the endpoints were read into a buffer of their size and copied
// into a string of their size: megabytes of fresh pages, each a page fault, which cost an
// export more than the parse itself. A line at a time they pass through one small buffer that
// is reused, and each line's string dies young.

import { isAscii } from 'node:buffer';
import { readSync } from 'node:fs';

const FIRST_BUFFER = 256 * 1024;

/**
 * Calls `each` with the text of every line in the `length` bytes at `offset` of `fd`, without
 * the `,` that separates it from the next. Throws when the file ends early. (`bufferSize`: for
 * tests, which cross its edges with little data.)
 */
export function forEachStoredLine(fd: number, offset: number, length: number, each: (line: string) => void, bufferSize = FIRST_BUFFER): void {
  if (length === 0) return;
  let buf = Buffer.allocUnsafe(Math.min(bufferSize, length));
  /** Bytes of the segment read so far, and the buffer's valid bytes from `from` to `have`. */
  let read = 0;
  let have = 0;
  let from = 0;
  for (;;) {
    const newline = buf.indexOf(0x0a, from);
    if (newline >= 0 && newline < have) {
      each(lineText(buf, from, buf[newline - 1] === 0x2c ? newline - 1 : newline));
      from = newline + 1;
      continue;
    }
    if (read === length) {
      if (from < have) each(lineText(buf, from, have));
      return;
    }
    // Keep the started line, read more behind it; a line longer than the buffer doubles it.
    if (from === 0 && have === buf.length) {
      const bigger = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(bigger, 0, 0, have);
      buf = bigger;
    } else if (from > 0) {
      buf.copy(buf, 0, from, have);
      have -= from;
      from = 0;
    }
    const got = readSync(fd, buf, have, Math.min(buf.length - have, length - read), offset + read);
    if (got === 0) throw new Error('the stored scan result was cut short while it was read');
    read += got;
    have += got;
  }
}

/** ASCII (the usual case) as Latin-1: V8 takes it without decoding. */
function lineText(buf: Buffer, start: number, end: number): string {
  const bytes = buf.subarray(start, end);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

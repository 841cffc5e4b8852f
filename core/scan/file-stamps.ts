// File stats standing in for file contents, as git's index does: the stored scan result keeps,
// for every file it fingerprinted, the file's size, mtime and ctime (nanoseconds) and inode with
// the hash of the bytes it read. A later scan that finds a file's stat unchanged takes that hash
// without opening the file. In Node 20 a statSync costs about two thirds of an open, read,
// close and hash (10,000 files here: 180-260 against 290-440 ms of CPU in a fresh process):
// most of either is the JavaScript around the system call.
//
// What a stat cannot see, and how it is covered:
// - an edit that keeps size and mtime (`touch -d`, a tool restoring times) changes the ctime,
//   which no one can set back;
// - a rename or a replacement by another file changes the inode;
// - an edit within the same timestamp tick as the read the hash came from ("racily clean"):
//   a file whose ctime or mtime is not older than the scan that stored it, less a margin for
//   coarse timestamps (FAT's 2 s, kernel ticks, a file server's clock), is read and hashed
//   every time, until a scan stores it again later;
// - a clock set back: when now is before the stored scan's start, no stat is trusted.
// A wrong stamp can only make a file be read; a wrong hash beside a right stamp cannot be told
// from an edit the stat missed, which is why the stamps are written only with the hash of the
// bytes read after the stat was taken.

import { hash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';

/** Timestamps this close before the storing scan's start count as racy. */
const RACY_MARGIN_NS = 3_000_000_000n;

/** The hash a file's bytes are known by: beside its stamp, in the stored result's digest, and as the scan cache's key. */
export function keyOf(bytes: Buffer): string {
  return hash('sha1', bytes, 'base64');
}

/** `size mtimeNs ctimeNs inode`, space-separated: compared as a whole. */
export type Stamp = string;

export function stampOf(st: BigIntStats): Stamp {
  return `${st.size} ${st.mtimeNs} ${st.ctimeNs} ${st.ino}`;
}

/** Whether a file with stat `st` had settled before a scan that began at `sinceNs`: else it is racily clean for it. */
function settledBefore(st: BigIntStats, sinceNs: bigint): boolean {
  const from = sinceNs - RACY_MARGIN_NS;
  return st.ctimeNs < from && st.mtimeNs < from;
}

/** The stamps of one scan: what the stored result keeps, one `path\tstamp\thash` a line. */
export class StampRecorder {
  private readonly lines: string[] = [];
  /** When the scan began stat'ing, in nanoseconds of the wall clock (file times use it too). */
  readonly sinceNs = BigInt(Date.now()) * 1_000_000n;

  /** Whether a stamp this scan records for a file with stat `st` will vouch for it in a later scan. */
  vouches(st: BigIntStats): boolean {
    return settledBefore(st, this.sinceNs);
  }

  add(path: string, stamp: Stamp, key: string): void {
    // A path that would break the line format is never trusted: it is simply read every time.
    if (path.includes('\n') || path.includes('\t')) return;
    this.lines.push(`${path}\t${stamp}\t${key}\n`);
  }

  text(): string {
    return this.lines.join('');
  }
}

/** The stamps a stored result kept, and which of them may stand in for a file's bytes now. */
export class StoredStamps {
  private readonly byPath = new Map<string, { stamp: Stamp; key: string }>();
  private readonly sinceNs: bigint;
  private readonly trustNone: boolean;

  /** `text`: StampRecorder.text() of the storing scan; `sinceNs`: its sinceNs. */
  constructor(text: string, sinceNs: bigint, nowNs = BigInt(Date.now()) * 1_000_000n) {
    this.sinceNs = sinceNs;
    this.trustNone = nowNs < sinceNs;
    if (this.trustNone) return;
    for (let at = 0; at < text.length; ) {
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const tab = text.indexOf('\t', at);
      const last = text.lastIndexOf('\t', end);
      if (tab > at && last > tab && last < end) this.byPath.set(text.slice(at, tab), { stamp: text.slice(tab + 1, last), key: text.slice(last + 1, end) });
      at = end + 1;
    }
  }

  get size(): number {
    return this.byPath.size;
  }

  /** The stored hash of `path`'s bytes when its stat `st` vouches for them; undefined: read it. */
  keyFor(path: string, st: BigIntStats): string | undefined {
    if (this.trustNone) return undefined;
    const known = this.byPath.get(path);
    if (known === undefined || !settledBefore(st, this.sinceNs)) return undefined;
    return known.stamp === stampOf(st) ? known.key : undefined;
  }
}

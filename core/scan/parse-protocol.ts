// The messages and shared states between the scanner and its parse worker (parse-pool.ts,
// parse-worker.ts). Every source file has an id (its place in the walk) and one Int32 state.

import type { MarkerData } from './framework-markers';
import type { FileEntry } from './project-index';
import type { SourceFile } from './source-model';
import type { ReadOutcome, WalkedSource } from './source-read';

/** Nobody has started it: whoever claims it first (compare-and-exchange) parses it. */
export const IDLE = 0;
export const CLAIMED_BY_WORKER = 1;
/** The worker's reply is in the scanner's message queue. */
export const DONE = 2;
export const CLAIMED_BY_SCANNER = 3;

/** A file to parse: where it is, as the scanner's index describes it, under its id. */
export interface ParseJob extends Pick<FileEntry, 'path' | 'abs' | 'module' | 'lang'> {
  id: number;
  /** The text the scanner already read; else the text the worker kept when it read the file, else the worker reads it. */
  text?: string;
}

/**
 * The worker's share of the read (ParsePool.shareRead): the walk in chunks of `chunk` files,
 * each claimed in `states` (one Int32 per chunk) by whoever takes it first. The scanner takes
 * them from the first, the worker from the last, until they meet.
 */
export interface ReadJob {
  files: WalkedSource[];
  chunk: number;
  states: SharedArrayBuffer;
  markers: MarkerData;
  key: boolean;
  stamps: boolean;
}

/** A file the worker may follow a type name to. */
export interface TableEntry extends Pick<FileEntry, 'path' | 'abs' | 'module' | 'lang' | 'pkg' | 'declares'> {
  id: number;
}

/**
 * `ping` n: once the worker has nothing left to do after reading it, it stores n in the state
 * slot after the files' (see ParsePool.whenIdle).
 */
export type ToWorker =
  | { kind: 'parse'; job: ParseJob }
  | { kind: 'table'; files: TableEntry[] }
  /** The scanner parsed file `id` itself: `refs` are the files it names, for the worker to parse ahead. */
  | { kind: 'follow'; id: number; refs: number[] }
  | { kind: 'ping'; n: number }
  | { kind: 'read'; job: ReadJob }
  /** Finish the file in hand, then exit (the port closing says the same). */
  | { kind: 'stop' };

/** What a parse gives: the declarations, and the line of the first syntax error if any. */
export interface ParseResult {
  file: SourceFile;
  errorLine?: number;
  /** What the diagnostic at errorLine says, when the parser knows better than the generic text. */
  errorNote?: string;
  /** The codec's text this result was decoded from, when it came from another thread (never sent). */
  encoded?: string;
  /** The SHA-1 (base64) of `encoded`'s UTF-8 bytes, when the other thread hashed it for a scan cache. */
  encodedHash?: string;
}

/**
 * `text` is the encoded ParseResult (parse-codec.ts); absent when the worker could not parse the
 * file. `hash`: its SHA-1 for the scan cache (ParsePoolOptions.hashes), which then need not hash
 * it on the scanner's thread.
 */
export interface WorkerReply {
  id: number;
  text?: string;
  hash?: string;
}

/** A chunk of the read the worker took: one outcome per file, in walk order. */
export interface ReadReply {
  chunk: number;
  outcomes: ReadOutcome[];
}

// The messages and shared states between the scanner and its parse worker (parse-pool.ts,
// parse-worker.ts). Every source file has an id (its place in the walk) and one Int32 state.

import type { Diagnostic, Endpoint } from '../model/endpoint';
import type { MarkerData } from './framework-markers';
import type { PathPrefixRule } from './path-prefix-setting';
import type { LocalCaches } from './proto/jar-protos';
import type { FileEntry } from './project-index';
import type { JournalEntry } from './scan-inputs';
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
  /** Keep the parses made: a share of the roots may follow (root-share.ts). */
  | { kind: 'keep' }
  /** Stop parsing ahead and compute a share of the roots (root-share.ts). */
  | { kind: 'share'; setup: ShareSetup }
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

/**
 * A root's state in the share's array (ShareSetup.states): IDLE, CLAIMED_BY_SCANNER,
 * CLAIMED_BY_WORKER, DONE (its reply is in the scanner's queue), or RESERVED for the worker
 * (a forced split: the scanner never claims it, and waits for it).
 */
export const RESERVED = 4;

/**
 * What the worker needs to become a second scanner once the parse phase is done (root-share.ts):
 * the scanner's inputs, from which it sets itself up the same way, and the roots in the order the
 * scanner found them (`keys`) and its modules: the worker finds the same or gives up. `states` has one Int32
 * per root, then the worker's progress count (bumped at every step: a worker that stops moving
 * is given up on), then a flag set when it failed.
 */
export interface ShareSetup {
  root: string;
  options: { includeTests: boolean; requestModels: boolean; actuator: boolean };
  buildFiles: string[];
  prefixRules: PathPrefixRule[];
  /**
   * The index's entries in its order, without their parses; a path stands for the entry of a file
   * the worker read (ReadReply) and kept, which holds no text on the scanner's side either.
   */
  entries: Array<FileEntry | string>;
  protos: Array<{ path: string; abs: string; module: string; text: string }>;
  /** The parses the scanner made or read from its scan cache, by path, encoded as the cache keeps them (parse-codec.ts): the worker parses none of those files again. */
  parses?: Array<[string, string]>;
  keys: string[];
  /** The scanner's modules as it computes the roots (JSON): the worker, having read their config, must have the same. */
  modules: string;
  states: SharedArrayBuffer;
  /** The scanner keeps an input journal (a stored result): the worker journals its reads too. */
  journal: boolean;
  /** Where the scanner looks for dependency jars (jar-protos.ts localCaches): the worker looks there too, whatever its environment says. */
  caches: LocalCaches;
  /**
   * Tests only, never set by the scanner (a test sets it through a spy on ParsePool.shareRoots): the
   * worker's thread exits, as a crash would, once it has computed this many roots and claimed one more.
   */
  exitAfter?: number;
  /** The scanner keeps a scan cache: the worker tells it the parses it made (RootReply.parses). */
  cached: boolean;
}

/** What computeRoot records for one root (project-scanner.ts RootResult). */
export interface SharedRootResult {
  key: string;
  path: string;
  endpoints: Endpoint[];
  /** Problems found while building the endpoints (an unresolvable constant, say). */
  diagnostics: Diagnostic[];
  deps: Set<string>;
  missing: Set<string>;
}

/**
 * A root the worker computed (`result` absent: it serves and reads nothing), with what the
 * worker read and reported since its last reply: journal entries, files frameworks read
 * (configReads) and the index's diagnostics (parse problems, the schema builder's).
 */
export interface RootReply {
  root: number;
  result?: SharedRootResult;
  journal: JournalEntry[];
  volatile?: string;
  configReads: string[];
  diagnostics: Diagnostic[];
  /**
   * With ShareSetup.cached, the files the worker parsed since its last reply, for the scan cache:
   * by path, the encoded parse and its SHA-1 (base64); by path alone, one it parsed ahead before
   * the share (its WorkerReply is on the scanner's side, not taken).
   */
  parses?: Array<[path: string, text?: string, hash?: string]>;
}

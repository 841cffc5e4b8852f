// Reading and parsing on a second core. On a large tree the worker first reads a share of the
// files (shareRead): the walk is cut into chunks, the scanner takes them from the first and the
// worker from the last, each chunk claimed by compare-and-exchange, and the scanner admits the
// worker's chunks in walk order once they meet, so the index is built in the same order.
//
// The scanner's code stays synchronous and asks for parses lazily, in its own order; the worker
// parses ahead of it: first the files the scanner sent while reading (the ones holding
// endpoints), then the files declaring the types those name, and so on. Each file has a shared state claimed by compare-and-exchange, so when the scanner needs
// a file the worker has not started, the scanner parses it itself at once (both cores stay busy,
// nothing is parsed twice); when the worker is on it, the scanner waits for that one file.
// The endpoint files are split from both ends (the scanner `claim`s from the last), and the
// worker follows the types of the scanner's own parses too (`parsedHere`).
// Both sides run the same front end on the same text, so results are identical by construction;
// only the time changes.
//
// Replies arrive serialized and are decoded only when the scanner asks for them: files parsed
// ahead on a guess and never needed cost the scanner's thread nothing.

import { availableParallelism } from 'node:os';
import type { MessagePort, Worker } from 'node:worker_threads';
import { lazyRequire } from '../lazy-require';
import type { FileEntry } from './project-index';
import type { SourceFile } from './source-model';
import { decodeParse } from './parse-codec';
import { referencedFiles } from './type-references';
import type { DeclarationTable } from './type-references';
import { CLAIMED_BY_SCANNER, CLAIMED_BY_WORKER, IDLE } from './parse-protocol';
import type { ParseResult, ReadReply, RootReply, ShareSetup, ToWorker, WorkerReply } from './parse-protocol';
import type { FrameworkMarkers } from './framework-markers';
import type { ReadOutcome, WalkedSource } from './source-read';
import { MIN_FILES_TO_SHARE_READ, sharesRead, startParseWorker } from './parse-worker-start';
import type { StartedWorker } from './parse-worker-start';
import { waitLimit } from './test-timing';

export { MIN_FILES_TO_SHARE_READ };

/**
 * These two thresholds are for a worker started for parses alone: one started to share the read
 * (MIN_FILES_TO_SHARE_READ) has paid its start-up, and parses from the first file. Endpoints-only,
 * that moved 55-60% of the parses to it; the scanner's thread (the wall time on an idle second
 * core) spent 7% less CPU time, for 7-8% more CPU in all: 0.97 to 0.90 s on the 10,000 bench
 * files, 0.58 to 0.54 s on the wide 5,000 (medians of 5 alternated runs, per-thread CPU time on a
 * busy machine). With request models it changes the 10,000 files nothing (the worker started
 * mid-read before), and the wide 5,000 (under MIN_PARSES_WITH_MODELS) 1.18 to 1.11 s for 12% more.
 *
 * Without request models: below this many files to parse (the files a full scan's read finds
 * holding endpoints, and no cached parse) a worker's start-up, the copies of the texts and the
 * parses' encoding cost more than it saves: with our own Java parser a parse is a fraction of a
 * millisecond. Forced on against off (APISCOUT_PARSE_WORKER=1 / 0), quiet 2-core machine, three
 * runs each: the 10,000 bench files (about 1,000 such files) 0.94-0.99 s of wall time against
 * 0.98-1.06 s, for 10% more CPU; the wide 5,000 (about 415) no faster either. So an
 * endpoints-only scan (the explorer's first tree, `--endpoints-only`) starts one only on a code
 * base about twice the larger bench's size.
 */
export const MIN_PARSES_FOR_WORKER = 2000;
/**
 * With request models the worker also parses ahead the DTO files the models name while the
 * scanner builds endpoints, which is where it pays on a large code base. Quiet 2-core machine,
 * bench/scan.mjs --suite, three rounds, against the build before (which started no worker): the
 * 10,000 files (about 1,000 endpoint files) 2.43-2.48 s to 2.03-2.08 s of wall time for 5% more
 * CPU; the wide 5,000 (about 415), with the worker started from 300 parses, only 1.21-1.29 s to
 * 1.16-1.18 s for 13% more CPU. So with models a worker starts from this many parses: on the
 * larger shape, not the smaller.
 */
export const MIN_PARSES_WITH_MODELS = 700;
/** Files per chunk of the shared read: small enough that the scanner waits little on the worker's last. */
export const READ_CHUNK = 32;
/** Loaded when a pool talks to its worker: most scans never start one. */
const threads = lazyRequire<typeof import('node:worker_threads')>('node:worker_threads');
/** A parse takes milliseconds; a worker silent this long is given up on and the scanner parses alone. */
const WAIT_LIMIT_MS = 2000;
/** A worker asked to stop finishes the file in hand first; one not gone after this is terminated. */
const STOP_LIMIT_MS = 5000;

export interface ParsePoolOptions {
  /** The worker script; default: parse-worker.mjs beside this module (the built bundle's). */
  workerUrl?: URL;
  /** The parses go to a scan cache: the worker hashes each one's text as the cache would. */
  hashes?: boolean;
}

export class ParsePool {
  private readonly status: Int32Array;
  private readonly port: MessagePort;
  private readonly ids = new Map<string, number>();
  private readonly replies = new Map<number, WorkerReply | null>();
  /** The shared read's chunk states, once shareRead has sent it, and the chunks the worker read. */
  private readStates: Int32Array | undefined;
  private readonly reads = new Map<number, ReadOutcome[]>();
  /** The worker's replies for the roots it computed (root-split.ts), by root. */
  private readonly roots = new Map<number, RootReply>();
  /** The worker computes a share of the roots: it no longer parses ahead, so nothing is sent to follow. */
  private sharing = false;
  private given = false;
  /** The worker's table, kept here too: the scanner follows the files it parses itself. */
  private readonly table: DeclarationTable = new Map();
  private pings = 0;
  private closed = false;
  /** Settles once the worker thread has exited. */
  private readonly exited: Promise<void>;
  /** How the files the scanner asked for were parsed: a measure of the overlap. */
  readonly counts = { worker: 0, scanner: 0, replies: 0, waitedMs: 0, filesReadByWorker: 0 };

  private constructor(
    private readonly worker: Worker,
    shared: SharedArrayBuffer,
    port: MessagePort,
    exited: Promise<void>,
  ) {
    this.status = new Int32Array(shared);
    this.port = port;
    this.exited = exited;
  }

  /**
   * A pool for up to `capacity` files, or undefined when no worker can start: no worker script
   * (running from source, where only the bundle has one), or no thread to be had.
   */
  static start(capacity: number, opts: ParsePoolOptions = {}): ParsePool | undefined {
    const started = startParseWorker(capacity, opts);
    return started && ParsePool.adopt(started);
  }

  /** A pool talking to a worker started before (parse-worker-start.ts); one already gone leaves every file to the scanner. */
  static adopt(started: StartedWorker): ParsePool {
    const { worker } = started;
    const pool = new ParsePool(worker, started.status, started.port, started.exited);
    worker.on('error', () => void pool.close());
    worker.on('exit', () => void pool.close());
    if (started.gone) void pool.close();
    return pool;
  }

  /**
   * Whether a worker is worth starting for `filesToParse` parses: enough of them, and a second
   * core. Decided on the work alone, not on the machine's load average: a rule on the load made
   * the same scan take a different path from one minute to the next.
   */
  static worthwhile(filesToParse: number, cores = availableParallelism(), minParses = MIN_PARSES_FOR_WORKER): boolean {
    return filesToParse >= minParses && cores > 1;
  }

  /** Whether a tree of `files` walked files is worth sharing the read of with a worker: enough of them, and a second core. */
  static sharesRead(files: number, cores = availableParallelism(), minFiles = MIN_FILES_TO_SHARE_READ): boolean {
    return sharesRead(files, cores, minFiles);
  }

  /**
   * Asks the worker to parse a file the scanner will need, with the text already read;
   * `readThere`: the worker read the file itself (shareRead) and kept its text.
   */
  submit(entry: FileEntry, readThere = false): void {
    const id = this.idOf(entry);
    if (this.closed || entry.text === undefined || id === undefined) return;
    this.send({ kind: 'parse', job: { id, path: entry.path, abs: entry.abs, module: entry.module, lang: entry.lang, text: readThere ? undefined : entry.text } });
  }

  /**
   * Has the worker read a share of `files` (source-read.ts), from the last chunk down, while the
   * scanner reads from the first: the scanner `claimChunk`s each chunk before reading it, and
   * `takeChunk`s the ones the worker had. `stamps`: the worker's reader takes each file's stat.
   */
  shareRead(files: WalkedSource[], markers: FrameworkMarkers, key: boolean, stamps: boolean): void {
    if (this.closed || this.readStates) return;
    const states = new SharedArrayBuffer(Math.ceil(files.length / READ_CHUNK) * 4);
    this.readStates = new Int32Array(states);
    this.send({ kind: 'read', job: { files, chunk: READ_CHUNK, states, markers: markers.data(), key, stamps } });
  }

  /** The chunk a file of the shared read is in. */
  static chunkOf(file: number): number {
    return Math.floor(file / READ_CHUNK);
  }

  /** Claims a chunk of the shared read for the scanner; false: the worker has it (take it with takeChunk). */
  claimChunk(chunk: number): boolean {
    const states = this.readStates;
    if (!states || this.closed) return true;
    const was = Atomics.compareExchange(states, chunk, IDLE, CLAIMED_BY_SCANNER);
    return was === IDLE || was === CLAIMED_BY_SCANNER;
  }

  /**
   * The worker's outcomes for a chunk it claimed, once it has read it (a wait of at most one
   * chunk: it read the later ones first), or undefined when the worker is gone: then the
   * scanner reads the chunk itself.
   */
  takeChunk(chunk: number): ReadOutcome[] | undefined {
    const states = this.readStates;
    if (!states || this.closed) return undefined;
    this.drain();
    if (!this.reads.has(chunk)) {
      if (!this.awaitWorker(states, chunk)) return undefined;
      this.drain();
    }
    const outcomes = this.reads.get(chunk);
    this.reads.delete(chunk);
    if (outcomes) this.counts.filesReadByWorker += outcomes.length;
    return outcomes;
  }

  /**
   * A file the scanner has already (a cached parse): the worker never starts it, nor follows
   * its types on the scanner's behalf.
   */
  skip(entry: FileEntry): void {
    const id = this.closed ? undefined : this.idOf(entry);
    if (id !== undefined) Atomics.compareExchange(this.status, id, IDLE, CLAIMED_BY_SCANNER);
  }

  /** Tells the worker every file and the type names it declares, so it can follow type names to files. */
  giveTable(entries: Iterable<FileEntry>): void {
    if (this.closed || this.given) return;
    this.given = true;
    const files = [];
    for (const e of entries) {
      const id = this.idOf(e);
      if (id === undefined) continue;
      files.push({ id, path: e.path, abs: e.abs, module: e.module, lang: e.lang, pkg: e.pkg, declares: e.declares });
      for (const name of e.declares) {
        const list = this.table.get(name);
        if (list) list.push({ id, pkg: e.pkg });
        else this.table.set(name, [{ id, pkg: e.pkg }]);
      }
    }
    this.send({ kind: 'table', files });
  }

  /**
   * The worker's parse of the file, or undefined when the scanner must parse it itself (the
   * worker had not started it, could not parse it, or is gone): the scanner's usual path then
   * reports any problem exactly as without a worker.
   */
  take(entry: FileEntry): ParseResult | undefined {
    if (this.closed) return undefined;
    const id = this.ids.get(entry.path);
    if (id === undefined) return undefined;
    this.drain();
    if (!this.replies.has(id)) {
      const was = Atomics.compareExchange(this.status, id, IDLE, CLAIMED_BY_SCANNER);
      if (was === IDLE || was === CLAIMED_BY_SCANNER) {
        this.counts.scanner++;
        return undefined;
      }
      if (was === CLAIMED_BY_WORKER) {
        // Blocks this thread for at most one file's parse: the sidecar stays responsive.
        if (!this.awaitWorker(this.status, id)) return undefined;
      }
      this.drain();
    }
    const reply = this.replies.get(id);
    this.replies.delete(id);
    if (!reply?.text) return undefined;
    this.counts.worker++;
    // The text (and its hash) go with it, out of sight of comparisons and JSON: a parse cache
    // stores it as it is, without encoding the parse again.
    const result = Object.defineProperty(decodeParse(reply.text), 'encoded', { value: reply.text, enumerable: false });
    if (reply.hash !== undefined) Object.defineProperty(result, 'encodedHash', { value: reply.hash, enumerable: false });
    return result;
  }

  /**
   * Claims a file for the scanner's thread unless the worker has started it. True: the scanner
   * parses it now (and reports it with `parsedHere`); false: the worker has it, `take` it later.
   */
  claim(entry: FileEntry): boolean {
    const id = this.closed ? undefined : this.ids.get(entry.path);
    if (id === undefined) return true;
    const was = Atomics.compareExchange(this.status, id, IDLE, CLAIMED_BY_SCANNER);
    return was === IDLE || was === CLAIMED_BY_SCANNER;
  }

  /** A file the scanner parsed itself: the worker parses ahead what it names, as for its own parses. */
  parsedHere(entry: FileEntry, file: SourceFile): void {
    const id = this.closed || !this.given || this.sharing ? undefined : this.ids.get(entry.path);
    if (id === undefined) return;
    const refs = [...referencedFiles(file, this.table, id, true)].filter((ref) => Atomics.load(this.status, ref) === IDLE);
    if (refs.length) this.send({ kind: 'follow', id, refs });
  }

  /** Has the worker keep its parses: a share of the roots (shareRoots) may follow, which uses them again. */
  keepParses(): void {
    if (!this.closed) this.send({ kind: 'keep' });
  }

  /**
   * Has the worker stop parsing ahead and compute a share of the roots (root-split.ts); false when
   * it is gone. Its parses of files it had started still come as before.
   */
  shareRoots(setup: ShareSetup): boolean {
    if (this.closed) return false;
    this.sharing = true;
    this.send({ kind: 'share', setup });
    return true;
  }

  /**
   * The encoded parse the worker sent for `entry` and the scanner did not take (its hash too, for
   * a scan cache), taken now; undefined when there is none.
   */
  takeEncoded(entry: FileEntry): { text: string; hash?: string } | undefined {
    const id = this.closed ? undefined : this.ids.get(entry.path);
    if (id === undefined) return undefined;
    this.drain();
    const reply = this.replies.get(id);
    this.replies.delete(id);
    return reply?.text === undefined ? undefined : { text: reply.text, ...(reply.hash !== undefined ? { hash: reply.hash } : {}) };
  }

  /** Whether the worker is gone (its thread exited or failed, or the pool was closed): told on the event loop. */
  get gone(): boolean {
    return this.closed;
  }

  /** The worker's reply for root `root`, once its state says it is sent (undefined: not here, or the pool is closed). */
  takeRoot(root: number): RootReply | undefined {
    if (this.closed) return undefined;
    this.drain();
    const reply = this.roots.get(root);
    this.roots.delete(root);
    return reply;
  }

  /**
   * Resolves once the worker has done everything asked of it so far (and what that led to):
   * tests use it to have every file parsed by the worker.
   */
  async whenIdle(): Promise<void> {
    const n = ++this.pings;
    this.send({ kind: 'ping', n });
    const slot = this.status.length - 1;
    while (!this.closed && Atomics.load(this.status, slot) < n) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  /**
   * Stops the worker; files it parsed and nobody asked for are dropped. Settles once the thread
   * has exited. The worker is asked, and stops between two files: terminating a thread while it
   * is inside the native parser aborts the whole process. Until it is gone it keeps the process
   * alive, for the same reason.
   */
  close(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      this.replies.clear();
      this.reads.clear();
      this.roots.clear();
      this.port.postMessage({ kind: 'stop' } satisfies ToWorker);
      this.port.close();
      this.worker.ref();
      // A worker stuck for seconds is broken already: only then is it terminated.
      const stuck = setTimeout(() => void this.worker.terminate(), STOP_LIMIT_MS);
      stuck.unref();
      void this.exited.then(() => clearTimeout(stuck));
    }
    return this.exited;
  }

  /**
   * Waits while the worker holds `slot` (a file's parse, a chunk of the read). False: it held it
   * past the limit, so it is taken for broken and the pool closed.
   */
  private awaitWorker(states: Int32Array, slot: number): boolean {
    const since = performance.now();
    const limit = waitLimit(WAIT_LIMIT_MS);
    while (Atomics.load(states, slot) === CLAIMED_BY_WORKER) {
      Atomics.wait(states, slot, CLAIMED_BY_WORKER, 50);
      if (performance.now() > since + limit) {
        void this.close();
        return false;
      }
    }
    this.counts.waitedMs += performance.now() - since;
    return true;
  }

  /** The file's state slot; undefined past the capacity (that file is simply parsed by the scanner). */
  private idOf(entry: FileEntry): number | undefined {
    let id = this.ids.get(entry.path);
    if (id === undefined && this.ids.size < this.status.length - 1) {
      id = this.ids.size;
      this.ids.set(entry.path, id);
    }
    return id;
  }

  private send(msg: ToWorker): void {
    this.port.postMessage(msg);
  }

  /** Moves the worker's replies from the port into `replies`, still serialized. */
  private drain(): void {
    const { receiveMessageOnPort } = threads();
    for (let m = receiveMessageOnPort(this.port); m; m = receiveMessageOnPort(this.port)) {
      const reply = m.message as WorkerReply | ReadReply | RootReply;
      if ('chunk' in reply) {
        this.reads.set(reply.chunk, reply.outcomes);
        continue;
      }
      if ('root' in reply) {
        this.roots.set(reply.root, reply);
        continue;
      }
      this.replies.set(reply.id, reply.text === undefined ? null : reply);
      this.counts.replies++;
    }
  }
}

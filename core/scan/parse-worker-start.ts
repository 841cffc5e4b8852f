// The parse worker's thread, started apart from the pool that talks to it (parse-pool.ts). A
// one-shot scan of a large tree starts it as soon as the walk has counted the files, before the
// scanner's code is even loaded (scan.ts): the thread boots while this one loads and sets up the
// scanner, and is ready to take its share of the read when the read begins. Started by the pool,
// the worker's start-up overlapped only the scanner's first chunks, which it then did not share.
// Kept small, with no import of the pool's: scan.ts loads it on every scan, a warm one too.

import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { MessagePort, Worker } from 'node:worker_threads';
import { lazyRequire } from '../lazy-require';
import { timingSetting } from './test-timing';

/**
 * From this many walked files a worker starts with the scan and reads a share of them (its start
 * overlaps the scanner's own setup, so it need not pay for itself in parses).
 */
export const MIN_FILES_TO_SHARE_READ = 2000;

/** ScanOptions.parseWorker (project-scanner.ts). */
export type ParseWorkerSetting = boolean | { minParses?: number; minFilesToShareRead?: number } | undefined;

export interface StartedWorker {
  worker: Worker;
  /** The files' parse states, and the worker's idle slot last (parse-pool.ts). */
  status: SharedArrayBuffer;
  /** The scanner's end of the channel. */
  port: MessagePort;
  /** Files the status has room for. */
  capacity: number;
  /** The worker hashes its parses for a scan cache. */
  hashes: boolean;
  /** Settles once the thread has exited, however early. */
  exited: Promise<void>;
  /** The thread failed or exited: a pool adopting it closes at once. */
  gone: boolean;
}

/** Loaded when a worker starts: most scans never start one. */
const threads = lazyRequire<typeof import('node:worker_threads')>('node:worker_threads');

/**
 * A worker thread for a pool of up to `capacity` files, or undefined when none can start: no
 * worker script (running from source, where only the bundle has one), or no thread to be had.
 * Until a pool adopts it (ParsePool.adopt) it waits for messages and keeps nothing alive.
 */
export function startParseWorker(capacity: number, opts: { workerUrl?: URL; hashes?: boolean } = {}): StartedWorker | undefined {
  const url = opts.workerUrl ?? new URL('./parse-worker.mjs', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return undefined;
  const status = new SharedArrayBuffer((capacity + 1) * 4);
  const { MessageChannel, Worker } = threads();
  const { port1, port2 } = new MessageChannel();
  const hashes = opts.hashes === true;
  let worker: Worker;
  try {
    const timing = timingSetting();
    worker = new Worker(url, { workerData: { status, port: port2, hashes, ...(timing ? { timing } : {}) }, transferList: [port2] });
  } catch {
    return undefined;
  }
  // A worker never keeps the process alive, and a failing one only leaves its files to the scanner.
  worker.unref();
  port1.unref();
  const started: StartedWorker = { worker, status, port: port1, capacity, hashes, exited: undefined!, gone: false };
  // Listened to from the start: an error before the pool adopts it is not left unhandled, and an exit is not missed.
  started.exited = new Promise((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', () => (started.gone = true));
  worker.once('exit', () => (started.gone = true));
  return started;
}

/** Stops a worker no pool adopted (the scan failed before its read, or wanted another). */
export function stopParseWorker(started: StartedWorker): Promise<void> {
  started.port.postMessage({ kind: 'stop' });
  started.port.close();
  return started.exited;
}

/**
 * Whether a scan with this setting starts a worker with the scan, before anything is read: on a
 * tree of `files` walked files worth sharing the read of, or always (`true`). The scanner's own
 * rule (ProjectScanner.scan), decided here before the scanner is loaded.
 */
export function startsWithScan(setting: ParseWorkerSetting, files: number, cores = availableParallelism()): boolean {
  const opt = setting ?? envSetting();
  if (typeof opt === 'boolean') return opt;
  return sharesRead(files, cores, opt?.minFilesToShareRead);
}

/** Whether a tree of `files` walked files is worth sharing the read of with a worker: enough of them, and a second core. */
export function sharesRead(files: number, cores = availableParallelism(), minFiles = MIN_FILES_TO_SHARE_READ): boolean {
  return files >= minFiles && cores > 1;
}

/** APISCOUT_PARSE_WORKER: `0` never, `1` whenever a worker can start; anything else, the default rule. */
export function envSetting(env = process.env.APISCOUT_PARSE_WORKER): boolean | undefined {
  return env === '1' ? true : env === '0' ? false : undefined;
}

// A parse worker: the scanner's second core. On a large tree it first reads a share of the
// files (from the end of the walk, while the scanner reads from the start) and sends back what
// the index keeps of each. It parses the files the scanner sends (the ones that hold endpoints),
// then follows the types they name to the files declaring them, parsing ahead of the scanner's
// own lazy parses. Each file is claimed in the shared status array first, so a file is parsed
// by the worker or by the scanner, never by both (parse-pool.ts). Results go back as plain
// declarations (SourceFile), never as syntax trees.

import { hash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import { parseJava } from './java/java-source';
import { parseKotlin } from './kotlin/kotlin-source';
import type { FileEntry } from './project-index';
import type { SourceFile } from './source-model';
import { encodeParse } from './parse-codec';
import { afterParse } from './tree-release';
import { referencedFiles } from './type-references';
import type { DeclarationTable } from './type-references';
import { CLAIMED_BY_WORKER, DONE, IDLE } from './parse-protocol';
import type { ParseJob, ParseResult, ReadJob, ReadReply, ToWorker, WorkerReply } from './parse-protocol';
import { FrameworkMarkers } from './framework-markers';
import { readSource } from './source-read';
import type { ReadOutcome } from './source-read';
import { SourceReader } from './source-reader';
import { useTimingSetting, workerDelay } from './test-timing';

const { status: shared, port, hashes, timing } = workerData as { status: SharedArrayBuffer; port: MessagePort; hashes?: boolean; timing?: string };
useTimingSetting(timing);
const status = new Int32Array(shared);
/** The last slot is not a file's: it holds the last ping answered with an empty queue. */
const IDLE_SLOT = status.length - 1;
let ping = 0;

/** Files known by id: the sent ones as they arrive, every source file once the table arrives. */
const files = new Map<number, ParseJob>();
/**
 * The work, in the order the scanner will ask: first the files it sent (it parses those before
 * anything else), then the files they lead to, grouped by the sent file they were reached from:
 * the scanner computes endpoints one sent file after the other and parses their types as it goes.
 */
const sent: number[] = [];
/** Sent files before this one are all claimed. */
let sentDone = 0;
const reached: number[][] = [];
/** The group each file was reached in (the lowest wins); sent files are their own group. */
const groupOf = new Map<number, number>();
let lowest = 0;
let table: DeclarationTable | undefined;
/** Parsed before the table arrived: their references are followed once it does. */
const unfollowed: Array<{ id: number; file: SourceFile }> = [];
let pumping = false;

/** The share of the read, while it lasts: chunks are taken from `nextChunk` down. */
let reading: { job: ReadJob; states: Int32Array; markers: FrameworkMarkers; reader: SourceReader; nextChunk: number } | undefined;
/** Texts of files this worker read and kept, by path, for the parse jobs that name them without text. */
const kept = new Map<string, string>();

/**
 * After `keep`: this thread's parses by path (their types unlinked by the encoding), for a share of
 * the roots (root-share.ts), which links them again rather than decoding what it sent.
 */
let ownParses: Map<string, ParseResult> | undefined;
/** After `keep`: the entries of the files this thread read, by path, which a share's set-up names by their paths alone. */
let readEntries: Map<string, FileEntry> | undefined;
/** Computing a share of the roots: nothing more is parsed ahead. */
let sharing = false;

/** Asked to stop: no new file is started, and the thread exits once its event loop is empty. */
let stopped = false;
const stop = () => {
  stopped = true;
  port.close();
};
port.on('close', stop);

port.on('message', (msg: ToWorker) => {
  if (msg.kind === 'stop') return stop();
  if (msg.kind === 'parse') {
    files.set(msg.job.id, msg.job);
    groupOf.set(msg.job.id, sent.length);
    sent.push(msg.job.id);
  } else if (msg.kind === 'follow') {
    enqueue(msg.id, msg.refs);
  } else if (msg.kind === 'ping') {
    ping = msg.n;
  } else if (msg.kind === 'read') {
    const { job } = msg;
    const chunks = Math.ceil(job.files.length / job.chunk);
    reading = { job, states: new Int32Array(job.states), markers: new FrameworkMarkers(job.markers), reader: new SourceReader(job.stamps), nextChunk: chunks - 1 };
  } else if (msg.kind === 'keep') {
    ownParses ??= new Map();
    readEntries ??= new Map();
  } else if (msg.kind === 'share') {
    sharing = true;
    const { setup } = msg;
    const parses = ownParses ?? new Map<string, ParseResult>();
    const read = readEntries ?? new Map<string, FileEntry>();
    ownParses = undefined;
    readEntries = undefined;
    // Its code (the whole scanner) is loaded only now: loaded earlier, it took time from this thread's read and parses, and most scans never share.
    void import('./root-share').then(
      ({ computeShare }) => computeShare(setup, parses, read, (reply) => port.postMessage(reply)),
      () => {
        // No share without its code: the scanner computes every root.
        const states = new Int32Array(setup.states);
        Atomics.store(states, setup.keys.length + 1, 1);
        Atomics.notify(states, setup.keys.length - 1);
      },
    );
    return;
  } else if (msg.kind === 'table') {
    table = new Map();
    for (const e of msg.files) {
      if (!files.has(e.id)) files.set(e.id, { id: e.id, path: e.path, abs: e.abs, module: e.module, lang: e.lang });
      for (const name of e.declares) {
        const list = table.get(name);
        const ref = { id: e.id, pkg: e.pkg };
        if (list) list.push(ref);
        else table.set(name, [ref]);
      }
    }
    for (const { id, file } of unfollowed.splice(0)) follow(id, file);
  }
  pump();
});
// Nothing is sent on the default port: the scanner talks over its own channel.
parentPort?.unref();

function follow(id: number, file: SourceFile): void {
  if (!table) {
    unfollowed.push({ id, file });
    return;
  }
  const group = groupOf.get(id)!;
  enqueue(id, referencedFiles(file, table, id, sent[group] === id));
}

/** Queues the files that file `id` names, in the group of the sent file it was reached from. */
function enqueue(id: number, refs: Iterable<number>): void {
  const group = groupOf.get(id) ?? sent.length;
  for (const ref of [...refs].sort((a, b) => a - b)) {
    const was = groupOf.get(ref);
    if ((was !== undefined && was <= group) || Atomics.load(status, ref) !== IDLE) continue;
    groupOf.set(ref, group);
    (reached[group] ??= []).push(ref);
    lowest = Math.min(lowest, group);
  }
}

/** The next file to parse, or undefined when nothing is waiting. */
function next(): number | undefined {
  for (; sentDone < sent.length; sentDone++) {
    if (Atomics.load(status, sent[sentDone]!) === IDLE) return sent[sentDone];
  }
  for (; lowest < reached.length; lowest++) {
    const list = reached[lowest];
    while (list?.length) {
      const id = list.shift()!;
      // Skip a file moved to an earlier group, or already parsed (by either side).
      if (groupOf.get(id) === lowest && Atomics.load(status, id) === IDLE) return id;
    }
  }
  return undefined;
}

/** Parses one file per turn of the event loop, so messages (the table) are read in between. */
function pump(): void {
  if (pumping) return;
  pumping = true;
  setImmediate(step);
}

function step(): void {
  if (stopped || sharing) {
    pumping = false;
    return;
  }
  // The scanner waits on the read: it comes before any parse.
  if (reading) {
    readChunk(reading);
    setImmediate(step);
    return;
  }
  const id = next();
  if (id === undefined) {
    pumping = false;
    Atomics.store(status, IDLE_SLOT, ping);
    Atomics.notify(status, IDLE_SLOT);
    return;
  }
  if (Atomics.compareExchange(status, id, IDLE, CLAIMED_BY_WORKER) === IDLE) {
    workerDelay('parse');
    const job = files.get(id)!;
    const result = parse(job);
    job.text = undefined; // parsed once: the text is not needed again
    // Followed before encoding, which unlinks the types from their file.
    if (result) follow(id, result.file);
    const text = result ? encodeParse(result) : undefined;
    if (result && text !== undefined) ownParses?.set(job.path, result);
    // The scan cache's hash of the text, taken here: this thread has time, the scanner's has not.
    const reply: WorkerReply = text === undefined ? { id } : hashes ? { id, text, hash: hash('sha1', text, 'base64') } : { id, text };
    port.postMessage(reply);
    // The reply is in the scanner's queue before the status says so: a waiting scanner finds it.
    Atomics.store(status, id, DONE);
    Atomics.notify(status, id);
  }
  setImmediate(step);
}

/** Reads the last chunk nobody has taken; once the scanner has taken it, the share is over. */
function readChunk(r: NonNullable<typeof reading>): void {
  const c = r.nextChunk--;
  if (c < 0 || Atomics.compareExchange(r.states, c, IDLE, CLAIMED_BY_WORKER) !== IDLE) {
    reading = undefined;
    return;
  }
  workerDelay('read');
  const { files, chunk, key } = r.job;
  const outcomes: ReadOutcome[] = [];
  try {
    for (let i = c * chunk; i < Math.min(files.length, (c + 1) * chunk); i++) {
      const got = readSource(r.reader, files[i]!, { key, markers: r.markers });
      if ('entry' in got) {
        if (got.entry.text !== undefined) kept.set(got.path, got.entry.text);
        readEntries?.set(got.path, got.entry);
      }
      outcomes.push(got);
    }
    port.postMessage({ chunk: c, outcomes } satisfies ReadReply);
    // Sent: the entries kept for a share need no text (`kept` has it for the parse jobs).
    for (const got of outcomes) if ('entry' in got) got.entry.text = undefined;
    Atomics.store(r.states, c, DONE);
  } catch {
    // Never expected: the chunk goes back unread, the scanner reads it (and the rest) itself.
    reading = undefined;
    Atomics.store(r.states, c, IDLE);
  }
  Atomics.notify(r.states, c);
}

function parse(job: ParseJob): ParseResult | undefined {
  let length = 0;
  try {
    const text = job.text ?? kept.get(job.path) ?? readFileSync(job.abs, 'utf8');
    kept.delete(job.path);
    length = text.length;
    return (job.lang === 'kotlin' ? parseKotlin : parseJava)(text, job.path, job.module);
  } catch {
    return undefined;
  } finally {
    afterParse(length); // its syntax tree is out of reach: freed now if the process has grown
  }
}

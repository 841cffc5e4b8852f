// Small JSON files that several processes may update (the IDE sidecar, a CLI run, a second IDE
// window): one writer at a time through a lock file, atomic replacement so a kill mid-write leaves
// the previous content, and a corrupt file moved aside with a warning instead of failing or being
// silently overwritten.

import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeDirs } from './make-dirs';

export type Warn = (message: string) => void;

export interface WriteOptions {
  /** File mode of a newly written file; 0o600 for files holding secrets. */
  mode?: number;
  /**
   * Flush to disk before and after the rename (default true). A cache that checks what it reads
   * may skip it: after a crash it finds an empty or old file and starts afresh, and the scan
   * that wrote it does not wait for the disk.
   */
  durable?: boolean;
}

/**
 * Replaces `path` with `data` so that readers see the old or the new content, never a mix:
 * write a sibling temp file, flush it to disk, rename it over the target, flush the directory.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array | readonly Uint8Array[], options: WriteOptions = {}): void {
  // Chunks are written one after the other: a large file need not be copied into one buffer first.
  writeFileAtomicWith(path, (fd) => {
    for (const chunk of typeof data === 'string' ? [Buffer.from(data)] : Array.isArray(data) ? data : [data as Uint8Array]) writeAll(fd, chunk);
  }, options);
}

/**
 * As writeFileAtomic, for a file written piece by piece as it is made: `write` gets the temp
 * file's descriptor (and may also write at positions it already passed, with `writeSync`).
 */
export function writeFileAtomicWith(path: string, write: (fd: number) => void, options: WriteOptions = {}): void {
  makeDirs(dirname(path));
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const fd = openSync(temp, 'w', options.mode ?? 0o644);
  try {
    write(fd);
    if (options.durable !== false) fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (e) {
    try {
      unlinkSync(temp);
    } catch {
      // already gone
    }
    throw e;
  }
  if (options.durable !== false) syncDir(dirname(path));
  removeStaleTemps(path);
}

/** Writes all of `chunk` at the file's current end (a write may take less than asked). */
export function writeAll(fd: number, chunk: Uint8Array): void {
  for (let done = 0; done < chunk.length; ) done += writeSync(fd, chunk, done, chunk.length - done);
}

/** A temp file this old was left by a writer killed mid-write (kill -9), not one still writing. */
const STALE_TEMP_MS = 60_000;

/**
 * Deletes `.<name>.<pid>.<random>.tmp` siblings of `path` older than a minute: a writer killed
 * between open and rename leaves one behind, and for a secrets file it holds secrets (mode 0600).
 * Younger ones may belong to another process writing right now, so they stay.
 */
export function removeStaleTemps(path: string, now = Date.now()): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const temp = join(dir, name);
    try {
      if (now - statSync(temp).mtimeMs > STALE_TEMP_MS) unlinkSync(temp);
    } catch {
      // removed by another writer meanwhile
    }
  }
}

function syncDir(dir: string): void {
  // Makes the rename itself durable; directories cannot be opened for sync on every platform.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // best effort
  }
}

/**
 * Reads a JSON file. Missing: `undefined`. Unparseable or rejected by `accept`: the file is
 * renamed to `<name>.corrupt-<time>` (kept for the user to inspect), a warning names both paths,
 * and the result is `undefined` so the caller starts afresh.
 */
export function readJsonFile<T>(path: string, accept: (data: unknown) => data is T, warn: Warn): T | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let reason: string;
  try {
    const data = JSON.parse(text) as unknown;
    if (accept(data)) return data;
    reason = 'unexpected content';
  } catch (e) {
    reason = parseFailure(e as Error);
  }
  const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    renameSync(path, aside);
    warn(`${path} could not be read (${reason}); moved it aside to ${aside} and started afresh`);
  } catch {
    warn(`${path} could not be read (${reason}); ignoring it`);
  }
  return undefined;
}

/**
 * JSON.parse's message without the excerpt of the text V8 quotes (`..."token": sk-live-01"...`):
 * these files hold secret values and tokens, and the warning goes to stderr and the sidecar log.
 */
function parseFailure(e: Error): string {
  return e.message.replace(/,\s*(\.\.\.)?".*"(\.\.\.)? is not valid JSON$/s, ' (not valid JSON)');
}

export interface LockOptions {
  /** How long to wait for another writer before giving up. */
  timeoutMs?: number;
}

/**
 * Runs `fn` while holding `<path>.lock`. The lock file holds the owner's pid, so a lock left by
 * a killed process is recognised and broken rather than blocking every later writer.
 */
export async function withFileLock<T>(path: string, fn: () => T | Promise<T>, options: LockOptions = {}): Promise<T> {
  const lock = `${path}.lock`;
  makeDirs(dirname(lock));
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const token = `${process.pid} ${randomBytes(6).toString('hex')}`;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    if (tryCreate(lock, token)) break;
    if (breakIfStale(lock)) continue;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}: another apiscout process is writing ${path}`);
    await sleep(delay);
  }
  try {
    return await fn();
  } finally {
    try {
      if (readFileSync(lock, 'utf8') === token) unlinkSync(lock);
    } catch {
      // broken by someone who judged us dead; nothing to release
    }
  }
}

function tryCreate(lock: string, token: string): boolean {
  // Written aside and hard-linked into place: the lock file appears complete or not at all, so an
  // empty lock always means a damaged one.
  const temp = `${lock}.${randomBytes(4).toString('hex')}.new`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, token);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, lock);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(temp);
  }
}

/** True when the lock's owner is gone and the lock was removed. */
function breakIfStale(lock: string): boolean {
  let owner: string;
  try {
    owner = readFileSync(lock, 'utf8');
  } catch {
    return true; // released meanwhile
  }
  const pid = Number(owner.split(' ')[0]);
  if (owner !== '' && (!Number.isInteger(pid) || isAlive(pid))) return false;
  // Move it away before deleting, so two processes breaking the same stale lock cannot delete
  // a fresh lock taken by a third in between.
  const moved = `${lock}.${process.pid}.${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(lock, moved);
  } catch {
    return true;
  }
  let content = '';
  try {
    content = readFileSync(moved, 'utf8');
  } catch {
    // gone
  }
  if (content !== owner) {
    // We moved a fresh lock: put it back (fails only if yet another writer got in).
    try {
      linkSync(moved, lock);
    } catch {
      // the newer lock stands
    }
  }
  try {
    unlinkSync(moved);
  } catch {
    // gone
  }
  return true;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// Forcing an interleaving of the scanner and its parse worker in a test, on conditions rather than
// clocks: the scanner blocks until the worker holds (or has done) the first thing it was given,
// and APISCOUT_TEST_TIMING (core/scan/test-timing.ts) makes the worker slow at chosen points or
// the scanner patient with it.

import { vi } from 'vitest';
import type { FileEntry } from '../../core/scan/project-index';
import { ParsePool } from '../../core/scan/parse-pool';
import { CLAIMED_BY_WORKER, DONE, IDLE } from '../../core/scan/parse-protocol';

/** Far past any wait a slow machine makes: a worker not there by then never started. */
const NEVER_MS = 120_000;

/** Blocks this thread until `states[slot]` is `until` (the worker claimed it, or is done with it); false past NEVER_MS. */
export function blockUntil(states: Int32Array, slot: number, until: number): boolean {
  const since = performance.now();
  for (let now = Atomics.load(states, slot); now !== until && !(until === CLAIMED_BY_WORKER && now === DONE); now = Atomics.load(states, slot)) {
    if (performance.now() > since + NEVER_MS) return false;
    Atomics.wait(states, slot, now, 50);
  }
  return true;
}

/** Runs `fn` with APISCOUT_TEST_TIMING set to `timing` (read by the scanner as it waits, by a worker as it starts). */
export async function withTiming<T>(timing: string, fn: () => Promise<T>): Promise<T> {
  const was = process.env.APISCOUT_TEST_TIMING;
  process.env.APISCOUT_TEST_TIMING = timing;
  try {
    return await fn();
  } finally {
    if (was === undefined) delete process.env.APISCOUT_TEST_TIMING;
    else process.env.APISCOUT_TEST_TIMING = was;
  }
}

type PoolInside = { readStates?: Int32Array; status: Int32Array; ids: Map<string, number> };

/**
 * Has the scanner, once it has sent the worker its share of the read, block until the worker has
 * claimed the last chunk (`until` CLAIMED_BY_WORKER) or read it (DONE). Returns the restore.
 */
export function untilWorkerReads(until: typeof CLAIMED_BY_WORKER | typeof DONE): () => void {
  const shareRead = ParsePool.prototype.shareRead;
  const spy = vi.spyOn(ParsePool.prototype, 'shareRead').mockImplementation(function (this: ParsePool, ...args: Parameters<ParsePool['shareRead']>) {
    shareRead.apply(this, args);
    const states = (this as unknown as PoolInside).readStates;
    if (states?.length) blockUntil(states, states.length - 1, until);
  });
  return () => spy.mockRestore();
}

/**
 * Has the scanner, once it has sent the worker the first file to parse, block until the worker has
 * claimed it (`until` CLAIMED_BY_WORKER) or parsed it (DONE). Returns the restore.
 */
export function untilWorkerParses(until: typeof CLAIMED_BY_WORKER | typeof DONE): () => void {
  const submit = ParsePool.prototype.submit;
  let first = true;
  const spy = vi.spyOn(ParsePool.prototype, 'submit').mockImplementation(function (this: ParsePool, entry: FileEntry, readThere?: boolean) {
    submit.call(this, entry, readThere);
    const inside = this as unknown as PoolInside;
    const id = inside.ids.get(entry.path);
    if (!first || id === undefined || Atomics.load(inside.status, id) !== IDLE) return;
    first = false;
    blockUntil(inside.status, id, until);
  });
  return () => spy.mockRestore();
}

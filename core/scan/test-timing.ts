// Tests only, never set in a real run: APISCOUT_TEST_TIMING forces an interleaving of the scanner
// and its parse worker, whose result must be the same under any timing. A comma-separated list:
// `read=MS`, `parse=MS`, `setup=MS`, `root=MS` make the worker that slow before each read chunk,
// parse, step of a split's set-up and root it holds (past the pool's wait limit, the scanner gives
// it up); `patient` has the scanner wait on a slow worker rather than give it up, for tests that
// check the worker did its share on a busy machine. A worker is handed it as the thread starts.

export type WorkerDelay = 'read' | 'parse' | 'setup' | 'root';

/** How long a patient scanner waits on a worker before taking it for broken (a dead one would block it for ever). */
const PATIENT_LIMIT_MS = 600_000;

/**
 * The setting a worker was started with (workerData, parse-worker-start.ts): a thread's own
 * process.env need not hold what the starting thread set (a test runner may have replaced that
 * thread's process.env object, which a worker does not inherit), so it is handed over explicitly.
 */
const GIVEN = Symbol.for('apiscout.testTiming');
type WithGiven = { [GIVEN]?: string };

/** In a worker: the setting its starting thread had (`timingSetting` there), for every module of the thread (the split's code is a bundle of its own). */
export function useTimingSetting(text: string | undefined): void {
  (globalThis as WithGiven)[GIVEN] = text;
  delays = undefined;
}

/** The setting to hand a worker as it starts. */
export function timingSetting(): string | undefined {
  return process.env.APISCOUT_TEST_TIMING || undefined;
}

function settings(text = (globalThis as WithGiven)[GIVEN] ?? process.env.APISCOUT_TEST_TIMING): Map<string, number> | undefined {
  if (!text) return undefined;
  const out = new Map<string, number>();
  for (const item of text.split(',')) {
    const [name, ms] = item.split('=');
    if (name) out.set(name.trim(), ms === undefined ? 0 : Number(ms));
  }
  return out;
}

let delays: Map<string, number> | null | undefined;

/** In the worker: sleeps (blocking the thread, as a slow one is) at `point`, when a test asks it. */
export function workerDelay(point: WorkerDelay): void {
  if (delays === undefined) delays = settings() ?? null;
  const ms = delays?.get(point);
  if (ms) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** In the scanner: how long to wait on the worker before giving it up, `ms` unless a test asks for patience. */
export function waitLimit(ms: number): number {
  return settings()?.has('patient') ? PATIENT_LIMIT_MS : ms;
}

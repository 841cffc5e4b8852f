// Tests only, never set in a real run: APISCOUT_TEST_TIMING forces an interleaving of the scanner
// and its parse worker, whose result must be the same under any timing. A comma-separated list:
// `read=MS`, `parse=MS`, `setup=MS`, `root=MS` make the worker that slow before each read chunk,
// parse, step of a split's set-up and root it holds (past the pool's wait limit, the scanner gives
// it up); `patient` has the scanner wait on a slow worker rather than give it up, for tests that
// check the worker did its share on a busy machine. A worker reads it as the thread starts.

export type WorkerDelay = 'read' | 'parse' | 'setup' | 'root';

/** How long a patient scanner waits on a worker before taking it for broken (a dead one would block it for ever). */
const PATIENT_LIMIT_MS = 600_000;

function settings(): Map<string, number> | undefined {
  const text = process.env.APISCOUT_TEST_TIMING;
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

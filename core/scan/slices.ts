// Long computations written once as generators that `yield` at safe points, then run either
// straight through (a re-scan that must answer at once) or in time slices that give the event
// loop back between them, so a sidecar scanning 10,000 files still answers and streams progress.

/** Runs the steps to the end without pausing. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Set by pauseSoon: the step just run wants the event loop's turn now. */
let pauseWanted = false;

/**
 * Has runInSlices return to the event loop after the current step, whatever is left of its slice:
 * a step waiting on another thread sees that thread's exit only once the loop has run.
 */
export function pauseSoon(): void {
  pauseWanted = true;
}

/** Runs the steps, returning to the event loop whenever a slice of `sliceMs` is used up (or a step asks: pauseSoon). */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = 20): Promise<T> {
  let sliceEnd = performance.now() + sliceMs;
  for (let i = 0; ; i++) {
    const r = steps.next();
    if (r.done) return r.value;
    // Reading the clock costs more than most steps: look at it every few steps only.
    if (pauseWanted || ((i & 15) === 0 && performance.now() >= sliceEnd)) {
      pauseWanted = false;
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + sliceMs;
    }
  }
}

// The roots' endpoints and models on both threads (issue 24). Once the parse phase is done the
// parse worker, idle until then, becomes a second scanner (root-share.ts): it sets itself up from
// the scanner's inputs, finds the same roots in the same order, and computes them from the last
// while the scanner computes them from the first, each root claimed by compare-and-exchange in a
// shared array, as the two threads split the parse phase's files. The scanner then takes the
// worker's results in the roots' order, so the roots map (and with it the endpoints, their
// de-duplication and the diagnostics) is the one a single scanner makes: a root's endpoints and
// models do not depend on what was computed before it (bench/README.md, session 24).

import { CLAIMED_BY_SCANNER, DONE, IDLE, RESERVED } from './parse-protocol';
import type { RootReply, ShareSetup } from './parse-protocol';
import type { ParsePool } from './parse-pool';
import { waitLimit } from './test-timing';

/**
 * From this many roots a scan with models and a running worker splits them (ScanOptions.splitRoots).
 * The worker's set-up (its modules' config, learning, the endpoint files' parses, collecting) is
 * what the split costs: about 0.35-0.5 s more CPU in all on the 10,000 bench files (~1,000 roots),
 * for 0.35 s less on the scanner's thread (paired runs, bench/README.md session 25). The wide
 * 5,000 (~400 roots) gained 0.12 s there for 0.36 s more: below this the scanner's gain is too
 * small for the CPU it costs. Endpoints only, a root is too cheap for any gain (never by default).
 */
export const MIN_ROOTS_TO_SPLIT = 600;
/** A worker whose progress count has not moved this long is given up on: the scanner computes its roots. */
const STALL_LIMIT_MS = 10_000;
/** take waits this long at most before the scanner returns to the event loop, where a worker's exit is told. */
const WAIT_SLICE_MS = 50;
/** take's answer while the worker still has the root: return to the event loop (pauseSoon), then take it again. */
export const WAITING = Symbol('waiting');

/** The scanner's side of a split: claims roots from the first, takes the worker's from where they met. */
export class RootSplit {
  private readonly states: Int32Array;
  /** The worker's progress count and its failure flag, after the roots' states. */
  private readonly progressSlot: number;
  private readonly failedSlot: number;
  private gaveUp = false;
  /** The root take waits for, the worker's progress count it last saw, and since when. */
  private waitingFor = -1;
  private progress = 0;
  private since = 0;
  /** Roots the worker computed and the scanner took. */
  taken = 0;
  /** How long a worker may show no progress before it is given up on (tests set it huge: a dead worker must be noticed otherwise). */
  static stallLimitMs = STALL_LIMIT_MS;

  private constructor(
    private readonly pool: ParsePool,
    private readonly count: number,
    shared: SharedArrayBuffer,
  ) {
    this.states = new Int32Array(shared);
    this.progressSlot = count;
    this.failedSlot = count + 1;
  }

  /**
   * Sends the worker its set-up; undefined when it is gone. `reserveHalf`: the last half of the
   * roots is the worker's whoever gets there first (tests force a split on small projects so).
   */
  static start(pool: ParsePool, setup: Omit<ShareSetup, 'states'>, reserveHalf: boolean): RootSplit | undefined {
    const count = setup.keys.length;
    const shared = new SharedArrayBuffer((count + 2) * 4);
    const states = new Int32Array(shared);
    if (reserveHalf) states.fill(RESERVED, Math.ceil(count / 2), count);
    if (!pool.shareRoots({ ...setup, states: shared })) return undefined;
    return new RootSplit(pool, count, shared);
  }

  /** Claims root `i` for the scanner. False: the worker has it, and every root after it (`take` them). */
  claim(i: number): boolean {
    if (this.gaveUp) return true;
    const was = Atomics.compareExchange(this.states, i, IDLE, CLAIMED_BY_SCANNER);
    return was === IDLE || was === CLAIMED_BY_SCANNER;
  }

  /**
   * The worker's reply for root `i` once it is done, blocking this thread meanwhile (as a parse in
   * the worker's hands does) for a slice at most: WAITING, the scanner returns to the event loop
   * and takes again. Undefined when the worker failed, stalled or is gone (its thread exited, told
   * on the event loop): the scanner computes the root itself, and every root after it.
   */
  take(i: number): RootReply | undefined | typeof WAITING {
    if (this.gaveUp) return undefined;
    if (this.waitingFor !== i) {
      this.waitingFor = i;
      this.progress = Atomics.load(this.states, this.progressSlot);
      this.since = performance.now();
    }
    const sliceEnd = performance.now() + WAIT_SLICE_MS;
    const limit = waitLimit(RootSplit.stallLimitMs);
    for (;;) {
      if (this.pool.gone) return this.giveUp();
      const state = Atomics.load(this.states, i);
      if (state === DONE) {
        const reply = this.pool.takeRoot(i);
        if (!reply) return this.giveUp();
        this.taken++;
        return reply;
      }
      if (Atomics.load(this.states, this.failedSlot) !== 0) return this.giveUp();
      const now = performance.now();
      const progress = Atomics.load(this.states, this.progressSlot);
      if (progress !== this.progress) {
        this.progress = progress;
        this.since = now;
      } else if (now > this.since + limit) {
        return this.giveUp();
      }
      if (now >= sliceEnd) return WAITING;
      Atomics.wait(this.states, i, state, sliceEnd - now);
    }
  }

  /** The scan is over, or failed: the worker takes no further root (it finishes the one in hand). */
  end(): void {
    if (!this.gaveUp) this.giveUp();
  }

  /** The worker is given up on: it takes no further root, and the scanner computes the rest. */
  private giveUp(): undefined {
    this.gaveUp = true;
    for (let i = 0; i < this.count; i++) {
      if (Atomics.compareExchange(this.states, i, IDLE, CLAIMED_BY_SCANNER) !== IDLE) Atomics.compareExchange(this.states, i, RESERVED, CLAIMED_BY_SCANNER);
    }
    return undefined;
  }
}

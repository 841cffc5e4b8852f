// Edits are saved as they are typed (spec §3), but not on every keystroke: a draft waits a moment
// and only the latest one of a burst is written (request/save). Leaving the endpoint or the page
// writes at once, and a read of an endpoint's request waits for its write to land first.

/** `idle`: the draft written holds no edits (typed back to the request as it came): nothing to say. */
export type SaveStatus = { kind: 'idle' } | { kind: 'pending' } | { kind: 'saved' } | { kind: 'failed'; message: string };

interface Waiting<D> {
  key: string;
  draft: D;
  timer: ReturnType<typeof setTimeout>;
}

export class DraftSaver<D> {
  private waiting: Waiting<D> | undefined;
  private readonly writing = new Map<string, Promise<void>>();

  constructor(
    /** Resolves to whether the draft written holds edits. */
    private readonly write: (key: string, draft: D) => Promise<boolean>,
    private readonly report: (key: string, status: SaveStatus) => void,
    private readonly delayMs = 400,
  ) {}

  /** Saves `draft` once no newer one came for a moment; a draft for another key is written at once. */
  schedule(key: string, draft: D): void {
    if (this.waiting && this.waiting.key !== key) void this.flush();
    if (this.waiting) clearTimeout(this.waiting.timer);
    this.waiting = { key, draft, timer: setTimeout(() => void this.flush(), this.delayMs) };
    this.report(key, { kind: 'pending' });
  }

  /** Writes the waiting draft now (leaving the endpoint, sending, closing the page). */
  flush(): Promise<void> {
    const w = this.waiting;
    if (!w) return Promise.resolve();
    clearTimeout(w.timer);
    this.waiting = undefined;
    const before = this.writing.get(w.key) ?? Promise.resolve();
    // Writes of one key stay in order: an older draft never lands after a newer one.
    const done = before
      .then(() => this.write(w.key, w.draft))
      .then(
        (edited) => {
          if (!this.waiting || this.waiting.key !== w.key) this.report(w.key, { kind: edited ? 'saved' : 'idle' });
        },
        (e: Error) => this.report(w.key, { kind: 'failed', message: e.message }),
      )
      .finally(() => {
        if (this.writing.get(w.key) === done) this.writing.delete(w.key);
      });
    this.writing.set(w.key, done);
    return done;
  }

  /** Drops a waiting draft of `key` (Reset to Default replaces it). */
  discard(key: string): void {
    if (this.waiting?.key !== key) return;
    clearTimeout(this.waiting.timer);
    this.waiting = undefined;
  }

  /** Resolves when every write of `key`, the waiting one included, has landed. */
  async settled(key: string): Promise<void> {
    if (this.waiting?.key === key) await this.flush();
    await this.writing.get(key);
  }
}

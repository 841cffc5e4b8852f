// The explorer's search field runs the core's matcher in a page Worker (search-worker.ts) over the
// endpoints of the tree the page already holds: no round trip to the sidecar per keystroke, and
// the page's thread only renders the hits. The results are the sidecar's `endpoints/search` ones
// (the same matcher, fields and limit, over the same endpoints); when the worker cannot start, the
// explorer asks the sidecar instead.

import type { SearchFields, WorkerReply, WorkerRequest } from './search-messages';
import type { SearchResult } from './search-results';
import type { EndpointSummary } from './tree-model';

/** The worker could not be started or loaded: the caller asks the sidecar. */
export class NoWorker extends Error {}

export class PageSearch {
  private worker: Worker | null | undefined;
  private endpoints: readonly EndpointSummary[] = [];
  private version = 0;
  private seq = 0;
  /** The endpoints changed and were not sent yet. */
  private unsent = false;
  /** The search field was used: changed endpoints go at the next idle moment. */
  private warmed = false;
  private idle = false;
  private readonly waiting = new Map<number, { resolve(r: WorkerReply): void; reject(e: Error): void }>();

  constructor(private readonly url: URL) {}

  /**
   * The endpoints searched from now on (the tree's, in its order). Copying them to the worker is
   * main-thread work the tree's first paint should not compete with: they go once the search
   * field is used (`warm`), then again at idle after each change, or at the next search.
   */
  setEndpoints(endpoints: readonly EndpointSummary[]): void {
    this.endpoints = endpoints;
    this.version++;
    this.unsent = true;
    if (this.warmed) this.flushWhenIdle();
  }

  /** The search field got the focus: a query is coming, so the worker gets the endpoints now. */
  warm(): void {
    this.warmed = true;
    this.flush();
  }

  private flushWhenIdle(): void {
    if (this.idle) return;
    this.idle = true;
    const run = () => {
      this.idle = false;
      this.flush();
    };
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  }

  private flush(): void {
    if (!this.unsent) return;
    this.unsent = false;
    const fields: SearchFields[] = this.endpoints.map(({ id, method, path, name, folder, description, className }) => ({ id, method, path, name, folder, description, className }));
    this.start()?.postMessage({ kind: 'endpoints', version: this.version, endpoints: fields } satisfies WorkerRequest);
  }

  /** The best `limit` matches, as `endpoints/search` answers; NoWorker when there is no worker to ask. */
  async search(query: string, limit: number): Promise<{ results: SearchResult[]; total: number }> {
    this.flush();
    const w = this.start();
    if (!w) throw new NoWorker('no search worker');
    const endpoints = this.endpoints;
    const seq = ++this.seq;
    const reply = await new Promise<WorkerReply>((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      w.postMessage({ kind: 'search', seq, version: this.version, query, limit } satisfies WorkerRequest);
    });
    if ('error' in reply) throw new Error(reply.error);
    // The endpoints changed while the query was on its way: asked again over the new ones.
    if ('stale' in reply || reply.version !== this.version) return this.search(query, limit);
    return { results: reply.hits.map(({ at, ...hit }) => ({ endpoint: endpoints[at]!, ...hit })), total: endpoints.length };
  }

  dispose(): void {
    this.worker?.terminate();
    this.fail(new NoWorker('the search worker was stopped'));
  }

  private start(): Worker | null {
    if (this.worker !== undefined) return this.worker;
    try {
      const w = new Worker(this.url, { type: 'module' });
      w.onmessage = (e: MessageEvent<WorkerReply>) => {
        this.waiting.get(e.data.seq)?.resolve(e.data);
        this.waiting.delete(e.data.seq);
      };
      // The script did not load (or threw while loading): every waiting search, and later ones, go to the sidecar.
      w.onerror = () => this.fail(new NoWorker('the search worker failed'));
      this.worker = w;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private fail(e: NoWorker): void {
    this.worker = null;
    for (const [seq, p] of this.waiting) {
      this.waiting.delete(seq);
      p.reject(e);
    }
  }
}

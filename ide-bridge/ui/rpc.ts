// The web app's side of the bridge: JSON-RPC 2.0 over the UI server's WebSocket, one message per
// frame, typed from the same catalog the sidecar validates against (types only: the schemas and
// their validator stay in the sidecar). Aborting a request sends LSP's $/cancelRequest.

import type { NotificationName, NotificationParams, ParamsOf, RequestName, ResultOf } from '../protocol';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** The error's `data`: script logs of a ScriptFailed, the reason of a CallRefused, the environment of a Conflict. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** JSON-RPC's code for a request the client cancelled. */
export const CANCELLED = -32800;

type Pending = { resolve(v: unknown): void; reject(e: Error): void };
type Listener = (params: never) => void;

export class BridgeClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly closeListeners = new Set<(reason: string) => void>();
  private closed: string | undefined;

  /** Messages sent before the socket opened: they go, in order, once it does. */
  private queued: string[] | undefined = [];
  private socket: WebSocket | undefined;

  private constructor() {}

  private attach(socket: WebSocket): void {
    this.socket = socket;
    socket.addEventListener('message', (e) => this.receive(String(e.data)));
    socket.addEventListener('close', (e) => this.close(e.reason || `the connection to apiscout closed (code ${e.code})`));
    socket.addEventListener('open', () => {
      for (const m of this.queued ?? []) socket.send(m);
      this.queued = undefined;
    });
  }

  /** Opens the WebSocket of the page's own UI server: `/TOKEN/rpc` beside `/TOKEN/`. */
  static connect(url = defaultUrl()): Promise<BridgeClient> {
    const { client, opened } = BridgeClient.open(url);
    return opened.then(() => client);
  }

  /**
   * The client at once, its socket still opening: requests made meanwhile wait for it, so the
   * page can draw (and ask) without waiting a round trip. `opened` rejects when it cannot open.
   * With `after`, the socket is opened only once that resolves (main.tsx: after the first paint).
   */
  static open(url = defaultUrl(), after?: Promise<unknown>): { client: BridgeClient; opened: Promise<void> } {
    const client = new BridgeClient();
    const connect = () => {
      const socket = new WebSocket(url);
      client.attach(socket);
      return new Promise<void>((resolve, reject) => {
        socket.addEventListener('open', () => resolve(), { once: true });
        socket.addEventListener('error', () => reject(new Error('cannot reach apiscout: is `apiscout ui` still running?')), { once: true });
      });
    };
    return { client, opened: after ? after.then(connect) : connect() };
  }

  private send(message: string): void {
    // Queued until the socket opened; only then is the queue gone.
    if (this.queued) this.queued.push(message);
    else this.socket!.send(message);
  }

  request<M extends RequestName>(method: M, params: ParamsOf<M>, signal?: AbortSignal): Promise<ResultOf<M>> {
    if (this.closed) return Promise.reject(new RpcError(-32099, this.closed));
    const id = this.nextId++;
    return new Promise<ResultOf<M>>((resolve, reject) => {
      const abort = () => this.notify('$/cancelRequest', { id });
      this.pending.set(id, {
        resolve: (v) => {
          signal?.removeEventListener('abort', abort);
          resolve(v as ResultOf<M>);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', abort);
          reject(e);
        },
      });
      signal?.addEventListener('abort', abort, { once: true });
      this.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  on<N extends NotificationName>(name: N, listener: (params: NotificationParams<N>) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  onClose(listener: (reason: string) => void): () => void {
    if (this.closed) listener(this.closed);
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  private notify(method: string, params: unknown): void {
    if (!this.closed) this.send(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  private receive(text: string): void {
    let m: { id?: number | null; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof m.method === 'string') {
      for (const l of this.listeners.get(m.method) ?? []) l(m.params as never);
      return;
    }
    const p = typeof m.id === 'number' ? this.pending.get(m.id) : undefined;
    if (!p) return;
    this.pending.delete(m.id as number);
    if (m.error) p.reject(new RpcError(m.error.code, m.error.message, m.error.data));
    else p.resolve(m.result);
  }

  private close(reason: string): void {
    if (this.closed) return;
    this.closed = reason;
    for (const p of this.pending.values()) p.reject(new RpcError(-32099, reason));
    this.pending.clear();
    for (const l of this.closeListeners) l(reason);
  }
}

function defaultUrl(): string {
  const dir = location.pathname.endsWith('/') ? location.pathname : `${location.pathname}/`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${dir}rpc`;
}

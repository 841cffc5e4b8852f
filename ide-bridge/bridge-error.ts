// The error a handler throws to answer with a catalog code, and client cancellation. Apart from
// handlers.ts so the handler groups it composes can throw them without importing it back.

/** An error with its JSON-RPC code and optional data; the server turns it into the error response. */
export class BridgeError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
  }
}

export interface Cancellation {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** The JSON-RPC code for a request the client cancelled (LSP's RequestCancelled). */
export const REQUEST_CANCELLED = -32800;

/** Settles with the work, or rejects as soon as the client cancels (the work itself goes on). */
export function cancellable<T>(work: Promise<T>, token: Cancellation): Promise<T> {
  if (token.isCancellationRequested) return Promise.reject(new BridgeError(REQUEST_CANCELLED, 'request cancelled'));
  return new Promise<T>((resolve, reject) => {
    const sub = token.onCancellationRequested(() => reject(new BridgeError(REQUEST_CANCELLED, 'request cancelled')));
    work.then(resolve, reject).finally(() => sub.dispose());
  });
}

/** For a handler called by the sidecar itself, not on a client's behalf. */
export const NEVER_CANCELLED: Cancellation = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

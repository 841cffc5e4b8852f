// The sidecar's JSON-RPC endpoint: LSP base framing (Content-Length) over any pair of streams,
// params checked against the catalog before a handler runs, errors mapped to codes in one place.
// Nothing but protocol is written to `output`; logs go to the `log` sink (stderr in the sidecar).

import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { Readable, Writable } from 'node:stream';
import { createMessageConnection, ErrorCodes as RpcErrors, ResponseError, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable, Message, MessageConnection, MessageReader } from 'vscode-jsonrpc/node';
import { InputError } from '../core/errors';
import { BridgeError, createHandlers } from './handlers';
import type { Cancellation } from './handlers';
import { ErrorCodes, notifications, requests } from './protocol';
import type { RequestName } from './protocol';

export interface BridgeOptions {
  serverVersion: string;
  log(message: string): void;
  uiUrl?(): string | null;
  /** Called once the client sent `exit` or closed its end; `clean` when `shutdown` came first. */
  onExit?(clean: boolean): void;
}

export interface Bridge {
  connection: MessageConnection;
  dispose(): void;
}

export function startBridge(input: Readable, output: Writable, opts: BridgeOptions): Bridge {
  const writer = new StreamMessageWriter(output);
  const reply = (id: unknown, code: number, message: string) =>
    void writer.write({ jsonrpc: '2.0', id: id ?? null, error: { code, message } } as Message).catch(() => {});
  const reader = new CheckedReader(new StreamMessageReader(input), (bad) => {
    opts.log(`invalid message: ${JSON.stringify(bad).slice(0, 200)}`);
    reply(idOf(bad), RpcErrors.InvalidRequest, 'invalid request: a JSON-RPC 2.0 request needs "jsonrpc": "2.0" and a string "method"');
  });
  // The framing survives a body that is not JSON: answer it and read on.
  reader.onError((e) => reply(null, RpcErrors.ParseError, `parse error: ${e.message}`));
  const connection = createMessageConnection(reader, writer, {
    error: (m) => opts.log(`rpc: ${m}`),
    warn: (m) => opts.log(`rpc: ${m}`),
    info: () => {},
    log: () => {},
  });
  const handlers = createHandlers({
    serverVersion: opts.serverVersion,
    uiUrl: opts.uiUrl ?? (() => null),
    notify: (name, params) => void connection.sendNotification(name, params).catch(() => {}),
    log: opts.log,
  });
  const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: false });
  let shutdownRequested = false;
  let exited = false;
  const exit = () => {
    if (exited) return;
    exited = true;
    opts.onExit?.(shutdownRequested);
  };

  for (const name of Object.keys(requests) as RequestName[]) {
    // Compiled on first use: compiling the whole catalog would delay the first `hello`.
    let validate: ValidateFunction | undefined;
    const handler = handlers[name] as (params: unknown, token: Cancellation) => unknown;
    connection.onRequest(name, async (params: unknown, token) => {
      // A method without params may be called with none at all.
      const value = params ?? {};
      validate ??= ajv.compile(requests[name].params);
      if (!validate(value)) {
        throw new ResponseError(RpcErrors.InvalidParams, `${name}: ${ajv.errorsText(validate.errors, { dataVar: 'params' })}`);
      }
      try {
        if (name === 'shutdown') shutdownRequested = true;
        return await handler(value, token);
      } catch (e) {
        throw toResponseError(name, e, opts.log);
      }
    });
  }
  connection.onNotification('exit', (params: unknown) => {
    if (params === undefined || ajv.validate(notifications.exit, params)) exit();
  });
  connection.onClose(exit);
  connection.listen();
  return {
    connection,
    dispose: () => connection.dispose(),
  };
}

/** The one table from thrown errors to JSON-RPC errors. */
function toResponseError(method: string, e: unknown, log: (m: string) => void): ResponseError<void> {
  if (e instanceof ResponseError) return e;
  if (e instanceof BridgeError) return new ResponseError(e.code, e.message);
  if (e instanceof InputError) return new ResponseError(ErrorCodes.BadInput, e.message);
  log(`${method} failed: ${(e as Error).stack ?? String(e)}`);
  return new ResponseError(RpcErrors.InternalError, `${method}: ${(e as Error).message ?? String(e)}`);
}

/** Passes on well-formed messages only; the rest get an Invalid Request reply instead of silence. */
class CheckedReader implements MessageReader {
  constructor(
    private readonly inner: MessageReader,
    private readonly invalid: (message: unknown) => void,
  ) {}

  get onError() {
    return this.inner.onError;
  }
  get onClose() {
    return this.inner.onClose;
  }
  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => (isMessage(message) ? callback(message) : this.invalid(message)));
  }

  dispose(): void {
    this.inner.dispose();
  }
}

function isMessage(m: unknown): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  if (r.jsonrpc !== '2.0') return false;
  if (typeof r.method === 'string') return true;
  // A response to a request the sidecar made.
  return 'id' in r && ('result' in r || 'error' in r);
}

function idOf(m: unknown): unknown {
  const id = typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

// The sidecar's JSON-RPC endpoint: one hub of handlers and open projects, served on any message
// channel (LSP base framing on stdio, one message per frame on the UI's WebSocket), params checked against the catalog before a handler runs, errors mapped to codes in one place.
// Nothing but protocol is written to `output`; logs go to the `log` sink (stderr in the sidecar).

import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { CancellationTokenSource, createMessageConnection, ErrorCodes as RpcErrors, ResponseError } from 'vscode-jsonrpc/node';
import type { DataCallback, Disposable, Message, MessageConnection, MessageReader, MessageWriter } from 'vscode-jsonrpc/node';
import { InputError } from '../core/errors';
import type { LoadResult } from '../core/search/index-store';
import { BridgeError, cancellable, createHandlers } from './handlers';
import type { Cancellation } from './handlers';
import { ErrorCodes, hostRequests, notifications, requests } from './protocol';
import type { HostParamsOf, HostRequestName, HostResultOf } from './protocol';
import type { RequestName } from './protocol';

export interface HubOptions {
  serverVersion: string;
  log(message: string): void;
  /** The loopback UI server's URL, once it listens (null without one). */
  uiUrl?(): string | null;
  /** Keep parses between runs (core/scan/scan-cache.ts); default true. The "scan.cache" setting can turn it off per project. */
  scanCache?: boolean;
  /** An index already read for the project at `root` (apiscout ui reads it before the hub is made), else undefined. */
  retainedIndex?(root: string): Promise<LoadResult> | undefined;
}

export interface ConnectionOptions {
  /**
   * The host process's own connection (stdio): `shutdown` and `exit` end the sidecar through
   * `onExit`. Other connections (the UI's WebSockets) may not stop it: `exit` closes only them.
   */
  host: boolean;
  /** Called once the client sent `exit` or closed its end; `clean` when `shutdown` came first. */
  onExit?(clean: boolean): void;
}

export interface Bridge {
  connection: MessageConnection;
  dispose(): void;
}

/**
 * One set of handlers and open projects shared by every connection: the IDE's stdio and the
 * UI's WebSockets see the same projects, and every notification reaches all of them.
 */
export class BridgeHub {
  readonly handlers: ReturnType<typeof createHandlers>;
  private readonly connections = new Set<MessageConnection>();
  /** The IDE's own connections (stdio): host/* notifications go to these only. */
  private readonly hostConnections = new Set<MessageConnection>();
  private readonly ajv = new Ajv({ allErrors: false, strict: false, useDefaults: false });
  /** Compiled on first use: compiling the whole catalog would delay the first `hello`. */
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly opts: HubOptions) {
    this.handlers = createHandlers({
      serverVersion: opts.serverVersion,
      scanCache: opts.scanCache ?? true,
      uiUrl: opts.uiUrl ?? (() => null),
      retainedIndex: opts.retainedIndex,
      notify: (name, params) => {
        for (const c of this.connections) void c.sendNotification(name, params).catch(() => {});
      },
      notifyHost: (name, params) => {
        for (const c of this.hostConnections) void c.sendNotification(name, params).catch(() => {});
        return this.hostConnections.size > 0;
      },
      requestHost: (name, params, token) => this.requestHost(name, params, token),
      log: opts.log,
    });
  }

  /**
   * The first host connection's answer (there is one IDE per sidecar). Undefined without a host,
   * or when the host does not handle `name` (an older plugin): the UI then does without.
   * Cancelling `token` tells the host ($/cancelRequest) and stops waiting at once: a host that
   * never answers must not hold the caller.
   */
  private async requestHost<M extends HostRequestName>(name: M, params: HostParamsOf<M>, token?: Cancellation): Promise<HostResultOf<M> | undefined> {
    const [host] = this.hostConnections;
    if (!host) return undefined;
    let result: unknown;
    const toHost = new CancellationTokenSource();
    const sub = token?.onCancellationRequested(() => toHost.cancel());
    try {
      const answer = host.sendRequest(name, params, toHost.token);
      result = await (token ? cancellable(answer, token) : answer);
    } catch (e) {
      if (e instanceof BridgeError) throw e; // cancelled

      if (e instanceof ResponseError && e.code === RpcErrors.MethodNotFound) return undefined;
      throw new Error(`the IDE could not answer ${name}: ${(e as Error).message}`);
    } finally {
      sub?.dispose();
      toHost.dispose();
    }
    if (!this.ajv.validate(hostRequests[name].result, result)) throw new Error(`the IDE's answer to ${name} does not match the catalog: ${this.ajv.errorsText()}`);
    return result as HostResultOf<M>;
  }

  /** Serves the catalog on one message channel: stdio frames, a WebSocket, anything with a reader and writer. */
  connect(messageReader: MessageReader, writer: MessageWriter, conn: ConnectionOptions): Bridge {
    const { log } = this.opts;
    const reply = (id: unknown, code: number, message: string) =>
      void writer.write({ jsonrpc: '2.0', id: id ?? null, error: { code, message } } as Message).catch(() => {});
    const reader = new CheckedReader(messageReader, (bad) => {
      log(`invalid message: ${describeInvalid(bad)}`);
      reply(idOf(bad), RpcErrors.InvalidRequest, 'invalid request: a JSON-RPC 2.0 request needs "jsonrpc": "2.0" and a string "method"');
    });
    // The framing survives a body that is not JSON: answer it and read on.
    reader.onError((e) => reply(null, RpcErrors.ParseError, `parse error: ${e.message}`));
    const connection = createMessageConnection(reader, writer, {
      // A page that closed misses the notifications sent meanwhile by design; only the IDE's own
      // connection failing is worth a line.
      error: (m) => {
        if (!conn.host && m.startsWith('Sending notification failed')) return;
        log(`rpc: ${m}`);
      },
      warn: (m) => log(`rpc: ${m}`),
      info: () => {},
      log: () => {},
    });
    let shutdownRequested = false;
    let exited = false;
    // Cancelled when the connection ends: a request that waits on a person elsewhere stops waiting.
    const closing = new CancellationTokenSource();
    const exit = () => {
      if (exited) return;
      exited = true;
      closing.cancel();
      this.connections.delete(connection);
      this.hostConnections.delete(connection);
      if (conn.host) conn.onExit?.(shutdownRequested);
      else {
        connection.dispose();
        writer.end(); // a WebSocket: closes it
      }
    };

    for (const name of Object.keys(requests) as RequestName[]) {
      const handler = this.handlers[name] as (params: unknown, token: Cancellation) => unknown;
      connection.onRequest(name, async (params: unknown, token) => {
        // A method without params may be called with none at all.
        const value = params ?? {};
        const validate = this.validator(name);
        if (!validate(value)) {
          throw new ResponseError(RpcErrors.InvalidParams, `${name}: ${this.ajv.errorsText(validate.errors, { dataVar: 'params' })}`);
        }
        if (name === 'shutdown') {
          if (!conn.host) throw new ResponseError(RpcErrors.InvalidRequest, 'shutdown: only the process that started the sidecar may stop it');
          shutdownRequested = true;
        }
        const ends = CANCELLED_BY_CLOSE.has(name) ? either(token, closing.token) : undefined;
        try {
          return await handler(value, ends?.token ?? token);
        } catch (e) {
          throw toResponseError(name, e, log);
        } finally {
          ends?.dispose();
        }
      });
    }
    connection.onNotification('exit', (params: unknown) => {
      if (params === undefined || this.ajv.validate(notifications.exit, params)) exit();
    });
    connection.onClose(exit);
    this.connections.add(connection);
    if (conn.host) this.hostConnections.add(connection);
    connection.listen();
    return {
      connection,
      dispose: () => {
        this.connections.delete(connection);
        this.hostConnections.delete(connection);
        connection.dispose();
      },
    };
  }

  private validator(name: RequestName): ValidateFunction {
    let v = this.validators.get(name);
    if (!v) {
      const schema = requests[name].params;
      const plain = plainCheck(schema);
      if (plain) {
        let full: ValidateFunction | undefined;
        // ajv judges what the plain check does not accept, and words the error.
        const check = ((value: unknown) => {
          if (plain(value)) return true;
          full ??= this.ajv.compile(schema);
          const ok = full(value);
          check.errors = full.errors;
          return ok;
        }) as ValidateFunction;
        v = check;
      } else v = this.ajv.compile(schema);
      this.validators.set(name, v);
    }
    return v;
  }
}

/**
 * Requests whose wait ends when their connection closes, as if the caller had cancelled them: the
 * IDE's file chooser would stay open (and its wait held, up to ten minutes) for a page that is gone.
 * Others run on: a request being sent, say, is not cut off by a page reloading meanwhile.
 */
const CANCELLED_BY_CLOSE: ReadonlySet<RequestName> = new Set<RequestName>(['host/chooseFile']);

/** A token cancelled by either of two; dispose it once the request ends. */
function either(a: Cancellation, b: Cancellation): { token: Cancellation; dispose(): void } {
  const source = new CancellationTokenSource();
  const subs = [a, b].map((t) => t.onCancellationRequested(() => source.cancel()));
  if (a.isCancellationRequested || b.isCancellationRequested) source.cancel();
  return {
    token: source.token,
    dispose: () => {
      for (const sub of subs) sub.dispose();
      source.dispose();
    },
  };
}

type PlainCheck = (value: unknown) => boolean;

/**
 * A check for the catalog's plainest params: an object of strings, booleans and integers with
 * no constraint but a minimum length. Most requests a page makes while it loads are of this
 * kind, and ajv's first compile in a process costs about 100 ms, on the way to the first tree.
 * Undefined for any schema with anything else in it: ajv checks those. It only ever accepts
 * what ajv accepts; whatever it does not accept goes to ajv, for ajv's verdict and message.
 */
export function plainCheck(schema: object): PlainCheck | undefined {
  const s = schema as { type?: unknown; properties?: Record<string, object>; required?: unknown; additionalProperties?: unknown };
  if (!Object.keys(s).every((k) => k === 'type' || k === 'properties' || k === 'required' || k === 'additionalProperties' || k === 'description')) return undefined;
  if (s.type !== 'object' || (s.additionalProperties !== undefined && s.additionalProperties !== false)) return undefined;
  const required = s.required ?? [];
  if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) return undefined;
  const fields = new Map<string, PlainCheck>();
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    const check = plainField(prop);
    if (!check) return undefined;
    fields.set(key, check);
  }
  const closed = s.additionalProperties === false;
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const v = value as Record<string, unknown>;
    for (const key of required as string[]) if (!Object.prototype.hasOwnProperty.call(v, key)) return false;
    for (const key of Object.keys(v)) {
      const check = fields.get(key);
      if (check ? !check(v[key]) : closed) return false;
    }
    return true;
  };
}

function plainField(schema: object): PlainCheck | undefined {
  const f = schema as { type?: unknown; minLength?: unknown };
  if (!Object.keys(f).every((k) => k === 'type' || k === 'minLength' || k === 'description')) return undefined;
  if (f.type === 'boolean' && f.minLength === undefined) return (v) => typeof v === 'boolean';
  if (f.type === 'integer' && f.minLength === undefined) return (v) => Number.isInteger(v);
  if (f.type !== 'string') return undefined;
  const min = f.minLength ?? 0;
  if (!Number.isSafeInteger(min) || (min as number) < 0) return undefined;
  // ajv counts code points, not UTF-16 units: a count of units that suffices for 1 may not for more.
  return (v) => typeof v === 'string' && v.length >= (min as number) && ((min as number) <= 1 || [...v].length >= (min as number));
}

/** The one table from thrown errors to JSON-RPC errors. */
function toResponseError(method: string, e: unknown, log: (m: string) => void): ResponseError<unknown> {
  if (e instanceof ResponseError) return e;
  if (e instanceof BridgeError) return new ResponseError(e.code, e.message, e.data);
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

/**
 * What the log says about a malformed message: its method and id, never its params, which may
 * carry a token (a `sync/token` sent without "jsonrpc" once put the Postman key on stderr).
 */
function describeInvalid(m: unknown): string {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return Array.isArray(m) ? 'an array' : typeof m;
  const r = m as Record<string, unknown>;
  const method = typeof r.method === 'string' ? r.method.slice(0, 80) : undefined;
  return `${method ? `method ${JSON.stringify(method)}` : 'no method'}, id ${JSON.stringify(idOf(m))}, fields ${Object.keys(r).slice(0, 10).join(', ')} (values not logged)`;
}

function idOf(m: unknown): unknown {
  const id = typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

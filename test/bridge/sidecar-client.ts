// A test client for the real sidecar process: spawns `node dist/apiscout.mjs serve --stdio`,
// speaks the catalog through vscode-jsonrpc, and checks every result against the catalog's
// result schema, so a handler can never drift from what the protocol promises.

import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CancellationTokenSource, createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { CancellationToken, MessageConnection } from 'vscode-jsonrpc/node';
import { notifications, requests } from '../../ide-bridge/protocol';
import type { NotificationName, NotificationParams, ParamsOf, RequestName, ResultOf } from '../../ide-bridge/protocol';

export const SIDECAR = fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url));

const ajv = new Ajv({ strict: false, allErrors: true });
const resultValidators = new Map<string, ValidateFunction>();
const notificationValidators = new Map<string, ValidateFunction>();

export class SidecarClient {
  readonly process: ChildProcessWithoutNullStreams;
  readonly connection: MessageConnection;
  readonly stderr: string[] = [];
  /** Every notification received, in order, each checked against the catalog. */
  readonly received: { name: string; params: unknown }[] = [];
  readonly exited: Promise<number | null>;

  /**
   * `env`: the sidecar's environment (default: this process's), e.g. APISCOUT_CONFIG_DIR for the user's settings.
   * `bundle`: another copy of the bundle (the plugin zip's, unpacked).
   */
  constructor(args: string[] = ['serve', '--stdio'], env?: NodeJS.ProcessEnv, bundle: string = SIDECAR) {
    this.process = spawn(process.execPath, [bundle, ...args], { stdio: ['pipe', 'pipe', 'pipe'], ...(env ? { env } : {}) });
    this.process.stderr.setEncoding('utf8').on('data', (d: string) => this.stderr.push(d));
    this.exited = new Promise((resolve) => this.process.on('exit', (code) => resolve(code)));
    this.connection = createMessageConnection(new StreamMessageReader(this.process.stdout), new StreamMessageWriter(this.process.stdin));
    for (const name of Object.keys(notifications) as NotificationName[]) {
      this.connection.onNotification(name, (params: unknown) => {
        const validate = validatorFor(notificationValidators, name, notifications[name]);
        if (!validate(params)) throw new Error(`notification ${name} breaks its schema: ${ajv.errorsText(validate.errors)}`);
        this.received.push({ name, params });
      });
    }
    this.connection.listen();
  }

  async request<M extends RequestName>(name: M, params: ParamsOf<M>, token?: CancellationToken): Promise<ResultOf<M>> {
    const result = token ? await this.connection.sendRequest(name, params, token) : await this.connection.sendRequest(name, params);
    const validate = validatorFor(resultValidators, name, requests[name].result);
    if (!validate(result)) throw new Error(`${name} result breaks its schema: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(result).slice(0, 500)}`);
    return result as ResultOf<M>;
  }

  /** Sends any method with any params: for the error paths the typed `request` cannot express. */
  raw(name: string, params?: unknown): Promise<unknown> {
    return params === undefined ? this.connection.sendRequest(name) : this.connection.sendRequest(name, params);
  }

  notificationsOf<N extends NotificationName>(name: N): NotificationParams<N>[] {
    return this.received.filter((n) => n.name === name).map((n) => n.params as NotificationParams<N>);
  }

  /** Resolves with the first notification of `name` (already received or still to come) that passes `test`. */
  async waitFor<N extends NotificationName>(name: N, test: (p: NotificationParams<N>) => boolean = () => true, timeoutMs = 20_000): Promise<NotificationParams<N>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = this.notificationsOf(name).find(test);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no ${name} notification within ${timeoutMs} ms; stderr:\n${this.stderr.join('')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  cancellation(): CancellationTokenSource {
    return new CancellationTokenSource();
  }

  async close(): Promise<number | null> {
    if (this.process.exitCode === null) {
      await this.request('shutdown', {}).catch(() => {});
      await this.connection.sendNotification('exit').catch(() => {});
    }
    const code = await this.exited;
    this.connection.dispose();
    return code;
  }
}

function validatorFor(cache: Map<string, ValidateFunction>, name: string, schema: object): ValidateFunction {
  let v = cache.get(name);
  if (!v) cache.set(name, (v = ajv.compile(schema)));
  return v;
}

/** The JSON-RPC error a request failed with (a request that succeeds fails the test). */
export async function rpcError(p: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ResponseError) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

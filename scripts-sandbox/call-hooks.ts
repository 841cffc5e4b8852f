// Plugs request scripts into the caller (core/call/hooks.ts CallHooks). A front end builds these
// per send: `const run = scriptCallHooks(scripts, target); await caller.send(prepared, { hooks:
// run.hooks })`, then shows `run.logs` and `run.afterError` with the response.
//
// A before-script that fails stops the send (the ScriptError propagates and nothing goes out). An
// after-script that fails does not take the response away: its error is kept in `afterError` and
// the response is returned as usual. gRPC calls run the after-scripts only (`afterGrpc`): there is
// no HTTP request for a before-script to change.

import { TextDecoder } from 'node:util';
import { readFileSync } from 'node:fs';
import type { EndpointCallContext } from '../core/call/endpoint-call';
import type { GrpcCallResult } from '../core/call/grpc/caller';
import { grpcScriptRequest, grpcScriptResponse } from '../core/call/grpc/result';
import type { CallHooks } from '../core/call/hooks';
import type { PreparedRequest } from '../core/call/request-builder';
import type { HttpResponse } from '../core/call/response';
import { ScriptError } from '../core/errors';
import type { BodySource, ScriptRequest, ScriptResponse } from './exchange';
import { headerValue, isTextContentType } from './exchange';
import { RequestScripts } from './hooks';
import type { ScriptTarget } from './hooks';
import type { ScriptLogLine } from './runner';

export interface ScriptedCall {
  hooks: CallHooks;
  /** Every line the scripts logged, before-scripts first. */
  logs: ScriptLogLine[];
  /** The after-script failure, if any; the response itself is still returned. */
  afterError?: ScriptError;
  /** Files written by response.saveBody. */
  saved: string[];
  /** http.call.after for a gRPC call: response.code() is the gRPC status, response.body() the messages as JSON. */
  afterGrpc(result: GrpcCallResult): Promise<void>;
}

export function scriptCallHooks(scripts: RequestScripts, target: ScriptTarget = {}): ScriptedCall {
  const after = async (request: ScriptRequest, response: ScriptResponse | Promise<ScriptResponse>) => {
    try {
      const outcome = await scripts.after(request, await response, target);
      call.logs.push(...outcome.logs);
      call.saved.push(...outcome.saved);
    } catch (e) {
      if (!(e instanceof ScriptError)) throw e;
      call.logs.push(...(e.logs as ScriptLogLine[]));
      call.afterError = e;
    }
  };
  const call: ScriptedCall = {
    logs: [],
    saved: [],
    afterGrpc: (result) => after(grpcScriptRequest(result), grpcScriptResponse(result)),
    hooks: {
      async beforeSend(prepared) {
        const { request, logs } = await scripts.before(toScriptRequest(prepared), target).catch((e: unknown) => {
          if (e instanceof ScriptError) call.logs.push(...(e.logs as ScriptLogLine[]));
          throw e;
        });
        call.logs.push(...logs);
        return fromScriptRequest(request, prepared);
      },
      afterResponse: (prepared, response) => after(toScriptRequest(prepared), toScriptResponse(response)),
    },
  };
  return call;
}

/** The scripts of one endpoint's call, from its call context: `scripts.dispose()` when the call is done. */
export function endpointScripts(ctx: Pick<EndpointCallContext, 'projectDir' | 'config' | 'settings' | 'endpoint'>): { scripts: RequestScripts; call: ScriptedCall } {
  const scripts = new RequestScripts({ projectDir: ctx.projectDir, config: ctx.config, settings: ctx.settings });
  const { folder, className, address, id } = ctx.endpoint;
  return { scripts, call: scriptCallHooks(scripts, { folder, className, address, id }) };
}

/** A body is shown to scripts as text when it is declared text, or when it is valid UTF-8. */
function bodyText(body: Uint8Array | undefined, contentType: string | undefined): string | null {
  if (!body) return null;
  if (contentType && !isTextContentType(contentType)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return null;
  }
}

export function toScriptRequest(prepared: PreparedRequest): ScriptRequest {
  const headers = prepared.headers.map(([name, value]) => ({ name, value }));
  return { method: prepared.method, url: prepared.url, headers, body: bodyText(prepared.body, headerValue(headers, 'content-type')) };
}

/** Keeps a binary body (multipart, octet-stream) the script could not see unless it set a new one. */
export function fromScriptRequest(request: ScriptRequest, original: PreparedRequest): PreparedRequest {
  const originalText = bodyText(original.body, headerValue(original.headers.map(([name, value]) => ({ name, value })), 'content-type'));
  const body = request.body === originalText ? original.body : request.body === null ? undefined : new TextEncoder().encode(request.body);
  return { ...original, method: request.method, url: request.url, headers: request.headers.map((h) => [h.name, h.value]), body };
}

/** In-memory bodies are handed over as they are; a spilled one is read from its file only on demand. */
export async function toScriptResponse(response: HttpResponse): Promise<ScriptResponse> {
  const stored = response.body;
  const file = stored.file;
  const body: Uint8Array | BodySource = stored.inMemory || !file ? await stored.bytes() : { size: response.size, file, read: () => readFileSync(file) };
  return { status: response.status, headers: response.headers.map(([name, value]) => ({ name, value })), body, text: response.kind === 'text' };
}

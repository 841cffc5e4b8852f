// The request editor's state and its Send: saved edits or the request built from source, sending
// HTTP and gRPC calls with the project's scripts, cancelling them, and saving a response body.
// The composition (settings, environment, default host, gate, callers) is the core's
// (core/call/endpoint-call.ts), the scripts' wiring the sandbox's, both shared with `apiscout
// call`; these handlers map the outcome to the catalog's shapes and codes and keep the bodies
// of the last calls for Save as.

import { dirname, isAbsolute, resolve } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { currentRequest, defaultRequest, grpcAnswered, saveEditedDraft, saveSentDraft, grpcCallerOptions, grpcNoAnswer, httpCallOptions, loadCallContext, prepareHttp, sendGrpc, sendHttp } from '../core/call/endpoint-call';
import type { EndpointCallContext } from '../core/call/endpoint-call';
import { FileNotAllowed } from '../core/call/file-access';
import { GrpcCaller } from '../core/call/grpc/caller';
import type { GrpcCallResult, ReceivedMessage } from '../core/call/grpc/caller';
import { grpcResponseJson } from '../core/call/grpc/result';
import { HttpCaller } from '../core/call/http';
import type { HttpCallOptions } from '../core/call/http';
import { displayText } from '../core/call/response';
import { ResponseBody } from '../core/call/response-body';
import { configDefinedOf, credentialCandidates } from '../core/call/send-auth';
import type { CredentialCandidate } from '../core/call/send-auth';
import { callSecrets, maskUserInfo, maskedLogs, maskedResponseHeaders } from '../core/call/received-secrets';
import { maskSecrets, maskedHeaders, maskedQuery, secretValuesOf } from '../core/call/sent-secrets';
import { userConfigDir } from '../core/config/user-dir';
import { CallError, CallRefused, InputError, ScriptError } from '../core/errors';
import type { Endpoint } from '../core/model/endpoint';
import { isGrpcDraft } from '../core/model/request-state';
import type { GrpcRequestDraft, HttpRequestDraft, RequestDraft } from '../core/model/request-state';
import { makeDirs } from '../core/store/make-dirs';
import { RequestStateStore } from '../core/store/request-state';
import { endpointScripts } from '../scripts-sandbox/call-hooks';
import type { ScriptedCall } from '../scripts-sandbox/call-hooks';
import { BridgeError, REQUEST_CANCELLED } from './bridge-error';
import type { HandlerKit, Handlers } from './handlers';
import type { ProjectSession } from './project-session';
import { ErrorCodes } from './protocol';
import type { NotificationParams, ResultOf } from './protocol';

type Methods = 'request/get' | 'request/save' | 'request/reset' | 'call/send' | 'call/cancel' | 'response/save' | 'response/preview';
type CallResult = ResultOf<'call/send'>;

/** Response bodies kept for Save as: the last calls' (a spilled body keeps its temp file until dropped). */
export const KEPT_BODIES = 20;
/** An image preview carries the body through the WebSocket as base64: larger images are saved, not previewed. */
export const PREVIEW_MAX_BYTES = 8 << 20;
/** What a failed Save as says instead of a bare errno. */
const SAVE_FAILURES: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOSPC: 'the disk is full',
  EROFS: 'the file system is read-only',
};

/** HTTP callers kept between Sends, one per set of call settings in use. */
const KEPT_CALLERS = 4;

interface RunningCall {
  /** The project of the call. */
  root: string;
  abort(): void;
}

interface KeptBody {
  body: ResponseBody;
  /** The project of the call: a relative Save as path is taken from there. */
  root: string;
}

export function callHandlers({ ctx, session, endpoint, onClose }: HandlerKit): Pick<Handlers, Methods> {
  const running = new Map<string, RunningCall>();
  /** In call order, oldest first. */
  const kept = new Map<string, KeptBody>();

  const keep = (callId: string, body: ResponseBody, root: string) => {
    const before = kept.get(callId);
    kept.delete(callId);
    if (before && before.body !== body) void before.body.dispose();
    kept.set(callId, { body, root });
    for (const [id, old] of kept) {
      if (kept.size <= KEPT_BODIES) break;
      kept.delete(id);
      void old.body.dispose();
    }
  };

  /**
   * HTTP callers by the settings they were made with (projects may differ; settings change any
   * time). Kept between Sends: a second Send to a host reuses its keep-alive connection, which for
   * HTTPS skips the handshake, and the trust store is parsed once. Beyond a few, the least
   * recently used is closed (its running calls still finish).
   */
  const callers = new Map<string, HttpCaller>();
  const httpCaller = (options: HttpCallOptions): HttpCaller => {
    const { env: _processEnv, ...settings } = options;
    const key = JSON.stringify(settings);
    const caller = callers.get(key) ?? new HttpCaller(options);
    callers.delete(key);
    callers.set(key, caller);
    for (const [k, old] of callers) {
      if (callers.size <= KEPT_CALLERS) break;
      callers.delete(k);
      void old.close();
    }
    return caller;
  };

  onClose(async (project) => {
    if (project === null) {
      const all = [...callers.values()];
      callers.clear();
      await Promise.all(all.map((c) => c.close()));
    }
    for (const call of running.values()) if (project === null || call.root === project) call.abort();
    const dropped = [...kept].filter(([, k]) => project === null || k.root === project);
    for (const [id] of dropped) kept.delete(id);
    await Promise.all(dropped.map(([, k]) => k.body.dispose()));
  });

  /** The endpoint (its models: a running scan is awaited) and what its call reads from the project. */
  const callContext = async (project: string, id: string): Promise<{ s: ProjectSession; c: EndpointCallContext }> => {
    const s = session(project);
    return { s, c: contextOf(s, endpoint(s, await s.get(id), id)) };
  };
  const contextOf = (s: ProjectSession, e: Endpoint, environment?: string): EndpointCallContext =>
    loadCallContext({
      projectDir: s.root,
      endpoint: e,
      module: s.modules().find((m) => m.name === e.module),
      userDir: userConfigDir(),
      ...(environment !== undefined ? { environment } : {}),
      state: new RequestStateStore({ projectDir: s.root, warn: ctx.log }),
      protos: s.protoIndex(),
      warn: ctx.log,
    });

  const stateOf = (c: EndpointCallContext, draft: RequestDraft, edited: boolean): ResultOf<'request/get'> => ({
    draft,
    edited,
    // Only HTTP hosts are remembered: a gRPC address would make a poor default for an HTTP request.
    hosts: c.state?.hosts(c.endpoint.protocol === 'grpc' ? 'grpc' : 'http') ?? [],
    ...credentialsOf(c),
  });

  return {
    'request/get': async ({ project, id }) => {
      const { c } = await callContext(project, id);
      const { draft, edited } = currentRequest(c);
      return stateOf(c, draft, edited);
    },

    'request/save': async ({ project, id, draft }) => {
      const { c } = await callContext(project, id);
      return { edited: await saveEditedDraft(c, checkedDraft(c.endpoint, draft)) };
    },

    'request/reset': async ({ project, id }) => {
      const { s, c } = await callContext(project, id);
      await c.state!.reset(id);
      // The source may have changed since the last scan (an edit not yet reported): read it again,
      // with the DTO files its models were built from, so a field added to a request DTO appears.
      await s.rereadSources(c.endpoint.source.file);
      const fresh = endpoint(s, await s.get(id), id);
      const rebuilt = contextOf(s, fresh);
      const state = stateOf(rebuilt, defaultRequest(rebuilt), false);
      ctx.notify('request/changed', { project, id });
      return state;
    },

    'call/send': async ({ project, id, callId, draft, environment, allowFiles }, token) => {
      if (running.has(callId)) throw new BridgeError(ErrorCodes.BadInput, `a call named '${callId}' is already running: give each call its own callId`);
      const s = session(project);
      const abort = new AbortController();
      running.set(callId, { root: s.root, abort: () => abort.abort() });
      /** $/cancelRequest: the client no longer wants the reply, whatever arrived. */
      let withdrawn = false;
      const sub = token.onCancellationRequested(() => {
        withdrawn = true;
        abort.abort();
      });
      let scripted: ReturnType<typeof endpointScripts> | undefined;
      let context: EndpointCallContext | undefined;
      try {
        const c = (context = contextOf(s, endpoint(s, await s.get(id), id), environment));
        if (draft) await saveSentDraft(c, checkedDraft(c.endpoint, draft));
        const request = draft ?? currentRequest(c).draft;
        // Cancelled while a scan was awaited: nothing was sent.
        if (abort.signal.aborted) throw new BridgeError(REQUEST_CANCELLED, `call ${callId} cancelled before it was sent`);
        scripted = endpointScripts(c);
        // A cancel also ends a script that is running: disposing its isolate stops it for real.
        const scripts = scripted.scripts;
        abort.signal.addEventListener('abort', () => scripts.dispose(), { once: true });
        const { call } = scripted;
        const result = isGrpcDraft(request)
          ? await sendGrpcCall(c, request, callId, abort.signal, call, (m) => ctx.notify('call/message', m))
          : await sendHttpCall(c, request, httpCaller(httpCallOptions(c.settings)), abort.signal, call, allowFiles ?? []);
        if (withdrawn) {
          await result.body.dispose();
          throw new BridgeError(REQUEST_CANCELLED, `call ${callId} cancelled`);
        }
        keep(callId, result.body, s.root);
        // Read after the scripts ran: a token an after-script just kept is a secret in its own log lines.
        const secrets = callSecrets({ environment: c.environment, projectDir: s.root, exchanges: result.exchanges });
        return {
          ...result.reply,
          callId,
          scriptLogs: maskedLogs(call.logs.map(logLine), secrets),
          ...(call.afterError ? { afterScriptError: maskSecrets(call.afterError.message, secrets) } : {}),
        };
      } catch (e) {
        const secrets = callSecrets({ environment: context?.environment, projectDir: s.root, exchanges: e instanceof CallError ? [{ headers: [], url: e.url }] : [] });
        throw bridgeErrorOf(e, scripted?.call, withdrawn, secrets) ?? e;
      } finally {
        sub.dispose();
        running.delete(callId);
        scripted?.scripts.dispose();
      }
    },

    'call/cancel': ({ callId }) => {
      const call = running.get(callId);
      call?.abort();
      return { cancelled: call !== undefined };
    },

    'response/save': async ({ callId, path }) => {
      const k = kept.get(callId);
      if (!k) throw new BridgeError(ErrorCodes.NotFound, `no response body kept for call '${callId}': only the last ${KEPT_BODIES} calls' bodies are kept`);
      const target = isAbsolute(path) ? path : resolve(k.root, path);
      try {
        // Save as into a folder that does not exist yet creates it, as a native save dialog's "New Folder" would.
        makeDirs(dirname(target)); // never Node's recursive mkdir: it loops forever under /proc
        if (!(await k.body.saveTo(target))) await writeFile(target, '');
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        const why = code && SAVE_FAILURES[code] ? `${SAVE_FAILURES[code]} (${code})` : (code ?? (e as Error).message);
        throw new InputError(`cannot save the response body to ${target}: ${why}`, path, { cause: e });
      }
      return { path: target, bytes: k.body.size };
    },

    'response/preview': async ({ callId }) => {
      const k = kept.get(callId);
      if (!k) throw new BridgeError(ErrorCodes.NotFound, `no response body kept for call '${callId}': only the last ${KEPT_BODIES} calls' bodies are kept`);
      if (k.body.size > PREVIEW_MAX_BYTES) {
        throw new InputError(`the image is ${(k.body.size / 1024 / 1024).toFixed(1)} MiB; previews stop at ${PREVIEW_MAX_BYTES >> 20} MiB (Save as keeps it whole)`, callId);
      }
      const bytes = await k.body.bytes();
      return { base64: bytes.toString('base64'), bytes: bytes.length };
    },
  };
}

/**
 * The schemes Send may add a credential for (send-auth.ts), and which of their variables the
 * config files define: the request view picks from the active environment and these, as Send does.
 */
function credentialsOf(c: EndpointCallContext): { credentials?: CredentialCandidate[]; credentialConfig?: string[] } {
  const candidates = credentialCandidates(c.endpoint, c.module ? [c.module] : []);
  if (!candidates.length) return {};
  const fromConfig = configDefinedOf(candidates, (name) => c.config.get(name));
  return { credentials: candidates, ...(fromConfig.length ? { credentialConfig: fromConfig } : {}) };
}

interface Sent {
  reply: Omit<CallResult, 'callId' | 'scriptLogs' | 'afterScriptError'>;
  /** What went out and came back, for finding the credentials script logs may quote. */
  exchanges: NonNullable<Parameters<typeof callSecrets>[0]['exchanges']>;
  /** What response/save writes: the body as received, or a gRPC call's messages as JSON. */
  body: ResponseBody;
}

async function sendHttpCall(c: EndpointCallContext, draft: HttpRequestDraft, caller: HttpCaller, signal: AbortSignal, scripted: ScriptedCall, allowedFiles: readonly string[]): Promise<Sent> {
  // A host that is still a placeholder would fail as "cannot resolve the host name {{nohost}}":
  // name the variable and the environment instead, before anything goes out.
  const prepared = await prepareHttp(c, draft, { allowedFiles });
  const missing = unknownHostVariables(draft.host, prepared.unresolved);
  if (missing.length) {
    const where = c.environment ? `environment ${c.environment.name}` : 'any environment (none is active)';
    const list = missing.map((m) => `{{${m}}}`).join(', ');
    throw new InputError(`variable ${list} ${missing.length === 1 ? 'is' : 'are'} not defined in ${where}`, missing[0]!);
  }
  const { request, response, unresolved } = await sendHttp(c, draft, { caller, signal, hooks: scripted.hooks }, prepared);
  const shown = response.kind === 'text' ? await displayText(response, { marker: false }) : undefined;
  const secrets = secretValuesOf(c.environment);
  const masked = maskedHeaders(request.headers, secrets);
  const maskedParams = maskedQuery(request.url, secrets);
  const maskedReceived = maskedResponseHeaders(response.headers, secrets);
  return {
    body: response.body,
    exchanges: [{ headers: request.headers, url: request.url }, { headers: response.headers }],
    reply: {
      protocol: 'http',
      unresolved,
      http: {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
        ...(maskedReceived.length ? { masked: maskedReceived } : {}),
        ...(response.contentType !== undefined ? { contentType: response.contentType } : {}),
        kind: response.kind,
        size: response.size,
        ...(shown ? { text: shown.text } : {}),
        truncated: shown?.truncated ?? false,
        json: shown !== undefined && !shown.truncated && isJson(shown.text),
        timings: response.timings,
        sent: { ...request, ...(masked.length ? { masked } : {}), ...(maskedParams.length ? { maskedQuery: maskedParams } : {}) },
      },
    },
  };
}

async function sendGrpcCall(
  c: EndpointCallContext,
  draft: GrpcRequestDraft,
  callId: string,
  signal: AbortSignal,
  scripted: ScriptedCall,
  notify: (m: NotificationParams<'call/message'>) => void,
): Promise<Sent> {
  const caller = new GrpcCaller(grpcCallerOptions(c.settings));
  let result: GrpcCallResult;
  let unresolved: string[];
  try {
    ({ result, unresolved } = await sendGrpc(c, draft, {
      caller,
      signal,
      onMessage: (m) => notify({ callId, message: messageOf(m) }),
      after: (r) => scripted.afterGrpc(r),
    }));
  } finally {
    caller.close();
  }
  if (!result.cancelled && !grpcAnswered(result)) {
    throw new BridgeError(ErrorCodes.CallFailed, grpcNoAnswer(result), {
      address: result.request.target,
      status: result.status.name,
    });
  }
  const { request: r } = result;
  const secrets = secretValuesOf(c.environment);
  const masked = maskedHeaders(r.metadata, secrets);
  const maskedReceived = maskedResponseHeaders([...result.headers, ...result.trailers], secrets);
  return {
    body: ResponseBody.fromBytes(Buffer.from(`${JSON.stringify(grpcResponseJson(result), null, 2)}\n`)),
    exchanges: [{ headers: r.metadata }, { headers: result.headers }, { headers: result.trailers }],
    reply: {
      protocol: 'grpc',
      unresolved,
      grpc: {
        status: result.status,
        headers: result.headers,
        trailers: result.trailers,
        ...(maskedReceived.length ? { masked: maskedReceived } : {}),
        messages: result.messages.map(messageOf),
        cancelled: result.cancelled,
        timings: result.timings,
        sent: { target: r.target, security: r.security, path: r.path, kind: r.kind, metadata: r.metadata, ...(masked.length ? { masked } : {}), messages: r.messages, origin: r.origin },
      },
    },
  };
}

/** The catalog's codes for what stopped a call; undefined for anything else (an internal error). */
function bridgeErrorOf(e: unknown, scripted: ScriptedCall | undefined, withdrawn: boolean, secrets: readonly string[]): BridgeError | undefined {
  if (e instanceof BridgeError) return e;
  if (withdrawn || (e instanceof CallError && e.kind === 'cancelled') || (e instanceof ScriptError && / cancelled$/.test(e.message))) return new BridgeError(REQUEST_CANCELLED, e instanceof Error ? e.message : 'call cancelled');
  // A before-script failed: nothing was sent. Its log lines come with the error.
  if (e instanceof ScriptError) return new BridgeError(ErrorCodes.ScriptFailed, maskSecrets(e.message, secrets), { script: e.script, logs: maskedLogs((scripted?.logs ?? []).map(logLine), secrets) });
  // A file outside the project: the client asks the user, then sends again allowing it.
  if (e instanceof FileNotAllowed) return new BridgeError(ErrorCodes.FileNotAllowed, e.message, { path: e.path, target: e.target, root: e.root });
  if (e instanceof CallRefused) {
    return new BridgeError(ErrorCodes.CallRefused, e.message, { reason: e.code === 'grpc-disabled' ? 'disabled' : 'descriptors', missing: e.missing, settings: e.settings });
  }
  // The URL may carry a secret (?access_token={{token}}): the message and the URL show it masked.
  if (e instanceof CallError) return new BridgeError(ErrorCodes.CallFailed, maskUserInfo(maskSecrets(e.message, secrets)), { kind: e.kind, url: maskUserInfo(maskSecrets(e.url, secrets)) });
  return undefined;
}

/** A draft of the endpoint's protocol; an HTTP draft for a gRPC method (or the reverse) is refused. */
function checkedDraft(e: Endpoint, draft: RequestDraft): RequestDraft {
  if (isGrpcDraft(draft) !== (e.protocol === 'grpc')) {
    throw new BridgeError(ErrorCodes.BadInput, `${e.address} is ${e.protocol === 'grpc' ? 'a gRPC method: its draft needs "protocol": "grpc"' : 'an HTTP endpoint: its draft cannot be a gRPC one'}`);
  }
  return draft;
}

function messageOf(m: ReceivedMessage): NotificationParams<'call/message'>['message'] {
  return { atMs: m.atMs, size: m.size, json: m.json, ...(m.decodeError !== undefined ? { decodeError: m.decodeError } : {}) };
}

function logLine(l: { script: string; level: string; text: string }): CallResult['scriptLogs'][number] {
  return { script: l.script, level: l.level, text: l.text };
}

function isJson(text: string): boolean {
  const t = text.trimStart();
  if (!/^[[{"\d-]|^(true|false|null)\b/.test(t)) return false;
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** The unresolved variables written in the host field: the ones a request cannot go anywhere without. */
export function unknownHostVariables(host: string, unresolved: readonly string[]): string[] {
  const inHost = new Set([...host.matchAll(/\{\{\s*([^{}]+?)\s*\}\}|\$\{([^{}]+)\}/g)].map((m) => (m[1] ?? m[2])!.trim()));
  return unresolved.filter((u) => inHost.has(u));
}

// Calling one endpoint of a project, composed once for every front end (the CLI's `call`, the
// sidecar's request editor): what a project contributes (settings, environment and config lookup,
// saved edits and host history), the request a new editor starts from, and the send itself: HTTP
// through HttpCaller, gRPC through its gate and GrpcCaller. Front ends add only what they show and
// the request scripts, which come in as hooks (core never imports the sandbox).

import { isDeepStrictEqual } from 'node:util';
import { listenPort, moduleGrpcPort, moduleListen } from '../config/listen-port';
import { SettingsStore } from '../config/settings';
import type { Settings } from '../config/settings';
import type { ConfigValues } from '../config/config-reader';
import { loadVariableLookup } from '../env/placeholders';
import type { Diagnostic, Endpoint, ModuleSummary } from '../model/endpoint';
import type { Environment, VariableLookup } from '../model/environment';
import type { GrpcRequestDraft, HttpRequestDraft, RequestDraft } from '../model/request-state';
import type { ProtoIndex } from '../scan/proto/proto-index';
import type { RequestStateStore } from '../store/request-state';
import type { Warn } from '../store/json-file';
import type { GrpcCaller, GrpcCallerOptions, GrpcCallResult, ReceivedMessage } from './grpc/caller';
import type { MethodDescriptor } from './grpc/descriptors';
import { defaultGrpcDraft, prepareGrpcRequest } from './grpc/draft';
import type { PreparedGrpcRequest } from './grpc/draft';
import { passGrpcGate } from './grpc/gate';
import type { HttpCaller, HttpCallOptions, HttpCallResult } from './http';
import type { CallHooks } from './hooks';
import { defaultDraft, prepareRequest } from './request-builder';
import { refusedBy } from './refused';
import { digestCredentialOf, endpointCredentialPlan, withCredential } from './send-auth';
import type { CredentialPlan } from './send-auth';
import type { PreparedRequest } from './request-builder';

/** Everything a call of one endpoint reads from its project and the user's folder. */
export interface EndpointCallContext {
  projectDir: string;
  endpoint: Endpoint;
  /** The endpoint's module: its context and servlet path, its config files. */
  module?: ModuleSummary;
  settings: Settings;
  /** The user's settings file, named when a setting must change. */
  userSettingsPath: string;
  lookup: VariableLookup;
  /** The environment whose variables the lookup holds, if any. */
  environment?: Environment;
  config: ConfigValues;
  /** Saved edits and the host history; absent where nothing may be written (the bundled sample). */
  state?: RequestStateStore;
  /** The scan's proto index; absent, gRPC descriptors are read from the protos under projectDir. */
  protos?: ProtoIndex;
}

export interface LoadCallContextOptions {
  projectDir: string;
  endpoint: Endpoint;
  module?: ModuleSummary;
  /** The per-user folder (userConfigDir()). */
  userDir: string;
  /** An environment name; absent: the active one. */
  environment?: string;
  state?: RequestStateStore;
  protos?: ProtoIndex;
  warn?: Warn;
  /** Config files that could not be read land here. */
  diagnostics?: Diagnostic[];
}

/** Reads the settings, the environment and the config reader for one endpoint's call. */
export function loadCallContext(options: LoadCallContextOptions): EndpointCallContext {
  const { projectDir, endpoint, module, userDir, warn } = options;
  const settingsStore = new SettingsStore({ userDir, projectDir, ...(warn ? { warn } : {}) });
  const { lookup, environment, config } = loadVariableLookup({ projectDir, moduleDir: module?.dir, propertySources: module?.propertySources, userDir, environment: options.environment, warn, diagnostics: options.diagnostics });
  const ctx: EndpointCallContext = { projectDir, endpoint, settings: settingsStore.read(), userSettingsPath: settingsStore.userPath, lookup, config };
  if (module) ctx.module = module;
  if (environment) ctx.environment = environment;
  if (options.state) ctx.state = options.state;
  if (options.protos) ctx.protos = options.protos;
  return ctx;
}

/** The request the editor starts from without edits (Reset to Default): built from the source. */
export function defaultRequest(ctx: Pick<EndpointCallContext, 'endpoint' | 'module' | 'lookup' | 'config' | 'state'>): RequestDraft {
  if (ctx.endpoint.protocol === 'grpc') return defaultGrpcDraft(ctx.endpoint, { host: defaultGrpcHost(ctx.state, ctx.lookup, moduleGrpcPort(ctx.config, ctx.module)) });
  return defaultDraft(ctx.endpoint, { host: defaultHost(ctx.state, ctx.lookup, moduleListen(ctx.config, ctx.module).port), basePath: basePath(ctx.module) });
}

/**
 * The saved edits of the endpoint, else its default request. Every Send saves the draft it sends;
 * one the user never edited (flagged so by the store) is the default made again, so it follows the
 * source and the host last used. A draft saved before the flag existed holds edits when it differs
 * from the default.
 */
export function currentRequest(ctx: Pick<EndpointCallContext, 'endpoint' | 'module' | 'lookup' | 'config' | 'state'>): { draft: RequestDraft; edited: boolean } {
  const id = ctx.endpoint.id;
  const saved = ctx.endpoint.protocol === 'grpc' ? ctx.state?.loadGrpc(id) : ctx.state?.load(id);
  const fresh = defaultRequest(ctx);
  if (!saved) return { draft: fresh, edited: false };
  const flag = ctx.state?.editedFlag(id);
  if (flag === false) return { draft: fresh, edited: false };
  return { draft: saved, edited: flag ?? !sameDraft(saved, fresh) };
}

/**
 * Send saves the draft it sends. It is an edit when the request already held edits or the draft
 * differs from the one shown unedited (a change typed and sent before the editor saved it).
 */
export async function saveSentDraft(ctx: Pick<EndpointCallContext, 'endpoint' | 'module' | 'lookup' | 'config' | 'state'>, draft: RequestDraft): Promise<void> {
  if (!ctx.state) return;
  const shown = currentRequest(ctx);
  await ctx.state.save(ctx.endpoint.id, draft, shown.edited || !sameDraft(draft, shown.draft));
}

/**
 * The editor saves the draft typed. One typed back to the request as it comes from the source holds
 * no edits (it follows the source again, as after Reset); returns whether it holds edits.
 */
export async function saveEditedDraft(ctx: Pick<EndpointCallContext, 'endpoint' | 'module' | 'lookup' | 'config' | 'state'>, draft: RequestDraft): Promise<boolean> {
  const edited = !sameDraft(draft, defaultRequest(ctx));
  await ctx.state?.save(ctx.endpoint.id, draft, edited);
  return edited;
}

/** Two drafts hold the same request: key order and keys left undefined do not count (a saved one went through JSON). */
function sameDraft(a: RequestDraft, b: RequestDraft): boolean {
  const plain = (d: RequestDraft) => JSON.parse(JSON.stringify(d)) as unknown;
  return isDeepStrictEqual(plain(a), plain(b));
}

/** The host a new HTTP request starts with: the last one used here, a host variable, or localhost. */
export function defaultHost(state: RequestStateStore | undefined, lookup: VariableLookup, serverPort: string | undefined): string {
  const recent = state?.hosts()[0];
  if (recent) return recent;
  if (lookup('host') !== undefined) return '{{host}}';
  return `http://localhost:${listenPort(serverPort, 8080)}`;
}

/**
 * The target a new gRPC request starts with: the last one used here, a grpcHost variable, or
 * localhost at the port the module's gRPC server listens on (moduleGrpcPort; 9090 when nothing
 * says, grpc-ecosystem's starter, the one most Spring projects use).
 */
export function defaultGrpcHost(state: RequestStateStore | undefined, lookup: VariableLookup, grpcPort: string | undefined): string {
  const recent = state?.hosts('grpc')[0];
  if (recent) return recent;
  if (lookup('grpcHost') !== undefined) return '{{grpcHost}}';
  return `localhost:${listenPort(grpcPort, 9090)}`;
}

/** The module's context and servlet path, prefixed to every path it serves. */
export function basePath(module: Pick<ModuleSummary, 'contextPath' | 'servletPath'> | undefined): string {
  return `${module?.contextPath ?? ''}${module?.servletPath ?? ''}`.replace(/\/+$/, '');
}

// ---------------------------------------------------------------- HTTP

export interface HttpOverrides {
  /** Total timeout instead of http.timeoutMs. */
  timeoutMs?: number;
  /** Return a redirect instead of following it. */
  noFollow?: boolean;
  /** Also accept an untrusted certificate from this host (`host:port`). */
  insecureHost?: string;
}

/** The caller's options from the settings, with a front end's one-off overrides. */
export function httpCallOptions(settings: Settings, overrides: HttpOverrides = {}, env: NodeJS.ProcessEnv = process.env): HttpCallOptions {
  return {
    connectTimeoutMs: settings['http.connectTimeoutMs'],
    timeoutMs: overrides.timeoutMs ?? settings['http.timeoutMs'],
    followRedirects: overrides.noFollow ? false : settings['http.followRedirects'],
    maxRedirects: settings['http.maxRedirects'],
    insecureHosts: overrides.insecureHost ? [...settings['http.insecureHosts'], overrides.insecureHost] : settings['http.insecureHosts'],
    bodyMemoryLimit: settings['http.bodyMemoryLimit'],
    env,
  };
}

export interface HttpSend {
  caller: HttpCaller;
  signal?: AbortSignal;
  /** The http.call.before / after scripts. */
  hooks?: CallHooks;
  /** Relative file-part paths are read from here (default: the project). */
  baseDir?: string;
  /** Files outside the project the user allowed to be sent (file-access.ts). */
  allowedFiles?: readonly string[];
}

export interface EndpointHttpResult extends HttpCallResult {
  /** Placeholders without a value, sent as written. */
  unresolved: string[];
}

/**
 * Resolves the draft's placeholders, prepares the request without sending it. A file body or part
 * outside the project folder is refused (FileNotAllowed) unless listed in `allowedFiles`.
 */
export async function prepareHttp(ctx: Pick<EndpointCallContext, 'lookup' | 'projectDir' | 'environment'> & Partial<Pick<EndpointCallContext, 'endpoint' | 'module' | 'config'>>, draft: HttpRequestDraft, files: Pick<HttpSend, 'baseDir' | 'allowedFiles'> = {}): Promise<PreparedRequest> {
  const secretValues = ctx.environment?.variables.filter((v) => v.secret).map((v) => v.value) ?? [];
  // The endpoint's credential goes on a copy: the draft saved (and its history) never holds it.
  const plan = ctx.endpoint ? sendCredential(ctx as CredentialContext, draft) : undefined;
  const sending = withCredential(draft, plan, ctx.lookup);
  const prepared = await prepareRequest(sending, { lookup: ctx.lookup, baseDir: files.baseDir ?? ctx.projectDir, secretValues, files: { root: ctx.projectDir, allowed: files.allowedFiles ?? [] } });
  // Digest is answered to the server's challenge, by the caller: nothing is added up front.
  const digest = digestCredentialOf(plan, ctx.lookup);
  return digest ? { ...prepared, digest } : prepared;
}

type CredentialContext = Pick<EndpointCallContext, 'endpoint' | 'module' | 'environment'> & Partial<Pick<EndpointCallContext, 'config'>>;

/**
 * What Send does with the endpoint's credential for this draft (send-auth.ts): the scheme, its
 * variables, and whether they have a value in the environment or the config.
 */
export function sendCredential(ctx: CredentialContext, draft: HttpRequestDraft): CredentialPlan | undefined {
  return endpointCredentialPlan(ctx.endpoint, ctx.module ? [ctx.module] : [], draft, ctx.environment, (name) => ctx.config?.get(name));
}

/** Sends an HTTP draft and remembers its host in the project's history once a response arrived. */
export async function sendHttp(ctx: EndpointCallContext, draft: HttpRequestDraft, send: HttpSend, prepared?: PreparedRequest): Promise<EndpointHttpResult> {
  const ready = prepared ?? (await prepareHttp(ctx, draft, send));
  const { request, response } = await send.caller.send(ready, { ...(send.signal ? { signal: send.signal } : {}), ...(send.hooks ? { hooks: send.hooks } : {}) });
  await ctx.state?.rememberHost(draft.host);
  return { request, response, unresolved: ready.unresolved };
}

// ---------------------------------------------------------------- gRPC

export interface GrpcOverrides {
  /** Accept any certificate (an explicit opt-in). */
  insecure?: boolean;
  caFile?: string;
}

export function grpcCallerOptions(settings: Settings, overrides: GrpcOverrides = {}, env: NodeJS.ProcessEnv = process.env): GrpcCallerOptions {
  const caFile = overrides.caFile ?? settings['grpc.caFile'] ?? undefined;
  return { insecureHosts: settings['http.insecureHosts'], insecure: overrides.insecure ?? false, ...(caFile ? { caFile } : {}), env };
}

export interface GrpcSend {
  caller: GrpcCaller;
  signal?: AbortSignal;
  /** Ask the server's reflection service even when the grpc.reflection setting is off. */
  reflection?: boolean;
  /** Each reply message as it arrives. */
  onMessage?(message: ReceivedMessage, index: number): void;
  /** Once the gate passed and the request is prepared, just before it goes out. */
  onSending?(sending: { descriptor: MethodDescriptor; prepared: PreparedGrpcRequest; deadlineMs: number }): void;
  /** The http.call.after scripts, run on the result. */
  after?(result: GrpcCallResult): Promise<void>;
}

export interface EndpointGrpcResult {
  result: GrpcCallResult;
  descriptor: MethodDescriptor;
  unresolved: string[];
}

/**
 * Passes the gate (a CallRefused when gRPC calls are off or nothing describes the method), then
 * sends the draft. The gate runs before placeholders or messages are looked at: a refused call
 * reads nothing it would send.
 */
export async function sendGrpc(ctx: EndpointCallContext, draft: GrpcRequestDraft, send: GrpcSend): Promise<EndpointGrpcResult> {
  const { settings, endpoint, lookup } = ctx;
  const descriptor = await passGrpcGate({
    settings: { ...settings, 'grpc.reflection': settings['grpc.reflection'] || send.reflection === true },
    endpoint,
    protos: ctx.protos,
    projectDir: ctx.projectDir,
    reflection: () => {
      const a = prepareGrpcRequest({ ...draft, messages: [] }, lookup);
      return send.caller.reflection(a.address, { tls: a.tls, metadata: a.metadata });
    },
  });
  const prepared = prepareGrpcRequest(draft, lookup);
  const deadlineMs = prepared.deadlineMs ?? settings['grpc.deadlineMs'];
  send.onSending?.({ descriptor, prepared, deadlineMs });
  const result = await send.caller.send(
    { address: prepared.address, tls: prepared.tls, descriptor, metadata: prepared.metadata, messages: prepared.messages, deadlineMs },
    { ...(send.signal ? { signal: send.signal } : {}), ...(send.onMessage ? { onMessage: send.onMessage } : {}) },
  );
  if (grpcAnswered(result)) await ctx.state?.rememberHost(draft.host, 'grpc');
  await send.after?.(result);
  return { result, descriptor, unresolved: prepared.unresolved };
}

/** Whether the server answered at all: a status made up on the client side is no answer. */
export function grpcAnswered(r: GrpcCallResult): boolean {
  if (r.timings.headersMs !== undefined || r.messages.length) return true;
  return !['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'CANCELLED'].includes(r.status.name);
}

/** Why a call got no answer (grpcAnswered false): nothing listening reads as it does for HTTP, not as grpc-js's connection log. */
export function grpcNoAnswer(r: GrpcCallResult): string {
  if (r.status.name === 'UNAVAILABLE' && /\bECONNREFUSED\b/.test(r.status.message)) return refusedBy(r.request.target);
  return `no answer from ${r.request.target}: ${r.status.name}${r.status.message ? ` (${r.status.message})` : ''}`;
}

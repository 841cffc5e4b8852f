// `apiscout call` for gRPC endpoints: the same command and options as for HTTP where they mean
// the same thing (--host, --header as metadata, --timeout as the deadline, --insecure, --env,
// --reset, --verbose), plus --message (repeatable for client and bidirectional streams),
// --reflection, --tls and --ca-file. Streamed replies are printed as they arrive.

import { readFileSync } from 'node:fs';
import { GrpcCaller } from '../../core/call/grpc/caller';
import type { GrpcCallResult, ReceivedMessage } from '../../core/call/grpc/caller';
import { detectGrpcRuntime } from '../../core/call/grpc/detect';
import { grpcScriptRequest, grpcScriptResponse } from '../../core/call/grpc/result';
import { defaultGrpcDraft, prepareGrpcRequest } from '../../core/call/grpc/draft';
import { passGrpcGate } from '../../core/call/grpc/gate';
import type { Settings } from '../../core/config/settings';
import type { ConfigValues } from '../../core/config/config-reader';
import { CallRefused, InputError, ScriptError } from '../../core/errors';
import type { Endpoint } from '../../core/model/endpoint';
import type { VariableLookup } from '../../core/model/environment';
import type { GrpcRequestDraft } from '../../core/model/request-state';
import type { ProtoIndex } from '../../core/scan/proto/proto-index';
import type { RequestStateStore } from '../../core/store/request-state';
import type { RequestScripts } from '../../scripts-sandbox/hooks';
import { painterFor } from '../colors';
import type { CliIO } from '../io';

export interface GrpcCallArgs {
  host?: string;
  header: string[];
  message: string[];
  timeout?: number;
  insecure: boolean;
  reflection: boolean;
  tls: boolean;
  caFile?: string;
  reset: boolean;
  verbose: boolean;
}

export interface GrpcCallContext {
  dir: string;
  endpoint: Endpoint;
  settings: Settings;
  lookup: VariableLookup;
  config: ConfigValues;
  state?: RequestStateStore;
  /** The scan's proto index; absent, the protos under dir are read. */
  protos?: ProtoIndex;
  /** The user settings file, named in a refusal. */
  userSettingsPath: string;
  /** The http.call.after scripts: they see the gRPC status as response.code() and the messages as JSON. */
  scripts?: RequestScripts;
}

/** Exit status when the gate refused: nothing was sent. */
export const REFUSED = 3;

export async function callGrpc(args: GrpcCallArgs, ctx: GrpcCallContext, io: CliIO): Promise<number> {
  const { endpoint, settings, state } = ctx;
  if (args.reset) await state?.reset(endpoint.id);
  const saved = args.reset ? undefined : state?.loadGrpc(endpoint.id);
  const draft: GrpcRequestDraft = saved ?? defaultGrpcDraft(endpoint, { host: defaultGrpcHost(ctx.lookup, ctx.config) });
  if (args.host) draft.host = args.host;
  if (args.tls) draft.tls = true;
  if (args.message.length) draft.messages = args.message.map(messageText);
  for (const h of args.header) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new InputError(`--header takes 'name: value', got '${h}'`, h);
    const name = h.slice(0, colon).trim();
    draft.metadata = [...draft.metadata.filter((m) => m.name.toLowerCase() !== name.toLowerCase()), { name, value: h.slice(colon + 1).trim() }];
  }
  if (args.timeout !== undefined) draft.deadlineMs = args.timeout;

  const caller = new GrpcCaller({
    insecureHosts: settings['http.insecureHosts'],
    insecure: args.insecure,
    caFile: args.caFile ?? settings['grpc.caFile'] ?? undefined,
    env: process.env,
  });
  const cancel = new AbortController();
  const onSigint = () => cancel.abort();
  process.once('SIGINT', onSigint);
  try {
    // The gate runs before placeholders or messages are looked at: a refused call reads nothing it would send.
    let prepared;
    let descriptor;
    try {
      const allowReflection = settings['grpc.reflection'] || args.reflection;
      const gateSettings = { ...settings, 'grpc.reflection': allowReflection };
      const address = () => prepareGrpcRequest({ ...draft, messages: [] }, ctx.lookup);
      descriptor = await passGrpcGate({
        settings: gateSettings,
        endpoint,
        protos: ctx.protos,
        projectDir: ctx.dir,
        reflection: () => {
          const a = address();
          return caller.reflection(a.address, { tls: a.tls, metadata: a.metadata });
        },
      });
    } catch (e) {
      if (!(e instanceof CallRefused)) throw e;
      io.err(`apiscout call: not sent (${e.code}): ${e.message}`);
      for (const m of e.missing) io.err(`  - ${m}`);
      if (e.code === 'grpc-runtime-missing') {
        io.err('  Auto Detect:');
        for (const line of detectGrpcRuntime(ctx.dir, settings['grpc.runtime'] ?? []).summary) io.err(`    ${line}`);
      }
      io.err(
        e.code === 'grpc-disabled'
          ? `  Turn it on in the gRPC settings: apiscout settings set grpc.enabled true (${ctx.userSettingsPath}; --project for the project's).`
          : `  gRPC settings: grpc.runtime (descriptor sets, include roots) and grpc.reflection, e.g. apiscout settings set grpc.reflection true; or --reflection for this call.`,
      );
      return REFUSED;
    }
    prepared = prepareGrpcRequest(draft, ctx.lookup);
    for (const name of prepared.unresolved) io.err(`warning: no value for the placeholder '${name}' in the environment or the config; sent as written`);
    const deadlineMs = prepared.deadlineMs ?? settings['grpc.deadlineMs'];
    const paint = painterFor(io.stdout);
    const streamed = descriptor.responseStream;
    if (args.verbose) {
      io.out(`> ${descriptor.path} on ${prepared.address}${deadlineMs ? ` (deadline ${deadlineMs} ms)` : ''}`);
      for (const [n, v] of prepared.metadata) io.out(`> ${n}: ${v}`);
      io.out(`> ${prepared.messages.length} message${prepared.messages.length === 1 ? '' : 's'}; descriptors from ${origin(descriptor.origin)}\n`);
    }
    const result = await caller.send(
      { address: prepared.address, tls: prepared.tls, descriptor, metadata: prepared.metadata, messages: prepared.messages, deadlineMs },
      { signal: cancel.signal, onMessage: streamed ? (m, i) => io.out(renderStreamed(m, i, paint)) : undefined },
    );
    io.out(renderResult(result, paint, streamed));
    if (ctx.scripts) {
      const { endpoint: e } = ctx;
      try {
        const after = await ctx.scripts.after(grpcScriptRequest(result), grpcScriptResponse(result), { folder: e.folder, className: e.className, address: e.address, id: e.id });
        for (const line of after.logs) io.err(`[${line.script}] ${line.level}: ${line.text}`);
      } catch (err) {
        if (!(err instanceof ScriptError)) throw err;
        for (const line of err.logs) io.err(`[${err.script}] ${line.level}: ${line.text}`);
        io.err(`apiscout call: ${err.message}`);
        return 1;
      }
    }
    return answered(result) ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    caller.close();
  }
}

/** gRPC servers in Spring projects listen on grpc.server.port (9090 by default). */
function defaultGrpcHost(lookup: VariableLookup, config: ConfigValues): string {
  if (lookup('grpcHost') !== undefined) return '{{grpcHost}}';
  const port = config.get('grpc.server.port');
  return `localhost:${port && /^\d+$/.test(port) ? port : '9090'}`;
}

function messageText(arg: string): string {
  if (!arg.startsWith('@')) return arg;
  try {
    return readFileSync(arg.slice(1), 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the message file ${arg.slice(1)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, arg.slice(1), { cause: e });
  }
}

/** Whether the server answered at all: a status made up on the client side is no answer. */
function answered(r: GrpcCallResult): boolean {
  if (r.timings.headersMs !== undefined || r.messages.length) return true;
  return !['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'CANCELLED'].includes(r.status.name);
}

function origin(o: GrpcCallResult['request']['origin']): string {
  return o.kind === 'protos' ? `the project's protos (${o.files[0]})` : o.kind === 'descriptor-set' ? `descriptor set ${o.file}` : `server reflection (${o.version})`;
}

function renderStreamed(m: ReceivedMessage, i: number, paint: ReturnType<typeof painterFor>): string {
  return `${paint.dim(`#${i + 1} +${m.atMs.toFixed(1)} ms`)} ${m.decodeError ?? JSON.stringify(m.json)}`;
}

function renderResult(r: GrpcCallResult, paint: ReturnType<typeof painterFor>, streamed: boolean): string {
  const facts = [`${Math.round(r.timings.totalMs)} ms`, `${r.messages.length} message${r.messages.length === 1 ? '' : 's'}`];
  const head = `gRPC ${r.status.name} (${r.status.code})${r.status.code !== 0 && r.status.message ? `: ${r.status.message}` : ''}`;
  const lines = [`${paint.bold(head)}  ${paint.dim(facts.join(' · '))}`];
  for (const [n, v] of r.headers) lines.push(`${n}: ${v}`);
  if (r.status.details?.length) lines.push('', 'Details:', JSON.stringify(r.status.details, null, 2));
  if (!streamed) {
    for (const m of r.messages) lines.push('', m.decodeError ?? JSON.stringify(m.json, null, 2));
  }
  if (r.trailers.length) {
    lines.push('', 'Trailers:');
    for (const [n, v] of r.trailers) lines.push(`${n}: ${v}`);
  }
  return lines.join('\n');
}

// `apiscout call` for gRPC endpoints: the same command and options as for HTTP where they mean
// the same thing (--host, --header as metadata, --timeout as the deadline, --insecure, --env,
// --reset, --verbose), plus --message (repeatable for client and bidirectional streams),
// --reflection, --tls and --ca-file. Streamed replies are printed as they arrive.

import { readFileSync } from 'node:fs';
import { currentRequest, defaultRequest, grpcAnswered, grpcCallerOptions, sendGrpc } from '../../core/call/endpoint-call';
import type { EndpointCallContext } from '../../core/call/endpoint-call';
import { GrpcCaller } from '../../core/call/grpc/caller';
import type { GrpcCallResult, ReceivedMessage } from '../../core/call/grpc/caller';
import { detectGrpcRuntime } from '../../core/call/grpc/detect';
import { callSecrets, maskedHeaderText, maskedResponseHeaders } from '../../core/call/received-secrets';
import { maskSecrets, maskedHeaders, secretValuesOf } from '../../core/call/sent-secrets';
import { CallRefused, InputError } from '../../core/errors';
import type { GrpcRequestDraft } from '../../core/model/request-state';
import type { ScriptedCall } from '../../scripts-sandbox/call-hooks';
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

/** Exit status when the gate refused: nothing was sent. */
export const REFUSED = 3;

export async function callGrpc(args: GrpcCallArgs, ctx: EndpointCallContext, scripted: ScriptedCall, io: CliIO): Promise<number> {
  const { endpoint, settings, state } = ctx;
  if (args.reset) await state?.reset(endpoint.id);
  const draft = (args.reset ? defaultRequest(ctx) : currentRequest(ctx).draft) as GrpcRequestDraft;
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

  const caller = new GrpcCaller(grpcCallerOptions(settings, { insecure: args.insecure, caFile: args.caFile }));
  const cancel = new AbortController();
  const onSigint = () => cancel.abort();
  process.once('SIGINT', onSigint);
  const paint = painterFor(io.stdout);
  let streamed = false;
  try {
    let sent;
    try {
      sent = await sendGrpc(ctx, draft, {
        caller,
        signal: cancel.signal,
        reflection: args.reflection,
        onSending: ({ descriptor, prepared, deadlineMs }) => {
          for (const name of prepared.unresolved) io.err(`warning: no value for the placeholder '${name}' in the environment or the config; sent as written`);
          streamed = descriptor.responseStream;
          if (args.verbose) {
            io.out(`> ${descriptor.path} on ${prepared.address}${deadlineMs ? ` (deadline ${deadlineMs} ms)` : ''}`);
            // Masked as the Request tab masks it: verbose output ends up in CI logs.
            const secrets = secretValuesOf(ctx.environment);
            const masked = new Set(maskedHeaders(prepared.metadata, secrets));
            for (const [n, v] of prepared.metadata) io.out(maskSecrets(`> ${n}: ${masked.has(n.toLowerCase()) ? maskedHeaderText(n, v) : v}`, secrets));
            io.out(`> ${prepared.messages.length} message${prepared.messages.length === 1 ? '' : 's'}; descriptors from ${origin(descriptor.origin)}\n`);
          }
        },
        onMessage: (m, i) => {
          if (streamed) io.out(renderStreamed(m, i, paint));
        },
        // The result is shown before the after-scripts run, as for HTTP.
        after: async (result) => {
          io.out(renderResult(result, paint, streamed, secretValuesOf(ctx.environment)));
          await scripted.afterGrpc(result);
        },
      });
    } catch (e) {
      if (!(e instanceof CallRefused)) throw e;
      io.err(`apiscout call: not sent (${e.code}): ${e.message}`);
      for (const m of e.missing) io.err(`  - ${m}`);
      if (e.code === 'grpc-runtime-missing') {
        io.err('  Auto Detect:');
        for (const line of detectGrpcRuntime(ctx.projectDir, settings['grpc.runtime'] ?? []).summary) io.err(`    ${line}`);
      }
      io.err(
        e.code === 'grpc-disabled'
          ? `  Turn it on in the gRPC settings: apiscout settings set grpc.enabled true (${ctx.userSettingsPath}; --project for the project's).`
          : `  gRPC settings: grpc.runtime (descriptor sets, include roots) and grpc.reflection, e.g. apiscout settings set grpc.reflection true; or --reflection for this call.`,
      );
      return REFUSED;
    }
    const r = sent.result;
    const secrets = callSecrets({ environment: ctx.environment, projectDir: ctx.projectDir, exchanges: [{ headers: r.request.metadata }, { headers: r.headers }, { headers: r.trailers }] });
    for (const line of scripted.logs) io.err(`[${line.script}] ${line.level}: ${maskSecrets(line.text, secrets)}`);
    if (scripted.afterError) {
      io.err(`apiscout call: ${maskSecrets(scripted.afterError.message, secrets)}`);
      return 1;
    }
    return grpcAnswered(sent.result) ? 0 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    caller.close();
  }
}

function messageText(arg: string): string {
  if (!arg.startsWith('@')) return arg;
  try {
    return readFileSync(arg.slice(1), 'utf8');
  } catch (e) {
    throw new InputError(`cannot read the message file ${arg.slice(1)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, arg.slice(1), { cause: e });
  }
}

function origin(o: GrpcCallResult['request']['origin']): string {
  return o.kind === 'protos' ? `the project's protos (${o.files[0]})` : o.kind === 'descriptor-set' ? `descriptor set ${o.file}` : `server reflection (${o.version})`;
}

function renderStreamed(m: ReceivedMessage, i: number, paint: ReturnType<typeof painterFor>): string {
  return `${paint.dim(`#${i + 1} +${m.atMs.toFixed(1)} ms`)} ${m.decodeError ?? JSON.stringify(m.json)}`;
}

/** The status, headers, messages and trailers; credential metadata shows masked. */
function renderResult(r: GrpcCallResult, paint: ReturnType<typeof painterFor>, streamed: boolean, secrets: readonly string[]): string {
  const masked = new Set(maskedResponseHeaders([...r.headers, ...r.trailers], secrets));
  const pair = (n: string, v: string) => maskSecrets(`${n}: ${masked.has(n.toLowerCase()) ? maskedHeaderText(n, v) : v}`, secrets);
  const facts = [`${Math.round(r.timings.totalMs)} ms`, `${r.messages.length} message${r.messages.length === 1 ? '' : 's'}`];
  const head = `gRPC ${r.status.name} (${r.status.code})${r.status.code !== 0 && r.status.message ? `: ${r.status.message}` : ''}`;
  const lines = [`${paint.bold(head)}  ${paint.dim(facts.join(' · '))}`];
  for (const [n, v] of r.headers) lines.push(pair(n, v));
  if (r.status.details?.length) lines.push('', 'Details:', JSON.stringify(r.status.details, null, 2));
  if (!streamed) {
    for (const m of r.messages) lines.push('', m.decodeError ?? JSON.stringify(m.json, null, 2));
  }
  if (r.trailers.length) {
    lines.push('', 'Trailers:');
    for (const [n, v] of r.trailers) lines.push(pair(n, v));
  }
  return lines.join('\n');
}

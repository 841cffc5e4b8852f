// `apiscout call <id-or-query> [DIR] [--env NAME] [--host URL] [--param k=v] [--header k:v]
// [--body @file|json] [--out FILE]`: sends one endpoint's request and prints the response.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { currentRequest, defaultRequest, httpCallOptions, loadCallContext, prepareHttp, sendHttp } from '../../core/call/endpoint-call';
import { FileNotAllowed } from '../../core/call/file-access';
import { shQuote } from '../../core/export/shell-quote';
import { HttpCaller } from '../../core/call/http';
import type { SentRequest } from '../../core/call/http';
import { isJsonType, setHeader, setParam } from '../../core/call/request-builder';
import { displayText } from '../../core/call/response';
import { callSecrets, maskUserInfo, maskedHeaderText, maskedResponseHeaders } from '../../core/call/received-secrets';
import { maskSecrets, maskedHeaders } from '../../core/call/sent-secrets';
import type { HttpResponse } from '../../core/call/response';
import { pathPrefixesSetting } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { CallError, InputError, ScriptError, fsReason } from '../../core/errors';
import type { Diagnostic, Endpoint } from '../../core/model/endpoint';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { endpointPositionals, noMatchMessage, pickEndpoint } from './pick-endpoint';
import { RequestStateStore } from '../../core/store/request-state';
import { endpointScripts } from '../../scripts-sandbox/call-hooks';
import type { ScriptLogLine } from '../../scripts-sandbox/runner';
import { painterFor } from '../colors';
import type { CliIO } from '../io';
import { callGrpc } from './call-grpc';
import type { GrpcCallArgs } from './call-grpc';
import { reportDiagnostics } from './scan';

export const callHelp = `Usage: apiscout call <ID-OR-QUERY> [DIR] [options]

Sends the request of one endpoint of the code base at DIR (default: the bundled sample shop)
and prints the status, headers and body. The request starts from the endpoint's saved edits,
or from its source with example values; {{name}} and \${name} are filled from the environment,
then from .apiscout/config.properties, legacy .easy.api.* files and application.properties/yml.
The http.call.before / http.call.after scripts configured for the endpoint run around the send;
their log lines go to stderr.

Options:
  --env NAME          take variables from this environment (default: the active one)
  --host URL          scheme, host and port, e.g. http://localhost:8080 (default: the saved
                      host, the last host used, {{host}} when defined, else localhost:<server.port>)
  --param K=V         set a path, query, cookie, header or form parameter by name (repeatable;
                      undeclared names become query parameters; K=@FILE sends a file part)
  --header 'K: V'     set a request header (repeatable)
  --body @FILE|JSON   the request body, from a file or inline (a raw-bytes body, such as
                      byte[] or an image upload, sends the file's bytes as they are)
  --allow-file PATH   let the saved request upload this file from outside the project
                      folder (repeatable); files given here with @FILE are always allowed
  --out FILE          save the response body to FILE (binary bodies are only saved this way)
  --raw               print a JSON body as received instead of pretty-printed
  --verbose           also print the request as it was sent
  --timeout MS        total timeout (default: the http.timeoutMs setting)
  --no-follow         return a redirect instead of following it
  --insecure          accept an untrusted (self-signed) certificate from this endpoint's host
  --reset             discard the saved edits of this endpoint first (Reset to Default)
  --include-tests     also scan test sources
  -h, --help          show this help

gRPC endpoints (sent only with "Enable gRPC call" on: setting grpc.enabled):
  --host ADDRESS      host:port (plaintext), grpc://, or grpcs:// for TLS (default: {{grpcHost}}
                      when defined, else localhost:<the gRPC starter's port:
                      grpc.server.port or 9090, LogNet's grpc.port or 6565,
                      quarkus.grpc.server.port or 9000>)
  --message @FILE|JSON  the request message as proto3 JSON; repeat it for client and
                      bidirectional streams (sent in order, then half-closed)
  --header 'K: V'     metadata (repeatable); keys ending in -bin take base64
  --timeout MS        the deadline (default: the grpc.deadlineMs setting)
  --reflection        ask the server's reflection service when the protos do not know the method
  --tls               TLS for a bare host:port
  --ca-file FILE      trust this CA (PEM) besides the system's
  --insecure          accept an untrusted certificate (an explicit opt-in)
  Messages of a server stream are printed as they arrive, each with its time.

Exit status: 0 when a response arrived (whatever its status), 1 when none did or a script
failed, 2 on bad input, 3 when a gRPC call was refused (disabled, or no descriptors for the
method): nothing was sent.`;

export async function callCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      env: { type: 'string' },
      host: { type: 'string' },
      param: { type: 'string', multiple: true, default: [] },
      header: { type: 'string', multiple: true, default: [] },
      body: { type: 'string' },
      'allow-file': { type: 'string', multiple: true, default: [] },
      out: { type: 'string' },
      raw: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      'no-follow': { type: 'boolean', default: false },
      insecure: { type: 'boolean', default: false },
      reset: { type: 'boolean', default: false },
      'include-tests': { type: 'boolean', default: false },
      message: { type: 'string', multiple: true, default: [] },
      reflection: { type: 'boolean', default: false },
      tls: { type: 'boolean', default: false },
      'ca-file': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(callHelp);
    return 0;
  }
  const named = endpointPositionals('call', positionals, io);
  if (!named) return 2;
  const { wanted, dir } = named;
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 0)) throw new InputError(`--timeout must be a whole number of milliseconds, got '${values.timeout}'`, values.timeout!);

  const warn = (m: string) => io.err(`warning: ${m}`);
  const scanner = new ProjectScanner(dir, { includeTests: values['include-tests'], pathPrefixes: () => pathPrefixesSetting(dir, userConfigDir()) });
  const result = await scanner.scan();
  reportDiagnostics(result.diagnostics, io);
  const picked = pickEndpoint(result.endpoints, wanted, 'calling');
  if (!picked) {
    io.err(noMatchMessage('call', wanted, dir));
    return 2;
  }
  const { endpoint } = picked;
  if (picked.note) io.err(picked.note);
  const module = result.modules.find((m) => m.name === endpoint.module);
  const diagnostics: Diagnostic[] = [];
  // The bundled sample's state goes to the user folder (projectStateDir), never into the package.
  const state = new RequestStateStore({ projectDir: dir, warn });
  const ctx = loadCallContext({ projectDir: dir, endpoint, module, userDir: userConfigDir(process.env), environment: values.env, state, protos: scanner.protoIndex, warn, diagnostics });
  reportDiagnostics(diagnostics, io);
  const { scripts, call: scripted } = endpointScripts(ctx);

  if (endpoint.protocol === 'grpc') {
    const grpcArgs: GrpcCallArgs = { ...values, caFile: values['ca-file'], timeout };
    try {
      return await callGrpc(grpcArgs, ctx, scripted, io);
    } finally {
      scripts.dispose();
    }
  }
  if (values.message.length) throw new InputError('--message is for gRPC endpoints; an HTTP request takes --body', '--message');
  if (values.reset) await state?.reset(endpoint.id);
  const draft = (values.reset ? defaultRequest(ctx) : currentRequest(ctx).draft) as HttpRequestDraft;
  // Files the user named here may be sent from anywhere; a saved request's only from the project.
  const allowedFiles = values['allow-file'].map((f) => resolve(f));
  if (values.host) draft.host = values.host;
  for (const p of values.param) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new InputError(`--param takes NAME=VALUE, got '${p}'`, p);
    const [name, value] = [p.slice(0, eq), p.slice(eq + 1)];
    setParam(draft, name, value);
    // A file part given here is the shell's path (from this folder); saved ones are the project's.
    const part = value.startsWith('@') ? draft.form.find((f) => f.name === name && f.file && f.value === value.slice(1)) : undefined;
    if (part) allowedFiles.push((part.value = shellPath(part.value)));
  }
  for (const h of values.header) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new InputError(`--header takes 'Name: value', got '${h}'`, h);
    setHeader(draft, h.slice(0, colon).trim(), h.slice(colon + 1).trim());
  }
  if (values.body !== undefined) {
    applyBody(draft, values.body, endpoint);
    if (values.body.startsWith('@') && draft.bodyMode === 'file') allowedFiles.push(draft.bodyFile!);
  }
  if (draft.bodyMode === 'file' && !draft.bodyFile?.trim()) throw new InputError('this endpoint takes raw bytes as its body: give the file to send with --body @FILE', '--body');

  // Relative paths of saved file parts and file bodies are read from the project, as Send reads them.
  const prepared = await prepareHttp(ctx, draft, { allowedFiles }).catch((e: unknown) => {
    if (e instanceof FileNotAllowed) e.message = `${e.message}, and a saved request may name any file: nothing was sent; to send it, add --allow-file ${shQuote(e.target)}`;
    throw e;
  });
  for (const name of prepared.unresolved) warn(`no value for the placeholder '${name}' in the environment or the config; sent as written`);
  const caller = new HttpCaller(httpCallOptions(ctx.settings, { timeoutMs: timeout, noFollow: values['no-follow'], insecureHost: values.insecure ? new URL(prepared.url).host : undefined }));
  const cancel = new AbortController();
  const onSigint = () => cancel.abort();
  process.once('SIGINT', onSigint);
  try {
    const { request, response } = await sendHttp(ctx, draft, { caller, signal: cancel.signal, hooks: scripted.hooks }, prepared).catch((e: unknown) => {
      // Whatever this prints may end up in a CI log: the secrets the call knows are masked.
      const secrets = callSecrets({ environment: ctx.environment, projectDir: ctx.projectDir, exchanges: [{ headers: prepared.headers, url: prepared.url }] });
      // A before-script failed: nothing was sent; show what it logged before the error.
      if (e instanceof ScriptError) printScriptLogs(scripted.logs, io, secrets);
      if (e instanceof ScriptError || e instanceof CallError) e.message = maskUserInfo(maskSecrets(e.message, secrets));
      throw e;
    });
    // Known once the after-scripts ran: a token one of them just kept counts.
    const secrets = callSecrets({ environment: ctx.environment, projectDir: ctx.projectDir, exchanges: [{ headers: request.headers, url: request.url }, { headers: response.headers }] });
    try {
      if (values.verbose) io.out(renderSent(request, secrets));
      io.out(renderHead(response, painterFor(io.stdout), secrets));
      io.out('');
      await printBody(response, io, values.out, !values.raw);
    } finally {
      await response.body.dispose();
    }
    printScriptLogs(scripted.logs, io, secrets);
    if (scripted.afterError) {
      io.err(`apiscout call: ${maskSecrets(scripted.afterError.message, secrets)}`);
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', onSigint);
    scripts.dispose();
    await caller.close();
  }
}

/** Script log lines on stderr, every secret value the call knows masked: `console.log(token)` must not reach a CI log. */
function printScriptLogs(logs: readonly ScriptLogLine[], io: CliIO, secrets: readonly string[]): void {
  for (const line of logs) io.err(`[${line.script}] ${line.level}: ${maskSecrets(line.text, secrets)}`);
}

/** A path given on the command line, from this folder; one with a placeholder is filled first, then read from the project. */
function shellPath(path: string): string {
  return /\{\{|\$\{/.test(path) ? path : resolve(path);
}

function applyBody(draft: HttpRequestDraft, arg: string, endpoint: Endpoint): void {
  // A raw-bytes body takes the file as it is: read as UTF-8 text, its bytes (0xFF, a lone CR) changed.
  if (arg.startsWith('@') && draft.bodyMode === 'file') {
    draft.bodyFile = shellPath(arg.slice(1));
    return;
  }
  let text = arg;
  if (arg.startsWith('@')) {
    try {
      text = readFileSync(arg.slice(1), 'utf8');
    } catch (e) {
      throw new InputError(`cannot read the body file ${arg.slice(1)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, arg.slice(1), { cause: e });
    }
  }
  draft.body = text;
  if (draft.bodyMode === 'text') return;
  const declared = endpoint.request?.body?.contentType;
  const looksJson = (() => {
    try {
      JSON.parse(text.replace(/\{\{[^{}]*\}\}|\$\{[^{}]*\}/g, '0'));
      return true;
    } catch {
      return false;
    }
  })();
  draft.bodyMode = looksJson || isJsonType(declared) ? 'json' : 'text';
  if (draft.bodyMode === 'text' && declared) draft.contentType = declared;
}

/**
 * The request as sent, masked as the Request tab masks it (credential headers by name, secret
 * values wherever they are) with no reveal: verbose output ends up in CI logs.
 */
function renderSent(request: SentRequest, secrets: readonly string[]): string {
  const lines = request.redirects.map((r) => `* ${r.status} redirect: ${r.from} -> ${r.to}`);
  if (request.proxy) lines.push(`* via proxy ${request.proxy}`);
  lines.push(`> ${request.method} ${request.url}`);
  const masked = new Set(maskedHeaders(request.headers, secrets));
  for (const [n, v] of request.headers) lines.push(`> ${n}: ${masked.has(n.toLowerCase()) ? maskedHeaderText(n, v) : v}`);
  lines.push(`> (${request.bodySize.toLocaleString('en-US')} bytes of body)`, '');
  return maskUserInfo(maskSecrets(lines.join('\n'), secrets));
}

/** The status line and the headers; credentials handed out (Set-Cookie…) show masked, cookie names and attributes kept. */
function renderHead(response: HttpResponse, paint: ReturnType<typeof painterFor>, secrets: readonly string[]): string {
  const facts = [`${Math.round(response.timings.totalMs)} ms`, `${response.size.toLocaleString('en-US')} bytes`];
  if (response.contentType) facts.push(response.contentType);
  const lines = [`${paint.bold(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)}  ${paint.dim(facts.join(' · '))}`];
  const masked = new Set(maskedResponseHeaders(response.headers, secrets));
  for (const [n, v] of response.headers) lines.push(maskSecrets(`${n}: ${masked.has(n.toLowerCase()) ? maskedHeaderText(n, v) : v}`, secrets));
  return lines.join('\n');
}

async function printBody(response: HttpResponse, io: CliIO, out: string | undefined, pretty: boolean): Promise<void> {
  if (out) {
    let saved: boolean;
    try {
      saved = await response.body.saveTo(out);
    } catch (e) {
      throw new InputError(`cannot write ${out}: ${fsReason(e)}`, out, { cause: e });
    }
    io.out(saved ? `[body saved to ${out}: ${response.size.toLocaleString('en-US')} bytes]` : '[no body to save]');
    return;
  }
  if (response.kind === 'binary') {
    io.out(`[binary body: ${response.contentType ?? 'no content type'}, ${response.size.toLocaleString('en-US')} bytes; save it with --out FILE]`);
    return;
  }
  if (response.size === 0) return;
  io.out((await displayText(response, { pretty })).text);
}

// cURL `.sh` export (spec §4.6): one command per endpoint with the method flag, the URL, a
// header flag per header and a data flag with the body; gRPC endpoints as `grpcurl` commands.
// Placeholders are kept or resolved per the render mode; every word is POSIX-quoted.

import { isAbsolute, join, resolve } from 'node:path';
import { SETTINGS } from '../config/settings';
import type { Endpoint } from '../model/endpoint';
import type { HttpRequestDraft, NameValue } from '../model/request-state';
import { substitute } from '../env/placeholders';
import { createResolver, keepPlaceholders, lookupFor, type Resolver } from './placeholders';
import { BODY_FILE, bodyText, buildTemplate, encodeSegment, fillPath, sentTemplate, type RequestTemplate } from './request-template';
import { hasNul, shQuote } from './shell-quote';
import { anyEnvironmentDefinesHost, GRPC_HOST_VARIABLE, grpcHostDefined, grpcHostPlan, hostPlan } from './host';
import type { HostPlan } from './host';
import { exportOrder, groupBy } from './stable';
import type { CurlOptions, ExportOptions, ExportResult, ScriptedRequest } from './types';
import { describedWithDeprecation } from './deprecation';
import { withAuthRow, authOfExport, alternativesNote, credentialVariables } from './auth';
import { markedKeys, markersAsPlaceholders, markSecretValues, quoteWithSecrets, secretMarker, secretsPreamble, shellSecrets, shortSecretFields, type SecretEncoding, type ShellSecret } from './shell-secrets';

type Resolved = Required<CurlOptions>;

/** The saved defaults of spec §2.6 (core/config/settings.ts), which per-export options override. */
export const CURL_DEFAULTS: Resolved = {
  render: 'keep',
  comments: SETTINGS['curl.format.comments'].default,
  prettyJson: SETTINGS['curl.format.prettyJson'].default,
  multiline: SETTINGS['curl.format.multiline'].default,
  longFlags: SETTINGS['curl.format.longFlags'].default,
  responseExample: SETTINGS['curl.format.responseExample'].default,
};

/** Given options over the defaults; an option passed as `undefined` keeps its default. */
function curlOptions(given: CurlOptions | undefined): Resolved {
  const out = { ...CURL_DEFAULTS };
  for (const [k, v] of Object.entries(given ?? {})) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

export function exportCurl(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const opts = curlOptions(options.curl);
  const ordered = exportOrder(endpoints);
  const hosts = hostPlan(ordered, options);
  const grpcHosts = grpcHostPlan(ordered, options);
  // A written script never holds a secret variable's value: in Resolve mode the shell reads it from
  // the environment; in Keep mode a value a pre-request script wrote goes back to its placeholder.
  const secrets: FileSecrets = { list: shellSecrets(options.environment, credentialVariables(ordered, options.modules)), used: new Set(), asShell: opts.render === 'resolve', encodings: new Set() };
  const resolver = resolverFor(opts, options, hosts, secrets.list);
  const warnings: string[] = [];
  const lines: string[] = ['#!/bin/sh'];
  if (opts.comments) lines.push(`# ${options.title ?? 'API'}: cURL commands exported by apiscout`);
  const preambleAt = lines.length;
  for (const group of groupBy(ordered, (e) => `${e.module} / ${e.folder}`)) {
    if (opts.comments) lines.push('', `# ---------- ${oneLine(group.key)} ----------`);
    for (const e of group.items) {
      lines.push('');
      if (opts.comments) lines.push(...commentLines(e, options));
      lines.push(command(e, opts, options, resolver, warnings, hosts.variableOf(e), grpcHosts, secrets));
      if (opts.responseExample && e.response?.example !== undefined) {
        lines.push('# Response example:', ...JSON.stringify(e.response.example, null, 2).split('\n').map((l) => `#   ${l}`));
      }
    }
  }
  const used = secrets.asShell ? secrets.list.filter((s) => secrets.used.has(s.key)) : [];
  lines.splice(preambleAt, 0, ...secretsPreamble(used, options.environment?.name, opts.comments, secrets.encodings));
  if (used.length) warnings.push(`secret values are not written in api.sh: export ${used.map((s) => s.shell).join(', ')} before running it (${used.map((s) => `{{${s.key}}}`).join(', ')})`);
  warnings.unshift(...missingWarnings(resolver));
  const path = 'api.sh';
  return {
    files: [{ path, content: `${lines.join('\n')}\n` }],
    summary: { channel: 'curl', selected: endpoints.length, exported: ordered.length, skipped: [], warnings, files: [path] },
  };
}

/** Copy as cURL (spec §4.4): the command alone, with the saved (or given) formatting options; `hosts`: the plan of all endpoints copied together. */
export function curlCommand(endpoint: Endpoint, options: ExportOptions = {}, hosts: HostPlan = hostPlan([endpoint], options)): { text: string; warnings: string[] } {
  const opts = curlOptions(options.curl);
  const resolver = resolverFor(opts, options, hosts);
  const warnings: string[] = [];
  const text = command(endpoint, opts, options, resolver, warnings, hosts.variableOf(endpoint));
  return { text, warnings: [...missingWarnings(resolver), ...warnings] };
}

/**
 * Resolve fills a host variable that neither the environment nor the config defines with where
 * the application listens (each module's own address with a variable per module), as Send and
 * the `.http` file's `@host` do: left as `{{host}}`, the command could not run. A saved draft
 * (no plan) names its own host.
 */
function resolverFor(opts: Resolved, options: ExportOptions, hosts?: HostPlan, secrets: readonly ShellSecret[] = []): Resolver {
  if (opts.render !== 'resolve') return keepPlaceholders;
  const lookup = lookupFor(options.environment, options.lookup);
  const own = new Map((hosts?.variables ?? []).map((v) => [v.name, v.value]));
  const secret = new Set(secrets.map((s) => s.key));
  if (!secret.size) return createResolver((name) => lookup(name) ?? own.get(name));
  // A variable (or config value) whose value names a secret (`trace = id {{token}}`) resolves that
  // reference to the secret's marker too: found by where it is, not by its value, so a secret of
  // any length is caught (markSecretValues skips values under four characters).
  const environment = new Map((options.environment?.variables ?? []).filter((v) => !(v.secret && v.value === '')).map((v) => [v.key, v.value]));
  const resolve = (name: string, seen: ReadonlySet<string>): string | undefined => {
    if (secret.has(name)) return secretMarker(name);
    const value = environment.get(name) ?? options.config?.(name);
    if (value === undefined || seen.has(name) || !/\{\{|\$\{/.test(value)) return lookup(name) ?? own.get(name);
    const inner = new Set(seen).add(name);
    return substitute(value, (n) => resolve(n, inner));
  };
  return createResolver((name) => resolve(name, new Set()));
}

/** The secret variables a written script reads from the shell's environment (asShell; else writes as placeholders), and those its commands used. */
interface FileSecrets {
  list: readonly ShellSecret[];
  used: Set<string>;
  asShell: boolean;
  /** The encodings the written references use: the script defines their shell functions. */
  encodings: Set<SecretEncoding>;
}

function missingWarnings(resolver: Resolver): string[] {
  return resolver.missing.map((name) => `no value for placeholder '${name}' in the environment or the config: left as written`);
}

function commentLines(e: Endpoint, options: ExportOptions): string[] {
  const out = [`# ${oneLine(e.name)}`];
  const description = describedWithDeprecation(e, alternativesNote(authOfExport(e, options)));
  if (description) out.push(...description.split('\n').map((l) => `# ${l}`.trimEnd()));
  out.push(`# ${e.address}`);
  return out;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}

function command(e: Endpoint, opts: Resolved, options: ExportOptions, r: Resolver, warnings: string[], hostVar = options.hostVariable ?? 'host', grpcHosts = grpcHostPlan([e], options), secrets?: FileSecrets): string {
  const host = r.text(`{{${hostVar}}}`);
  const scripted = e.protocol === 'http' ? options.scripted?.get(e.id) : undefined;
  const words =
    e.protocol === 'grpc'
      ? grpcurlWords(e, opts, options, grpcTarget(e, options, r, grpcHosts), r)
      : scripted
        ? scriptedWords(scripted, sentTemplateOf(e, options), opts, r)
        : curlWords(sentTemplateOf(e, options), opts, host, r);
  // Basic and Digest credentials are curl's to encode or answer: `[--digest] -u user:password`, right after the URL.
  const auth = authOfExport(e, options);
  if (auth?.kind === 'basic' || auth?.kind === 'digest') insertUser(words, { scheme: auth.kind, variables: [auth.user, auth.password] }, opts, r);
  const strip = (w: string) => {
    if (!hasNul(w)) return w;
    warnings.push(`${e.address}: a NUL character cannot be passed to a command; it was left out`);
    return w.replace(/\0/g, '');
  };
  const safe = words.map((w): Word => (typeof w === 'string' ? strip(w) : [w[0], strip(w[1])]));
  if (!secrets?.list.length) return joinWords(safe, opts.multiline);
  if (scripted) for (const key of shortSecretFields(scripted, secrets.list)) warnings.push(`${e.address}: a pre-request script left a field equal to the value of {{${key}}}, shorter than 4 characters: such a value cannot be told from other text, so api.sh may hold it as it is`);
  const marked = safe.map((w): Word => (typeof w === 'string' ? markSecretValues(w, secrets.list) : [w[0], markSecretValues(w[1], secrets.list)]));
  for (const w of marked) for (const key of markedKeys(typeof w === 'string' ? w : w[1])) secrets.used.add(key);
  if (secrets.asShell) return joinWords(marked, opts.multiline, secrets.list, secretEncodings(marked), secrets.encodings);
  return joinWords(marked.map((w): Word => (typeof w === 'string' ? markersAsPlaceholders(w) : [w[0], markersAsPlaceholders(w[1])])), opts.multiline);
}

/** Words grouped per flag: [flag, value] pairs stay on one line in multi-line mode. */
type Word = string | [string, string];

/** A Basic or Digest credential as its two variables (user, password), for curl's `-u`. */
export interface UserCredential {
  scheme: 'basic' | 'digest';
  variables: readonly [string, string];
}

/** `-u user:password` (after `--digest` for Digest, which curl answers itself) right after the URL. */
function insertUser(words: Word[], user: UserCredential, opts: Resolved, r: Resolver): void {
  const at = words.findIndex((w) => typeof w === 'string' && w !== 'curl' && !w.startsWith('-')) + 1;
  const flag: Word = [opts.longFlags ? '--user' : '-u', `${r.text(`{{${user.variables[0]}}}`)}:${r.text(`{{${user.variables[1]}}}`)}`];
  words.splice(at, 0, ...(user.scheme === 'digest' ? ['--digest', flag] : [flag]));
}

/** What the command sends: the template's sent rows and the endpoint's credential (auth.ts). */
function sentTemplateOf(e: Endpoint, options: ExportOptions): RequestTemplate {
  return withAuthRow(sentTemplate(buildTemplate(e, options.modules)), authOfExport(e, options));
}

function joinWords(words: Word[], multiline: boolean, secrets: readonly ShellSecret[] = [], encodings: ReadonlyArray<SecretEncoding | ((at: number) => SecretEncoding)> = [], used?: Set<SecretEncoding>): string {
  const quote = (w: string, i: number) => (secrets.length ? quoteWithSecrets(w, secrets, shQuote, encodings[i], used) : shQuote(w));
  const rendered = words.map((w, i) => (typeof w === 'string' ? quote(w, i) : `${w[0]} ${quote(w[1], i)}`));
  return rendered.join(multiline ? ' \\\n  ' : ' ');
}

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw']);

/**
 * What a secret in each word stands for, so the script encodes the value it reads where it
 * lands: in curl's URL percent-encoded past the origin (a secret host stays as it is); in a data
 * word JSON-escaped for a JSON body, percent-encoded for a form (curl's default for -d), as it
 * is for other text; elsewhere (headers, cookies, `--data-urlencode` and `--form-string`, which
 * curl takes literally) as it is.
 */
function secretEncodings(words: readonly Word[]): Array<SecretEncoding | ((at: number) => SecretEncoding)> {
  const curl = words[0] === 'curl';
  const typeHeader = words.find((w): w is [string, string] => typeof w !== 'string' && (w[0] === '-H' || w[0] === '--header') && /^content-type\s*:/i.test(w[1]));
  const type = typeHeader?.[1].replace(/^[^:]*:\s*/, '').toLowerCase();
  return words.map((w): SecretEncoding | ((at: number) => SecretEncoding) => {
    if (typeof w === 'string') {
      if (!curl || w === 'curl' || w.startsWith('-')) return 'raw';
      const path = pathStart(w);
      return (at) => (at < path ? 'raw' : 'url');
    }
    if (!DATA_FLAGS.has(w[0])) return 'raw';
    // grpcurl's -d and a body sent without a Content-Type are read by their text.
    if (type === undefined) return isJsonText(w[1]) ? 'json' : curl ? 'url' : 'raw';
    return /[/+]json\b/.test(type) ? 'json' : type.startsWith('application/x-www-form-urlencoded') ? 'url' : 'raw';
  });
}

/** Where a URL's path (or query) starts: after `scheme://authority`, or after a leading host variable's marker. */
function pathStart(url: string): number {
  const authority = url.indexOf('://');
  const from = authority >= 0 ? authority + 3 : 0;
  const at = url.slice(from).search(/[/?#]/);
  return at < 0 ? url.length : from + at;
}

function curlWords(t: RequestTemplate, opts: Resolved, host: string, r: Resolver): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  const words = requestLineWords(t.method, urlOf(t, host, r), opts);
  for (const h of t.headers) words.push([flag('-H', '--header'), `${r.text(h.name)}: ${r.text(h.value)}`]);
  if (t.cookies.length) words.push([flag('-b', '--cookie'), cookieText(t, r)]);
  return [...words, ...bodyWords(t, opts, r)];
}

function requestLineWords(method: string, url: string, opts: Resolved): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  const words: Word[] = ['curl'];
  // HEAD must be --head: `-X HEAD` makes curl wait for a body that never comes.
  if (method === 'HEAD') words.push(flag('-I', '--head'));
  else words.push([flag('-X', '--request'), method]);
  // curl's URL globbing would read `{…}` and `[…]` as patterns.
  if (/[{}[\]]/.test(url)) words.push(flag('-g', '--globoff'));
  words.push(url);
  return words;
}

function urlOf(t: RequestTemplate, host: string, r: Resolver): string {
  const path = fillPath(t.parts, (name) => encodeSegment(r.text(t.pathParams.find((p) => p.name === name)?.value ?? name)));
  const query = t.query.map((q) => `${encodeSegment(r.text(q.name))}=${encodeSegment(r.text(q.value))}`).join('&');
  return `${host}${path}${query ? `?${query}` : ''}`;
}

function cookieText(t: RequestTemplate, r: Resolver): string {
  return t.cookies.map((c) => `${r.text(c.name)}=${r.text(c.value)}`).join('; ');
}

function bodyWords(t: RequestTemplate, opts: Resolved, r: Resolver): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  const body = t.body;
  if (body?.kind === 'json') return [dataFlag(bodyText({ ...body, value: r.json(body.value) }, opts.prettyJson), opts)];
  if (body?.kind === 'text') return [dataFlag(r.text(body.text), opts)];
  if (body?.kind === 'urlencoded') return body.fields.map((f): Word => ['--data-urlencode', `${r.text(f.name)}=${r.text(f.value)}`]);
  // --form-string takes the value literally; -F would read `@` and `<` as file references.
  if (body?.kind === 'multipart') return body.fields.map((f): Word => (f.file ? [flag('-F', '--form'), `${f.name}=@${f.value}`] : ['--form-string', `${r.text(f.name)}=${r.text(f.value)}`]));
  // The bytes as they are in the file: -d would drop its newlines and carriage returns.
  if (body?.kind === 'file') return [['--data-binary', `@${body.file}`]];
  return [];
}

/** The body as one text, the way a script sees it; null for multipart, a file body (and no body). */
function bodyAsText(t: RequestTemplate, opts: Resolved, r: Resolver): string | null {
  const body = t.body;
  if (body?.kind === 'json') return bodyText({ ...body, value: r.json(body.value) }, opts.prettyJson);
  if (body?.kind === 'text') return r.text(body.text);
  if (body?.kind === 'urlencoded') return body.fields.map((f) => `${encodeURIComponent(r.text(f.name))}=${encodeURIComponent(r.text(f.value))}`).join('&');
  return null;
}

/**
 * The request of an HTTP endpoint as pre-request scripts see it (spec §4.6.6): method, URL,
 * headers (cookies as a Cookie header) and body, rendered with the export's options. `hosts`: the
 * plan of the whole batch (hostPlan), so the URL is the one the export writes.
 */
export function scriptedRequestOf(e: Endpoint, options: ExportOptions = {}, hosts: HostPlan = hostPlan([e], options)): ScriptedRequest {
  const opts = curlOptions(options.curl);
  const r = resolverFor(opts, options, hosts);
  const t = sentTemplateOf(e, options);
  const host = r.text(`{{${hosts.variableOf(e)}}}`);
  const headers = t.headers.map((h) => ({ name: r.text(h.name), value: r.text(h.value) }));
  if (t.cookies.length) headers.push({ name: 'Cookie', value: cookieText(t, r) });
  return { method: t.method, url: urlOf(t, host, r), headers, body: bodyAsText(t, opts, r) };
}

function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** A command from the scripted request; an unchanged (or unseen multipart or file) body keeps its own flags. */
function scriptedWords(s: ScriptedRequest, t: RequestTemplate, opts: Resolved, r: Resolver): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  // Placeholders a script wrote (`Bearer {{token}}`) go through the render mode like the source's:
  // resolved, or named in the summary when nothing has a value for them.
  const words = requestLineWords(s.method.toUpperCase(), r.text(s.url), opts);
  for (const h of s.headers) words.push([flag('-H', '--header'), `${r.text(h.name)}: ${r.text(h.value)}`]);
  const original = bodyAsText(t, opts, r);
  if (s.body === original || (s.body === null && (t.body?.kind === 'multipart' || t.body?.kind === 'file'))) words.push(...bodyWords(t, opts, r));
  else if (s.body !== null && s.body !== '') words.push(dataFlag(isJsonText(s.body) ? r.jsonText(s.body) : r.text(s.body), opts));
  return words;
}

/** `-d` reads a leading `@` as a file name; `--data-raw` never does. */
function dataFlag(data: string, opts: Resolved): Word {
  if (data.startsWith('@')) return ['--data-raw', data];
  return [opts.longFlags ? '--data' : '-d', data];
}

/**
 * Where a grpcurl command goes, as a gRPC call and the `.http` export take it: the `grpcHost`
 * variable where an environment defines it (resolved or kept as the render mode says), else the
 * application's own gRPC address (`localhost:<grpc.server.port>`), the method's module's own
 * when the exported modules listen on different ports (grpcHostPlan). Never the HTTP host: the
 * gRPC server listens on a port of its own.
 */
function grpcTarget(e: Endpoint, options: ExportOptions, r: Resolver, plan: HostPlan): string {
  if (grpcHostDefined(options)) return r.text(`{{${GRPC_HOST_VARIABLE}}}`);
  const name = plan.variableOf(e);
  if (plan.perModule && anyEnvironmentDefinesHost(options, name)) return r.text(`{{${name}}}`);
  return plan.variables.find((v) => v.name === name)?.value ?? options.defaultGrpcHost ?? 'localhost:9090';
}

function grpcurlWords(e: Endpoint, opts: Resolved, options: ExportOptions, host: string, r: Resolver): Word[] {
  const words: Word[] = ['grpcurl'];
  const target = host.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!host.startsWith('https://')) words.push('-plaintext');
  const proto = e.grpc?.protoFile;
  // Without the .proto, grpcurl asks the server through reflection. With it, the include roots
  // go first and the file is named relative to its own root, so its imports of sibling protos
  // resolve as protoc resolves them. The roots are under the project folder when the export knows
  // it (the script then runs from anywhere), else relative to the folder it is run from.
  if (proto) {
    const roots = e.grpc?.importPaths ?? [];
    const base = options.projectDir;
    for (const root of roots) words.push(['-import-path', base ? join(base, root) : root || '.']);
    const own = roots.find((root) => root === '' || proto.startsWith(`${root}/`));
    words.push(['-proto', own === undefined || own === '' ? proto : proto.slice(own.length + 1)]);
  }
  for (const p of e.request?.params ?? []) {
    if (p.in === 'header') words.push(['-H', `${r.text(p.name)}: ${r.text(String(p.example ?? p.default ?? ''))}`]);
  }
  const body = e.request?.body;
  words.push(['-d', JSON.stringify(r.json(body?.example ?? {}), null, opts.prettyJson ? 2 : undefined)]);
  words.push(target, e.path.replace(/^\//, ''));
  return words;
}

// ---------------------------------------------------------------- Copy as cURL from saved edits

const sent = <T extends NameValue>(row: T): boolean => row.enabled !== false && row.name !== '';

/**
 * Copy as cURL of a request as the developer edited it (spec §2.6 "Copy as cURL source": edited):
 * the draft's host, path, enabled rows and body, with the export's formatting and render mode.
 * `scripted`: the request as the pre-request scripts left it (see scriptedRequestOfDraft);
 * `user`: a Basic or Digest credential to add (copy.ts credentialDraft).
 */
export function draftCurlCommand(draft: HttpRequestDraft, options: ExportOptions = {}, scripted?: ScriptedRequest, user?: UserCredential): { text: string; warnings: string[] } {
  const opts = curlOptions(options.curl);
  const r = resolverFor(opts, options);
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  let words: Word[];
  if (scripted) {
    words = requestLineWords(scripted.method.toUpperCase(), scripted.url, opts);
    for (const h of scripted.headers) words.push([flag('-H', '--header'), `${h.name}: ${h.value}`]);
    const original = draftBodyText(draft, opts, r);
    if (scripted.body === original || (scripted.body === null && (draft.bodyMode === 'multipart' || draft.bodyMode === 'file'))) words.push(...draftBodyWords(draft, opts, r, options.projectDir));
    else if (scripted.body !== null && scripted.body !== '') words.push(dataFlag(scripted.body, opts));
  } else {
    words = requestLineWords(r.text(draft.method).toUpperCase(), draftUrl(draft, r), opts);
    for (const h of draftHeaders(draft, r)) words.push([flag('-H', '--header'), `${h.name}: ${h.value}`]);
    const cookies = draft.cookies.filter(sent);
    if (cookies.length) words.push([flag('-b', '--cookie'), cookies.map((c) => `${r.text(c.name)}=${r.text(c.value)}`).join('; ')]);
    words.push(...draftBodyWords(draft, opts, r, options.projectDir));
  }
  // The endpoint's Basic or Digest credential (send-auth.ts): curl's to encode or answer, after the URL, as `command` writes it.
  if (user) insertUser(words, user, opts, r);
  const warnings: string[] = [];
  const safe = words.map((w): Word => {
    const strip = (s: string) => (hasNul(s) ? (warnings.push(`${draft.method} ${draft.path}: a NUL character cannot be passed to a command; it was left out`), s.replace(/\0/g, '')) : s);
    return typeof w === 'string' ? strip(w) : [w[0], strip(w[1])];
  });
  return { text: joinWords(safe, opts.multiline), warnings: [...missingWarnings(r), ...new Set(warnings)] };
}

/** An edited request as pre-request scripts see it: like scriptedRequestOf, from the draft. */
export function scriptedRequestOfDraft(draft: HttpRequestDraft, options: ExportOptions = {}): ScriptedRequest {
  const opts = curlOptions(options.curl);
  const r = resolverFor(opts, options);
  const headers = draftHeaders(draft, r);
  const cookies = draft.cookies.filter(sent);
  if (cookies.length) headers.push({ name: 'Cookie', value: cookies.map((c) => `${r.text(c.name)}=${r.text(c.value)}`).join('; ') });
  return { method: r.text(draft.method).toUpperCase(), url: draftUrl(draft, r), headers, body: draftBodyText(draft, opts, r) };
}

function draftUrl(d: HttpRequestDraft, r: Resolver): string {
  const values = new Map(d.pathParams.map((p) => [p.name, p.value]));
  // A path parameter without a value stays `{name}`, as the template shows it.
  const path = r.text(d.path).replace(/\$?\{([^{}/]+)\}/g, (whole, name: string) => (values.get(name) ? encodeSegment(r.text(values.get(name)!)) : whole));
  const query = d.query
    .filter(sent)
    .map((q) => `${encodeSegment(r.text(q.name))}=${encodeSegment(r.text(q.value))}`)
    .join('&');
  const host = r.text(d.host).trim().replace(/\/+$/, '');
  return `${host}${path.startsWith('/') ? path : `/${path}`}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
}

/** Enabled headers, then the body's Content-Type when none is set (as the caller sends it). */
function draftHeaders(d: HttpRequestDraft, r: Resolver): { name: string; value: string }[] {
  const headers = d.headers.filter(sent).map((h) => ({ name: r.text(h.name), value: r.text(h.value) }));
  const type = d.bodyMode === 'json' ? (d.contentType ?? 'application/json') : d.bodyMode === 'text' ? (d.contentType ?? 'text/plain;charset=UTF-8') : d.bodyMode === 'file' ? (d.contentType ?? 'application/octet-stream') : undefined;
  if (type && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: type });
  return headers;
}

function draftJson(d: HttpRequestDraft, opts: Resolved, r: Resolver): string {
  const text = r.jsonText(d.body);
  if (opts.prettyJson) return text;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text; // not JSON (yet): as edited
  }
}

function draftBodyWords(d: HttpRequestDraft, opts: Resolved, r: Resolver, projectDir: string | undefined): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  const file = (path: string) => filePath(r.text(path), projectDir);
  const form = d.form.filter(sent);
  switch (d.bodyMode) {
    case 'json':
      return d.body === '' ? [] : [dataFlag(draftJson(d, opts, r), opts)];
    case 'text':
      return d.body === '' ? [] : [dataFlag(r.text(d.body), opts)];
    case 'urlencoded':
      return form.map((f): Word => ['--data-urlencode', `${r.text(f.name)}=${r.text(f.value)}`]);
    case 'multipart':
      return form.map((f): Word => (f.file ? [flag('-F', '--form'), `${r.text(f.name)}=@${file(f.value)}`] : ['--form-string', `${r.text(f.name)}=${r.text(f.value)}`]));
    case 'file':
      // The file's bytes as they are: -d would drop its newlines and carriage returns.
      // No file chosen yet: the export's placeholder name, as Copy as cURL from source writes it.
      return [['--data-binary', `@${d.bodyFile ? file(d.bodyFile) : BODY_FILE}`]];
    case 'none':
      return [];
  }
}

/**
 * A file Send reads relative to the project folder, made absolute: the command then reads the same
 * file from whatever folder it runs in. One still holding a placeholder is left for its user to fill.
 */
function filePath(path: string, projectDir: string | undefined): string {
  if (!projectDir || path === '' || isAbsolute(path) || /\{\{|\$\{/.test(path)) return path;
  return resolve(projectDir, path);
}

function draftBodyText(d: HttpRequestDraft, opts: Resolved, r: Resolver): string | null {
  if (d.bodyMode === 'json') return d.body === '' ? null : draftJson(d, opts, r);
  if (d.bodyMode === 'text') return d.body === '' ? null : r.text(d.body);
  if (d.bodyMode === 'urlencoded') {
    return d.form
      .filter(sent)
      .map((f) => `${encodeURIComponent(r.text(f.name))}=${encodeURIComponent(r.text(f.value))}`)
      .join('&');
  }
  return null;
}

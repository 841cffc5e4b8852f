// cURL `.sh` export (spec §4.6): one command per endpoint with the method flag, the URL, a
// header flag per header and a data flag with the body; gRPC endpoints as `grpcurl` commands.
// Placeholders are kept or resolved per the render mode; every word is POSIX-quoted.

import { SETTINGS } from '../config/settings';
import type { Endpoint } from '../model/endpoint';
import { createResolver, keepPlaceholders, lookupFor, type Resolver } from './placeholders';
import { bodyText, buildTemplate, encodeSegment, fillPath, type RequestTemplate } from './request-template';
import { hasNul, shQuote } from './shell-quote';
import { exportOrder, groupBy } from './stable';
import type { CurlOptions, ExportOptions, ExportResult } from './types';

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
  const resolver = resolverFor(opts, options);
  const warnings: string[] = [];
  const lines: string[] = ['#!/bin/sh'];
  if (opts.comments) lines.push(`# ${options.title ?? 'API'}: cURL commands exported by apiscout`);
  const ordered = exportOrder(endpoints);
  for (const group of groupBy(ordered, (e) => `${e.module} / ${e.folder}`)) {
    if (opts.comments) lines.push('', `# ---------- ${oneLine(group.key)} ----------`);
    for (const e of group.items) {
      lines.push('');
      if (opts.comments) lines.push(...commentLines(e));
      lines.push(command(e, opts, options, resolver, warnings));
      if (opts.responseExample && e.response?.example !== undefined) {
        lines.push('# Response example:', ...JSON.stringify(e.response.example, null, 2).split('\n').map((l) => `#   ${l}`));
      }
    }
  }
  warnings.unshift(...missingWarnings(resolver));
  const path = 'api.sh';
  return {
    files: [{ path, content: `${lines.join('\n')}\n` }],
    summary: { channel: 'curl', selected: endpoints.length, exported: ordered.length, skipped: [], warnings, files: [path] },
  };
}

/** Copy as cURL (spec §4.4): the command alone, with the saved (or given) formatting options. */
export function curlCommand(endpoint: Endpoint, options: ExportOptions = {}): { text: string; warnings: string[] } {
  const opts = curlOptions(options.curl);
  const resolver = resolverFor(opts, options);
  const warnings: string[] = [];
  const text = command(endpoint, opts, options, resolver, warnings);
  return { text, warnings: [...missingWarnings(resolver), ...warnings] };
}

function resolverFor(opts: Resolved, options: ExportOptions): Resolver {
  return opts.render === 'resolve' ? createResolver(lookupFor(options.environment, options.lookup)) : keepPlaceholders;
}

function missingWarnings(resolver: Resolver): string[] {
  return resolver.missing.map((name) => `no value for placeholder '${name}' in the environment or the config: left as written`);
}

function commentLines(e: Endpoint): string[] {
  const out = [`# ${oneLine(e.name)}`];
  if (e.description) out.push(...e.description.split('\n').map((l) => `# ${l}`.trimEnd()));
  out.push(`# ${e.address}`);
  return out;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}

function command(e: Endpoint, opts: Resolved, options: ExportOptions, r: Resolver, warnings: string[]): string {
  const host = r.text(`{{${options.hostVariable ?? 'host'}}}`);
  const words = e.protocol === 'grpc' ? grpcurlWords(e, opts, host, r) : curlWords(buildTemplate(e, options.modules), opts, host, r);
  const strip = (w: string) => {
    if (!hasNul(w)) return w;
    warnings.push(`${e.address}: a NUL character cannot be passed to a command; it was left out`);
    return w.replace(/\0/g, '');
  };
  const safe = words.map((w): Word => (typeof w === 'string' ? strip(w) : [w[0], strip(w[1])]));
  return joinWords(safe, opts.multiline);
}

/** Words grouped per flag: [flag, value] pairs stay on one line in multi-line mode. */
type Word = string | [string, string];

function joinWords(words: Word[], multiline: boolean): string {
  const rendered = words.map((w) => (typeof w === 'string' ? shQuote(w) : `${w[0]} ${shQuote(w[1])}`));
  return rendered.join(multiline ? ' \\\n  ' : ' ');
}

function curlWords(t: RequestTemplate, opts: Resolved, host: string, r: Resolver): Word[] {
  const flag = (short: string, long: string) => (opts.longFlags ? long : short);
  const path = fillPath(t.parts, (name) => encodeSegment(r.text(t.pathParams.find((p) => p.name === name)?.value ?? name)));
  const query = t.query.map((q) => `${encodeSegment(r.text(q.name))}=${encodeSegment(r.text(q.value))}`).join('&');
  const url = `${host}${path}${query ? `?${query}` : ''}`;
  const words: Word[] = ['curl'];
  // HEAD must be --head: `-X HEAD` makes curl wait for a body that never comes.
  if (t.method === 'HEAD') words.push(flag('-I', '--head'));
  else words.push([flag('-X', '--request'), t.method]);
  // curl's URL globbing would read `{…}` and `[…]` as patterns.
  if (/[{}[\]]/.test(url)) words.push(flag('-g', '--globoff'));
  words.push(url);
  for (const h of t.headers) words.push([flag('-H', '--header'), `${r.text(h.name)}: ${r.text(h.value)}`]);
  if (t.cookies.length) words.push([flag('-b', '--cookie'), t.cookies.map((c) => `${r.text(c.name)}=${r.text(c.value)}`).join('; ')]);
  const body = t.body;
  if (body?.kind === 'json') {
    words.push(dataFlag(bodyText({ ...body, value: r.json(body.value) }, opts.prettyJson), opts));
  } else if (body?.kind === 'text') {
    words.push(dataFlag(r.text(body.text), opts));
  } else if (body?.kind === 'urlencoded') {
    for (const f of body.fields) words.push(['--data-urlencode', `${r.text(f.name)}=${r.text(f.value)}`]);
  } else if (body?.kind === 'multipart') {
    // --form-string takes the value literally; -F would read `@` and `<` as file references.
    for (const f of body.fields) words.push(f.file ? [flag('-F', '--form'), `${f.name}=@${f.value}`] : ['--form-string', `${r.text(f.name)}=${r.text(f.value)}`]);
  }
  return words;
}

/** `-d` reads a leading `@` as a file name; `--data-raw` never does. */
function dataFlag(data: string, opts: Resolved): Word {
  if (data.startsWith('@')) return ['--data-raw', data];
  return [opts.longFlags ? '--data' : '-d', data];
}

function grpcurlWords(e: Endpoint, opts: Resolved, host: string, r: Resolver): Word[] {
  const words: Word[] = ['grpcurl'];
  const target = host.replace(/^https?:\/\//, '').replace(/\/+$/, '');
  if (!host.startsWith('https://')) words.push('-plaintext');
  const proto = e.grpc?.protoFile;
  // Without the .proto, grpcurl asks the server through reflection.
  if (proto) words.push(['-proto', proto]);
  for (const p of e.request?.params ?? []) {
    if (p.in === 'header') words.push(['-H', `${r.text(p.name)}: ${r.text(String(p.example ?? p.default ?? ''))}`]);
  }
  const body = e.request?.body;
  words.push(['-d', JSON.stringify(r.json(body?.example ?? {}), null, opts.prettyJson ? 2 : undefined)]);
  words.push(target, e.path.replace(/^\//, ''));
  return words;
}

// A real HTTP server on 127.0.0.1 for the export tests: it knows the endpoints and checks every
// request it receives against the model (method, path, query, headers, cookies, body), so a
// consumer running an export proves the export says what the model says. Expectations are read
// from the model directly (example, else default), not from the exporters' request template.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { Endpoint, ModuleSummary } from '../../core/model/endpoint';
import type { Param } from '../../core/model/request';

export interface Received {
  /** The endpoint the request was matched to; undefined when none matched. */
  endpoint?: Endpoint;
  method: string;
  url: string;
  body: Buffer;
  problems: string[];
}

export interface RecordingServer {
  url: string;
  received: Received[];
  /** Problems of all requests, plus endpoints never called or called more than once. */
  verify(expected: readonly Endpoint[]): string[];
  reset(): void;
  close(): Promise<void>;
}

export interface ServerOptions {
  modules?: readonly ModuleSummary[];
  /** Fills placeholders the way the export under test was told to (resolve mode). */
  resolve?: (text: string) => string;
  /** Per endpoint id, the exact body bytes expected (cURL: byte-identical bodies). */
  exactBodies?: Map<string, string>;
  /** The bytes every multipart file part must carry. */
  upload?: { name: string; content: Buffer };
  /** The bytes every raw binary body (`format: binary`, no example) must be. */
  rawUpload?: { name: string; content: Buffer };
}

export async function startRecordingServer(endpoints: readonly Endpoint[], options: ServerOptions = {}): Promise<RecordingServer> {
  const routes = endpoints
    .filter((e) => e.protocol === 'http')
    .map((e) => {
      const base = (() => {
        const m = options.modules?.find((x) => x.name === e.module);
        return `${m?.contextPath ?? ''}${m?.servletPath ?? ''}`;
      })();
      const names: string[] = [];
      const source = `${base}${e.path}`
        .split(/(\{[^{}/]+\})/)
        .map((part) => {
          const m = /^\{([^{}/]+)\}$/.exec(part);
          if (m) {
            names.push(m[1]!);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { endpoint: e, method: e.method === 'ALL' ? 'GET' : e.method, regex: new RegExp(`^${source}$`), names };
    })
    // As Spring does: a literal segment (`/products/count`) wins over a template (`/products/{id}`).
    .sort((a, b) => a.names.length - b.names.length);
  const received: Received[] = [];
  const resolve = options.resolve ?? ((t: string) => t);

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes.find((r) => r.method === req.method && r.regex.test(url.pathname));
    const record: Received = { endpoint: route?.endpoint, method: req.method ?? '', url: req.url ?? '', body, problems: [] };
    received.push(record);
    if (!route) {
      record.problems.push(`no endpoint for ${req.method} ${req.url}`);
      res.writeHead(404).end();
      return;
    }
    const e = route.endpoint;
    const problem = (p: string) => record.problems.push(`${e.address}: ${p}`);
    const values = route.regex.exec(url.pathname)!.slice(1);
    route.names.forEach((name, i) => {
      const want = paramValues(e, 'path', name, resolve)[0] ?? name;
      const got = decodeURIComponent(values[i]!);
      if (got !== want) problem(`path parameter ${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    });
    for (const p of params(e, 'query')) {
      const want = paramValues(e, 'query', p.name, resolve);
      const got = url.searchParams.getAll(p.name);
      if (!isDeepStrictEqual(got, want)) problem(`query ${p.name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
    for (const p of params(e, 'header')) {
      const values = paramValues(e, 'header', p.name, resolve);
      const want = values.length ? values.join(', ') : undefined;
      const got = req.headers[p.name.toLowerCase()];
      if (got !== want) problem(`header ${p.name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    }
    const cookies = parseCookies(req);
    for (const p of params(e, 'cookie')) {
      const want = paramValues(e, 'cookie', p.name, resolve)[0];
      if (cookies.get(p.name) !== want) problem(`cookie ${p.name}: got ${JSON.stringify(cookies.get(p.name))}, want ${JSON.stringify(want)}`);
    }
    await checkBody(e, req, body, resolve, options, problem);
    const example = e.response?.example;
    const json = example === undefined || typeof example !== 'string';
    res.writeHead(200, { 'content-type': json ? 'application/json' : 'text/plain' });
    res.end(req.method === 'HEAD' ? undefined : json ? JSON.stringify(example ?? {}) : example);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    received,
    verify(expected) {
      const problems = received.flatMap((r) => r.problems);
      for (const e of expected.filter((x) => x.protocol === 'http')) {
        const n = received.filter((r) => r.endpoint === e).length;
        if (n !== 1) problems.push(`${e.address}: received ${n} times, want once`);
      }
      return problems;
    },
    reset() {
      received.length = 0;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

function params(e: Endpoint, location: Param['in']): Param[] {
  return (e.request?.params ?? []).filter((p) => p.in === location);
}

function paramValues(e: Endpoint, location: Param['in'], name: string, resolve: (t: string) => string): string[] {
  const p = params(e, location).find((x) => x.name === name);
  if (!p) return [];
  // The value policy: a declared default is sent; an optional parameter without one is not sent;
  // a required one carries its example.
  if (location !== 'path' && !p.required && p.default === undefined) return [];
  const v = p.default !== undefined ? p.default : p.example;
  const list = Array.isArray(v) ? v : [v];
  return list.map((x) => resolve(typeof x === 'string' ? x : x === undefined || x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x)));
}

function parseCookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return out;
}

function resolveJson(v: unknown, resolve: (t: string) => string): unknown {
  if (typeof v === 'string') return resolve(v);
  if (Array.isArray(v)) return v.map((x) => resolveJson(x, resolve));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [resolve(k), resolveJson(x, resolve)]));
  return v;
}

async function checkBody(e: Endpoint, req: IncomingMessage, body: Buffer, resolve: (t: string) => string, options: ServerOptions, problem: (p: string) => void): Promise<void> {
  const form = params(e, 'form');
  const declared = e.request?.body;
  const exact = options.exactBodies?.get(e.id);
  const contentType = req.headers['content-type'] ?? '';
  if (form.length && contentType.startsWith('multipart/form-data')) {
    let data: FormData;
    try {
      data = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch (err) {
      return problem(`multipart body does not parse: ${(err as Error).message}`);
    }
    for (const p of form) {
      const got = data.getAll(p.name);
      if (p.file) {
        const part = got[0];
        if (got.length !== 1 || typeof part === 'string' || !part) return problem(`file part ${p.name}: got ${got.length} non-file value(s)`);
        const bytes = Buffer.from(await part.arrayBuffer());
        if (options.upload && !bytes.equals(options.upload.content)) problem(`file part ${p.name}: content differs (${bytes.length} bytes)`);
      } else {
        const want = paramValues(e, 'form', p.name, resolve);
        if (!isDeepStrictEqual(got, want)) problem(`form field ${p.name}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
      }
    }
    return;
  }
  if (form.length) {
    if (form.some((p) => p.file) || (e.request?.consumes ?? []).some((c) => c.startsWith('multipart/'))) return problem(`multipart content type expected, got ${contentType}`);
    if (!contentType.startsWith('application/x-www-form-urlencoded')) return problem(`form content type ${contentType}`);
    const got = new URLSearchParams(body.toString('utf8'));
    for (const p of form) {
      const want = paramValues(e, 'form', p.name, resolve);
      if (!isDeepStrictEqual(got.getAll(p.name), want)) problem(`form field ${p.name}: got ${JSON.stringify(got.getAll(p.name))}, want ${JSON.stringify(want)}`);
    }
    return;
  }
  if (declared && /^multipart\//.test(declared.contentType) && declared.schema.properties) {
    // A form declared as one schema: each property a part, files carrying the upload, the
    // required fields their example, the optional ones and a map of parts not sent.
    if (!contentType.startsWith('multipart/form-data')) return problem(`multipart content type expected, got ${contentType}`);
    let data: FormData;
    try {
      data = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    } catch (err) {
      return problem(`multipart body does not parse: ${(err as Error).message}`);
    }
    const example = (declared.example ?? {}) as Record<string, unknown>;
    const required = new Set(declared.schema.required ?? []);
    for (const [name, schema] of Object.entries(declared.schema.properties)) {
      const got = data.getAll(name);
      if (!required.has(name)) {
        if (got.length) problem(`optional part ${name} sent`);
      } else if (schema.format === 'binary') {
        const part = got[0];
        if (got.length !== 1 || typeof part === 'string' || !part) problem(`file part ${name}: got ${got.length} non-file value(s)`);
        else if (options.upload && !Buffer.from(await part.arrayBuffer()).equals(options.upload.content)) problem(`file part ${name}: content differs`);
      } else if (!isDeepStrictEqual(got, [resolve(String(example[name]))])) problem(`part ${name}: got ${JSON.stringify(got)}, want ${JSON.stringify(example[name])}`);
    }
    return;
  }
  if (!declared) {
    if (body.length) problem(`unexpected body ${JSON.stringify(body.toString('utf8').slice(0, 80))}`);
    return;
  }
  if (!contentType.startsWith(declared.contentType)) problem(`content type: got ${JSON.stringify(contentType)}, want ${declared.contentType}`);
  if (declared.schema.format === 'binary' && declared.example === undefined) {
    if (!options.rawUpload) return problem('a raw binary body, and no bytes to check it against');
    if (!body.equals(options.rawUpload.content)) problem(`raw body bytes differ: got ${body.toString('hex')}, want ${options.rawUpload.content.toString('hex')}`);
    return;
  }
  if (exact !== undefined && !body.equals(Buffer.from(exact, 'utf8'))) problem(`body bytes differ: got ${JSON.stringify(body.toString('utf8'))}, want ${JSON.stringify(exact)}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return problem(`body is not JSON: ${JSON.stringify(body.toString('utf8').slice(0, 80))}`);
  }
  const want = resolveJson(declared.example, resolve);
  if (!isDeepStrictEqual(parsed, want)) problem(`body: got ${JSON.stringify(parsed)}, want ${JSON.stringify(want)}`);
}

// The caller against real servers on 127.0.0.1: what arrives is what the endpoint model and the
// edits say, and every way a call can end (redirects, timeouts, cancellation, TLS, proxies) is seen.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDraft, prepareRequest, setHeader, setParam } from '../../core/call/request-builder';
import { prepareHttp } from '../../core/call/endpoint-call';
import { callHttp, HttpCaller } from '../../core/call/http';
import { displayText } from '../../core/call/response';
import { CallError } from '../../core/errors';
import { createEndpoint } from '../../core/model/endpoint';
import type { Endpoint } from '../../core/model/endpoint';
import type { Echo, Running } from './servers';
import { echo, forwardProxy, httpServer, httpsServer, selfSignedCertificate } from './servers';

const NO_PROXY_ENV = {};

function endpoint(over: Partial<Parameters<typeof createEndpoint>[0]>): Endpoint {
  return createEndpoint({
    protocol: 'http',
    framework: 'spring-mvc',
    method: 'GET',
    path: '/x',
    name: 'x',
    description: '',
    folder: 'x',
    className: 'com.example.X',
    module: 'app',
    source: { file: 'X.java', line: 1, column: 1, member: 'x' },
    signature: [],
    ...over,
  });
}

const str = { type: 'string' } as const;

async function send(e: Endpoint, host: string, edit?: (d: ReturnType<typeof defaultDraft>) => void, lookup?: (n: string) => string | undefined) {
  const draft = defaultDraft(e, { host, basePath: '/ctx' });
  edit?.(draft);
  const prepared = await prepareRequest(draft, { lookup });
  const result = await callHttp(prepared, { env: NO_PROXY_ENV });
  const text = result.response.kind === 'text' ? (await result.response.body.bytes()).toString('utf8') : '';
  return { ...result, prepared, echo: result.response.contentType?.includes('json') ? (JSON.parse(text) as Echo) : undefined, text };
}

let server: Running;
beforeAll(async () => {
  server = await httpServer(async (req, res, body) => {
    const url = new URL(req.url!, 'http://x');
    switch (url.pathname) {
      case '/redirect/found':
        res.writeHead(302, { location: '/ctx/target?from=302' }).end();
        return;
      case '/redirect/see-other':
        res.writeHead(303, { location: '/ctx/target' }).end();
        return;
      case '/redirect/temporary':
        res.writeHead(307, { location: '/ctx/target' }).end();
        return;
      case '/redirect/loop':
        res.writeHead(302, { location: '/redirect/loop' }).end();
        return;
      case '/hang':
        return; // never answers
      case '/multipart': {
        const form = await new Request('http://x/', { method: 'POST', headers: req.headers as Record<string, string>, body }).formData();
        const out: Record<string, unknown> = {};
        for (const [k, v] of form) out[k] = typeof v === 'string' ? v : { name: v.name, size: v.size, bytes: Buffer.from(await v.arrayBuffer()).toString('base64') };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(out));
        return;
      }
      case '/gzip':
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gzipSync(JSON.stringify({ zipped: true })));
        return;
      default:
        echo(req, res, body);
    }
  });
});
afterAll(() => server.close());

describe('request building and sending', () => {
  it('puts every parameter where the model says: path, query, header, cookie', async () => {
    const e = endpoint({
      method: 'GET',
      path: '/users/{id}/orders',
      request: {
        consumes: [],
        params: [
          { name: 'id', in: 'path', schema: str, required: true, description: '', example: 'a b/c' },
          { name: 'status', in: 'query', schema: str, required: true, description: '', example: 'open' },
          { name: 'tags', in: 'query', schema: { type: 'array', items: str }, required: false, description: '', example: ['x', 'y&z'] },
          { name: 'page', in: 'query', schema: str, required: false, description: '', default: '0' },
          { name: 'X-Tenant', in: 'header', schema: str, required: true, description: '', example: 'acme' },
          { name: 'session', in: 'cookie', schema: str, required: true, description: '', example: 's1' },
        ],
      },
    });
    const { echo: got, request } = await send(e, server.url, (d) => {
      d.query.filter((q) => q.name === 'tags').forEach((q) => (q.enabled = true));
      setParam(d, 'extra', 'ü');
    });
    expect(got!.method).toBe('GET');
    expect(got!.url).toBe('/ctx/users/a%20b%2Fc/orders?status=open&tags=x&tags=y%26z&page=0&extra=%C3%BC');
    expect(got!.headers['x-tenant']).toBe('acme');
    expect(got!.headers.cookie).toBe('session=s1');
    expect(request.url).toBe(`${server.url}/ctx/users/a%20b%2Fc/orders?status=open&tags=x&tags=y%26z&page=0&extra=%C3%BC`);
    expect(request.headers).toContainEqual(['X-Tenant', 'acme']);
    expect(request.bodySize).toBe(0);
  });

  it('leaves unchecked optional parameters out', async () => {
    const e = endpoint({ request: { consumes: [], params: [{ name: 'q', in: 'query', schema: str, required: false, description: '' }] } });
    expect((await send(e, server.url)).echo!.url).toBe('/ctx/x');
  });

  it('sends a JSON body with placeholders resolved inside strings and outside', async () => {
    const e = endpoint({
      method: 'POST',
      path: '/orders',
      request: { consumes: ['application/json'], params: [], body: { contentType: 'application/json', schema: { type: 'object' }, example: { sku: 'A-1', qty: 1 }, description: '', required: true } },
    });
    const vars: Record<string, string> = { host: server.url, note: 'say "hi"', qty: '3' };
    const { echo: got, request, prepared } = await send(
      e,
      '{{host}}',
      (d) => {
        d.body = '{"sku": "A-1", "qty": {{qty}}, "note": "${note}", "missing": "{{nope}}"}';
        setHeader(d, 'Authorization', 'Bearer {{token}}');
      },
      (n) => vars[n],
    );
    expect(JSON.parse(got!.body)).toEqual({ sku: 'A-1', qty: 3, note: 'say "hi"', missing: '{{nope}}' });
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers.authorization).toBe('Bearer {{token}}');
    expect(prepared.unresolved.sort()).toEqual(['nope', 'token']);
    expect(request.bodySize).toBe(Buffer.byteLength(got!.body));
    expect(request.headers).toContainEqual(['Content-Length', String(Buffer.byteLength(got!.body))]);
  });

  it('sends an urlencoded form', async () => {
    const e = endpoint({
      method: 'POST',
      path: '/login',
      request: {
        consumes: ['application/x-www-form-urlencoded'],
        params: [
          { name: 'user', in: 'form', schema: str, required: true, description: '', example: 'ann lee' },
          { name: 'pass', in: 'form', schema: str, required: true, description: '', example: 'p&ss=1' },
        ],
      },
    });
    const { echo: got } = await send(e, server.url);
    expect(got!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(got!.body).toBe('user=ann+lee&pass=p%26ss%3D1');
    expect(Object.fromEntries(new URLSearchParams(got!.body))).toEqual({ user: 'ann lee', pass: 'p&ss=1' });
  });

  it('sends a multipart form with a file part read from disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-upload-'));
    const file = join(dir, 'photo.bin');
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    writeFileSync(file, bytes);
    const e = endpoint({
      method: 'POST',
      path: '/multipart',
      request: {
        consumes: ['multipart/form-data'],
        params: [
          { name: 'title', in: 'form', schema: str, required: true, description: '', example: 'holiday' },
          { name: 'photo', in: 'form', schema: str, required: true, description: '', file: true },
        ],
      },
    });
    const draft = defaultDraft(e, { host: server.url });
    expect(draft.bodyMode).toBe('multipart');
    setParam(draft, 'photo', `@${file}`);
    const result = await callHttp(await prepareRequest(draft), { env: NO_PROXY_ENV });
    const got = JSON.parse((await result.response.body.bytes()).toString()) as Record<string, { name: string; size: number; bytes: string } | string>;
    expect(got.title).toBe('holiday');
    expect(got.photo).toMatchObject({ name: 'photo.bin', size: bytes.length });
    expect(Buffer.from((got.photo as { bytes: string }).bytes, 'base64').equals(bytes)).toBe(true);
    expect(result.request.headers.find(([n]) => n === 'Content-Type')![1]).toMatch(/^multipart\/form-data; boundary=/);
    expect(result.request.bodySize).toBeGreaterThan(bytes.length);
  });

  it('sends a multipart form declared as one body schema (SpringDoc functional endpoints) as its parts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-upload-'));
    const file = join(dir, 'avatar.png');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0]));
    const e = endpoint({
      method: 'POST',
      path: '/multipart',
      request: {
        consumes: ['multipart/form-data'],
        params: [],
        body: {
          contentType: 'multipart/form-data',
          schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' }, url: { type: 'string' } }, required: ['file', 'note'] },
          example: { file: '(binary)', note: 'hi', url: 'url' },
          description: '',
          required: true,
        },
      },
    });
    const draft = defaultDraft(e, { host: server.url });
    expect(draft).toMatchObject({ bodyMode: 'multipart', body: '', form: [{ name: 'file', file: true, enabled: true }, { name: 'note', value: 'hi' }, { name: 'url', enabled: false }] });
    setParam(draft, 'file', `@${file}`);
    const result = await callHttp(await prepareRequest(draft), { env: NO_PROXY_ENV });
    const got = JSON.parse((await result.response.body.bytes()).toString()) as Record<string, unknown>;
    expect(got).toEqual({ file: { name: 'avatar.png', size: 7, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0]).toString('base64') }, note: 'hi' });
  });

  it('leaves an optional file part out until it is given a file, then sends it: the form goes out either way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-upload-'));
    const file = join(dir, 'scan.pdf');
    writeFileSync(file, '%PDF-1.7 scan');
    // `@RequestParam(required = false) MultipartFile attachment` beside a required title.
    const e = endpoint({
      method: 'POST',
      path: '/multipart',
      request: {
        consumes: ['multipart/form-data'],
        params: [
          { name: 'title', in: 'form', schema: str, required: true, description: '', example: 'holiday' },
          { name: 'attachment', in: 'form', schema: { type: 'string', format: 'binary' }, required: false, description: '', file: true },
          { name: 'thumbnail', in: 'form', schema: { type: 'string', format: 'binary' }, required: false, description: '', file: true },
        ],
      },
    });
    const draft = defaultDraft(e, { host: server.url });
    expect(draft.form).toEqual([{ name: 'title', value: 'holiday' }, { name: 'attachment', value: '', file: true, enabled: false }, { name: 'thumbnail', value: '', file: true, enabled: false }]);
    // Nothing chosen: the form without the parts (before, Send refused it: "form part 'attachment' has no file").
    const bare = await callHttp(await prepareRequest(draft), { env: NO_PROXY_ENV });
    expect(JSON.parse((await bare.response.body.bytes()).toString())).toEqual({ title: 'holiday' });
    // A file given for one optional part (as `call --param attachment=@FILE` does): that part arrives, the other stays out.
    setParam(draft, 'attachment', `@${file}`);
    const filled = await callHttp(await prepareRequest(draft), { env: NO_PROXY_ENV });
    expect(JSON.parse((await filled.response.body.bytes()).toString())).toEqual({ title: 'holiday', attachment: { name: 'scan.pdf', size: 13, bytes: Buffer.from('%PDF-1.7 scan').toString('base64') } });
  });

  it('names a missing file part and a path parameter without a value', async () => {
    const e = endpoint({ method: 'POST', path: '/u/{id}', request: { consumes: ['multipart/form-data'], params: [{ name: 'f', in: 'form', schema: str, required: true, description: '', file: true }] } });
    const draft = defaultDraft(e, { host: server.url });
    await expect(prepareRequest(draft)).rejects.toThrow(/path parameter 'id' has no value/);
    draft.pathParams = [{ name: 'id', value: '1' }];
    // No file chosen yet: said as such, not as the folder it would resolve to ("EISDIR").
    await expect(prepareRequest(draft, { baseDir: tmpdir() })).rejects.toThrow(/^form part 'f' has no file: give the path of the file to send$/);
    setParam(draft, 'f', '@/no/such/file.png');
    await expect(prepareRequest(draft)).rejects.toThrow(/cannot read the file for form part 'f': \/no\/such\/file\.png \(ENOENT\)/);
  });

  it('sends a variable without a value in the path as written, not as a path parameter it is not', async () => {
    const e = endpoint({ method: 'GET', path: '/orders/{id}' });
    const draft = defaultDraft(e, { host: server.url });
    draft.pathParams = [{ name: 'id', value: '7' }];
    draft.path = '/orders/{id}/{{orderId}}/${lineId}';
    const prepared = await prepareRequest(draft, { lookup: () => undefined });
    expect(prepared.unresolved).toEqual(['orderId', 'lineId']);
    expect(new URL(prepared.url).pathname).toBe('/orders/7/%7B%7BorderId%7D%7D/$%7BlineId%7D');
    const filled = await prepareRequest(draft, { lookup: (n) => ({ orderId: '8', lineId: '9' })[n] });
    expect(new URL(filled.url).pathname).toBe('/orders/7/8/9');
  });

  it("sends a URL's user and password as Basic credentials, as curl does, unless the request has an Authorization header", async () => {
    const draft = defaultDraft(endpoint({ method: 'GET', path: '/h' }), { host: server.url.replace('http://', 'http://b%C3%B6b:p%40ss@') });
    const prepared = await prepareRequest(draft);
    expect(prepared.url).toBe(`${server.url}/h`);
    expect(prepared.headers).toContainEqual(['Authorization', `Basic ${Buffer.from('böb:p@ss').toString('base64')}`]);
    setHeader(draft, 'Authorization', 'Bearer t');
    const own = await prepareRequest(draft);
    expect(own.headers.filter(([n]) => n.toLowerCase() === 'authorization')).toEqual([['Authorization', 'Bearer t']]);
    expect(own.url).toBe(`${server.url}/h`);
  });

  it("fills a ${key} the scan made a path parameter of (an unset configuration key) with that parameter's value, as the exports do", async () => {
    const draft = defaultDraft(endpoint({ method: 'GET', path: '/${api.version}/items' }), { host: server.url });
    draft.pathParams = [{ name: 'api.version', value: 'v 2' }];
    const prepared = await prepareRequest(draft, { lookup: () => undefined });
    expect(new URL(prepared.url).pathname).toBe('/v%202/items');
    expect(prepared.unresolved).toEqual([]);
    // A variable of that name still wins: it is filled before the path is read.
    expect(new URL((await prepareRequest(draft, { lookup: (n) => (n === 'api.version' ? 'v3' : undefined) })).url).pathname).toBe('/v3/items');
    draft.pathParams = [{ name: 'api.version', value: '' }];
    expect(new URL((await prepareRequest(draft, { lookup: () => undefined })).url).pathname).toBe('/$%7Bapi.version%7D/items');
  });

  it('refuses a header name, a header value or a scheme HTTP cannot send, naming the input, before any connection', async () => {
    const draft = defaultDraft(endpoint({ method: 'GET', path: '/h' }), { host: server.url });
    setHeader(draft, 'Bad Header', 'v');
    await expect(prepareRequest(draft)).rejects.toThrow(/^header name 'Bad Header' is not valid: letters, digits/);
    draft.headers = [{ name: 'X-City', value: '上海' }];
    await expect(prepareRequest(draft)).rejects.toThrow("header 'X-City' has '上', which a header cannot carry: percent-encode it");
    draft.headers = [{ name: 'X-City', value: 'a\u0000b' }];
    await expect(prepareRequest(draft)).rejects.toThrow("header 'X-City' has a control character");
    // Latin-1 is what a header carries: sent.
    draft.headers = [{ name: 'X-City', value: 'Zürich' }];
    const sent = await send(endpoint({ method: 'GET', path: '/h' }), server.url, (d) => setHeader(d, 'X-City', 'Zürich'));
    expect(sent.echo!.headers['x-city']).toBe('Zürich');
    draft.host = 'ftp://files.example';
    await expect(prepareRequest(draft)).rejects.toThrow('the host must start with http:// or https://, not ftp://: ftp://files.example/h');
  });

  it('decodes a gzip-encoded body', async () => {
    const { text, response } = await send(endpoint({ path: '/gzip' }), server.url, (d) => (d.path = '/gzip'));
    expect(JSON.parse(text)).toEqual({ zipped: true });
    expect(response.size).toBe(text.length);
  });
});

describe('redirects', () => {
  const get = (path: string, method = 'GET') => prepareRequest({ ...defaultDraft(endpoint({ method, path }), { host: server.url }), bodyMode: method === 'GET' ? 'none' : 'json', body: '{"a":1}' });

  it('follows them by default and reports the final URL and each hop', async () => {
    const r = await callHttp(await get('/redirect/found'), { env: NO_PROXY_ENV });
    expect(r.response.status).toBe(200);
    expect(r.request.url).toBe(`${server.url}/ctx/target?from=302`);
    expect(r.request.redirects).toEqual([{ status: 302, from: `${server.url}/redirect/found`, to: `${server.url}/ctx/target?from=302` }]);
  });

  it('turns a POST into a GET on 303 and keeps method and body on 307', async () => {
    const seeOther = await callHttp(await get('/redirect/see-other', 'POST'), { env: NO_PROXY_ENV });
    const e1 = JSON.parse((await seeOther.response.body.bytes()).toString()) as Echo;
    expect([e1.method, e1.body, seeOther.request.method]).toEqual(['GET', '', 'GET']);
    const temporary = await callHttp(await get('/redirect/temporary', 'POST'), { env: NO_PROXY_ENV });
    const e2 = JSON.parse((await temporary.response.body.bytes()).toString()) as Echo;
    expect([e2.method, e2.body]).toEqual(['POST', '{"a":1}']);
  });

  it('keeps credentials within the origin: a redirect elsewhere drops Authorization and Cookie', async () => {
    const other = await httpServer(echo);
    const hop = await httpServer((_req, res) => {
      res.writeHead(302, { location: `${other.url}/landed` }).end();
    });
    try {
      const draft = defaultDraft(endpoint({ path: '/start' }), { host: hop.url });
      draft.headers = [
        { name: 'Authorization', value: 'Bearer secret' },
        { name: 'X-Other', value: 'kept' },
      ];
      draft.cookies = [{ name: 'session', value: 's' }];
      const r = await callHttp(await prepareRequest(draft), { env: NO_PROXY_ENV });
      const got = JSON.parse((await r.response.body.bytes()).toString()) as Echo;
      expect(got.url).toBe('/landed');
      expect(got.headers.authorization).toBeUndefined();
      expect(got.headers.cookie).toBeUndefined();
      expect(got.headers['x-other']).toBe('kept');
    } finally {
      await Promise.all([other.close(), hop.close()]);
    }
  });

  it('a redirect elsewhere also drops headers carrying a variable the user marked secret', async () => {
    const other = await httpServer(echo);
    const hop = await httpServer((_req, res) => {
      res.writeHead(307, { location: `${other.url}/landed` }).end();
    });
    try {
      const environment = {
        name: 'dev',
        variables: [
          { key: 'sig', value: 'sig-4711', secret: true },
          { key: 'signed', value: 'v1={{sig}}' },
          { key: 'tenant', value: 'acme' },
        ],
      };
      const vars = new Map(environment.variables.map((v) => [v.key, v.value]));
      const lookup = (n: string): string | undefined => (n === 'signed' ? `v1=${vars.get('sig')}` : vars.get(n));
      const draft = defaultDraft(endpoint({ path: '/start' }), { host: hop.url });
      draft.headers = [
        { name: 'X-Signature', value: '{{sig}}' },
        { name: 'X-Signed-With', value: '{{signed}}' },
        { name: 'X-Tenant', value: '{{tenant}}' },
      ];
      const prepared = await prepareHttp({ lookup, projectDir: tmpdir(), environment }, draft);
      expect(prepared.secretHeaders).toEqual(['X-Signature', 'X-Signed-With']);
      const r = await callHttp(prepared, { env: NO_PROXY_ENV });
      const got = JSON.parse((await r.response.body.bytes()).toString()) as Echo;
      expect(got.url).toBe('/landed');
      expect(got.headers['x-signature']).toBeUndefined();
      expect(got.headers['x-signed-with']).toBeUndefined();
      expect(got.headers['x-tenant']).toBe('acme');
    } finally {
      await Promise.all([other.close(), hop.close()]);
    }
  });

  it('keeps secret headers on a redirect within the origin', async () => {
    const hop = await httpServer((req, res, body) => {
      if (req.url === '/start') res.writeHead(307, { location: '/landed' }).end();
      else void echo(req, res, body);
    });
    try {
      const environment = { name: 'dev', variables: [{ key: 'sig', value: 'sig-4711', secret: true }] };
      const draft = defaultDraft(endpoint({ path: '/start' }), { host: hop.url });
      draft.headers = [{ name: 'X-Signature', value: '{{sig}}' }];
      const prepared = await prepareHttp({ lookup: (n) => (n === 'sig' ? 'sig-4711' : undefined), projectDir: tmpdir(), environment }, draft);
      const got = JSON.parse((await (await callHttp(prepared, { env: NO_PROXY_ENV })).response.body.bytes()).toString()) as Echo;
      expect(got.headers['x-signature']).toBe('sig-4711');
    } finally {
      await hop.close();
    }
  });

  it('returns the redirect itself when following is off', async () => {
    const r = await callHttp(await get('/redirect/found'), { env: NO_PROXY_ENV, followRedirects: false });
    expect(r.response.status).toBe(302);
    expect(r.response.headers).toContainEqual(['location', '/ctx/target?from=302']);
    expect(r.request.url).toBe(`${server.url}/redirect/found`);
  });

  it('stops a redirect loop', async () => {
    const err = await callHttp(await get('/redirect/loop'), { env: NO_PROXY_ENV, maxRedirects: 3 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect((err as CallError).kind).toBe('too-many-redirects');
  });
});

describe('ends without a response', () => {
  it('times out against a server that never answers', async () => {
    const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/hang' }), { host: server.url }));
    const err = (await callHttp(prepared, { env: NO_PROXY_ENV, timeoutMs: 300 }).catch((e: unknown) => e)) as CallError;
    expect(err).toBeInstanceOf(CallError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('/hang');
  });

  it('gives up connecting when the TLS handshake never completes', async () => {
    // A TCP server that accepts and then says nothing: the connection never becomes usable.
    const sockets: Socket[] = [];
    const silent = createNetServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const port = (silent.address() as AddressInfo).port;
      const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/' }), { host: `https://127.0.0.1:${port}` }));
      const err = (await callHttp(prepared, { env: NO_PROXY_ENV, connectTimeoutMs: 200, timeoutMs: 20_000 }).catch((e: unknown) => e)) as CallError;
      expect(err).toBeInstanceOf(CallError);
      expect(err.kind).toBe('connect-timeout');
      expect(err.message).toBe(`could not connect to 127.0.0.1:${port} within 200 ms`);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });

  it('is cancelled while waiting', async () => {
    const controller = new AbortController();
    let arrived!: () => void;
    const seen = new Promise<void>((r) => (arrived = r));
    const hang = await httpServer(() => arrived());
    try {
      const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/' }), { host: hang.url }));
      const pending = callHttp(prepared, { env: NO_PROXY_ENV, signal: controller.signal }).catch((e: unknown) => e);
      await seen;
      controller.abort();
      const err = (await pending) as CallError;
      expect(err).toBeInstanceOf(CallError);
      expect(err.kind).toBe('cancelled');
    } finally {
      await hang.close();
    }
  });

  it('reports a refused connection', async () => {
    const gone = await httpServer(echo);
    const url = gone.url;
    await gone.close();
    const err = (await callHttp(await prepareRequest(defaultDraft(endpoint({}), { host: url })), { env: NO_PROXY_ENV }).catch((e: unknown) => e)) as CallError;
    expect(err.kind).toBe('refused');
    expect(err.message).toContain('connection refused by 127.0.0.1');
  });
});

describe('TLS', () => {
  it('refuses a self-signed certificate, then accepts it for the opted-in host only', async () => {
    const cert = selfSignedCertificate();
    const tls = await httpsServer(echo, cert);
    try {
      const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/secure' }), { host: tls.url }));
      const refused = (await callHttp(prepared, { env: NO_PROXY_ENV }).catch((e: unknown) => e)) as CallError;
      expect(refused).toBeInstanceOf(CallError);
      expect(refused.kind).toBe('tls');
      expect(refused.message).toContain(`add 127.0.0.1:${tls.port} to http.insecureHosts`);
      const otherHost = (await callHttp(prepared, { env: NO_PROXY_ENV, insecureHosts: ['localhost', `127.0.0.1:${tls.port + 1}`] }).catch((e: unknown) => e)) as CallError;
      expect(otherHost.kind).toBe('tls');
      const accepted = await callHttp(prepared, { env: NO_PROXY_ENV, insecureHosts: [`127.0.0.1:${tls.port}`] });
      expect(accepted.response.status).toBe(200);
      expect((JSON.parse((await accepted.response.body.bytes()).toString()) as Echo).url).toBe('/secure');
      // Trusting the certificate itself (as a company CA would be) also works, without the opt-in.
      const trusted = await callHttp(prepared, { env: { NODE_EXTRA_CA_CERTS: cert.certFile } });
      expect(trusted.response.status).toBe(200);
    } finally {
      await tls.close();
    }
  });
});

describe('proxies', () => {
  let proxy: Running & { lines: string[] };
  beforeAll(async () => {
    proxy = await forwardProxy(() => ({ port: server.port }));
  });
  afterAll(() => proxy.close());

  it('sends plain HTTP through http_proxy as an absolute-form request', async () => {
    const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/via' }), { host: 'http://orders.internal.test:8080' }));
    const r = await callHttp(prepared, { env: { http_proxy: proxy.url } });
    const got = JSON.parse((await r.response.body.bytes()).toString()) as Echo;
    expect(proxy.lines).toContain('GET http://orders.internal.test:8080/via');
    expect(got.headers.via).toBe('1.1 test-proxy');
    expect(got.headers.host).toBe('orders.internal.test:8080');
    expect(r.request.proxy).toBe(`${proxy.url}/`);
  });

  it('tunnels HTTPS with CONNECT', async () => {
    const tls = await httpsServer(echo, selfSignedCertificate());
    try {
      const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/tunnel' }), { host: `https://secure.internal.test:${tls.port}` }));
      const r = await callHttp(prepared, { env: { HTTPS_PROXY: proxy.url }, insecureHosts: ['secure.internal.test'] });
      expect(proxy.lines).toContain(`CONNECT secure.internal.test:${tls.port}`);
      expect((JSON.parse((await r.response.body.bytes()).toString()) as Echo).url).toBe('/tunnel');
    } finally {
      await tls.close();
    }
  });

  it('goes direct for loopback and for NO_PROXY hosts', async () => {
    const before = proxy.lines.length;
    const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/direct' }), { host: server.url }));
    const r = await callHttp(prepared, { env: { http_proxy: proxy.url, no_proxy: 'example.com' } });
    expect(r.response.status).toBe(200);
    expect(r.request.proxy).toBeUndefined();
    expect(proxy.lines.length).toBe(before);
  });
});

describe('caller reuse', () => {
  it('keeps connections across calls and closes cleanly', async () => {
    const caller = new HttpCaller({ env: NO_PROXY_ENV });
    try {
      const prepared = await prepareRequest(defaultDraft(endpoint({ path: '/again' }), { host: server.url }));
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await caller.send(prepared)).response.status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await caller.close();
    }
  });
});

describe('display', () => {
  it('shows JSON pretty or raw', async () => {
    const { response } = await send(endpoint({ path: '/p' }), server.url);
    const pretty = await displayText(response, { pretty: true });
    expect(pretty.pretty).toBe(true);
    expect(pretty.text).toMatch(/^\{\n {2}"method": "GET",\n/);
    expect((await displayText(response)).text).toBe((await response.body.bytes()).toString());
  });
});

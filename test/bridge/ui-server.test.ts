// The loopback UI server of the real sidecar process (`serve --stdio` starts it and gives its URL
// in hello): what it serves, what it refuses (no token, a foreign Host or Origin, other methods),
// and the WebSocket carrying the same catalog to the same open projects as stdio.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMessageConnection, ResponseError } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PackedFirstTree } from '../../ide-bridge/ui/tree-codec';
import { unpackFirstTree } from '../../ide-bridge/ui/tree-codec';
import { WebSocketMessageReader, WebSocketMessageWriter } from '../../ide-bridge/ws-transport';
import { SidecarClient } from './sidecar-client';

/** expect.poll with room for a loaded machine: its default second is too short for a browser round trip. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 60_000, interval: 50 });

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const CART = 'orders/src/main/java/com/acme/shop/orders/web/CartController.java';

let tmp: string;
let shop: string;
let sidecar: SidecarClient;
let ui: URL;
let token: string;

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Host and Origin can be anything (fetch would not let a test set Host). */
function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: ui.port, path: pathname, method, headers: { Host: ui.host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Opens a WebSocket; resolves with the socket, or with the HTTP status of the refusal. */
function socket(pathname: string, opts: { origin?: string; host?: string } = {}): Promise<WebSocket | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${ui.port}${pathname}`, {
      ...(opts.origin ? { origin: opts.origin } : {}),
      headers: { Host: opts.host ?? ui.host },
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', (e) => reject(e));
  });
}

function connectionOver(ws: WebSocket): MessageConnection {
  const c = createMessageConnection(new WebSocketMessageReader(ws), new WebSocketMessageWriter(ws));
  c.listen();
  return c;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-ui-server-'));
  shop = path.join(tmp, 'shop');
  fs.cpSync(SHOP, shop, { recursive: true });
  sidecar = new SidecarClient();
  const { uiUrl } = await sidecar.request('hello', {});
  ui = new URL(uiUrl!);
  token = ui.pathname.split('/')[1]!;
  await sidecar.request('project/open', { root: shop });
  await sidecar.request('project/wait', { project: shop });
});

afterAll(async () => {
  expect(await sidecar.close()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('UI server over HTTP', () => {
  it('serves the web app under the token, with a strict policy and no CORS', async () => {
    const page = await get(ui.pathname);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<script type="module" src="app.js">');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const app = await get(`${ui.pathname}app.js`);
    expect(app.status).toBe(200);
    expect(app.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(app.body.length).toBeGreaterThan(10_000);
    // The same origin under its other loopback name is ours too.
    expect((await get(ui.pathname, { Host: `localhost:${ui.port}`, Origin: `http://localhost:${ui.port}` })).status).toBe(200);
    // The token alone leads to the app's folder.
    const bare = await get(`/${token}`);
    expect(bare.status).toBe(308);
    expect(bare.headers.location).toBe(`/${token}/`);
  });

  it('lets a browser keep the app: hashed chunks for good, app.js revalidated, the page never', async () => {
    const page = await get(ui.pathname);
    expect(page.headers['cache-control']).toBe('no-store');
    const app = await get(`${ui.pathname}app.js`);
    expect(app.headers['cache-control']).toBe('no-cache');
    expect(app.headers.etag).toMatch(/^"[\w-]+"$/);
    const again = await get(`${ui.pathname}app.js`, { 'If-None-Match': app.headers.etag! });
    expect([again.status, again.body]).toEqual([304, '']);
    expect((await get(`${ui.pathname}app.js`, { 'If-None-Match': '"other"' })).status).toBe(200);
    // The editor's chunk, imported by app.js after the first paint under its content hash.
    const chunk = /["'](\.\/details\.[\w-]{8}\.js)["']/.exec(app.body)?.[1];
    expect(chunk).toBeDefined();
    const editor = await get(`${ui.pathname}${chunk!.slice(2)}`);
    expect(editor.status).toBe(200);
    expect(editor.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(editor.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(editor.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('puts the project\'s tree in the page as a data block that no text in it can end', async () => {
    const evil = path.join(tmp, 'evil');
    const java = path.join(evil, 'src/main/java/demo/EvilController.java');
    fs.mkdirSync(path.dirname(java), { recursive: true });
    fs.writeFileSync(
      java,
      'package demo;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class EvilController {\n' +
        '  /** Ends </script><script>alert(1)</script> <!-- here */\n  @GetMapping("/evil")\n  public String evil() { return ""; }\n}\n',
    );
    await sidecar.request('project/open', { root: evil });
    await sidecar.request('project/wait', { project: evil });
    const page = await get(`${ui.pathname}?project=${encodeURIComponent(evil)}`);
    expect(page.status).toBe(200);
    const start = page.body.indexOf('<script type="application/json" id="first-tree">');
    expect(start).toBeGreaterThan(page.body.indexOf('<script type="module" src="app.js">'));
    const data = page.body.slice(start).slice('<script type="application/json" id="first-tree">'.length);
    const end = data.indexOf('</script>');
    expect(data.slice(0, end)).not.toMatch(/<\/|<!--/);
    const embedded = unpackFirstTree(JSON.parse(data.slice(0, end)) as PackedFirstTree);
    expect(embedded.status).toMatchObject({ project: evil, state: 'ready', endpointCount: 1 });
    expect(embedded.modules).toEqual((await sidecar.request('endpoints/tree', { project: evil })).modules);
    expect(embedded.modules[0]!.classes[0]!.endpoints[0]!.name).toContain('</script><script>alert(1)</script>');
    // Without a project named, the page shows the first one opened; one not open gets no tree.
    expect(JSON.stringify((await get(ui.pathname)).body.includes(`"project":${JSON.stringify(shop)}`))).toBe('true');
    expect((await get(`${ui.pathname}?project=${encodeURIComponent(path.join(tmp, 'none'))}`)).body).not.toContain('first-tree');
    await sidecar.request('project/close', { project: evil });
  });

  it('refuses requests without the token or with a wrong one', async () => {
    for (const p of ['/', '/app.js', '/index.html', `/${token.slice(1)}/`, `/${token}x/`, `/x${token}/app.js`, `/?token=${token}`]) {
      const r = await get(p);
      expect(r.status, p).toBe(403);
      expect(r.body).not.toContain('<script');
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    const rebound = await get(ui.pathname, { Host: `attacker.example:${ui.port}` });
    expect(rebound).toMatchObject({ status: 403, body: 'foreign Host\n' });
    expect((await get(ui.pathname, { Host: `127.0.0.1:${ui.port + 1}` })).status).toBe(403);
    const cross = await get(`${ui.pathname}app.js`, { Origin: 'http://attacker.example' });
    expect(cross).toMatchObject({ status: 403, body: 'foreign Origin\n' });
    expect((await get(ui.pathname, { Origin: `http://127.0.0.1:${ui.port + 1}` })).status).toBe(403);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves only the built files and only to GET', async () => {
    expect((await get(`${ui.pathname}../../package.json`)).status).toBe(404);
    expect((await get(`${ui.pathname}%2e%2e/package.json`)).status).toBe(404);
    expect((await get(`${ui.pathname}nothing.js`)).status).toBe(404);
    expect((await get(ui.pathname, {}, 'POST')).status).toBe(405);
  });
});

describe('UI server WebSocket', () => {
  it('speaks the catalog to the projects the host opened, notifications included', async () => {
    const ws = await socket(`${ui.pathname}rpc`, { origin: ui.origin });
    expect(ws).toBeInstanceOf(WebSocket);
    const c = connectionOver(ws as WebSocket);
    try {
      expect(await c.sendRequest('hello', {})).toMatchObject({ protocolVersion: 1, uiUrl: ui.href });
      const { projects } = (await c.sendRequest('project/list', {})) as { projects: { project: string; state: string }[] };
      expect(projects).toEqual([expect.objectContaining({ project: shop, state: 'ready' })]);
      const seen: unknown[] = [];
      c.onNotification('index/changed', (p: unknown) => void seen.push(p));
      // A change the host reports over stdio reaches the browser's socket.
      const file = path.join(shop, CART);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n}\s*$/, '\n\n    @GetMapping("/{cartId}/ws")\n    public long ws(@PathVariable String cartId) {\n        return 0;\n    }\n}\n'));
      await sidecar.request('files/changed', { project: shop, changes: [{ path: CART, kind: 'changed' }] });
      await poll(() => seen.length).toBe(1);
      expect(seen[0]).toMatchObject({ project: shop, added: [expect.stringContaining('GET /api/v1/carts/{cartId}/ws')] });
      // Params are checked at this boundary too.
      const bad = await c.sendRequest('endpoints/search', { project: shop, query: 'x', limit: 0 }).catch((e: unknown) => e);
      expect((bad as ResponseError<unknown>).code).toBe(-32602);
    } finally {
      c.dispose();
      (ws as WebSocket).close();
    }
  });

  it('refuses a socket without the token, with a foreign Origin or a foreign Host', async () => {
    expect(await socket('/rpc', { origin: ui.origin })).toBe(403);
    expect(await socket(`/${token.slice(2)}/rpc`, { origin: ui.origin })).toBe(403);
    expect(await socket(`${ui.pathname}other`, { origin: ui.origin })).toBe(403);
    expect(await socket(`${ui.pathname}rpc`, { origin: 'http://attacker.example' })).toBe(403);
    expect(await socket(`${ui.pathname}rpc`, { origin: `http://127.0.0.1:${ui.port + 1}` })).toBe(403);
    expect(await socket(`${ui.pathname}rpc`, { origin: ui.origin, host: `attacker.example:${ui.port}` })).toBe(403);
  });

  it('keeps the sidecar to its host: a browser can neither stop it nor break it', async () => {
    const ws = (await socket(`${ui.pathname}rpc`, { origin: ui.origin })) as WebSocket;
    const c = connectionOver(ws);
    const err = (await c.sendRequest('shutdown', {}).catch((e: unknown) => e)) as ResponseError<unknown>;
    expect(err.code).toBe(-32600);
    expect(err.message).toContain('only the process that started the sidecar');
    // A frame that is not JSON gets a parse error and the socket reads on.
    const replies: string[] = [];
    ws.on('message', (d) => replies.push(String(d)));
    ws.send('{not json');
    await poll(() => replies.some((r) => r.includes('-32700'))).toBe(true);
    expect(((await c.sendRequest('hello', {})) as { protocolVersion: number }).protocolVersion).toBe(1);
    // exit from a browser closes its socket only.
    const closed = new Promise((r) => ws.once('close', r));
    await c.sendNotification('exit');
    await closed;
    c.dispose();
    expect((await sidecar.request('project/status', { project: shop })).state).toBe('ready');
  });
});

// The real sidecar process driven over stdio by a vscode-jsonrpc client: every method of the
// catalog, the error table, malformed input, cancellation, file changes, and a large project.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTree } from '../../core/model/tree';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { ErrorCodes } from '../../ide-bridge/protocol';
import { SIDECAR, SidecarClient, rpcError } from './sidecar-client';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const GENERATOR = fileURLToPath(new URL('../../bench/gen-codebase.mjs', import.meta.url));
const CART = 'orders/src/main/java/com/acme/shop/orders/web/CartController.java';

let tmp: string;
let shop: string;
let expected: ScanResult;

function scanJson(dir: string): ScanResult {
  return JSON.parse(execFileSync(process.execPath, [SIDECAR, 'scan', '--json', dir], { encoding: 'utf8', maxBuffer: 1 << 28 }));
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-sidecar-'));
  // The sidecar retains its index inside the project: work on a copy, never on the fixture.
  shop = path.join(tmp, 'shop');
  fs.cpSync(SHOP, shop, { recursive: true });
  expected = scanJson(shop);
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('sidecar over stdio', () => {
  let client: SidecarClient;
  beforeAll(() => {
    client = new SidecarClient();
  });
  afterAll(async () => {
    expect(await client.close()).toBe(0);
  });

  it('says hello with the protocol and server versions and the UI server URL', async () => {
    const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(await client.request('hello', { client: 'vitest' })).toEqual({
      protocolVersion: 1,
      serverVersion: pkg.version,
      uiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}\/$/),
    });
    // The URL is a secret: it reaches the host through hello, never the log.
    const { uiUrl } = await client.request('hello', {});
    expect(client.stderr.join('')).not.toContain(new URL(uiUrl!).pathname);
  });

  it('starts no UI server with --no-ui', async () => {
    const bare = new SidecarClient(['serve', '--stdio', '--no-ui']);
    try {
      expect((await bare.request('hello', {})).uiUrl).toBeNull();
    } finally {
      expect(await bare.close()).toBe(0);
    }
  });

  it('opens a project, streams progress and announces the scanned index', async () => {
    const opened = await client.request('project/open', { root: shop });
    expect(opened.project).toBe(shop);
    const status = await client.request('project/wait', { project: shop });
    expect(status).toMatchObject({ project: shop, state: 'ready', endpointCount: expected.endpoints.length, fromRetainedIndex: false });
    const changed = await client.waitFor('index/changed', (n) => n.project === shop);
    expect(changed.endpointCount).toBe(expected.endpoints.length);
    expect(changed.added.sort()).toEqual(expected.endpoints.map((e) => e.id).sort());
    expect(client.notificationsOf('scan/progress').map((p) => p.phase)).toContain('read');
    // Opening it again is harmless and answers with the same project.
    expect((await client.request('project/open', { root: `${shop}${path.sep}` })).project).toBe(shop);
  });

  it('gives the tree the CLI prints: modules, classes and endpoint summaries in scan order', async () => {
    const { modules } = await client.request('endpoints/tree', { project: shop });
    const want = buildTree(expected.endpoints).map((m) => ({
      module: m.module,
      classes: m.classes.map((c) => ({ className: c.className, simpleName: c.simpleName, ids: c.endpoints.map((e) => e.id) })),
    }));
    expect(modules.map((m) => ({ module: m.module, classes: m.classes.map((c) => ({ className: c.className, simpleName: c.simpleName, ids: c.endpoints.map((e) => e.id) })) }))).toEqual(want);
    const first = modules[0]!.classes[0]!.endpoints[0]!;
    expect(first).not.toHaveProperty('request');
    expect(first).not.toHaveProperty('response');
  });

  it('searches with the shared matcher and highlights', async () => {
    const { results, total } = await client.request('endpoints/search', { project: shop, query: 'DELETE /api/v1/carts/c1/items/sku-9', limit: 5 });
    expect(total).toBe(expected.endpoints.length);
    expect(results[0]!.endpoint.address).toBe('DELETE /api/v1/carts/{cartId}/items/{sku}');
    expect(results[0]!.kind).toBe('exact');
    const fuzzy = await client.request('endpoints/search', { project: shop, query: 'cart', limit: 50 });
    expect(fuzzy.results.length).toBeGreaterThanOrEqual(3);
    for (const r of fuzzy.results) expect(r.ranges.length).toBeGreaterThan(0);
  });

  it('returns one endpoint with its models, exactly as the scan has it', async () => {
    const want = expected.endpoints.find((e) => e.path === '/api/v1/carts/{cartId}/items' && e.method === 'POST')!;
    const { endpoint } = await client.request('endpoints/get', { project: shop, id: want.id });
    expect(endpoint).toEqual(want);
    expect(endpoint.request?.body?.schema).toBeDefined();
  });

  it('lists the gutter marks of a file by line, relative or absolute', async () => {
    const want = expected.endpoints.filter((e) => e.source.file === CART).sort((a, b) => a.source.line - b.source.line);
    const rel = await client.request('endpoints/inFile', { project: shop, file: CART });
    expect(rel.marks.map((m) => [m.line, m.address])).toEqual(want.map((e) => [e.source.line, e.address]));
    const abs = await client.request('endpoints/inFile', { project: shop, file: path.join(shop, CART) });
    expect(abs).toEqual(rel);
    expect((await client.request('endpoints/inFile', { project: shop, file: 'nothing/Here.java' })).marks).toEqual([]);
  });

  it('gives navigation targets as absolute paths', async () => {
    const e = expected.endpoints.find((x) => x.source.file === CART)!;
    expect(await client.request('navigation/target', { project: shop, id: e.id })).toEqual({ file: path.join(shop, CART), line: e.source.line, column: e.source.column });
  });

  it('re-scans changed files and announces exactly what changed', async () => {
    const file = path.join(shop, CART);
    const source = fs.readFileSync(file, 'utf8');
    const edited = source.replace(/\n}\s*$/, '\n\n    @GetMapping("/{cartId}/total")\n    public long total(@PathVariable String cartId) {\n        return 0;\n    }\n}\n');
    fs.writeFileSync(file, edited);
    const before = client.notificationsOf('index/changed').length;
    const change = await client.request('files/changed', { project: shop, changes: [{ path: CART, kind: 'changed' }] });
    expect(change.added).toHaveLength(1);
    expect(change.added[0]).toContain('GET /api/v1/carts/{cartId}/total');
    expect(change.removed).toEqual([]);
    const note = await client.waitFor('index/changed', (n) => n.added.length === 1);
    expect(client.notificationsOf('index/changed').length).toBe(before + 1);
    expect(note.endpointCount).toBe(expected.endpoints.length + 1);
    expect((await client.request('project/status', { project: shop })).endpointCount).toBe(expected.endpoints.length + 1);
  });

  it('re-scans a file on a gutter miss (the editor saw a change the sidecar did not)', async () => {
    const file = path.join(shop, CART);
    const source = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, source.replace(/\n}\s*$/, '\n\n    @DeleteMapping("/{cartId}")\n    public void clear(@PathVariable String cartId) {\n    }\n}\n'));
    const line = fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('public void clear')) + 1;
    const { endpoints } = await client.request('endpoints/at', { project: shop, file: CART, line });
    expect(endpoints.map((e) => e.address)).toEqual(['DELETE /api/v1/carts/{cartId}']);
    await client.waitFor('index/changed', (n) => n.added.some((id) => id.includes('#clear(')));
  });

  it('lists the open projects', async () => {
    const { projects } = await client.request('project/list', {});
    expect(projects.map((p) => p.project)).toEqual([shop]);
  });

  it('reads a source file of the project, and nothing outside it', async () => {
    const read = await client.request('source/read', { project: shop, file: path.join(shop, CART) });
    expect(read).toEqual({ file: CART, text: fs.readFileSync(path.join(shop, CART), 'utf8') });
    expect((await client.request('source/read', { project: shop, file: CART })).file).toBe(CART);
    const refused = async (file: string, why: string) => {
      const e = await rpcError(client.request('source/read', { project: shop, file }));
      expect(e.code, file).toBe(ErrorCodes.BadInput);
      expect(e.message, file).toContain(why);
    };
    await refused('/etc/passwd', 'outside the project');
    await refused('../../../etc/passwd', 'outside the project');
    // A symlink inside the project that points out of it.
    fs.symlinkSync('/etc', path.join(shop, 'etc-link'));
    await refused('etc-link/passwd', 'leads outside the project');
    fs.writeFileSync(path.join(shop, 'logo.bin'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    await refused('logo.bin', 'binary');
    await refused('orders', 'not a file');
    await refused('no/such/File.java', 'no such file');
  });

  it('reports diagnostics and the modules with their base paths', async () => {
    const { diagnostics, modules } = await client.request('project/diagnostics', { project: shop });
    expect(diagnostics).toEqual(expected.diagnostics);
    expect(modules).toEqual(expected.modules);
  });

  it('announces a module\'s new context path (an application.properties edit) as an update of its endpoints, whose fresh requests show it', async () => {
    const props = 'catalog/src/main/resources/application.properties';
    const file = path.join(shop, props);
    const original = fs.readFileSync(file, 'utf8');
    const catalog = expected.endpoints.filter((e) => e.module === 'catalog' && e.protocol !== 'grpc');
    const one = catalog.find((e) => !e.path.startsWith('/ops'))!;
    expect((await client.request('request/get', { project: shop, id: one.id })).draft).toMatchObject({ path: one.path });
    const edit = async (text: string) => {
      fs.writeFileSync(file, text);
      const seen = client.notificationsOf('index/changed').length;
      const change = await client.request('files/changed', { project: shop, changes: [{ path: props, kind: 'changed' }] });
      // Only the module's facts changed: no endpoint did, yet every one of the module's URLs did.
      expect(change.added).toEqual([]);
      expect(change.removed).toEqual([]);
      expect(change.updated.sort()).toEqual(catalog.map((e) => e.id).sort());
      await client.waitFor('index/changed', (n) => client.notificationsOf('index/changed').indexOf(n) >= seen && n.updated.includes(one.id));
    };
    await edit(`${original}server.servlet.context-path=/store\n`);
    expect((await client.request('project/diagnostics', { project: shop })).modules.find((m) => m.name === 'catalog')?.contextPath).toBe('/store');
    expect((await client.request('request/get', { project: shop, id: one.id })).draft).toMatchObject({ path: `/store${one.path}` });
    await edit(original);
    expect((await client.request('request/get', { project: shop, id: one.id })).draft).toMatchObject({ path: one.path });
  });

  it('maps every failure to its code and keeps running', async () => {
    expect((await rpcError(client.raw('no/such/method', {}))).code).toBe(-32601);
    const invalid = await rpcError(client.raw('endpoints/search', { project: shop, query: 'x', limit: 0 }));
    expect(invalid.code).toBe(-32602);
    expect(invalid.message).toContain('params/limit');
    expect((await rpcError(client.raw('endpoints/tree', {}))).message).toContain("must have required property 'project'");
    expect((await rpcError(client.request('endpoints/tree', { project: path.join(tmp, 'elsewhere') }))).code).toBe(ErrorCodes.ProjectNotOpen);
    expect((await rpcError(client.request('endpoints/get', { project: shop, id: 'nope' }))).code).toBe(ErrorCodes.NotFound);
    const outside = await rpcError(client.request('endpoints/inFile', { project: shop, file: '/etc/passwd' }));
    expect(outside.code).toBe(ErrorCodes.BadInput);
    expect(outside.message).toContain('/etc/passwd');
    const missing = await rpcError(client.request('project/open', { root: path.join(tmp, 'missing') }));
    expect(missing.code).toBe(ErrorCodes.BadInput);
    expect(missing.message).toContain(path.join(tmp, 'missing'));
    expect((await client.request('hello', {})).protocolVersion).toBe(1);
  });

  it('serves the retained index at once when a project is opened again later', async () => {
    const second = new SidecarClient();
    try {
      const opened = await second.request('project/open', { root: shop });
      // The first sidecar saved its index; a new one lists it while its own scan runs.
      expect(opened.endpointCount).toBeGreaterThan(0);
      const ready = await second.request('project/wait', { project: shop });
      expect(ready).toMatchObject({ state: 'ready', fromRetainedIndex: false, endpointCount: expected.endpoints.length + 2 });
      expect(fs.existsSync(path.join(shop, '.apiscout', 'index.json'))).toBe(true);
    } finally {
      expect(await second.close()).toBe(0);
    }
  });
});

describe('sidecar robustness', () => {
  it('answers malformed frames with JSON-RPC errors and keeps serving', async () => {
    const child = spawn(process.execPath, [SIDECAR, 'serve', '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const frame = (body: string) => `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stdin.write(frame('{not json'));
    child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 7 })));
    child.stdin.write(frame(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'hello', params: {} })));
    // Until the answer to the last frame, or the sidecar's end: a slow start is no failure.
    while (!out.includes('"id":8') && child.exitCode === null) await new Promise((r) => setTimeout(r, 20));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    // stdout is nothing but frames: split by the framing, every body is a JSON-RPC message.
    const bodies = out.split(/Content-Length: \d+\r\n\r\n/).filter(Boolean).map((b) => JSON.parse(b));
    expect(bodies).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringContaining('parse error') } },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.stringContaining('invalid request') } },
      { jsonrpc: '2.0', id: 8, result: expect.objectContaining({ protocolVersion: 1 }) },
    ]);
    // The client went away without shutdown: not a clean exit.
    expect(code).toBe(1);
  });

  it('cancels a wait on a large project without stopping the scan, then finishes it', async () => {
    const big = path.join(tmp, 'big');
    execFileSync(process.execPath, [GENERATOR, big, '--files', '1500', '--seed', '3'], { stdio: 'ignore' });
    const manifest = JSON.parse(fs.readFileSync(path.join(big, 'bench-manifest.json'), 'utf8'));
    const client = new SidecarClient();
    try {
      await client.request('project/open', { root: big });
      const source = client.cancellation();
      const waiting = client.request('project/wait', { project: big }, source.token);
      source.cancel();
      expect((await rpcError(waiting)).code).toBe(-32800);
      // The sidecar answered while scanning: the scan yields to the event loop.
      expect((await client.request('project/status', { project: big })).project).toBe(big);
      const ready = await client.request('project/wait', { project: big });
      expect(ready.state).toBe('ready');
      expect(ready.endpointCount).toBe(manifest.java.endpoints);
      const phases = new Set(client.notificationsOf('scan/progress').map((p) => p.phase));
      expect([...phases].sort()).toEqual(['endpoints', 'parse', 'read']);
      const { modules } = await client.request('endpoints/tree', { project: big });
      expect(modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints)).length).toBe(manifest.java.endpoints);
      const some: Endpoint = (await client.request('endpoints/get', { project: big, id: modules[0]!.classes[0]!.endpoints[0]!.id })).endpoint;
      expect(some.request).toBeDefined();
    } finally {
      expect(await client.close()).toBe(0);
    }
  });
});

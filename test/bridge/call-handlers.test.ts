// The request editor and Send through the real sidecar process over stdio: request state (default,
// edited, Reset re-reading the source), HTTP calls to a real server on 127.0.0.1 with an
// environment's placeholders, binary and truncated bodies saved byte for byte, cancellation both
// ways, the error codes (CallFailed, ScriptFailed, CallRefused), and gRPC calls to a real grpc-js
// server, a server stream's messages arriving as call/message before the result.

import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import type { GrpcRequestDraft, HttpRequestDraft } from '../../core/model/request-state';
import { ErrorCodes } from '../../ide-bridge/protocol';
import type { ResultOf } from '../../ide-bridge/protocol';
import { FIXTURE as GRPC_FIXTURE, startGrpcServer } from '../call/grpc-server';
import type { GrpcTestServer } from '../call/grpc-server';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { SidecarClient, rpcError } from './sidecar-client';
import { writeFiles } from '../write-files';

const CONTROLLER = `package com.example.shop;

import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/items")
public class ItemController {
  @GetMapping("/{id}")
  public Item get(@PathVariable long id, @RequestParam(required = false) String q, @RequestHeader("X-Token") String token) { return null; }

  @PostMapping
  public Item create(@RequestBody Item item) { return null; }

  @GetMapping("/{id}/photo")
  public byte[] photo(@PathVariable long id) { return null; }

  @GetMapping("/export")
  public String export() { return null; }

  @GetMapping("/hang")
  public String hang() { return null; }

  @DeleteMapping("/{id}")
  public void remove(@PathVariable long id) { }

  @GetMapping("/audit")
  public String audit() { return null; }
}

class Item { public long id; public String name; }
`;

const CONFIG = [
  "http.call.before[endpoint:DELETE /items/{id}]=js:logger.info('checking the delete'); throw new Error('deleting is not allowed from here')",
  "http.call.after[endpoint:GET /items/audit]=js:logger.warn('auditing ' + response.code()); response.json().missing.deeper",
].join('\n');

/** 600,000 characters, some of them two bytes in UTF-8: over the display limit and the memory limit set below. */
const EXPORT_TEXT = 'é0123456789'.repeat(60_000);
const PHOTO = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), createHash('sha512').update('photo').digest(), Buffer.alloc(3000, 7)]);

let work: string;
let project: string;
let userDir: string;
let server: Running;
const seen: string[] = [];
/** The client port of each request the server answered: the same port means the same connection. */
const ports: number[] = [];
const hanging: Array<() => void> = [];
let client: SidecarClient;
let sidecarTmp: string;
const spilled = () => readdirSync(sidecarTmp).filter((n) => n.startsWith('apiscout-body-'));

function write(root: string, files: Record<string, string>): void {
  writeFiles(root, files);
}

/** The user's settings: always with bodies over 100 kB spilled to a temp file. */
function userSettings(values: Record<string, unknown>): void {
  writeFileSync(join(userDir, 'settings.json'), JSON.stringify({ 'http.bodyMemoryLimit': 100_000, ...values }));
}

async function idOf(root: string, address: string): Promise<string> {
  const { modules } = await client.request('endpoints/tree', { project: root });
  const hit = modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints)).find((e) => e.address === address);
  if (!hit) throw new Error(`no endpoint ${address} in ${root}`);
  return hit.id;
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

let sequence = 0;
const nextCall = () => `call-${++sequence}`;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-bridge-call-'));
  project = join(work, 'shop');
  userDir = join(work, 'user');
  mkdirSync(userDir);
  userSettings({});
  write(project, {
    'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>shop</artifactId></project>',
    'src/main/java/com/example/shop/ItemController.java': CONTROLLER,
    'src/main/resources/application.properties': 'server.port=8181\nserver.servlet.context-path=/shop\n',
    '.apiscout/config.properties': CONFIG,
  });
  server = await httpServer((req, res, body) => {
    seen.push(`${req.method} ${req.url}`);
    ports.push(req.socket.remotePort!);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/shop/items/1/photo') {
      res.setHeader('content-type', 'image/png');
      return void res.end(PHOTO);
    }
    if (url.pathname === '/shop/items/export') {
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      return void res.end(EXPORT_TEXT);
    }
    if (url.pathname === '/shop/items/hang') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('started');
      hanging.push(() => res.end());
      return;
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url, token: req.headers['x-token'] ?? null, contentType: req.headers['content-type'] ?? null, body: body.toString('utf8') }));
  });
  // The sidecar's own temp folder: spilled response bodies can be watched coming and going.
  sidecarTmp = join(work, 'tmp');
  mkdirSync(sidecarTmp);
  client = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir, TMPDIR: sidecarTmp });
  await client.request('project/open', { root: project });
  await client.request('project/wait', { project });
});

afterAll(async () => {
  for (const end of hanging) end();
  expect(await client.close()).toBe(0);
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('request state', () => {
  it('starts from the source: localhost:<server.port> with the context path, example values, no edits', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const state = await client.request('request/get', { project, id });
    expect(state.edited).toBe(false);
    expect(state.hosts).toEqual([]);
    const draft = state.draft as HttpRequestDraft;
    expect(draft).toMatchObject({ method: 'GET', host: 'http://localhost:8181', path: '/shop/items/{id}', bodyMode: 'none' });
    expect(draft.pathParams.map((p) => p.name)).toEqual(['id']);
    expect(draft.query.map((p) => p.name)).toEqual(['q']);
    expect(draft.headers.map((p) => p.name)).toContain('X-Token');
  });

  it('returns saved edits until Reset, which re-reads the edited source file', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const { draft } = await client.request('request/get', { project, id });
    const edited = { ...(draft as HttpRequestDraft), host: 'http://127.0.0.1:1', query: [{ name: 'q', value: 'mine' }] };
    expect(await client.request('request/save', { project, id, draft: edited })).toEqual({ edited: true });
    expect(await client.request('request/get', { project, id })).toEqual({ draft: edited, edited: true, hosts: [] });

    const before = client.notificationsOf('request/changed').length;
    const reset = await client.request('request/reset', { project, id });
    expect(reset).toEqual({ draft, edited: false, hosts: [] });
    expect((await client.request('request/get', { project, id })).edited).toBe(false);
    // Every client hears of it (an explorer page showing this endpoint reloads its editor).
    expect(client.notificationsOf('request/changed').slice(before)).toEqual([{ project, id }]);
  });

  it('request/save of the default is no edit (typed back to it, the request follows the source again); a file written before the edited flag is judged by comparison', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    await client.request('request/reset', { project, id });
    const { draft } = await client.request('request/get', { project, id });
    const stateFile = join(project, '.apiscout', 'requests.json');
    const flag = () => (JSON.parse(readFileSync(stateFile, 'utf8')) as { requests: Record<string, { edited?: boolean }> }).requests[id]?.edited;
    expect(await client.request('request/save', { project, id, draft: { ...(draft as HttpRequestDraft), path: '/shop/items/8' } })).toEqual({ edited: true });
    expect(flag()).toBe(true);
    // Typed back to what it was (keys in another order, as a page may send them): no edit, in the store too.
    expect(await client.request('request/save', { project, id, draft: Object.fromEntries(Object.entries(draft).reverse()) as unknown as HttpRequestDraft })).toEqual({ edited: false });
    expect(flag()).toBe(false);
    expect(await client.request('request/get', { project, id })).toEqual({ draft, edited: false, hosts: [] });
    // Saved by an earlier version, without the flag: the same as the default (keys in another
    // order, as a page may send them back) holds no edits, a different one does.
    const written = (d: unknown) => writeFileSync(stateFile, JSON.stringify({ version: 1, hosts: [], requests: { [id]: { savedAt: '', draft: d } } }));
    written(Object.fromEntries(Object.entries(draft).reverse()));
    expect(await client.request('request/get', { project, id })).toEqual({ draft, edited: false, hosts: [] });
    written({ ...(draft as HttpRequestDraft), path: '/shop/items/7' });
    expect((await client.request('request/get', { project, id })).edited).toBe(true);
    await client.request('request/reset', { project, id });
  });

  it('Reset re-reads the source file: a field added to the body class, not yet reported to the sidecar, appears', async () => {
    const id = await idOf(project, 'POST /items');
    const { draft } = await client.request('request/get', { project, id });
    expect(Object.keys(JSON.parse((draft as HttpRequestDraft).body))).toEqual(['id', 'name']);
    await client.request('request/save', { project, id, draft: { ...(draft as HttpRequestDraft), body: '{}' } });
    const file = join(project, 'src/main/java/com/example/shop/ItemController.java');
    writeFileSync(file, CONTROLLER.replace('public String name; }', 'public String name; public int quantity; }'));
    try {
      const reset = await client.request('request/reset', { project, id });
      expect(reset.edited).toBe(false);
      expect(Object.keys(JSON.parse((reset.draft as HttpRequestDraft).body))).toEqual(['id', 'name', 'quantity']);
    } finally {
      writeFileSync(file, CONTROLLER);
      await client.request('files/changed', { project, changes: [{ path: file, kind: 'changed' }] });
    }
  });

  it('refuses a gRPC draft for an HTTP endpoint, and names an unknown endpoint', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const grpc: GrpcRequestDraft = { protocol: 'grpc', host: 'localhost:9090', service: 'a.B', method: 'C', metadata: [], messages: ['{}'] };
    expect((await rpcError(client.request('request/save', { project, id, draft: grpc }))).code).toBe(ErrorCodes.BadInput);
    const missing = await rpcError(client.request('request/get', { project, id: 'nope' }));
    expect(missing.code).toBe(ErrorCodes.NotFound);
    expect(missing.message).toContain("'nope'");
  });
});

describe('call/send (HTTP)', () => {
  beforeAll(async () => {
    const envs = new EnvironmentStore({ projectDir: project, userDir });
    await envs.create('local', [
      { key: 'host', value: server.url },
      { key: 'token', value: 'secret-7', secret: true },
      { key: 'name', value: 'say "hi"' },
    ]);
    await envs.setActive('local');
  });

  it('starts from {{host}} once the active environment defines it, sends with its values, remembers the host', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    await client.request('request/reset', { project, id });
    const { draft } = await client.request('request/get', { project, id });
    const http = draft as HttpRequestDraft;
    expect(http.host).toBe('{{host}}');
    http.pathParams = [{ name: 'id', value: '7' }];
    http.query = [{ name: 'q', value: '{{nothing}}' }];
    http.headers = [{ name: 'X-Token', value: '{{token}}' }];

    const result = await client.request('call/send', { project, id, callId: nextCall(), draft: http });
    expect(result.protocol).toBe('http');
    expect(result.unresolved).toEqual(['nothing']);
    const reply = result.http!;
    expect(reply).toMatchObject({ status: 200, statusText: 'OK', kind: 'text', truncated: false, json: true, contentType: 'application/json' });
    const echoed = JSON.parse(reply.text!);
    expect(echoed).toMatchObject({ method: 'GET', url: '/shop/items/7?q=%7B%7Bnothing%7D%7D', token: 'secret-7' });
    expect(reply.size).toBe(Buffer.byteLength(reply.text!));
    expect(reply.sent.url).toBe(`${server.url}/shop/items/7?q=%7B%7Bnothing%7D%7D`);
    expect(reply.timings.totalMs).toBeGreaterThanOrEqual(reply.timings.headersMs);

    // The draft sent became the saved edits; the host went into the history.
    const after = await client.request('request/get', { project, id });
    expect(after.edited).toBe(true);
    expect(after.draft).toEqual(http);
    expect(after.hosts[0]).toBe('{{host}}');
  });

  it('marks what the Request tab masks: values carrying a secret variable, credential headers by name; no state file holds the secret', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const before = (await client.request('request/get', { project, id })).draft as HttpRequestDraft;
    const http = structuredClone(before);
    http.query = [{ name: 'q', value: 'plain' }, { name: 'sig', value: 'x{{token}}' }];
    http.headers = [
      { name: 'X-Token', value: 'typed-by-hand' },
      { name: 'X-Trace', value: 'trace {{token}}' },
      { name: 'Authorization', value: 'Bearer abc' },
      { name: 'Accept-Language', value: 'en' },
    ];
    const { sent } = (await client.request('call/send', { project, id, callId: nextCall(), draft: http })).http!;
    expect(sent.headers).toContainEqual(['X-Trace', 'trace secret-7']);
    expect(sent.masked).toEqual(['x-token', 'x-trace', 'authorization']);
    expect(sent.maskedQuery).toEqual(['sig']);
    // What is stored keeps the placeholders: the saved draft, the host history. The secret itself
    // lives only in the user's environment file.
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)]));
    const holding = [...files(join(project, '.apiscout')), ...files(userDir)].filter((f) => readFileSync(f, 'utf8').includes('secret-7'));
    expect(holding.map((f) => readFileSync(f, 'utf8').includes('"secrets"'))).toEqual([true]);
    await client.request('request/save', { project, id, draft: before });
  });

  it('a plain Send saves the draft unedited: after a re-scan the request follows the source', async () => {
    const id = await idOf(project, 'POST /items');
    await client.request('request/reset', { project, id });
    const { draft } = await client.request('request/get', { project, id });
    expect((await client.request('call/send', { project, id, callId: nextCall(), draft })).http!.status).toBe(200);
    const sent = await client.request('request/get', { project, id });
    expect(sent).toMatchObject({ draft, edited: false });
    const saved = JSON.parse(readFileSync(join(project, '.apiscout', 'requests.json'), 'utf8')).requests[id];
    expect(saved).toMatchObject({ draft: { body: (draft as HttpRequestDraft).body }, edited: false });
    const file = join(project, 'src/main/java/com/example/shop/ItemController.java');
    writeFileSync(file, CONTROLLER.replace('public String name; }', 'public String name; public int quantity; }'));
    try {
      await client.request('files/changed', { project, changes: [{ path: file, kind: 'changed' }] });
      await client.request('project/wait', { project });
      const after = await client.request('request/get', { project, id });
      expect(after.edited).toBe(false);
      expect(Object.keys(JSON.parse((after.draft as HttpRequestDraft).body))).toEqual(['id', 'name', 'quantity']);
      // A change typed and sent at once (before the editor saved it) is an edit, and stays one.
      const typed = { ...(after.draft as HttpRequestDraft), body: '{"id": 3}' };
      await client.request('call/send', { project, id, callId: nextCall(), draft: typed });
      expect(await client.request('request/get', { project, id })).toMatchObject({ draft: typed, edited: true });
      await client.request('call/send', { project, id, callId: nextCall(), draft: typed });
      expect((await client.request('request/get', { project, id })).edited).toBe(true);
    } finally {
      writeFileSync(file, CONTROLLER);
      await client.request('files/changed', { project, changes: [{ path: file, kind: 'changed' }] });
      await client.request('project/wait', { project });
      await client.request('request/reset', { project, id });
    }
  });

  it('a Send to another host leaves the requests sent unedited elsewhere unedited: they take the new default host', async () => {
    const a = await idOf(project, 'GET /items/export');
    const b = await idOf(project, 'GET /items/{id}/photo');
    await client.request('request/reset', { project, id: b });
    const { draft } = await client.request('request/get', { project, id: b });
    expect((draft as HttpRequestDraft).host).toBe('{{host}}');
    await client.request('call/send', { project, id: b, callId: nextCall(), draft });
    expect((await client.request('request/get', { project, id: b })).edited).toBe(false);
    const other = { ...((await client.request('request/get', { project, id: a })).draft as HttpRequestDraft), host: server.url };
    await client.request('call/send', { project, id: a, callId: nextCall(), draft: other });
    expect((await client.request('request/get', { project, id: a })).edited).toBe(true);
    const now = await client.request('request/get', { project, id: b });
    expect(now.edited).toBe(false);
    expect((now.draft as HttpRequestDraft).host).toBe(server.url);
    // Back to {{host}} first in the history, as the tests after this one expect.
    await client.request('call/send', { project, id: a, callId: nextCall(), draft: { ...other, host: '{{host}}' } });
    await client.request('request/reset', { project, id: a });
    await client.request('request/reset', { project, id: b });
  });

  it('sends a JSON body with placeholders JSON-escaped, from the saved draft when none is given', async () => {
    const id = await idOf(project, 'POST /items');
    const { draft } = await client.request('request/get', { project, id });
    const http = draft as HttpRequestDraft;
    expect(http.bodyMode).toBe('json');
    http.body = '{"id": 1, "name": "{{name}}"}';
    await client.request('request/save', { project, id, draft: http });
    const result = await client.request('call/send', { project, id, callId: nextCall() });
    const echoed = JSON.parse(result.http!.text!);
    expect(echoed.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(echoed.body)).toEqual({ id: 1, name: 'say "hi"' });
  });

  it('keeps the connection between Sends, and opens a new one once the settings change', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const send = async () => {
      const from = ports.length;
      expect((await client.request('call/send', { project, id, callId: nextCall() })).http!.status).toBe(200);
      return ports.slice(from);
    };
    const [first] = await send();
    expect(await send()).toEqual([first]);
    // Other call settings, another caller: a connection of its own.
    userSettings({ 'http.timeoutMs': 60_000 });
    const [third] = await send();
    expect(third).not.toBe(first);
    expect(await send()).toEqual([third]);
    userSettings({});
  });

  it('takes an environment by name for one call', async () => {
    await new EnvironmentStore({ projectDir: project, userDir }).create('other', [{ key: 'host', value: server.url }, { key: 'token', value: 'other-token' }]);
    const id = await idOf(project, 'GET /items/{id}');
    const result = await client.request('call/send', { project, id, callId: nextCall(), environment: 'other' });
    expect(JSON.parse(result.http!.text!).token).toBe('other-token');
    const unknown = await rpcError(client.request('call/send', { project, id, callId: nextCall(), environment: 'nowhere' }));
    expect(unknown.code).toBe(ErrorCodes.BadInput);
  });

  it('describes a binary body without text, and saves it byte for byte', async () => {
    const id = await idOf(project, 'GET /items/{id}/photo');
    const draft = (await client.request('request/get', { project, id })).draft as HttpRequestDraft;
    draft.pathParams = [{ name: 'id', value: '1' }];
    const callId = nextCall();
    const result = await client.request('call/send', { project, id, callId, draft });
    expect(result.http).toMatchObject({ status: 200, kind: 'binary', contentType: 'image/png', size: PHOTO.length, truncated: false, json: false });
    expect(result.http!.text).toBeUndefined();
    const saved = await client.request('response/save', { callId, path: 'photo.png' });
    expect(saved).toEqual({ path: join(project, 'photo.png'), bytes: PHOTO.length });
    expect(readFileSync(saved.path).equals(PHOTO)).toBe(true);
  });

  it('cuts a long text at 500,000 characters for display; Save as writes all of it, spilled to disk or not', async () => {
    const id = await idOf(project, 'GET /items/export');
    const callId = nextCall();
    const result = await client.request('call/send', { project, id, callId });
    const reply = result.http!;
    const bytes = Buffer.from(EXPORT_TEXT);
    expect(reply).toMatchObject({ kind: 'text', truncated: true, json: false, size: bytes.length });
    expect(reply.text).toBe(EXPORT_TEXT.slice(0, 500_000));
    // Over http.bodyMemoryLimit (100 kB here): the body was kept in a temp file.
    const out = join(work, 'export.txt');
    expect(await client.request('response/save', { callId, path: out })).toEqual({ path: out, bytes: bytes.length });
    expect(readFileSync(out).equals(bytes)).toBe(true);
    expect((await rpcError(client.request('response/save', { callId: 'never-sent', path: out }))).code).toBe(ErrorCodes.NotFound);
  });

  it('call/cancel stops a hanging request: the send fails as cancelled', async () => {
    const id = await idOf(project, 'GET /items/hang');
    const callId = nextCall();
    const before = seen.length;
    const sending = client.request('call/send', { project, id, callId });
    await until(() => seen.slice(before).includes('GET /shop/items/hang'), 'the request to reach the server');
    expect(await client.request('call/cancel', { callId })).toEqual({ cancelled: true });
    const e = await rpcError(sending);
    expect(e.code).toBe(-32800);
    expect(e.message).toContain('cancelled');
    expect(await client.request('call/cancel', { callId })).toEqual({ cancelled: false });
  });

  it('$/cancelRequest stops a hanging request too', async () => {
    const id = await idOf(project, 'GET /items/hang');
    const before = seen.length;
    const source = client.cancellation();
    const sending = client.request('call/send', { project, id, callId: nextCall() }, source.token);
    await until(() => seen.slice(before).includes('GET /shop/items/hang'), 'the request to reach the server');
    source.cancel();
    expect((await rpcError(sending)).code).toBe(-32800);
  });

  it('answers CallFailed naming the address when nothing listens', async () => {
    const id = await idOf(project, 'GET /items/{id}');
    const draft = (await client.request('request/get', { project, id })).draft as HttpRequestDraft;
    const port = await closedPort();
    const e = await rpcError(client.request('call/send', { project, id, callId: nextCall(), draft: { ...draft, host: `http://127.0.0.1:${port}` } }));
    expect(e.code).toBe(ErrorCodes.CallFailed);
    expect(e.message).toContain(`127.0.0.1:${port}`);
    expect(e.data).toMatchObject({ kind: 'refused' });
  });

  it('answers FileNotAllowed for a file body or part outside the project (../, absolute, a link leading out), sending nothing, and sends it once allowFiles names it', async () => {
    const id = await idOf(project, 'POST /items');
    const draft = (await client.request('request/get', { project, id })).draft as HttpRequestDraft;
    mkdirSync(join(work, 'outside'), { recursive: true });
    const secret = join(work, 'outside', 'id_rsa');
    writeFileSync(secret, 'PRIVATE KEY');
    writeFileSync(join(project, 'inside.bin'), 'inside bytes');
    symlinkSync(secret, join(project, 'key-link'));
    const fileBody = (bodyFile: string): HttpRequestDraft => ({ ...draft, bodyMode: 'file', bodyFile, contentType: 'application/octet-stream' });
    const filePart = (value: string): HttpRequestDraft => ({ ...draft, bodyMode: 'multipart', form: [{ name: 'doc', value, file: true }] });
    try {
      for (const [sent, path] of [
        [fileBody('../outside/id_rsa'), secret],
        [fileBody(secret), secret],
        [fileBody('key-link'), join(project, 'key-link')],
        [filePart(secret), secret],
      ] as const) {
        const before = seen.length;
        const e = await rpcError(client.request('call/send', { project, id, callId: nextCall(), draft: sent }));
        expect(e.code).toBe(ErrorCodes.FileNotAllowed);
        expect(e.data).toEqual({ path, target: secret, root: project });
        expect(e.message).toContain(`${path}${path === secret ? '' : ` (a link to ${secret})`} is outside the project folder ${project}`);
        expect(seen.slice(before)).toEqual([]);
        // Allowing another file changes nothing.
        expect((await rpcError(client.request('call/send', { project, id, callId: nextCall(), draft: sent, allowFiles: [join(project, 'inside.bin')] }))).code).toBe(ErrorCodes.FileNotAllowed);
        const allowed = await client.request('call/send', { project, id, callId: nextCall(), draft: sent, allowFiles: [secret] });
        expect(JSON.parse(allowed.http!.text!).body).toContain('PRIVATE KEY');
      }
      // A file in the project needs no one's leave.
      const inside = await client.request('call/send', { project, id, callId: nextCall(), draft: fileBody('inside.bin') });
      expect(JSON.parse(inside.http!.text!).body).toBe('inside bytes');
    } finally {
      await client.request('request/reset', { project, id });
      rmSync(join(project, 'key-link'));
      rmSync(join(project, 'inside.bin'));
    }
  });

  it('answers ScriptFailed with the log lines when a before-script throws; nothing is sent', async () => {
    const id = await idOf(project, 'DELETE /items/{id}');
    const before = seen.length;
    const e = await rpcError(client.request('call/send', { project, id, callId: nextCall() }));
    expect(e.code).toBe(ErrorCodes.ScriptFailed);
    expect(e.message).toContain('deleting is not allowed from here');
    const data = e.data as { logs: ResultOf<'call/send'>['scriptLogs'] };
    expect(data.logs).toEqual([expect.objectContaining({ level: 'info', text: 'checking the delete' })]);
    expect(seen.slice(before)).toEqual([]);
  });

  it('shows the response when an after-script fails, with the error beside it', async () => {
    const id = await idOf(project, 'GET /items/audit');
    const result = await client.request('call/send', { project, id, callId: nextCall() });
    expect(result.http!.status).toBe(200);
    expect(result.afterScriptError).toMatch(/http\.call\.after.*deeper|missing/);
    expect(result.scriptLogs).toEqual([expect.objectContaining({ level: 'warn', text: 'auditing 200' })]);
  });
});

describe('call/send (gRPC)', () => {
  let grpcServer: GrpcTestServer;
  let echo: string;

  beforeAll(async () => {
    grpcServer = await startGrpcServer();
    echo = join(work, 'grpc-call');
    cpSync(GRPC_FIXTURE, echo, { recursive: true });
    await client.request('project/open', { root: echo });
    await client.request('project/wait', { project: echo });
  });
  afterAll(async () => {
    await grpcServer.stop();
  });

  const grpcDraft = async (address: string, messages: unknown[]): Promise<{ id: string; draft: GrpcRequestDraft }> => {
    const id = await idOf(echo, address);
    const { draft } = await client.request('request/get', { project: echo, id });
    return { id, draft: { ...(draft as GrpcRequestDraft), host: grpcServer.address, messages: messages.map((m) => JSON.stringify(m)) } };
  };

  it('is refused while gRPC calls are disabled, sending nothing', async () => {
    userSettings({});
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Say', [{ text: 'hi' }]);
    expect(draft).toMatchObject({ protocol: 'grpc', service: 'acme.echo.v1.Echo', method: 'Say' });
    const e = await rpcError(client.request('call/send', { project: echo, id, callId: nextCall(), draft }));
    expect(e.code).toBe(ErrorCodes.CallRefused);
    expect(e.data).toMatchObject({ reason: 'disabled' });
    expect(grpcServer.seen).toEqual([]);
  });

  it('unary: the reply, its headers and trailers', async () => {
    userSettings({ 'grpc.enabled': true });
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Say', [{ text: 'hi', big: '9007199254740993' }]);
    draft.metadata = [{ name: 'x-trace', value: 't-1' }];
    const callId = nextCall();
    const result = await client.request('call/send', { project: echo, id, callId, draft });
    expect(result.protocol).toBe('grpc');
    const reply = result.grpc!;
    expect(reply.status).toMatchObject({ code: 0, name: 'OK' });
    expect(reply.messages).toHaveLength(1);
    expect(reply.messages[0]!.json).toEqual({ echo: { text: 'hi', big: '9007199254740993' }, metadataKeys: ['user-agent', 'x-trace'] });
    expect(reply.headers).toContainEqual(['x-trace', 't-1']);
    expect(reply.trailers).toContainEqual(['t-x-trace', 't-1']);
    expect(reply.sent).toMatchObject({ target: grpcServer.address, path: '/acme.echo.v1.Echo/Say', kind: 'U' });
    expect(reply.sent.masked).toBeUndefined();
    // The target that answered is the gRPC host history's first, and where new gRPC requests start.
    const other = await client.request('request/get', { project: echo, id: await idOf(echo, 'gRPC /acme.echo.v1.Echo/Fail') });
    expect(other.hosts[0]).toBe(grpcServer.address);
    expect(other.edited ? undefined : (other.draft as GrpcRequestDraft).host).toBe(grpcServer.address);
    // Save as writes the reply message as JSON.
    const out = join(work, 'say.json');
    await client.request('response/save', { callId, path: out });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(reply.messages[0]!.json);
  });

  it('runs the after-scripts on a gRPC result: the status as response.code(), the messages as the body', async () => {
    const config = join(echo, '.apiscout/config.properties');
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, "http.call.after=js:logger.info('status ' + response.code() + ', ' + response.json().echo.text)\n");
    try {
      const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Say', [{ text: 'scripted' }]);
      const result = await client.request('call/send', { project: echo, id, callId: nextCall(), draft });
      expect(result.scriptLogs).toEqual([expect.objectContaining({ level: 'info', text: 'status 0, scripted' })]);
      expect(result.afterScriptError).toBeUndefined();
    } finally {
      rmSync(config);
    }
  });

  it('marks metadata that carries credentials, or a secret variable\'s value, for the Request tab to mask, and its echoes in the response', async () => {
    await new EnvironmentStore({ projectDir: echo, userDir }).create('grpc-secrets', [{ key: 'key', value: 'grpc-s3cret', secret: true }]);
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Say', [{ text: 'hi' }]);
    draft.metadata = [{ name: 'authorization', value: 'Bearer abc' }, { name: 'x-tenant', value: 't-{{key}}' }, { name: 'x-trace', value: 't-1' }];
    const result = await client.request('call/send', { project: echo, id, callId: nextCall(), draft, environment: 'grpc-secrets' });
    expect(result.grpc!.sent.metadata).toContainEqual(['x-tenant', 't-grpc-s3cret']);
    expect(result.grpc!.sent.masked).toEqual(['authorization', 'x-tenant']);
    // The server echoes x-* keys back as headers and t-x-* trailers: the secret's echoes show masked too.
    expect(result.grpc!.headers).toContainEqual(['x-tenant', 't-grpc-s3cret']);
    expect(result.grpc!.masked).toEqual(['x-tenant', 't-x-tenant']);
  });

  it('server stream: every message arrives as call/message before the result', async () => {
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Count', [{ n: 3, intervalMs: 20 }]);
    const callId = nextCall();
    const result = await client.request('call/send', { project: echo, id, callId, draft });
    const streamed = client.notificationsOf('call/message').filter((m) => m.callId === callId);
    expect(streamed.map((m) => m.message.json)).toEqual([
      { label: 'tick 0' }, // proto3 JSON leaves out a field at its default value
      { index: 1, label: 'tick 1' },
      { index: 2, label: 'tick 2' },
    ]);
    expect(result.grpc!.messages.map((m) => m.json)).toEqual(streamed.map((m) => m.message.json));
    expect(result.grpc!.sent.kind).toBe('S');
  });

  it('client stream: the messages are sent in order, then half-closed', async () => {
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Sum', [
      { currencyCode: 'EUR', units: '2', nanos: 600000000 },
      { currencyCode: 'EUR', units: '1', nanos: 500000000 },
    ]);
    const result = await client.request('call/send', { project: echo, id, callId: nextCall(), draft });
    expect(result.grpc!.messages.map((m) => m.json)).toEqual([{ currencyCode: 'EUR', units: '4', nanos: 100000000 }]);
    expect(result.grpc!.sent.messages).toHaveLength(2);
  });

  it('call/cancel ends a call with what arrived', async () => {
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Slow', [{ delayMs: 20_000 }]);
    const callId = nextCall();
    const sending = client.request('call/send', { project: echo, id, callId, draft });
    await until(() => grpcServer.seen.includes('Slow'), 'the call to reach the server');
    expect(await client.request('call/cancel', { callId })).toEqual({ cancelled: true });
    const result = await sending;
    expect(result.grpc).toMatchObject({ cancelled: true, messages: [] });
    expect(result.grpc!.status.name).toBe('CANCELLED');
  });

  it('answers CallFailed naming the address when no server answers', async () => {
    const { id, draft } = await grpcDraft('gRPC /acme.echo.v1.Echo/Say', [{ text: 'hi' }]);
    const port = await closedPort();
    const e = await rpcError(client.request('call/send', { project: echo, id, callId: nextCall(), draft: { ...draft, host: `127.0.0.1:${port}` } }));
    expect(e.code).toBe(ErrorCodes.CallFailed);
    // As HTTP says it, not grpc-js's "No connection established. Last error: ... Resolution note: ".
    expect(e.message).toBe(`connection refused by 127.0.0.1:${port}: is the server running?`);
  });

  it('is refused when no proto, descriptor set or reflection describes the method', async () => {
    const bare = join(work, 'grpc-no-protos');
    cpSync(GRPC_FIXTURE, bare, { recursive: true });
    rmSync(join(bare, 'echo/src/main/proto'), { recursive: true });
    rmSync(join(bare, 'api'), { recursive: true });
    await client.request('project/open', { root: bare });
    await client.request('project/wait', { project: bare });
    const id = await idOf(bare, 'gRPC /Echo/Say');
    const { draft } = await client.request('request/get', { project: bare, id });
    const before = grpcServer.seen.length;
    const e = await rpcError(client.request('call/send', { project: bare, id, callId: nextCall(), draft: { ...(draft as GrpcRequestDraft), host: grpcServer.address } }));
    expect(e.code).toBe(ErrorCodes.CallRefused);
    expect(e.data).toMatchObject({ reason: 'descriptors', missing: expect.arrayContaining([expect.any(String)]) });
    expect(grpcServer.seen.length).toBe(before);
  });
});

describe('kept response bodies', () => {
  it('keeps the last 20 calls: an older spilled body is dropped with its temp file, the rest go when the project closes', async () => {
    const exportId = await idOf(project, 'GET /items/export');
    const first = nextCall();
    const before = spilled();
    await client.request('call/send', { project, id: exportId, callId: first });
    const mine = spilled().filter((n) => !before.includes(n));
    expect(mine).toHaveLength(1);
    const auditId = await idOf(project, 'POST /items');
    for (let i = 0; i < 20; i++) await client.request('call/send', { project, id: auditId, callId: nextCall() });
    await until(() => !spilled().includes(mine[0]!), 'the oldest spilled body to be removed');
    expect((await rpcError(client.request('response/save', { callId: first, path: join(work, 'gone.txt') }))).code).toBe(ErrorCodes.NotFound);

    const last = nextCall();
    await client.request('call/send', { project, id: exportId, callId: last });
    expect(spilled()).toHaveLength(1);
    await client.request('project/close', { project });
    expect(spilled()).toEqual([]);
    expect((await rpcError(client.request('response/save', { callId: last, path: join(work, 'gone.txt') }))).code).toBe(ErrorCodes.NotFound);
  });

  it('removes the kept bodies\' temp files when the host goes away without shutdown', async () => {
    const tmp = join(work, 'tmp-unclean');
    mkdirSync(tmp);
    const other = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir, TMPDIR: tmp });
    await other.request('project/open', { root: project });
    await other.request('project/wait', { project });
    const { modules } = await other.request('endpoints/tree', { project });
    const id = modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints)).find((e) => e.address === 'GET /items/export')!.id;
    await other.request('call/send', { project, id, callId: 'unclean' });
    expect(readdirSync(tmp).filter((n) => n.startsWith('apiscout-body-'))).toHaveLength(1);
    other.process.stdin.end(); // the host died: no shutdown, no exit
    expect(await other.exited).toBe(1);
    other.connection.dispose();
    expect(readdirSync(tmp).filter((n) => n.startsWith('apiscout-body-'))).toEqual([]);
  });
});

// Scripts plugged into the real caller (core/call HttpCaller) through its hooks seam, against a
// loopback server: before-scripts shape what the server receives, after-scripts see the response
// (a spilled binary body included), and failures behave as the spec asks.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../core/config/config-reader';
import { HttpCaller } from '../../core/call/http';
import type { PreparedRequest } from '../../core/call/request-builder';
import { ScriptError } from '../../core/errors';
import { scriptCallHooks } from '../../scripts-sandbox/call-hooks';
import { LocalStorageStore } from '../../core/store/local-storage';
import { RequestScripts } from '../../scripts-sandbox/hooks';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';

const received: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];
const binary = Buffer.alloc(300_000, 7);
let server: Running;
const project = mkdtempSync(join(tmpdir(), 'apiscout-caller-scripts-'));
const caller = new HttpCaller({ bodyMemoryLimit: 64 * 1024, tempDir: project });

beforeAll(async () => {
  server = await httpServer((req, res, body) => {
    received.push({ method: req.method!, url: req.url!, headers: req.headers, body: body.toString('utf8') });
    if (req.url === '/login') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"access_token":"tok-7"}');
    if (req.url === '/file') return void res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(binary);
    const ok = req.headers.authorization === 'Bearer tok-7';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok }));
  });
  mkdirSync(join(project, '.apiscout'));
  writeFileSync(
    join(project, '.apiscout/config.properties'),
    [
      'http.call.before=groovy:```',
      "def token = localStorage.get('token')",
      'if (token) {',
      '  request.setHeader("Authorization", "Bearer ${token}")',
      '}',
      'if (request.body()) {',
      '  def body = request.json()',
      '  body.signed = true',
      '  request.setBody(body)',
      '}',
      '```',
      'http.call.after=js:```',
      "if (request.url().endsWith('/login')) localStorage.set('token', response.json().access_token)",
      "if (response.bytes()) { logger.info('binary', response.bytes().length, pm.response.responseSize, response.saveBody('downloads/file.bin')) }",
      '```',
      "http.call.after[endpoint:GET /broken]=js:logger.warn('checking'); response.json().missing.field",
      "http.call.before[endpoint:GET /refused]=js:throw new Error('no token yet')",
    ].join('\n'),
  );
});
afterAll(async () => {
  await caller.close();
  await server.close();
  rmSync(project, { recursive: true, force: true });
});

const scripts = () => new RequestScripts({ projectDir: project, config: readConfig({ projectDir: project }) });
const prepared = (method: string, path: string, body?: string): PreparedRequest => ({
  method,
  url: `${server.url}${path}`,
  headers: body ? [['Content-Type', 'application/json']] : [],
  body: body === undefined ? undefined : new TextEncoder().encode(body),
  unresolved: [],
});

describe('scripts around the caller', () => {
  it('a login token saved by the after-script authorises the next call; the before-script rewrites the JSON body', async () => {
    const s = scripts();
    try {
      const first = await caller.send(prepared('GET', '/orders'), { hooks: scriptCallHooks(s).hooks });
      expect(first.response.status).toBe(401);
      await caller.send(prepared('POST', '/login', '{"user":"ann"}'), { hooks: scriptCallHooks(s, { address: 'POST /login' }).hooks });
      expect(received.at(-1)!.body).toBe('{"user":"ann","signed":true}');
      const second = await caller.send(prepared('GET', '/orders'), { hooks: scriptCallHooks(s).hooks });
      expect(second.response.status).toBe(200);
      expect(received.at(-1)!.headers.authorization).toBe('Bearer tok-7');
    } finally {
      s.dispose();
    }
  });

  it('an after-script sees a body spilled to disk as bytes and saves it by copying the file', async () => {
    const s = scripts();
    try {
      const run = scriptCallHooks(s);
      const { response } = await caller.send(prepared('GET', '/file'), { hooks: run.hooks });
      expect(response.body.inMemory).toBe(false);
      expect(run.logs.map((l) => l.text)).toEqual([`binary ${binary.length} ${binary.length} true`]);
      expect(readFileSync(join(project, 'downloads/file.bin')).equals(binary)).toBe(true);
      expect(run.saved).toHaveLength(1);
      await response.body.dispose();
    } finally {
      s.dispose();
    }
  });

  it('a failing after-script keeps the response and reports the error with its logs', async () => {
    const s = scripts();
    try {
      const run = scriptCallHooks(s, { address: 'GET /broken' });
      const { response } = await caller.send(prepared('GET', '/broken'), { hooks: run.hooks });
      expect(response.status).toBe(200);
      expect(run.afterError).toBeInstanceOf(ScriptError);
      expect(run.afterError!.message).toMatch(/^http\.call\.after\[endpoint:GET \/broken\] \(\.apiscout\/config\.properties\), line 1: TypeError: Cannot read properties of undefined/);
      expect(run.logs.map((l) => `${l.level} ${l.text}`)).toEqual(['warn checking']);
    } finally {
      s.dispose();
    }
  });

  it('a failing before-script stops the send: the server sees nothing', async () => {
    const s = scripts();
    const count = received.length;
    try {
      const run = scriptCallHooks(s, { address: 'GET /refused' });
      await expect(caller.send(prepared('GET', '/refused'), { hooks: run.hooks })).rejects.toThrow(/line 1: no token yet$/);
      expect(received.length).toBe(count);
      expect(existsSync(new LocalStorageStore({ projectDir: project }).path)).toBe(true);
    } finally {
      s.dispose();
    }
  });
});

// Scripts around real calls: a login response's token, saved by an after-script in one process,
// authorises the next request through a before-script in another process (spec §5.2), against a
// loopback server that checks what it receives.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorageStore } from '../../core/store/local-storage';
import { bundleEntry, removeBundle } from '../bundled-entry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** call-child.ts bundled once (test/bundled-entry.ts), run in a process of its own per call. */
let childScript: string;

const seen: { method: string; url: string; authorization?: string; level?: string }[] = [];
const server = createServer((req, res) => {
  seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, level: req.headers['x-level'] as string | undefined });
  if (req.url === '/login') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: 'tok-42', expires_in: 60 }));
  } else if (req.url?.startsWith('/orders')) {
    const ok = req.headers.authorization === 'Bearer tok-42';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? [{ id: 1 }] : { error: 'unauthorised' }));
  } else {
    res.writeHead(404).end();
  }
});

let base = '';
const project = mkdtempSync(join(tmpdir(), 'apiscout-flow-'));
beforeAll(async () => {
  childScript = bundleEntry('test/scripts/call-child.ts');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mkdirSync(join(project, '.apiscout'), { recursive: true });
  writeFileSync(
    join(project, '.apiscout/config.properties'),
    [
      'http.call.after=js:```',
      "if (request.url().endsWith('/login')) localStorage.set('token', response.json().access_token)",
      "logger.info('status', response.code(), pm.response.responseSize)",
      '```',
      'http.call.before[folder:Orders]=groovy:```',
      "def token = localStorage.get('token') ?: 'missing'",
      'request.setHeader("Authorization", "Bearer ${token}")',
      "request.setHeader('X-Level', 'folder')",
      '```',
      "http.call.before[class:OrderController]=js:request.setHeader('X-Level', request.header('X-Level') + ',class')",
      "http.call.before[endpoint:GET /orders]=js:request.setHeader('X-Level', request.header('X-Level') + ',endpoint'); request.setQuery('page', 2)",
      '',
    ].join('\n'),
  );
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(project, { recursive: true, force: true });
  removeBundle(childScript);
});

const ORDERS = { folder: 'Orders', className: 'com.acme.OrderController', address: 'GET /orders' };
const LOGIN = { folder: 'Auth', className: 'com.acme.AuthController', address: 'POST /login' };

function callInChild(method: string, url: string, target: object): Promise<{ status: number; sent: { headers: { name: string; value: string }[]; url: string }; logs: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, project, method, url, JSON.stringify(target)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}

describe('scripts around calls, across processes', () => {
  it('the token saved after /login in one process authorises /orders in the next', async () => {
    const before = await callInChild('GET', `${base}/orders`, ORDERS);
    expect(before.status).toBe(401);
    expect(seen.at(-1)).toMatchObject({ url: '/orders?page=2', authorization: 'Bearer missing', level: 'folder,class,endpoint' });

    const login = await callInChild('POST', `${base}/login`, LOGIN);
    expect(login.status).toBe(200);
    expect(login.logs).toEqual([`info status 200 ${JSON.stringify({ access_token: 'tok-42', expires_in: 60 }).length}`]);
    const stored = JSON.parse(readFileSync(new LocalStorageStore({ projectDir: project }).path, 'utf8')) as { values: Record<string, unknown> };
    expect(stored.values).toEqual({ token: 'tok-42' });

    const after = await callInChild('GET', `${base}/orders`, ORDERS);
    expect(after.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/orders?page=2', authorization: 'Bearer tok-42', level: 'folder,class,endpoint' });
    expect(after.sent.headers).toContainEqual({ name: 'Authorization', value: 'Bearer tok-42' });
  }, 60_000);
});

// export/run and copy/text on the real sidecar over stdio: every channel written for a selection is
// byte-identical to what `apiscout export` writes for the same selection; the text destination,
// cURL rendering with an environment, the settings as defaults, the pre-request scripts; and the
// copy actions, with Copy as cURL of saved edits run by sh against a loopback server.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../core/export/index';
import type { ScanResult } from '../../core/model/endpoint';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { RequestStateStore } from '../../core/store/request-state';
import { ErrorCodes } from '../../ide-bridge/protocol';
import { SIDECAR, SidecarClient, rpcError } from './sidecar-client';
import { restoreEnv } from '../restore-env';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let tmp: string;
let shop: string;
let userDir: string;
let client: SidecarClient;
let scan: ScanResult;

/** `apiscout export` as a user runs it, with the same per-user folder as the sidecar. */
function cli(args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [SIDECAR, 'export', ...args, shop], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: userDir }, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`apiscout export ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/** The sidecar inherits the environment: set for this file's run, restored after it. */
const savedEnv = { ...process.env };

/** Every file under a folder by relative path. */
function filesUnder(dir: string): Record<string, Buffer> {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => [path.relative(dir, path.join(d.parentPath, d.name)), fs.readFileSync(path.join(d.parentPath, d.name))]),
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bridge-export-'));
  shop = path.join(tmp, 'shop');
  userDir = path.join(tmp, 'user');
  fs.cpSync(SHOP, shop, { recursive: true });
  fs.mkdirSync(path.join(shop, '.apiscout'));
  const environments = {
    version: 1,
    environments: [
      { name: 'staging', variables: [{ key: 'host', value: 'https://staging.example.com' }] },
      { name: 'local', variables: [{ key: 'host', value: 'http://localhost:8080' }] },
    ],
  };
  fs.writeFileSync(path.join(shop, '.apiscout', 'environments.json'), JSON.stringify(environments));
  scan = JSON.parse(execFileSync(process.execPath, [SIDECAR, 'scan', '--json', shop], { encoding: 'utf8', maxBuffer: 1 << 26 }));
  // The sidecar inherits this: its settings and secrets live in the test's folder.
  process.env.APISCOUT_CONFIG_DIR = userDir;
  client = new SidecarClient(['serve', '--stdio', '--no-ui']);
  await client.request('project/open', { root: shop });
  // A selected environment: exports with an environment file include it, as the CLI's do.
  await client.request('env/select', { project: shop, name: 'staging' });
});

afterAll(async () => {
  restoreEnv(savedEnv);
  expect(await client.close()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('export/run', () => {
  it('writes every channel byte-identical to the CLI for the same selection, with absolute paths and sizes', async () => {
    for (const channel of CHANNELS) {
      const viaCli = path.join(tmp, 'cli', channel);
      const summary = /exported (\d+) of (\d+) endpoint/.exec(cli(['--format', channel, '--select', 'carts', '--out', `${viaCli}/`]).stderr)!;
      const viaSidecar = path.join(tmp, 'sidecar', channel);
      const outcome = await client.request('export/run', { project: shop, channel, selection: { kind: 'query', query: 'carts' }, destination: { kind: 'file', directory: viaSidecar } });
      const want = filesUnder(viaCli);
      expect(Object.keys(want).length, channel).toBeGreaterThan(0);
      expect(filesUnder(viaSidecar), channel).toEqual(want);
      expect(outcome.files.map((f) => f.path).sort(), channel).toEqual(Object.keys(want).map((f) => path.join(viaSidecar, f)).sort());
      for (const f of outcome.files) expect(f.bytes, f.path).toBe(fs.statSync(f.path).size);
      expect([outcome.exported, outcome.selected], channel).toEqual([Number(summary[1]), Number(summary[2])]);
      expect(outcome.text).toBeUndefined();
    }
    // The environment in force went into the companion file.
    expect(fs.readdirSync(path.join(tmp, 'sidecar', 'postman')).sort()).toEqual(['collection.postman_collection.json', 'staging.postman_environment.json']);
  });

  it('creates the directory, resolves a relative one against the project, and leaves no temp files', async () => {
    const outcome = await client.request('export/run', { project: shop, channel: 'openapi', selection: { kind: 'module', module: 'inventory' }, destination: { kind: 'file', directory: 'build/api/deep' }, openapi: { format: 'json', version: '3.1.0' } });
    expect(outcome.files).toEqual([{ path: path.join(shop, 'build/api/deep/openapi.json'), bytes: expect.any(Number) }]);
    expect(JSON.parse(fs.readFileSync(outcome.files[0]!.path, 'utf8')).openapi).toBe('3.1.0');
    expect(fs.readdirSync(path.join(shop, 'build/api/deep'))).toEqual(['openapi.json']);
  });

  it('returns one file\'s channels as text, and refuses a channel that writes several', async () => {
    const selection = { kind: 'query', query: 'GET /rest/warehouses' } as const;
    const text = await client.request('export/run', { project: shop, channel: 'markdown', selection, destination: { kind: 'text' } });
    expect(text.files).toEqual([]);
    expect(text.text).toBe(cli(['--format', 'markdown', '--select', 'GET /rest/warehouses']).stdout);
    const refused = await rpcError(client.request('export/run', { project: shop, channel: 'postman', selection, destination: { kind: 'text' } }));
    expect(refused.code).toBe(ErrorCodes.BadInput);
    expect(refused.message).toContain('postman');
    expect(refused.message).toContain('staging.postman_environment.json');
    // Without an environment ("Skip"), the collection alone: text again.
    const skip = await client.request('export/run', { project: shop, channel: 'postman', selection, destination: { kind: 'text' }, environment: null });
    expect(JSON.parse(skip.text!).info.name).toBe('API');
  });

  it('renders cURL with an environment resolved, as the CLI does with the same options', async () => {
    const selection = { kind: 'query', query: 'GET /rest/warehouses' } as const;
    const resolved = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' }, environment: 'local', render: 'resolve', curl: { multiline: false, comments: false } });
    expect(resolved.text).toContain('curl -X GET http://localhost:8080/rest/warehouses\n');
    expect(resolved.text).toBe(cli(['--format', 'curl', '--select', 'GET /rest/warehouses', '--env', 'local', '--resolve', '--single-line', '--no-comments']).stdout);
    const kept = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' }, render: 'keep', curl: { multiline: false } });
    expect(kept.text).toContain("curl -X GET -g '{{host}}/rest/warehouses'\n");
  });

  it('takes the curl.* settings as defaults; "ask" counts as keep', async () => {
    const selection = { kind: 'ids' as const, ids: [scan.endpoints.find((e) => e.address === 'GET /rest/warehouses')!.id] };
    await client.request('settings/set', { scope: 'user', values: { 'curl.format.multiline': false, 'curl.format.comments': false, 'curl.format.longFlags': true, 'curl.renderMode': 'resolve' } });
    try {
      const byDefault = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' } });
      expect(byDefault.text).toBe('#!/bin/sh\n\ncurl --request GET https://staging.example.com/rest/warehouses\n');
      await client.request('settings/set', { scope: 'project', project: shop, values: { 'curl.renderMode': 'ask' } });
      const asked = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' } });
      expect(asked.text).toBe("#!/bin/sh\n\ncurl --request GET --globoff '{{host}}/rest/warehouses'\n");
    } finally {
      await client.request('settings/set', { scope: 'user', values: {}, unset: ['curl.format.multiline', 'curl.format.comments', 'curl.format.longFlags', 'curl.renderMode'] });
      await client.request('settings/set', { scope: 'project', project: shop, values: {}, unset: ['curl.renderMode'] });
    }
  });

  it('runs the pre-request scripts when asked, like the CLI, and reports a failing script with ScriptFailed', async () => {
    const config = path.join(shop, '.apiscout', 'config.properties');
    fs.writeFileSync(
      config,
      "http.call.before[class:com.acme.shop.orders.web.CartController]=js:console.log('scripted ' + request.method()); request.setHeader('X-Cart-Token', 'tok-' + request.method().toLowerCase())\n",
    );
    try {
      const selection = { kind: 'query', query: 'carts' } as const;
      const plain = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' } });
      expect(plain.text).not.toContain('X-Cart-Token');
      const scripted = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' }, runScripts: true, curl: { multiline: false } });
      expect(scripted.text).toContain("-H 'X-Cart-Token: tok-post'");
      expect(scripted.text).toBe(cli(['--format', 'curl', '--select', 'carts', '--run-scripts', '--single-line']).stdout);
      expect(scripted.warnings.some((w) => w.includes('scripted POST'))).toBe(true);
      // The setting turns it on by default.
      await client.request('settings/set', { scope: 'project', project: shop, values: { 'curl.runPreRequestScripts': true } });
      const bySetting = await client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' }, curl: { multiline: false } });
      expect(bySetting.text).toBe(scripted.text);
      fs.writeFileSync(config, "http.call.before[class:com.acme.shop.orders.web.CartController]=js:throw new Error('no cart token today')\n");
      const failed = await rpcError(client.request('export/run', { project: shop, channel: 'curl', selection, destination: { kind: 'text' } }));
      expect(failed.code).toBe(ErrorCodes.ScriptFailed);
      expect(failed.message).toContain('no cart token today');
    } finally {
      fs.rmSync(config);
      await client.request('settings/set', { scope: 'project', project: shop, values: {}, unset: ['curl.runPreRequestScripts'] });
    }
  });

  it('refuses an unknown endpoint id naming it', async () => {
    const e = await rpcError(client.request('export/run', { project: shop, channel: 'markdown', selection: { kind: 'ids', ids: ['nope'] }, destination: { kind: 'text' } }));
    expect(e.code).toBe(ErrorCodes.BadInput);
    expect(e.message).toContain("'nope'");
  });
});

describe('copy/text', () => {
  const byAddress = (address: string) => scan.endpoints.find((e) => e.address === address)!;

  it('copies API URLs and paths with the module\'s base path', async () => {
    const ids = [byAddress('GET /rest/warehouses').id, byAddress('DELETE /api/v1/carts/{cartId}/items/{sku}').id];
    const urls = await client.request('copy/text', { project: shop, ids, what: 'apiUrl' });
    expect(urls.warnings).toEqual([]);
    const lines = urls.text.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^GET \/.*rest\/warehouses$/);
    expect(lines[1]).toMatch(/^DELETE \/.*api\/v1\/carts\/\{cartId\}\/items\/\{sku\}$/);
    const paths = await client.request('copy/text', { project: shop, ids, what: 'path' });
    expect(paths.text).toBe(lines.map((l) => l.slice(l.indexOf(' ') + 1)).join('\n'));
  });

  it('copies cURL from source, resolved with the environment given, or where the application listens without one', async () => {
    const id = byAddress('GET /rest/warehouses').id;
    const copied = await client.request('copy/text', { project: shop, ids: [id], what: 'curl', environment: 'local' });
    // The saved render mode is Keep.
    expect(copied.text).toContain("'{{host}}/rest/warehouses'");
    await client.request('settings/set', { scope: 'project', project: shop, values: { 'curl.renderMode': 'resolve', 'curl.format.multiline': false } });
    try {
      const resolved = await client.request('copy/text', { project: shop, ids: [id], what: 'curl', environment: 'local' });
      expect(resolved.text).toBe('curl -X GET http://localhost:8080/rest/warehouses');
      // No environment: the host is where the application listens, as Send takes it.
      const none = await client.request('copy/text', { project: shop, ids: [id], what: 'curl', environment: null });
      expect(none.text).toBe('curl -X GET http://localhost:8080/rest/warehouses');
      expect(none.warnings).toEqual([]);
    } finally {
      await client.request('settings/set', { scope: 'project', project: shop, values: {}, unset: ['curl.renderMode', 'curl.format.multiline'] });
    }
  });

  it('copies cURL of saved edits (curl.copySource edited), and sh runs it against a loopback server', async () => {
    const e = byAddress('POST /api/v1/carts/{cartId}/items');
    const draft: HttpRequestDraft = {
      method: 'POST',
      host: '{{host}}',
      path: '/api/v1/carts/{cartId}/items',
      pathParams: [{ name: 'cartId', value: 'c 42' }],
      query: [{ name: 'dry', value: 'yes' }, { name: 'off', value: 'x', enabled: false }],
      cookies: [{ name: 'session', value: '{{session}}' }],
      headers: [{ name: 'X-Edited', value: "it's edited" }],
      form: [],
      bodyMode: 'json',
      body: '{\n  "sku": "{{sku}}",\n  "quantity": 3\n}',
    };
    await new RequestStateStore({ projectDir: shop }).save(e.id, draft);
    const seen: { method?: string; url?: string; headers?: Record<string, unknown>; body?: string } = {};
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        Object.assign(seen, { method: req.method, url: req.url, headers: req.headers, body });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await client.request('env/save', { project: shop, environment: { name: 'loopback', variables: [{ key: 'host', value: host }, { key: 'sku', value: 'sku-"9"' }, { key: 'session', value: 's3cret', secret: true }] } });
    await client.request('settings/set', { scope: 'project', project: shop, values: { 'curl.renderMode': 'resolve' } });
    try {
      const copied = await client.request('copy/text', { project: shop, ids: [e.id], what: 'curl', environment: 'loopback' });
      expect(copied.warnings).toEqual([]);
      expect(copied.text).toContain("-H 'X-Edited: it'\\''s edited'");
      const code = await new Promise<number | null>((resolve) => {
        const child = spawn('sh', ['-c', `${copied.text} -s -o /dev/null`], { stdio: 'ignore' });
        child.on('close', resolve);
      });
      expect(code).toBe(0);
      expect(seen.method).toBe('POST');
      expect(seen.url).toBe('/api/v1/carts/c%2042/items?dry=yes');
      expect(seen.headers?.['x-edited']).toBe("it's edited");
      expect(seen.headers?.cookie).toBe('session=s3cret');
      expect(seen.headers?.['content-type']).toBe('application/json');
      expect(JSON.parse(seen.body!)).toEqual({ sku: 'sku-"9"', quantity: 3 });
      // The same draft saved by a plain Send, never edited: it follows the source, and so does its copy.
      await new RequestStateStore({ projectDir: shop }).save(e.id, draft, false);
      const unedited = await client.request('copy/text', { project: shop, ids: [e.id], what: 'curl', environment: 'loopback' });
      expect(unedited.text).not.toContain('X-Edited');
      expect(unedited.text).toContain(`${host}/api/v1/carts/`);
      // "source": the same endpoint from its declaration, edits ignored.
      await client.request('settings/set', { scope: 'project', project: shop, values: { 'curl.copySource': 'source' } });
      const fromSource = await client.request('copy/text', { project: shop, ids: [e.id], what: 'curl', environment: 'loopback' });
      expect(fromSource.text).not.toContain('X-Edited');
      expect(fromSource.text).toContain(`${host}/api/v1/carts/`);
    } finally {
      server.close();
      await client.request('settings/set', { scope: 'project', project: shop, values: {}, unset: ['curl.renderMode', 'curl.copySource'] });
    }
  });
});

// `apiscout export`: the command line over the exporters, with --select, --out, --env and the
// cURL flags, as a user runs it.

import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let work: string;
let project: string;

function run(args: string[], cwd?: string) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: join(work, 'user') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-export-cli-'));
  project = join(work, 'shop');
  cpSync(SHOP, project, { recursive: true });
  mkdirSync(join(project, '.apiscout'));
  const environments = {
    version: 1,
    environments: [
      { name: 'staging', variables: [{ key: 'host', value: 'https://staging.example.com' }] },
      { name: 'local', variables: [{ key: 'host', value: 'http://localhost:8080' }] },
    ],
  };
  writeFileSync(join(project, '.apiscout', 'environments.json'), JSON.stringify(environments));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('apiscout export', () => {
  it('writes the selected endpoints to stdout with the cURL flags given', () => {
    const r = run(['export', '--format', 'curl', '--select', 'GET /api/v1/orders/{orderId}', '--single-line', '--no-comments', project]);
    expect(r.code, r.stderr).toBe(0);
    // The matcher's rules: a pasted path also finds the longer paths it is a prefix of.
    expect(r.stdout).toBe("#!/bin/sh\n\ncurl -X GET -g '{{host}}/api/v1/orders/orderId-1'\n\ncurl -X GET -g '{{host}}/api/v1/orders/orderId-1/receipt'\n");
    expect(r.stderr).toContain('exported 2 of 2 endpoint(s) to curl');
  });

  it('resolves the host from --env and writes companions into --out DIR', () => {
    const out = join(work, 'out-postman');
    const curl = run(['export', '--format', 'curl', '--env', 'staging', '--resolve', '--select', 'GET /rest/warehouses', '--single-line', project]);
    expect(curl.stdout).toContain('curl -X GET https://staging.example.com/rest/warehouses\n');
    const r = run(['export', '--format', 'postman', '--env', 'staging', '--out', `${out}/`, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['collection.postman_collection.json', 'staging.postman_environment.json']);
  });

  it('names the .proto files by the project folder\'s absolute path when the folder was given relative', () => {
    const out = join(work, 'out-grpc');
    const http = run(['export', '--format', 'http-client', '--out', `${out}/`, 'shop'], work);
    expect(http.code, http.stderr).toBe(0);
    const text = readdirSync(out).filter((f) => f.endsWith('.http')).map((f) => readFileSync(join(out, f), 'utf8')).join('\n');
    expect(text).toContain(`@protoRoot = ${project.replace(/\\/g, '/')}\n`);
    const curl = run(['export', '--format', 'curl', '--single-line', '--select', 'GetStock', 'shop'], work);
    expect(curl.stdout).toContain(` -import-path ${join(project, 'inventory/src/main/proto')} `);
  });

  it('writes every environment of the project into http-client.env.json', () => {
    const out = join(work, 'out-http');
    const r = run(['export', '--format', 'http-client', '--out', `${out}/`, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'http-client.env.json'), 'utf8'))).toEqual({
      staging: { host: 'https://staging.example.com' },
      local: { host: 'http://localhost:8080' },
    });
  });

  it('writes OpenAPI as JSON when the file name says so', () => {
    const file = join(work, 'api', 'openapi.json');
    const r = run(['export', '--format', 'openapi', '--openapi-version', '3.1.0', '--out', file, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).openapi).toBe('3.1.0');
  });

  it('runs the folder- and class-level pre-request scripts into the cURL commands (--run-scripts), and curl sends what they made', async () => {
    const config = join(project, '.apiscout', 'config.properties');
    writeFileSync(
      config,
      [
        "http.call.before[class:com.acme.shop.orders.web.CartController]=js:request.setHeader('X-Cart-Token', 'tok-' + request.method().toLowerCase()); if (request.body()) request.setBody(JSON.stringify({ ...request.json(), quantity: 7 }))",
        "http.call.before[endpoint:GET /api/v1/carts/{cartId}]=js:request.setHeader('X-Endpoint-Level', 'never in a batch')",
        '',
      ].join('\n'),
    );
    try {
      const plain = run(['export', '--format', 'curl', '--select', 'carts', project]);
      expect(plain.stdout).not.toContain('X-Cart-Token');
      const r = run(['export', '--format', 'curl', '--select', 'carts', '--run-scripts', '--single-line', '--compact-json', project]);
      expect(r.code, r.stderr).toBe(0);
      const lines = r.stdout.split('\n').filter((l) => l.startsWith('curl ') && l.includes('/api/v1/carts'));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const l of lines) expect(l).toContain("-H 'X-Cart-Token: tok-");
      expect(r.stdout).not.toContain('X-Endpoint-Level');
      // Class-level: other controllers' commands are untouched.
      for (const l of r.stdout.split('\n').filter((x) => x.startsWith('curl ') && !x.includes('/api/v1/carts'))) expect(l).not.toContain('X-Cart-Token');
      const add = lines.find((l) => l.includes('-X POST'))!;
      expect(add).toContain('"quantity":7');
      // The real consumer: sh runs the command and a loopback server sees the scripted request.
      const seen: { method?: string; headers?: Record<string, unknown>; body?: string } = {};
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c));
        req.on('end', () => {
          Object.assign(seen, { method: req.method, headers: req.headers, body });
          res.end('{}');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      try {
        const sh = await new Promise<number | null>((resolve) => {
          const child = spawn('sh', ['-c', add.replace(/'?\{\{host\}\}/, (m) => m.replace('{{host}}', `http://127.0.0.1:${port}`)) + ' -s -o /dev/null'], { stdio: 'ignore' });
          child.on('close', resolve);
        });
        expect(sh).toBe(0);
      } finally {
        server.close();
      }
      expect(seen.method).toBe('POST');
      expect(seen.headers?.['x-cart-token']).toBe('tok-post');
      expect(JSON.parse(seen.body!).quantity).toBe(7);
    } finally {
      rmSync(config);
    }
  });

  it("masks a token a pre-request script logs in the summary on stderr; the command itself is the script's doing", () => {
    const config = join(project, '.apiscout', 'config.properties');
    const storage = join(project, '.apiscout', 'scripts', 'local-storage.json');
    mkdirSync(join(project, '.apiscout', 'scripts'), { recursive: true });
    writeFileSync(storage, JSON.stringify({ version: 1, values: { token: 'tok-EXPORT-9' } }));
    writeFileSync(config, "http.call.before[class:com.acme.shop.orders.web.CartController]=js:console.log('using', localStorage.get('token')); request.setHeader('Authorization', 'Bearer {{token}}')\n");
    try {
      const r = run(['export', '--format', 'curl', '--select', 'carts', '--run-scripts', '--single-line', project]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('] info: using ••••••••\n');
      expect(r.stderr).not.toContain('tok-EXPORT-9');
      // A placeholder the script wrote stays one in the command (render mode Keep).
      expect(r.stdout).toContain("-H 'Authorization: Bearer {{token}}'");
    } finally {
      rmSync(config);
      rmSync(storage);
    }
  });

  it('selects exactly by module, class, path prefix and id; --select is the fuzzy search', () => {
    const ids = (args: string[]) => {
      const r = run(['export', '--format', 'openapi', '--openapi-version', '3.0.3', ...args, project]);
      expect(r.code, r.stderr).toBe(0);
      return [...r.stdout.matchAll(/^ {2}(\/\S*):$/gm)].map((m) => m[1]);
    };
    // The search matches word starts anywhere in the address: `cart` also finds the category tree
    // (ca·r·t), where the exact prefix stops at the carts.
    const fuzzy = ids(['--select', 'cart']);
    const exact = ids(['--path-prefix', '/api/v1/carts']);
    expect(exact.length).toBeGreaterThan(0);
    for (const p of exact) expect(p.startsWith('/api/v1/carts')).toBe(true);
    for (const p of exact) expect(fuzzy).toContain(p);
    expect(fuzzy.length).toBeGreaterThan(exact.length);
    expect(ids(['--class', 'CartController'])).toEqual(exact);
    // Values of one selector add up; different selectors must all match.
    expect(ids(['--class', 'CartController', '--class', 'WarehouseResource']).length).toBeGreaterThan(exact.length);
    expect(ids(['--class', 'CartController', '--path-prefix', '/rest'])).toEqual([]);
    const none = run(['export', '--format', 'curl', '--module', 'nope', project]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("--module 'nope' matches no endpoint");
    // So does a query that finds nothing: no empty file with "exported 0 of 0" and status 0.
    const nothing = run(['export', '--format', 'openapi', '--select', 'zzqqxxyy', project]);
    expect(nothing.code).toBe(2);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toContain("--select 'zzqqxxyy' matches no endpoint");
    expect(run(['export', '--help']).stdout).toMatch(/--select QUERY[\s\S]{0,200}fuzzy/);
  });

  it("says that Ask each export keeps placeholders when the command line has no one to ask", () => {
    const settings = join(project, '.apiscout', 'settings.json');
    writeFileSync(settings, JSON.stringify({ 'curl.renderMode': 'ask' }));
    try {
      const r = run(['export', '--format', 'curl', '--path-prefix', '/rest/warehouses', project]);
      expect(r.code).toBe(0);
      expect(r.stderr).toContain("'Ask each export'");
      expect(run(['export', '--format', 'curl', '--keep', '--path-prefix', '/rest/warehouses', project]).stderr).not.toContain("'Ask each export'");
    } finally {
      rmSync(settings);
    }
  });

  it("asks on a terminal which environment fills the placeholders (Ask each export): a real pseudo-terminal through script(1)", async () => {
    const settings = join(project, '.apiscout', 'settings.json');
    writeFileSync(settings, JSON.stringify({ 'curl.renderMode': 'ask' }));
    const quote = (a: string) => `'${a.replace(/'/g, "'\\''")}'`;
    // script gives the CLI a pseudo-terminal as stdin, stdout and stderr; its own stdin (our pipe) is typed into it.
    const onTerminal = (answer: string) =>
      new Promise<{ code: number | null; output: string }>((resolve, reject) => {
        const command = [process.execPath, BIN, 'export', '--format', 'curl', '--single-line', '--no-comments', '--path-prefix', '/rest/warehouses', project].map(quote).join(' ');
        const child = spawn('script', ['-qec', command, '/dev/null'], { env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: join(work, 'user') } });
        let output = '';
        let typed = false;
        child.stdout.on('data', (d: Buffer) => {
          output += d.toString();
          if (!typed && output.includes('Choice [1]: ')) {
            typed = true;
            child.stdin.write(`${answer}\r`);
          }
        });
        child.on('error', reject);
        child.on('close', (code) => {
          child.stdin.destroy();
          resolve({ code, output: output.replace(/\r\n/g, '\n') });
        });
      });
    try {
      const local = await onTerminal('2');
      expect(local.code, local.output).toBe(0);
      expect(local.output).toContain("curl.renderMode is 'Ask each export': which environment fills the placeholders?\n  1) staging\n  2) local\n  0) keep placeholders\n");
      expect(local.output).toContain('curl -X GET http://localhost:8080/rest/warehouses\n');
      expect(local.output).not.toContain('no one to ask');
      const kept = await onTerminal('0');
      expect(kept.code, kept.output).toBe(0);
      expect(kept.output).toContain("curl -X GET -g '{{host}}/rest/warehouses'\n");
      expect(kept.output).not.toContain('no one to ask');
    } finally {
      rmSync(settings);
    }
  }, 120_000);

  it('exits 2 on a bad channel, conflicting flags or an unknown environment', () => {
    expect(run(['export', '--format', 'word', project]).code).toBe(2);
    expect(run(['export', '--format', 'curl', '--keep', '--resolve', project]).code).toBe(2);
    const unknown = run(['export', '--format', 'curl', '--env', 'nope', project]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('nope');
  });
});

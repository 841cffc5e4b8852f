// `apiscout call` runs the project's request scripts: the built bundle (isolated-vm loaded from
// node_modules) in a child process, a Spring project written by the test, a real server on
// 127.0.0.1 that wants the token a login response handed out.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

const CONTROLLER = `package com.example.auth;

import org.springframework.web.bind.annotation.*;

@RestController
public class AuthController {
  @PostMapping("/login")
  public Token login() { return null; }

  @GetMapping("/orders/{id}")
  public Order order(@PathVariable long id) { return null; }

  @DeleteMapping("/orders/{id}")
  public void cancel(@PathVariable long id) { }
}

class Token { public String access_token; }
class Order { public long id; }
`;

const CONFIG = [
  'http.call.after=js:```',
  "if (request.url().endsWith('/login')) {",
  "  localStorage.set('token', response.json().access_token)",
  "  logger.info('saved token, ' + pm.response.responseSize + ' bytes')",
  '}',
  '```',
  'http.call.before[class:AuthController]=groovy:```',
  "def token = localStorage.get('token')",
  'if (token) {',
  '  request.setHeader("Authorization", "Bearer ${token}")',
  '}',
  '```',
  "http.call.before[endpoint:DELETE /orders/{id}]=js:throw new Error('cancelling is not allowed from scripts')",
  "http.call.after[endpoint:GET /orders/{id}]=js:logger.warn('checking'); response.json().missing.deeper",
].join('\n');

let server: Running;
const hits: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'apiscout-call-scripts-'));
const userDir = mkdtempSync(join(tmpdir(), 'apiscout-call-scripts-user-'));

beforeAll(async () => {
  server = await httpServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/login') return void res.end('{"access_token":"tok-99"}');
    if (req.headers.authorization !== 'Bearer tok-99') return void res.writeHead(401).end('{"error":"unauthorised"}');
    res.end('{"id":1}');
  });
  const files: Record<string, string> = {
    'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>auth</artifactId></project>',
    'src/main/java/com/example/auth/AuthController.java': CONTROLLER,
    '.apiscout/config.properties': CONFIG,
  };
  for (const [p, t] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), t);
  }
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'call', ...args, dir, '--host', server.url], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('apiscout call with request scripts', () => {
  it('the login token saved by the after-script authorises the next call through the groovy before-script', async () => {
    const login = await run(['POST /login']);
    expect(login.code).toBe(0);
    expect(login.stderr).toBe('[http.call.after (.apiscout/config.properties)] info: saved token, 25 bytes\n');
    expect(hits.at(-1)).toBe('POST /login -');

    const order = await run(['GET /orders/{id}', '--param', 'id=1']);
    expect(hits.at(-1)).toBe('GET /orders/1 Bearer tok-99');
    expect(order.stdout).toMatch(/^HTTP 200 OK/);
    // This endpoint's own after-script fails: the response is still printed, the error named, exit 1.
    expect(order.stderr).toBe(
      '[http.call.after[endpoint:GET /orders/{id}] (.apiscout/config.properties)] warn: checking\n' +
        "apiscout call: http.call.after[endpoint:GET /orders/{id}] (.apiscout/config.properties), line 1: TypeError: Cannot read properties of undefined (reading 'deeper')\n",
    );
    expect(order.code).toBe(1);
  });

  it('a failing before-script sends nothing and names the script and line', async () => {
    const count = hits.length;
    const r = await run(['DELETE /orders/{id}', '--param', 'id=1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('apiscout call: http.call.before[endpoint:DELETE /orders/{id}] (.apiscout/config.properties), line 1: cancelling is not allowed from scripts\n');
    expect(r.stdout).toBe('');
    expect(hits.length).toBe(count);
  });
});

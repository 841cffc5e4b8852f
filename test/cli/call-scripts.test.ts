// `apiscout call` runs the project's request scripts: the built bundle (isolated-vm loaded from
// node_modules) in a child process, a Spring project written by the test, a real server on
// 127.0.0.1 that wants the token a login response handed out. What the command prints (it ends up
// in CI logs) has that token, the session cookie and the secret variables masked.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { runCli, type CliRun } from './run-cli';
import { writeFiles } from '../write-files';

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

  @GetMapping("/whoami")
  public String whoami(@RequestHeader("X-Tenant") String tenant) { return null; }
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
  // A careless script: it logs the token kept, the cookie handed out and a secret variable's value.
  "http.call.after[endpoint:GET /whoami]=js:console.log('token', localStorage.get('token'), 'cookie', response.header('Set-Cookie'), 'tenant', request.header('X-Tenant'))",
].join('\n');

let server: Running;
const hits: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'apiscout-call-scripts-'));
const userDir = mkdtempSync(join(tmpdir(), 'apiscout-call-scripts-user-'));

beforeAll(async () => {
  server = await httpServer((req, res) => {
    hits.push(`${req.method} ${req.url} ${req.headers.authorization ?? '-'}`);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/whoami') {
      res.setHeader('set-cookie', 'SESSION=sess-4712; Path=/');
      return void res.end(JSON.stringify({ tenant: req.headers['x-tenant'] }));
    }
    if (req.url === '/login') {
      res.setHeader('set-cookie', 'SESSION=sess-4711; Path=/; HttpOnly');
      return void res.end('{"access_token":"tok-99"}');
    }
    if (req.headers.authorization !== 'Bearer tok-99') return void res.writeHead(401).end('{"error":"unauthorised"}');
    res.end('{"id":1}');
  });
  const files: Record<string, string> = {
    'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>auth</artifactId></project>',
    'src/main/java/com/example/auth/AuthController.java': CONTROLLER,
    '.apiscout/config.properties': CONFIG,
  };
  writeFiles(dir, files);
  await new EnvironmentStore({ projectDir: dir, userDir }).create('dev', [{ key: 'tenant', value: 'tenant-s3cret', secret: true }]);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

function run(args: string[]): Promise<CliRun> {
  return runCli(['call', ...args, dir, '--host', server.url], { APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '' });
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

  it('prints no secret: the cookie handed out, the token kept, a secret variable, in headers and script logs alike', async () => {
    const login = await run(['POST /login']);
    expect(login.code).toBe(0);
    expect(login.stdout).toMatch(/^set-cookie: SESSION=•{8}; Path=\/; HttpOnly$/m);
    expect(login.stdout).not.toContain('sess-4711');

    const who = await run(['GET /whoami', '--env', 'dev', '--header', 'X-Tenant: {{tenant}}', '--verbose']);
    expect(who.code).toBe(0);
    // The request as sent: the token the before-script put in Authorization, the secret variable.
    expect(who.stdout).toContain('> Authorization: Bearer ••••••••\n');
    expect(who.stdout).toContain('> X-Tenant: ••••••••\n');
    expect(who.stderr).toBe('[http.call.after[endpoint:GET /whoami] (.apiscout/config.properties)] info: token •••••••• cookie SESSION=••••••••; Path=/ tenant ••••••••\n');
    // The body is what the server answered: printed as it came (the server echoes the tenant).
    expect(who.stdout).toContain('"tenant": "tenant-s3cret"');
    const printed = who.stdout.replace('"tenant": "tenant-s3cret"', '') + who.stderr + login.stderr;
    for (const secret of ['tok-99', 'sess-4711', 'sess-4712', 'tenant-s3cret']) expect(printed).not.toContain(secret);
  });
});

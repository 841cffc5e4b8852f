// The way back through the real sidecar: a server on 127.0.0.1 that hands out a session cookie
// and a token, scripts that log them and a secret variable. call/send marks the credential
// response headers for the Response tab to mask; script log lines, script errors and call errors
// come with every secret value masked (the line as logged kept beside it for the user's reveal);
// the sidecar's log and the project's state files hold no secret the environment does not.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { ErrorCodes } from '../../ide-bridge/protocol';
import type { ResultOf } from '../../ide-bridge/protocol';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { SidecarClient, rpcError } from './sidecar-client';
import { writeFiles } from '../write-files';

const CONTROLLER = `package com.example.auth;

import org.springframework.web.bind.annotation.*;

@RestController
public class AuthController {
  @PostMapping("/login")
  public String login(@RequestHeader("X-Tenant") String tenant) { return null; }

  @GetMapping("/me")
  public String me() { return null; }

  @GetMapping("/fail")
  public String fail(@RequestParam("access_token") String token) { return null; }
}
`;

const MASK = '••••••••';

const CONFIG = [
  // Keeps the token handed out, then logs everything it should not.
  "http.call.after[endpoint:POST /login]=js:localStorage.set('accessToken', response.json().token); console.log('got', response.json().token, response.header('Set-Cookie'), 'for', request.header('X-Tenant'))",
  // Fails quoting the token it read back, after logging it.
  "http.call.before[endpoint:GET /me]=js:const t = localStorage.get('accessToken'); logger.warn('using ' + t); throw new Error('refusing ' + t)",
].join('\n');

let work: string;
let project: string;
let userDir: string;
let server: Running;
let client: SidecarClient;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-response-secrets-'));
  project = join(work, 'auth');
  userDir = join(work, 'user');
  mkdirSync(userDir);
  const files: Record<string, string> = {
    'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>auth</artifactId></project>',
    'src/main/java/com/example/auth/AuthController.java': CONTROLLER,
    '.apiscout/config.properties': CONFIG,
  };
  writeFiles(project, files);
  server = await httpServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('set-cookie', ['SESSION=sess-4711; Path=/; HttpOnly', 'theme=light']);
    res.setHeader('x-auth-token', 'hdr-tok-5');
    res.end(JSON.stringify({ token: 'tok-from-body-99' }));
  });
  const envs = new EnvironmentStore({ projectDir: project, userDir });
  await envs.create('dev', [
    { key: 'host', value: server.url },
    { key: 'tenant', value: 'tenant-s3cret', secret: true },
  ]);
  await envs.setActive('dev');
  client = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir });
  await client.request('project/open', { root: project });
  await client.request('project/wait', { project });
});

afterAll(async () => {
  expect(await client.close()).toBe(0);
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

async function idOf(address: string): Promise<string> {
  const { modules } = await client.request('endpoints/tree', { project });
  return modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints)).find((e) => e.address === address)!.id;
}

const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : [join(dir, d.name)]));

describe('what comes back from a call or a script shows masked', () => {
  it('marks Set-Cookie and credential response headers; script logs have the token, the cookie and the secret variable masked', async () => {
    const id = await idOf('POST /login');
    const { draft } = await client.request('request/get', { project, id });
    const http = structuredClone(draft) as HttpRequestDraft;
    http.headers = [{ name: 'X-Tenant', value: '{{tenant}}' }];
    const result = await client.request('call/send', { project, id, callId: 'login', draft: http });
    const reply = result.http!;
    // The real values stay in the reply, for the user's own reveal; the tab shows them masked.
    expect(reply.headers).toContainEqual(['set-cookie', 'SESSION=sess-4711; Path=/; HttpOnly']);
    expect(reply.masked).toEqual(['set-cookie', 'x-auth-token']);
    expect(result.scriptLogs).toEqual([
      {
        script: 'http.call.after[endpoint:POST /login] (.apiscout/config.properties)',
        level: 'info',
        text: `got ${MASK} SESSION=${MASK}; Path=/; HttpOnly for ${MASK}`,
        secretText: 'got tok-from-body-99 SESSION=sess-4711; Path=/; HttpOnly for tenant-s3cret',
      },
    ]);
  });

  it('a before-script that fails quoting a kept token: its error and its log lines come masked', async () => {
    const e = await rpcError(client.request('call/send', { project, id: await idOf('GET /me'), callId: 'me' }));
    expect(e.code).toBe(ErrorCodes.ScriptFailed);
    expect(e.message).toContain(`refusing ${MASK}`);
    expect(e.message).not.toContain('tok-from-body-99');
    const { logs } = e.data as { logs: ResultOf<'call/send'>['scriptLogs'] };
    expect(logs.map((l) => [l.text, l.secretText])).toEqual([[`using ${MASK}`, 'using tok-from-body-99']]);
  });

  it('a call error quoting a URL masks its credential query parameter', async () => {
    const id = await idOf('GET /fail');
    const { draft } = await client.request('request/get', { project, id });
    const http = structuredClone(draft) as HttpRequestDraft;
    // A host that answers with garbage: the error quotes the whole URL.
    http.host = `http://127.0.0.1:${await garbagePort()}`;
    http.query = [{ name: 'access_token', value: 'q-tok-1234' }];
    const e = await rpcError(client.request('call/send', { project, id, callId: 'fail', draft: http }));
    expect(e.code).toBe(ErrorCodes.CallFailed);
    expect(e.message).toContain('access_token=');
    expect(`${e.message} ${JSON.stringify(e.data)}`).not.toContain('q-tok-1234');
    // The draft sent was saved as typed, literal token and all: dropped here, so the last test sees what a call itself writes.
    await client.request('request/reset', { project, id });
  });

  it("export/run with the pre-request scripts: a kept token one logs comes back masked among the warnings", async () => {
    const config = join(project, '.apiscout', 'config.properties');
    writeFileSync(config, "http.call.before[class:AuthController]=js:console.log('export with', localStorage.get('accessToken'))\n");
    try {
      const out = await client.request('export/run', { project, channel: 'curl', selection: { kind: 'all' }, destination: { kind: 'text' }, runScripts: true });
      expect(out.warnings).toContain(`[http.call.before[class:AuthController] (.apiscout/config.properties)] info: export with ${MASK}`);
      expect(JSON.stringify(out)).not.toContain('tok-from-body-99');
    } finally {
      writeFileSync(config, CONFIG);
    }
  });

  it('leaves no secret in the sidecar log or the project: only the user files of secrets and of the scripts\' localStorage hold them', () => {
    expect(client.stderr.join('')).not.toMatch(/tok-from-body-99|sess-4711|tenant-s3cret|hdr-tok-5|q-tok-1234/);
    const holding = [...files(join(project, '.apiscout')), ...files(userDir)].filter((f) => /tok-from-body-99|sess-4711|tenant-s3cret|hdr-tok-5|q-tok-1234/.test(readFileSync(f, 'utf8')));
    expect(holding.map((f) => f.slice(work.length + 1)).sort()).toEqual([expect.stringMatching(/^user\/projects\/auth-\w+\.json$/), expect.stringMatching(/^user\/projects\/auth-\w+\.local-storage\.json$/)]);
  });
});

/** A server that answers any request with something that is not HTTP: the call fails with the URL in its message. */
async function garbagePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const s = createServer((socket) => socket.end('not http at all\r\n\r\n'));
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  afterAll(() => new Promise<void>((r) => s.close(() => r())));
  return (s.address() as { port: number }).port;
}

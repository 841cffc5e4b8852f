// `apiscout call` of a secured endpoint (a copy of the secured-api fixture) against a real server on
// 127.0.0.1: the environment's bearer token goes as the Authorization header Send adds
// (core/call/send-auth.ts), --verbose shows it masked, and a --header of the user's wins. `export --format curl
// --resolve` writes the secret token as a shell variable the script reads, never its value.

import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import type { Echo, Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';
import { runCli, type CliRun } from './run-cli';

const SECURED = fileURLToPath(new URL('../fixtures/spring-mvc/secured-api', import.meta.url));
const TOKEN = 'cli-tok-S3CRET';

let server: Running;
let work: string;
let dir: string;
let userDir: string;

const run = (args: string[]): Promise<CliRun> => runCli(['call', ...args], { APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '', https_proxy: '', HTTPS_PROXY: '' });
const echoed = (stdout: string): Echo => JSON.parse(stdout.slice(stdout.indexOf('\n\n') + 2)) as Echo;

beforeAll(async () => {
  server = await httpServer(echo);
  work = mkdtempSync(join(tmpdir(), 'apiscout-call-credential-'));
  dir = join(work, 'secured-api');
  userDir = join(work, 'user');
  cpSync(SECURED, dir, { recursive: true });
  await new EnvironmentStore({ projectDir: dir, userDir }).create('dev', [{ key: 'bearerToken', value: TOKEN, secret: true }]);
  await new EnvironmentStore({ projectDir: dir, userDir }).create('served', [{ key: 'host', value: server.url }, { key: 'bearerToken', value: TOKEN, secret: true }]);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('apiscout call of a secured endpoint', () => {
  it('sends the bearer token the environment defines, masked in --verbose; none without the environment; the user\'s header wins', async () => {
    const withToken = await run(['GET /accounts/{id}', dir, '--host', server.url, '--param', 'id=7', '--env', 'dev', '--verbose']);
    expect(withToken.code, withToken.stderr).toBe(0);
    expect(echoed(withToken.stdout.split('\n').filter((l) => !l.startsWith('> ')).join('\n')).headers.authorization).toBe(`Bearer ${TOKEN}`);
    const sent = withToken.stdout.split('\n').filter((l) => l.startsWith('> '));
    expect(sent).toContain('> Authorization: Bearer ••••••••');
    expect(sent.join('\n')).not.toContain(TOKEN);

    const bare = await run(['GET /accounts/{id}', dir, '--host', server.url, '--param', 'id=7']);
    expect(bare.code, bare.stderr).toBe(0);
    expect(echoed(bare.stdout).headers.authorization).toBeUndefined();

    const own = await run(['GET /accounts/{id}', dir, '--host', server.url, '--param', 'id=7', '--env', 'dev', '--header', 'Authorization: Bearer mine']);
    expect(echoed(own.stdout).headers.authorization).toBe('Bearer mine');
  });
});

/** Runs a script under sh with `env`, its output collected. */
function sh(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawn('sh', [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('apiscout export --format curl --resolve with a secret variable', () => {
  it('writes the token as a shell variable the script reads: the file holds no secret, and run with it exported the server gets it', async () => {
    const out = join(work, 'curl-out');
    const exported = await runCli(['export', '--format', 'curl', '--resolve', '--env', 'served', '--out', `${out}/`, dir], { APISCOUT_CONFIG_DIR: userDir });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toContain('secret values are not written in api.sh: export BEARER_TOKEN before running it');
    expect(exported.stderr).not.toContain(TOKEN);
    for (const f of readdirSync(out)) expect(readFileSync(join(out, f), 'utf8')).not.toContain(TOKEN);
    const script = readFileSync(join(out, 'api.sh'), 'utf8');
    expect(script).toContain(`${server.url}/accounts/`);
    expect(script).toContain(`'Authorization: Bearer '"\${BEARER_TOKEN}"`);
    const ran = await sh('./api.sh', out, { ...process.env, BEARER_TOKEN: TOKEN, http_proxy: '', HTTP_PROXY: '' });
    expect(ran.stdout).toContain(`"authorization":"Bearer ${TOKEN}"`);
  });
});

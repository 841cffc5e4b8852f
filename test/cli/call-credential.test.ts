// `apiscout call` of a secured endpoint (a copy of the secured-api fixture) against a real server on
// 127.0.0.1: the environment's bearer token goes as the Authorization header Send adds
// (core/call/send-auth.ts), --verbose shows it masked, and a --header of the user's wins.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
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

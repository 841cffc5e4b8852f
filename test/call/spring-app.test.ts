// Against a real Spring Boot application (test/fixtures/spring-boot-app, built by Maven in a temp
// copy and run on a loopback port): every endpoint apiscout finds in it is called by `apiscout call`
// and answered 2xx/3xx; for some, the request `call`, Send (the sidecar's call/send) and Copy as cURL
// (copy/text, run by sh) put on the wire is the same, as the application echoes what it received.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { SidecarClient } from '../bridge/sidecar-client';
import { run } from '../export/files';
import { QUICK_JVM } from '../quick-jvm';
import { runCli, type CliRun } from '../cli/run-cli';

const FIXTURE = fileURLToPath(new URL('../fixtures/spring-boot-app', import.meta.url));

let work: string;
let userDir: string;
let app: ChildProcess | undefined;
let appLog = '';
let host: string;
let client: SidecarClient;

function env(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '', no_proxy: '*' };
}

function cli(args: string[]): Promise<CliRun> {
  return runCli(args, env());
}

function sh(script: string): Promise<number | null> {
  return new Promise((resolve) => spawn('sh', ['-c', script], { stdio: 'ignore', env: env() }).on('close', resolve));
}

/**
 * Offline first (the ~/.m2 cache), then online: a fresh CI machine downloads Spring Boot once.
 * Not spawnSync: a worker blocked for over a minute misses vitest's RPC deadline on a busy machine.
 */
async function buildJar(dir: string): Promise<string> {
  const mvn = process.platform === 'win32' ? 'mvn.cmd' : 'mvn';
  const maven = (args: string[]) =>
    run(mvn, ['-B', '-q', ...args, 'package', '-DskipTests'], { cwd: dir, timeoutMs: 30 * 60_000 }).catch((e: Error) => {
      throw new Error(`cannot run Maven (${e.message}): install Maven and a JDK 17 or newer (.ci/run does)`);
    });
  let built = await maven(['-o']);
  if (built.status !== 0) built = await maven([]);
  if (built.status !== 0) throw new Error(`mvn package failed (exit ${built.status}):\n${built.stdout}\n${built.stderr}`);
  return join(dir, 'target', 'clinic.jar');
}

/** Waits for the application to write its port (it does once the server accepts connections). */
async function startApp(jar: string): Promise<string> {
  const portFile = join(work, 'port');
  app = spawn('java', [...QUICK_JVM, `-Dclinic.port-file=${portFile}`, '-jar', jar], { stdio: ['ignore', 'pipe', 'pipe'] });
  app.stdout!.on('data', (d: Buffer) => (appLog += d.toString()));
  app.stderr!.on('data', (d: Buffer) => (appLog += d.toString()));
  let exited = false;
  app.on('exit', () => (exited = true));
  while (!existsSync(portFile)) {
    if (exited) throw new Error(`the Spring application exited before it listened:\n${appLog}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return `http://127.0.0.1:${readFileSync(portFile, 'utf8').trim()}`;
}

function treeOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();
}

const fixtureBefore = treeOf(FIXTURE);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-spring-app-'));
  userDir = join(work, 'user');
  const build = join(work, 'app');
  cpSync(FIXTURE, build, { recursive: true });
  host = await startApp(await buildJar(build));
  client = new SidecarClient(['serve', '--stdio', '--no-ui'], env());
  await client.request('project/open', { root: FIXTURE });
  await client.request('project/wait', { project: FIXTURE });
  await client.request('env/save', { project: FIXTURE, environment: { name: 'app', variables: [{ key: 'host', value: host }] } });
}, 900_000);

afterAll(async () => {
  await client?.close();
  if (app && app.exitCode === null) {
    const gone = new Promise((r) => app!.once('exit', r));
    app.kill();
    await gone;
  }
  if (work) rmSync(work, { recursive: true, force: true });
}, 60_000);

/** A value for each path variable of a path template, so the application can convert it to an int. */
function pathValues(path: string): Record<string, string> {
  const names = [...path.matchAll(/\{([^}:]+)/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((n, i) => [n, String(i + 7)]));
}

describe('a real Spring application', () => {
  it('answers every endpoint apiscout finds with 2xx/3xx when called by `apiscout call`', async () => {
    const scan = await cli(['scan', '--json', FIXTURE]);
    expect(scan.code, scan.stderr).toBe(0);
    const endpoints = (JSON.parse(scan.stdout) as { endpoints: { id: string; method: string; path: string }[] }).endpoints;
    expect(endpoints.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /owners',
      'GET /owners/find',
      'GET /owners/{id}',
      'GET /owners/{ownerId}/pets',
      'GET /vets',
      'POST /owners/new',
      'POST /owners/{ownerId}/pets',
      'POST /owners/{ownerId}/pets/{petId}/visits',
    ]);
    for (const e of endpoints) {
      const params = Object.entries(pathValues(e.path)).flatMap(([k, v]) => ['--param', `${k}=${v}`]);
      // --no-follow: the redirect itself is the answer to check, not the page it leads to.
      const r = await cli(['call', e.id, FIXTURE, '--env', 'app', '--no-follow', ...params]);
      expect(r.code, `${e.method} ${e.path}: ${r.stderr}`).toBe(0);
      expect(r.stdout, `${e.method} ${e.path}`).toMatch(/^HTTP [23]\d\d /m);
    }
    expect(treeOf(FIXTURE)).toEqual(fixtureBefore);
  }, 600_000);

  // Each with the path variables filled in, and some with edits: an optional query parameter, form
  // fields, a header. `call` takes them as --param, Send as the edited draft, Copy as cURL from the
  // edits Send saved.
  const cases: { address: string; edits: Record<string, string> }[] = [
    { address: 'GET /owners', edits: {} },
    { address: 'GET /owners', edits: { lastName: 'Davis', page: '2' } },
    { address: 'POST /owners/new', edits: { firstName: 'Grace', city: 'Madison' } },
    { address: 'POST /owners/{ownerId}/pets', edits: { note: 'first visit' } },
    { address: 'POST /owners/{ownerId}/pets/{petId}/visits', edits: {} },
    { address: 'GET /vets', edits: { 'X-Clinic': 'north' } },
  ];
  for (const { address, edits } of cases) {
    it(`receives one request from call, Send and Copy as cURL: ${address} ${JSON.stringify(edits)}`, async () => {
      const { results } = await client.request('endpoints/search', { project: FIXTURE, query: address, limit: 1 });
      const id = results[0]!.endpoint.id;
      expect(`${results[0]!.endpoint.method} ${results[0]!.endpoint.path}`).toBe(address);
      const values = { ...pathValues(address), ...edits };

      const out = join(work, 'call.json');
      const r = await cli(['call', id, FIXTURE, '--env', 'app', '--reset', '--out', out, ...Object.entries(values).flatMap(([k, v]) => ['--param', `${k}=${v}`])]);
      expect(r.code, r.stderr).toBe(0);
      const viaCall = readFileSync(out, 'utf8');

      await client.request('request/reset', { project: FIXTURE, id });
      const draft = (await client.request('request/get', { project: FIXTURE, id })).draft as HttpRequestDraft;
      for (const row of [...draft.pathParams, ...draft.query, ...draft.headers, ...draft.form]) {
        if (values[row.name] !== undefined) Object.assign(row, { value: values[row.name], enabled: true });
      }
      const sent = await client.request('call/send', { project: FIXTURE, id, callId: `send ${address}`, draft, environment: 'app' });
      expect(sent.http?.status).toBe(200);
      const viaSend = sent.http!.text!;

      await client.request('settings/set', { scope: 'project', project: FIXTURE, values: { 'curl.renderMode': 'resolve', 'curl.copySource': 'edited' } });
      const copied = await client.request('copy/text', { project: FIXTURE, ids: [id], what: 'curl', environment: 'app' });
      const curlOut = join(work, 'curl.json');
      expect(await sh(`${copied.text} -s -f -o '${curlOut}'`)).toBe(0);
      const viaCopy = readFileSync(curlOut, 'utf8');

      // The application echoes method, path, query, content type, the X-Clinic header and what it bound.
      const echoed = JSON.parse(viaCall) as Record<string, string>;
      const [method, template] = address.split(' ') as [string, string];
      if (method !== 'GET' || template !== '/vets') {
        expect(echoed.method).toBe(method);
        expect(echoed.path).toBe(template.replace(/\{(\w+)\}/g, (_m, n: string) => values[n]!));
        for (const [k, v] of Object.entries(edits)) expect(echoed.query + echoed.bound).toContain(`${k}=${k === 'note' ? 'first%20visit' : v}`);
      } else {
        expect(echoed).toEqual(['James Carter@north']);
      }
      expect(viaSend).toBe(viaCall);
      expect(viaCopy).toBe(viaCall);
    }, 300_000);
  }

  it('sends the declared default and leaves out the optional parameter without a value', async () => {
    const out = join(work, 'owners.json');
    const r = await cli(['call', 'GET /owners', FIXTURE, '--env', 'app', '--reset', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toMatchObject({ query: 'page=1', bound: 'page=1,lastName=null' });
  }, 300_000);
});

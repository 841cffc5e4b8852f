// settings/get, settings/set and grpc/detect on the real sidecar over stdio: every setting of the
// table as a page row, a round trip in both scopes, refusals that write nothing, the secret never
// sent, the actuator switch taking effect on the next refresh, and Auto Detect on the gRPC fixtures.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../core/config/settings';
import { ErrorCodes } from '../../ide-bridge/protocol';
import type { ResultOf } from '../../ide-bridge/protocol';
import { SidecarClient, rpcError } from './sidecar-client';
import { restoreEnv } from '../restore-env';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

let tmp: string;
let userDir: string;
let actuatorProject: string;
let client: SidecarClient;

/** The sidecar inherits the environment: set for this file's run, restored after it. */
const savedEnv = { ...process.env };

const row = (view: ResultOf<'settings/get'>, key: string) => view.settings.find((r) => r.key === key)!;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bridge-settings-'));
  userDir = path.join(tmp, 'user');
  actuatorProject = path.join(tmp, 'actuator');
  fs.cpSync(path.join(FIXTURES, 'actuator', 'controller-endpoints'), actuatorProject, { recursive: true });
  process.env.APISCOUT_CONFIG_DIR = userDir;
  client = new SidecarClient(['serve', '--stdio', '--no-ui']);
});

afterAll(async () => {
  restoreEnv(savedEnv);
  expect(await client.close()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('settings', () => {
  it('lists every setting of the table as a page row, without a project', async () => {
    const view = await client.request('settings/get', {});
    expect(view.userPath).toBe(path.join(userDir, 'settings.json'));
    expect(view.projectPath).toBeUndefined();
    expect(view.settings.map((r) => r.key)).toEqual(Object.keys(SETTINGS));
    for (const r of view.settings) {
      expect(r.from, r.key).toBe('default');
      expect(r.value, r.key).toEqual(r.secret ? null : SETTINGS[r.key as keyof typeof SETTINGS].default);
    }
    expect(row(view, 'grpc.enabled')).toMatchObject({ section: 'grpc', kind: 'boolean', scope: 'any', default: false, isSet: true });
    expect(row(view, 'grpc.runtime')).toMatchObject({ section: 'grpcRuntime', kind: 'list', value: null, isSet: false });
    expect(row(view, 'grpc.deadlineMs')).toMatchObject({ kind: 'integer', min: 0, max: 86_400_000, default: 30_000 });
    expect(row(view, 'grpc.caFile')).toMatchObject({ section: 'grpc', kind: 'text', scope: 'user' });
    expect(row(view, 'curl.renderMode')).toMatchObject({ section: 'curl', kind: 'choice', choices: ['keep', 'resolve', 'ask'] });
    expect(row(view, 'curl.copySource')).toMatchObject({ section: 'curl', kind: 'choice', choices: ['edited', 'source'] });
    expect(row(view, 'actuator.enabled').section).toBe('general');
    expect(row(view, 'http.call.before').section).toBe('general');
    expect(row(view, 'sync.postmanApiToken')).toMatchObject({ section: 'general', secret: true, scope: 'user', value: null, isSet: false });
    expect(row(view, 'http.timeoutMs').section).toBe('http');
    expect(row(view, 'http.insecureHosts')).toMatchObject({ section: 'http', kind: 'list', scope: 'user' });
    expect(row(view, 'scripts.timeoutMs').section).toBe('scripts');
  });

  it('round-trips values in the user and the project file, each row saying where its value comes from', async () => {
    await client.request('project/open', { root: actuatorProject });
    await client.request('project/wait', { project: actuatorProject });
    const user = await client.request('settings/set', { scope: 'user', values: { 'grpc.deadlineMs': 5000, 'curl.renderMode': 'resolve', 'http.insecureHosts': ['self-signed.local:8443'] } });
    expect(row(user, 'grpc.deadlineMs')).toMatchObject({ value: 5000, from: 'user' });
    const project = await client.request('settings/set', { project: actuatorProject, scope: 'project', values: { 'curl.renderMode': 'ask', 'grpc.runtime': ['build/descriptors.pb'] } });
    expect(project.projectPath).toBe(path.join(actuatorProject, '.apiscout', 'settings.json'));
    expect(row(project, 'curl.renderMode')).toMatchObject({ value: 'ask', from: 'project' });
    expect(row(project, 'grpc.deadlineMs')).toMatchObject({ value: 5000, from: 'user' });
    expect(row(project, 'grpc.runtime')).toMatchObject({ value: ['build/descriptors.pb'], from: 'project', isSet: true });
    expect(JSON.parse(fs.readFileSync(project.projectPath!, 'utf8'))).toEqual({ 'curl.renderMode': 'ask', 'grpc.runtime': ['build/descriptors.pb'] });
    // Without the project, its override is not in force.
    expect(row(await client.request('settings/get', {}), 'curl.renderMode')).toMatchObject({ value: 'resolve', from: 'user' });
    // unset lets the level below show through.
    const unset = await client.request('settings/set', { project: actuatorProject, scope: 'project', values: {}, unset: ['curl.renderMode'] });
    expect(row(unset, 'curl.renderMode')).toMatchObject({ value: 'resolve', from: 'user' });
    const back = await client.request('settings/set', { scope: 'user', values: {}, unset: ['grpc.deadlineMs', 'curl.renderMode', 'http.insecureHosts'] });
    expect(row(back, 'grpc.deadlineMs')).toMatchObject({ value: 30_000, from: 'default' });
  });

  it('refuses an invalid value naming the key, and writes nothing of the change', async () => {
    const userFile = path.join(userDir, 'settings.json');
    const before = fs.readFileSync(userFile, 'utf8');
    const e = await rpcError(client.request('settings/set', { scope: 'user', values: { 'curl.format.comments': false, 'grpc.deadlineMs': -1 } }));
    expect(e.code).toBe(ErrorCodes.BadInput);
    expect(e.message).toContain("'grpc.deadlineMs'");
    expect(e.message).toContain('an integer from 0 to 86400000');
    expect(fs.readFileSync(userFile, 'utf8')).toBe(before);
    const unknown = await rpcError(client.request('settings/set', { scope: 'user', values: {}, unset: ['no.such.setting'] }));
    expect(unknown.message).toContain("'no.such.setting'");
    const noProject = await rpcError(client.request('settings/set', { scope: 'project', values: { 'grpc.enabled': true } }));
    expect(noProject.code).toBe(ErrorCodes.BadInput);
  });

  it('never sends a secret, and keeps per-user keys out of the project', async () => {
    const view = await client.request('settings/set', { scope: 'user', values: { 'sync.postmanApiToken': 'PMAK-very-secret' } });
    expect(row(view, 'sync.postmanApiToken')).toMatchObject({ value: null, isSet: true, from: 'user' });
    expect(JSON.stringify(await client.request('settings/get', { project: actuatorProject }))).not.toContain('PMAK-very-secret');
    const projectFile = path.join(actuatorProject, '.apiscout', 'settings.json');
    const before = fs.readFileSync(projectFile, 'utf8');
    for (const key of ['sync.postmanApiToken', 'grpc.caFile', 'scripts.saveBodyRoots']) {
      const value = key === 'scripts.saveBodyRoots' ? ['/tmp'] : 'x';
      const e = await rpcError(client.request('settings/set', { project: actuatorProject, scope: 'project', values: { [key]: value } }));
      expect(e.code, key).toBe(ErrorCodes.BadInput);
      expect(e.message, key).toContain(`'${key}' is a per-user setting`);
    }
    expect(fs.readFileSync(projectFile, 'utf8')).toBe(before);
    expect(client.stderr.join('')).not.toContain('PMAK-very-secret');
    await client.request('settings/set', { scope: 'user', values: {}, unset: ['sync.postmanApiToken'] });
  });

  it('picks up a changed actuator.enabled on the next refresh of an open project', async () => {
    const off = (await client.request('project/status', { project: actuatorProject })).endpointCount;
    const { modules } = await client.request('endpoints/tree', { project: actuatorProject });
    const actuatorEndpoints = (m: typeof modules) => m.flatMap((x) => x.classes).flatMap((c) => c.endpoints).filter((e) => e.framework === 'actuator');
    expect(actuatorEndpoints(modules)).toEqual([]);
    await client.request('settings/set', { project: actuatorProject, scope: 'project', values: { 'actuator.enabled': true } });
    const on = await client.request('project/refresh', { project: actuatorProject });
    expect(on.endpointCount).toBeGreaterThan(off);
    expect(actuatorEndpoints((await client.request('endpoints/tree', { project: actuatorProject })).modules).length).toBe(on.endpointCount - off);
    await client.request('settings/set', { project: actuatorProject, scope: 'project', values: {}, unset: ['actuator.enabled'] });
    expect((await client.request('project/refresh', { project: actuatorProject })).endpointCount).toBe(off);
  });
});

describe('grpc/detect', () => {
  it('reports the protos, include roots and callable services of a project', async () => {
    const dir = path.join(tmp, 'grpc-call');
    fs.cpSync(path.join(FIXTURES, 'grpc-call'), dir, { recursive: true });
    await client.request('project/open', { root: dir });
    const report = await client.request('grpc/detect', { project: dir });
    expect(report.protoFiles).toBeGreaterThan(0);
    expect(report.services.length).toBeGreaterThan(0);
    expect(report.missing).toEqual([]);
    expect(report.summary[0]).toMatch(/^\d+ \.proto files? under \d+ include roots?/);
  });

  it('names each import that resolves nowhere with the file that wants it', async () => {
    const dir = path.join(tmp, 'imports');
    fs.cpSync(path.join(FIXTURES, 'grpc', 'imports-across-folders'), dir, { recursive: true });
    await client.request('project/open', { root: dir });
    const whole = await client.request('grpc/detect', { project: dir });
    expect(whole.includeRoots.length).toBeGreaterThan(0);
    // Remove one imported file: its importers are reported.
    const protos = fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile() && d.name.endsWith('.proto'));
    const imported = protos.find((d) => protos.some((o) => fs.readFileSync(path.join(o.parentPath, o.name), 'utf8').includes(`/${d.name}"`)))!;
    fs.rmSync(path.join(imported.parentPath, imported.name));
    const broken = await client.request('grpc/detect', { project: dir });
    expect(broken.missing.length).toBeGreaterThan(0);
    expect(broken.missing[0]!.import).toContain(imported.name);
    expect(broken.summary.some((l) => l.startsWith('missing: import'))).toBe(true);
  });
});

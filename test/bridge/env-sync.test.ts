// env/* and sync/token on the real sidecar over stdio: environment CRUD with secrets kept out of
// the project, the active environment, and push/pull against the Postman API stand-in (checked
// against Postman's published request shapes): the missing-key error, the token handed over in
// memory or persisted, the pull Conflict and its three strategies.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../ide-bridge/protocol';
import { startPostmanStandIn } from '../postman/stand-in';
import type { PostmanStandIn } from '../postman/stand-in';
import { SidecarClient, rpcError } from './sidecar-client';
import { restoreEnv } from '../restore-env';

let tmp: string;
let project: string;
let userDir: string;
let client: SidecarClient;
let standIn: PostmanStandIn;

/** The sidecar inherits the environment: set for this file's run, restored after it. */
const savedEnv = { ...process.env };

/** Every file of the project, concatenated: what version control could see. */
function projectText(): string {
  return fs
    .readdirSync(project, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => fs.readFileSync(path.join(d.parentPath, d.name), 'utf8'))
    .join('\n');
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bridge-env-'));
  project = path.join(tmp, 'project');
  userDir = path.join(tmp, 'user');
  fs.mkdirSync(path.join(project, 'src'), { recursive: true });
  standIn = await startPostmanStandIn();
  process.env.APISCOUT_CONFIG_DIR = userDir;
  process.env.APISCOUT_POSTMAN_API_URL = standIn.url;
  delete process.env.APISCOUT_POSTMAN_API_KEY;
  client = new SidecarClient(['serve', '--stdio', '--no-ui']);
  await client.request('project/open', { root: project });
});

afterAll(async () => {
  restoreEnv(savedEnv);
  expect(await client.close()).toBe(0);
  await standIn.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('environments', () => {
  it('starts empty, with sync off and the reason naming where to set the key', async () => {
    const list = await client.request('env/list', { project });
    expect(list.environments).toEqual([]);
    expect(list.active).toBeNull();
    expect(list.sync.enabled).toBe(false);
    expect(list.sync.reason).toContain('Postman-sync API token');
    expect(list.sync.reason).toContain(path.join(userDir, 'settings.json'));
  });

  it('saves environments, secret values only in the user folder', async () => {
    const saved = await client.request('env/save', {
      project,
      environment: { name: 'dev', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }, { key: 'password', value: 'hunter2', secret: true }] },
    });
    expect(saved.environments).toEqual([{ name: 'dev', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }, { key: 'password', value: 'hunter2', secret: true }] }]);
    expect(fs.existsSync(path.join(project, '.apiscout', 'environments.json'))).toBe(true);
    expect(projectText()).not.toContain('hunter2');
    expect(fs.readdirSync(path.join(userDir, 'projects')).map((f) => fs.readFileSync(path.join(userDir, 'projects', f), 'utf8')).join('')).toContain('hunter2');
    // A fresh read (another client, or after a restart) sees the secret again.
    expect((await client.request('env/list', { project })).environments[0]!.variables[1]!.value).toBe('hunter2');
  });

  it('renames with previousName, keeping the secret and the selection', async () => {
    await client.request('env/save', { project, environment: { name: 'qa', variables: [{ key: 'host', value: 'http://qa' }] } });
    const selected = await client.request('env/select', { project, name: 'dev' });
    expect(selected.active).toBe('dev');
    const renamed = await client.request('env/save', {
      project,
      previousName: 'dev',
      environment: { name: 'development', variables: [{ key: 'host', value: 'http://127.0.0.1:9090' }, { key: 'password', value: 'hunter2', secret: true }] },
    });
    expect(renamed.environments.map((e) => e.name)).toEqual(['development', 'qa']);
    expect(renamed.active).toBe('development');
    expect(renamed.environments[0]!.variables).toContainEqual({ key: 'password', value: 'hunter2', secret: true });
    expect(projectText()).not.toContain('hunter2');
    const clash = await rpcError(client.request('env/save', { project, previousName: 'qa', environment: { name: 'development', variables: [] } }));
    expect(clash.code).toBe(ErrorCodes.BadInput);
    expect(clash.message).toContain("'development' already exists");
  });

  it('selects none, deletes, and names an unknown environment', async () => {
    expect((await client.request('env/select', { project, name: null })).active).toBeNull();
    expect((await client.request('env/delete', { project, name: 'qa' })).environments.map((e) => e.name)).toEqual(['development']);
    const unknown = await rpcError(client.request('env/select', { project, name: 'qa' }));
    expect(unknown.code).toBe(ErrorCodes.BadInput);
    expect(unknown.message).toContain("'qa'");
    await client.request('env/select', { project, name: 'development' });
  });
});

describe('Postman sync', () => {
  it('without a key, push, pull and the remote list fail with SyncFailed saying where to set it, and nothing is sent', async () => {
    for (const p of [client.request('env/push', { project, name: 'development' }), client.request('env/pull', { project, name: 'development' }), client.request('env/remote', { project })]) {
      const e = await rpcError(p);
      expect(e.code).toBe(ErrorCodes.SyncFailed);
      expect(e.message).toContain('Postman-sync API token');
      expect(e.message).toContain('APISCOUT_POSTMAN_API_KEY');
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it('takes a token handed over in memory: push creates, the list shows it, and it is never written or logged', async () => {
    // The team's workspace, from the project's settings.
    await client.request('settings/set', { project, scope: 'project', values: { 'sync.postmanWorkspace': 'ws-team' } });
    const state = await client.request('sync/token', { token: standIn.apiKey });
    expect(state).toEqual({ enabled: true, source: expect.stringContaining('memory') });
    expect((await client.request('env/list', { project })).sync.enabled).toBe(true);
    const pushed = await client.request('env/push', { project, name: 'development' });
    expect(pushed).toMatchObject({ action: 'created', name: 'development', variables: 2 });
    const remote = standIn.environments.get(pushed.id)!;
    expect(remote.values).toContainEqual({ key: 'password', value: 'hunter2', type: 'secret', enabled: true });
    expect((await client.request('env/push', { project, name: 'development' })).action).toBe('unchanged');
    const listed = await client.request('env/remote', { project });
    expect(listed.environments.map((e) => e.name)).toEqual(['development']);
    expect(standIn.violations).toEqual([]);
    expect(standIn.requests.every((r) => r.apiKey === standIn.apiKey)).toBe(true);
    expect(fs.existsSync(path.join(userDir, 'settings.json'))).toBe(false);
    expect(client.stderr.join('')).not.toContain(standIn.apiKey);
    expect(projectText()).not.toContain(standIn.apiKey);
  });

  it('refuses to overwrite a remote change on push unless forced', async () => {
    const id = [...standIn.environments.values()].find((e) => e.name === 'development')!.id;
    standIn.editRemotely(id, [{ key: 'host', value: 'http://changed-remotely', type: 'default', enabled: true }]);
    const e = await rpcError(client.request('env/push', { project, name: 'development' }));
    expect(e.code).toBe(ErrorCodes.SyncFailed);
    expect(e.message).toContain('changed in Postman since the last sync');
    // Pull it back below; nothing local changed.
    expect((await client.request('env/list', { project })).environments[0]!.variables[0]!.value).toBe('http://127.0.0.1:9090');
  });

  it('pull of a local name fails with Conflict naming it; merge, replace and skip then do what they say', async () => {
    const conflict = await rpcError(client.request('env/pull', { project, name: 'development' }));
    expect(conflict.code).toBe(ErrorCodes.Conflict);
    expect(conflict.data).toEqual({ environment: 'development' });
    expect(conflict.message).toContain("an environment named 'development' already exists");
    expect(conflict.message).not.toContain('--strategy');
    const local = () => client.request('env/list', { project }).then((l) => l.environments.find((e) => e.name === 'development')!.variables);
    const before = await local();

    const skipped = await client.request('env/pull', { project, name: 'development', strategy: 'skip' });
    expect(skipped.action).toBe('skipped');
    expect(await local()).toEqual(before);

    const merged = await client.request('env/pull', { project, name: 'development', strategy: 'merge' });
    expect(merged).toMatchObject({ action: 'merged', changed: ['host'], kept: ['password'] });
    expect(await local()).toEqual([{ key: 'host', value: 'http://changed-remotely' }, { key: 'password', value: 'hunter2', secret: true }]);
    expect(merged.environments.map((e) => e.name)).toEqual(['development']);

    const replaced = await client.request('env/pull', { project, name: 'development', strategy: 'replace' });
    expect(replaced).toMatchObject({ action: 'replaced', removed: ['password'] });
    expect(await local()).toEqual([{ key: 'host', value: 'http://changed-remotely' }]);
  });

  it('pulls a new environment by name without asking', async () => {
    standIn.seed('ws-team', 'staging', [
      { key: 'host', value: 'https://staging.example.com', type: 'default', enabled: true },
      { key: 'apiKey', value: 'st-secret', type: 'secret', enabled: true },
      { key: 'old', value: 'x', type: 'default', enabled: false },
    ]);
    const pulled = await client.request('env/pull', { project, name: 'staging' });
    expect(pulled).toMatchObject({ action: 'created', name: 'staging', added: ['host', 'apiKey'], ignored: ['old'] });
    expect(projectText()).not.toContain('st-secret');
  });

  it('a rejected key is SyncFailed with the service\'s reason', async () => {
    await client.request('sync/token', { token: 'PMAK-wrong' });
    const e = await rpcError(client.request('env/remote', { project }));
    expect(e.code).toBe(ErrorCodes.SyncFailed);
    expect(e.message).not.toContain('PMAK-wrong');
  });

  it('persists the token owner-only in the user folder (persist), and forgets it (null)', async () => {
    const persisted = await client.request('sync/token', { token: standIn.apiKey, persist: true });
    const settings = path.join(userDir, 'settings.json');
    expect(persisted).toEqual({ enabled: true, source: settings });
    expect(fs.statSync(settings).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(settings, 'utf8'))['sync.postmanApiToken']).toBe(standIn.apiKey);
    expect((await client.request('env/remote', { project })).environments.length).toBe(2);
    // A new sidecar run reads it from the file.
    const next = new SidecarClient(['serve', '--stdio', '--no-ui']);
    try {
      await next.request('project/open', { root: project });
      expect((await next.request('env/list', { project })).sync).toEqual({ enabled: true, source: settings });
    } finally {
      expect(await next.close()).toBe(0);
    }
    // The file is now the one source: the settings page removing the key turns sync off.
    await client.request('settings/set', { scope: 'user', values: {}, unset: ['sync.postmanApiToken'] });
    expect((await client.request('env/list', { project })).sync.enabled).toBe(false);
    await client.request('sync/token', { token: standIn.apiKey, persist: true });
    const forgotten = await client.request('sync/token', { token: null, persist: true });
    expect(forgotten.enabled).toBe(false);
    expect(JSON.parse(fs.readFileSync(settings, 'utf8'))).not.toHaveProperty('sync.postmanApiToken');
    expect(client.stderr.join('')).not.toContain(standIn.apiKey);
    const bad = await rpcError(client.request('sync/token', { token: 'two words' }));
    expect(bad.code).toBe(ErrorCodes.BadInput);
  });
});

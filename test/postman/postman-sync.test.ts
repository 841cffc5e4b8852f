// Environment sync against the Postman stand-in: push (create, update, unchanged, conflicts),
// pull with each strategy, and every API error leaving local state as it was.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';
import { PostmanClient } from '../../core/env/postman-api';
import { PostmanSync, PullConflict } from '../../core/env/postman-sync';
import { SyncError } from '../../core/errors';
import { startPostmanStandIn } from './stand-in';
import type { PostmanStandIn } from './stand-in';

let standIn: PostmanStandIn;
beforeAll(async () => {
  standIn = await startPostmanStandIn();
});
afterAll(() => standIn.close());

let project: string;
let userDir: string;
let store: EnvironmentStore;
const sync = (workspace: string | undefined = 'ws-team', apiKey = standIn.apiKey) =>
  new PostmanSync(store, new PostmanClient({ apiKey, baseUrl: standIn.url }), workspace);

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'apiscout-sync-'));
  userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
  store = new EnvironmentStore({ projectDir: project, userDir });
  standIn.environments.clear();
  standIn.requests.length = 0;
});
afterEach(() => {
  expect(standIn.violations).toEqual([]);
  rmSync(project, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

/** The bytes of every local file sync may touch, to prove a failure changed none. */
function localState(): string {
  const files = [store.sharedPath, store.userPath, store.userPath.replace(/\.json$/, '.postman.json')];
  return files.map((f) => (existsSync(f) ? readFileSync(f, 'utf8') : '<none>')).join('\n---\n');
}

describe('push', () => {
  it('creates the remote environment in the workspace, secrets typed secret, with the API key header', async () => {
    await store.save({ name: 'dev', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }, { key: 'token', value: 's3cr3t', secret: true }] });
    const result = await sync().push('dev');
    expect(result).toMatchObject({ action: 'created', name: 'dev', variables: 2 });
    const remote = standIn.environments.get(result.id)!;
    expect(remote).toMatchObject({
      name: 'dev',
      workspace: 'ws-team',
      values: [
        { key: 'host', value: 'http://127.0.0.1:8080', type: 'default', enabled: true },
        { key: 'token', value: 's3cr3t', type: 'secret', enabled: true },
      ],
    });
    expect(standIn.requests.every((r) => r.apiKey === standIn.apiKey)).toBe(true);
    expect(standIn.requests.find((r) => r.method === 'POST')!.path).toBe('/environments?workspace=ws-team');
  });

  it('updates it after a local change, and reports an unchanged one', async () => {
    await store.save({ name: 'dev', variables: [{ key: 'host', value: 'a' }] });
    const { id } = await sync().push('dev');
    expect((await sync().push('dev')).action).toBe('unchanged');
    await store.setVariable('dev', { key: 'host', value: 'b' });
    expect(await sync().push('dev')).toMatchObject({ action: 'updated', id });
    expect(standIn.environments.get(id)!.values).toEqual([{ key: 'host', value: 'b', type: 'default', enabled: true }]);
    expect(standIn.environments.size).toBe(1);
  });

  it('refuses to overwrite a remote edited since the last sync, unless forced', async () => {
    await store.save({ name: 'dev', variables: [{ key: 'host', value: 'a' }] });
    const { id } = await sync().push('dev');
    standIn.editRemotely(id, [{ key: 'host', value: 'edited in Postman', type: 'default' }]);
    await store.setVariable('dev', { key: 'host', value: 'local' });
    const e = await sync().push('dev').catch((err: unknown) => err as SyncError);
    expect(e).toBeInstanceOf(SyncError);
    expect((e as SyncError).message).toMatch(/^'dev' changed in Postman since the last sync .*pull it first .*push --force/);
    expect(standIn.environments.get(id)!.values[0]!.value).toBe('edited in Postman');
    expect((await sync().push('dev', { force: true })).action).toBe('updated');
    expect(standIn.environments.get(id)!.values[0]!.value).toBe('local');
  });

  it('refuses to overwrite a same-named remote it never synced; merge-pull then push works', async () => {
    standIn.seed('ws-team', 'dev', [{ key: 'remoteOnly', value: 'r', type: 'default', enabled: true }]);
    await store.save({ name: 'dev', variables: [{ key: 'host', value: 'a' }] });
    await expect(sync().push('dev')).rejects.toThrow(/never synced.*pull it first/);
    await sync().pull('dev', { strategy: 'merge' });
    expect((await sync().push('dev')).action).toBe('updated');
    expect((await sync().push('dev')).action).toBe('unchanged');
    expect([...standIn.environments.values()][0]!.values.map((v) => v.key)).toEqual(['host', 'remoteOnly']);
  });
});

describe('pull', () => {
  const remoteValues = [
    { key: 'host', value: 'https://staging.example.test', type: 'default', enabled: true },
    { key: 'token', value: 'remote-token', type: 'secret', enabled: true },
    { key: 'old', value: 'x', type: 'default', enabled: false },
  ];

  it('imports a new environment: secrets go to the user file, never the project file', async () => {
    standIn.seed('ws-team', 'staging', remoteValues);
    const r = await sync().pull('staging');
    expect(r).toMatchObject({ action: 'created', name: 'staging', added: ['host', 'token'], ignored: ['old'] });
    expect(r.environments.map((e) => e.name)).toEqual(['staging']);
    expect(store.get('staging')!.variables).toEqual([
      { key: 'host', value: 'https://staging.example.test' },
      { key: 'token', value: 'remote-token', secret: true },
    ]);
    expect(readFileSync(store.sharedPath, 'utf8')).not.toContain('remote-token');
    expect(readFileSync(store.userPath, 'utf8')).toContain('remote-token');
  });

  it('pulls by id too', async () => {
    const seeded = standIn.seed('ws-team', 'by-id', remoteValues);
    expect((await sync().pull(seeded.id)).name).toBe('by-id');
  });

  it('asks for a strategy when the name exists locally, changing nothing', async () => {
    standIn.seed('ws-team', 'staging', remoteValues);
    await store.save({ name: 'staging', variables: [{ key: 'host', value: 'local' }] });
    const before = localState();
    await expect(sync().pull('staging')).rejects.toBeInstanceOf(PullConflict);
    expect(localState()).toBe(before);
  });

  const local = [
    { key: 'host', value: 'http://localhost' },
    { key: 'mine', value: 'kept?' },
  ];
  it('replace: the remote values only', async () => {
    standIn.seed('ws-team', 'staging', remoteValues);
    await store.save({ name: 'staging', variables: local });
    const r = await sync().pull('staging', { strategy: 'replace' });
    expect(r).toMatchObject({ action: 'replaced', added: ['token'], changed: ['host'], removed: ['mine'] });
    expect(store.get('staging')!.variables.map((v) => `${v.key}=${v.value}`)).toEqual(['host=https://staging.example.test', 'token=remote-token']);
  });

  it('merge: remote wins for shared keys, local-only keys kept', async () => {
    standIn.seed('ws-team', 'staging', remoteValues);
    await store.save({ name: 'staging', variables: local });
    const r = await sync().pull('staging', { strategy: 'merge' });
    expect(r).toMatchObject({ action: 'merged', added: ['token'], changed: ['host'], kept: ['mine'] });
    expect(store.get('staging')!.variables.map((v) => `${v.key}=${v.value}`)).toEqual(['host=https://staging.example.test', 'mine=kept?', 'token=remote-token']);
  });

  it('skip: the local environment untouched', async () => {
    standIn.seed('ws-team', 'staging', remoteValues);
    await store.save({ name: 'staging', variables: local });
    const before = localState();
    const r = await sync().pull('staging', { strategy: 'skip' });
    expect(r.action).toBe('skipped');
    expect(localState()).toBe(before);
  });

  it('only looks in the chosen workspace', async () => {
    standIn.seed('ws-personal', 'elsewhere', remoteValues);
    await expect(sync('ws-team').pull('elsewhere')).rejects.toThrow("Postman has no environment named or with id 'elsewhere' in workspace ws-team");
    expect((await sync('ws-personal').pull('elsewhere')).action).toBe('created');
  });
});

describe('Postman API errors change nothing locally', () => {
  beforeEach(async () => {
    standIn.seed('ws-team', 'staging', [{ key: 'host', value: 'remote', type: 'default', enabled: true }]);
    await store.save({ name: 'staging', variables: [{ key: 'host', value: 'local' }] });
  });

  const cases: [string, () => void, string | undefined, RegExp, number | undefined][] = [
    ['401 (a wrong key)', () => {}, 'PMAK-wrong', /^Postman rejected the API key \(401 Unauthorized\): Invalid API Key.*apiscout env token/, 401],
    ['429 with Retry-After', () => standIn.failNext(429, { 'Retry-After': '17' }, { error: { name: 'rateLimited', message: 'Rate limit exceeded' } }), undefined, /^Postman's rate limit was reached \(429 Too Many Requests\); retry after 17 s; nothing was changed$/, 429],
    ['500', () => standIn.failNext(500), undefined, /^the Postman API failed on the environments of workspace ws-team \(500 Internal Server Error\): stand-in answered 500; nothing was changed, try again later$/, 500],
    ['503', () => standIn.failNext(503), undefined, /\(503 Service Unavailable\)/, 503],
    ['404 workspace', () => standIn.failNext(404, {}, { error: { name: 'workspaceNotFoundError', message: 'Workspace not found' } }), undefined, /^Postman could not find the environments of workspace ws-team \(404 Not Found\): Workspace not found; nothing was changed$/, 404],
  ];
  for (const [label, arrange, key, message, status] of cases) {
    it(label, async () => {
      arrange();
      const before = localState();
      for (const run of [() => sync('ws-team', key).pull('staging', { strategy: 'replace' }), () => sync('ws-team', key).push('staging', { force: true })]) {
        if (key === undefined) arrange();
        const e = await run().catch((err: unknown) => err);
        expect(e).toBeInstanceOf(SyncError);
        expect((e as SyncError).message).toMatch(message);
        expect((e as SyncError).status).toBe(status);
        expect((e as SyncError).message).not.toContain(standIn.apiKey);
      }
      expect(localState()).toBe(before);
      expect([...standIn.environments.values()][0]!.values[0]!.value).toBe('remote');
    });
  }

  it('an unreachable API', async () => {
    const before = localState();
    const client = new PostmanClient({ apiKey: standIn.apiKey, baseUrl: 'http://127.0.0.1:9' });
    await expect(new PostmanSync(store, client).pull('staging', { strategy: 'replace' })).rejects.toThrow(/^cannot reach the Postman API at http:\/\/127\.0\.0\.1:9 \(.*\); nothing was changed$/);
    expect(localState()).toBe(before);
  });
});

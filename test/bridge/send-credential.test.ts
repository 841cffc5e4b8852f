// A secured endpoint through the real sidecar process (stdio JSON-RPC) on a copy of the
// secured-api fixture: request/get names the schemes, call/send carries the bearer token from
// the active environment to a server on 127.0.0.1 that answers 401 without it, and the token
// lands in no file the sidecar writes (request state, host history, user files).

import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { SidecarClient } from './sidecar-client';

const SECURED = fileURLToPath(new URL('../fixtures/spring-mvc/secured-api', import.meta.url));
const TOKEN = 'tok-7f3a-S3CRET';

let work: string;
let project: string;
let userDir: string;
let client: SidecarClient;
let server: Server;
let url: string;
const seen: (string | null)[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'send-credential-'));
  project = join(work, 'secured-api');
  userDir = join(work, 'user');
  cpSync(SECURED, project, { recursive: true });
  server = createServer((req, res) => {
    seen.push(req.headers.authorization ?? null);
    res.writeHead(req.headers.authorization === `Bearer ${TOKEN}` ? 200 : 401, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir });
  await client.request('project/open', { root: project });
  await client.request('project/wait', { project });
}, 120_000);

afterAll(async () => {
  expect(await client.close()).toBe(0);
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

describe('a secured endpoint through the sidecar', () => {
  it('request/get names its schemes; call/send adds the token the environment defines, and writes it nowhere', async () => {
    const tree = await client.request('endpoints/tree', { project });
    const all = tree.modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints));
    const id = all.find((e) => e.address === 'GET /accounts/{id}')!.id;
    const health = all.find((e) => e.address === 'GET /accounts/health')!.id;
    const state = await client.request('request/get', { project, id });
    expect(state.credentials).toEqual([{ scheme: 'bearerAuth', kind: 'bearer', variables: ['bearerToken'], target: { in: 'header', name: 'Authorization' } }]);
    expect((await client.request('request/get', { project, id: health })).credentials).toBeUndefined();
    const draft = { ...(state.draft as HttpRequestDraft), host: url };

    // No environment: nothing added.
    const bare = await client.request('call/send', { project, id, callId: 'c1', draft });
    expect(bare.http!.status).toBe(401);
    expect(seen.at(-1)).toBeNull();

    await client.request('env/save', { project, environment: { name: 'local', variables: [{ key: 'bearerToken', value: TOKEN, secret: true }] } });
    await client.request('env/select', { project, name: 'local' });
    const sent = await client.request('call/send', { project, id, callId: 'c2', draft });
    expect(sent.http!.status).toBe(200);
    expect(seen.at(-1)).toBe(`Bearer ${TOKEN}`);
    // The Request tab shows the header masked, and the draft the editor keeps has no credential.
    expect(sent.http!.sent.masked).toContain('authorization');
    expect((await client.request('request/get', { project, id })).draft).toEqual(draft);

    // The user's own header goes instead.
    const own = await client.request('call/send', { project, id, callId: 'c3', draft: { ...draft, headers: [...draft.headers, { name: 'Authorization', value: 'Bearer mine' }] } });
    expect(own.http!.status).toBe(401);
    expect(seen.at(-1)).toBe('Bearer mine');

    const files = [...filesUnder(project), ...filesUnder(userDir)];
    const holding = files.filter((f) => readFileSync(f, 'utf8').includes(TOKEN));
    // The secret variable's value is kept in the user's own file of the project's environments
    // (EnvironmentStore's userPath) only: not in the request state, the host history or the project.
    expect(holding).toHaveLength(1);
    expect(holding[0]).toMatch(new RegExp(`^${userDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/projects/secured-api-[0-9a-f]+\\.json$`));
  });
});

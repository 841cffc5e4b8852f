// The request state store on disk: edits saved per endpoint, host history, and nothing saved
// lost when a writer dies with SIGKILL in the middle of a write.

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_GITIGNORE } from '../../core/config/user-dir';
import { HOST_HISTORY_LIMIT, RequestStateStore } from '../../core/store/request-state';
import type { HttpRequestDraft } from '../../core/model/request-state';

const draft = (path: string, extra: Partial<HttpRequestDraft> = {}): HttpRequestDraft => ({
  method: 'GET',
  host: 'http://localhost:8080',
  path,
  pathParams: [],
  query: [],
  cookies: [],
  headers: [],
  form: [],
  bodyMode: 'none',
  body: '',
  ...extra,
});

function project(): string {
  return mkdtempSync(join(tmpdir(), 'apiscout-state-'));
}

describe('RequestStateStore', () => {
  it('saves edits per endpoint, restores them, and forgets them on reset', async () => {
    const dir = project();
    const store = new RequestStateStore({ projectDir: dir });
    await store.save('a', draft('/a', { headers: [{ name: 'X-Edit', value: '1' }] }));
    await store.save('b', draft('/b'));
    const again = new RequestStateStore({ projectDir: dir });
    expect(again.load('a')!.headers).toEqual([{ name: 'X-Edit', value: '1' }]);
    expect(again.editedEndpoints().sort()).toEqual(['a', 'b']);
    await again.reset('a');
    expect(store.load('a')).toBeUndefined();
    expect(store.load('b')!.path).toBe('/b');
  });

  it('keeps whether the user edited with the draft: saved on disk, cleared by Reset, absent in older files', async () => {
    const dir = project();
    const store = new RequestStateStore({ projectDir: dir });
    await store.save('typed', draft('/typed', { query: [{ name: 'q', value: 'x' }] }));
    await store.save('sent', draft('/sent'), false);
    const again = new RequestStateStore({ projectDir: dir });
    expect(again.editedFlag('typed')).toBe(true);
    expect(again.editedFlag('sent')).toBe(false);
    expect(again.load('sent')!.path).toBe('/sent');
    const onDisk = JSON.parse(readFileSync(join(dir, '.apiscout/requests.json'), 'utf8')).requests;
    expect([onDisk.typed.edited, onDisk.sent.edited]).toEqual([true, false]);
    // The same draft saved by an edit afterwards turns the flag on (the draft alone would skip the write).
    await again.save('sent', draft('/sent'));
    expect(store.editedFlag('sent')).toBe(true);
    await store.reset('sent');
    expect(store.editedFlag('sent')).toBeUndefined();
    // A file written before the flag: neither edited nor unedited, the caller compares.
    writeFileSync(join(dir, '.apiscout/requests.json'), JSON.stringify({ version: 1, hosts: [], requests: { old: { savedAt: '', draft: draft('/old') } } }));
    expect(store.load('old')!.path).toBe('/old');
    expect(store.editedFlag('old')).toBeUndefined();
  });

  it('saves a File body as its path (never the bytes) and gives it back; a draft without one still loads', async () => {
    const dir = project();
    const upload = join(dir, 'avatar.png');
    writeFileSync(upload, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]));
    const store = new RequestStateStore({ projectDir: dir });
    const saved = draft('/edge/avatar', { method: 'PUT', bodyMode: 'file', bodyFile: upload, contentType: 'image/png' });
    await store.save('avatar', saved);
    const again = new RequestStateStore({ projectDir: dir });
    expect(again.load('avatar')).toEqual(saved);
    const onDisk = readFileSync(join(dir, '.apiscout/requests.json'), 'utf8');
    expect(JSON.parse(onDisk).requests.avatar.draft).toMatchObject({ bodyMode: 'file', bodyFile: upload });
    expect(onDisk).not.toContain('PNG');
    // A file mode with a path that is no text is damaged, as any other wrong field.
    writeFileSync(join(dir, '.apiscout/requests.json'), JSON.stringify({ version: 1, hosts: [], requests: { bad: { savedAt: '', draft: { ...saved, bodyFile: 7 } } } }));
    expect(new RequestStateStore({ projectDir: dir, warn: () => {} }).load('bad')).toBeUndefined();
  });

  it('keeps a host history, most recent first, without duplicates, capped', async () => {
    const store = new RequestStateStore({ projectDir: project() });
    for (let i = 0; i < HOST_HISTORY_LIMIT + 5; i++) await store.rememberHost(`http://h${i}`);
    await store.rememberHost('http://h10/');
    const hosts = store.hosts();
    expect(hosts).toHaveLength(HOST_HISTORY_LIMIT);
    expect(hosts[0]).toBe('http://h10');
    expect(hosts.filter((h) => h === 'http://h10')).toHaveLength(1);
  });

  it('keeps gRPC targets apart from HTTP hosts, and reads a file written before them', async () => {
    const dir = project();
    const store = new RequestStateStore({ projectDir: dir });
    await store.rememberHost('http://localhost:8080');
    await store.rememberHost('localhost:9090', 'grpc');
    await store.rememberHost('grpcs://api.example.com:443', 'grpc');
    expect(store.hosts()).toEqual(['http://localhost:8080']);
    expect(store.hosts('grpc')).toEqual(['grpcs://api.example.com:443', 'localhost:9090']);
    // A file from before gRPC calls has no gRPC list: it is read whole, with an empty one.
    const file = join(dir, '.apiscout', 'requests.json');
    const { grpcHosts: _, ...older } = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify(older));
    const warnings: string[] = [];
    const again = new RequestStateStore({ projectDir: dir, warn: (m) => warnings.push(m) });
    expect(again.hosts()).toEqual(['http://localhost:8080']);
    expect(again.hosts('grpc')).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('keeps its personal file out of version control, and the shared files in', async () => {
    const dir = project();
    execFileSync('git', ['init', '-q', dir]);
    await new RequestStateStore({ projectDir: dir }).rememberHost('http://x');
    for (const f of ['environments.json', 'settings.json', 'config.properties']) writeFileSync(join(dir, '.apiscout', f), '{}');
    const ignored = (f: string) => spawnSync('git', ['check-ignore', '-q', `.apiscout/${f}`], { cwd: dir }).status === 0;
    expect(['requests.json', 'requests.json.lock', 'index.json', 'requests.json.corrupt-1'].filter(ignored)).toEqual(['requests.json', 'requests.json.lock', 'index.json', 'requests.json.corrupt-1']);
    expect(['environments.json', 'settings.json', 'config.properties', '.gitignore'].filter(ignored)).toEqual([]);
  });

  it('upgrades the ignore-everything .gitignore of earlier versions', async () => {
    const dir = project();
    mkdirSync(join(dir, '.apiscout'));
    writeFileSync(join(dir, '.apiscout/.gitignore'), '*\n');
    await new RequestStateStore({ projectDir: dir }).rememberHost('http://x');
    expect(readFileSync(join(dir, '.apiscout/.gitignore'), 'utf8')).toBe(STATE_GITIGNORE);
  });

  it('moves a corrupt file aside with a warning, and drops a damaged entry alone', async () => {
    const dir = project();
    mkdirSync(join(dir, '.apiscout'));
    writeFileSync(join(dir, '.apiscout/requests.json'), '{"version":1,"hosts":[');
    const warnings: string[] = [];
    const store = new RequestStateStore({ projectDir: dir, warn: (m) => warnings.push(m) });
    expect(store.hosts()).toEqual([]);
    expect(warnings[0]).toMatch(/requests\.json could not be read .* moved it aside/);
    expect(readdirSync(join(dir, '.apiscout')).some((f) => f.startsWith('requests.json.corrupt-'))).toBe(true);

    writeFileSync(join(dir, '.apiscout/requests.json'), JSON.stringify({ version: 1, hosts: [], requests: { good: { savedAt: '', draft: draft('/g') }, bad: { savedAt: '', draft: { method: 1 } } } }));
    expect(store.load('good')!.path).toBe('/g');
    expect(store.load('bad')).toBeUndefined();
    expect(warnings.at(-1)).toMatch(/saved request of bad is damaged/);
  });

  describe('credentials typed into a request', () => {
    const SECRET = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0.c2ln';
    const withCredentials = (): HttpRequestDraft =>
      draft('/orders', {
        host: 'http://admin:hunter2@localhost:8080',
        headers: [
          { name: 'Authorization', value: `Bearer ${SECRET}` },
          { name: 'X-Api-Key', value: 'k-123456', enabled: false },
          { name: 'X-Trace', value: 'abc' },
          { name: 'X-Auth-Token', value: 'Bearer {{token}}' },
        ],
        query: [{ name: 'access_token', value: 'qs-secret' }, { name: 'apiKey', value: 'qs-key' }, { name: 'page', value: '2' }, { name: 'tokenType', value: 'bearer' }],
        cookies: [{ name: 'JSESSIONID', value: 'sess-42' }],
        form: [{ name: 'password', value: 'pw-form' }, { name: 'password', value: '/tmp/key.pem', file: true } as HttpRequestDraft['form'][number]],
      });

    it('keeps them in the user folder, never in the project, and gives them back whole', async () => {
      const dir = project();
      const userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
      const store = new RequestStateStore({ projectDir: dir, userDir });
      const sent = withCredentials();
      await store.save('orders', sent);
      await store.rememberHost(sent.host);

      const projectFiles = readdirSync(join(dir, '.apiscout')).map((f) => readFileSync(join(dir, '.apiscout', f), 'utf8')).join('\n');
      for (const secret of [SECRET, 'k-123456', 'qs-secret', 'qs-key', 'sess-42', 'pw-form', 'hunter2']) expect(projectFiles).not.toContain(secret);
      // What holds nothing secret stays readable in the project file.
      const saved = JSON.parse(readFileSync(store.path, 'utf8')).requests.orders.draft;
      expect(saved.host).toBe('http://admin@localhost:8080');
      expect(saved.headers).toEqual([
        { name: 'Authorization', value: '', secret: true },
        { name: 'X-Api-Key', value: '', enabled: false, secret: true },
        { name: 'X-Trace', value: 'abc' },
        { name: 'X-Auth-Token', value: 'Bearer {{token}}' },
      ]);
      expect(saved.form[1]).toEqual({ name: 'password', value: '/tmp/key.pem', file: true });
      expect(saved.query.map((q: { value: string }) => q.value)).toEqual(['', '', '2', 'bearer']);
      expect(store.hosts()).toEqual(['http://admin@localhost:8080']);

      expect(statSync(store.secretsPath).mode & 0o777).toBe(0o600);
      expect(store.secretsPath.startsWith(userDir)).toBe(true);
      expect(new RequestStateStore({ projectDir: dir, userDir }).load('orders')).toEqual(sent);
      // Another user (or machine) has the request without the values.
      const elsewhere = new RequestStateStore({ projectDir: dir, userDir: mkdtempSync(join(tmpdir(), 'apiscout-user-')) }).load('orders')!;
      expect(elsewhere.headers[0]).toEqual({ name: 'Authorization', value: '' });
      expect(elsewhere.host).toBe('http://admin@localhost:8080');
    });

    it('forgets them on reset, follows edits, and moves those of a file written before', async () => {
      const dir = project();
      const userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
      const store = new RequestStateStore({ projectDir: dir, userDir });
      await store.save('orders', withCredentials());
      const edited = { ...withCredentials(), headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] };
      await store.save('orders', edited);
      expect(store.load('orders')).toEqual(edited);
      expect(readFileSync(store.secretsPath, 'utf8')).not.toContain(SECRET);
      await store.reset('orders');
      expect(readFileSync(store.secretsPath, 'utf8')).not.toContain('qs-secret');

      // requests.json as an earlier version wrote it: the next write of anything moves its credentials.
      writeFileSync(store.path, JSON.stringify({ version: 1, hosts: [], requests: { old: { savedAt: '', draft: withCredentials() } } }));
      expect(store.load('old')).toEqual(withCredentials());
      await store.save('other', draft('/other'));
      expect(readFileSync(store.path, 'utf8')).not.toContain(SECRET);
      expect(store.load('old')).toEqual(withCredentials());
    });

    it('moves a JSON body that holds a credential field whole, and keeps one that does not', async () => {
      const dir = project();
      const userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
      const store = new RequestStateStore({ projectDir: dir, userDir });
      const login = draft('/login', { method: 'POST', bodyMode: 'json', body: '{\n  "user": {"name": "ann", "newPassword": "pw-body-1"}\n}' });
      const templated = draft('/login2', { method: 'POST', bodyMode: 'json', body: '{"name": "ann", "password": "{{password}}", "tokenType": "x"}' });
      await store.save('login', login);
      await store.save('login2', templated);
      const file = readFileSync(store.path, 'utf8');
      expect(file).not.toContain('pw-body-1');
      expect(JSON.parse(file).requests.login.draft).toMatchObject({ body: '', bodySecret: true });
      expect(JSON.parse(file).requests.login2.draft.body).toBe(templated.body);
      expect(store.load('login')).toEqual(login);
    });

    it('keeps gRPC metadata credentials apart too', async () => {
      const dir = project();
      const userDir = mkdtempSync(join(tmpdir(), 'apiscout-user-'));
      const store = new RequestStateStore({ projectDir: dir, userDir });
      const grpc = { protocol: 'grpc' as const, host: 'localhost:9090', service: 'a.B', method: 'C', metadata: [{ name: 'authorization', value: `Bearer ${SECRET}` }, { name: 'x-tenant', value: 't1' }], messages: ['{}'] };
      await store.save('rpc', grpc);
      expect(readFileSync(store.path, 'utf8')).not.toContain(SECRET);
      expect(readFileSync(store.path, 'utf8')).toContain('t1');
      expect(store.loadGrpc('rpc')).toEqual(grpc);
    });
  });

  it('serialises concurrent writers so that no save is lost', async () => {
    const dir = project();
    const stores = [0, 1, 2].map(() => new RequestStateStore({ projectDir: dir }));
    await Promise.all(Array.from({ length: 30 }, (_, i) => stores[i % 3]!.save(`e${i}`, draft(`/${i}`))));
    expect(new RequestStateStore({ projectDir: dir }).editedEndpoints()).toHaveLength(30);
  });
});

describe('a writer killed mid-write', () => {
  let writer: string;
  beforeAll(() => {
    writer = join(mkdtempSync(join(tmpdir(), 'apiscout-writer-')), 'state-writer.mjs');
    buildSync({ entryPoints: [fileURLToPath(new URL('./state-writer.ts', import.meta.url))], bundle: true, platform: 'node', format: 'esm', outfile: writer, logLevel: 'silent' });
  });

  /** Runs the writer until it has acknowledged a first save, then SIGKILLs it at a random moment. */
  function runAndKill(dir: string, label: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [writer, dir, label], { stdio: ['ignore', 'pipe', 'inherit'] });
      let acked = -1;
      let buffered = '';
      let timer: NodeJS.Timeout | undefined;
      child.stdout.on('data', (d: Buffer) => {
        buffered += d.toString();
        for (const m of buffered.matchAll(/saved (\d+)\n/g)) acked = Math.max(acked, Number(m[1]));
        buffered = buffered.slice(buffered.lastIndexOf('\n') + 1);
        if (acked >= 0 && !timer) timer = setTimeout(() => child.kill('SIGKILL'), Math.random() * 60);
      });
      child.on('error', reject);
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acked) : reject(new Error(`writer exited without being killed (${signal ?? code})`))));
    });
  }

  it('loses nothing that was saved before, and the next writer is not blocked by its lock', async () => {
    // Kills land at random points of the save loop; over many rounds some land inside a write.
    const round = async (n: number) => {
      const dir = project();
      const label = `r${n}`;
      const last = await runAndKill(dir, label);
      const warnings: string[] = [];
      const store = new RequestStateStore({ projectDir: dir, warn: (m) => warnings.push(m) });
      for (let i = 0; i <= last; i++) expect(store.load(`${label}-${i}`), `${label}-${i}`).toBeDefined();
      expect(store.hosts()).toContain(`http://host-${label}-${last}`);
      expect(warnings).toEqual([]); // the file was never seen half-written
      // A lock left by the killed process must not block the next writer.
      await store.save('after', draft('/after'));
      expect(store.load('after')).toBeDefined();
    };
    // Five rounds at a time, each in its own project: a round mostly waits (a process starting,
    // each write flushed to disk), so one after the other left a core idle for most of 20 s.
    const ROUNDS = 25;
    const AT_ONCE = 5;
    for (let first = 0; first < ROUNDS; first += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, (_, k) => round(first + k)));
  }, 120_000);
});

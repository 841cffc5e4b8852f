// The export composition the CLI and the sidecar share: settings as defaults under the caller's
// choices (core/export/setup), and writing the files (core/export/write).

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { httpPortSetting, moduleGrpcPort } from '../../core/config/listen-port';
import { SettingsStore } from '../../core/config/settings';
import { EnvironmentStore } from '../../core/env/environments';
import { defaultGrpcHost, defaultRequest, loadCallContext } from '../../core/call/endpoint-call';
import { exportSetup } from '../../core/export/setup';
import type { Endpoint } from '../../core/model/endpoint';
import { fileOfPieces } from '../../core/export/json-pieces';
import { writeExportFiles } from '../../core/export/write';

const base = mkdtempSync(join(tmpdir(), 'apiscout-export-setup-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

async function project(name: string) {
  const projectDir = join(base, name);
  const userDir = join(base, `${name}-user`);
  mkdirSync(projectDir);
  const envs = new EnvironmentStore({ projectDir, userDir });
  await envs.create('dev', [{ key: 'host', value: 'http://dev' }, { key: 'token', value: 's3', secret: true }]);
  await envs.create('prod', [{ key: 'host', value: 'https://prod' }]);
  await envs.setActive('dev');
  return { projectDir, userDir, settings: new SettingsStore({ userDir, projectDir }) };
}

describe('exportSetup', () => {
  it('takes the curl.* settings, under the fields the caller gives', async () => {
    const p = await project('formats');
    await p.settings.update('user', { 'curl.format.longFlags': true, 'curl.format.comments': false, 'curl.runPreRequestScripts': true });
    const setup = exportSetup({ ...p, curl: { comments: true } });
    expect(setup.options.curl).toEqual({ render: 'keep', comments: true, prettyJson: true, multiline: true, longFlags: true, responseExample: false });
    expect(setup.runScripts).toBe(true);
    expect(exportSetup({ ...p, runScripts: false }).runScripts).toBe(false);
  });

  it('uses the active environment, a named one, or none, with every environment for the multi-environment formats', async () => {
    const p = await project('environments');
    const active = exportSetup(p);
    expect(active.options.environment?.name).toBe('dev');
    expect(active.options.lookup!('token')).toBe('s3');
    expect(active.options.environments!.map((e) => e.name)).toEqual(['dev', 'prod']);
    expect(exportSetup({ ...p, environment: 'prod' }).options.lookup!('host')).toBe('https://prod');
    const none = exportSetup({ ...p, environment: null });
    expect(none.options.environment).toBeUndefined();
    expect(none.options.lookup!('host')).toBeUndefined();
    expect(() => exportSetup({ ...p, environment: 'nope' })).toThrow(/no environment named 'nope'.*known: dev, prod/);
  });

  it('renders per curl.renderMode: ask is keep unless the caller answered it', async () => {
    const p = await project('render');
    const render = () => exportSetup(p).options.curl!.render;
    expect(render()).toBe('keep');
    await p.settings.update('project', { 'curl.renderMode': 'resolve' });
    expect(render()).toBe('resolve');
    expect(exportSetup({ ...p, render: 'keep' }).options.curl!.render).toBe('keep');
    await p.settings.update('project', { 'curl.renderMode': 'ask' });
    expect(render()).toBe('keep');
    expect(exportSetup({ ...p, askAnswered: true }).options.curl!.render).toBe('resolve');
  });

  it("reads the one module's own config when every endpoint exported is of it, as call does", async () => {
    const p = await project('modules');
    for (const [dir, port] of [['mall-admin', '8082'], ['mall-search', '8081']]) {
      mkdirSync(join(p.projectDir, dir, 'src/main/resources'), { recursive: true });
      writeFileSync(join(p.projectDir, dir, 'src/main/resources/application.properties'), `server.port=${port}\ngrpc.server.port=1${port}\n`);
    }
    const modules = [{ name: 'mall-admin', dir: 'mall-admin', build: 'maven' as const }, { name: 'mall-search', dir: 'mall-search', build: 'maven' as const }];
    const at = (module: string) => ({ module }) as Endpoint;
    const setup = (endpoints: Endpoint[]) => exportSetup({ ...p, environment: null, modules, endpoints }).options;
    // Send goes to the module's server.port: Copy as cURL and `export --module mall-search` did not.
    expect(setup([at('mall-search')])).toMatchObject({ defaultHost: 'http://localhost:8081', defaultGrpcHost: 'localhost:18081' });
    expect(loadCallContext({ projectDir: p.projectDir, userDir: p.userDir, endpoint: at('mall-search'), module: modules[1] }).config.get('server.port')).toBe('8081');
    // Endpoints of several modules: the project's own config (none here: 8080).
    expect(setup([at('mall-search'), at('mall-admin')]).defaultHost).toBe('http://localhost:8080');
    expect(setup([]).defaultHost).toBe('http://localhost:8080');
  });

  it("goes where the application serving a library module listens, unless the project's own settings say", async () => {
    // No environment: Send's host comes from the config.
    const p = { projectDir: join(base, 'library'), userDir: join(base, 'library-user') };
    mkdirSync(p.projectDir);
    // A library module has no application.yml: the scan hands it its application's port (ModuleSummary.listen).
    const modules = [{ name: 'system', dir: 'system', build: 'maven' as const, listen: { port: '48080' } }, { name: 'infra', dir: 'infra', build: 'maven' as const }];
    const at = (module: string) => ({ module, protocol: 'http' }) as Endpoint;
    const send = (module: (typeof modules)[number]) => defaultRequest(loadCallContext({ projectDir: p.projectDir, userDir: p.userDir, endpoint: { ...at(module.name), method: 'GET', path: '/x', params: [] } as unknown as Endpoint, module }));
    expect(send(modules[0]!)).toMatchObject({ host: 'http://localhost:48080' });
    expect(exportSetup({ ...p, environment: null, modules, endpoints: [at('system')] }).options.defaultHost).toBe('http://localhost:48080');
    expect(exportSetup({ ...p, environment: null, modules, endpoints: [at('system'), at('infra')] }).options.moduleHosts).toEqual({ system: 'http://localhost:48080', infra: 'http://localhost:8080' });
    mkdirSync(join(p.projectDir, '.apiscout'), { recursive: true });
    writeFileSync(join(p.projectDir, '.apiscout/config.properties'), 'server.port=9999\n');
    expect(send(modules[0]!)).toMatchObject({ host: 'http://localhost:9999' });
    expect(exportSetup({ ...p, environment: null, modules, endpoints: [at('system')] }).options.defaultHost).toBe('http://localhost:9999');
  });

  it("takes a Quarkus module's quarkus.http.port and quarkus.grpc.server.port, as Spring Boot's server.port", async () => {
    const p = await project('quarkus');
    mkdirSync(join(p.projectDir, 'src/main/resources'), { recursive: true });
    writeFileSync(join(p.projectDir, 'src/main/resources/application.properties'), 'quarkus.http.port=8181\nquarkus.grpc.server.port=9191\n');
    expect(exportSetup({ ...p, environment: null }).options).toMatchObject({ defaultHost: 'http://localhost:8181', defaultGrpcHost: 'localhost:9191' });
    const module = { name: 'quarkus', dir: '', build: 'maven' as const };
    const ctx = loadCallContext({ projectDir: p.projectDir, userDir: p.userDir, endpoint: { module: 'quarkus' } as Endpoint, module });
    expect(defaultGrpcHost(undefined, ctx.lookup, moduleGrpcPort(ctx.config, ctx.module))).toBe('localhost:9191');
    // Send's default host when no environment names one (defaultRequest reads the same setting).
    expect(httpPortSetting(ctx.config)).toBe('8181');
    // `quarkus dev` runs the dev profile: its port is where a local call goes.
    writeFileSync(join(p.projectDir, 'src/main/resources/application.properties'), 'quarkus.http.port=8181\n%dev.quarkus.http.port=8282\n%dev.quarkus.grpc.server.port=9292\n%test.quarkus.http.port=8383\n');
    expect(exportSetup({ ...p, environment: null }).options).toMatchObject({ defaultHost: 'http://localhost:8282', defaultGrpcHost: 'localhost:9292' });
  });
});

describe('writeExportFiles', () => {
  it('writes each file under the folder, creating it, with absolute paths and byte sizes', () => {
    const dir = join(base, 'out', 'deep');
    const written = writeExportFiles([{ path: 'a.json', content: '{"ü":1}\n' }, { path: 'env/b.json', content: '' }], dir);
    expect(written).toEqual([
      { path: join(dir, 'a.json'), bytes: 9 },
      { path: join(dir, 'env', 'b.json'), bytes: 0 },
    ]);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe('{"ü":1}\n');
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'env']);
  });

  it('writes a text larger than its staging buffer byte for byte, a surrogate pair across the piece boundary included', () => {
    const dir = join(base, 'large');
    // 2^18 UTF-16 units go at a time: the pair's halves sit either side of the first boundary,
    // a lone surrogate (written as U+FFFD, as Buffer.from writes it) and other scripts follow.
    const content = `${'a'.repeat((1 << 18) - 1)}😀${'ü€'.repeat(200_000)}\ud800x${'z'.repeat(600_000)}`;
    const [written] = writeExportFiles([{ path: 'big.json', content }], dir);
    const expected = Buffer.from(content, 'utf8');
    expect(written!.bytes).toBe(expected.length);
    expect(readFileSync(join(dir, 'big.json')).equals(expected)).toBe(true);
  });

  it('writes thousands of UTF-8 pieces between texts in order, empty ones included', () => {
    const dir = join(base, 'pieces');
    const pieces: (string | Buffer)[] = [];
    for (let i = 0; i < 3000; i++) pieces.push(Buffer.from(i % 7 ? `piece ${i} ü,` : ''), ...(i % 500 ? [] : [`text ${i} 😀`]));
    const file = fileOfPieces('p.txt', pieces);
    const [written] = writeExportFiles([file], dir);
    const expected = Buffer.from(pieces.map(String).join(''), 'utf8');
    expect(written!.bytes).toBe(expected.length);
    expect(readFileSync(join(dir, 'p.txt')).equals(expected)).toBe(true);
  });

  it('puts the main file where asked and the companions beside it', () => {
    const dir = join(base, 'single');
    const written = writeExportFiles([{ path: 'collection.json', content: 'c' }, { path: 'dev.env.json', content: 'e' }], dir, join(dir, 'mine.json'));
    expect(written.map((w) => w.path)).toEqual([join(dir, 'mine.json'), join(dir, 'dev.env.json')]);
  });

  it('replaces an existing file whole and refuses names leading outside the folder', () => {
    const dir = join(base, 'replace');
    mkdirSync(dir);
    writeFileSync(join(dir, 'api.sh'), 'old and longer than the new content');
    writeExportFiles([{ path: 'api.sh', content: 'new' }], dir);
    expect(readFileSync(join(dir, 'api.sh'), 'utf8')).toBe('new');
    expect(() => writeExportFiles([{ path: '../escape.sh', content: 'x' }], dir)).toThrow(/'..\/escape.sh' leads outside/);
    expect(() => writeExportFiles([{ path: '/etc/x', content: 'x' }], dir)).toThrow(/leads outside/);
    expect(readdirSync(dir)).toEqual(['api.sh']);
  });
});

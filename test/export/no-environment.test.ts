// A project with no environment at all: the `.http` and Hoppscotch exports must still run, with
// the host the application listens on (server.port from its own config, the context and servlet
// paths in each path). httpyac runs without --env and `hopp test` without -e, against a real
// server on 127.0.0.1 that checks every request against the model.

import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHoppscotch } from '../../core/export/hoppscotch';
import { exportHttpClient } from '../../core/export/http-client';
import { exportSetup } from '../../core/export/setup';
import type { ExportOptions } from '../../core/export/types';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { HOPP, HTTPYAC, NODE22 } from './consumers';
import { httpOf, SHOP } from './fixtures';
import { removeDir, run, writeExport } from './files';
import { startRecordingServer, type RecordingServer } from './recording-server';

let project: string;
let userDir: string;
let server: RecordingServer;
let endpoints: Endpoint[];
let options: ExportOptions;

beforeAll(async () => {
  // A copy of the sample shop whose root config says where the application listens.
  project = mkdtempSync(join(tmpdir(), 'apiscout-noenv-project-'));
  userDir = mkdtempSync(join(tmpdir(), 'apiscout-noenv-user-'));
  cpSync(SHOP, project, { recursive: true });
  const scan = await scanProject(project);
  endpoints = httpOf(scan.endpoints);
  server = await startRecordingServer(endpoints, { modules: scan.modules });
  const port = new URL(server.url).port;
  mkdirSync(join(project, 'src/main/resources'), { recursive: true });
  writeFileSync(join(project, 'src/main/resources/application.properties'), `server.port=${port}\nserver.address=127.0.0.1\n`);
  options = exportSetup({ projectDir: project, userDir, modules: scan.modules, environment: null }).options;
}, 120_000);
afterAll(async () => {
  await server.close();
  removeDir(project);
  removeDir(userDir);
});

describe('exports of a project without an environment', () => {
  it('take the host from server.port and server.address', () => {
    expect(options.environment).toBeUndefined();
    expect(options.defaultHost).toBe(server.url);
  });

  it('.http: httpyac runs every request without --env, on the @host file variable', async () => {
    server.reset();
    const result = exportHttpClient(endpoints, options);
    expect(result.files.map((f) => f.path)).toEqual(['api.http']);
    expect(result.files[0]!.content.split('\n')[0]).toBe(`@host = ${options.defaultHost}`);
    const dir = writeExport(result.files);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.status, out.stdout.slice(-3000) + out.stderr).toBe(0);
      const report = JSON.parse(out.stdout) as { summary: { totalRequests: number; failedRequests: number } };
      expect(report.summary).toMatchObject({ totalRequests: endpoints.length, failedRequests: 0 });
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  }, 180_000);

  it('Hoppscotch: hopp test runs the collection without -e, on its collection variable', async () => {
    server.reset();
    const result = exportHoppscotch(endpoints, options);
    expect(result.files.map((f) => f.path)).toEqual(['hoppscotch-collection.json']);
    expect(JSON.parse(result.files[0]!.content).variables).toEqual([{ key: 'host', initialValue: options.defaultHost, currentValue: options.defaultHost, secret: false }]);
    const dir = writeExport(result.files);
    try {
      const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 300_000 });
      expect(out.status, `${out.stdout.slice(-3000)}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  }, 360_000);
});

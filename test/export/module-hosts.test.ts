// A project of two Spring Boot applications on different ports (as mall's mall-admin and
// mall-search): every export sends each module's requests to that module's own address, a
// base-URL variable per module named after it. Each application is a real server on 127.0.0.1
// that checks every request it gets: a request sent to the other one is a 404 there and an
// endpoint never called here. The consumers run the files without an environment.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { validate } from '@readme/openapi-parser';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyAsCurl } from '../../core/export/copy';
import { exportCurl } from '../../core/export/curl';
import { hostPlan } from '../../core/export/host';
import { exportHoppscotch } from '../../core/export/hoppscotch';
import { exportHttpClient } from '../../core/export/http-client';
import { exportOpenApi } from '../../core/export/openapi';
import { exportPostman } from '../../core/export/postman';
import { exportSetup } from '../../core/export/setup';
import type { ExportOptions } from '../../core/export/types';
import type { Endpoint, ModuleSummary } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { HOPP, HTTPYAC, NODE22 } from './consumers';
import { removeDir, run, writeExport } from './files';
import { startRecordingServer, type RecordingServer } from './recording-server';

const controller = (pkg: string, base: string) => `package com.example.${pkg};

import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/${base}")
public class ${base[0]!.toUpperCase()}${base.slice(1)}Controller {
  @GetMapping("/users/{id}/roles")
  public String roles(@PathVariable long id) { return null; }

  @GetMapping("/ping")
  public String ping() { return null; }
}
`;

const MODULES = { 'mall-admin': { pkg: 'admin', base: 'users', context: '/admin' }, 'mall-search': { pkg: 'search', base: 'search', context: '' } } as const;

let project: string;
let userDir: string;
let modules: ModuleSummary[];
let endpoints: Endpoint[];
const servers = new Map<string, RecordingServer>();
const of = (module: string) => endpoints.filter((e) => e.module === module);

function write(path: string, text: string): void {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
}

function setup(environment: string | null = null, chosen: readonly Endpoint[] = endpoints): ExportOptions {
  return exportSetup({ projectDir: project, userDir, modules, endpoints: chosen, environment }).options;
}

/** Every module's server got exactly its own endpoints' requests, as the model says. */
function verified(): string[] {
  return [...servers].flatMap(([m, s]) => s.verify(of(m)).map((p) => `${m}: ${p}`));
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'apiscout-module-hosts-'));
  userDir = mkdtempSync(join(tmpdir(), 'apiscout-module-hosts-user-'));
  write('pom.xml', '<project><modelVersion>4.0.0</modelVersion><artifactId>mall</artifactId><packaging>pom</packaging><modules><module>mall-admin</module><module>mall-search</module></modules></project>');
  for (const [name, m] of Object.entries(MODULES)) {
    write(`${name}/pom.xml`, `<project><modelVersion>4.0.0</modelVersion><artifactId>${name}</artifactId></project>`);
    write(`${name}/src/main/java/com/example/${m.pkg}/Controller.java`, controller(m.pkg, m.base));
  }
  // Each server needs the endpoints to check requests against, and the ports are known once it
  // listens: the project is scanned again with them, as the explorer does when a config changes.
  const config = (name: keyof typeof MODULES, port: string) => {
    const context = MODULES[name].context;
    write(`${name}/src/main/resources/application.properties`, `server.port=${port}\nserver.address=127.0.0.1\n${context ? `server.servlet.context-path=${context}\n` : ''}`);
  };
  for (const name of Object.keys(MODULES) as (keyof typeof MODULES)[]) config(name, '0');
  const scan = await scanProject(project);
  modules = scan.modules;
  endpoints = scan.endpoints;
  for (const name of Object.keys(MODULES) as (keyof typeof MODULES)[]) {
    const server = await startRecordingServer(of(name), { modules });
    servers.set(name, server);
    config(name, new URL(server.url).port);
  }
  modules = (await scanProject(project)).modules;
}, 120_000);

afterAll(async () => {
  for (const s of servers.values()) await s.close();
  removeDir(project);
  removeDir(userDir);
});

describe('exports of a project of several applications', () => {
  it('give each module a base-URL variable named after it, with its own address', () => {
    expect(endpoints.map((e) => e.module).sort()).toEqual(['mall-admin', 'mall-admin', 'mall-search', 'mall-search']);
    const plan = hostPlan(endpoints, setup());
    expect(plan.perModule).toBe(true);
    expect(plan.variables).toEqual([
      { name: 'mallAdminHost', value: servers.get('mall-admin')!.url, module: 'mall-admin' },
      { name: 'mallSearchHost', value: servers.get('mall-search')!.url, module: 'mall-search' },
    ]);
  });

  it('Postman: newman runs the collection without an environment, each request at its own application', async () => {
    for (const s of servers.values()) s.reset();
    const result = exportPostman(endpoints, setup());
    const collection = JSON.parse(result.files[0]!.content);
    expect(collection.variable.map((v: { key: string }) => v.key)).toEqual(['mallAdminHost', 'mallSearchHost']);
    const dir = writeExport(result.files);
    try {
      const summary = await new Promise<NewmanRunSummary>((resolve, reject) =>
        newman.run({ collection: join(dir, result.files[0]!.path), reporters: [], timeoutRequest: 10_000 }, (err: Error | null, s: NewmanRunSummary) => (err ? reject(err) : resolve(s))),
      );
      expect(summary.run.failures.map((f) => f.error.message)).toEqual([]);
    } finally {
      removeDir(dir);
    }
    expect(verified()).toEqual([]);
  });

  it('.http: httpyac runs every request on the modules\' file variables', async () => {
    for (const s of servers.values()) s.reset();
    const result = exportHttpClient(endpoints, setup());
    const text = result.files[0]!.content;
    expect(text.split('\n').slice(0, 2)).toEqual([`@mallAdminHost = ${servers.get('mall-admin')!.url}`, `@mallSearchHost = ${servers.get('mall-search')!.url}`]);
    expect(text).toContain('GET {{mallAdminHost}}/admin/users/ping');
    const dir = writeExport(result.files);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.status, out.stdout.slice(-3000) + out.stderr).toBe(0);
      expect((JSON.parse(out.stdout) as { summary: { totalRequests: number; failedRequests: number } }).summary).toMatchObject({ totalRequests: endpoints.length, failedRequests: 0 });
    } finally {
      removeDir(dir);
    }
    expect(verified()).toEqual([]);
  }, 120_000);

  it('cURL: the resolved script sends each command to its own application; kept, it names the module\'s variable', async () => {
    for (const s of servers.values()) s.reset();
    const options = setup();
    const resolved = exportCurl(endpoints, { ...options, curl: { ...options.curl, render: 'resolve' } });
    expect(resolved.summary.warnings).toEqual([]);
    const dir = writeExport(resolved.files);
    try {
      const out = await run('sh', ['api.sh'], { cwd: dir });
      expect(out.status, out.stderr).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(verified()).toEqual([]);
    const kept = exportCurl(endpoints, { ...options, curl: { ...options.curl, render: 'keep' } }).files[0]!.content;
    expect(kept).toContain("'{{mallSearchHost}}/search/ping'");
    // Copy as cURL of rows of both modules, from the explorer's context menu: the same hosts.
    const copied = copyAsCurl([of('mall-admin')[0]!, of('mall-search')[0]!], { ...options, curl: { ...options.curl, render: 'resolve', multiline: false } }).text;
    expect(copied.split('\n\n').map((c) => /(http:\/\/[^/' ]+)/.exec(c)?.[1])).toEqual([servers.get('mall-admin')!.url, servers.get('mall-search')!.url]);
  });

  it('Hoppscotch: hopp test runs the collection on its per-module collection variables', async () => {
    for (const s of servers.values()) s.reset();
    const result = exportHoppscotch(endpoints, setup());
    expect(JSON.parse(result.files[0]!.content).variables.map((v: { key: string }) => v.key)).toEqual(['mallAdminHost', 'mallSearchHost']);
    const dir = writeExport(result.files);
    try {
      const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 });
      expect(out.status, `${out.stdout.slice(-3000)}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(verified()).toEqual([]);
  }, 180_000);

  it('OpenAPI: a server per module, and each operation names its own, valid in 3.0 and 3.1', async () => {
    for (const version of ['3.0.3', '3.1.0'] as const) {
      const doc = JSON.parse(exportOpenApi(endpoints, { ...setup(), openapi: { format: 'json', version } }).files[0]!.content);
      const report = await validate(doc as never);
      expect(report.valid, JSON.stringify(report)).toBe(true);
    }
    const doc = JSON.parse(exportOpenApi(endpoints, { ...setup(), openapi: { format: 'json' } }).files[0]!.content);
    const admin = servers.get('mall-admin')!.url;
    const search = servers.get('mall-search')!.url;
    expect(doc.servers).toEqual([{ url: admin, description: 'mall-admin' }, { url: search, description: 'mall-search' }]);
    expect(doc.paths['/admin/users/ping'].get.servers).toEqual([{ url: admin, description: 'mall-admin' }]);
    expect(doc.paths['/search/ping'].get.servers).toEqual([{ url: search, description: 'mall-search' }]);
  });

  it('one module, modules on one address, or an environment naming the host: one host variable, as before', () => {
    const one = setup(null, of('mall-search'));
    expect(one.moduleHosts).toBeUndefined();
    expect(hostPlan(of('mall-search'), one)).toMatchObject({ perModule: false, variables: [{ name: 'host', value: servers.get('mall-search')!.url }] });
    const same = { ...setup(), moduleHosts: { 'mall-admin': 'http://localhost:8080', 'mall-search': 'http://localhost:8080' } };
    expect(hostPlan(endpoints, same).perModule).toBe(false);
    const gateway = { ...setup(), environment: { name: 'gw', variables: [{ key: 'host', value: 'https://gw.example.com' }] } };
    expect(hostPlan(endpoints, gateway)).toMatchObject({ perModule: false, variables: [{ name: 'host', value: 'https://gw.example.com' }] });
    // An environment may name a module's variable: that value wins for its module.
    const named = { ...setup(), environment: { name: 'stage', variables: [{ key: 'mallSearchHost', value: 'https://search.stage' }] } };
    expect(hostPlan(endpoints, named).variables.map((v) => v.value)).toEqual([servers.get('mall-admin')!.url, 'https://search.stage']);
  });
});

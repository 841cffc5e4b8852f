// `apiscout call` on gRPC endpoints as a user runs it: the built bundle in a child process, the
// grpc-call fixture project, a real grpc-js server on 127.0.0.1, settings in a user config folder.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestStateStore } from '../../core/store/request-state';
import { ECHO_PROTO, FIXTURE, startGrpcServer } from '../call/grpc-server';
import type { GrpcTestServer } from '../call/grpc-server';
import { runCli, type CliRun } from './run-cli';

let server: GrpcTestServer;
let work: string;
let project: string;
let userDir: string;

function run(args: string[], dir = project): Promise<CliRun> {
  return runCli(['call', ...args.slice(0, 1), dir, ...args.slice(1)], { APISCOUT_CONFIG_DIR: userDir });
}

function settings(values: Record<string, unknown>): void {
  writeFileSync(join(userDir, 'settings.json'), JSON.stringify(values));
}

beforeAll(async () => {
  server = await startGrpcServer({ reflection: 'v1' });
  work = mkdtempSync(join(tmpdir(), 'apiscout-call-grpc-'));
  project = join(work, 'project');
  cpSync(FIXTURE, project, { recursive: true });
  userDir = join(work, 'user');
  mkdirSync(userDir);
  settings({});
});

afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe('apiscout call (gRPC)', () => {
  it('refuses while gRPC calls are disabled, sending nothing (exit 3)', async () => {
    settings({});
    const r = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--message', '{"text":"hi"}']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not sent (grpc-disabled)');
    expect(r.stderr).toContain('apiscout settings set grpc.enabled true');
    expect(r.stdout).toBe('');
    expect(server.seen).toEqual([]);
  });

  it('unary: the message, metadata, the reply and its headers and trailers', async () => {
    settings({ 'grpc.enabled': true });
    const r = await run(['/acme.echo.v1.Echo/Say', '--host', `grpc://${server.address}`, '--message', '{"text":"hi","big":"9007199254740993"}', '--header', 'x-trace: t-1', '--header', 'x-blob-bin: AAEC']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const [head] = r.stdout.split('\n');
    expect(head).toMatch(/^gRPC OK \(0\) {2}\d+ ms · 1 message$/);
    expect(r.stdout).toContain('x-trace: t-1');
    expect(r.stdout).toContain('x-blob-bin: AAEC');
    expect(r.stdout).toContain('Trailers:\nt-x-trace: t-1');
    const body = r.stdout.slice(r.stdout.indexOf('\n{'), r.stdout.indexOf('\nTrailers:'));
    expect(JSON.parse(body)).toEqual({ echo: { text: 'hi', big: '9007199254740993' }, metadataKeys: ['user-agent', 'x-blob-bin', 'x-trace'] });
  });

  it('credential metadata the server sends back prints masked, in headers and trailers', async () => {
    settings({ 'grpc.enabled': true });
    const r = await run(['/acme.echo.v1.Echo/Say', '--host', `grpc://${server.address}`, '--message', '{"text":"hi"}', '--header', 'x-auth-token: tok-G-42', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('> x-auth-token: ••••••••\n');
    expect(r.stdout).toContain('\nx-auth-token: ••••••••\n');
    expect(r.stdout).toContain('Trailers:\nt-x-auth-token: ••••••••');
    expect(r.stdout).not.toContain('tok-G-42');
  });

  it('client streaming: --message repeated, from a file too', async () => {
    const file = join(work, 'second.json');
    writeFileSync(file, '{"units": "40", "currencyCode": "EUR"}');
    const r = await run(['/acme.echo.v1.Echo/Sum', '--host', server.address, '--message', '{"units":"2"}', '--message', `@${file}`]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"units": "42"');
  });

  it('server streaming: each message printed as it arrives with its time', async () => {
    const r = await run(['/acme.echo.v1.Echo/Count', '--host', server.address, '--message', '{"n":3,"intervalMs":20}']);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3).map((l) => l.replace(/\+[\d.]+ ms/, '+T'))).toEqual(['#1 +T {"label":"tick 0"}', '#2 +T {"index":1,"label":"tick 1"}', '#3 +T {"index":2,"label":"tick 2"}']);
    expect(lines[3]).toMatch(/^gRPC OK \(0\) {2}\d+ ms · 3 messages$/);
  });

  it('an error status is a response: code, name, message and details (exit 0)', async () => {
    const r = await run(['/acme.echo.v1.Echo/Fail', '--host', server.address]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^gRPC INVALID_ARGUMENT \(3\): text must not be empty/);
    expect(r.stdout).toContain('"@type": "type.googleapis.com/acme.common.v1.FieldViolation"');
  });

  it('runs http.call.after scripts on the result: response.code() is the gRPC status, body the messages', async () => {
    const config = join(project, '.apiscout', 'config.properties');
    mkdirSync(join(project, '.apiscout'), { recursive: true });
    writeFileSync(config, "http.call.after=js:logger.info('status ' + response.code() + ', ' + JSON.stringify(response.json()))\n");
    try {
      const ok = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--message', '{"text":"hi"}']);
      expect(ok.code).toBe(0);
      expect(ok.stderr).toMatch(/\] info: status 0, \{"echo":\{"text":"hi"/);
      const failed = await run(['/acme.echo.v1.Echo/Fail', '--host', server.address]);
      expect(failed.stderr).toContain('info: status 3, ');
      writeFileSync(config, 'http.call.after=js:response.json().missing.deeper\n');
      const broken = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--message', '{"text":"hi"}']);
      expect(broken.code).toBe(1);
      expect(broken.stdout).toMatch(/^gRPC OK \(0\)/);
      expect(broken.stderr).toMatch(/apiscout call: .*line 1/);
    } finally {
      rmSync(config);
    }
  });

  it('a deadline; no server answering is exit 1', async () => {
    const slow = await run(['/acme.echo.v1.Echo/Slow', '--host', server.address, '--message', '{"delayMs":5000}', '--timeout', '100']);
    expect(slow.stdout).toMatch(/^gRPC DEADLINE_EXCEEDED \(4\)/);
    expect(slow.code).toBe(1);
    const down = await run(['/acme.echo.v1.Echo/Say', '--host', '127.0.0.1:1']);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^gRPC UNAVAILABLE \(14\)/);
  });

  it('a message that does not fit is bad input (exit 2), nothing sent', async () => {
    const before = server.seen.length;
    const r = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--message', '{"priority":"URGENT"}']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('priority: unknown enum value: "URGENT"');
    expect(server.seen.length).toBe(before);
  });

  it('without the imported protos: refused naming the import, then sent with --reflection', async () => {
    const bare = join(work, 'bare');
    cpSync(join(FIXTURE, 'echo'), bare, { recursive: true });
    const refused = await run(['/acme.echo.v1.Echo/Say', '--host', server.address], bare);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('not sent (grpc-runtime-missing)');
    expect(refused.stderr).toContain(`import "acme/common/v1/types.proto" wanted by src/main/proto/${ECHO_PROTO} was not found`);
    expect(refused.stderr).toContain(`  Auto Detect:\n    1 .proto file under 1 include root: src/main/proto\n    0 services callable from the protos\n    missing: import "acme/common/v1/types.proto" wanted by src/main/proto/${ECHO_PROTO}`);
    const viaReflection = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--reflection', '--verbose', '--message', '{"priority":"HIGH"}'], bare);
    expect(viaReflection.code).toBe(0);
    expect(viaReflection.stdout).toContain('descriptors from server reflection (v1)');
    expect(viaReflection.stdout).toContain('"priority": "HIGH"');
  });

  it('saved edits are used, and --reset goes back to the default', async () => {
    const scanned = await run(['/acme.echo.v1.Echo/Say', '--host', server.address, '--verbose']);
    expect(scanned.code).toBe(0);
    const store = new RequestStateStore({ projectDir: project });
    const { scanProject } = await import('../../core/scan/scan');
    const say = (await scanProject(project)).endpoints.find((e) => e.grpc?.method === 'Say')!;
    await store.save(say.id, { protocol: 'grpc', host: server.address, service: say.grpc!.service, method: 'Say', metadata: [{ name: 'x-saved', value: 'yes' }], messages: ['{"text":"saved"}'] });
    const edited = await run(['/acme.echo.v1.Echo/Say']);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toContain('x-saved: yes');
    expect(edited.stdout).toContain('"text": "saved"');
    const reset = await run(['/acme.echo.v1.Echo/Say', '--reset', '--host', server.address]);
    expect(reset.stdout).not.toContain('x-saved');
    expect(store.loadGrpc(say.id)).toBeUndefined();
  });

  it('the bundle loads @grpc/grpc-js only when a gRPC call is made, not at every start', () => {
    // The bundle and the chunks it loads per command.
    const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
    const bundle = readdirSync(dist).filter((f) => /^apiscout.*\.mjs$/.test(f)).map((f) => readFileSync(join(dist, f), 'utf8')).join('\n');
    expect(bundle).not.toMatch(/^import[^;]*['"]@grpc\/grpc-js['"]/m);
    expect(bundle).toContain("import('@grpc/grpc-js')");
  });
});

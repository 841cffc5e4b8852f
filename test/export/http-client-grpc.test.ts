// The `.http` export's gRPC requests run by httpyac against the real grpc-js test server: the
// `proto <` import with its include roots must load the service (its types import a proto of
// another module), and each RPC must reach its handler.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHttpClient } from '../../core/export/http-client';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURE, startGrpcServer, type GrpcTestServer } from '../call/grpc-server';
import { HTTPYAC } from './consumers';
import { removeDir, run, writeExport } from './files';

let server: GrpcTestServer;
let endpoints: Endpoint[];

beforeAll(async () => {
  server = await startGrpcServer();
  endpoints = (await scanProject(FIXTURE)).endpoints.filter((e) => e.protocol === 'grpc');
});
afterAll(() => server.stop());

interface Report {
  summary: { totalRequests: number; failedRequests: number };
  requests: { name: string; response?: { statusCode?: number } }[];
}

describe('.http gRPC requests', () => {
  it('load their protos and reach every RPC of the server through httpyac, with no environment', async () => {
    const result = exportHttpClient(endpoints, { projectDir: FIXTURE, defaultGrpcHost: `127.0.0.1:${server.port}` });
    const text = result.files[0]!.content;
    expect(text).toContain('proto < {{protoRoot}}/echo/src/main/proto/acme/echo/v1/echo.proto');
    expect(text).toContain('includeDirs: [protoRoot + "/echo/src/main/proto", protoRoot + "/api/proto"]');
    const dir = writeExport(result.files);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 });
      expect(out.stdout + out.stderr).not.toContain('Missing Protodefinitions');
      const report = JSON.parse(out.stdout) as Report;
      expect(report.summary.totalRequests).toBe(endpoints.length);
    } finally {
      removeDir(dir);
    }
    expect([...new Set(server.seen)].sort()).toEqual(endpoints.map((e) => e.grpc!.method).sort());
  }, 180_000);

  it("reach each module's own gRPC server when the modules listen on different ports", async () => {
    // The fixture's service as two modules' (one application each, as greeter on 7565 and echo on 6565).
    const other = await startGrpcServer();
    try {
      const [moved, ...kept] = endpoints;
      const mixed = [{ ...moved!, module: 'mirror' }, ...kept];
      const result = exportHttpClient(mixed, { projectDir: FIXTURE, moduleGrpcHosts: { [moved!.module]: `127.0.0.1:${server.port}`, mirror: `127.0.0.1:${other.port}` } });
      expect(result.files[0]!.content).toContain(`@mirrorGrpcHost = 127.0.0.1:${other.port}`);
      server.seen.length = 0;
      const dir = writeExport(result.files);
      try {
        const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 });
        expect((JSON.parse(out.stdout) as Report).summary.totalRequests).toBe(mixed.length);
      } finally {
        removeDir(dir);
      }
      expect([...new Set(other.seen)]).toEqual([moved!.grpc!.method]);
      expect([...new Set(server.seen)].sort()).toEqual(kept.map((e) => e.grpc!.method).sort());
    } finally {
      await other.stop();
    }
  }, 180_000);
});

// gRPC and actuator through the whole scanner: the actuator toggle, module base paths, and
// incremental re-scans of .proto files (a re-scan must give exactly what a fresh scan gives).

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

function copyOf(fixture: string): { root: string; write: (p: string, text: string) => void; remove: (p: string) => void } {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-grpc-'));
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  return {
    root,
    write: (p, text) => {
      mkdirSync(dirname(join(root, p)), { recursive: true });
      writeFileSync(join(root, p), text);
    },
    remove: (p) => rmSync(join(root, p)),
  };
}

async function expectSameAsFullScan(s: ProjectScanner, opts: ScanOptions = {}): Promise<void> {
  const fresh = await new ProjectScanner(s.root, opts).scan();
  expect(s.endpoints).toEqual(fresh.endpoints);
  expect(s.diagnostics()).toEqual(fresh.diagnostics);
}

const rpcs = (s: ProjectScanner) => s.endpoints.map((e) => `${e.path} ${e.streaming}`).sort();

const AUDIT_PROTO = (recordMany: string) => `syntax = "proto3";
package acme.audit;
option java_package = "com.acme.audit.grpc";
option java_multiple_files = true;
service Audit {
  rpc Record(AuditEvent) returns (Receipt);
  rpc RecordMany(${recordMany}) returns (Receipt);
}
message AuditEvent { string action = 1; }
message Receipt { int64 id = 1; }
`;

describe('actuator toggle', () => {
  it('recognises actuator endpoints only when the setting is on', async () => {
    for (const c of ['selectors', 'extensions', 'controller-endpoints']) {
      const off = await scanProject(join(FIXTURES, 'actuator', c));
      expect(off.endpoints, c).toEqual([]);
      const on = await scanProject(join(FIXTURES, 'actuator', c), { actuator: true });
      expect(on.endpoints.length, c).toBeGreaterThan(0);
      expect(on.endpoints.every((e) => e.framework === 'actuator' && e.protocol === 'http'), c).toBe(true);
    }
  });

  it('reports the actuator base path with the module, and keeps path mappings to itself', async () => {
    const { modules } = await scanProject(join(FIXTURES, 'actuator', 'extensions'), { actuator: true });
    expect(modules).toEqual([{ name: 'extensions', dir: '', build: 'none', contextPath: '/shop', actuatorBasePath: '/manage' }]);
  });
});

describe('gRPC re-scans', () => {
  it('picks up a created, changed and deleted .proto for a service that had none', async () => {
    const p = copyOf('grpc/no-proto-no-generated');
    const s = new ProjectScanner(p.root);
    await s.scan();
    expect(rpcs(s)).toEqual(['/Audit/Record unknown', '/Audit/RecordMany unknown']);

    const proto = 'src/main/proto/acme/audit/audit.proto';
    p.write(proto, AUDIT_PROTO('stream AuditEvent'));
    const created = s.rescan([{ path: proto, kind: 'created' }]);
    expect(rpcs(s)).toEqual(['/acme.audit.Audit/Record U', '/acme.audit.Audit/RecordMany C']);
    expect(created.diagnostics).toEqual([]);
    await expectSameAsFullScan(s);

    p.write(proto, AUDIT_PROTO('AuditEvent'));
    const changed = s.rescan([{ path: proto, kind: 'changed' }]);
    expect(rpcs(s)).toEqual(['/acme.audit.Audit/Record U', '/acme.audit.Audit/RecordMany U']);
    expect(changed.updated).toHaveLength(1);
    await expectSameAsFullScan(s);

    p.remove(proto);
    s.rescan([{ path: proto, kind: 'deleted' }]);
    expect(rpcs(s)).toEqual(['/Audit/Record unknown', '/Audit/RecordMany unknown']);
    await expectSameAsFullScan(s);
  });

  it('follows a change to an imported proto into the schemas of the services using it', async () => {
    const p = copyOf('grpc/imports-across-folders');
    const s = new ProjectScanner(p.root);
    await s.scan();
    const money = 'api/proto/acme/common/money.proto';
    p.write(money, 'syntax = "proto3";\npackage acme.common;\nmessage Money { string currency_code = 1; int64 micros = 2; }\n');
    const r = s.rescan([{ path: money, kind: 'changed' }]);
    const place = s.endpoints.find((e) => e.grpc?.method === 'PlaceOrder')!;
    expect(place.request!.body!.example).toEqual({ skus: ['skus'], budget: { currencyCode: 'currencyCode', micros: '0' } });
    expect(r.updated.length).toBeGreaterThan(0);
    await expectSameAsFullScan(s);
  });

  it('takes a Mustache template named .proto for what it is: no warning, nothing declared (conductor)', async () => {
    const p = copyOf('grpc/streaming-kinds');
    p.write('src/main/resources/templates/message.proto', '{{protoClass}} {{name}} {\n{{#nested}}\n    {{>message}}\n{{/nested}}\n{{#fields}}\n    {{protoTypeDeclaration}};\n{{/fields}}\n}\n');
    const before = await scanProject(copyOf('grpc/streaming-kinds').root);
    const result = await scanProject(p.root);
    expect(result.diagnostics).toEqual(before.diagnostics);
    expect(result.endpoints.map((e) => `${e.path} ${e.streaming}`)).toEqual(before.endpoints.map((e) => `${e.path} ${e.streaming}`));
  });

  it('reports a broken .proto with its line, and goes on', async () => {
    const p = copyOf('grpc/streaming-kinds');
    p.write('src/main/proto/acme/chat/v1/chat.proto', 'syntax = "proto3";\npackage acme.chat.v1;\nservice Chat {\n  rpc GetRoom(GetRoomRequest) returns Room;\n}\n');
    const result = await scanProject(p.root);
    expect(result.diagnostics).toContainEqual({ file: 'src/main/proto/acme/chat/v1/chat.proto', line: 4, message: expect.stringContaining('cannot parse .proto') });
    // The implementation is still listed, its streaming types unknown.
    expect(result.endpoints.map((e) => `${e.path} ${e.streaming}`)).toContain('/Chat/GetRoom unknown');
  });

  it('reports an import that resolves nowhere, naming it', async () => {
    const p = copyOf('grpc/imports-across-folders');
    p.remove('api/proto/acme/common/money.proto');
    const result = await scanProject(p.root);
    expect(result.diagnostics.map((d) => d.message)).toContain('import "acme/common/money.proto" not found in the tree, its include roots or the build\'s extracted protos');
    const place = result.endpoints.find((e) => e.grpc?.method === 'PlaceOrder')!;
    expect(place.request!.body!.schema.properties!.budget).toMatchObject({ 'x-unresolved': true });
  });

  it('reads protos with custom options: descriptor.proto ships with protobufjs, a missing options proto is reported', async () => {
    const p = copyOf('grpc/no-package');
    p.write(
      'src/main/proto/ping.proto',
      `syntax = "proto3";
import "google/protobuf/descriptor.proto";
import "google/api/annotations.proto";
option java_package = "com.acme.ping";
option java_multiple_files = true;
extend google.protobuf.MethodOptions { string audit_tag = 50001; }
service Ping {
  rpc Check(PingRequest) returns (Pong) {
    option (google.api.http) = { get: "/v1/ping" };
    option (audit_tag) = "ping";
  }
}
message PingRequest { string from = 1; }
message Pong { int64 server_time_millis = 1; }
`,
    );
    const result = await scanProject(p.root);
    expect(result.endpoints.map((e) => `${e.address} ${e.streaming}`)).toEqual(['gRPC /Ping/Check U']);
    expect(result.diagnostics).toEqual([
      { file: 'src/main/proto/ping.proto', message: 'import "google/api/annotations.proto" not found in the tree, its include roots or the build\'s extracted protos' },
    ]);
  });

  // Nacos: eight of Istio's protos import google/api/field_behavior.proto, one thing missing.
  it('reports an import several files miss once, against the first of them, naming the others; a re-scan agrees', async () => {
    const p = copyOf('grpc/no-package');
    const MISSING = 'not found in the tree, its include roots or the build\'s extracted protos';
    const importing = (name: string, extra = '') =>
      `syntax = "proto3";\npackage acme.mesh;\nimport "google/api/field_behavior.proto";\n${extra}message ${name} { string host = 1; }\n`;
    for (const name of ['alpha', 'bravo', 'charlie', 'delta', 'echo']) p.write(`src/main/proto/mesh/${name}.proto`, importing(name[0]!.toUpperCase() + name.slice(1)));
    p.write('src/main/proto/mesh/bravo.proto', importing('Bravo', 'import "google/rpc/status.proto";\n'));
    const s = new ProjectScanner(p.root);
    await s.scan();
    expect(s.diagnostics()).toEqual([
      {
        file: 'src/main/proto/mesh/alpha.proto',
        message: `import "google/api/field_behavior.proto" ${MISSING} (also imported by 4 other files: src/main/proto/mesh/bravo.proto, src/main/proto/mesh/charlie.proto, src/main/proto/mesh/delta.proto and 1 more)`,
      },
      { file: 'src/main/proto/mesh/bravo.proto', message: `import "google/rpc/status.proto" ${MISSING}` },
    ]);

    // Down to two importers: the other one is named.
    for (const name of ['alpha', 'charlie', 'delta']) p.remove(`src/main/proto/mesh/${name}.proto`);
    s.rescan(['alpha', 'charlie', 'delta'].map((name) => ({ path: `src/main/proto/mesh/${name}.proto`, kind: 'deleted' as const })));
    expect(s.diagnostics()).toEqual([
      { file: 'src/main/proto/mesh/bravo.proto', message: `import "google/api/field_behavior.proto" ${MISSING} (also imported by one other file: src/main/proto/mesh/echo.proto)` },
      { file: 'src/main/proto/mesh/bravo.proto', message: `import "google/rpc/status.proto" ${MISSING}` },
    ]);
    await expectSameAsFullScan(s);
  });

  it('resolves imports from a Gradle build\'s extracted include protos', async () => {
    const p = copyOf('grpc/imports-across-folders');
    const money = 'api/proto/acme/common/money.proto';
    const text = `syntax = "proto3";\npackage acme.common;\nmessage Money { string currency_code = 1; int64 units = 2; int32 nanos = 3; }\n`;
    p.remove(money);
    // Build output is not walked, but imports are looked up there.
    p.write('orders/build/extracted-include-protos/main/acme/common/money.proto', text);
    const result = await scanProject(p.root);
    expect(result.diagnostics).toEqual([]);
    const refund = result.endpoints.find((e) => e.grpc?.method === 'Refund')!;
    expect(refund.response!.example).toEqual({ currencyCode: 'currencyCode', units: '0', nanos: 0 });
  });
});

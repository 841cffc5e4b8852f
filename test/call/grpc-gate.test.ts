// The gate in front of gRPC sends (refusals, nothing sent), descriptors from server reflection
// (v1, v1alpha only, none), Auto Detect, and the request model: the editor's draft from a
// scanned endpoint, placeholders, saved edits and Reset to Default, and the after-script shape.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrpcCaller } from '../../core/call/grpc/caller';
import { detectGrpcRuntime } from '../../core/call/grpc/detect';
import { defaultGrpcDraft, prepareGrpcRequest } from '../../core/call/grpc/draft';
import { passGrpcGate } from '../../core/call/grpc/gate';
import type { GrpcGateSettings } from '../../core/call/grpc/gate';
import { grpcResponseJson, grpcScriptRequest, grpcScriptResponse } from '../../core/call/grpc/result';
import { CallRefused } from '../../core/errors';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { RequestStateStore } from '../../core/store/request-state';
import { ECHO_PROTO, FIXTURE, startGrpcServer } from './grpc-server';
import type { GrpcTestServer } from './grpc-server';

const on: GrpcGateSettings = { 'grpc.enabled': true, 'grpc.runtime': null, 'grpc.reflection': false };
const say = { address: 'gRPC /acme.echo.v1.Echo/Say', grpc: { service: 'acme.echo.v1.Echo', method: 'Say', requestType: 'acme.echo.v1.SayRequest', responseType: 'acme.echo.v1.SayReply' } };

async function refusal(p: Promise<unknown>): Promise<CallRefused> {
  try {
    await p;
  } catch (e) {
    if (e instanceof CallRefused) return e;
    throw e;
  }
  throw new Error('the gate let the call through');
}

describe('gRPC gate', () => {
  let server: GrpcTestServer;
  let bare: string;
  let caller: GrpcCaller;
  beforeAll(async () => {
    server = await startGrpcServer({ reflection: 'v1' });
    caller = new GrpcCaller();
    // The service's protos without the common types they import.
    bare = mkdtempSync(join(tmpdir(), 'apiscout-grpc-gate-'));
    cpSync(join(FIXTURE, 'echo'), bare, { recursive: true });
  });
  afterAll(async () => {
    caller.close();
    await server.stop();
    rmSync(bare, { recursive: true, force: true });
  });

  it('refuses while "Enable gRPC call" is off, asking nothing of anyone', async () => {
    let asked = 0;
    const r = await refusal(passGrpcGate({ settings: { ...on, 'grpc.enabled': false, 'grpc.reflection': true }, endpoint: say, projectDir: FIXTURE, reflection: () => (asked++, caller.reflection(server.address)) }));
    expect(r.code).toBe('grpc-disabled');
    expect(r.settings).toBe('grpc');
    expect(r.missing).toEqual(['setting "Enable gRPC call" (grpc.enabled) is off']);
    expect(r.message).toMatch(/Enable gRPC call/);
    expect(asked).toBe(0);
    expect(server.seen).toEqual([]);
  });

  it('passes with the project protos', async () => {
    const d = await passGrpcGate({ settings: on, endpoint: say, projectDir: FIXTURE });
    expect(d.origin.kind).toBe('protos');
  });

  it('refuses without usable descriptors, naming the missing import and who wants it', async () => {
    const r = await refusal(passGrpcGate({ settings: on, endpoint: say, projectDir: bare }));
    expect(r.code).toBe('grpc-runtime-missing');
    expect(r.missing).toEqual([
      `the project: cannot resolve acme.common.v1.Priority for acme.echo.v1.Echo: import "acme/common/v1/types.proto" wanted by src/main/proto/${ECHO_PROTO} was not found`,
      'server reflection is not allowed (setting "grpc.reflection", CLI --reflection)',
    ]);
    expect(server.seen).toEqual([]);
  });

  it('refuses for a service no source knows', async () => {
    const r = await refusal(passGrpcGate({ settings: on, endpoint: { ...say, grpc: { ...say.grpc, service: 'acme.Nope' } }, projectDir: FIXTURE }));
    expect(r.missing[0]).toBe('the project: no .proto declares service acme.Nope');
  });

  it('a descriptor set that is not one is named', async () => {
    const r = await refusal(passGrpcGate({ settings: { ...on, 'grpc.runtime': [join(FIXTURE, 'pom.xml.pb')] }, endpoint: say, projectDir: bare }));
    expect(r.missing).toContain(`descriptor set ${join(FIXTURE, 'pom.xml.pb')}: no such file`);
  });

  it('falls back to server reflection (v1) when allowed, and calls through it', async () => {
    const d = await passGrpcGate({ settings: { ...on, 'grpc.reflection': true }, endpoint: say, projectDir: bare, reflection: () => caller.reflection(server.address) });
    expect(d.origin).toEqual({ kind: 'reflection', version: 'v1' });
    const r = await caller.send({ address: server.address, descriptor: d, messages: [{ text: 'via reflection', priority: 'HIGH', money: { units: '7' } }] });
    expect(r.status.name).toBe('OK');
    expect((r.messages[0]!.json as { echo: unknown }).echo).toEqual({ text: 'via reflection', priority: 'HIGH', money: { units: '7' } });
    expect(server.seen).toEqual(['Say']);
  });

  it('lists services over reflection', async () => {
    const services = await caller.reflection(server.address).listServices();
    expect(services).toContain('acme.echo.v1.Echo');
  });

  it('speaks v1alpha to a server that offers only that', async () => {
    const alpha = await startGrpcServer({ reflection: 'v1alpha-only' });
    try {
      const d = await passGrpcGate({ settings: { ...on, 'grpc.reflection': true }, endpoint: say, projectDir: bare, reflection: () => caller.reflection(alpha.address) });
      expect(d.origin).toEqual({ kind: 'reflection', version: 'v1alpha' });
      expect(d.requestStream).toBe(false);
    } finally {
      await alpha.stop();
    }
  });

  it('refuses when the server has no reflection service either', async () => {
    const plain = await startGrpcServer();
    try {
      const r = await refusal(passGrpcGate({ settings: { ...on, 'grpc.reflection': true }, endpoint: say, projectDir: bare, reflection: () => caller.reflection(plain.address) }));
      expect(r.code).toBe('grpc-runtime-missing');
      expect(r.missing.at(-1)).toBe('server reflection: the server offers no reflection service (v1 or v1alpha)');
      expect(plain.seen).toEqual([]);
    } finally {
      await plain.stop();
    }
  });
});

describe('gRPC Auto Detect', () => {
  it('reports the include roots, the callable services and what it will use', () => {
    const report = detectGrpcRuntime(FIXTURE);
    expect(report.protoFiles).toBe(2);
    expect(report.includeRoots).toEqual([
      { path: 'api/proto', files: 1 },
      { path: 'echo/src/main/proto', files: 1 },
    ]);
    expect(report.services).toEqual(['acme.echo.v1.Echo']);
    expect(report.missing).toEqual([]);
    expect(report.summary.at(-1)).toBe("will use: the project's protos");
  });

  it('names each missing import with the file that wants it', () => {
    const bare = mkdtempSync(join(tmpdir(), 'apiscout-grpc-detect-'));
    try {
      cpSync(join(FIXTURE, 'echo'), bare, { recursive: true });
      const report = detectGrpcRuntime(bare);
      expect(report.missing).toEqual([{ import: 'acme/common/v1/types.proto', importedBy: `src/main/proto/${ECHO_PROTO}` }]);
      expect(report.summary).toContain(`missing: import "acme/common/v1/types.proto" wanted by src/main/proto/${ECHO_PROTO}`);
      expect(report.summary.at(-1)).toMatch(/for the rest name a descriptor set or include root, or allow server reflection/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('gRPC request model', () => {
  let endpoints: Endpoint[];
  let dir: string;
  beforeAll(async () => {
    endpoints = (await scanProject(FIXTURE)).endpoints;
    dir = mkdtempSync(join(tmpdir(), 'apiscout-grpc-draft-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const byName = (m: string) => endpoints.find((e) => e.grpc?.method === m)!;

  it('the default draft holds the schema example as ProtoJSON, one message (two for client streams)', () => {
    const draft = defaultGrpcDraft(byName('Say'), { host: '{{grpcHost}}' });
    expect(draft).toMatchObject({ protocol: 'grpc', host: '{{grpcHost}}', service: 'acme.echo.v1.Echo', method: 'Say', metadata: [] });
    expect(draft.messages).toHaveLength(1);
    expect(JSON.parse(draft.messages[0]!)).toEqual(byName('Say').request!.body!.example);
    expect(defaultGrpcDraft(byName('Sum'), { host: 'localhost:9090' }).messages).toHaveLength(2);
    expect(defaultGrpcDraft(byName('Chat'), { host: 'localhost:9090' }).messages).toHaveLength(2);
  });

  it('the default example is accepted by the caller and the real server', async () => {
    const server = await startGrpcServer();
    const caller = new GrpcCaller();
    try {
      for (const name of ['Say', 'Sum', 'Chat']) {
        const e = byName(name);
        const prepared = prepareGrpcRequest(defaultGrpcDraft(e, { host: server.address }));
        const descriptor = await passGrpcGate({ settings: on, endpoint: e, projectDir: FIXTURE });
        const r = await caller.send({ address: prepared.address, descriptor, messages: prepared.messages, metadata: prepared.metadata });
        expect(r.status.name, name).toBe('OK');
      }
    } finally {
      caller.close();
      await server.stop();
    }
  });

  it('placeholders resolve in the host, metadata and messages (JSON-escaped inside strings)', () => {
    const vars: Record<string, string> = { grpcHost: '127.0.0.1:9', token: 'Bearer "t"', n: '5' };
    const prepared = prepareGrpcRequest(
      {
        protocol: 'grpc',
        host: '{{grpcHost}}',
        service: 'acme.echo.v1.Echo',
        method: 'Count',
        metadata: [
          { name: 'authorization', value: '{{token}}' },
          { name: 'x-off', value: 'no', enabled: false },
        ],
        messages: ['{"n": {{n}}, "label": "{{token}} {{missing}}"}'],
        deadlineMs: 250,
      },
      (name) => vars[name],
    );
    expect(prepared).toEqual({
      address: '127.0.0.1:9',
      metadata: [['authorization', 'Bearer "t"']],
      messages: [{ n: 5, label: 'Bearer "t" {{missing}}' }],
      deadlineMs: 250,
      unresolved: ['missing'],
    });
  });

  it('edits are saved per endpoint and Reset to Default forgets them', async () => {
    const store = new RequestStateStore({ projectDir: dir });
    const e = byName('Say');
    const draft = { ...defaultGrpcDraft(e, { host: 'localhost:9090' }), metadata: [{ name: 'x-k-bin', value: 'AAE=' }], messages: ['{"text":"edited"}'], deadlineMs: 1000 };
    await store.save(e.id, draft);
    expect(new RequestStateStore({ projectDir: dir }).loadGrpc(e.id)).toEqual(draft);
    expect(store.load(e.id)).toBeUndefined();
    await store.reset(e.id);
    expect(store.loadGrpc(e.id)).toBeUndefined();
    await expect(store.save(e.id, { ...draft, messages: [42 as unknown as string] })).rejects.toThrow(/not a request draft/);
  });
});

describe('gRPC results for after-scripts', () => {
  it('code() is the gRPC status, body() the JSON of the messages: one for unary, a list for streams', async () => {
    const server = await startGrpcServer();
    const caller = new GrpcCaller();
    try {
      const count = await passGrpcGate({ settings: on, endpoint: { ...say, grpc: { ...say.grpc, method: 'Count' } }, projectDir: FIXTURE });
      const streamed = await caller.send({ address: server.address, descriptor: count, messages: [{ n: 2 }] });
      expect(grpcResponseJson(streamed)).toEqual([{ label: 'tick 0' }, { index: 1, label: 'tick 1' }]);
      const fail = await passGrpcGate({ settings: on, endpoint: { ...say, grpc: { ...say.grpc, method: 'Fail' } }, projectDir: FIXTURE });
      const failed = await caller.send({ address: server.address, descriptor: fail, messages: [{}] });
      const script = grpcScriptResponse(failed);
      expect(script.status).toBe(3);
      expect(JSON.parse(new TextDecoder().decode(script.body))).toBeNull();
      expect(script.headers).toContainEqual({ name: 'x-reason', value: 'empty' });
      expect(script.text).toBe(true);
      expect(grpcScriptRequest(failed)).toEqual({ method: 'POST', url: `http://${server.address}/acme.echo.v1.Echo/Fail`, headers: [], body: '{}' });
      const sum = await passGrpcGate({ settings: on, endpoint: { ...say, grpc: { ...say.grpc, method: 'Sum' } }, projectDir: FIXTURE });
      const summed = await caller.send({ address: server.address, descriptor: sum, messages: [{ units: '1' }, { units: '2' }], metadata: [['x-k', 'v']] });
      expect(JSON.parse(grpcScriptRequest(summed).body)).toEqual([{ units: '1' }, { units: '2' }]);
      expect(grpcScriptRequest(summed).headers).toEqual([{ name: 'x-k', value: 'v' }]);
      expect(JSON.parse(new TextDecoder().decode(grpcScriptResponse(summed).body))).toEqual({ units: '3' });
    } finally {
      caller.close();
      await server.stop();
    }
  });
});

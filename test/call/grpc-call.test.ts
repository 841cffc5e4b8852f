// The gRPC caller against a real @grpc/grpc-js server on 127.0.0.1 (its protos loaded by
// @grpc/proto-loader, reflection by @grpc/reflection): all four kinds, the proto3 JSON mapping both
// ways, metadata and trailers, status details, deadlines, cancellation, TLS with a test CA, and
// descriptors from the project's protos, a descriptor set and server reflection.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GrpcCaller } from '../../core/call/grpc/caller';
import type { GrpcCallResult, ReceivedMessage } from '../../core/call/grpc/caller';
import { protosUnder, resolveMethod } from '../../core/call/grpc/descriptors';
import type { MethodDescriptor } from '../../core/call/grpc/descriptors';
import { InputError } from '../../core/errors';
import { ECHO_PROTO, FIXTURE, loadDefinition, startGrpcServer, testCertificateAuthority } from './grpc-server';
import type { GrpcTestServer, TestCa } from './grpc-server';

const SERVICE = 'acme.echo.v1.Echo';

async function method(name: string): Promise<MethodDescriptor> {
  const r = await resolveMethod({ service: SERVICE, method: name }, { protos: protosUnder(FIXTURE) });
  if (!r.ok) throw new Error(r.missing.join('\n'));
  return r.descriptor;
}

const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
  return check();
};

describe('gRPC caller over plaintext', () => {
  let server: GrpcTestServer;
  let caller: GrpcCaller;
  beforeAll(async () => {
    server = await startGrpcServer();
    caller = new GrpcCaller();
  });
  afterAll(async () => {
    caller.close();
    await server.stop();
  });

  it('finds the method in the project protos, imports resolved across folders', async () => {
    const d = await method('Say');
    expect(d.path).toBe('/acme.echo.v1.Echo/Say');
    expect(d.origin).toEqual({ kind: 'protos', files: ['echo/src/main/proto/acme/echo/v1/echo.proto', 'api/proto/acme/common/v1/types.proto'] });
    expect(d.requestType.fields.money!.resolve().resolvedType!.fullName).toBe('.acme.common.v1.Money');
  });

  it('unary: proto3 JSON both ways (64-bit strings, bytes, enums by name, well-known types, maps, oneofs)', async () => {
    const sent = {
      text: 'héllo',
      big: '-9007199254740993',
      huge: '18446744073709551615',
      data: Buffer.from([0, 1, 2, 250, 255]).toString('base64'),
      priority: 'HIGH',
      at: '2024-02-29T23:59:59.123456789Z',
      wait: '1.500s',
      maybe: 0,
      tags: { env: 'dev', 'a b': 'c' },
      extra: { nested: { list: [1, 'two', true, null] } },
      money: { currencyCode: 'EUR', units: '12', nanos: 500000000 },
      samples: [1.5, -0, 1e300],
      name: 'alice',
      payload: { '@type': 'type.googleapis.com/acme.common.v1.Money', currencyCode: 'CHF', units: '-3' },
      mask: 'text,money.currencyCode',
      anything: [1, { a: 'b' }],
    };
    const r = await caller.send({ address: server.address, descriptor: await method('Say'), messages: [sent], metadata: [['x-trace', 'abc-123']] });
    expect(r.status).toEqual({ code: 0, name: 'OK', message: 'OK' });
    expect(r.request.kind).toBe('U');
    expect(r.request.security).toBe('plaintext');
    expect(r.messages).toHaveLength(1);
    const reply = r.messages[0]!.json as { echo: Record<string, unknown>; metadataKeys: string[] };
    // Canonical ProtoJSON: Duration trimmed to its digits, the Int32Value zero kept (it is set).
    expect(reply.echo).toEqual({ ...sent, wait: '1.500s', samples: [1.5, -0, 1e300] });
    expect(reply.metadataKeys).toContain('x-trace');
    expect(r.headers).toContainEqual(['x-trace', 'abc-123']);
    expect(r.trailers).toContainEqual(['t-x-trace', 'abc-123']);
    expect(r.timings.headersMs).toBeGreaterThan(0);
    expect(r.timings.totalMs).toBeGreaterThanOrEqual(r.timings.headersMs!);
    expect(r.messages[0]!.size).toBeGreaterThan(50);
  });

  it('accepts the alternative input forms: original field names, numbers for 64-bit and enums', async () => {
    const r = await caller.send({ address: server.address, descriptor: await method('Say'), messages: [{ big: 42, priority: 1, money: { currency_code: 'USD' } }] });
    expect((r.messages[0]!.json as { echo: unknown }).echo).toEqual({ big: '42', priority: 'LOW', money: { currencyCode: 'USD' } });
  });

  it('an Any may hold a well-known type the protos never import', async () => {
    const payload = { '@type': 'type.googleapis.com/google.protobuf.Empty' };
    const stamp = { '@type': 'type.googleapis.com/google.protobuf.Timestamp', value: '2024-01-01T00:00:00Z' };
    for (const p of [payload, stamp]) {
      const r = await caller.send({ address: server.address, descriptor: await method('Say'), messages: [{ payload: p }] });
      expect((r.messages[0]!.json as { echo: unknown }).echo).toEqual({ payload: p });
    }
  });

  it('metadata: -bin keys carry bytes given as base64 and come back base64; text and bytes side by side', async () => {
    const bytes = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00]);
    const r = await caller.send({
      address: server.address,
      descriptor: await method('Say'),
      messages: [{}],
      metadata: [
        ['X-Blob-Bin', bytes.toString('base64')],
        ['x-multi', 'one'],
        ['x-multi', 'two'],
      ],
    });
    expect(r.headers).toContainEqual(['x-blob-bin', bytes.toString('base64')]);
    // HTTP/2 carries a repeated key as one header; grpc-js joins the values as HTTP does.
    expect(r.headers).toContainEqual(['x-multi', 'one, two']);
    expect(r.trailers).toContainEqual(['t-x-blob-bin', bytes.toString('base64')]);
  });

  it('a message that does not fit its type is refused before anything is sent, naming the field', async () => {
    const before = server.seen.length;
    const say = await method('Say');
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{ priority: 'URGENT' }] })).rejects.toThrow(/priority: unknown enum value: "URGENT"/);
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{ big: '1.5' }] })).rejects.toThrow(InputError);
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{ nope: 1 }] })).rejects.toThrow(/unknown field: "nope"/);
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{}, {}] })).rejects.toThrow(/exactly one request message/);
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{}], metadata: [['x-b-bin', 'not base64!']] })).rejects.toThrow(/base64/);
    await expect(caller.open({ address: server.address, descriptor: say, messages: [{}], metadata: [['grpc-timeout', '1S']] })).rejects.toThrow(/reserved/);
    await expect(caller.send({ address: server.address, descriptor: await method('Sum'), messages: [{ units: '1' }, { units: '2' }, { units: 'x' }] })).rejects.toThrow(/request message 3 does not fit acme.common.v1.Money: .*units: invalid integer/);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.seen.length).toBe(before);
  });

  it('server streaming: messages arrive one by one, each with its time', async () => {
    const live: Array<{ index: number; resultDone: boolean }> = [];
    let resultDone = false;
    const pending = caller.send(
      { address: server.address, descriptor: await method('Count'), messages: [{ n: 5, intervalMs: 30 }] },
      { onMessage: (_m: ReceivedMessage, index: number) => live.push({ index, resultDone }) },
    );
    const r = await pending.finally(() => (resultDone = true));
    expect(r.status.name).toBe('OK');
    expect(r.request.kind).toBe('S');
    expect(r.messages.map((m) => m.json)).toEqual([0, 1, 2, 3, 4].map((i) => (i === 0 ? { label: 'tick 0' } : { index: i, label: `tick ${i}` })));
    expect(live.map((l) => l.index)).toEqual([0, 1, 2, 3, 4]);
    expect(live.every((l) => !l.resultDone)).toBe(true);
    const times = r.messages.map((m) => m.atMs);
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    // Stamped as each arrives, not all when the stream ends: the server paces them 30 ms apart,
    // so the first and last are at least one interval apart however the machine delays the first
    // (a loaded CI machine delivered the first one late: 113 ms for four intervals).
    expect(times[4]! - times[0]!).toBeGreaterThanOrEqual(30);
  });

  it('client streaming: a list of messages sent in order, one reply', async () => {
    const r = await caller.send({
      address: server.address,
      descriptor: await method('Sum'),
      messages: [
        { currencyCode: 'EUR', units: '9007199254740993', nanos: 600000000 },
        { units: '1', nanos: 600000000 },
        { units: '-2' },
      ],
    });
    expect(r.request.kind).toBe('C');
    expect(r.request.messages.map((m) => m.json)).toHaveLength(3);
    expect(r.messages.map((m) => m.json)).toEqual([{ currencyCode: 'EUR', units: '9007199254740993', nanos: 200000000 }]);
  });

  it('bidirectional: each reply arrives before the next message is written; half-close ends the call', async () => {
    const replies: unknown[] = [];
    let notify: (() => void) | undefined;
    const session = await caller.open(
      { address: server.address, descriptor: await method('Chat') },
      {
        onMessage: (m) => {
          replies.push(m.json);
          notify?.();
        },
      },
    );
    for (let i = 1; i <= 3; i++) {
      const answered = new Promise<void>((r) => (notify = r));
      await session.write({ seq: i, text: `line ${i}` });
      await answered;
      expect(replies).toHaveLength(i);
    }
    session.end();
    const r = await session.result;
    expect(r.status.name).toBe('OK');
    expect(r.messages.map((m) => m.json)).toEqual([
      { seq: 1, text: 'echo: line 1' },
      { seq: 2, text: 'echo: line 2' },
      { seq: 3, text: 'echo: line 3' },
      { seq: -1, text: 'bye' },
    ]);
    expect(r.request.messages[2]!.atMs).toBeGreaterThan(r.messages[1]!.atMs);
    await expect(session.write({ seq: 4 })).rejects.toThrow(/half-closed/);
  });

  it('errors: status code and name, message, trailers, details decoded from google.rpc.Status', async () => {
    const r = await caller.send({ address: server.address, descriptor: await method('Fail'), messages: [{ text: '' }] });
    expect(r.status.code).toBe(3);
    expect(r.status.name).toBe('INVALID_ARGUMENT');
    expect(r.status.message).toBe('text must not be empty');
    expect(r.status.details).toEqual([{ '@type': 'type.googleapis.com/acme.common.v1.FieldViolation', field: 'text', description: 'must not be empty' }]);
    expect(r.trailers).toContainEqual(['x-reason', 'empty']);
    expect(r.messages).toEqual([]);
  });

  it('deadline: a slow method ends with DEADLINE_EXCEEDED', async () => {
    const r = await caller.send({ address: server.address, descriptor: await method('Slow'), messages: [{ delayMs: 3000 }], deadlineMs: 100 });
    expect(r.status.name).toBe('DEADLINE_EXCEEDED');
    expect(r.status.code).toBe(4);
    expect(r.request.deadlineMs).toBe(100);
    expect(r.cancelled).toBe(false);
  });

  it('cancellation: the signal ends the call, the server sees it cancelled', async () => {
    const controller = new AbortController();
    const pending = caller.send({ address: server.address, descriptor: await method('Slow'), messages: [{ delayMs: 5000 }] }, { signal: controller.signal });
    await until(() => server.seen.includes('Slow'));
    controller.abort();
    const r = await pending;
    expect(r.status.name).toBe('CANCELLED');
    expect(r.cancelled).toBe(true);
    expect(await until(() => server.cancelled.includes('Slow'))).toBe(true);
  });

  it('cancellation mid-stream keeps the messages received so far', async () => {
    const controller = new AbortController();
    const r = await caller.send(
      { address: server.address, descriptor: await method('Count'), messages: [{ n: 1000, intervalMs: 10 }] },
      { signal: controller.signal, onMessage: (_m, i) => i === 2 && controller.abort() },
    );
    expect(r.status.name).toBe('CANCELLED');
    expect(r.messages.length).toBeGreaterThanOrEqual(3);
    expect(r.messages.length).toBeLessThan(1000);
  });

  it('an address nobody listens on is UNAVAILABLE, as a result', async () => {
    const r = await caller.send({ address: '127.0.0.1:1', descriptor: await method('Say'), messages: [{}], deadlineMs: 5000 });
    expect(r.status.name).toBe('UNAVAILABLE');
    // grpc-js's own message, without its empty "Resolution note: " at the end.
    expect(r.status.message).toMatch(/ECONNREFUSED 127\.0\.0\.1:1\.$/);
    expect(server.seen.length).toBeGreaterThan(0);
  });
});

describe('gRPC caller over TLS', () => {
  let ca: TestCa;
  let server: GrpcTestServer;
  beforeAll(async () => {
    ca = testCertificateAuthority();
    server = await startGrpcServer({ tls: { key: ca.key, cert: ca.cert } });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(ca.dir, { recursive: true, force: true });
  });

  const say = async (caller: GrpcCaller, address: string): Promise<GrpcCallResult> => {
    try {
      return await caller.send({ address, descriptor: await method('Say'), messages: [{ text: 'secure' }], deadlineMs: 5000 });
    } finally {
      caller.close();
    }
  };

  it('trusts a server whose certificate a custom CA file signed', async () => {
    const r = await say(new GrpcCaller({ caFile: ca.caFile }), `grpcs://localhost:${server.port}`);
    expect(r.status.name).toBe('OK');
    expect(r.request.security).toBe('tls');
    expect((r.messages[0]!.json as { echo: unknown }).echo).toEqual({ text: 'secure' });
  });

  it('refuses an untrusted certificate (system CAs only)', async () => {
    const r = await say(new GrpcCaller(), `https://127.0.0.1:${server.port}`);
    expect(r.status.name).toBe('UNAVAILABLE');
    expect(server.seen.filter((s) => s === 'Say')).toHaveLength(1);
  });

  it('accepts it only with the explicit opt-in, per host or for all', async () => {
    const perHost = await say(new GrpcCaller({ insecureHosts: ['127.0.0.1'] }), `grpcs://127.0.0.1:${server.port}`);
    expect(perHost.status.name).toBe('OK');
    expect(perHost.request.security).toBe('tls-insecure');
    const otherHost = await say(new GrpcCaller({ insecureHosts: ['example.test'] }), `grpcs://127.0.0.1:${server.port}`);
    expect(otherHost.status.name).toBe('UNAVAILABLE');
    const all = await say(new GrpcCaller({ insecure: true }), `localhost:${server.port}`.replace(/^/, 'grpcs://'));
    expect(all.status.name).toBe('OK');
  });

  it('plaintext to a TLS port fails as UNAVAILABLE', async () => {
    const r = await say(new GrpcCaller(), `127.0.0.1:${server.port}`);
    expect(r.status.name).toBe('UNAVAILABLE');
  });

  it('a CA file that is not PEM is named', async () => {
    const bad = join(ca.dir, 'bad.pem');
    writeFileSync(bad, 'nothing here');
    await expect(say(new GrpcCaller({ caFile: bad }), `grpcs://localhost:${server.port}`)).rejects.toThrow(/bad\.pem holds no PEM certificate/);
  });
});

describe('descriptors from a descriptor set and from protos missing an import', () => {
  let server: GrpcTestServer;
  let dir: string;
  beforeAll(async () => {
    server = await startGrpcServer();
    dir = mkdtempSync(join(tmpdir(), 'apiscout-grpc-desc-'));
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('calls through a FileDescriptorSet written by another implementation (@grpc/proto-loader)', async () => {
    // proto-loader keeps each file's serialized FileDescriptorProto; a FileDescriptorSet is
    // `repeated FileDescriptorProto file = 1`: tag 0x0a, length, bytes, per file.
    const def = loadDefinition();
    const files = (def['acme.echo.v1.SayRequest'] as unknown as { fileDescriptorProtos: Buffer[] }).fileDescriptorProtos;
    const parts = files.flatMap((f) => [Buffer.from([0x0a]), varint(f.length), f]);
    const file = join(dir, 'echo.protoset');
    writeFileSync(file, Buffer.concat(parts));
    const r = await resolveMethod({ service: SERVICE, method: 'Sum' }, { runtime: [file] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.descriptor.origin).toEqual({ kind: 'descriptor-set', file });
    const caller = new GrpcCaller();
    const res = await caller.send({ address: server.address, descriptor: r.descriptor, messages: [{ units: '2' }, { units: '3' }] });
    caller.close();
    expect(res.messages[0]!.json).toEqual({ units: '5' });
  });

  it('names the import that is missing and the file that wants it', async () => {
    const copy = join(dir, 'partial');
    cpSync(join(FIXTURE, 'echo'), copy, { recursive: true });
    const r = await resolveMethod({ service: SERVICE, method: 'Say' }, { protos: protosUnder(copy) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing[0]).toBe(`the project: cannot resolve acme.common.v1.Priority for ${SERVICE}: import "acme/common/v1/types.proto" wanted by src/main/proto/${ECHO_PROTO} was not found`);
    expect(r.missing.at(-1)).toMatch(/reflection is not allowed/);
  });

  it('an include root from the settings completes them', async () => {
    const copy = join(dir, 'partial2');
    cpSync(join(FIXTURE, 'echo'), copy, { recursive: true });
    const r = await resolveMethod({ service: SERVICE, method: 'Say' }, { projectDir: copy, runtime: [join(FIXTURE, 'api/proto')] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.descriptor.origin).toEqual({ kind: 'protos', files: [`src/main/proto/${ECHO_PROTO}`, relative(copy, join(FIXTURE, 'api/proto/acme/common/v1/types.proto'))] });
  });
});

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Buffer.from(out);
}

// The gRPC call benchmark's two processes (bench/grpc-call.mjs bundles this file and runs it):
//   server   the test Echo server (test/call/grpc-server.ts) on 127.0.0.1; prints its port
//   client   the measurements against it, printed as JSON
// Unary overhead: apiscout's caller (proto3 JSON in, ProtoJSON out, result model) against a bare
// @grpc/grpc-js stub made by @grpc/proto-loader on the same server, interleaved call by call on
// warm channels, medians of many. Streaming: messages per second through each streaming kind.

import * as grpc from '@grpc/grpc-js';
import { GrpcCaller } from '../core/call/grpc/caller';
import { resolveMethod } from '../core/call/grpc/descriptors';
import type { MethodDescriptor } from '../core/call/grpc/descriptors';
import { FIXTURE, loadDefinition, startGrpcServer } from '../test/call/grpc-server';

const [mode, address = '', runsArg = '2000', streamArg = '100000'] = process.argv.slice(2);

async function method(name: string): Promise<MethodDescriptor> {
  const r = await resolveMethod({ service: 'acme.echo.v1.Echo', method: name }, { projectDir: FIXTURE });
  if (!r.ok) throw new Error(r.missing.join('\n'));
  return r.descriptor;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;
const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

async function client(): Promise<void> {
  const runs = Number(runsArg);
  const streamed = Number(streamArg);
  const caller = new GrpcCaller();
  const say = await method('Say');
  const message = { text: 'hello', big: '1234567890123', priority: 'HIGH', money: { currencyCode: 'EUR', units: '12', nanos: 5 }, tags: { a: 'b' } };

  const Echo = (grpc.loadPackageDefinition(loadDefinition()) as unknown as { acme: { echo: { v1: { Echo: grpc.ServiceClientConstructor } } } }).acme.echo.v1.Echo;
  const stub = new Echo(address, grpc.credentials.createInsecure()) as unknown as grpc.Client & { Say(req: unknown, cb: (e: Error | null, r: unknown) => void): void };
  const bare = () => new Promise<void>((resolve, reject) => stub.Say({ text: 'hello', big: '1234567890123', priority: 'HIGH', money: { currency_code: 'EUR', units: '12', nanos: 5 }, tags: { a: 'b' } }, (e) => (e ? reject(e) : resolve())));
  const ours = async () => {
    const r = await caller.send({ address, descriptor: say, messages: [message] });
    if (r.status.code !== 0) throw new Error(r.status.message);
  };
  for (let i = 0; i < 200; i++) {
    await ours();
    await bare();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await ours();
    a.push(performance.now() - t);
    t = performance.now();
    await bare();
    b.push(performance.now() - t);
  }

  const rate = async (name: string, messages: unknown[], request: unknown[]) => {
    const d = await method(name);
    const t = performance.now();
    const r = await caller.send({ address, descriptor: d, messages: request.length ? request : messages });
    const ms = performance.now() - t;
    if (r.status.code !== 0) throw new Error(`${name}: ${r.status.name} ${r.status.message}`);
    const count = Math.max(r.messages.length, r.request.messages.length);
    const bytes = r.messages.reduce((s, m) => s + m.size, 0) + r.request.messages.reduce((s, m) => s + m.size, 0);
    return { messages: count, ms: round(ms, 1), messagesPerSecond: Math.round((count / ms) * 1000), megabytesPerSecond: round(bytes / 1e6 / (ms / 1000), 2) };
  };
  const lines = Array.from({ length: streamed }, (_, i) => ({ seq: i, text: `line ${i}` }));
  const money = Array.from({ length: streamed }, () => ({ currencyCode: 'EUR', units: '1', nanos: 1 }));
  const report = {
    unary: {
      runs,
      apiscoutMedianMs: round(median(a)),
      apiscoutP99Ms: round(p99(a)),
      bareGrpcJsMedianMs: round(median(b)),
      bareGrpcJsP99Ms: round(p99(b)),
      overheadMedianMs: round(median(a) - median(b)),
    },
    serverStreaming: await rate('Count', [], [{ n: streamed }]),
    clientStreaming: await rate('Sum', money, []),
    bidirectional: await rate('Chat', lines, []),
  };
  caller.close();
  stub.close();
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

if (mode === 'server') {
  const server = await startGrpcServer();
  process.stdout.write(`${server.port}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
} else {
  await client();
}

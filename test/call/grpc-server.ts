// A real gRPC server for the caller's tests: @grpc/grpc-js serving the Echo service of
// test/fixtures/grpc-call, its protos loaded by @grpc/proto-loader (an implementation apart from the
// caller's protobufjs path, so both ends must agree on the wire), optionally with server reflection
// (@grpc/reflection: v1 and v1alpha, or v1alpha only) and TLS with a test CA made by openssl.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ReflectionService } from '@grpc/reflection';
import protobuf from 'protobufjs';

export const FIXTURE = fileURLToPath(new URL('../fixtures/grpc-call', import.meta.url));
export const ECHO_PROTO = 'acme/echo/v1/echo.proto';
export const INCLUDE_DIRS = [join(FIXTURE, 'echo/src/main/proto'), join(FIXTURE, 'api/proto')];

export interface GrpcTestServer {
  port: number;
  address: string;
  /** Every call that reached a handler, by RPC name. */
  seen: string[];
  /** Calls the server saw cancelled by the client. */
  cancelled: string[];
  /**
   * While on, a Count stream writes each message (and its end) only when `step()` lets it: a
   * test sees one message arrive before the next is sent, however slow the machine. Turning it
   * off lets every waiting stream run on at its own interval.
   */
  pace(on: boolean): void;
  /** Lets the paced stream take its next step (a message, or the end after the last one). */
  step(): void;
  stop(): Promise<void>;
}

export interface ServerOptions {
  reflection?: 'v1' | 'v1alpha-only';
  tls?: { key: Buffer; cert: Buffer };
}

const RPC_STATUS = protobuf.parse(`syntax = "proto3"; package google.rpc;
message Status { int32 code = 1; string message = 2; repeated Any details = 3; }
message Any { string type_url = 1; bytes value = 2; }`, { keepCase: true }).root;

export function loadDefinition(): protoLoader.PackageDefinition {
  return protoLoader.loadSync(ECHO_PROTO, { includeDirs: INCLUDE_DIRS, keepCase: true, longs: String, enums: String, defaults: false, oneofs: true });
}

/** Request metadata the client sent, echoed: `x-*` keys come back as headers and, prefixed `t-`, as trailers. */
function echoed(md: grpc.Metadata): { headers: grpc.Metadata; trailers: grpc.Metadata } {
  const headers = new grpc.Metadata();
  const trailers = new grpc.Metadata();
  for (const key of Object.keys(md.getMap())) {
    if (!key.startsWith('x-')) continue;
    for (const v of md.get(key)) {
      headers.add(key, v);
      trailers.add(`t-${key}`, v);
    }
  }
  return { headers, trailers };
}

export async function startGrpcServer(options: ServerOptions = {}): Promise<GrpcTestServer> {
  const definition = loadDefinition();
  const loaded = grpc.loadPackageDefinition(definition) as unknown as { acme: { echo: { v1: { Echo: { service: grpc.ServiceDefinition } } } } };
  const server = new grpc.Server();
  const cancelled: string[] = [];
  const seen: string[] = [];
  let paced = false;
  const steps: Array<() => void> = [];
  let released = 0;
  const release = () => {
    while (released > 0 && steps.length) {
      released--;
      steps.shift()!();
    }
  };
  const violationType = protobuf.loadSync(join(INCLUDE_DIRS[1]!, 'acme/common/v1/types.proto')).lookupType('acme.common.v1.FieldViolation');

  server.addService(loaded.acme.echo.v1.Echo.service, {
    Say(call: grpc.ServerUnaryCall<Record<string, unknown>, unknown>, callback: grpc.sendUnaryData<unknown>) {
      seen.push('Say');
      const { headers, trailers } = echoed(call.metadata);
      call.sendMetadata(headers);
      callback(null, { echo: call.request, metadata_keys: Object.keys(call.metadata.getMap()).sort() }, trailers);
    },
    Count(call: grpc.ServerWritableStream<{ n?: number; interval_ms?: number }, unknown>) {
      seen.push('Count');
      const n = call.request.n ?? 0;
      const interval = call.request.interval_ms ?? 0;
      call.sendMetadata(echoed(call.metadata).headers);
      let i = 0;
      const next = () => {
        if (call.cancelled) return;
        if (i >= n) {
          call.end();
          return;
        }
        call.write({ index: i, label: `tick ${i}` });
        i++;
        if (paced) later();
        else if (interval > 0) setTimeout(next, interval);
        else setImmediate(next);
      };
      const later = () => {
        steps.push(next);
        release();
      };
      call.on('cancelled', () => cancelled.push('Count'));
      if (paced) later();
      else next();
    },
    Sum(call: grpc.ServerReadableStream<{ currency_code?: string; units?: string; nanos?: number }, unknown>, callback: grpc.sendUnaryData<unknown>) {
      seen.push('Sum');
      let units = 0n;
      let nanos = 0;
      let currency = '';
      call.on('data', (m) => {
        units += BigInt(m.units ?? '0');
        nanos += m.nanos ?? 0;
        currency ||= m.currency_code ?? '';
      });
      call.on('end', () => {
        units += BigInt(Math.floor(nanos / 1e9));
        callback(null, { currency_code: currency, units: units.toString(), nanos: nanos % 1e9 });
      });
    },
    Chat(call: grpc.ServerDuplexStream<{ seq?: number; text?: string }, unknown>) {
      seen.push('Chat');
      call.on('data', (m) => call.write({ seq: m.seq ?? 0, text: `echo: ${m.text ?? ''}` }));
      call.on('end', () => {
        call.write({ seq: -1, text: 'bye' });
        call.end();
      });
    },
    Fail(_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) {
      seen.push('Fail');
      const detail = violationType.encode(violationType.fromObject({ field: 'text', description: 'must not be empty' })).finish();
      const Status = RPC_STATUS.lookupType('google.rpc.Status');
      const status = Status.encode(
        Status.fromObject({ code: grpc.status.INVALID_ARGUMENT, message: 'text must not be empty', details: [{ type_url: 'type.googleapis.com/acme.common.v1.FieldViolation', value: detail }] }),
      ).finish();
      const metadata = new grpc.Metadata();
      metadata.set('grpc-status-details-bin', Buffer.from(status));
      metadata.set('x-reason', 'empty');
      callback({ code: grpc.status.INVALID_ARGUMENT, details: 'text must not be empty', metadata });
    },
    Slow(call: grpc.ServerUnaryCall<{ delay_ms?: number }, unknown>, callback: grpc.sendUnaryData<unknown>) {
      seen.push('Slow');
      const timer = setTimeout(() => callback(null, { echo: { text: 'late' } }), call.request.delay_ms ?? 0);
      call.on('cancelled', () => {
        clearTimeout(timer);
        cancelled.push('Slow');
      });
    },
  });
  if (options.reflection === 'v1') new ReflectionService(definition).addToServer(server);
  if (options.reflection === 'v1alpha-only') (new ReflectionService(definition) as unknown as { v1Alpha: { addToServer(s: grpc.Server): void } }).v1Alpha.addToServer(server);

  const credentials = options.tls ? grpc.ServerCredentials.createSsl(null, [{ private_key: options.tls.key, cert_chain: options.tls.cert }]) : grpc.ServerCredentials.createInsecure();
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', credentials, (err, p) => (err ? reject(err) : resolve(p))));
  return {
    port,
    address: `127.0.0.1:${port}`,
    seen,
    cancelled,
    pace: (on) => {
      paced = on;
      released = 0;
      if (!on) for (const waiting of steps.splice(0)) waiting();
    },
    step: () => {
      released++;
      release();
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.tryShutdown(() => resolve());
        setTimeout(() => server.forceShutdown(), 2000).unref();
      }),
  };
}

export interface TestCa {
  dir: string;
  caFile: string;
  key: Buffer;
  cert: Buffer;
}

/** A test CA and a server certificate it signed for localhost and 127.0.0.1, made with openssl. */
export function testCertificateAuthority(): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-grpc-ca-'));
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=apiscout test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  run('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  execFileSync('sh', ['-c', 'printf "subjectAltName=DNS:localhost,IP:127.0.0.1\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n" > ext.cnf'], { cwd: dir });
  run('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'ext.cnf');
  return { dir, caFile: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) };
}

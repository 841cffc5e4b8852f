// Sends gRPC calls with @grpc/grpc-js: all four kinds through one session (write messages, half-close,
// cancel), messages mapped with the proto3 JSON rules, metadata with `-bin` keys, a deadline,
// plaintext or TLS (system CAs plus a custom CA file, or untrusted certificates accepted only for
// hosts the user listed). A non-OK status is a result, as an HTTP 500 is: the caller returns it
// with its code, name, message, details, headers and trailers. Channels stay open across calls
// until close().

import { readFileSync } from 'node:fs';
import type * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { InputError } from '../../errors';
import type { StreamingType } from '../../model/endpoint';
import { isInsecureHost, trustedCertificates } from '../tls';
import type { DescriptorOrigin, MethodDescriptor } from './descriptors';
import { encodeMessage, messageFromJson, messageToJson } from './messages';
import { OK, grpcJs, loadGrpcJs } from './grpc-js';
import { fromMetadata, statusDetails, statusName, toMetadata } from './metadata';
import { ReflectionClient } from './reflection';

export type Security = 'plaintext' | 'tls' | 'tls-insecure';

export interface GrpcCallerOptions {
  /** `host` or `host:port` whose untrusted certificates are accepted (the HTTP caller's list). */
  insecureHosts?: readonly string[];
  /** Accept any certificate from any host: an explicit opt-in (CLI --insecure). */
  insecure?: boolean;
  /** A PEM file of extra CAs, trusted with the system's. */
  caFile?: string;
  /** NODE_EXTRA_CA_CERTS / SSL_CERT_FILE; default: this process's environment. */
  env?: Record<string, string | undefined>;
  /** Largest message accepted either way, bytes. */
  maxMessageBytes?: number;
}

export interface GrpcRequest {
  /** `host:port` (plaintext), or a URL: `grpc://` / `http://` plaintext, `grpcs://` / `https://` TLS. */
  address: string;
  /** TLS for a bare `host:port`. */
  tls?: boolean;
  descriptor: MethodDescriptor;
  /** Name/value rows; `-bin` values base64. */
  metadata?: ReadonlyArray<readonly [string, string]>;
  /** ProtoJSON messages: exactly one for unary and server streaming, any number otherwise. */
  messages?: readonly unknown[];
  /** 0 or absent: no deadline. */
  deadlineMs?: number;
}

export interface ReceivedMessage {
  /** Milliseconds since the call started. */
  atMs: number;
  /** Encoded size in bytes. */
  size: number;
  /** Canonical ProtoJSON; null when the bytes did not decode (see decodeError). */
  json: unknown;
  decodeError?: string;
}

export interface SentMessage {
  atMs: number;
  size: number;
  json: unknown;
}

export interface GrpcStatus {
  code: number;
  /** `OK`, `NOT_FOUND`, `DEADLINE_EXCEEDED`... */
  name: string;
  message: string;
  /** From `grpc-status-details-bin` (google.rpc.Status), when the server sent it. */
  details?: unknown[];
}

export interface GrpcCallResult {
  request: {
    target: string;
    security: Security;
    /** `/package.Service/Method`. */
    path: string;
    kind: StreamingType;
    metadata: Array<[string, string]>;
    deadlineMs?: number;
    messages: SentMessage[];
    /** Where the descriptors came from. */
    origin: DescriptorOrigin;
  };
  status: GrpcStatus;
  /** Response metadata (headers), `-bin` values base64. */
  headers: Array<[string, string]>;
  trailers: Array<[string, string]>;
  messages: ReceivedMessage[];
  /** The client cancelled (a signal or cancel()). */
  cancelled: boolean;
  timings: {
    startedAt: string;
    /** Until the response metadata arrived; absent when none did. */
    headersMs?: number;
    totalMs: number;
  };
}

export interface SessionOptions {
  signal?: AbortSignal;
  /** Each response message as it arrives (streams show them live). */
  onMessage?(message: ReceivedMessage, index: number): void;
  onHeaders?(headers: Array<[string, string]>): void;
}

/** One call in flight. */
export interface GrpcSession {
  readonly kind: StreamingType;
  /** Client and bidirectional streams: maps and sends one message; resolves when it may be followed by another. */
  write(json: unknown): Promise<void>;
  /** Half-close: no more messages from the client. */
  end(): void;
  cancel(): void;
  readonly result: Promise<GrpcCallResult>;
}

export function kindOf(d: Pick<MethodDescriptor, 'requestStream' | 'responseStream'>): StreamingType {
  return d.requestStream ? (d.responseStream ? 'B' : 'C') : d.responseStream ? 'S' : 'U';
}

export interface ParsedAddress {
  host: string;
  port: number;
  tls: boolean;
  /** `host:port` as grpc-js takes it (`[::1]:50051`). */
  target: string;
}

export function parseAddress(address: string, tls = false): ParsedAddress {
  const text = address.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme && !['grpc', 'grpcs', 'http', 'https'].includes(scheme)) throw new InputError(`unsupported scheme '${scheme}' in ${address}: use grpc://, grpcs://, http:// or https://`, address);
  const secure = scheme ? scheme === 'grpcs' || scheme === 'https' : tls;
  let url: URL;
  try {
    url = new URL(scheme ? text.replace(/^[^:]+/, secure ? 'https' : 'http') : `${secure ? 'https' : 'http'}://${text}`);
  } catch {
    throw new InputError(`not a gRPC address: '${address}' (expected host:port or grpc[s]://host:port)`, address);
  }
  if (!url.hostname) throw new InputError(`no host in '${address}'`, address);
  const port = url.port ? Number(url.port) : secure ? 443 : 80;
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port, tls: secure, target: `${url.hostname}:${port}` };
}

export class GrpcCaller {
  private readonly clients = new Map<string, grpc.Client>();
  private roots?: Buffer;

  constructor(private readonly options: GrpcCallerOptions = {}) {}

  /** The whole call from a list of messages: written in order, then half-closed. */
  async send(request: GrpcRequest, options: SessionOptions = {}): Promise<GrpcCallResult> {
    const kind = kindOf(request.descriptor);
    if (kind === 'C' || kind === 'B') {
      // Every message is checked before the call opens: a bad third message must not leave two sent.
      (request.messages ?? []).forEach((m, i) => messageFromJson(request.descriptor.requestType, m, `request message ${i + 1}`));
    }
    const session = await this.open(request, options);
    if (session.kind === 'C' || session.kind === 'B') {
      try {
        for (const m of request.messages ?? []) await session.write(m);
        session.end();
      } catch (e) {
        session.cancel();
        await session.result.catch(() => {});
        throw e;
      }
    }
    return await session.result;
  }

  /**
   * Starts a call. Unary and server-streaming calls take their one message from the request
   * (mapped before anything is sent, so a message that does not fit its type sends nothing);
   * client and bidirectional calls take theirs through write().
   */
  async open(request: GrpcRequest, options: SessionOptions = {}): Promise<GrpcSession> {
    await loadGrpcJs();
    const d = request.descriptor;
    const kind = kindOf(d);
    const address = parseAddress(request.address, request.tls);
    const metadataRows = (request.metadata ?? []).map(([n, v]) => [n, v] as [string, string]);
    const metadata = toMetadata(metadataRows);
    const single = kind === 'U' || kind === 'S';
    let first: protobuf.Message | undefined;
    if (single) {
      const messages = request.messages ?? [];
      if (messages.length !== 1) throw new InputError(`${d.path} takes exactly one request message, got ${messages.length}`, 'message');
      first = messageFromJson(d.requestType, messages[0], 'the request message');
    }
    const { client, security } = this.clientFor(address);
    const callOptions: grpc.CallOptions = {};
    if (request.deadlineMs && request.deadlineMs > 0) callOptions.deadline = Date.now() + request.deadlineMs;

    const started = performance.now();
    const startedAt = new Date().toISOString();
    const since = () => Math.round((performance.now() - started) * 1000) / 1000;
    const sent: SentMessage[] = [];
    const received: ReceivedMessage[] = [];
    let headers: Array<[string, string]> = [];
    let headersMs: number | undefined;
    let cancelled = false;
    const serialize = (m: protobuf.Message) => encodeMessage(d.requestType, m);
    const deserialize = (b: Buffer) => b;
    const receive = (bytes: Buffer) => {
      const m: ReceivedMessage = { atMs: since(), size: bytes.length, json: null };
      try {
        m.json = messageToJson(d.responseType, bytes);
      } catch (e) {
        m.decodeError = `the response does not decode as ${d.responseType.fullName.slice(1)}: ${(e as Error).message}`;
      }
      received.push(m);
      options.onMessage?.(m, received.length - 1);
    };

    let call: grpc.ClientUnaryCall | grpc.ClientReadableStream<Buffer> | grpc.ClientWritableStream<protobuf.Message> | grpc.ClientDuplexStream<protobuf.Message, Buffer>;
    // The status arrives once; stream calls also wait for the readable side to finish so every
    // message is counted, unary ones for the callback that carries the message.
    let status: grpc.StatusObject | undefined;
    let drained = false;
    let settle!: () => void;
    const done = new Promise<void>((resolve) => (settle = resolve));
    const check = () => {
      if (status && drained) settle();
    };
    const unaryCallback = (err: grpc.ServiceError | null, value?: Buffer) => {
      if (!err && value) receive(value);
      drained = true;
      check();
    };
    switch (kind) {
      case 'U':
        call = client.makeUnaryRequest(d.path, serialize, deserialize, first!, metadata, callOptions, unaryCallback);
        break;
      case 'C':
        call = client.makeClientStreamRequest(d.path, serialize, deserialize, metadata, callOptions, unaryCallback);
        break;
      case 'S':
        call = client.makeServerStreamRequest(d.path, serialize, deserialize, first!, metadata, callOptions);
        break;
      default:
        call = client.makeBidiStreamRequest(d.path, serialize, deserialize, metadata, callOptions);
    }
    if (first) sent.push({ atMs: 0, size: serialize(first).length, json: request.messages![0] });
    call.on('metadata', (md: grpc.Metadata) => {
      headersMs = since();
      headers = fromMetadata(md);
      options.onHeaders?.(headers);
    });
    call.on('status', (s: grpc.StatusObject) => {
      status = s;
      check();
    });
    if (kind === 'S' || kind === 'B') {
      const readable = call as grpc.ClientReadableStream<Buffer>;
      readable.on('data', receive);
      readable.on('end', () => {
        drained = true;
        check();
      });
      readable.on('error', () => {
        drained = true;
        check();
      });
    } else {
      // The callback reports errors; this listener keeps an 'error' event from being unhandled.
      (call as grpc.ClientWritableStream<protobuf.Message>).on('error', () => {});
    }
    const onAbort = () => {
      cancelled = true;
      call.cancel();
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });

    const result = done.then((): GrpcCallResult => {
      options.signal?.removeEventListener('abort', onAbort);
      const s = status!;
      const st: GrpcStatus = { code: s.code, name: statusName(s.code), message: tidyStatusMessage(s.details) };
      const details = s.code === OK ? undefined : statusDetails(s.metadata, d.responseType.root as protobuf.Root);
      if (details?.length) st.details = details;
      const out: GrpcCallResult = {
        request: {
          target: address.target,
          security,
          path: d.path,
          kind,
          metadata: metadataRows,
          messages: sent,
          origin: d.origin,
        },
        status: st,
        headers,
        trailers: fromMetadata(s.metadata).filter(([n]) => n !== 'grpc-status-details-bin' || !details),
        messages: received,
        cancelled,
        timings: { startedAt, totalMs: since() },
      };
      if (request.deadlineMs) out.request.deadlineMs = request.deadlineMs;
      if (headersMs !== undefined) out.timings.headersMs = headersMs;
      return out;
    });

    const writable = call as grpc.ClientWritableStream<protobuf.Message>;
    let ended = false;
    return {
      kind,
      result,
      write: async (json: unknown) => {
        if (single) throw new Error(`${d.path} is ${kind === 'U' ? 'unary' : 'server streaming'}: its one message goes with the request`);
        if (ended) throw new Error('the client side of this call is already half-closed');
        const message = messageFromJson(d.requestType, json, `request message ${sent.length + 1}`);
        if (status) return; // the server ended the call: further messages go nowhere
        sent.push({ atMs: since(), size: serialize(message).length, json });
        if (!writable.write(message)) await new Promise<void>((resolve) => {
          const go = () => {
            writable.off('drain', go);
            resolve();
          };
          writable.on('drain', go);
          void done.then(go);
        });
      },
      end: () => {
        if (single || ended) return;
        ended = true;
        writable.end();
      },
      cancel: onAbort,
    };
  }

  /** A reflection client over the same channel (and TLS settings) calls to this address use. */
  reflection(address: string, options: { tls?: boolean; metadata?: ReadonlyArray<readonly [string, string]>; deadlineMs?: number } = {}): ReflectionClient {
    const parsed = parseAddress(address, options.tls);
    return new ReflectionClient(() => this.clientFor(parsed).client, { metadata: options.metadata, deadlineMs: options.deadlineMs });
  }

  close(): void {
    for (const c of this.clients.values()) c.close();
    this.clients.clear();
  }

  private clientFor(address: ParsedAddress): { client: grpc.Client; security: Security } {
    const insecure = address.tls && (this.options.insecure === true || isInsecureHost(address.host, String(address.port), this.options.insecureHosts ?? []));
    const security: Security = !address.tls ? 'plaintext' : insecure ? 'tls-insecure' : 'tls';
    const key = `${security}|${address.target}`;
    let client = this.clients.get(key);
    if (!client) {
      const grpc = grpcJs();
      const credentials =
        security === 'plaintext'
          ? grpc.credentials.createInsecure()
          : grpc.credentials.createSsl(this.trust(), null, null, insecure ? { rejectUnauthorized: false, checkServerIdentity: () => undefined } : {});
      const max = this.options.maxMessageBytes ?? 64 * 1024 * 1024;
      client = new grpc.Client(address.target, credentials, {
        'grpc.max_receive_message_length': max,
        'grpc.max_send_message_length': max,
        'grpc.primary_user_agent': 'apiscout',
        // A developer's call is sent once, as written: no transparent retries. Without a retry
        // buffer, writes also feel HTTP/2 flow control: grpc-js otherwise acknowledges each
        // message at once and copies its whole queue per message sent (quadratic in long streams).
        'grpc.enable_retries': 0,
        'grpc.per_rpc_retry_buffer_size': 0,
      });
      this.clients.set(key, client);
    }
    return { client, security };
  }

  /** The system's CAs plus the custom file, read once per caller. */
  private trust(): Buffer {
    if (this.roots) return this.roots;
    const pems = trustedCertificates(this.options.env ?? process.env);
    if (this.options.caFile) {
      let text: string;
      try {
        text = readFileSync(this.options.caFile, 'utf8');
      } catch (e) {
        throw new InputError(`cannot read the CA file ${this.options.caFile}: ${(e as Error).message}`, this.options.caFile, { cause: e });
      }
      if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new InputError(`the CA file ${this.options.caFile} holds no PEM certificate`, this.options.caFile);
      pems.push(text);
    }
    this.roots = Buffer.from(pems.join('\n'));
    return this.roots;
  }
}

/**
 * grpc-js ends a failed connection's message with its resolver's note even when there is none
 * ("...ECONNREFUSED 127.0.0.1:9091. Resolution note: "): that empty note is dropped. A server's
 * own message is left as it came.
 */
export function tidyStatusMessage(message: string): string {
  return message.replace(/\. Resolution note: ?$/, '.');
}

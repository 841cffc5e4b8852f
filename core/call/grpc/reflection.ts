// A client of the gRPC server reflection service (grpc.reflection.v1 and its older twin v1alpha,
// which share one wire format). It asks for the file declaring a symbol, then for every import
// the server did not already send, and builds one protobufjs root from the FileDescriptorProtos.
// v1 is tried first; a server answering UNIMPLEMENTED for it is asked through v1alpha.

import type * as grpc from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { descriptorProto, protobufjs } from '../../protobuf';
import { rootFromFiles } from './descriptors';
import { UNIMPLEMENTED, loadGrpcJs } from './grpc-js';
import { toMetadata } from './metadata';
import type { ReflectionSource } from './descriptors';

// The messages of reflection.proto this client uses, by their field numbers.
const REFLECTION_PROTO = `
syntax = "proto3";
package reflection;
message Request {
  string host = 1;
  oneof message_request {
    string file_by_filename = 3;
    string file_containing_symbol = 4;
    string list_services = 7;
  }
}
message Response {
  string valid_host = 1;
  Request original_request = 2;
  oneof message_response {
    FileDescriptors file_descriptor_response = 4;
    ServiceList list_services_response = 6;
    Error error_response = 7;
  }
}
message FileDescriptors { repeated bytes file_descriptor_proto = 1; }
message ServiceList { repeated ServiceName service = 1; }
message ServiceName { string name = 1; }
message Error { int32 error_code = 1; string error_message = 2; }
`;

/** The reflection messages, parsed on the first call. */
let messages: { request: protobuf.Type; response: protobuf.Type } | undefined;
function reflectionMessages(): { request: protobuf.Type; response: protobuf.Type } {
  if (!messages) {
    const root = protobufjs().parse(REFLECTION_PROTO, { keepCase: true }).root;
    messages = { request: root.lookupType('reflection.Request'), response: root.lookupType('reflection.Response') };
  }
  return messages;
}

interface ReflectionRequest {
  file_by_filename?: string;
  file_containing_symbol?: string;
  list_services?: string;
}
interface ReflectionResponse {
  file_descriptor_response?: { file_descriptor_proto: Uint8Array[] };
  list_services_response?: { service: Array<{ name: string }> };
  error_response?: { error_code: number; error_message: string };
}

const VERSIONS = [
  { version: 'v1', path: '/grpc.reflection.v1.ServerReflection/ServerReflectionInfo' },
  { version: 'v1alpha', path: '/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo' },
] as const;

export interface ReflectionOptions {
  /** Per reflection exchange. */
  deadlineMs?: number;
  /** Sent with every exchange (a server may want credentials for reflection too); `-bin` values base64. */
  metadata?: ReadonlyArray<readonly [string, string]>;
}

export class ReflectionClient implements ReflectionSource {
  private version: 'v1' | 'v1alpha' | undefined;

  /** `client` is asked for on first use, after @grpc/grpc-js has loaded. */
  constructor(
    private readonly client: () => grpc.Client,
    private readonly options: ReflectionOptions = {},
  ) {}

  async listServices(): Promise<string[]> {
    const [res] = await this.exchange([{ list_services: '' }]);
    return (res!.list_services_response?.service ?? []).map((s) => s.name);
  }

  async rootFor(symbol: string): Promise<{ root: protobuf.Root; version: 'v1' | 'v1alpha' }> {
    const files = new Map<string, Record<string, unknown>>();
    const add = (res: ReflectionResponse) => {
      if (res.error_response) throw new Error(`the server knows no ${symbol} (${res.error_response.error_message || `code ${res.error_response.error_code}`})`);
      for (const bytes of res.file_descriptor_response?.file_descriptor_proto ?? []) {
        const file = descriptorProto().FileDescriptorProto.decode(bytes) as unknown as Record<string, unknown>;
        files.set(String(file.name), file);
      }
    };
    for (const res of await this.exchange([{ file_containing_symbol: symbol }])) add(res);
    // Servers usually send the whole import closure at once; ask for whatever is still missing.
    for (let round = 0; round < 32; round++) {
      const wanted = [...files.values()].flatMap((f) => (f.dependency as string[] | undefined) ?? []).filter((d) => !files.has(d));
      if (!wanted.length) break;
      for (const res of await this.exchange([...new Set(wanted)].map((d) => ({ file_by_filename: d })))) add(res);
    }
    return { root: rootFromFiles([...files.values()]), version: this.version! };
  }

  /** One bidi stream per batch: send every request, half-close, collect the answers in order. */
  private async exchange(requests: ReflectionRequest[]): Promise<ReflectionResponse[]> {
    const versions = this.version ? VERSIONS.filter((v) => v.version === this.version) : VERSIONS;
    let last: unknown;
    for (const v of versions) {
      try {
        const out = await this.stream(v.path, requests);
        this.version = v.version;
        return out;
      } catch (e) {
        last = e;
        if ((e as grpc.ServiceError).code !== UNIMPLEMENTED) break;
      }
    }
    const err = last as grpc.ServiceError;
    if (err?.code === UNIMPLEMENTED) throw new Error('the server offers no reflection service (v1 or v1alpha)', { cause: err });
    throw new Error(`reflection failed: ${err?.details || err?.message || String(err)}`, { cause: err });
  }

  private async stream(path: string, requests: ReflectionRequest[]): Promise<ReflectionResponse[]> {
    await loadGrpcJs();
    const client = this.client();
    const metadata = toMetadata(this.options.metadata ?? []);
    const { request, response } = reflectionMessages();
    return await new Promise((resolve, reject) => {
      const options: grpc.CallOptions = { deadline: Date.now() + (this.options.deadlineMs ?? 10_000) };
      const call = client.makeBidiStreamRequest(
        path,
        (r: ReflectionRequest) => Buffer.from(request.encode(request.fromObject(r)).finish()),
        (b: Buffer) => response.toObject(response.decode(b)) as ReflectionResponse,
        metadata,
        options,
      );
      const out: ReflectionResponse[] = [];
      call.on('data', (r: ReflectionResponse) => out.push(r));
      call.on('error', reject);
      call.on('end', () => resolve(out));
      for (const r of requests) call.write(r);
      call.end();
    });
  }
}

// One RPC implementation -> one Endpoint: `gRPC /package.Service/Method`, its streaming kind,
// the full names a client needs, and the request and response messages as JSON Schema in the
// proto3 JSON mapping with deterministic examples.

import type protobuf from 'protobufjs';
import { createEndpoint } from '../../../model/endpoint';
import type { Endpoint, GrpcMethod, StreamingType } from '../../../model/endpoint';
import type { JsonSchema, RequestModel, ResponseModel } from '../../../model/request';
import { parseDoc } from '../../doc-comment';
import type { MethodSite } from '../../hierarchy';
import { protoExample, protoSchema } from '../../proto/proto-schema';
import type { TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';
import { endpointSource } from '../http-endpoint';
import { nameAndDescription } from '../naming';

/** gRPC travels as protobuf; the request editor and exports show its proto3 JSON form. */
export const GRPC_CONTENT_TYPE = 'application/grpc';

export interface RpcDescription {
  /** As the proto declares it: `SayHello`. */
  name: string;
  streaming: StreamingType;
  requestType: string;
  responseType: string;
  comment?: string;
  request?: protobuf.Type;
  response?: protobuf.Type;
}

export interface GrpcEndpointInit {
  type: TypeDecl;
  site: MethodSite;
  chain: readonly MethodSite[];
  /** `package.Service`. */
  service: string;
  rpc: RpcDescription;
  folder: string;
  protoFile?: string;
  importPaths?: string[];
  requestModels: boolean;
  /** Whether the source method's Javadoc names the endpoint (not for a @Bean serving many RPCs). */
  methodDocs?: boolean;
}

export function streamingOf(requestStream: boolean, responseStream: boolean): StreamingType {
  return requestStream ? (responseStream ? 'B' : 'C') : responseStream ? 'S' : 'U';
}

const STREAM_WORDS: Record<StreamingType, [string, string]> = {
  U: ['', ''],
  S: ['', 'A stream of messages, each like this one. '],
  C: ['A stream of messages, each like this one. ', ''],
  B: ['A stream of messages, each like this one. ', 'A stream of messages, each like this one. '],
  unknown: ['', ''],
};

export function grpcEndpoint(ctx: ScanContext, init: GrpcEndpointInit): Endpoint {
  const { type, site, rpc } = init;
  const { name, description } = describeRpc(ctx, init);
  const grpc: GrpcMethod = { service: init.service, method: rpc.name, requestType: rpc.requestType, responseType: rpc.responseType };
  if (init.protoFile) grpc.protoFile = init.protoFile;
  if (init.protoFile && init.importPaths?.length) grpc.importPaths = init.importPaths;
  const endpoint = createEndpoint({
    protocol: 'grpc',
    framework: 'grpc',
    method: 'gRPC',
    path: `/${init.service}/${rpc.name}`,
    name,
    description,
    folder: init.folder,
    className: type.fqn,
    module: type.file.module,
    source: endpointSource(site, type),
    signature: site.method.params.map((p) => p.type.name + '[]'.repeat(p.type.dims)),
    streaming: rpc.streaming,
    grpc,
  });
  if (init.requestModels) {
    const [inWords, outWords] = STREAM_WORDS[rpc.streaming];
    const request = message(rpc.request, rpc.requestType);
    const response = message(rpc.response, rpc.responseType);
    const model: RequestModel = {
      params: [],
      body: { contentType: GRPC_CONTENT_TYPE, schema: request.schema, example: request.example, description: `${inWords}${request.schema.description ?? ''}`.trim(), required: true },
      consumes: [GRPC_CONTENT_TYPE],
    };
    const out: ResponseModel = { contentType: GRPC_CONTENT_TYPE, schema: response.schema, example: response.example, description: `${outWords}${response.schema.description ?? ''}`.trim() };
    endpoint.request = model;
    endpoint.response = out;
  }
  return endpoint;
}

/** Javadoc of the implementation first (as for HTTP endpoints), then the proto's RPC comment, then the RPC name. */
function describeRpc(ctx: ScanContext, init: GrpcEndpointInit): { name: string; description: string } {
  if (init.methodDocs !== false) {
    const fromSource = nameAndDescription(ctx.index, init.chain);
    if (fromSource.name !== init.chain[0]!.method.name) return fromSource;
  }
  if (init.rpc.comment) {
    const doc = parseDoc(init.rpc.comment);
    if (doc.summary) return { name: doc.summary, description: doc.details };
  }
  return { name: init.rpc.name, description: '' };
}

/** Schemas per message, shared by every RPC using it; each endpoint gets its own copy. */
const MESSAGES = new WeakMap<protobuf.Type, { schema: JsonSchema; example: unknown }>();

function message(type: protobuf.Type | undefined, name: string): { schema: JsonSchema; example: unknown } {
  if (!type) {
    const schema: JsonSchema = {
      type: 'object',
      description: name ? `${name} is not declared in any .proto in the tree.` : 'The message type is unknown.',
      'x-unresolved': true,
    };
    if (name) schema['x-proto-type'] = name;
    return { schema, example: {} };
  }
  let cached = MESSAGES.get(type);
  if (!cached) {
    const schema = protoSchema(type);
    cached = { schema, example: protoExample(schema) };
    MESSAGES.set(type, cached);
  }
  return structuredClone(cached);
}

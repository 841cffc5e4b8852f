// The gRPC result in the shapes the rest of the request/response flow takes: the JSON body the
// response view and after-scripts show, and the response an after-script sees
// (scripts-sandbox's ScriptResponse: `response.code()` is the gRPC status code, `response.body()`
// the JSON of the messages, `response.headers()` the response metadata then the trailers).

import type { GrpcCallResult } from './caller';

/**
 * The messages as one JSON value: unary and client-streaming calls return their one message
 * (null when the call failed), streaming responses the list of messages in arrival order.
 */
export function grpcResponseJson(result: GrpcCallResult): unknown {
  const streamed = result.request.kind === 'S' || result.request.kind === 'B';
  if (streamed) return result.messages.map((m) => m.json);
  return result.messages[0]?.json ?? null;
}

/** Structurally scripts-sandbox's ScriptRequest: what an after-script sees as `request`. */
export interface GrpcScriptRequest {
  /** gRPC travels as an HTTP/2 POST. */
  method: 'POST';
  /** `http(s)://host:port/package.Service/Method`. */
  url: string;
  headers: Array<{ name: string; value: string }>;
  /** The JSON of the message sent (a list for client and bidirectional streams). */
  body: string;
}

export function grpcScriptRequest(result: GrpcCallResult): GrpcScriptRequest {
  const { request } = result;
  const streamed = request.kind === 'C' || request.kind === 'B';
  const sent = streamed ? request.messages.map((m) => m.json) : (request.messages[0]?.json ?? null);
  return {
    method: 'POST',
    url: `${request.security === 'plaintext' ? 'http' : 'https'}://${request.target}${request.path}`,
    headers: request.metadata.map(([name, value]) => ({ name, value })),
    body: JSON.stringify(sent, null, 2),
  };
}

/** Structurally scripts-sandbox's ScriptResponse. */
export interface GrpcScriptResponse {
  status: number;
  headers: Array<{ name: string; value: string }>;
  body: Uint8Array;
  text: true;
}

export function grpcScriptResponse(result: GrpcCallResult): GrpcScriptResponse {
  return {
    status: result.status.code,
    headers: [...result.headers, ...result.trailers].map(([name, value]) => ({ name, value })),
    body: new TextEncoder().encode(JSON.stringify(grpcResponseJson(result), null, 2)),
    text: true,
  };
}

// The gRPC request the editor shows (spec §4.1.3): the message as ProtoJSON with the example built
// from the schema, and metadata; and from an edited draft to what the caller sends, placeholders
// resolved (inside JSON strings they are JSON-escaped, as for HTTP bodies).

import { substitute, substituteJsonText } from '../../env/placeholders';
import { InputError } from '../../errors';
import type { Endpoint } from '../../model/endpoint';
import type { VariableLookup } from '../../model/environment';
import type { GrpcRequestDraft } from '../../model/request-state';
import { parseJsonText } from './messages';

export interface GrpcDraftContext {
  /** Where the server listens: `localhost:9090`, `grpcs://api.example.com`, `{{grpcHost}}`. */
  host: string;
}

/** What Reset to Default gives: one example message (two for client and bidirectional streams, to show a list). */
export function defaultGrpcDraft(endpoint: Endpoint, context: GrpcDraftContext): GrpcRequestDraft {
  if (!endpoint.grpc) throw new InputError(`${endpoint.address} is not a gRPC endpoint`, endpoint.id);
  const example = endpoint.request?.body?.example ?? {};
  const text = JSON.stringify(example, null, 2);
  const streams = endpoint.streaming === 'C' || endpoint.streaming === 'B';
  return {
    protocol: 'grpc',
    host: context.host,
    service: endpoint.grpc.service,
    method: endpoint.grpc.method,
    metadata: [],
    messages: streams ? [text, text] : [text],
  };
}

export interface PreparedGrpcRequest {
  address: string;
  tls?: boolean;
  metadata: Array<[string, string]>;
  /** Parsed ProtoJSON values, placeholders resolved. */
  messages: unknown[];
  deadlineMs?: number;
  /** Placeholders without a value, sent as written. */
  unresolved: string[];
}

export function prepareGrpcRequest(draft: GrpcRequestDraft, lookup: VariableLookup = () => undefined): PreparedGrpcRequest {
  const missing = new Set<string>();
  const sub = (s: string) => substitute(s, lookup, missing);
  const address = sub(draft.host).trim();
  if (!address) throw new InputError('the gRPC request has no host (host:port)', 'host');
  const metadata = draft.metadata.filter((m) => m.enabled !== false && m.name !== '').map((m): [string, string] => [sub(m.name), sub(m.value)]);
  const messages = draft.messages.map((text, i) => parseJsonText(substituteJsonText(text, lookup, missing), draft.messages.length > 1 ? `request message ${i + 1}` : 'the request message'));
  const out: PreparedGrpcRequest = { address, metadata, messages, unresolved: [...missing] };
  if (draft.tls !== undefined) out.tls = draft.tls;
  if (draft.deadlineMs !== undefined) out.deadlineMs = draft.deadlineMs;
  return out;
}

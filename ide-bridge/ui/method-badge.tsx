// The method as the explorer shows it (spec §2.1): one colour per verb, gRPC in purple with its
// streaming kind as gRPC:U / S / C / B. Colours live in app.css under the `m-*` classes.

import type { EndpointSummary } from './tree-model';

const KNOWN = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

export function methodClass(method: string): string {
  if (method === 'gRPC') return 'm-grpc';
  return KNOWN.has(method) ? `m-${method.toLowerCase()}` : 'm-other';
}

export function methodLabel(e: Pick<EndpointSummary, 'method' | 'streaming'>): string {
  if (e.method !== 'gRPC') return e.method;
  return e.streaming && e.streaming !== 'unknown' ? `gRPC:${e.streaming}` : 'gRPC';
}

const STREAMING: Record<string, string> = { U: 'unary', S: 'server streaming', C: 'client streaming', B: 'bidirectional streaming' };

export function MethodBadge({ endpoint }: { endpoint: Pick<EndpointSummary, 'method' | 'streaming'> }) {
  const title = endpoint.method === 'gRPC' && endpoint.streaming ? `gRPC, ${STREAMING[endpoint.streaming] ?? 'streaming kind unknown'}` : undefined;
  return (
    <span class={`method ${methodClass(endpoint.method)}`} title={title}>
      {methodLabel(endpoint)}
    </span>
  );
}

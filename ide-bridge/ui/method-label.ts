// The method as the explorer shows it (spec §2.1), as text and class: shared by the badge
// (method-badge.tsx) and the first screen the sidecar puts in the page (ide-bridge/first-screen.ts).
// Pure and Node-free.

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

/** The badge's tooltip: a gRPC method's streaming kind; none for HTTP. */
export function methodTitle(e: Pick<EndpointSummary, 'method' | 'streaming'>): string | undefined {
  return e.method === 'gRPC' && e.streaming ? `gRPC, ${STREAMING[e.streaming] ?? 'streaming kind unknown'}` : undefined;
}

// The human-readable endpoint tree: module > class > `METHOD /path  name`.

import type { Endpoint } from '../core/model/endpoint';
import { buildTree } from '../core/model/tree';
import type { Painter } from './colors';

/** `GET`, or for an RPC its streaming indicator (spec §2.1): `gRPC:U`, `gRPC:S`, `gRPC:C`, `gRPC:B`, `gRPC:?` when unknown. */
export function methodLabel(e: Endpoint): string {
  if (e.method !== 'gRPC') return e.method;
  return `gRPC:${e.streaming && e.streaming !== 'unknown' ? e.streaming : '?'}`;
}

export function renderTree(endpoints: readonly Endpoint[], paint: Painter): string {
  const verbWidth = Math.max(4, ...endpoints.map((e) => methodLabel(e).length));
  const lines: string[] = [];
  for (const { module, classes } of buildTree(endpoints)) {
    lines.push(paint.bold(module));
    for (const { className, endpoints: inClass } of classes) {
      lines.push(`  ${className}`);
      const pathWidth = Math.max(...inClass.map((e) => e.path.length));
      for (const e of inClass) {
        const verb = paint.method(e.method, methodLabel(e).padEnd(verbWidth));
        const name = e.name ? `  ${paint.dim(e.name)}` : '';
        lines.push(`    ${verb} ${e.path.padEnd(pathWidth)}${name}`.trimEnd());
      }
    }
  }
  return lines.join('\n');
}

// The human-readable endpoint tree: module > class > `METHOD /path  name`.

import type { Endpoint } from '../core/model/endpoint';
import { buildTree } from '../core/model/tree';
import type { Painter } from './colors';

export function renderTree(endpoints: readonly Endpoint[], paint: Painter): string {
  const verbWidth = Math.max(4, ...endpoints.map((e) => e.method.length));
  const lines: string[] = [];
  for (const { module, classes } of buildTree(endpoints)) {
    lines.push(paint.bold(module));
    for (const { className, endpoints: inClass } of classes) {
      lines.push(`  ${className}`);
      const pathWidth = Math.max(...inClass.map((e) => e.path.length));
      for (const e of inClass) {
        const verb = paint.method(e.method, e.method.padEnd(verbWidth));
        const name = e.name ? `  ${paint.dim(e.name)}` : '';
        lines.push(`    ${verb} ${e.path.padEnd(pathWidth)}${name}`.trimEnd());
      }
    }
  }
  return lines.join('\n');
}

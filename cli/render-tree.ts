// The human-readable endpoint tree: module > class > `METHOD /path  name`.

import type { Endpoint } from '../core/model/endpoint';
import type { Painter } from './colors';

export function renderTree(endpoints: readonly Endpoint[], paint: Painter): string {
  const byModule = groupBy(endpoints, (e) => e.module);
  const verbWidth = Math.max(4, ...endpoints.map((e) => e.method.length));
  const lines: string[] = [];
  for (const [module, inModule] of byModule) {
    lines.push(paint.bold(module));
    for (const [className, inClass] of groupBy(inModule, (e) => e.className)) {
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

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

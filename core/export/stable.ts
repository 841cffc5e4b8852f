// Determinism helpers: one order for every channel and ids derived from endpoint ids, so an
// export of the same source is byte-identical and diffs well in CI.

import { hash } from 'node:crypto';
import type { Endpoint } from '../model/endpoint';

/** Hex digest of the seed: stable across runs and machines. */
export function stableHex(seed: string, length = 32): string {
  // One call, no Hash object: an export takes thousands of these.
  return hash('sha1', seed, 'hex').slice(0, length);
}

/** A UUID-shaped (version 5 layout) id derived from the seed, for formats that expect one. */
export function stableUuid(seed: string): string {
  const h = stableHex(seed, 32).split('');
  h[12] = '5';
  h[16] = '89ab'[parseInt(h[16]!, 16) & 3]!;
  const s = h.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Code-unit comparison: unlike localeCompare it does not depend on the machine's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The methods of one path in the order readers know from API documentation (read, create, change,
 * remove), so a collection run reads a resource before it deletes it; others after, by name.
 */
const METHOD_RANK: Readonly<Record<string, number>> = { GET: 0, HEAD: 1, POST: 2, PUT: 3, PATCH: 4, DELETE: 5 };
const methodRank = (m: string): number => METHOD_RANK[m] ?? 6;

/** Module, folder, class, path, method, id: the order of every export. */
export function exportOrder(endpoints: readonly Endpoint[]): Endpoint[] {
  return [...endpoints].sort(
    (a, b) =>
      compareText(a.module, b.module) ||
      compareText(a.folder, b.folder) ||
      compareText(a.className, b.className) ||
      compareText(a.path, b.path) ||
      methodRank(a.method) - methodRank(b.method) ||
      compareText(a.method, b.method) ||
      compareText(a.id, b.id),
  );
}

export interface Group<T> {
  key: string;
  items: T[];
}

/** Consecutive runs with the same key; with `exportOrder` input, one group per key. */
export function groupBy<T>(items: readonly T[], key: (item: T) => string): Group<T>[] {
  const groups: Group<T>[] = [];
  const byKey = new Map<string, Group<T>>();
  for (const item of items) {
    const k = key(item);
    let g = byKey.get(k);
    if (!g) {
      g = { key: k, items: [] };
      byKey.set(k, g);
      groups.push(g);
    }
    g.items.push(item);
  }
  return groups;
}

/** Keeps names unique within one scope by appending ` (2)`, ` (3)` … in order of arrival. */
export class UniqueNames {
  private readonly seen = new Map<string, number>();
  take(name: string): string {
    const n = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  }
}

/** What the source says about a group's folder: the first of its endpoints that says anything. */
export function folderDescription(items: readonly Endpoint[]): string {
  for (const e of items) if (e.folderDescription) return e.folderDescription;
  return '';
}

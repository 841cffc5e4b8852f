// The explorer tree as the rows a virtual list shows: module, class and endpoint rows in tree
// order, the children of collapsed groups left out. Pure, so it is tested without a browser.

import type { ResultOf } from '../protocol';

export type Tree = ResultOf<'endpoints/tree'>['modules'];
export type EndpointSummary = Tree[number]['classes'][number]['endpoints'][number];

export type Row =
  | { kind: 'module'; key: string; depth: 0; label: string; count: number; expanded: boolean }
  | { kind: 'class'; key: string; depth: 1; label: string; title: string; count: number; expanded: boolean; parent: string }
  | { kind: 'endpoint'; key: string; depth: 2; endpoint: EndpointSummary; parent: string };

export const moduleKey = (module: string) => `m:${module}`;
export const classKey = (module: string, className: string) => `c:${module}:${className}`;

/** Every group's key: what Collapse All collapses. */
export function groupKeys(tree: Tree): string[] {
  return tree.flatMap((m) => [moduleKey(m.module), ...m.classes.map((c) => classKey(m.module, c.className))]);
}

export function flattenTree(tree: Tree, collapsed: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  for (const m of tree) {
    const mk = moduleKey(m.module);
    const mOpen = !collapsed.has(mk);
    let count = 0;
    for (const c of m.classes) count += c.endpoints.length;
    rows.push({ kind: 'module', key: mk, depth: 0, label: m.module, count, expanded: mOpen });
    if (!mOpen) continue;
    for (const c of m.classes) {
      const ck = classKey(m.module, c.className);
      const cOpen = !collapsed.has(ck);
      rows.push({ kind: 'class', key: ck, depth: 1, label: c.simpleName, title: c.className, count: c.endpoints.length, expanded: cOpen, parent: mk });
      if (!cOpen) continue;
      for (const e of c.endpoints) rows.push({ kind: 'endpoint', key: e.id, depth: 2, endpoint: e, parent: ck });
    }
  }
  return rows;
}

/** The groups to open so that an endpoint's row is shown (navigation from a search hit or the gutter). */
export function ancestorsOf(tree: Tree, id: string): string[] {
  for (const m of tree) {
    for (const c of m.classes) {
      if (c.endpoints.some((e) => e.id === id)) return [moduleKey(m.module), classKey(m.module, c.className)];
    }
  }
  return [];
}

export type TreeKey = 'ArrowDown' | 'ArrowUp' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | 'PageDown' | 'PageUp';

/**
 * What a key does on the active row, as in IntelliJ's and the ARIA tree pattern: Right opens a
 * group or steps into it, Left closes it or steps out to the parent.
 */
export function treeKey(rows: readonly Row[], active: number, key: TreeKey, page: number): { active: number; toggle?: string } {
  const last = rows.length - 1;
  const row = rows[active];
  switch (key) {
    case 'ArrowDown':
      return { active: Math.min(last, active + 1) };
    case 'ArrowUp':
      return { active: Math.max(0, active - 1) };
    case 'Home':
      return { active: 0 };
    case 'End':
      return { active: last };
    case 'PageDown':
      return { active: Math.min(last, active + page) };
    case 'PageUp':
      return { active: Math.max(0, active - page) };
    case 'ArrowRight':
      if (!row || row.kind === 'endpoint') return { active };
      return row.expanded ? { active: Math.min(last, active + 1) } : { active, toggle: row.key };
    case 'ArrowLeft': {
      if (!row) return { active };
      if (row.kind !== 'endpoint' && row.expanded) return { active, toggle: row.key };
      if (row.kind === 'module') return { active };
      // The parent is the nearest row above at a smaller depth.
      let parent = active - 1;
      while (parent >= 0 && rows[parent]!.depth >= row.depth) parent--;
      return { active: parent < 0 ? active : parent };
    }
  }
}

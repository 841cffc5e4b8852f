// The first tree's form inside the page (ui-server.ts puts it there, main.tsx reads it): the same
// tree, without what a row repeats from its class. Every summary carries its module, class, file,
// protocol and framework, an address made of its method and path and an id made of all of these:
// 2,500 endpoints came to 1.35 MB of HTML, most of it such repeats, which the browser decodes and
// parses before the first paint. Lossless: unpackTree(packTree(t)) equals t (explorer-model.test.ts).
// Pure and Node-free: both the sidecar and the web app import it.

import type { FirstTree, ProjectStatus } from '../protocol';
import type { EndpointSummary, Row, Tree } from './tree-model';
import { classKey, moduleKey } from './tree-model';

/** The page's `<script type="application/json" id="first-tree">`: a FirstTree with its tree packed. */
export interface PackedFirstTree {
  status: ProjectStatus;
  /** The tree's version (ide-bridge/tree-version.ts). */
  version?: string;
  packed: PackedTree;
}

export const unpackFirstTree = (t: PackedFirstTree): FirstTree => ({ status: t.status, version: t.version, modules: unpackTree(t.packed) });

/** What an endpoint holds beyond its row's fixed fields, or where it differs from its class's defaults. */
type Extra = Partial<Omit<EndpointSummary, 'method' | 'path' | 'name' | 'folder' | 'className' | 'module' | 'source'>> & { file?: string };
/** [id between `module:className#` and ` address`, or null when the id is not of that form (then in extra), method, path, name, folder, line, column, member, extra?] */
type PackedEndpoint = [string | null, string, string, string, string, number, number, string, Extra?];
/** [className, file, protocol, framework, endpoints]: file, protocol and framework are its endpoints' defaults. */
type PackedClass = [string, string, EndpointSummary['protocol'], EndpointSummary['framework'], PackedEndpoint[]];
export type PackedTree = [string, PackedClass[]][];

/** Fields a packed row holds in place, and the models a full Endpoint carries and a tree does not. */
const NOT_EXTRA = new Set(['id', 'protocol', 'framework', 'method', 'path', 'address', 'name', 'description', 'folder', 'className', 'module', 'source', 'request', 'response', 'responses']);

/** A tree of summaries, or of whole endpoints (their models are left out): the ui server packs the session's list without copying it first. */
export function packTree(tree: Tree): PackedTree {
  return tree.map((m) => [
    m.module,
    m.classes.map((c): PackedClass => {
      const first = c.endpoints[0];
      const file = first?.source.file ?? '';
      const protocol = first?.protocol ?? 'http';
      const framework = first?.framework ?? 'spring-mvc';
      const prefix = `${m.module}:${c.className}#`;
      return [
        c.className,
        file,
        protocol,
        framework,
        c.endpoints.map((e): PackedEndpoint => {
          const extra: Extra = {};
          const address = `${e.method} ${e.path}`;
          if (e.address !== address) extra.address = e.address;
          const suffix = ` ${e.address}`;
          const inner = e.id.startsWith(prefix) && e.id.endsWith(suffix) && e.id.length >= prefix.length + suffix.length ? e.id.slice(prefix.length, e.id.length - suffix.length) : null;
          if (inner === null) extra.id = e.id;
          if (e.protocol !== protocol) extra.protocol = e.protocol;
          if (e.framework !== framework) extra.framework = e.framework;
          if (e.description) extra.description = e.description;
          if (e.source.file !== file) extra.file = e.source.file;
          for (const k in e) {
            const v = (e as unknown as Record<string, unknown>)[k];
            if (v !== undefined && !NOT_EXTRA.has(k)) (extra as Record<string, unknown>)[k] = v;
          }
          const row: PackedEndpoint = [inner, e.method, e.path, e.name, e.folder, e.source.line, e.source.column, e.source.member];
          if (Object.keys(extra).length) row.push(extra);
          return row;
        }),
      ];
    }),
  ]);
}

export function unpackTree(packed: PackedTree): Tree {
  // Plain loops and one object shape: this runs once per page load, before the first paint, in code
  // not optimised yet; a rest pattern and a spread per row cost about as much as the rest of it.
  const tree: Tree = [];
  for (const [module, classes] of packed) {
    const out: Tree[number]['classes'] = [];
    for (const [className, file, protocol, framework, endpoints] of classes) {
      const prefix = `${module}:${className}#`;
      const rows: EndpointSummary[] = [];
      for (const row of endpoints) rows.push(unpackEndpoint(row, module, className, prefix, file, protocol, framework));
      out.push({ className, simpleName: simpleNameOf(className), endpoints: rows });
    }
    tree.push({ module, classes: out });
  }
  return tree;
}

/**
 * The first `limit` rows of the fully expanded tree, as flattenTree(unpackTree(packed), none
 * collapsed) would list them, unpacking only those rows' endpoints: the sidecar draws them into
 * the page (ide-bridge/first-screen.ts) and needs nothing below the first screen.
 */
export function packedRows(packed: PackedTree, limit: number): Row[] {
  const rows: Row[] = [];
  for (const [module, classes] of packed) {
    if (rows.length >= limit) break;
    const mk = moduleKey(module);
    let count = 0;
    for (const c of classes) count += c[4].length;
    rows.push({ kind: 'module', key: mk, depth: 0, label: module, count, expanded: true });
    for (const [className, file, protocol, framework, endpoints] of classes) {
      if (rows.length >= limit) break;
      const ck = classKey(module, className);
      rows.push({ kind: 'class', key: ck, depth: 1, label: simpleNameOf(className), title: className, count: endpoints.length, expanded: true, parent: mk });
      const prefix = `${module}:${className}#`;
      for (const row of endpoints) {
        if (rows.length >= limit) break;
        const e = unpackEndpoint(row, module, className, prefix, file, protocol, framework);
        rows.push({ kind: 'endpoint', key: e.id, depth: 2, endpoint: e, parent: ck });
      }
    }
  }
  return rows;
}

const simpleNameOf = (className: string) => className.slice(className.lastIndexOf('.') + 1);

function unpackEndpoint(
  [inner, method, path, name, folder, line, column, member, extra]: PackedEndpoint,
  module: string,
  className: string,
  prefix: string,
  file: string,
  protocol: EndpointSummary['protocol'],
  framework: EndpointSummary['framework'],
): EndpointSummary {
  const address = extra?.address ?? `${method} ${path}`;
  const e: EndpointSummary = {
    id: extra?.id ?? `${prefix}${inner} ${address}`,
    protocol,
    framework,
    method,
    path,
    address,
    name,
    description: '',
    folder,
    className,
    module,
    source: { file: extra?.file ?? file, line, column, member },
  };
  if (extra) {
    for (const k in extra) if (k !== 'id' && k !== 'address' && k !== 'file') (e as unknown as Record<string, unknown>)[k] = (extra as Record<string, unknown>)[k];
  }
  return e;
}

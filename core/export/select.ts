// Which endpoints an export covers (spec §4.4, §4.5): chosen endpoints, a class, a source file,
// a directory of the project, a folder or module of the tree, a search query, or everything.

import type { Endpoint, ModuleSummary } from '../model/endpoint';
import { fullPath } from './request-template';
import { search } from '../search/matcher';
import { InputError } from '../errors';

export type Selection =
  | { kind: 'all' }
  | { kind: 'ids'; ids: readonly string[] }
  | { kind: 'class'; className: string }
  | { kind: 'file'; file: string }
  | { kind: 'directory'; directory: string }
  | { kind: 'folder'; folder: string; module?: string }
  | { kind: 'module'; module: string }
  | { kind: 'query'; query: string }
  /** Paths starting with the prefix (at a segment boundary), as declared or with the module's context and servlet path. */
  | { kind: 'pathPrefix'; prefix: string; modules?: readonly ModuleSummary[] };

/** The endpoints a selection covers, in the scan's order. An empty result is not an error. */
export function selectEndpoints(endpoints: readonly Endpoint[], selection: Selection): Endpoint[] {
  switch (selection.kind) {
    case 'all':
      return [...endpoints];
    case 'ids': {
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      const unknown = selection.ids.filter((id) => !byId.has(id));
      if (unknown.length) throw new InputError(`no endpoint has the id '${unknown[0]}'`, unknown[0]!);
      return [...new Set(selection.ids)].map((id) => byId.get(id)!);
    }
    case 'class':
      return endpoints.filter((e) => e.className === selection.className || e.className.endsWith(`.${selection.className}`));
    case 'file': {
      const file = normalise(selection.file);
      return endpoints.filter((e) => e.source.file === file || e.grpc?.protoFile === file);
    }
    case 'directory': {
      const dir = normalise(selection.directory);
      const prefix = dir === '' ? '' : `${dir}/`;
      return endpoints.filter((e) => e.source.file.startsWith(prefix));
    }
    case 'folder':
      return endpoints.filter((e) => e.folder === selection.folder && (selection.module === undefined || e.module === selection.module));
    case 'module':
      return endpoints.filter((e) => e.module === selection.module);
    case 'pathPrefix': {
      const prefix = selection.prefix.replace(/\/+$/, '');
      const under = (path: string) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`);
      return endpoints.filter((e) => under(e.path) || under(fullPath(e, selection.modules)));
    }
    case 'query': {
      // Every match, in scan order: the ranking is for people picking one, an export takes them all.
      const hits = new Set(search(endpoints, selection.query, { ranges: false }).map((m) => m.endpoint));
      return endpoints.filter((e) => hits.has(e));
    }
  }
}

function normalise(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
}

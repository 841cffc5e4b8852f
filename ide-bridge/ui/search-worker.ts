// The explorer's search, off the page's thread and without a round trip to the sidecar: the
// core's one matcher (core/search/matcher.ts, which `apiscout search` and the IDE's Search
// Everywhere run in the sidecar) bundled into this worker, over the fields of the endpoints the
// page already holds for its tree. page-search.ts starts it and speaks its two messages.

import type { Endpoint } from '../../core/model/endpoint';
import { buildSearchIndex, search, type SearchIndex } from '../../core/search/matcher';
import type { WorkerReply, WorkerRequest } from './search-messages';

const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null; postMessage(m: WorkerReply): void };

let version = -1;
let index: SearchIndex | undefined;
let positions = new Map<object, number>();

scope.onmessage = ({ data: m }) => {
  if (m.kind === 'endpoints') {
    version = m.version;
    // The matcher reads only these fields of an Endpoint (address parts, name, folder,
    // description, class name, id for ties); the models it never touches are not sent.
    const endpoints = m.endpoints as unknown as readonly Endpoint[];
    positions = new Map(endpoints.map((e, i) => [e, i]));
    index = buildSearchIndex(endpoints);
    return;
  }
  if (m.version !== version || !index) return scope.postMessage({ seq: m.seq, version: m.version, stale: true });
  try {
    // The sidecar's endpoints/search asks the same: every field of spec §4.3.2.
    const hits = search(index, m.query, { limit: m.limit, fields: 'explorer' }).map((h) => ({ at: positions.get(h.endpoint)!, score: h.score, kind: h.kind, ranges: h.ranges }));
    scope.postMessage({ seq: m.seq, version, hits });
  } catch (e) {
    scope.postMessage({ seq: m.seq, version, error: e instanceof Error ? e.message : String(e) });
  }
};

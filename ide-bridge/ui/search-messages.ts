// The messages between the page (page-search.ts) and its search worker (search-worker.ts). Types
// only, from the core's model and matcher: the worker's bundle compiles this file, not the app.

import type { Endpoint } from '../../core/model/endpoint';
import type { FieldRanges, MatchKind } from '../../core/search/matcher';

/** What the matcher reads of an endpoint: only these fields are copied to the worker. */
export type SearchFields = Pick<Endpoint, 'id' | 'method' | 'path' | 'name' | 'folder' | 'description' | 'className'>;

export type WorkerRequest =
  | { kind: 'endpoints'; version: number; endpoints: SearchFields[] }
  | { kind: 'search'; seq: number; version: number; query: string; limit: number };

/** A match: `at` is the endpoint's position in the list last sent. */
export interface WorkerHit {
  at: number;
  score: number;
  kind: MatchKind;
  ranges: FieldRanges[];
}

export type WorkerReply = { seq: number; version: number } & ({ hits: WorkerHit[] } | { error: string } | { stale: true });

// The endpoint a command line names (`show`, `call`): by its id, else the best match of a search.
// Several modules or classes may serve the same address; the pick is then said, with how to
// name another, so nobody reads or calls the wrong one unawares.

import type { Endpoint } from '../../core/model/endpoint';
import { search } from '../../core/search/matcher';

export interface Picked {
  endpoint: Endpoint;
  /** Said on stderr when others share the endpoint's address (none when an id named it). */
  note?: string;
}

/** `doing`: what the command does with it, as the note says it ("showing", "calling"). */
export function pickEndpoint(endpoints: readonly Endpoint[], wanted: string, doing: string): Picked | undefined {
  const byId = endpoints.find((e) => e.id === wanted);
  if (byId) return { endpoint: byId };
  const endpoint = search(endpoints, wanted, { limit: 1 })[0]?.endpoint;
  if (!endpoint) return undefined;
  const alike = endpoints.filter((e) => e.address === endpoint.address).length;
  if (alike < 2) return { endpoint };
  const verb = doing.replace(/ing$/, '');
  return { endpoint, note: `note: ${alike} endpoints are ${endpoint.address}; ${doing} ${endpoint.className} in ${endpoint.module} (pass another's id, from apiscout search --json, to ${verb} it)` };
}

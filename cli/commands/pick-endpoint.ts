// The endpoint a command line names (`show`, `call`): by its id, else the best match of a search.
// Several modules or classes may serve the same address; the pick is then said, with how to
// name another, so nobody reads or calls the wrong one unawares.

import type { Endpoint } from '../../core/model/endpoint';
import { search } from '../../core/search/matcher';
import type { CliIO } from '../io';

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

/** The `<ID-OR-QUERY> [DIR]` of `command`'s line; undefined once the misuse is said on stderr. */
export function endpointPositionals(command: string, positionals: string[], io: CliIO): { wanted: string; dir: string } | undefined {
  if (positionals.length < 1 || positionals.length > 2) {
    io.err(`apiscout ${command}: expected an endpoint id or query, and at most one directory\nRun 'apiscout ${command} --help' for its usage.`);
    return undefined;
  }
  const [wanted, dir = io.sampleProject] = positionals as [string, string?];
  return { wanted, dir };
}

/** What `command` says when no endpoint of `dir` matches `wanted`. */
export const noMatchMessage = (command: string, wanted: string, dir: string) =>
  `apiscout ${command}: no endpoint matches '${wanted}' in ${dir}\nRun 'apiscout search QUERY ${dir}' to find its id or address.`;

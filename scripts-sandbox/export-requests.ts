// cURL's "Run pre-request scripts" (spec §4.6.6) for a batch of endpoints: each HTTP endpoint's
// request goes through its folder- and class-level http.call.before scripts (the endpoint-level
// one too for a single-endpoint Copy as cURL); the commands then show what the scripts made of it.
// A failing script rejects with its ScriptError, stopping the export. Shared by the CLI's
// `export --run-scripts` and the sidecar's export/run and copy/text.

import { scriptedRequestOf } from '../core/export/curl';
import { hostPlan } from '../core/export/host';
import type { ExportOptions, ScriptedRequest } from '../core/export/types';
import type { Endpoint } from '../core/model/endpoint';
import { runPreRequestScripts } from './hooks';
import type { ScriptSources } from './hooks';
import type { ScriptLogLine } from './runner';

export interface ScriptedRequests {
  /** By endpoint id: ExportOptions.scripted. */
  requests: Map<string, ScriptedRequest>;
  logs: ScriptLogLine[];
}

/**
 * `start`: the request a script sees for an endpoint (default: the one built from source with the
 * export's options); Copy as cURL passes saved edits here.
 */
export async function scriptedRequests(
  endpoints: readonly Endpoint[],
  options: ExportOptions,
  sources: ScriptSources,
  settings: { single?: boolean; start?: (e: Endpoint) => ScriptedRequest } = {},
): Promise<ScriptedRequests> {
  const http = endpoints.filter((e) => e.protocol === 'http');
  const hosts = hostPlan(http, options);
  const start = settings.start ?? ((e: Endpoint) => scriptedRequestOf(e, options, hosts));
  const outcomes = await runPreRequestScripts(
    http.map((e) => ({ request: start(e), target: { folder: e.folder, className: e.className, address: e.address, id: e.id } })),
    sources,
    { single: settings.single ?? false },
  );
  return { requests: new Map(http.map((e, i) => [e.id, outcomes[i]!.request])), logs: outcomes.flatMap((o) => o.logs) };
}

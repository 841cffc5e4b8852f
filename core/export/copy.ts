// The text actions of the context menu (spec §4.4): Copy API URL (one `METHOD /path` line per
// endpoint, no host, resolved like the exports: context path included), Copy Path and
// Copy as cURL.

import type { Endpoint } from '../model/endpoint';
import type { HttpRequestDraft } from '../model/request-state';
import { curlCommand, draftCurlCommand, type UserCredential } from './curl';
import { endpointCredentialPlan, withCredential } from '../call/send-auth';
import { hostPlan } from './host';
import { lookupFor } from './placeholders';
import { fullPath } from './request-template';
import type { ExportOptions } from './types';

export function copyApiUrls(endpoints: readonly Endpoint[], options: ExportOptions = {}): string {
  return endpoints.map((e) => `${e.method} ${e.protocol === 'grpc' ? e.path : fullPath(e, options.modules)}`).join('\n');
}

export function copyPaths(endpoints: readonly Endpoint[], options: ExportOptions = {}): string {
  return endpoints.map((e) => (e.protocol === 'grpc' ? e.path : fullPath(e, options.modules))).join('\n');
}

/**
 * The cURL command(s), blank-line separated, with warnings for placeholders left unresolved.
 * `drafts`: saved edits by endpoint id (Copy as cURL source "edited"); the others come from source.
 * A scripted request (options.scripted) of an edited endpoint was started from its draft.
 */
export function copyAsCurl(endpoints: readonly Endpoint[], options: ExportOptions = {}, drafts?: ReadonlyMap<string, HttpRequestDraft>): { text: string; warnings: string[] } {
  // Endpoints of several applications each go to their own (hostPlan), as in the cURL export.
  const hosts = hostPlan(endpoints, options);
  const parts = endpoints.map((e) => {
    const draft = e.protocol === 'http' ? drafts?.get(e.id) : undefined;
    if (!draft) return curlCommand(e, options, hosts);
    const sent = credentialDraft(e, draft, options);
    return draftCurlCommand(sent.draft, options, options.scripted?.get(e.id), sent.user);
  });
  return { text: parts.map((p) => p.text).join('\n\n'), warnings: [...new Set(parts.flatMap((p) => p.warnings))] };
}

/**
 * An edited request with the endpoint's credential, as Send adds it (core/call/send-auth.ts):
 * only when the export's environment (or the config reader, options.config) defines its variables and the request does
 * not set that header, parameter or cookie itself. A header or key is a `{{variable}}` row the
 * render mode keeps or resolves; Basic comes back as its two variables for curl's `-u`.
 */
export function credentialDraft(e: Endpoint, draft: HttpRequestDraft, options: ExportOptions = {}): { draft: HttpRequestDraft; user?: UserCredential } {
  const lookup = lookupFor(options.environment, options.lookup);
  // Send's own decision (endpointCredentialPlan), from the same sources: the environment, then the config reader.
  const plan = endpointCredentialPlan(e, options.modules, draft, options.environment, (name) => options.config?.(name));
  if (!plan || plan.userSet || plan.declined || plan.missing.length) return { draft };
  // curl answers a Digest challenge itself (--digest), as Send does.
  if (plan.kind === 'basic' || plan.kind === 'digest') return { draft, user: { scheme: plan.kind, variables: [plan.variables[0]!, plan.variables[1]!] } };
  return { draft: withCredential(draft, plan, lookup) };
}

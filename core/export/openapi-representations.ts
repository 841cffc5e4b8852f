// Two handlers of one method and path that differ in the media types they read or write (JAX-RS
// `@Produces("text/plain")` beside `@Produces("application/json")`, Spring's `produces` /
// `consumes`) are one OpenAPI operation with several contents: the runtime picks the handler by
// the request's Content-Type and Accept. OpenAPI has one operation per method and path, so the
// second handler's media types are merged into the first's operation instead of being left out.

import type { Endpoint } from '../model/endpoint';
import { compareText } from './stable';

type Operation = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean };
type Content = Record<string, unknown>;

/** The media types an endpoint reads and writes, as `in:` and `out:` entries. */
function mediaTypes(e: Endpoint): Set<string> {
  const out = new Set<string>();
  for (const c of e.request?.consumes ?? []) out.add(`in:${c}`);
  if (e.request?.body) out.add(`in:${e.request.body.contentType}`);
  for (const c of e.produces ?? []) out.add(`out:${c}`);
  if (e.response?.schema) out.add(`out:${e.response.contentType}`);
  return out;
}

/** Whether `e` is another representation of `kept`: same module, and a media type `kept` does not have. */
export function isOtherRepresentation(kept: Endpoint, e: Endpoint): boolean {
  if (kept.module !== e.module) return false;
  const ours = mediaTypes(kept);
  return [...mediaTypes(e)].some((t) => !ours.has(t));
}

/**
 * Adds what `alt` (the operation of another representation) has to `op`: its request and response
 * contents, and its parameters. A parameter or body only one of them takes is not required.
 */
export function mergeRepresentation(op: Operation, alt: Operation): void {
  const key = (p: Parameter) => `${p.in}:${p.name}`;
  const ours = (op.parameters as Parameter[] | undefined) ?? [];
  const theirs = (alt.parameters as Parameter[] | undefined) ?? [];
  const theirKeys = new Set(theirs.map(key));
  const ourKeys = new Set(ours.map(key));
  const merged = ours.map((p) => (p.in !== 'path' && p.required && !theirKeys.has(key(p)) ? { ...p, required: false } : p));
  for (const p of theirs) if (!ourKeys.has(key(p))) merged.push(p.in === 'path' ? p : { ...p, required: false });
  if (merged.length) op.parameters = merged;

  const body = op.requestBody as { required?: boolean; content: Content } | undefined;
  const altBody = alt.requestBody as { required?: boolean; content: Content } | undefined;
  if (body && altBody) {
    addContents(body.content, altBody.content);
    body.required = Boolean(body.required && altBody.required);
  } else if (body) {
    body.required = false;
  } else if (altBody) {
    op.requestBody = { ...altBody, required: false };
  }

  const responses = op.responses as Record<string, { content?: Content }>;
  for (const [status, r] of Object.entries(alt.responses as Record<string, { content?: Content }>)) {
    const known = responses[status];
    if (!known) responses[status] = r;
    else if (r.content) known.content = addContents(known.content ?? {}, r.content);
  }
  // Statuses in order, `default` last, as each operation lists them.
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(responses).sort((a, b) => (a === 'default' ? 1 : b === 'default' ? -1 : compareText(a, b)))) sorted[k] = responses[k];
  op.responses = sorted;
}

function addContents(into: Content, from: Content): Content {
  for (const [type, media] of Object.entries(from)) if (!(type in into)) into[type] = media;
  return into;
}

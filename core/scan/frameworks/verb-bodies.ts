// One handler mapped to several verbs (`@RequestMapping(method = {GET, POST})`) has one request
// model, but a body it may go without (`@RequestBody(required = false)`, a nullable Kotlin body,
// the raw body read in code) is meant for the verbs that carry one: on its GET it only makes the
// explorer send a body the server ignores (and many clients and proxies refuse). A body the
// handler requires, or a body on a handler that declares only body-less verbs (an explicit GET
// with `@RequestBody`), stays as the code declares it.

import type { RequestModel } from '../../model/request';

/** Verbs RFC 9110 gives no meaning to a request body for. */
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

/** Whether `verb`, one of a handler's `verbs`, goes without the handler's optional body. */
function dropsOptionalBody(request: RequestModel | undefined, verb: string, verbs: readonly string[]): boolean {
  if (!request?.body || request.body.required || !BODYLESS.has(verb)) return false;
  return verbs.some((v) => !BODYLESS.has(v));
}

/**
 * The request `verb` sends: on a body-less verb of a multi-verb handler, without the optional body
 * and the media type it brought (what the mapping declares, `declared`, stays).
 */
export function requestForVerb(request: RequestModel | undefined, verb: string, verbs: readonly string[], declared: readonly string[]): RequestModel | undefined {
  if (!request || !dropsOptionalBody(request, verb, verbs)) return request;
  const out: RequestModel = { ...request, consumes: declared.length || !request.params.some((p) => p.in === 'form') ? [...declared] : request.consumes };
  delete out.body;
  return out;
}

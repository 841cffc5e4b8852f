// Deprecated endpoints in formats without a deprecated flag of their own (Postman, YApi,
// Hoppscotch, ApiPost, .http, cURL): a note at the head of the description, so a reader of the
// collection sees it where the description shows. OpenAPI writes its own `deprecated: true`.

import type { Endpoint } from '../model/endpoint';

export const DEPRECATED_NOTE = 'Deprecated: still served, but clients should move off it.';

/** The endpoint's description, led by the deprecation note when it is deprecated. */
export function describedWithDeprecation(e: Endpoint): string {
  if (!e.deprecated) return e.description;
  return e.description ? `${DEPRECATED_NOTE}\n\n${e.description}` : DEPRECATED_NOTE;
}

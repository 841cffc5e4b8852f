// Deprecated endpoints in formats without a deprecated flag of their own (Postman, YApi,
// Hoppscotch, ApiPost, .http, cURL): a note at the head of the description, so a reader of the
// collection sees it where the description shows. OpenAPI writes its own `deprecated: true`.

import type { Endpoint } from '../model/endpoint';

export const DEPRECATED_NOTE = 'Deprecated: still served, but clients should move off it.';

/**
 * The endpoint's description, led by the deprecation note when it is deprecated and followed by
 * `note` (auth.ts's alternativesNote: which other schemes the endpoint accepts) when given.
 */
export function describedWithDeprecation(e: Endpoint, note = ''): string {
  const parts = [e.deprecated ? DEPRECATED_NOTE : '', e.description, note].filter(Boolean);
  return parts.join('\n\n');
}

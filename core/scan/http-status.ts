// HTTP status constants as handlers name them: Spring's `HttpStatus.X`, JAX-RS's `Response.Status.X`
// (the same names for the codes both have), and the reason phrase a declared response describes.

/** Constant name -> code, for the constants handlers commonly name. */
export const HTTP_STATUS: Record<string, number> = {
  OK: 200, CREATED: 201, ACCEPTED: 202, NON_AUTHORITATIVE_INFORMATION: 203, NO_CONTENT: 204, RESET_CONTENT: 205, PARTIAL_CONTENT: 206,
  MOVED_PERMANENTLY: 301, FOUND: 302, SEE_OTHER: 303, NOT_MODIFIED: 304, TEMPORARY_REDIRECT: 307, PERMANENT_REDIRECT: 308,
  BAD_REQUEST: 400, UNAUTHORIZED: 401, PAYMENT_REQUIRED: 402, FORBIDDEN: 403, NOT_FOUND: 404, METHOD_NOT_ALLOWED: 405, NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408, CONFLICT: 409, GONE: 410, PRECONDITION_FAILED: 412, PAYLOAD_TOO_LARGE: 413, REQUEST_ENTITY_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422, UNPROCESSABLE_CONTENT: 422, LOCKED: 423, TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500, NOT_IMPLEMENTED: 501, BAD_GATEWAY: 502, SERVICE_UNAVAILABLE: 503, GATEWAY_TIMEOUT: 504,
};

const PHRASES = new Map<number, string>();
for (const [name, code] of Object.entries(HTTP_STATUS)) {
  if (!PHRASES.has(code)) PHRASES.set(code, name.split('_').map((w) => w[0] + w.slice(1).toLowerCase()).join(' '));
}

/** `Not Found` for 404; the bare code for one the table lacks. */
export function reasonPhrase(code: string): string {
  return PHRASES.get(Number(code)) ?? `Status ${code}`;
}

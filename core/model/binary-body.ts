// A request body of raw bytes (`byte[]`, `InputStream`, `Resource`, an image upload): no text to
// write, only a file to send. The exports and the request editor decide it the same way.

import type { RequestBody } from './request';

/** `format: binary` with no example: a JSON document's `byte[]` field is base64 text (`format: byte`), not this. */
export function isBinaryBody(body: RequestBody): boolean {
  return body.schema.type === 'string' && body.schema.format === 'binary' && body.example === undefined;
}

// A body the framework hands the handler as raw bytes, whatever its media type: Spring's
// `@RequestBody byte[]` / `ByteArray` (ByteArrayHttpMessageConverter), `InputStream` or `Resource`
// (ResourceHttpMessageConverter); a JAX-RS `byte[]` or `InputStream` entity (the spec's built-in
// providers). It is binary on the wire, never the base64 JSON string Jackson makes of a byte[].

import type { JsonSchema, RequestBody } from '../../model/request';

/** Whether the schema of a body parameter is raw bytes: byte[] (`byte`) or a stream or resource (`binary`). */
export function isRawBytes(schema: JsonSchema): boolean {
  return schema.type === 'string' && (schema.format === 'byte' || schema.format === 'binary') && schema.$ref === undefined;
}

/** The binary body: `consumes`' first type, else application/octet-stream; no example (no text stands for a file's bytes). */
export function rawBytesBody(consumes: readonly string[], description: string, required: boolean): RequestBody {
  return { contentType: consumes[0] ?? 'application/octet-stream', schema: { type: 'string', format: 'binary' }, example: undefined, description, required };
}

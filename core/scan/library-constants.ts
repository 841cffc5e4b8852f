// Constants of framework libraries that appear in mappings but are not in the scanned tree.
// Folding them keeps `produces = MediaType.APPLICATION_JSON_VALUE` readable.

const MEDIA_TYPES: Record<string, string> = {
  ALL: '*/*',
  WILDCARD: '*/*',
  APPLICATION_JSON: 'application/json',
  APPLICATION_XML: 'application/xml',
  APPLICATION_ATOM_XML: 'application/atom+xml',
  APPLICATION_CBOR: 'application/cbor',
  APPLICATION_FORM_URLENCODED: 'application/x-www-form-urlencoded',
  APPLICATION_GRAPHQL_RESPONSE: 'application/graphql-response+json',
  APPLICATION_NDJSON: 'application/x-ndjson',
  APPLICATION_OCTET_STREAM: 'application/octet-stream',
  APPLICATION_PDF: 'application/pdf',
  APPLICATION_PROBLEM_JSON: 'application/problem+json',
  APPLICATION_PROBLEM_XML: 'application/problem+xml',
  APPLICATION_PROTOBUF: 'application/x-protobuf',
  APPLICATION_STREAM_JSON: 'application/stream+json',
  APPLICATION_XHTML_XML: 'application/xhtml+xml',
  APPLICATION_YAML: 'application/yaml',
  APPLICATION_SVG_XML: 'application/svg+xml',
  IMAGE_GIF: 'image/gif',
  IMAGE_JPEG: 'image/jpeg',
  IMAGE_PNG: 'image/png',
  MULTIPART_FORM_DATA: 'multipart/form-data',
  MULTIPART_MIXED: 'multipart/mixed',
  MULTIPART_RELATED: 'multipart/related',
  TEXT_EVENT_STREAM: 'text/event-stream',
  SERVER_SENT_EVENTS: 'text/event-stream',
  TEXT_HTML: 'text/html',
  TEXT_MARKDOWN: 'text/markdown',
  TEXT_PLAIN: 'text/plain',
  TEXT_XML: 'text/xml',
};

/** `MediaType.APPLICATION_JSON_VALUE` (Spring) or `MediaType.APPLICATION_JSON` (JAX-RS, as String). */
export function libraryConstant(name: string): string | undefined {
  const segs = name.split('.');
  const field = segs[segs.length - 1]!;
  const owner = segs[segs.length - 2];
  if (owner !== undefined && owner !== 'MediaType') return undefined;
  const key = field.endsWith('_VALUE') ? field.slice(0, -'_VALUE'.length) : field.replace(/_TYPE$/, '');
  return MEDIA_TYPES[key];
}

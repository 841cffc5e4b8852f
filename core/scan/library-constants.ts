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

/** Spring HATEOAS' `org.springframework.hateoas.MediaTypes`, keyed as MEDIA_TYPES is (hawkbit's and genie's `produces`). */
const HATEOAS_MEDIA_TYPES: Record<string, string> = {
  HAL_JSON: 'application/hal+json',
  HAL_JSON_UTF8: 'application/hal+json;charset=UTF-8',
  HAL_FORMS_JSON: 'application/prs.hal-forms+json',
  ALPS_JSON: 'application/alps+json',
  COLLECTION_JSON: 'application/vnd.collection+json',
  UBER_JSON: 'application/vnd.amundsen-uber+json',
  VND_ERROR_JSON: 'application/vnd.error+json',
  HTTP_PROBLEM_DETAILS_JSON: 'application/problem+json',
};

/**
 * Header names of Spring's `org.springframework.http.HttpHeaders`, JAX-RS `HttpHeaders` and
 * `com.google.common.net.HttpHeaders`: the field name upper-cased with `_` -> the header name.
 */
const HEADER_NAMES = [
  'Accept', 'Accept-Charset', 'Accept-Encoding', 'Accept-Language', 'Accept-Patch', 'Accept-Ranges',
  'Access-Control-Allow-Credentials', 'Access-Control-Allow-Headers', 'Access-Control-Allow-Methods',
  'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers', 'Access-Control-Max-Age',
  'Access-Control-Request-Headers', 'Access-Control-Request-Method', 'Age', 'Allow', 'Authorization',
  'Cache-Control', 'Connection', 'Content-Disposition', 'Content-Encoding', 'Content-ID', 'Content-Language',
  'Content-Length', 'Content-Location', 'Content-Range', 'Content-Type', 'Cookie', 'Date', 'ETag', 'Expect',
  'Expires', 'From', 'Host', 'If-Match', 'If-Modified-Since', 'If-None-Match', 'If-Range', 'If-Unmodified-Since',
  'Last-Event-ID', 'Last-Modified', 'Link', 'Location', 'Max-Forwards', 'Origin', 'Pragma', 'Proxy-Authenticate',
  'Proxy-Authorization', 'Range', 'Referer', 'Retry-After', 'Server', 'Set-Cookie', 'Set-Cookie2', 'TE', 'Trailer',
  'Transfer-Encoding', 'Upgrade', 'User-Agent', 'Vary', 'Via', 'Warning', 'WWW-Authenticate',
  'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'X-Requested-With',
];
const HEADERS: Record<string, string> = Object.fromEntries(HEADER_NAMES.map((h) => [h.toUpperCase().replace(/-/g, '_'), h]));

/** MicroProfile LRA's header names (`org.eclipse.microprofile.lra.annotation.ws.rs.LRA`), which participants read with `@HeaderParam(LRA_HTTP_CONTEXT_HEADER)`. */
const LRA_HEADERS: Record<string, string> = {
  LRA_HTTP_CONTEXT_HEADER: 'Long-Running-Action',
  LRA_HTTP_ENDED_CONTEXT_HEADER: 'Long-Running-Action-Ended',
  LRA_HTTP_PARENT_CONTEXT_HEADER: 'Long-Running-Action-Parent',
};

/** Constants of the JDK, the servlet API and a few libraries that show up in mappings and defaults, by `Owner.FIELD`. */
const JDK: Record<string, string> = {
  'Integer.MAX_VALUE': '2147483647',
  'Integer.MIN_VALUE': '-2147483648',
  'Long.MAX_VALUE': '9223372036854775807',
  'Long.MIN_VALUE': '-9223372036854775808',
  'Short.MAX_VALUE': '32767',
  'Byte.MAX_VALUE': '127',
  'Boolean.TRUE': 'true',
  'Boolean.FALSE': 'false',
  'StandardCharsets.UTF_8': 'UTF-8',
  'StandardCharsets.US_ASCII': 'US-ASCII',
  'StandardCharsets.ISO_8859_1': 'ISO-8859-1',
  'File.separator': '/',
  'HttpURLConnection.HTTP_OK': '200',
  'HttpServletResponse.SC_OK': '200',
  'HttpStatus.OK': 'OK',
  // Prometheus' exposition formats (simpleclient's and client_java's TextFormat / PrometheusTextFormatWriter).
  'TextFormat.CONTENT_TYPE_004': 'text/plain; version=0.0.4; charset=utf-8',
  'TextFormat.CONTENT_TYPE_OPENMETRICS_100': 'application/openmetrics-text; version=1.0.0; charset=utf-8',
  'PrometheusTextFormatWriter.CONTENT_TYPE': 'text/plain; version=0.0.4; charset=utf-8',
  'OpenMetricsTextFormatWriter.CONTENT_TYPE': 'application/openmetrics-text; version=1.0.0; charset=utf-8',
};

/**
 * A library constant by the name the source writes: `MediaType.APPLICATION_JSON_VALUE` (Spring),
 * `MediaTypes.HAL_JSON_VALUE` (Spring HATEOAS),
 * `MimeTypeUtils.APPLICATION_JSON_VALUE` (Spring), `MediaType.APPLICATION_JSON` (JAX-RS, as String), `HttpHeaders.ACCEPT` (Spring, JAX-RS, Guava),
 * `LRA.LRA_HTTP_CONTEXT_HEADER` (MicroProfile LRA),
 * a few JDK constants; a bare `APPLICATION_JSON_VALUE` or `ACCEPT` (static import) too.
 */
export function libraryConstant(name: string): string | undefined {
  const segs = name.split('.');
  const field = segs[segs.length - 1]!;
  const owner = segs[segs.length - 2];
  if (owner !== undefined && JDK[`${owner}.${field}`] !== undefined) return JDK[`${owner}.${field}`];
  // Spring's `MimeTypeUtils` repeats MediaType's `*_VALUE` strings (spring-boot-admin's `produces`).
  if (owner === undefined || owner === 'MediaType' || (owner === 'MimeTypeUtils' && field.endsWith('_VALUE'))) {
    const key = field.endsWith('_VALUE') ? field.slice(0, -'_VALUE'.length) : field.replace(/_TYPE$/, '');
    const media = MEDIA_TYPES[key];
    if (media !== undefined) return media;
  }
  if ((owner === undefined || owner === 'MediaTypes') && field.endsWith('_VALUE')) {
    const media = HATEOAS_MEDIA_TYPES[field.slice(0, -'_VALUE'.length)];
    if (media !== undefined) return media;
  }
  if ((owner === undefined || owner === 'LRA') && LRA_HEADERS[field] !== undefined) return LRA_HEADERS[field];
  if (owner === undefined || owner === 'HttpHeaders') return HEADERS[field];
  return undefined;
}

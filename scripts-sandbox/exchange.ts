// What scripts see and change: a request about to be sent and a response that arrived, as plain
// serialisable values. The caller (core/call), the cURL exporter and the tests build these from
// their own models; nothing here knows how a request is sent.

export interface HeaderEntry {
  name: string;
  value: string;
}

/** A request as a before-script sees it; a before-script returns a changed copy. */
export interface ScriptRequest {
  method: string;
  /** The full URL, query string included. */
  url: string;
  /** In order; a name may repeat. */
  headers: HeaderEntry[];
  /** The body as text (JSON, form-urlencoded, XML...); null when there is none or it is not text. */
  body: string | null;
}

/**
 * A body too large to hand over as bytes (the caller spilled it to a temp file): read only if a
 * script asks for it, copied by file when saved.
 */
export interface BodySource {
  size: number;
  read(): Uint8Array;
  /** The file holding the body, when there is one. */
  file?: string;
}

/** A response as an after-script sees it. */
export interface ScriptResponse {
  status: number;
  headers: HeaderEntry[];
  body: Uint8Array | BodySource;
  /**
   * Whether the body is text (decided by the caller from the content type); absent: decided
   * here with isTextContentType. A text body's `response.bytes()` is null.
   */
  text?: boolean;
}

const TEXT_TYPES = /^(text\/|application\/(json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|yaml|x-yaml|x-ndjson|problem\+json|problem\+xml)\b)|\+(json|xml|yaml)\b/i;

/** Text media types: text/*, JSON, XML, JavaScript, form data, YAML and their `+json`/`+xml` kin. */
export function isTextContentType(contentType: string | undefined | null): boolean {
  if (!contentType) return false;
  return TEXT_TYPES.test(contentType.split(';')[0]!.trim());
}

export function headerValue(headers: readonly HeaderEntry[], name: string): string | undefined {
  const wanted = name.toLowerCase();
  return headers.find((h) => h.name.toLowerCase() === wanted)?.value;
}

/** A response's body kind: the caller's verdict, else the content type, else "valid UTF-8 without NULs". */
export function responseIsText(response: ScriptResponse): boolean {
  if (response.text !== undefined) return response.text;
  const type = headerValue(response.headers, 'content-type');
  if (type) return isTextContentType(type);
  const head = bodyBytes(response.body).subarray(0, 8192);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function bodySize(body: Uint8Array | BodySource): number {
  return body instanceof Uint8Array ? body.byteLength : body.size;
}

export function bodyBytes(body: Uint8Array | BodySource): Uint8Array {
  return body instanceof Uint8Array ? body : body.read();
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Checks what a script handed back, so a script can never smuggle a malformed request out. */
export function checkRequest(value: unknown): ScriptRequest {
  const r = value as ScriptRequest;
  if (!r || typeof r !== 'object') throw new TypeError('the script left no request');
  if (typeof r.method !== 'string' || !TOKEN.test(r.method)) throw new TypeError(`not an HTTP method: ${JSON.stringify(r.method)}`);
  if (typeof r.url !== 'string' || r.url === '') throw new TypeError('the request URL must be a non-empty string');
  if (!Array.isArray(r.headers)) throw new TypeError('the request headers must be a list');
  const headers = r.headers.map((h) => {
    if (!h || typeof h.name !== 'string' || !TOKEN.test(h.name)) throw new TypeError(`not a header name: ${JSON.stringify(h?.name)}`);
    if (typeof h.value !== 'string' || /[\r\n\0]/.test(h.value)) throw new TypeError(`header ${h.name}: the value must be a string without line breaks`);
    return { name: h.name, value: h.value };
  });
  if (r.body !== null && typeof r.body !== 'string') throw new TypeError('the request body must be a string or null');
  return { method: r.method, url: r.url, headers, body: r.body };
}

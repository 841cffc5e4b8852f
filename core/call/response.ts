// The response model (spec §2.3, §7, §8): status, headers, timings, size in bytes, and a body that
// is either text (shown, pretty-printed when JSON, truncated for display at 500,000 characters) or
// binary (described by type and size, saved, never decoded).

import { STATUS_CODES } from 'node:http';
import { TextDecoder } from 'node:util';
import type { ResponseBody } from './response-body';

export type BodyKind = 'text' | 'binary';

export interface HttpResponse {
  status: number;
  statusText: string;
  /** As received, repeated headers as separate entries. */
  headers: Array<[string, string]>;
  contentType?: string;
  kind: BodyKind;
  /** Body size in bytes, after any content decoding. */
  size: number;
  body: ResponseBody;
  timings: Timings;
}

export interface Timings {
  /** When the first byte of the request left, ISO 8601. */
  startedAt: string;
  /** Until the final response's headers arrived, redirects included. */
  headersMs: number;
  /** Until the last byte of the body arrived. */
  totalMs: number;
}

export const DISPLAY_LIMIT = 500_000;

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? '';
}

/** The media type without parameters, lower case: `application/json`. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

const TEXT_TYPES = /^(?:text\/|application\/(?:json|xml|javascript|ecmascript|x-javascript|x-www-form-urlencoded|graphql|yaml|x-yaml|toml|x-ndjson|ndjson|sql|csv|x-sh|xhtml\+xml|rtf)$|[\w.+-]+\/[\w.-]+\+(?:json|xml|yaml)$|image\/svg\+xml$)/;
const BINARY_TYPES = /^(?:image|audio|video|font)\/|^application\/(?:octet-stream|pdf|zip|gzip|x-gzip|x-tar|x-bzip2|x-xz|x-7z-compressed|x-rar-compressed|java-archive|x-java-archive|wasm|protobuf|x-protobuf|grpc|vnd\.google\.protobuf|msword|vnd\.ms-[\w.-]+|vnd\.openxmlformats[\w.-]*|vnd\.oasis\.opendocument[\w.-]*|x-msdownload|cbor|msgpack|x-msgpack|avro|vnd\.apache\.parquet|x-sqlite3)$/;

/**
 * Text or binary: a declared type decides when it is a known one; a missing, generic or unknown
 * type is decided from the first bytes. `application/octet-stream` is the server saying "bytes",
 * so it is binary whatever they look like.
 */
export function bodyKind(contentType: string | undefined, head: Uint8Array): BodyKind {
  const type = mediaType(contentType);
  if (TEXT_TYPES.test(type)) return 'text';
  if (BINARY_TYPES.test(type)) return 'binary';
  return sniff(head);
}

const MAGIC: number[][] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP, JAR, docx
  [0x50, 0x4b, 0x05, 0x06], // empty ZIP
  [0x1f, 0x8b], // gzip
  [0x42, 0x5a, 0x68], // bzip2
  [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], // xz
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
  [0x00, 0x61, 0x73, 0x6d], // wasm
  [0xca, 0xfe, 0xba, 0xbe], // Java class
];

/** From the first bytes: known magic numbers or NUL bytes mean binary; valid UTF-8 text means text. */
export function sniff(head: Uint8Array): BodyKind {
  if (head.length === 0) return 'text';
  if (MAGIC.some((m) => m.length <= head.length && m.every((b, i) => head[i] === b))) return 'binary';
  const sample = head.subarray(0, 8192);
  let control = 0;
  for (const b of sample) {
    if (b === 0) return 'binary';
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b && b !== 0x08) control++;
  }
  if (control / sample.length > 0.01) return 'binary';
  return validUtf8Prefix(sample) ? 'text' : 'binary';
}

/** Valid UTF-8, allowing one multi-byte character cut off at the end of the sample. */
function validUtf8Prefix(bytes: Uint8Array): boolean {
  for (let cut = 0; cut <= 3 && cut < bytes.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, bytes.length - cut));
      return true;
    } catch {
      // try without the last bytes
    }
  }
  return false;
}

/** The decoder for a body: the declared charset when the runtime knows it, else UTF-8. */
export function decoderFor(contentType: string | undefined): TextDecoder {
  const charset = /;\s*charset="?([^";\s]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    return new TextDecoder('utf-8');
  }
}

export interface DisplayText {
  /** What to show: the body, possibly pretty-printed, cut at the display limit with a marker. */
  text: string;
  truncated: boolean;
  /** Pretty-printed JSON. */
  pretty: boolean;
}

export interface DisplayOptions {
  /** Pretty-print a JSON body (the Pretty/Raw toggle); only for bodies held in memory. */
  pretty?: boolean;
  limit?: number;
  /** Append a line saying the text was cut (default); a UI that shows `truncated` itself turns it off. */
  marker?: boolean;
}

/** The text to display for a text body. Binary bodies have none: show type, size and Save. */
export async function displayText(response: HttpResponse, options: DisplayOptions = {}): Promise<DisplayText> {
  if (response.kind === 'binary') throw new TypeError('binary bodies are never decoded as text');
  const limit = options.limit ?? DISPLAY_LIMIT;
  // At most 4 bytes a character: this many bytes always hold `limit` characters when there are that many.
  const wanted = limit * 4 + 4;
  const whole = response.body.inMemory || response.size <= wanted;
  const bytes = whole ? await response.body.bytes() : await response.body.head(wanted);
  let text = decoderFor(response.contentType).decode(bytes, { stream: !whole });
  let pretty = false;
  if (options.pretty && whole) {
    const formatted = prettyJson(text);
    if (formatted !== undefined) {
      text = formatted;
      pretty = true;
    }
  }
  if (text.length <= limit && whole) return { text, truncated: false, pretty };
  const cut = cutAt(text, limit);
  if (options.marker === false) return { text: cut, truncated: true, pretty };
  const total = whole ? `${text.length.toLocaleString('en-US')} characters` : `a ${response.size.toLocaleString('en-US')}-byte body`;
  const marker = `\n\n[… truncated for display: showing the first ${cut.length.toLocaleString('en-US')} characters of ${total}. Save or copy the body for all of it.]`;
  return { text: cut + marker, truncated: true, pretty };
}

/** Cuts at `limit` characters without splitting a surrogate pair. */
function cutAt(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}

/**
 * Re-indents JSON text with two spaces; undefined when it is not JSON. Works on the text's tokens
 * rather than a parse-and-stringify round trip, so big numbers (`12345678901234567890`) and the
 * escapes of strings are shown exactly as the server sent them. It copies UTF-8 bytes between two
 * buffers (multi-byte characters never contain ASCII bytes), so a large body makes no garbage.
 */
export function prettyJson(text: string): string | undefined {
  const source = text.replace(/^\uFEFF/, '');
  try {
    JSON.parse(source);
  } catch {
    return undefined;
  }
  const src = Buffer.from(source);
  const n = src.length;
  let out = Buffer.allocUnsafe(Math.max(64, n * 2));
  let o = 0;
  const ensure = (more: number) => {
    if (o + more <= out.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(out.length * 2, o + more));
    out.copy(bigger, 0, 0, o);
    out = bigger;
  };
  const byte = (b: number) => {
    ensure(1);
    out[o++] = b;
  };
  // Byte loops: Buffer.copy and fill cost more than they save on runs this short.
  const copy = (from: number, to: number) => {
    ensure(to - from);
    if (to - from > 64) o += src.copy(out, o, from, to);
    else for (let k = from; k < to; k++) out[o++] = src[k]!;
  };
  const newline = (depth: number) => {
    ensure(1 + depth * 2);
    out[o++] = 0x0a;
    for (let k = 0; k < depth * 2; k++) out[o++] = 0x20;
  };
  let depth = 0;
  let i = 0;
  while (i < n) {
    const c = src[i]!;
    if (c === 0x22 /* " */) {
      let end = i + 1;
      while (src[end] !== 0x22) end += src[end] === 0x5c /* \ */ ? 2 : 1;
      copy(i, end + 1);
      i = end + 1;
    } else if (c === 0x7b || c === 0x5b /* { [ */) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      let j = i + 1;
      while (j < n && isSpace(src[j]!)) j++;
      byte(c);
      if (src[j] === close) {
        byte(close);
        i = j + 1;
      } else {
        newline(++depth);
        i++;
      }
    } else if (c === 0x7d || c === 0x5d /* } ] */) {
      newline(--depth);
      byte(c);
      i++;
    } else if (c === 0x2c /* , */) {
      byte(c);
      newline(depth);
      i++;
    } else if (c === 0x3a /* : */) {
      byte(c);
      byte(0x20);
      i++;
    } else if (isSpace(c)) {
      i++;
    } else {
      // A number or a literal: copied as written, so big numbers keep every digit.
      let j = i + 1;
      while (j < n && !isDelimiter(src[j]!)) j++;
      copy(i, j);
      i = j;
    }
  }
  return out.toString('utf8', 0, o);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isDelimiter(c: number): boolean {
  return isSpace(c) || c === 0x2c || c === 0x7d || c === 0x5d || c === 0x3a;
}

// Turns what the user typed into tokens with a role. The roles decide which matching rules of
// spec §4.3 apply; binding to an index and scoring happen in matcher.ts.

import { codePointLength, fold, hasCjk } from './text';

/**
 * `address-and-name`: Search Everywhere and the CLI (spec §4.3.3).
 * `explorer`: the explorer's search field, which also looks at folder, description and class
 * name (spec §4.3.2).
 */
export type QueryFields = 'address-and-name' | 'explorer';

export interface CompileOptions {
  fields?: QueryFields;
}

/** Tokens shorter than this many code points only match literally (spec §8). */
export const MIN_FUZZY_LENGTH = 3;

/** Fuzzy matching keeps a token's states as the bits of an int32 (fuzzy.ts); longer tokens only match literally. */
const MAX_FUZZY_LENGTH = 31;

export type TokenKind =
  /** Starts with `/` or is a URL: matched segment by segment, never fuzzily. */
  | 'path'
  /** Contains `/` elsewhere (`users/{id}`): matched against the address only. */
  | 'address'
  /** Anything else: may match the address or the name (or, in the explorer, other fields). */
  | 'word';

export interface QueryToken {
  kind: TokenKind;
  /** Folded text; for path tokens the normalised path (host, query string and fragment removed). */
  text: string;
  /** Never matched as a subsequence: short (spec §8), CJK, or a path. */
  literalOnly: boolean;
  /** Path and address tokens: the folded segments between slashes. */
  parts: string[];
  /** Path tokens: the last part is complete (URL or trailing slash), not a prefix being typed. */
  complete: boolean;
  /** Path tokens from a full URL: leading parts may be a context path the endpoint lacks. */
  url: boolean;
}

export interface Query {
  /** The text as typed. */
  text: string;
  fields: QueryFields;
  /** The method a leading verb filters by (`GET`, ..., `gRPC`), or null. */
  verb: string | null;
  /**
   * When the query starts with a verb and is otherwise plain words (`get user detail`), the verb
   * may also be the first word of a name: this token is then matched against the name instead
   * of filtering by method. Such hits rank below hits that pass the method filter.
   */
  verbAsWord: QueryToken | null;
  tokens: QueryToken[];
}

const VERBS = new Map(
  ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'gRPC'].map((v) => [v.toLowerCase(), v]),
);

export function compileQuery(text: string, opts: CompileOptions = {}): Query {
  const fields = opts.fields ?? 'address-and-name';
  const raw = text.split(/\s+/u).filter((t) => t.length > 0);
  let verb: string | null = null;
  let verbWord: string | null = null;
  if (raw.length > 0) {
    const first = raw[0]!;
    const glued = /^([a-z]+)(\/.*)$/i.exec(first); // `GET/users`, as some logs print it
    const v = VERBS.get((glued ? glued[1]! : first).toLowerCase());
    if (v) {
      verb = v;
      verbWord = first;
      if (glued) raw[0] = glued[2]!;
      else raw.shift();
    }
  }
  const tokens = raw.map(classify);
  const allWords = tokens.length > 0 && tokens.every((t) => t.kind === 'word');
  return {
    text,
    fields,
    verb,
    verbAsWord: verb && verbWord && allWords ? wordToken(fold(verbWord)) : null,
    tokens,
  };
}

function classify(raw: string): QueryToken {
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(raw);
  if (url) return pathToken(raw.slice(url[0].length) || '/', true);
  // `localhost:8080/api/x` or `host:8080/x`: a host with a port, pasted without a scheme.
  const host = /^(?:localhost|[^/\s:]+:\d+)(?=[/?#]|$)/i.exec(raw);
  if (host) return pathToken(raw.slice(host[0].length) || '/', true);
  if (raw.startsWith('/')) return pathToken(raw, false);
  const folded = fold(raw);
  if (raw.includes('/')) {
    return {
      kind: 'address',
      text: folded,
      literalOnly: isLiteralOnly(folded),
      parts: folded.split('/'),
      complete: false,
      url: false,
    };
  }
  return wordToken(folded);
}

function wordToken(folded: string): QueryToken {
  return { kind: 'word', text: folded, literalOnly: isLiteralOnly(folded), parts: [], complete: false, url: false };
}

function isLiteralOnly(folded: string): boolean {
  const n = codePointLength(folded);
  return n < MIN_FUZZY_LENGTH || folded.length > MAX_FUZZY_LENGTH || hasCjk(folded);
}

function pathToken(pathAndMore: string, url: boolean): QueryToken {
  let path = pathAndMore.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  const complete = url || path.endsWith('/');
  // Empty segments (`//`) in a pasted path are typos or proxy artefacts, not segments to match.
  const parts = path
    .split('/')
    .map((p) => fold(decodeSegment(p.replace(/;.*$/s, '')))) // `;jsessionid=...` matrix parameters
    .filter((p) => p.length > 0);
  return {
    kind: 'path',
    text: `/${parts.join('/')}`,
    literalOnly: true,
    parts,
    complete,
    url,
  };
}

function decodeSegment(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

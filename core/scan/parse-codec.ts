// A parsed file as text to send between threads. Types point back at their file and their outer
// type; those links are dropped for the trip and put back on arrival. JSON, because V8 parses
// it several times faster than it deserializes the same objects from a structured clone, and
// the scanner's thread is the one that waits.

import type { ParseResult } from './parse-protocol';
import type { TypeDecl } from './source-model';

/** Encodes a parse result; the result's types lose their back-links (the sender drops it after). */
export function encodeParse(result: ParseResult): string {
  const unlink = (t: TypeDecl) => {
    (t as Partial<TypeDecl>).file = undefined;
    (t as Partial<TypeDecl>).outer = undefined;
    t.nested.forEach(unlink);
  };
  result.file.types.forEach(unlink);
  return JSON.stringify(result);
}

/**
 * Encodes a parse without disturbing it: the links encodeParse drops are put back at once (the
 * parse is in use on this thread; a scan cache or another thread gets its text).
 */
export function encodeKeepingLinks(result: ParseResult): string {
  const text = encodeParse(result);
  const file = result.file;
  const link = (t: TypeDecl, outer: TypeDecl | undefined) => {
    t.file = file;
    if (outer) t.outer = outer;
    for (const n of t.nested) link(n, t);
  };
  for (const t of file.types) link(t, undefined);
  return text;
}

export function decodeParse(text: string): ParseResult {
  return relinkParse(JSON.parse(text) as ParseResult);
}

/**
 * Puts back the links encodeParse dropped: a result encoded on this thread is used again as it
 * was parsed (the parse worker's own, for its share of the roots: root-share.ts), not decoded.
 */
export function relinkParse(result: ParseResult): ParseResult {
  const file = result.file;
  const link = (t: TypeDecl, outer: TypeDecl | undefined) => {
    t.file = file;
    // A top-level type has no `outer` key at all, as parsed and as decoded.
    if (outer) t.outer = outer;
    else delete t.outer;
    for (const n of t.nested) link(n, t);
  };
  for (const t of file.types) link(t, undefined);
  return result;
}

// A large export's JSON, byte for byte as `JSON.stringify(document, null, 2)` writes it, made in
// pieces: each of the thousands of items of a list is stringified as soon as it is built, and
// the file is written piece by piece (write.ts). Kept whole until one stringify at the end, the
// items' objects outlived the young generation and were copied by the collector, and the text
// (16 MB for ApiPost's 2,500 endpoints) was built, joined and encoded whole, each time on fresh
// pages. JSON.stringify still does all the writing; the pieces are only put together here.

import { randomUUID } from 'node:crypto';
import type { ExportFile } from './types';

const indent = (depth: number) => '  '.repeat(depth);

/**
 * The items of one array of the document, as text. Put the list where the array goes in the
 * document; `jsonPieces` writes it there.
 */
export class JsonItems {
  private readonly texts: string[] = [];
  private readonly prefix: string;
  private readonly suffix: string;
  /** Stands for the array in the document until `jsonPieces` replaces it; unique to this list. */
  readonly mark = `apiscout-json-items:${randomUUID()}`;

  /** `depth`: the array's own depth in the document (the root is 0). */
  constructor(private readonly depth: number) {
    // An item wrapped in as many arrays as it sits deep is indented as it will be in the document.
    let prefix = '';
    let suffix = '';
    for (let i = 0; i <= depth; i++) {
      prefix += `${indent(i)}[\n`;
      suffix = `\n${indent(i)}]${suffix}`;
    }
    this.prefix = prefix;
    this.suffix = suffix;
  }

  push(item: unknown): void {
    let wrapped = item;
    for (let i = 0; i <= this.depth; i++) wrapped = [wrapped];
    const text = JSON.stringify(wrapped, null, 2);
    this.texts.push(text.slice(this.prefix.length, text.length - this.suffix.length));
  }

  get length(): number {
    return this.texts.length;
  }

  /** What JSON.stringify writes for the list: its mark, replaced by `jsonPieces`. */
  toJSON(): string {
    return this.mark;
  }

  /** The array as JSON.stringify(…, null, 2) writes it at its depth, in pieces. */
  pieces(): string[] {
    if (!this.texts.length) return ['[]'];
    const out = ['[\n'];
    this.texts.forEach((t, i) => out.push(i ? `,\n${t}` : t));
    out.push(`\n${indent(this.depth)}]`);
    return out;
  }
}

/**
 * `JSON.stringify(document, null, 2)` in pieces, with each list in `lists` (somewhere in
 * `document`, once) written where it stands.
 */
export function jsonPieces(document: unknown, lists: readonly JsonItems[]): string[] {
  const byMark = new Map(lists.map((l) => [`"${l.mark}"`, l]));
  const skeleton = JSON.stringify(document, null, 2);
  const pieces: string[] = [];
  let from = 0;
  let found = 0;
  for (const m of skeleton.matchAll(/"apiscout-json-items:[0-9a-f-]{36}"/g)) {
    const list = byMark.get(m[0]);
    // Text that only looks like a mark is content.
    if (!list) continue;
    byMark.delete(m[0]);
    found++;
    pieces.push(skeleton.slice(from, m.index), ...list.pieces());
    from = m.index + m[0].length;
  }
  if (found !== lists.length) throw new Error(`internal error: ${lists.length - found} of ${lists.length} lists are not in the document`);
  pieces.push(skeleton.slice(from));
  return pieces;
}

const piecesOfFile = new WeakMap<ExportFile, readonly string[]>();

/**
 * A file whose content is `pieces` joined: joined only when someone reads `content`. Writing it
 * (write.ts) takes the pieces one by one: a collection of tens of megabytes is never one string.
 */
export function fileOfPieces(path: string, pieces: readonly string[]): ExportFile {
  let joined: string | undefined;
  const file = { path } as ExportFile;
  Object.defineProperty(file, 'content', {
    enumerable: true,
    get: () => (joined ??= pieces.join('')),
  });
  piecesOfFile.set(file, pieces);
  return file;
}

/** The file's content in pieces: those it was made of, or its one string. */
export function contentPieces(file: ExportFile): readonly string[] {
  return piecesOfFile.get(file) ?? [file.content];
}

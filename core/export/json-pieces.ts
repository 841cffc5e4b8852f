// A large export's JSON, byte for byte as `JSON.stringify(document, null, 2)` writes it, made in
// pieces: each of the thousands of items of a list is stringified as soon as it is built, and
// the file is written piece by piece (write.ts). Kept whole until one stringify at the end, the
// items' objects outlived the young generation and were copied by the collector, and the text
// (16 MB for ApiPost's 2,500 endpoints) was built, joined and encoded whole, each time on fresh
// pages. JSON.stringify still does all the writing; the pieces are only put together here.

import { randomUUID } from 'node:crypto';
import type { ExportFile } from './types';
import { type Piece, Utf8Chunks } from './utf8-chunks';

const indent = (depth: number) => '  '.repeat(depth);

/**
 * The items of one array of the document, as text. Put the list where the array goes in the
 * document; `jsonPieces` writes it there.
 */
export class JsonItems {
  /** The items' text, `,\n` between them, as UTF-8 (utf8-chunks.ts). */
  private readonly texts = new Utf8Chunks();
  private count = 0;
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

  /** `constants`: the `JsonConstant`s the item holds (anywhere in it), spliced in as text. */
  push(item: unknown, constants?: readonly JsonConstant[]): void {
    let wrapped = item;
    for (let i = 0; i <= this.depth; i++) wrapped = [wrapped];
    let text = JSON.stringify(wrapped, null, 2);
    if (constants) for (const c of constants) text = c.spliceInto(text);
    if (this.count++) this.texts.add(',\n');
    this.texts.add(text.slice(this.prefix.length, text.length - this.suffix.length));
  }

  get length(): number {
    return this.count;
  }

  /** What JSON.stringify writes for the list: its mark, replaced by `jsonPieces`. */
  toJSON(): string {
    return this.mark;
  }

  /** The array as JSON.stringify(…, null, 2) writes it at its depth, in pieces. */
  pieces(): Piece[] {
    if (!this.count) return ['[]'];
    return ['[\n', ...this.texts.pieces(), `\n${indent(this.depth)}]`];
  }
}

/**
 * A value that is the same in thousands of items (ApiPost's empty auth block, about a hundred
 * keys in every node): stringified once per indentation instead of once per item. Put it in an
 * item where the value goes and name it to `JsonItems.push`, which writes its text there.
 */
export class JsonConstant {
  /** Stands for the value in an item's text; unique to this constant. */
  private readonly mark = `"apiscout-json-constant:${randomUUID()}"`;
  /** The value's text by the indentation of the line it starts on. */
  private readonly texts = new Map<string, string>();

  constructor(private readonly value: unknown) {}

  toJSON(): string {
    return this.mark.slice(1, -1);
  }

  /** `text` (stringified with 2-space indentation) with every mark of this constant replaced by its value's text. */
  spliceInto(text: string): string {
    let at = text.indexOf(this.mark);
    if (at < 0) return text;
    let out = '';
    let from = 0;
    for (; at >= 0; at = text.indexOf(this.mark, from)) {
      const lineStart = text.lastIndexOf('\n', at) + 1;
      let end = lineStart;
      while (text.charCodeAt(end) === 0x20) end++;
      out += text.slice(from, at) + this.textAt(text.slice(lineStart, end));
      from = at + this.mark.length;
    }
    return out + text.slice(from);
  }

  private textAt(indent: string): string {
    let t = this.texts.get(indent);
    if (t === undefined) {
      t = JSON.stringify(this.value, null, 2).replaceAll('\n', `\n${indent}`);
      this.texts.set(indent, t);
    }
    return t;
  }
}

/**
 * `JSON.stringify(document, null, 2)` in pieces, with each list in `lists` (somewhere in
 * `document`, once) written where it stands.
 */
export function jsonPieces(document: unknown, lists: readonly JsonItems[]): Piece[] {
  const byMark = new Map(lists.map((l) => [`"${l.mark}"`, l]));
  const skeleton = JSON.stringify(document, null, 2);
  const pieces: Piece[] = [];
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

const piecesOfFile = new WeakMap<ExportFile, readonly Piece[]>();

/**
 * A file whose content is `pieces` joined: joined only when someone reads `content`. Writing it
 * (write.ts) takes the pieces one by one: a collection of tens of megabytes is never one string.
 */
export function fileOfPieces(path: string, pieces: readonly Piece[]): ExportFile {
  let joined: string | undefined;
  const file = { path } as ExportFile;
  Object.defineProperty(file, 'content', {
    enumerable: true,
    // A buffer joins as its toString(): the UTF-8 decoded.
    get: () => (joined ??= pieces.join('')),
  });
  piecesOfFile.set(file, pieces);
  return file;
}

/** The file's content in pieces: those it was made of, or its one string. */
export function contentPieces(file: ExportFile): readonly Piece[] {
  return piecesOfFile.get(file) ?? [file.content];
}

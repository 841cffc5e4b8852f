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

  /**
   * `constants`: the `JsonConstant`s the item holds (anywhere in it), written where they stand as
   * their UTF-8 made once: the text around them is encoded, not spliced into one string first.
   */
  push(item: unknown, constants?: readonly JsonConstant[]): void {
    let wrapped = item;
    for (let i = 0; i <= this.depth; i++) wrapped = [wrapped];
    const text = JSON.stringify(wrapped, null, 2);
    if (this.count++) this.texts.add(',\n');
    let from = this.prefix.length;
    if (constants?.length) {
      const found: [at: number, constant: JsonConstant][] = [];
      for (const c of constants) for (let at = c.indexIn(text, from); at >= 0; at = c.indexIn(text, at + c.markLength)) found.push([at, c]);
      if (constants.length > 1) found.sort((a, b) => a[0] - b[0]);
      for (const [at, c] of found) {
        if (at > from) this.texts.add(text.slice(from, at));
        this.texts.addBytes(c.bytesAt(text, at));
        from = at + c.markLength;
      }
    }
    this.texts.add(text.slice(from, text.length - this.suffix.length));
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
  /** The value's text as UTF-8 by the indentation (in spaces) of the line it starts on. */
  private readonly bytes = new Map<number, Buffer>();

  constructor(private readonly value: unknown) {}

  toJSON(): string {
    return this.mark.slice(1, -1);
  }

  get markLength(): number {
    return this.mark.length;
  }

  /** Where this constant's mark stands in `text` from `from` on; -1 when nowhere. */
  indexIn(text: string, from: number): number {
    return text.indexOf(this.mark, from);
  }

  /** The value's text as UTF-8 for its mark at `at` in `text` (stringified with 2-space indentation): indented as the mark's line is. */
  bytesAt(text: string, at: number): Buffer {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    let end = lineStart;
    while (text.charCodeAt(end) === 0x20) end++;
    const indent = end - lineStart;
    let bytes = this.bytes.get(indent);
    if (bytes === undefined) {
      bytes = Buffer.from(JSON.stringify(this.value, null, 2).replaceAll('\n', `\n${' '.repeat(indent)}`), 'utf8');
      this.bytes.set(indent, bytes);
    }
    return bytes;
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

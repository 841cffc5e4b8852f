// Where a method's body is in the text of its file: the parser keeps declarations only, so the
// body is found again from the method's declared position, skipping strings and comments.

import { readFileSync } from 'node:fs';
import type { FileEntry, ProjectIndex } from './project-index';
import type { FieldDecl, MethodDecl, TypeDecl } from './source-model';

export interface BodyRange {
  /** After the `{` (or Kotlin's `=`) up to the closing `}` (or the end of the expression). */
  from: number;
  to: number;
  /** A Kotlin expression body (`fun routes() = router { }`). */
  expression: boolean;
}

export function bodyRange(text: string, m: MethodDecl, kotlin: boolean): BodyRange | undefined {
  let at = 0;
  for (let line = 1; line < m.line && at >= 0; line++) at = text.indexOf('\n', at) + 1;
  at += m.column - 1;
  if (!text.startsWith(m.name, at)) {
    at = text.indexOf(m.name, at);
    if (at < 0) return undefined;
  }
  const open = text.indexOf('(', at);
  if (open < 0) return undefined;
  const close = matching(text, open, '(', ')');
  if (close < 0) return undefined;
  // Java `{`; Kotlin `{` or `= expression` after an optional return type.
  for (let i = close + 1; i < text.length; i++) {
    const c = text[i]!;
    if (c === '{') {
      const end = matching(text, i, '{', '}');
      return end < 0 ? undefined : { from: i + 1, to: end, expression: false };
    }
    if (c === '=' && kotlin && text[i + 1] !== '=') return { from: i + 1, to: expressionEnd(text, i + 1), expression: true };
    if (c === ';') return undefined; // abstract or interface method
  }
  return undefined;
}

/**
 * The body of `owner`'s `method` as its file holds it now (the index keeps no text once parsed),
 * and whether it is a Kotlin expression body; undefined when the file cannot be read or the body found.
 */
export function readMethodBody(index: ProjectIndex, owner: TypeDecl, method: MethodDecl): { text: string; expression: boolean } | undefined {
  const entry = index.files.get(owner.file.path);
  if (!entry) return undefined;
  const text = index.parsedText(entry) ?? textOf(entry);
  if (text === undefined) return undefined;
  const range = bodyRange(text, method, owner.file.path.endsWith('.kt'));
  return range && { text: text.slice(range.from, range.to), expression: range.expression };
}

/**
 * The texts of the files read last, by index entry. A class's handlers are read one after another
 * (each request body's required checks, a String body parsed in code, a map's keys, an enum's
 * toString()), all in one or two files: read once, not once per handler. An entry is replaced,
 * never changed, when its file is read again, so a text kept here is the text its declarations
 * were parsed from.
 */
const recentTexts = new Map<FileEntry, string>();
const RECENT_TEXTS = 4;

function textOf(entry: FileEntry): string | undefined {
  let text = recentTexts.get(entry);
  if (text !== undefined) return text;
  try {
    text = readFileSync(entry.abs, 'utf8');
  } catch {
    return undefined;
  }
  if (recentTexts.size >= RECENT_TEXTS) recentTexts.delete(recentTexts.keys().next().value!);
  recentTexts.set(entry, text);
  return text;
}

/** The source text of a field's initializer (`ObjectReader READER = mapper.readerFor(X.class)`), up to its `;` in Java. */
export function readFieldInitializer(index: ProjectIndex, owner: TypeDecl, field: FieldDecl): string | undefined {
  const entry = index.files.get(owner.file.path);
  const text = entry && textOf(entry);
  const range = text === undefined ? undefined : propertyRange(text, field);
  if (!range) return undefined;
  const init = text!.slice(range.from, range.to);
  return owner.file.path.endsWith('.kt') ? init : init.split(';')[0];
}

/** A Kotlin property's initializer (`val beans = beans { }`, `val routes: RouterFunction<..> = router { }`). */
export function propertyRange(text: string, f: FieldDecl): BodyRange | undefined {
  let at = 0;
  for (let line = 1; line < f.line && at >= 0; line++) at = text.indexOf('\n', at) + 1;
  const name = new RegExp(`\\b${f.name.replace(/\$/g, '\\$')}\\b`, 'g');
  name.lastIndex = at;
  const found = name.exec(text);
  if (!found) return undefined;
  // The name, an optional declared type, then `=` (a getter or a delegate is not read).
  const eq = /^\s*(?::[^=\n{]*)?=(?!=)/.exec(text.slice(found.index + f.name.length, found.index + f.name.length + 300));
  if (!eq) return undefined;
  const from = found.index + f.name.length + eq[0].length;
  return { from, to: expressionEnd(text, from), expression: true };
}

/** Past a string or character literal starting at `i` (Kotlin raw strings and Java text blocks too). */
function skipString(text: string, i: number): number {
  const q = text[i]!;
  const triple = text.startsWith('"""', i);
  i += triple ? 3 : 1;
  while (i < text.length && !(triple ? text.startsWith('"""', i) : text[i] === q || text[i] === '\n')) i += text[i] === '\\' && !triple ? 2 : 1;
  return triple ? i + 2 : i;
}

/** Past a comment starting at `i`, or `i` itself when none starts there. */
function skipComment(text: string, i: number): number {
  if (text[i] !== '/') return i;
  if (text[i + 1] === '/') {
    const e = text.indexOf('\n', i);
    return e < 0 ? text.length : e - 1;
  }
  if (text[i + 1] === '*') {
    const e = text.indexOf('*/', i + 2);
    return e < 0 ? text.length : e + 1;
  }
  return i;
}

/** The offset of the bracket closing the one at `open`; -1 if none. */
function matching(text: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") i = skipString(text, i);
    else if (ch === '/') i = skipComment(text, i);
    else if (ch === o) depth++;
    else if (ch === c && --depth === 0) return i;
  }
  return -1;
}

const DECLARATION = /^\s*(?:@\w+|(?:(?:private|public|internal|protected|override|open|suspend|inline)\s+)*(?:fun|val|var|class|object|interface|init)\b)/;

/** Where a Kotlin expression body ends: the next declaration at the same depth, or the class's `}`. */
function expressionEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") i = skipString(text, i);
    else if (ch === '/') i = skipComment(text, i);
    else if (ch === '{' || ch === '(' || ch === '[') depth++;
    else if (ch === '}' || ch === ')' || ch === ']') {
      if (depth === 0) return i;
      depth--;
    } else if (ch === '\n' && depth === 0 && DECLARATION.test(text.slice(i + 1, i + 200))) return i;
  }
  return text.length;
}

// Blanks method and constructor bodies before parsing. The scanner reads declarations only, and
// bodies are most of the bytes and almost all of the syntax nodes of a typical file; replacing
// their contents with spaces (newlines kept, so every line and column stays where it was) makes
// tree-sitter's work proportional to the API surface. A small lexer keeps strings, character
// literals, text blocks and comments from confusing the brace matching.

import { blank, skipLineComment } from '../blank-text';
import { isWordChar } from './java-text';

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const SEMI = 0x3b; // ;
const RPAREN = 0x29; // )
const LPAREN = 0x28; // (
const AT = 0x40; // @
const QUOTE = 0x22; // "
const APOS = 0x27; // '
const SLASH = 0x2f; // /
const STAR = 0x2a; // *
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const CR = 0x0d;

/** A type declaration in a segment: its body must be kept. `.class` and `@interface` excluded/included as Java reads them. */
const DECLARES_TYPE = /(?<![.\w$])(?:class|interface|enum)\s+[A-Za-z_$]|(?<![.\w$])record\s+[A-Za-z_$][\w$]*\s*[(<]/;
const THROWS = /\bthrows\b/;

export interface Skeleton {
  /** The text with bodies, package and import statements blanked. */
  text: string;
  /** The `package ...;` and `import ...;` statements, as written. */
  header: string[];
  /**
   * The blanked bodies, `{` and `}` index pairs in order: the declaration parser passes over such a
   * body at once instead of looking at each of its blanks.
   */
  bodies: number[];
}

/**
 * Also lifts the package and import statements out: the front end reads them as text, and
 * in a controller they are a third of what tree-sitter would otherwise tokenize.
 */
export function skeletonOf(text: string): Skeleton {
  const header: string[] = [];
  const bodies: number[] = [];
  return { text: blankVarargsAnnotations(blankMethodBodies(text, header, bodies)), header, bodies };
}

/**
 * A type-use annotation before a variable arity's `...` (`String @Nullable ... names`, JSpecify's
 * style) is valid Java that tree-sitter-java rejects, which cost the whole file its declarations
 * (halo's Role.java). It annotates the array, never the type's name, so it is blanked here, where
 * both Java readers take their text: they still read the same declarations. Bodies are blank
 * already, so a `...` left is a parameter list's (or in a comment, where blanking changes nothing).
 */
const VARARGS_ANNOTATIONS = /(?:@[A-Za-z_$][\w$.]*\s*(?:\([^()]*\)\s*)?)+(?=\.\.\.)/g;

function blankVarargsAnnotations(skeleton: string): string {
  if (skeleton.indexOf('...') < 0) return skeleton;
  return skeleton.replace(VARARGS_ANNOTATIONS, (m) => m.replace(/[^\r\n]/g, ' '));
}

export function blankMethodBodies(text: string, header?: string[], bodies?: number[]): string {
  const n = text.length;
  const chunks: string[] = [];
  let copied = 0; // text[0, copied) is already in chunks
  let depth = 0;
  let segStart = 0; // start of the current declaration: just after the last ; { or }
  let lastSig = -1; // char code of the last significant (non-space, non-comment) char
  /** No carriage return anywhere: line breaks are found with indexOf (blankInto). */
  const lfOnly = text.indexOf('\r') < 0;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    const role = c < 128 ? ROLE[c]! : SIGNIFICANT;
    if (role !== MEANINGFUL) {
      if (role === SIGNIFICANT) lastSig = c;
      i++;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      i = skipLineComment(text, i);
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      i = skipBlockComment(text, i);
      continue;
    }
    if (c === QUOTE || c === APOS) {
      i = skipLiteral(text, i);
      lastSig = c;
      continue;
    }
    if (header && depth === 0 && (lastSig === SEMI || lastSig === -1 || lastSig === CLOSE) && isHeaderKeyword(text, i)) {
      const end = text.indexOf(';', i);
      if (end > 0) {
        header.push(text.slice(i, end + 1));
        chunks.push(text.slice(copied, i));
        blankInto(chunks, text, i, end + 1, lfOnly);
        copied = end + 1;
        i = end + 1;
        segStart = i;
        lastSig = SEMI;
        continue;
      }
    }
    if (c === OPEN) {
      if (depth >= 1 && isBodyStart(text, segStart, i, lastSig)) {
        const { close: end, swallows } = bodyEnd(text, i, ENUM_CONSTANT.test(text.slice(segStart, i)));
        if (end < 0) break; // unbalanced: leave the rest to tree-sitter's error recovery
        // A body that swallowed a member (`a() {{ … }` then `b() { … }}`) stays for tree-sitter,
        // whose error is reported as a syntax error naming the file and line, instead of blanking
        // `b` away without a word.
        if (swallows) {
          depth++;
          segStart = i + 1;
          lastSig = c;
          i++;
          continue;
        }
        chunks.push(text.slice(copied, i + 1));
        blankInto(chunks, text, i + 1, end, lfOnly);
        bodies?.push(i, end);
        copied = end;
        i = end + 1;
        segStart = i;
        lastSig = CLOSE;
        continue;
      }
      depth++;
      segStart = i + 1;
    } else if (c === CLOSE) {
      depth--;
      segStart = i + 1;
    } else if (c === SEMI) {
      segStart = i + 1;
    }
    if (c > 0x20) lastSig = c;
    i++;
  }
  if (copied === 0) return text;
  chunks.push(text.slice(copied));
  return chunks.join('');
}

/**
 * What a character can do in the loops below, so that most characters are passed over with one
 * look-up: white space nothing, a plain character only becomes the last significant one; the
 * rest go through every case. Non-ASCII characters are plain.
 */
const BLANK = 0;
const SIGNIFICANT = 1;
const MEANINGFUL = 2;
/** Meaningful only where a member can stand directly in a body (bodyEnd's look for a swallowed member). */
const MEMBER_START = 3;
const ROLE = roles('/"\'{};ip', '');
const BODY_ROLE = roles('/"\'{}', 'pv@');

function roles(meaningful: string, memberStart: string): Uint8Array {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) t[c] = c > 0x20 ? SIGNIFICANT : BLANK;
  for (const ch of meaningful) t[ch.charCodeAt(0)] = MEANINGFUL;
  for (const ch of memberStart) t[ch.charCodeAt(0)] = MEMBER_START;
  return t;
}

/** `public`, `protected` or `private` as a whole word at `i`. */
function isAccessAt(text: string, i: number): boolean {
  const word = text.startsWith('public', i) ? 6 : text.startsWith('private', i) ? 7 : text.startsWith('protected', i) ? 9 : 0;
  return word > 0 && !isWordChar(text.charCodeAt(i + word));
}

/** Blank lines by length, each ending in its `\n`, and runs of spaces: made once, shared by every body. */
const BLANK_LINES: string[] = [];
const BLANK_RUNS: string[] = [];
const SHARED_BLANKS = 256;

function blankLine(run: number): string {
  if (run >= SHARED_BLANKS) return `${' '.repeat(run)}\n`;
  return (BLANK_LINES[run] ??= flat(run, '\n'));
}

function blankRun(run: number): string {
  if (run >= SHARED_BLANKS) return ' '.repeat(run);
  return (BLANK_RUNS[run] ??= flat(run, ''));
}

/** `run` spaces and `end` as one flat string (a concatenation would keep its parts, to be walked at every join). */
function flat(run: number, end: string): string {
  const codes = new Array<number>(run).fill(0x20);
  if (end) codes.push(end.charCodeAt(0));
  return String.fromCharCode(...codes);
}

/**
 * Pushes `text[from, to)` blanked as blank() does onto `chunks`, a line at a time: in a text of
 * `\n` line breaks (`lfOnly`) they are found with indexOf, not by looking at each character, and
 * each blank line is one shared string; the pieces are joined once with the rest of the skeleton.
 */
function blankInto(chunks: string[], text: string, from: number, to: number, lfOnly: boolean): void {
  if (!lfOnly) {
    chunks.push(blank(text, from, to));
    return;
  }
  for (let k = from; k < to; ) {
    const nl = text.indexOf('\n', k);
    if (nl < 0 || nl >= to) {
      chunks.push(blankRun(to - k));
      break;
    }
    chunks.push(blankLine(nl - k));
    k = nl + 1;
  }
}

function isHeaderKeyword(text: string, i: number): boolean {
  const word = text.startsWith('import', i) ? 6 : text.startsWith('package', i) ? 7 : 0;
  if (!word) return false;
  const next = text.charCodeAt(i + word);
  return next === 0x20 || next === 0x09 || next === NEWLINE || next === CR;
}

function isBodyStart(text: string, segStart: number, open: number, lastSig: number): boolean {
  if (lastSig !== RPAREN && !(endsTypeName(lastSig) && THROWS.test(text.slice(segStart, open)))) return false;
  return !DECLARES_TYPE.test(text.slice(segStart, open));
}

/**
 * A `throws` clause ends with a type's name; an annotation's array `{` follows `=`, `(` or `,`.
 * The segment's text includes the member's Javadoc, so its `@throws` alone made genie's
 * `@GetMapping(value = { "/{id}/output", ... })` a body, blanked, and the paths were lost.
 */
function endsTypeName(lastSig: number): boolean {
  return lastSig >= 128 || isWordChar(lastSig);
}

/**
 * `X("x") {`: an enum constant's class body, whose methods stand at its top level by right (by
 * convention constants are upper case, constructors are not).
 */
const ENUM_CONSTANT = /^\s*[A-Z][A-Z0-9_$]*\s*\([^]*\)\s*$/;
/** `void name(`: no statement starts so (`void.class` does not match), only a package-private method. */
const VOID_METHOD = /^void\s+[\w$]+\s*\(/;
/** After its annotations: `[modifiers] [<T>] Type name(`, a method's header; a local variable has `=`, `;` or `,` instead. */
const MEMBER_HEADER = /^(?:(?:final|static|synchronized|abstract|default|native|strictfp)\s+)*(?:<[^;{}=]*?>\s*)?[\w$.]+(?:\s*<[^;{}=()]*>)?(?:\s*\[\s*\])*\s+[\w$]+\s*\(/;

/**
 * True when the annotations starting at `at` stand on a method header (`@GetMapping("/b") String b(`):
 * an annotated local variable or class never looks so, a swallowed handler does, with or without
 * an access modifier.
 */
function annotatesMember(text: string, at: number, limit: number): boolean {
  let i = at;
  while (i < limit && text.charCodeAt(i) === AT) {
    i++;
    while (i < limit && /[\w$.]/.test(text[i]!)) i++;
    let k = i;
    while (k < limit && /\s/.test(text[k]!)) k++;
    if (text.charCodeAt(k) === LPAREN) {
      i = k;
      let parens = 0;
      for (; i < limit; i++) {
        const c = text.charCodeAt(i);
        if (c === QUOTE || c === APOS) i = skipLiteral(text, i) - 1;
        else if (c === LPAREN) parens++;
        else if (c === RPAREN && --parens === 0) break;
      }
      i++;
    }
    while (i < limit && /\s/.test(text[i]!)) i++;
  }
  return MEMBER_HEADER.test(text.slice(i, Math.min(limit, i + 300)));
}

/**
 * The `}` matching the body `{` at `open` (-1 when there is none), and whether a member stands
 * directly in that body, not inside a nested anonymous or local class: an access modifier (no
 * Java statement has one), a package-private `void` method or an annotated method header. Then a
 * brace mistake has pulled the next member into this body. One walk finds both.
 */
function bodyEnd(text: string, open: number, enumConstant: boolean): { close: number; swallows: boolean } {
  let depth = 0;
  let swallows = false;
  /** Annotations directly in the body: whether one stands on a method header is read once the body's end is known. */
  let annotations: number[] | undefined;
  let i = open;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    const role = c < 128 ? BODY_ROLE[c]! : SIGNIFICANT;
    if (role < MEANINGFUL || (role === MEMBER_START && (depth !== 1 || swallows))) {
      i++;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) i = skipLineComment(text, i);
    else if (c === SLASH && text.charCodeAt(i + 1) === STAR) i = skipBlockComment(text, i);
    else if (c === QUOTE || c === APOS) i = skipLiteral(text, i);
    else {
      if (c === OPEN) depth++;
      else if (c === CLOSE) {
        if (--depth === 0) return { close: i, swallows: swallows || (annotations?.some((at) => annotatesMember(text, at, i)) ?? false) };
      } else if (depth === 1 && !swallows) {
        if (c === 0x70 /* p */ && !isWordChar(text.charCodeAt(i - 1)) && isAccessAt(text, i)) swallows = true;
        else if (enumConstant) {
          // its own methods are no sign of a swallowed member
        } else if (c === 0x76 /* v */ && !isWordChar(text.charCodeAt(i - 1)) && text.startsWith('void', i) && VOID_METHOD.test(text.slice(i, i + 200))) swallows = true;
        else if (c === AT) (annotations ??= []).push(i);
      }
      i++;
    }
  }
  return { close: -1, swallows };
}

function skipBlockComment(text: string, i: number): number {
  const end = text.indexOf('*/', i + 2);
  return end < 0 ? text.length : end + 2;
}

/** Past a string, text block or char literal starting at `i`. */
function skipLiteral(text: string, i: number): number {
  const q = text.charCodeAt(i);
  if (q === QUOTE && text.charCodeAt(i + 1) === QUOTE && text.charCodeAt(i + 2) === QUOTE) {
    let k = i + 3;
    for (;;) {
      const end = text.indexOf('"""', k);
      if (end < 0) return text.length;
      if (text.charCodeAt(end - 1) !== BACKSLASH) return end + 3;
      k = end + 1;
    }
  }
  let k = i + 1;
  const n = text.length;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === BACKSLASH) k += 2;
    else if (c === q) return k + 1;
    else if (c === NEWLINE) return k; // unterminated: stop at the line end like javac's lexer
    else k++;
  }
  return n;
}

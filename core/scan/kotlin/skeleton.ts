// Kotlin counterpart of java/skeleton.ts: blanks function, accessor, `init` and secondary
// constructor bodies before parsing (every line and column stays where it was), and lifts the
// `package` and `import` lines out. The lexer knows Kotlin's literals: string templates whose
// `${...}` nest braces and strings, raw strings, and nested block comments.
//
// Comments are blanked too and handed over by position: tree-sitter-kotlin 0.3.8 reads
// `@RequestMapping("/x")` on its own line as an annotated expression when a comment follows
// the class, and the doc comments are found by position anyway.
//
// It also works around gaps of tree-sitter-kotlin 0.3.8, keeping every offset: a trailing comma
// in a collection literal or type argument list is dropped; a body
// closed on the line of its last member (`companion object { const val A = "a" }`) can turn the
// rest of the file into an error, which a `;` in the blank before that `}` avoids; and
// `fun interface` is not in the grammar, so it is read as `interface`.

import { blank, skipLineComment } from '../blank-text';

const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const SEMI = 0x3b; // ;
const COMMA = 0x2c; // ,
const RBRACKET = 0x5d; // ]
const GT = 0x3e; // >
const QUOTE = 0x22; // "
const APOS = 0x27; // '
const BACKTICK = 0x60; // `
const SLASH = 0x2f; // /
const STAR = 0x2a; // *
const DOLLAR = 0x24; // $
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** A declaration whose `{` opens a body to blank. */
const HAS_BODY = /(?<![\w$.])(?:fun|init|get|set|constructor)\b/;
/** A type declaration (or object expression) in a segment: its body must be kept. */
const DECLARES_TYPE = /(?<![\w$.@:])(?:class|interface|object)\b/;
const FUN_INTERFACE = /(?<![\w$.])fun(\s+)interface\b/g;

export interface KotlinSkeleton {
  /** The text with bodies, comments, package and import lines blanked. */
  text: string;
  /** The `package ...` and `import ...` lines, as written. */
  header: string[];
  /** Comments outside bodies, in order: the front end finds docs by position. */
  comments: Comment[];
  /**
   * The declarations are wrapped in `class _{ ... }`, opened in the blank left by the package
   * or an import line, closed after the end: see WRAPPER.
   */
  wrapped: boolean;
}

/**
 * At the top level tree-sitter-kotlin 0.3.8 accepts statements (scripts), so
 * `@RequestMapping(BASE)` on its own line can be read as an annotated expression and the
 * class after it as another expression, depending on the rest of the file. A class body holds
 * no statements: the top-level declarations are parsed as members of this wrapper, written
 * into blanked header space so that no offset moves.
 */
export const WRAPPER = 'class _{';

export interface Comment {
  start: number;
  end: number;
  text: string;
}

interface Edit {
  from: number;
  to: number;
  text: string;
}

export function kotlinSkeletonOf(text: string): KotlinSkeleton {
  const header: string[] = [];
  const comments: Comment[] = [];
  const edits: Edit[] = [];
  const comment = (from: number, to: number) => {
    comments.push({ start: from, end: to, text: text.slice(from, to) });
    edits.push({ from, to, text: blank(text, from, to) });
    return to;
  };
  const n = text.length;
  let depth = 0;
  let segStart = 0; // just after the last { } or ; at the current depth
  let lastSig = -1; // the last significant char (not blank, not comment) and where it was
  let lastSigAt = -1;
  let lineStart = true; // only blanks since the last line break
  const headerEdits: Edit[] = [];
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      lineStart = true;
      i++;
      continue;
    }
    if (c === SPACE || c === TAB || c === CR) {
      i++;
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      i = comment(i, skipLineComment(text, i));
      continue;
    }
    if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      i = comment(i, skipBlockComment(text, i));
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (atLineStart && depth === 0 && isHeaderKeyword(text, i)) {
      let end = text.indexOf('\n', i);
      if (end < 0) end = n;
      const statement = text.slice(i, end).replace(/\/\/.*$|\/\*.*?\*\//g, '').trimEnd();
      header.push(statement.replace(/;$/, ''));
      const edit = { from: i, to: end, text: blank(text, i, end) };
      edits.push(edit);
      headerEdits.push(edit);
      i = end;
      segStart = i;
      continue;
    }
    if (c === QUOTE || c === APOS || c === BACKTICK) {
      i = skipLiteral(text, i);
      lastSig = c;
      lastSigAt = i - 1;
      continue;
    }
    if (c === OPEN) {
      const seg = text.slice(segStart, i);
      if (HAS_BODY.test(seg) && !DECLARES_TYPE.test(seg)) {
        const end = matchingClose(text, i);
        if (end < 0) break; // unbalanced: leave the rest to tree-sitter's error recovery
        edits.push({ from: i + 1, to: end, text: blank(text, i + 1, end) });
        i = end + 1;
        segStart = i;
        lastSig = CLOSE;
        lastSigAt = end;
        continue;
      }
      depth++;
      segStart = i + 1;
    } else if (c === CLOSE) {
      // `{ val a = 1 }`: end the last member with `;` in the blank before the brace.
      const prev = text.charCodeAt(i - 1);
      if (lastSig !== OPEN && lastSig !== SEMI && lastSigAt >= 0 && lastSigAt < i - 1 && (prev === SPACE || prev === TAB) && !hasLineBreak(text, lastSigAt, i)) {
        edits.push({ from: i - 1, to: i, text: ';' });
      }
      depth--;
      segStart = i + 1;
    } else if (c === SEMI) {
      segStart = i + 1;
    } else if ((c === RBRACKET || c === GT) && lastSig === COMMA) {
      // `[A(), B(),]`, `List<String,>`: the grammar takes no trailing comma in a collection
      // literal or a type argument or parameter list. (`, >` is no operator: `->` ends with its `-`.)
      edits.push({ from: lastSigAt, to: lastSigAt + 1, text: ' ' });
    }
    lastSig = c;
    lastSigAt = i;
    i++;
  }
  for (const m of text.matchAll(FUN_INTERFACE)) edits.push({ from: m.index, to: m.index + 3, text: '   ' });
  // Header lines come before every declaration and after any `@file:` annotation.
  const room = headerEdits.find((e) => e.text.length >= WRAPPER.length);
  if (room) room.text = WRAPPER + room.text.slice(WRAPPER.length);
  const wrapped = room !== undefined;
  const out = applyEdits(text, edits);
  return { text: wrapped ? `${out}\n}` : out, header, comments, wrapped };
}

function applyEdits(text: string, edits: Edit[]): string {
  if (edits.length === 0) return text;
  edits.sort((a, b) => a.from - b.from);
  const chunks: string[] = [];
  let copied = 0;
  for (const e of edits) {
    if (e.from < copied) continue; // inside a blanked body already
    chunks.push(text.slice(copied, e.from), e.text);
    copied = e.to;
  }
  chunks.push(text.slice(copied));
  return chunks.join('');
}

function isHeaderKeyword(text: string, i: number): boolean {
  const word = text.startsWith('import', i) ? 6 : text.startsWith('package', i) ? 7 : 0;
  if (!word) return false;
  const next = text.charCodeAt(i + word);
  return next === SPACE || next === TAB;
}

function hasLineBreak(text: string, from: number, to: number): boolean {
  const k = text.indexOf('\n', from);
  return k >= 0 && k < to;
}

/** Index of the `}` matching the `{` at `open`, or -1. */
export function matchingClose(text: string, open: number): number {
  let depth = 0;
  let i = open;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) i = skipLineComment(text, i);
    else if (c === SLASH && text.charCodeAt(i + 1) === STAR) i = skipBlockComment(text, i);
    else if (c === QUOTE || c === APOS || c === BACKTICK) i = skipLiteral(text, i);
    else {
      if (c === OPEN) depth++;
      else if (c === CLOSE && --depth === 0) return i;
      i++;
    }
  }
  return -1;
}

/** Kotlin block comments nest. */
function skipBlockComment(text: string, i: number): number {
  let depth = 0;
  const n = text.length;
  while (i < n) {
    if (text.charCodeAt(i) === SLASH && text.charCodeAt(i + 1) === STAR) {
      depth++;
      i += 2;
    } else if (text.charCodeAt(i) === STAR && text.charCodeAt(i + 1) === SLASH) {
      i += 2;
      if (--depth === 0) return i;
    } else i++;
  }
  return n;
}

/** Past a string (templates included), raw string, char literal or backquoted name starting at `i`. */
function skipLiteral(text: string, i: number): number {
  const q = text.charCodeAt(i);
  const n = text.length;
  if (q === BACKTICK) {
    for (let k = i + 1; k < n; k++) {
      const c = text.charCodeAt(k);
      if (c === BACKTICK) return k + 1;
      if (c === NEWLINE) return k;
    }
    return n;
  }
  if (q === APOS) {
    let k = i + 1;
    while (k < n) {
      const c = text.charCodeAt(k);
      if (c === BACKSLASH) k += 2;
      else if (c === APOS) return k + 1;
      else if (c === NEWLINE) return k;
      else k++;
    }
    return n;
  }
  const raw = text.charCodeAt(i + 1) === QUOTE && text.charCodeAt(i + 2) === QUOTE;
  let k = raw ? i + 3 : i + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (raw) {
      if (c === QUOTE && text.charCodeAt(k + 1) === QUOTE && text.charCodeAt(k + 2) === QUOTE) {
        // A raw string ends at the last quote of a run: `""""` closes after four.
        k += 3;
        while (text.charCodeAt(k) === QUOTE) k++;
        return k;
      }
    } else if (c === BACKSLASH) {
      k += 2;
      continue;
    } else if (c === QUOTE) return k + 1;
    else if (c === NEWLINE) return k; // unterminated: stop at the line end like the compiler's lexer
    if (c === DOLLAR && text.charCodeAt(k + 1) === OPEN) {
      const end = matchingClose(text, k + 1);
      if (end < 0) return n;
      k = end + 1;
      continue;
    }
    k++;
  }
  return n;
}

// Text helpers shared by the query compiler and the index. Everything the matcher compares is
// "folded" by the same function on both sides, so case-insensitivity has one definition.

/**
 * Lower-cases without changing the length, so an offset found in folded text is the same offset
 * in the original string (highlight ranges depend on this). Where `toLowerCase` would grow a
 * character (`İ` becomes `i` + combining dot) only its first code unit is kept.
 */
export function fold(s: string): string {
  const lower = s.toLowerCase();
  if (lower.length === s.length) return lower;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const l = c.toLowerCase();
    out += l[0]!;
  }
  return out;
}

/** Length in code points: the short-token limit counts characters a user typed, not UTF-16 units. */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // a low surrogate completes a pair already counted
  }
  return n;
}

// Scripts written without spaces between words: a subsequence of ideographs is noise, not a match.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

export function hasCjk(s: string): boolean {
  return CJK.test(s);
}

/**
 * A 32-bit summary of which characters occur: a cheap necessary condition for a subsequence
 * match, checked before any character-by-character work.
 */
export function charMask(folded: string): number {
  let mask = 0;
  for (let i = 0; i < folded.length; i++) mask |= charBit(folded.charCodeAt(i));
  return mask;
}

function charBit(c: number): number {
  if (c >= 97 && c <= 122) return 1 << (c - 97); // a-z
  if (c >= 48 && c <= 57) return 1 << 26; // digits
  if (c === 123 || c === 125) return 1 << 27; // { }
  if (c === 45 || c === 95) return 1 << 28; // - _
  if (c === 46) return 1 << 29; // .
  if (c === 47) return 1 << 30; // /
  if (c === 32) return 0; // the space between method and path is never part of a token
  return 1 << 31;
}

export interface Word {
  text: string;
  start: number;
}

/** JavaScript's `\s`: the separators `splitWords` and query tokenising agree on. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Whitespace-separated words with their offsets; a query token (no spaces) always lies in one. */
export function splitWords(s: string): Word[] {
  const words: Word[] = [];
  let start = -1;
  for (let i = 0; i <= s.length; i++) {
    const space = i === s.length || isSpace(s.charCodeAt(i));
    if (space && start >= 0) {
      words.push({ text: s.slice(start, i), start });
      start = -1;
    } else if (!space && start < 0) start = i;
  }
  return words;
}

/** Offset of the k-th word of `s` (as `splitWords` counts), or -1. */
export function wordStart(s: string, k: number): number {
  let inWord = false;
  for (let i = 0; i < s.length; i++) {
    const space = isSpace(s.charCodeAt(i));
    if (!space && !inWord && k-- === 0) return i;
    inWord = !space;
  }
  return -1;
}

// A cheap linear look at how deeply a source file nests, before any parser sees it. tree-sitter
// (and the recursive walks over its trees) can abort the whole process or overflow the stack on
// absurd nesting: tree-sitter-kotlin aborts on string templates nested ~1,000 deep, and brackets
// nested a few thousand deep overflow the skeleton and tree walks. Real code nests a few dozen
// levels; a file past the limit is refused with an error naming the line, which the callers turn
// into a diagnostic for that file, so one hostile file never takes a scan down.

/** Brackets, blocks and string templates open at once; far above any hand-written code. */
export const MAX_NESTING = 256;

/** Thrown for a file nested past MAX_NESTING; its message is the diagnostic's text. */
export class NestingError extends Error {
  override readonly name = 'NestingError';
  constructor(
    readonly line: number,
    readonly depth: number,
  ) {
    super(`nesting over ${MAX_NESTING} levels deep at line ${line} (brackets, blocks or string templates): the file is not parsed`);
  }
}

const enum Mode {
  Code,
  /** "…" (Kotlin: with ${…} templates). */
  Str,
  /** """…""" (a Kotlin raw string with templates, a Java text block). */
  Raw,
  /** The code inside a Kotlin ${…} template. */
  Template,
}

const QUOTE = 34; // "
const APOS = 39; // '
const SLASH = 47;
const STAR = 42;
const BACKSLASH = 92;
const DOLLAR = 36;
const NL = 10;

/**
 * Per mode, the ASCII characters that can change anything in it (a 1); every other character,
 * non-ASCII ones included, is passed over at once. This pass runs over every parsed file: a
 * dispatch through all the cases below for each ordinary character cost several times the rest.
 */
const MEANINGFUL: Record<Mode, Uint8Array> = {
  [Mode.Code]: table([NL, SLASH, QUOTE, APOS, 40, 41, 91, 93, 123, 125]),
  [Mode.Template]: table([NL, SLASH, QUOTE, APOS, 40, 41, 91, 93, 123, 125]),
  [Mode.Str]: table([NL, BACKSLASH, QUOTE, DOLLAR]),
  [Mode.Raw]: table([NL, BACKSLASH, QUOTE, DOLLAR]),
};

function table(codes: number[]): Uint8Array {
  const t = new Uint8Array(128);
  for (const c of codes) t[c] = 1;
  return t;
}

/** Throws NestingError when `text` nests deeper than `limit`; returns the deepest nesting seen otherwise. */
export function checkNesting(text: string, lang: 'java' | 'kotlin', limit = MAX_NESTING): number {
  const kotlin = lang === 'kotlin';
  const stack: Mode[] = [];
  /** The innermost mode: the stack's top, Code when it is empty. */
  let mode = Mode.Code as Mode;
  let meaningful = MEANINGFUL[mode];
  let max = 0;
  let line = 1;
  const n = text.length;
  const push = (next: Mode): void => {
    stack.push(next);
    mode = next;
    meaningful = MEANINGFUL[next];
    if (stack.length > max) {
      max = stack.length;
      if (max > limit) throw new NestingError(line, max);
    }
  };
  const pop = (): void => {
    stack.pop();
    mode = stack.length ? stack[stack.length - 1]! : Mode.Code;
    meaningful = MEANINGFUL[mode];
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || meaningful[c] === 0) continue;
    if (c === NL) line++;
    if (mode === Mode.Str) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE || c === NL) pop(); // a line break ends an unterminated string: resynchronise
      else if (kotlin && c === DOLLAR && text.charCodeAt(i + 1) === 123) {
        push(Mode.Template);
        i++;
      }
      continue;
    }
    if (mode === Mode.Raw) {
      if (c === QUOTE && text.startsWith('"""', i)) {
        pop();
        i += 2;
      } else if (kotlin && c === DOLLAR && text.charCodeAt(i + 1) === 123) {
        push(Mode.Template);
        i++;
      } else if (!kotlin && c === BACKSLASH) i++;
      continue;
    }
    // Code, a template's code, or inside brackets (which are Code entries too).
    if (c === SLASH && text.charCodeAt(i + 1) === SLASH) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end - 1;
    } else if (c === SLASH && text.charCodeAt(i + 1) === STAR) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 1;
      for (let j = text.indexOf('\n', i); j >= 0 && j < stop; j = text.indexOf('\n', j + 1)) line++;
      i = stop;
    } else if (c === QUOTE) {
      if (text.startsWith('"""', i)) {
        push(Mode.Raw);
        i += 2;
      } else push(Mode.Str);
    } else if (c === APOS) {
      // A char literal: skip it (at most an escape and a few characters), never past the line.
      for (let j = i + 1; j < Math.min(n, i + 12); j++) {
        const d = text.charCodeAt(j);
        if (d === BACKSLASH) j++;
        else if (d === APOS) {
          i = j;
          break;
        } else if (d === NL) break;
      }
    } else if (c === 40 || c === 91 || c === 123) {
      push(Mode.Code);
    } else if (c === 41 || c === 93 || c === 125) {
      // A closing bracket ends the innermost bracket, or the template it closes (back into its string).
      if (stack.length) pop();
    }
  }
  return max;
}

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

/** Throws NestingError when `text` nests deeper than `limit`; returns the deepest nesting seen otherwise. */
export function checkNesting(text: string, lang: 'java' | 'kotlin', limit = MAX_NESTING): number {
  const kotlin = lang === 'kotlin';
  const stack: Mode[] = [];
  let max = 0;
  let line = 1;
  const n = text.length;
  const push = (mode: Mode): void => {
    stack.push(mode);
    if (stack.length > max) {
      max = stack.length;
      if (max > limit) throw new NestingError(line, max);
    }
  };
  const top = (): Mode => (stack.length ? stack[stack.length - 1]! : Mode.Code);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NL) line++;
    const mode = top();
    if (mode === Mode.Str) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE || c === NL) stack.pop(); // a line break ends an unterminated string: resynchronise
      else if (kotlin && c === DOLLAR && text.charCodeAt(i + 1) === 123) {
        push(Mode.Template);
        i++;
      }
      continue;
    }
    if (mode === Mode.Raw) {
      if (c === QUOTE && text.startsWith('"""', i)) {
        stack.pop();
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
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === NL) line++;
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
      if (stack.length && (mode === Mode.Code || mode === Mode.Template)) stack.pop();
    }
  }
  return max;
}

// What one file may contribute to a scan. A valid file of 120,000 declarations took a scan to
// ~700 MB: the syntax tree and the model grow with every member, whatever the file's size limit
// lets through. Before parsing, the text is cut after the declaration that reaches the budget
// (the rest blanked, lines and columns kept, its open braces closed at the end of the file), so
// what the file declares before the cut is still read and the file gets a diagnostic naming
// the line. Real files stay far below: generated protobuf classes hold a few thousand members.

/** Declarations (Java: `;`, `}` and `,` between brackets; Kotlin: lines of code) one file may hold. */
export const MAX_DECLARATIONS_PER_FILE = 10_000;

export interface DeclarationCut {
  text: string;
  /** The line the cut falls after. */
  line: number;
}

/** The diagnostic for a file cut at `line`. */
export function declarationCutMessage(line: number): string {
  return `more than ${MAX_DECLARATIONS_PER_FILE} declarations in one file: only those up to line ${line} are read`;
}

/**
 * Cuts `text` (a Java skeleton, method bodies blanked, or Kotlin source) after its
 * `limit`-th declaration; undefined when it holds fewer. Strings and comments are skipped;
 * the count is an approximation that real code never gets near.
 */
export function cutDeclarations(text: string, lang: 'java' | 'kotlin', limit = MAX_DECLARATIONS_PER_FILE): DeclarationCut | undefined {
  const n = text.length;
  // Quick bounds: every declaration ends with one of these characters, so a text shorter than
  // the limit (nearly every file) holds fewer, and a longer one is counted before it is walked.
  if (n < limit) return undefined;
  if (countUpTo(text, lang === 'java' ? /[;},]/g : /\n/g, limit) < limit) return undefined;
  let count = 0;
  let braces = 0;
  let parens = 0;
  let line = 1;
  let code = false; // Kotlin: the current line holds code
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    let ends = false;
    if (c === 10) {
      line++;
      ends = lang === 'kotlin' && code && braces > 0 && parens === 0;
      code = false;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = (end < 0 ? n : end) - 1;
      continue;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      for (let j = i; j < stop; j++) if (text.charCodeAt(j) === 10) line++;
      i = stop - 1;
      continue;
    } else if (c === 34 || c === 39) {
      i = skipQuoted(text, i);
      code = true;
      continue;
    } else if (c === 123) braces++;
    else if (c === 125) {
      braces--;
      ends = lang === 'java' && parens === 0;
    } else if (c === 40 || c === 91) parens++;
    else if (c === 41 || c === 93) parens = Math.max(0, parens - 1);
    else if ((c === 59 || c === 44) && lang === 'java') ends = parens === 0 && braces > 0;
    if (c > 32) code = true;
    if (ends && ++count >= limit) return /\S/.test(text.slice(i + 1)) ? { text: closeAfter(text, i + 1, braces), line } : undefined;
  }
  return undefined;
}

/** How many matches of `re` (global) `text` holds, counting no further than `limit`. */
function countUpTo(text: string, re: RegExp, limit: number): number {
  let count = 0;
  re.lastIndex = 0;
  while (count < limit && re.exec(text)) count++;
  return count;
}

/** Past a string or char literal (a Java text block or Kotlin raw string too), never past the line for a plain one. */
function skipQuoted(text: string, i: number): number {
  const q = text.charCodeAt(i);
  if (q === 34 && text.startsWith('"""', i)) {
    const end = text.indexOf('"""', i + 3);
    return end < 0 ? text.length : end + 2;
  }
  for (let j = i + 1; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 92) j++;
    else if (d === q) return j;
    else if (d === 10) return j - 1;
  }
  return text.length;
}

/**
 * `text` up to `at`, then blanks keeping the line breaks, with `open` closing braces in the last
 * blanks. The tail is all ASCII, so it is built in one byte buffer: a character array of a
 * megabyte-long tail cost seconds of garbage collection and tens of megabytes.
 */
function closeAfter(text: string, at: number, open: number): string {
  const tail = Buffer.alloc(text.length - at, 0x20);
  for (let i = text.indexOf('\n', at); i >= 0; i = text.indexOf('\n', i + 1)) tail[i - at] = 0x0a;
  let left = open;
  for (let k = tail.length - 1; k >= 0 && left > 0; k--) {
    if (tail[k] === 0x20) {
      tail[k] = 0x7d;
      left--;
    }
  }
  return text.slice(0, at) + tail.toString('latin1') + '}'.repeat(left);
}

// Text helpers both skeleton passes (Java, Kotlin) share: blanking keeps every line and column
// where it was, so positions in the parsed skeleton are positions in the source.

const NEWLINE = 0x0a;
const CR = 0x0d;

/** `text[from, to)` with everything but line breaks replaced by spaces. */
export function blank(text: string, from: number, to: number): string {
  let out = '';
  let run = 0;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === NEWLINE || c === CR) {
      if (run) out += ' '.repeat(run);
      run = 0;
      out += text[k];
    } else run++;
  }
  if (run) out += ' '.repeat(run);
  return out;
}

/** Index of the line break ending the `//` comment at `i` (or the text's end). */
export function skipLineComment(text: string, i: number): number {
  const end = text.indexOf('\n', i);
  return end < 0 ? text.length : end;
}

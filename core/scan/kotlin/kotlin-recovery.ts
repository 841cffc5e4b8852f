// Keeping the members of a Kotlin class around a syntax error. tree-sitter recovers from an
// error by wrapping text in an ERROR node, or by letting a broken member swallow the lines after
// it, so one bad line can hide every property that follows (a DTO loses its fields). The lines
// such a node covers are cut into declarations by where each one starts, and each piece is
// parsed on its own: the pieces that parse are kept, the broken one is skipped and named.

/** A line that starts a member: modifiers and one-line annotations, then the keyword. */
const DECLARATION_START =
  /^\s*(?:@[\w.:]+(?:\([^)]*\))?\s+)*(?:(?:private|public|protected|internal|override|open|final|abstract|lateinit|const|inline|suspend|operator|infix|tailrec|external|data|enum|sealed|inner|value|annotation|companion|expect|actual)\s+)*(?:val|var|fun|class|object|interface|constructor)\b/;
/** An annotation on a line of its own belongs to the declaration below it. */
const ANNOTATION_LINE = /^\s*@[\w.:]+(?:\(.*\))?\s*$/;
/** A piece longer than this is not shortened line by line (bounds the work on a huge error). */
const MAX_PIECE_LINES = 40;

/**
 * The pieces to parse on their own within lines `from..to` (1-based, inclusive): each starts
 * at a declaration (with the annotation lines above it) and runs to the next one.
 */
export function declarationPieces(lines: readonly string[], from: number, to: number): Array<{ from: number; to: number }> {
  const starts: number[] = [];
  for (let l = from; l <= to; l++) {
    if (!DECLARATION_START.test(lines[l - 1] ?? '')) continue;
    let s = l;
    while (s - 1 >= from && ANNOTATION_LINE.test(lines[s - 2] ?? '') && !starts.includes(s - 1)) s--;
    starts.push(s);
  }
  return starts.map((s, i) => ({ from: s, to: i + 1 < starts.length ? starts[i + 1]! - 1 : to }));
}

/**
 * Tries a piece whole, then ever shorter from its start (a piece may run into a stray `}` or
 * the next broken line): the first one `parses` accepts wins; undefined when none does.
 */
export function firstParsing<T>(piece: { from: number; to: number }, parses: (from: number, to: number) => T | undefined): T | undefined {
  const whole = parses(piece.from, piece.to);
  if (whole !== undefined) return whole;
  for (let end = piece.from; end < piece.to && end - piece.from < MAX_PIECE_LINES; end++) {
    const got = parses(piece.from, end);
    if (got !== undefined) return got;
  }
  return undefined;
}

/** Adds `delta` to every `line` in a parsed declaration (its file link excepted). */
export function shiftLines(value: unknown, delta: number, seen = new Set<object>()): void {
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    for (const v of value) shiftLines(v, delta, seen);
    return;
  }
  const obj = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'file' || k === 'outer') continue;
    if (k === 'line' && typeof v === 'number') obj[k] = v + delta;
    else shiftLines(v, delta, seen);
  }
}

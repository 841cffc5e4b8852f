// Javadoc and KDoc: comment syntax stripped, then split into summary, body and block tags.

/**
 * `/** ... *\/` -> the comment's text with leading `*` gutters removed; undefined when empty.
 * One walk over the lines with index arithmetic: every Javadoc of every parsed file comes through
 * here (a getter's as much as a handler's), and the split, map and regular expressions per line
 * it replaced were the declaration parser's largest helper. It gives exactly what they gave:
 * `raw` less `^\/\*\*+` then `\*+\/$`, split at `\r?\n`, each line less `^\s*\*(?!\/)\s?` and
 * trimmed at its end, blank lines dropped at both ends, the rest joined with `\n` and trimmed.
 */
export function cleanDocComment(raw: string): string | undefined {
  let from = 0;
  if (raw.startsWith('/**')) for (from = 3; raw.charCodeAt(from) === STAR; ) from++;
  let to = raw.length;
  if (to - from >= 2 && raw.charCodeAt(to - 1) === SLASH && raw.charCodeAt(to - 2) === STAR) {
    to -= 2;
    while (to > from && raw.charCodeAt(to - 1) === STAR) to--;
  }
  let text = '';
  /** Blank lines met since the last line with text: kept only when another such line follows. */
  let blanks = 0;
  for (let start = from; start <= to; ) {
    let nl = raw.indexOf('\n', start);
    if (nl < 0 || nl > to) nl = to;
    const lineEnd = nl < to && nl > start && raw.charCodeAt(nl - 1) === CR ? nl - 1 : nl;
    const line = lineText(raw, start, lineEnd);
    if (line === '') {
      if (text !== '') blanks++;
    } else {
      if (text === '') text = line.trimStart();
      else text += '\n'.repeat(blanks + 1) + line;
      blanks = 0;
    }
    start = nl + 1;
  }
  return text === '' ? undefined : text;
}

const STAR = 0x2a;
const SLASH = 0x2f;
const CR = 0x0d;

/** One line of a doc comment, `raw[start, end)`, less its `*` gutter (and one space after it), trimmed at its end. */
function lineText(raw: string, start: number, end: number): string {
  let i = start;
  while (i < end && isSpace(raw.charCodeAt(i))) i++;
  if (i < end && raw.charCodeAt(i) === STAR && raw.charCodeAt(i + 1) !== SLASH) {
    start = i + 1;
    if (start < end && isSpace(raw.charCodeAt(start))) start++;
  }
  return start === end ? '' : raw.slice(start, end).trimEnd();
}

/** `\s` of a regular expression (white space and line terminators, as trim() sees them). */
function isSpace(c: number): boolean {
  if (c < 128) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * A KDoc comment as cleanDocComment gives it, with its links read as Dokka shows them:
 * `[RestController]` as the name, `[the owner][Owner]` and `[text](url)` as their label (an index
 * such as `map[key]` stays).
 */
export function cleanKDocComment(raw: string): string | undefined {
  const text = cleanDocComment(raw);
  if (!text?.includes('[')) return text;
  return text
    .replace(/(^|[^\w\]])\[([^\][\n]+)\](?:\[[\w.#`]+\]|\([^()\s]+\))/g, '$1$2')
    .replace(/(^|[^\w\]])\[(`?)([A-Za-z_][\w.]*(?:#\w+)?)\2\](?![[(])/g, '$1$2$3$2');
}

export interface ParsedDoc {
  /** First sentence (or first line) of the main text. */
  summary: string;
  /** The rest of the main text. */
  details: string;
  params: Record<string, string>;
  returns?: string;
  deprecated?: string;
}

/** Renders inline tags the way Javadoc shows them and drops HTML markup. */
export function plainText(s: string): string {
  // Most comments are plain sentences: none of the rewrites below can change them.
  if (!PLAIN_REWRITES.test(s)) return s.trim();
  return s
    .replace(/\{@(?:code|literal)\s+([^}]*)\}/g, '$1')
    // A method reference's parameter list may hold spaces (`#find(String, int)`): it is part of the reference, not the label.
    .replace(/\{@(?:link|linkplain)\s+([^}\s(]+(?:\([^)}]*\))?)(?:\s+([^}]*))?\}/g, (_, ref: string, label?: string) =>
      (label ?? ref.replace(/^#/, '')).trim(),
    )
    .replace(/\{@\w+\s*([^}]*)\}/g, '$1')
    .replace(/<\/?(p|br|ul|ol|li|b|i|em|strong|code|pre|tt|div|span|h\d)\b[^>]*>/gi, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

/** What any rewrite of plainText needs: a tag or markup character, a tab, or spaces to collapse. */
const PLAIN_REWRITES = /[{<&\t]| {2}| \n|\n /;

/**
 * Parses of recent comments: one handler's Javadoc is read for its name, its response and its
 * parameters, and a DTO's by every endpoint that uses it. Frozen, as they are shared; bounded,
 * as a sidecar reads many projects.
 */
const PARSED = new Map<string, Readonly<ParsedDoc>>();
const PARSED_MAX = 4096;
const NO_DOC: Readonly<ParsedDoc> = Object.freeze({ summary: '', details: '', params: Object.freeze({}) });

/** The parts of a comment; the result is shared and frozen. */
export function parseDoc(doc: string | undefined): Readonly<ParsedDoc> {
  if (!doc) return NO_DOC;
  let parsed = PARSED.get(doc);
  if (parsed === undefined) {
    if (PARSED.size >= PARSED_MAX) PARSED.clear();
    parsed = readDoc(doc);
    Object.freeze(parsed.params);
    PARSED.set(doc, Object.freeze(parsed));
  }
  return parsed;
}

function readDoc(doc: string): ParsedDoc {
  const out: ParsedDoc = { summary: '', details: '', params: {} };
  const tagAt = doc.search(/^\s*@\w+/m);
  const main = plainText(tagAt < 0 ? doc : doc.slice(0, tagAt));
  const tags = tagAt < 0 ? '' : doc.slice(tagAt);
  const [summary, details] = splitSummary(main);
  out.summary = summary;
  out.details = details;
  for (const m of tags.matchAll(/^\s*@(\w+)[ \t]*([\s\S]*?)(?=^\s*@\w+|(?![\s\S]))/gm)) {
    const tag = m[1]!;
    const body = plainText(m[2] ?? '');
    // KDoc documents constructor properties with `@property` as well as `@param`.
    if (tag === 'param' || tag === 'property') {
      const pm = /^(<?\w+>?)\s*([\s\S]*)$/.exec(body);
      if (pm) out.params[pm[1]!] = pm[2]!.replace(/\s+/g, ' ').trim();
    } else if (tag === 'return') out.returns = body.replace(/\s+/g, ' ');
    else if (tag === 'deprecated') out.deprecated = body.replace(/\s+/g, ' ');
  }
  return out;
}

/**
 * Javadoc's first sentence ends at the first period followed by white space (or an ideographic
 * full stop), even across lines, or at the end of its paragraph (a blank line or `<p>`): a
 * period-less title line above a `<p>` paragraph is the summary alone. Comments with no sentence
 * end at all (common in CJK code bases) use their first line as the summary.
 */
function splitSummary(text: string): [string, string] {
  if (!text) return ['', ''];
  const m = /\.(?=\s|$)|。|\n[ \t]*\n/.exec(text) ?? /\n/.exec(text);
  if (!m) return [text.trim(), ''];
  const summary = text.slice(0, m.index).replace(/\s+/g, ' ').trim();
  const rest = text.slice(m.index + m[0].length).replace(/\s+/g, ' ').trim();
  return [summary, rest];
}

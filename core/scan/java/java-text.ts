// Text helpers both Java front ends share (the tree-sitter reader in java-source.ts and the
// hand-written declaration parser): literal values, import statements and the `//` comment rules
// for member docs. One copy, so the two paths cannot drift apart.

import type { Expr, Import } from '../source-model';

export function readImport(statement: string): Import {
  const plain = plainImport(statement);
  if (plain) return plain;
  const text = statement.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  const m = /^import\s+(static\s+)?([\w$.\s]+?)(\.\s*\*)?\s*;?\s*$/.exec(text);
  return { name: m?.[2]?.replace(/\s+/g, '') ?? '', isStatic: m?.[1] !== undefined, wildcard: m?.[3] !== undefined };
}

/**
 * `import a.b.C;`, `import static a.b.C.x;` or `import a.b.*;` written plainly (one space, no
 * comment, ASCII names), as most are: read by index, as the expressions below would read it.
 * Undefined for anything else.
 */
function plainImport(statement: string): Import | undefined {
  if (!statement.startsWith('import ') || statement.charCodeAt(statement.length - 1) !== 0x3b) return undefined;
  const isStatic = statement.startsWith('static ', 7);
  const from = isStatic ? 14 : 7;
  let to = statement.length - 1;
  const wildcard = statement.charCodeAt(to - 1) === 0x2a && statement.charCodeAt(to - 2) === 0x2e;
  if (wildcard) to -= 2;
  if (to <= from) return undefined;
  for (let i = from; i < to; i++) {
    const c = statement.charCodeAt(i);
    if (c !== 0x2e && !isWordChar(c)) return undefined;
  }
  return { name: statement.slice(from, to), isStatic, wildcard };
}

/**
 * Whether the `package` statement of the real text stands between a doc comment ending at `from`
 * and the type declaration starting at `to`. The skeleton blanks the header statements, so a
 * license header written as `/** ... *\/` above the package looked like the class's Javadoc
 * (Apache Atlas' and ThingsBoard's classes were foldered and described as "Licensed to the
 * Apache Software Foundation ..." / "Copyright © ..."). A doc comment between the package and
 * the imports stays the class's: generated classes put it there (Ranger's `/** Asset *\/`).
 */
export function packageBetween(text: string, from: number, to: number): boolean {
  const between = text.slice(from, to);
  if (!between.includes('package')) return false;
  return /(?:^|[;\s])package\s+[\w$.\s]+;/.test(between.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ' '));
}

/** The package named by an annotated `package` declaration (package-info.java), as written with its annotations. */
export function annotatedPackageName(text: string): string | undefined {
  return /^package\s+([\w$.\s]+?)\s*;?$/.exec(text.replace(/^[\s\S]*?\bpackage\b/, 'package'))?.[1]?.replace(/\s+/g, '');
}

/**
 * A qualified type's erased name from its source text: `java.util.@Nullable Map<K, V>.Entry` ->
 * `java.util.Map.Entry`. Type-use annotations and outer type arguments are not part of the name.
 */
export function qualifiedTypeName(text: string): string {
  return withoutAnnotations(text).replace(/<[^>]*>/g, '').replace(/\s+/g, '');
}

/** `\w` and `$` as a character code: an ASCII identifier character (NaN, off the text's ends, is none). */
export function isWordChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24;
}

function isNameChar(c: string): boolean {
  return /[\p{L}\p{N}_$]/u.test(c);
}

/** `text` less each `@Name` or `@a.b.Name(...)` in it (strings inside the arguments skipped whole). */
function withoutAnnotations(text: string): string {
  if (!text.includes('@')) return text;
  let out = '';
  let i = 0;
  const n = text.length;
  const spaces = (k: number): number => {
    while (k < n && /\s/.test(text[k]!)) k++;
    return k;
  };
  while (i < n) {
    if (text[i] !== '@') {
      out += text[i++];
      continue;
    }
    // the name, dotted parts allowed
    i = spaces(i + 1);
    for (;;) {
      while (i < n && isNameChar(text[i]!)) i++;
      const k = spaces(i);
      if (text[k] !== '.') break;
      const after = spaces(k + 1);
      if (!isNameChar(text[after] ?? '')) break;
      i = after;
    }
    const k = spaces(i);
    if (text[k] !== '(') continue;
    // balanced arguments; string and char literals may hold parentheses
    let depth = 0;
    i = k;
    while (i < n) {
      const c = text[i]!;
      if (c === '"' || c === "'") {
        i++;
        while (i < n && text[i] !== c) i += text[i] === '\\' ? 2 : 1;
      } else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        i++;
        break;
      }
      i++;
    }
  }
  return out;
}

/** A string literal's value (plain or text block), from its source text with the quotes. */
export function stringValue(text: string): string {
  if (text.startsWith('"""')) return textBlockValue(text.slice(3, -3));
  return unescapeJava(text.slice(1, -1));
}

/** A number literal's value: underscores and (except in hex) the type suffix dropped. */
export function numberValue(text: string, hex: boolean): string {
  return text.replace(/_/g, '').replace(/[lLfFdD]$/, (m) => (hex ? m : ''));
}

/** Java text blocks: drop the opening line break, strip common indentation (JLS 3.10.6, simplified). */
export function textBlockValue(body: string): string {
  const lines = body.replace(/^[ \t]*\r?\n/, '').split(/\r?\n/);
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
  const last = lines[lines.length - 1] ?? '';
  if (last.trim() === '') indents.push(last.length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return unescapeJava(lines.map((l) => l.slice(cut).replace(/[ \t]+$/, '')).join('\n'));
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '"': '"', "'": "'", '\\': '\\' };

export function unescapeJava(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(u+[0-9a-fA-F]{4}|[0-7]{1,3}|\r?\n|.)/g, (_, e: string) => {
    if (e[0] === 'u') return String.fromCharCode(parseInt(e.replace(/^u+/, ''), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (e === '\n' || e === '\r\n') return '';
    return ESCAPES[e] ?? e;
  });
}

/** Line breaks in text[from, to), counted up to 2: 0 is the same line, 1 the next. */
export function lineBreaks(text: string, from: number, to: number): number {
  const first = text.indexOf('\n', from);
  if (first < 0 || first >= to) return 0;
  const second = text.indexOf('\n', first + 1);
  return second < 0 || second >= to ? 1 : 2;
}

export function startsLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** The text of a `//` comment; '' for commented-out code and tool markers, which describe nothing. */
export function commentText(raw: string): string {
  const line = raw.replace(/^\/\/+/, '').trim();
  if (/[;{}]$/.test(line) || /^(?:TODO|FIXME|XXX|NOSONAR|noinspection|CHECKSTYLE|@formatter|(?:end)?region\b)/i.test(line)) return '';
  return line;
}

/**
 * Whether an instance field's initializer is a value the scanner can fold (a literal, a constant's
 * name, a concatenation of those): kept as the field's default, as Kotlin's property initializers
 * are. Calls, `new`, lambdas and `null` are dropped, so the model carries no text nobody reads.
 */
export function constantShaped(e: Expr): boolean {
  switch (e.kind) {
    case 'string':
    case 'name':
      return true;
    case 'literal':
      return e.value !== 'null';
    case 'concat':
      return e.parts.every(constantShaped);
    default:
      return false;
  }
}

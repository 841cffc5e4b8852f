// A YAML 1.2 emitter for JSON data, in block style: the OpenAPI export's output. The `yaml`
// package spends ~10x longer building and formatting its node tree for a 10,000-endpoint
// document; JSON data needs none of that. Strings that could read as anything else are written
// as JSON strings, which are valid YAML double-quoted scalars (line and paragraph separators
// and DEL and C1 controls escaped: YAML readers could treat them as line breaks, and
// SnakeYAML, openapi-generator's reader, refuses a raw DEL).

import { type Piece, Utf8Chunks, flat } from './utf8-chunks';

const PLAIN = /^[A-Za-z_/$][\w .,/$@()+{}-]*$/;
const RESERVED = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;
const UNSAFE = /[\u007f-\u009f\u2028\u2029\ufeff]/g;

export function toYaml(value: unknown): string {
  return yamlPieces(value).join('');
}

/** `toYaml` in pieces of about 64 KB, for a writer that takes them one by one (json-pieces.ts). */
export function yamlPieces(value: unknown): Piece[] {
  if (!isCollection(value)) return [`${empty(value)}\n`];
  const doc = new YamlDocument();
  doc.lines(value, 0);
  return doc.end().pieces;
}

/**
 * A document written part by part, for one whose parts need not all be kept until it is
 * written (the OpenAPI export writes each operation as it is made): the same text `toYaml`
 * writes for the whole.
 */
export class YamlDocument {
  private readonly sink = new Sink();

  /** `key: value` at `depth`, or `key:` and the value's lines below it. */
  entry(key: string, value: unknown, depth: number): void {
    this.write(() => entry(key, value, indentOf(depth), depth));
  }

  /** The lines of a non-empty collection at `depth` (what `entry` writes below its key). */
  lines(value: object, depth: number): void {
    this.write(() => block(value, depth, ''));
  }

  /** `key:` alone, a non-empty collection's lines to follow (`text` or `lines` at depth + 1). */
  key(key: string, depth: number): void {
    this.sink.write(`${indentOf(depth)}${text(key)}:\n`);
  }

  /** Lines made by `yamlLines`. */
  text(lines: string): void {
    this.sink.write(lines);
  }

  /** The text in pieces, and its length in UTF-16 units. */
  end(): { pieces: Piece[]; length: number } {
    return this.sink.end();
  }

  private write(emit: () => void): void {
    const saved = out;
    out = this.sink;
    try {
      emit();
    } finally {
      out = saved;
    }
  }
}

/** The lines of a non-empty collection at `depth`, as one string: a part of a `YamlDocument` made ahead of its place. */
export function yamlLines(value: object, depth: number): string {
  const saved = out;
  const lines = new Lines();
  out = lines;
  try {
    block(value, depth, '');
  } finally {
    out = saved;
  }
  return flat(lines.text);
}

interface Out {
  write(s: string): void;
}

class Lines implements Out {
  text = '';
  write(s: string): void {
    this.text += s;
  }
}

/**
 * Where the document is written: lines gathered into pieces of about 64 KB, kept as UTF-8
 * outside the heap (utf8-chunks.ts). Each line's string dies young; a million lines kept alive
 * until a join (or as a rope) would be promoted and copied by the collector, which cost more
 * than emitting them.
 */
class Sink implements Out {
  private readonly pieces = new Utf8Chunks();
  private pending = '';
  private length = 0;
  write(s: string): void {
    this.pending += s;
    if (this.pending.length >= 1 << 16) this.flush();
  }
  private flush(): void {
    this.length += this.pending.length;
    // Encoded while its lines are young: a rope of them would keep every one.
    if (this.pending) this.pieces.add(this.pending);
    this.pending = '';
  }
  end(): { pieces: Piece[]; length: number } {
    this.flush();
    return { pieces: this.pieces.pieces(), length: this.length };
  }
}

let out: Out = new Sink();

const INDENTS = [''];
function indentOf(depth: number): string {
  while (INDENTS.length <= depth) INDENTS.push(`${INDENTS[INDENTS.length - 1]}  `);
  return INDENTS[depth]!;
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return text(v);
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : v !== v ? '.nan' : v > 0 ? '.inf' : '-.inf';
  return String(v);
}

/** Keys and short values repeat thousands of times in a large document: decide once for each. */
const decided = new Map<string, string>();

function text(s: string): string {
  const known = decided.get(s);
  if (known !== undefined) return known;
  const out =
    PLAIN.test(s) && !s.endsWith(' ') && !s.includes(' #') && !s.includes(': ') && !RESERVED.test(s)
      ? s
      : JSON.stringify(s).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (s.length <= 40 && decided.size < 50_000) decided.set(s, out);
  return out;
}

function isCollection(v: unknown): v is object {
  if (typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.length > 0;
  for (const k in v) if ((v as Record<string, unknown>)[k] !== undefined) return true;
  return false;
}

/**
 * A non-empty collection as complete lines at `depth`. `lead` is what its first line starts with
 * when that line continues an item marker (`- ` of an array holding this map); later lines are
 * indented.
 */
function block(value: object, depth: number, lead: string): void {
  const indent = indentOf(depth);
  if (Array.isArray(value)) {
    for (const item of value) {
      const head = lead || indent;
      lead = '';
      if (isCollection(item)) {
        if (Array.isArray(item)) {
          out.write(`${head}-\n`);
          block(item, depth + 1, '');
        } else {
          // `- key: value`, the item's other keys aligned under its first.
          block(item, depth + 1, `${head}- `);
        }
      } else {
        out.write(`${head}- ${empty(item)}\n`);
      }
    }
    return;
  }
  for (const k in value) {
    const v = (value as Record<string, unknown>)[k];
    if (v === undefined) continue;
    entry(k, v, lead || indent, depth);
    lead = '';
  }
}

/** One key of a map at `depth`, its line starting with `head`. */
function entry(k: string, v: unknown, head: string, depth: number): void {
  if (isCollection(v)) {
    out.write(`${head}${text(k)}:\n`);
    block(v, depth + 1, '');
  } else {
    out.write(`${head}${text(k)}: ${empty(v)}\n`);
  }
}

function empty(v: unknown): string {
  if (Array.isArray(v)) return '[]';
  if (typeof v === 'object' && v !== null) return '{}';
  return scalar(v);
}

// The stored result's schema table (result-store.ts): every object schema (one with
// `properties`), and every schema holding one (a list or map of them), is kept once, however
// many endpoints and other schemas use it, and referred to by its number. Among 2,500
// endpoints the same few hundred DTO schemas make up more than half of the text; kept once,
// the stored result is half the size, decoding it makes half the objects, and an endpoint's
// schemas come back as the table's shared objects, so an exporter can convert a shared schema
// once (by identity) and reuse what it made.
//
// A reference is a string where only a schema object can stand (an endpoint's parameter, body,
// response and declared-response schema; a schema's property values, `items`,
// `additionalProperties`, `$defs` values, `oneOf` and `prefixItems` entries): NUL and the entry's number, `"\u0000<n>"` in the
// text. For `scan --json` the stored text is printed with every reference replaced by its
// entry's text, which gives back `JSON.stringify(endpoint)` byte for byte. A schema or endpoint
// whose own text already holds a string starting with NUL and a digit is written as it is, with
// no references in it, so the only such strings the printer replaces are references; the
// offsets of the endpoints' references are stored beside them, the entries' are found again.

import type { Endpoint } from '../model/endpoint';
import type { JsonSchema } from '../model/request';

/** A reference as it appears in the text, up to its number. */
const MARK = '"\\u0000';
const MARK_BYTES = Buffer.from(MARK, 'latin1');
const QUOTE = 0x22;
/**
 * A reference's text after its quote: what the searches below look for. A quote starts every
 * key and string of the JSON, a backslash hardly any, so a search for this skips ahead ten
 * times faster; an escape never starts inside another, and one after a quote is a reference's.
 */
const ESCAPE = MARK.slice(1);
const ESCAPE_BYTES = Buffer.from(ESCAPE, 'latin1');

type Encoded = { value: unknown; refs: number };

/** Builds the table while the endpoints are written: `line` for each endpoint, then `entriesText`. */
export class SchemaTableWriter {
  private readonly ids = new Map<string, number>();
  private readonly texts: string[] = [];
  /** The scanner shares a type's schema object among its uses: each object is encoded once. */
  private readonly seen = new WeakMap<object, Encoded>();

  /**
   * The endpoint's text with its object schemas as references; `refs`: where in the text (UTF-16
   * offsets) each reference starts, and the entry it names, in pairs.
   */
  line(e: Endpoint): { text: string; refs: number[] } {
    const req = e.request;
    const res = e.response;
    let refs = 0;
    const enc = (s: JsonSchema | undefined): unknown => {
      if (s === undefined) return undefined;
      const got = this.encode(s);
      refs += got.refs;
      return got.value;
    };
    const copy: Endpoint = { ...e };
    if (req) {
      const request = req.params ? { ...req, params: req.params.map((p) => (p.schema ? { ...p, schema: enc(p.schema) as JsonSchema } : p)) } : { ...req };
      if (req.body) request.body = { ...req.body, schema: enc(req.body.schema) as JsonSchema };
      copy.request = request;
    }
    if (res?.schema) copy.response = { ...res, schema: enc(res.schema) as JsonSchema };
    if (e.responses) copy.responses = e.responses.map((r) => (r.schema ? { ...r, schema: enc(r.schema) as JsonSchema } : r));
    if (refs > 0) {
      const text = JSON.stringify(copy);
      const at = marks(text);
      if (at.length === refs) {
        const pairs: number[] = [];
        for (let r = 0; r < at.length; r++) {
          const from = at[r]! + MARK.length;
          pairs.push(at[r]!, Number(text.slice(from, text.indexOf('"', from))));
        }
        return { text, refs: pairs };
      }
    }
    return { text: JSON.stringify(e), refs: [] };
  }

  /** The entries, one a line joined by `,\n` as the endpoints are; each refers only to entries before it. */
  entriesText(): string {
    return this.texts.join(',\n');
  }

  get size(): number {
    return this.texts.length;
  }

  private encode(s: JsonSchema): Encoded {
    // Most schemas (a property's string, number or enum) hold no schema object: written as they
    // are, without a memo entry for each (a weak map's entries are dear to set and to collect).
    if (typeof s !== 'object' || s === null || !holdsSchemas(s)) return { value: s, refs: 0 };
    const known = this.seen.get(s);
    if (known) return known;
    let refs = 0;
    let copy: Record<string, unknown> | undefined;
    const sub = (v: unknown): unknown => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return v;
      const got = this.encode(v as JsonSchema);
      refs += got.refs;
      return got.value;
    };
    const map = (o: Record<string, JsonSchema>) => {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(o)) out[k] = sub(o[k]);
      return out;
    };
    if (s.properties && typeof s.properties === 'object') (copy ??= { ...s }).properties = map(s.properties);
    if (s.items && typeof s.items === 'object') (copy ??= { ...s }).items = sub(s.items);
    if (s.additionalProperties && typeof s.additionalProperties === 'object') (copy ??= { ...s }).additionalProperties = sub(s.additionalProperties);
    if (s.$defs && typeof s.$defs === 'object') (copy ??= { ...s }).$defs = map(s.$defs);
    if (Array.isArray(s.oneOf)) (copy ??= { ...s }).oneOf = s.oneOf.map(sub);
    if (Array.isArray(s.prefixItems)) (copy ??= { ...s }).prefixItems = s.prefixItems.map(sub);
    let got: Encoded;
    // Tabled: object schemas, and any schema holding one (a list or map of DTOs). The wrappers
    // too, because exporters memo what they make of a schema by identity (export/per-schema.ts):
    // a list's wrapper decoded afresh per endpoint made Markdown walk the DTO's fields for each.
    if ((s.properties && typeof s.properties === 'object') || refs > 0) {
      const text = JSON.stringify(copy);
      if (marks(text).length !== refs) got = { value: s, refs: 0 }; // holds a string like a reference: written as it is
      else {
        let id = this.ids.get(text);
        if (id === undefined) {
          id = this.texts.length;
          this.texts.push(text);
          this.ids.set(text, id);
        }
        got = { value: `\u0000${id}`, refs: 1 };
      }
    } else got = refs > 0 ? { value: copy, refs } : { value: s, refs: 0 };
    this.seen.set(s, got);
    return got;
  }
}

/** Whether a schema has anything `encode` may table or copy below it. */
function holdsSchemas(s: JsonSchema): boolean {
  return (
    (!!s.properties && typeof s.properties === 'object') ||
    (!!s.items && typeof s.items === 'object') ||
    (!!s.additionalProperties && typeof s.additionalProperties === 'object') ||
    (!!s.$defs && typeof s.$defs === 'object') ||
    Array.isArray(s.oneOf) ||
    Array.isArray(s.prefixItems)
  );
}

/** UTF-16 offsets of the strings in `text` that look like references. */
function marks(text: string): number[] {
  const at: number[] = [];
  for (let e = text.indexOf(ESCAPE, 1); e >= 0; e = text.indexOf(ESCAPE, e + ESCAPE.length)) {
    if (text.charCodeAt(e - 1) !== QUOTE) continue;
    const c = text.charCodeAt(e + ESCAPE.length);
    if (c >= 0x30 && c <= 0x39) at.push(e - 1);
  }
  return at;
}

// ---------------------------------------------------------------- reading

/**
 * The table's entries as objects, each reference among them replaced by the entry it names;
 * `lines` hands over the entries' text one at a time, in order.
 */
export function decodeTable(lines: (each: (line: string) => void) => void): JsonSchema[] {
  const entries: JsonSchema[] = [];
  lines((line) => {
    const s = JSON.parse(line) as JsonSchema;
    // An entry names only entries before it, which are whole already.
    revive(s, entries);
    entries.push(s);
  });
  return entries;
}

/** The endpoints' references replaced by the table's entries (shared objects). */
export function reviveEndpoints(endpoints: Endpoint[], table: readonly JsonSchema[]): void {
  for (const e of endpoints) {
    const req = e.request;
    if (req) {
      if (req.params) for (const p of req.params) if (p.schema) p.schema = at(p.schema, table);
      if (req.body) req.body.schema = at(req.body.schema, table);
    }
    if (e.response?.schema) e.response.schema = at(e.response.schema, table);
    if (e.responses) for (const r of e.responses) if (r.schema) r.schema = at(r.schema, table);
  }
}

function at(v: unknown, table: readonly JsonSchema[]): JsonSchema {
  if (typeof v === 'string') {
    const s = table[Number(v.slice(1))];
    if (s === undefined) throw new Error(`the stored schema table has no entry ${v.slice(1)}`);
    return s;
  }
  if (typeof v === 'object' && v !== null) revive(v as JsonSchema, table);
  return v as JsonSchema;
}

/** Replaces references below `s` (entries are revived in order, so one named is whole already). */
function revive(s: JsonSchema, table: readonly JsonSchema[]): void {
  const props = s.properties;
  if (props) for (const k in props) props[k] = at(props[k], table);
  if (s.items !== undefined) s.items = at(s.items, table);
  if (s.additionalProperties !== undefined && typeof s.additionalProperties !== 'boolean') s.additionalProperties = at(s.additionalProperties, table);
  const defs = s.$defs;
  if (defs) for (const k in defs) defs[k] = at(defs[k], table);
  const branches = s.oneOf;
  if (branches) for (let i = 0; i < branches.length; i++) branches[i] = at(branches[i], table);
  const positional = s.prefixItems;
  if (positional) for (let i = 0; i < positional.length; i++) positional[i] = at(positional[i], table);
}

/**
 * The stored entries ready to be printed: each as its byte range in the table and the references
 * in it, so an entry is written with its references replaced without being copied first (fresh
 * memory costs more than the few nested references).
 */
export class StoredEntries {
  /** Per entry: its start and end in `table`. */
  private readonly bounds: number[] = [];
  /** Per entry: where its references begin in `refs` (the next entry's: where they end). */
  private readonly firstRef: number[] = [];
  /** Per reference: start, end, entry. */
  private readonly refs: number[] = [];

  constructor(private readonly table: Buffer) {
    // The references first, in one pass over the table (they are few), then each entry's share.
    const found: number[] = [];
    forEachRef(table, (a, b, ref) => found.push(a, b, ref));
    let r = 0;
    for (let start = 0; start < table.length; ) {
      const sep = table.indexOf(SEPARATOR, start);
      // Entries are separated by `,\n`, which JSON.stringify never writes inside one (a newline in a string is `\n`).
      const end = sep < 0 ? table.length : sep;
      const id = this.firstRef.length;
      this.bounds.push(start, end);
      this.firstRef.push(this.refs.length);
      for (; r < found.length && found[r]! < end; r += 3) {
        if (found[r + 2]! >= id) throw new Error('the stored schema table refers forward');
        this.refs.push(found[r]!, found[r + 1]!, found[r + 2]!);
      }
      start = end + SEPARATOR.length;
    }
    this.firstRef.push(this.refs.length);
  }

  /** Hands entry `id`, its references replaced, to `put` as ranges of the table's bytes. */
  write(id: number, put: (bytes: Buffer, start: number, end: number) => void): void {
    if (!(id >= 0 && id < this.firstRef.length - 1)) throw new Error(`the stored schema table has no entry ${id}`);
    let from = this.bounds[2 * id]!;
    for (let r = this.firstRef[id]!; r < this.firstRef[id + 1]!; r += 3) {
      put(this.table, from, this.refs[r]!);
      this.write(this.refs[r + 2]!, put);
      from = this.refs[r + 1]!;
    }
    put(this.table, from, this.bounds[2 * id + 1]!);
  }
}

const SEPARATOR = Buffer.from(',\n', 'latin1');

/** The length of reference `id` in the text, `"\u0000<id>"`. */
export function refLength(id: number): number {
  return MARK_BYTES.length + String(id).length + 1;
}

/** Calls `fn(start, end, id)` for each reference in `text` (the table: every string like one is one). */
function forEachRef(text: Buffer, fn: (start: number, end: number, id: number) => void): void {
  for (let e = text.indexOf(ESCAPE_BYTES, 1); e >= 0; ) {
    const i = e - 1;
    let j = e + ESCAPE_BYTES.length;
    if (text[i] === QUOTE) {
      let id = 0;
      for (let c = text[j]!; c >= 0x30 && c <= 0x39; c = text[++j]!) id = id * 10 + (c - 0x30);
      if (j > i + MARK_BYTES.length && text[j] === QUOTE) fn(i, ++j, id);
    }
    e = text.indexOf(ESCAPE_BYTES, j);
  }
}

// Example values for schemas: deterministic (the same schema always gives the same value) and
// plausible (a string property is its own name, dates are a fixed day, constraints are met
// where that is cheap). A schema's own `examples[0]` (from `@Schema(example)`) always wins.

import type { JsonSchema } from '../../model/request';
import { stringMatching } from './pattern-example';

/** Marks a recursive reference met again: the caller writes an empty value instead. */
const STOP = Symbol('recursion');

/** A deterministic, plausible example value for a schema; `name` is the property name when known. */
export function exampleOf(schema: JsonSchema, name?: string): unknown {
  const v = new ExampleWriter('any').write(schema, name);
  return v === STOP ? {} : v;
}

/**
 * A path variable's example, declared or not: a String is a value of its name, `sku` -> `sku-1`
 * (its name alone, `/products/sku/sku`, reads as a literal segment; `{*rest}` -> `rest-1`); a
 * number is `0`. Undeclared, a variable is taken as a String.
 */
export function pathVariableExample(name: string, schema: JsonSchema = { type: 'string' }): unknown {
  return exampleOf(schema, `${name.replace(/^\*/, '')}-1`);
}

/** The example of a request body: read-only properties (`@Schema(accessMode = READ_ONLY)`, `@JsonProperty(access = READ_ONLY)`) are what the server writes, so a client does not send them. */
export function requestExampleOf(schema: JsonSchema, name?: string): unknown {
  const v = new ExampleWriter('request').write(schema, name);
  return v === STOP ? {} : v;
}

/** The example of a response body: write-only properties (`@JsonProperty(access = WRITE_ONLY)`, fastjson's `serialize = false`) are read from requests and never written back, so a response never shows them. */
export function responseExampleOf(schema: JsonSchema, name?: string): unknown {
  const v = new ExampleWriter('response').write(schema, name);
  return v === STOP ? {} : v;
}

/** Which side of the exchange an example is for: a request leaves out read-only properties, a response write-only ones. */
type Side = 'any' | 'request' | 'response';

/**
 * Examples of the frozen object schemas, response side and request side. The schema builder
 * hands out one frozen schema per type (type-schema.ts `finish`), met again in every endpoint
 * that sends or returns it, often inside a new wrapper (a list, a copy with more required
 * properties): its example is written once and shared, so callers treat examples as immutable,
 * as they do schemas. Outside any `$defs` an object's example depends on nothing but the schema
 * (no reference can be followed there, so no recursion is cut).
 */
const OBJECTS: Record<Side, WeakMap<JsonSchema, Record<string, unknown>>> = { any: new WeakMap(), request: new WeakMap(), response: new WeakMap() };

class ExampleWriter {
  /** `$defs` of the schemas enclosing the current one, innermost last. */
  private readonly defs: Array<Record<string, JsonSchema>> = [];
  /** References being expanded: each is followed once per path, then stops. */
  private readonly expanding = new Set<string>();

  constructor(private readonly side: Side) {}

  write(s: JsonSchema, name: string | undefined): unknown {
    if (!s.$defs) return this.value(s, name);
    this.defs.push(s.$defs);
    try {
      return this.value(s, name);
    } finally {
      this.defs.pop();
    }
  }

  private value(s: JsonSchema, name: string | undefined): unknown {
    if (s.examples?.length) return copied(s.examples[0]);
    if (s.default !== undefined && withinOwnBounds(s, s.default)) return copied(s.default);
    if (s.$ref !== undefined) return this.ref(s.$ref, name);
    if (s.oneOf?.length) return this.firstBranch(s.oneOf, name);
    if (s.enum?.length) return copied(s.enum[0]);
    const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? 'null') : s.type;
    switch (type) {
      case 'string':
        return stringExample(s, name);
      case 'integer':
        return numberExample(s, true);
      case 'number':
        return numberExample(s, false);
      case 'boolean':
        return true;
      case 'null':
        return null;
      case 'array':
        return this.array(s, name);
      case 'object':
        return this.object(s);
      default:
        if (s.properties) return this.object(s);
        if (s.items) return this.array(s, name);
        return {};
    }
  }

  private ref(ref: string, name: string | undefined): unknown {
    const def = this.lookup(ref);
    if (!def || this.expanding.has(ref)) return STOP;
    this.expanding.add(ref);
    try {
      return this.write(def, name);
    } finally {
      this.expanding.delete(ref);
    }
  }

  private lookup(ref: string): JsonSchema | undefined {
    if (!ref.startsWith('#/$defs/')) return undefined;
    const key = ref.slice(8).replace(/~1/g, '/').replace(/~0/g, '~');
    for (let i = this.defs.length - 1; i >= 0; i--) {
      const def = this.defs[i]![key];
      if (def) return def;
    }
    return undefined;
  }

  /** Whether the object a (referenced) schema describes must have some properties. */
  private requiresProperties(s: JsonSchema): boolean {
    const def = s.$ref ? this.lookup(s.$ref) : s;
    return (def?.required?.length ?? 0) > 0;
  }

  /** Whether the property is left out on this side: read-only in a request, write-only in a response. */
  private leftOut(s: JsonSchema): boolean {
    if (this.side === 'any') return false;
    const key = this.side === 'request' ? 'readOnly' : 'writeOnly';
    if (s[key]) return true;
    const def = s.$ref ? this.lookup(s.$ref) : undefined;
    return def?.[key] === true;
  }

  /** A polymorphic type's first subtype (with its type id, so Jackson reads what Send posts); a recursive one that stops, the next. */
  private firstBranch(branches: readonly JsonSchema[], name: string | undefined): unknown {
    for (const b of branches) {
      const v = this.write(b, name);
      if (v !== STOP) return v;
    }
    return STOP;
  }

  private array(s: JsonSchema, name: string | undefined): unknown[] {
    if (s.maxItems === 0) return [];
    // A positional array (Jackson's WRAPPER_ARRAY type id): one value per position.
    if (s.prefixItems) return s.prefixItems.map((p) => {
      const v = this.write(p, name);
      return v === STOP ? {} : v;
    });
    const item = this.write(s.items ?? {}, name);
    if (item === STOP) return []; // a recursive tree ends in an empty list
    const count = s.uniqueItems ? 1 : Math.min(Math.max(s.minItems ?? 1, 1), 10, s.maxItems ?? 10);
    return Array.from({ length: count }, (_, i) => (i === 0 ? item : copied(item)));
  }

  private object(s: JsonSchema): Record<string, unknown> {
    if (this.defs.length > 0 || !Object.isFrozen(s)) return this.objectNow(s);
    const memo = OBJECTS[this.side];
    let v = memo.get(s);
    if (!v) memo.set(s, (v = this.objectNow(s)));
    return v;
  }

  private objectNow(s: JsonSchema): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [key, prop] of Object.entries(s.properties ?? {})) {
      if (this.leftOut(prop)) continue;
      const v = this.write(prop, key);
      if (v !== STOP) out[key] = v;
      // A recursion met again ends in an empty object, unless that object would lack properties
      // its type requires (RuoYi's GenTable.subTable, a GenTable with @NotBlank names) and the
      // property is optional: then it is left out, so the example still passes its schema.
      else if (s.required?.includes(key) || !this.requiresProperties(prop)) out[key] = {};
    }
    const extra = s.additionalProperties;
    // A map of typed values shows one entry; a free-form object stays empty.
    if (extra && typeof extra === 'object' && Object.keys(extra).length > 0) {
      const v = this.write(extra, undefined);
      out[s.properties?.key ? 'key1' : 'key'] = v === STOP ? {} : v;
    }
    return out;
  }
}

/**
 * Whether a default keeps the schema's own length bounds and pattern. A Kotlin DTO's `var name: String = ""`
 * under `@NotEmpty` defaults to what validation refuses, as does halo's `reason = ""` under
 * `@Schema(pattern = "^[A-Za-z](...)?$")`: the example is made as without a default, so a request
 * sent as it comes is not rejected for its own example (nor the example by an OpenAPI linter).
 */
export function withinOwnBounds(s: JsonSchema, value: unknown): boolean {
  if (typeof value === 'string') return value.length >= (s.minLength ?? 0) && (s.maxLength === undefined || value.length <= s.maxLength) && matchesPattern(s.pattern, value);
  if (Array.isArray(value)) return value.length >= (s.minItems ?? 0) && (s.maxItems === undefined || value.length <= s.maxItems);
  return true;
}

/** Whether the whole of `value` matches `pattern` (as Bean Validation's @Pattern; then an OpenAPI search matches too); a Java-only expression is given the benefit of the doubt. */
function matchesPattern(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined) return true;
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(value);
  } catch {
    return true;
  }
}

/** A value of the schema's own, as the caller's to change: objects are copied, the rest (most enum constants and defaults) need not be. */
function copied(v: unknown): unknown {
  return v !== null && typeof v === 'object' ? structuredClone(v) : v;
}

const FORMAT_EXAMPLES: Record<string, string> = {
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  'time-local': '00:00:00',
  duration: 'PT1H',
  uuid: '00000000-0000-0000-0000-000000000000',
  email: 'user@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  byte: 'AA==',
  binary: '(binary)',
  // Numbers written as strings (`@JsonFormat(shape = STRING)`, ToStringSerializer).
  int32: '0',
  int64: '0',
  uint64: '0', // protobuf's unsigned 64-bit integers, strings in JSON
  float: '0',
  double: '0',
};

function stringExample(s: JsonSchema, name: string | undefined): string {
  const pattern = s['x-format-pattern'];
  if (typeof pattern === 'string') return /[yMdHhms]/.test(pattern) ? formatDate(pattern) : '0';
  const byFormat = s.format === undefined ? undefined : FORMAT_EXAMPLES[s.format];
  if (byFormat !== undefined) return byFormat;
  let v = name || 'string';
  if (s.minLength !== undefined && v.length < s.minLength) v = v.padEnd(s.minLength, v);
  if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
  // `@Pattern`: the name when it already fits, else a string written from the expression.
  if (typeof s.pattern === 'string' && !matches(s.pattern, v)) {
    const written = stringMatching(s.pattern, s.minLength, s.maxLength, name);
    if (written !== undefined) return written;
  }
  return v;
}

function matches(pattern: string, v: string): boolean {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u').test(v); // Bean Validation matches the whole value
  } catch {
    return true; // a Java-only expression: nothing to check against
  }
}

function numberExample(s: JsonSchema, integer: boolean): number {
  let v = 0;
  if (s.minimum !== undefined && v < s.minimum) v = s.minimum;
  if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) v = s.exclusiveMinimum + 1;
  if (integer) v = Math.ceil(v);
  if (s.maximum !== undefined && v > s.maximum) v = s.maximum;
  if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) v = s.exclusiveMaximum - 1;
  if (integer) v = Math.floor(v);
  return v;
}

/** 2024-01-01T00:00:00Z (a Monday) in a `DateTimeFormatter` / `SimpleDateFormat` pattern. */
export function formatDate(pattern: string): string {
  return pattern.replace(/'([^']*)'|([A-Za-z])\2*/g, (m: string, quoted: string | undefined, letter: string | undefined) => {
    if (quoted !== undefined) return quoted === '' ? "'" : quoted;
    const n = m.length;
    switch (letter) {
      case 'y':
      case 'u':
      case 'Y':
        return n === 2 ? '24' : '2024';
      case 'M':
      case 'L':
        return n === 1 ? '1' : n === 2 ? '01' : n === 3 ? 'Jan' : 'January';
      case 'd':
      case 'D':
      case 'e':
      case 'c':
      case 'Q':
      case 'q':
      case 'w':
      case 'W':
      case 'F':
        return '1'.padStart(n, '0');
      case 'H':
      case 'm':
      case 's':
      case 'K':
        return '0'.padStart(n, '0');
      case 'h':
        return '12';
      case 'k':
        return '24';
      case 'S':
      case 'n':
        return '0'.repeat(n);
      case 'a':
        return 'AM';
      case 'E':
        return n >= 4 ? 'Monday' : 'Mon';
      case 'G':
        return 'AD';
      case 'X':
        return 'Z';
      case 'x':
        return n === 1 ? '+00' : n === 2 ? '+0000' : '+00:00';
      case 'Z':
        return n === 4 ? 'GMT' : n === 5 ? 'Z' : '+0000';
      case 'z':
      case 'V':
        return 'UTC';
      case 'O':
        return 'GMT';
      default:
        return m;
    }
  });
}

// What a method body shows about how it answers, read as text: bodies are blanked before parsing
// (skeleton.ts), so the front ends hand this scan the body's range of the real text instead of a
// syntax tree. Only what is written in the body counts, never a guess:
// - status codes a response builder names: Spring's `ResponseEntity.status(HttpStatus.CREATED)`,
//   `.created(..)`, `.noContent()`, `.notFound()`, `new ResponseEntity<>(body, HttpStatus.X)`,
//   `new ResponseStatusException(HttpStatus.X)`; JAX-RS's `Response.status(Response.Status.X)`,
//   `Response.created(..)`, `Response.noContent()`;
// - the exception types it throws (`throw new X(` in Java, `throw X(` in Kotlin), whose
//   `@ResponseStatus` or `@ExceptionHandler` the framework layer looks up;
// - the `JsonGenerator` calls a Jackson serializer's `serialize` makes (`generatorWrites`), which
//   tell the JSON type a custom serializer writes (types/value-serializers.ts).

import { HTTP_STATUS } from './http-status';

export interface BodyFacts {
  /** Status codes, in order of first appearance. */
  statuses?: string[];
  /** Exception types as written. */
  thrown?: string[];
}

/** Builder methods whose name fixes the code. */
const BUILDER_CODES: Record<string, string> = {
  ok: '200', created: '201', accepted: '202', noContent: '204', seeOther: '303', notModified: '304', temporaryRedirect: '307',
  badRequest: '400', notFound: '404', notAcceptable: '406', unprocessableEntity: '422', internalServerError: '500', serverError: '500',
};
const BUILDER = /\b(?:ResponseEntity|Response)\s*\.\s*(status|ok|created|accepted|noContent|seeOther|notModified|temporaryRedirect|badRequest|notFound|notAcceptable|unprocessableEntity|internalServerError|serverError)\s*\(/g;
const CONSTRUCTED = /\bnew\s+(?:ResponseEntity|ResponseStatusException)\s*(?:<[^;(]*?>)?\s*\(|\b(?:ResponseEntity|ResponseStatusException)\s*(?:<[^;(]*?>)?\s*\(/g;
const THROW = /\bthrow\s+(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*[(<]/g;
/** A status argument: `HttpStatus.CREATED`, `Response.Status.CREATED`, `Status.CREATED`, `201`, `HttpStatusCode.valueOf(201)`. */
const STATUS_ARG = /(?:^|[^\w$])(?:(?:HttpStatus|Status)\s*\.\s*([A-Z][A-Z_]*)|(?:HttpStatus|HttpStatusCode)\s*\.\s*valueOf\s*\(\s*(\d{3})\s*\))/g;

/** The facts of `text[start, end)`; undefined when it shows none (most bodies: a few `includes`). */
export function bodyFacts(text: string, start: number, end: number): BodyFacts | undefined {
  const raw = text.slice(start, end);
  if (!raw.includes('Response') && !raw.includes('throw')) return undefined;
  // Only code counts: `// return ResponseEntity.notFound()` or a log message naming a status does not.
  const body = codeOnly(raw);
  const responses = body.includes('Response');
  const throws = body.includes('throw');
  if (!responses && !throws) return undefined;
  const statuses: string[] = [];
  const add = (code: string | undefined) => {
    if (code && !statuses.includes(code)) statuses.push(code);
  };
  if (responses) {
    // Calls in source order: builder calls and constructors interleave.
    const found: { at: number; code: string | undefined }[] = [];
    for (const m of body.matchAll(BUILDER)) {
      const name = m[1]!;
      found.push({ at: m.index!, code: name === 'status' ? statusIn(argsAt(body, m.index! + m[0].length), true) : BUILDER_CODES[name] });
    }
    for (const m of body.matchAll(CONSTRUCTED)) found.push({ at: m.index!, code: statusIn(argsAt(body, m.index! + m[0].length), false) });
    found.sort((a, b) => a.at - b.at);
    for (const f of found) add(f.code);
  }
  const thrown: string[] = [];
  if (throws) {
    for (const m of body.matchAll(THROW)) {
      const name = m[1]!;
      // `throw X(` in Kotlin; in Java without `new` it calls a method returning the exception: a
      // lower-case name is a method, not a type.
      if (/^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1)) && !thrown.includes(name)) thrown.push(name);
    }
  }
  if (!statuses.length && !thrown.length) return undefined;
  const out: BodyFacts = {};
  if (statuses.length) out.statuses = statuses;
  if (thrown.length) out.thrown = thrown;
  return out;
}

// Generator writes, and hand-offs to other serializers (`super.serialize(`, `defaultSerializeValue(`),
// whose output is not known here.
const WRITE_CALL = /\.\s*(write[A-Z]\w*|serialize\w*|defaultSerialize\w*)\s*\(/g;

/**
 * The distinct `write...(` and serializer calls in `text[start, end)`, in order of first appearance
 * (a `serialize` body), then `JsonFormat` when the body reads the property's `@JsonFormat` itself.
 */
export function generatorWrites(text: string, start: number, end: number): string[] {
  const body = codeOnly(text.slice(start, end));
  const out: string[] = [];
  for (const m of body.matchAll(WRITE_CALL)) if (!out.includes(m[1]!)) out.push(m[1]!);
  if (/\bJsonFormat\b/.test(body)) out.push('JsonFormat');
  return out;
}

/**
 * The body with comments and the contents of string and character literals (Java text blocks,
 * Kotlin raw strings included) blanked to spaces, so offsets stay where they were.
 */
export function codeOnly(body: string): string {
  let out = '';
  let last = 0;
  const blankTo = (from: number, to: number) => {
    out += body.slice(last, from) + ' '.repeat(to - from);
    last = to;
  };
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x2f /* / */ && body.charCodeAt(i + 1) === 0x2f) {
      const nl = body.indexOf('\n', i);
      const stop = nl < 0 ? body.length : nl;
      blankTo(i, stop);
      i = stop - 1;
    } else if (c === 0x2f && body.charCodeAt(i + 1) === 0x2a /* * */) {
      const close = body.indexOf('*/', i + 2);
      const stop = close < 0 ? body.length : close + 2;
      blankTo(i, stop);
      i = stop - 1;
    } else if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      const triple = c === 0x22 && body.startsWith('"""', i);
      let j = triple ? i + 3 : i + 1;
      for (; j < body.length; j++) {
        const d = body.charCodeAt(j);
        if (d === 0x5c /* \ */) j++;
        else if (triple ? body.startsWith('"""', j) : d === c || d === 0x0a) break;
      }
      const stop = Math.min(body.length, triple ? j + 3 : j + 1);
      blankTo(i + 1, Math.max(i + 1, stop - 1)); // the quotes stay: `"..."` is still an argument
      i = stop - 1;
    }
  }
  return last === 0 ? body : out + body.slice(last);
}

/** The argument text of the call whose `(` ends just before `from`: up to its matching `)`. */
function argsAt(body: string, from: number): string {
  let depth = 1;
  for (let i = from; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return body.slice(from, i);
    else if (c === 0x3b || c === 0x7b) return body.slice(from, i); // `;` or `{`: the call did not close here
  }
  return body.slice(from);
}

/**
 * The status an argument list names: the last status constant in it (`(body, headers,
 * HttpStatus.CREATED)`); `single` also takes a bare code, as `status(201)` is the whole argument.
 */
function statusIn(args: string, single: boolean): string | undefined {
  let code: string | undefined;
  for (const m of args.matchAll(STATUS_ARG)) {
    const c = m[1] ? HTTP_STATUS[m[1]] : Number(m[2]);
    if (c) code = String(c);
  }
  if (code) return code;
  const bare = single ? /^\s*(\d{3})\s*$/.exec(args) : null;
  return bare && Number(bare[1]) >= 100 && Number(bare[1]) <= 599 ? bare[1] : undefined;
}

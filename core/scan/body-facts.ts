// What a method body shows about how it answers, read as text: bodies are blanked before parsing
// (skeleton.ts), so the front ends hand this scan the body's range of the real text instead of a
// syntax tree. Only what is written in the body counts, never a guess:
// - status codes a response builder names: Spring's `ResponseEntity.status(HttpStatus.CREATED)`,
//   `.created(..)`, `.noContent()`, `.notFound()`, `new ResponseEntity<>(body, HttpStatus.X)`,
//   `new ResponseStatusException(HttpStatus.X)`; JAX-RS's `Response.status(Response.Status.X)`,
//   `Response.created(..)`, `Response.noContent()`;
// - the exception types it throws (`throw new X(` in Java, `throw X(` in Kotlin), whose
//   `@ResponseStatus` or `@ExceptionHandler` the framework layer looks up;
// - what it reads from a servlet request object among its parameters (`request.getParameter("x")`,
//   `getHeader(..)`), and the calls it hands that object to (`WebUtils.required(request, KEY)`):
//   legacy handlers take their query parameters this way, with no annotation saying so;
// - the `JsonGenerator` calls a Jackson serializer's `serialize` makes (`generatorWrites`), which
//   tell the JSON type a custom serializer writes (types/value-serializers.ts).

import { HTTP_STATUS } from './http-status';
import type { Expr, ParamDecl, RequestRead } from './source-model';
import { simpleName } from './source-model';
import { checkedSubjects, closeOf, isRequired } from './required-checks';

export interface BodyFacts {
  /** Status codes, in order of first appearance. */
  statuses?: string[];
  /** Exception types as written. */
  thrown?: string[];
  /** Request values read from a request object parameter, in order of appearance. */
  requestReads?: RequestRead[];
  /** A servlet response parameter the body never writes a body through (see responseUseOf). */
  responseUse?: 'headers' | 'redirect';
}

/** Request objects whose parameters and headers code reads by name (simple names). */
export const REQUEST_OBJECT_TYPES: ReadonlySet<string> = new Set(['HttpServletRequest', 'ServletRequest', 'MultipartHttpServletRequest', 'WebRequest', 'NativeWebRequest']);
const READERS: Record<string, { in: 'query' | 'header' | 'file' | 'body'; many?: boolean }> = {
  getParameter: { in: 'query' },
  getParameterValues: { in: 'query', many: true },
  getHeader: { in: 'header' },
  getHeaders: { in: 'header', many: true },
  getFile: { in: 'file' }, // MultipartHttpServletRequest
  getFiles: { in: 'file', many: true },
  getPart: { in: 'file' }, // the servlet API's own
  // The raw body, which legacy handlers parse themselves (`IOUtils.toString(request.getInputStream())`).
  getInputStream: { in: 'body' },
  getReader: { in: 'body' },
};
const READ_CALL = /\b([A-Za-z_$][\w$]*)\s*\.\s*(getParameter|getParameterValues|getHeader|getHeaders|getFile|getFiles|getPart|getInputStream|getReader)\s*\(/g;
/** Kotlin reads the body as a property: `request.inputStream.readBytes()`, `request.reader.readText()`. */
const BODY_PROPERTY = /\b([A-Za-z_$][\w$]*)\s*\??\.\s*(?:inputStream|reader)\b(?!\s*\()/g;
/** `MultipartHttpServletRequest multi = (MultipartHttpServletRequest) request;`: another name for the same request. */
const CAST_ALIAS = /\b([A-Za-z_$][\w$]*)\s*=\s*\(\s*(?:[\w$]+\.)*\w*Request\s*\)\s*([A-Za-z_$][\w$]*)\s*;/g;
const ANY_CALL = /([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\(/g;


const NO_NAMES: readonly string[] = Object.freeze([]);

/** Servlet response objects a handler may write a body through, or only decorate. */
const RESPONSE_OBJECT_TYPES: ReadonlySet<string> = new Set(['HttpServletResponse', 'ServletResponse']);
/** What a response takes without a body being written: headers, cookies, the status, a redirect (Java setters, Kotlin properties). */
const DECORATE = /^\s*\??\.\s*(?:setHeader|addHeader|setDateHeader|addDateHeader|setIntHeader|addIntHeader|addCookie|setStatus|setContentType|setCharacterEncoding|setLocale|setContentLength|setContentLengthLong|setBufferSize|containsHeader|getHeader|getHeaders|getHeaderNames|getStatus|isCommitted|encodeURL|encodeRedirectURL|sendRedirect|status|contentType|characterEncoding|locale)\b/;

/**
 * How the body uses its servlet response parameter when it never writes through it: every mention
 * is a header, cookie or status call, or a redirect. Undefined when a mention writes
 * (`getOutputStream()`, `getWriter()`, `sendError(..)`) or hands the response on (a helper that
 * writes the spreadsheet), or when there is no such parameter.
 */
function responseUseOf(code: string, params: readonly ParamDecl[] | undefined): BodyFacts['responseUse'] {
  const names = (params ?? []).filter((p) => p.type.dims === 0 && RESPONSE_OBJECT_TYPES.has(simpleName(p.type.name))).map((p) => p.name);
  if (names.length !== 1) return undefined;
  let redirect = false;
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${names[0]!.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'))) {
    const after = DECORATE.exec(code.slice(m.index! + m[0].length, m.index! + m[0].length + 40));
    if (!after) return undefined;
    if (/sendRedirect/.test(after[0])) redirect = true;
  }
  return redirect ? 'redirect' : 'headers';
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

/**
 * The facts of `text[start, end)`, the body of a method taking `params`; undefined when it shows
 * none (most bodies: a few `includes`).
 */
export function bodyFacts(text: string, start: number, end: number, params?: readonly ParamDecl[]): BodyFacts | undefined {
  const raw = text.slice(start, end);
  // The request objects among the parameters, by name (read only where the body calls anything),
  // and whether one is a servlet response: one look at each parameter, and no list made for the
  // many methods that take neither.
  const calls = raw.includes('(');
  let requests: readonly string[] = NO_NAMES;
  let decorates = false;
  for (let i = 0; params && i < params.length; i++) {
    const type = params[i]!.type;
    const simple = simpleName(type.name);
    if (RESPONSE_OBJECT_TYPES.has(simple)) decorates = true;
    else if (calls && type.dims === 0 && REQUEST_OBJECT_TYPES.has(simple)) requests = requests === NO_NAMES ? [params[i]!.name] : [...requests, params[i]!.name];
  }
  if (!raw.includes('Response') && !raw.includes('throw') && requests.length === 0 && !decorates) return undefined;
  // Only code counts: `// return ResponseEntity.notFound()` or a log message naming a status does not.
  const body = codeOnly(raw);
  const requestReads = requests.length ? readsOf(raw, body, requests, params ?? []) : [];
  const responseUse = decorates ? responseUseOf(body, params) : undefined;
  const responses = body.includes('Response');
  const throws = body.includes('throw');
  if (!responses && !throws && !requestReads.length && !responseUse) return undefined;
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
  if (!statuses.length && !thrown.length && !requestReads.length && !responseUse) return undefined;
  const out: BodyFacts = {};
  if (statuses.length) out.statuses = statuses;
  if (thrown.length) out.thrown = thrown;
  if (requestReads.length) out.requestReads = requestReads;
  if (responseUse) out.responseUse = responseUse;
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
 * `request.getParameter(KEY)` and the like on one of `requests`, and calls taking one of them as
 * an argument, in order. `raw` and `code` (its comments and literals blanked) share offsets:
 * the structure is read from `code`, a string argument's value from `raw`.
 */
function readsOf(raw: string, code: string, requests: readonly string[], params: readonly ParamDecl[]): RequestRead[] {
  const found: { at: number; read: RequestRead }[] = [];
  // A cast to a request subtype (the multipart one, for its files) reads the same request.
  const names = new Map(requests.map((r) => [r, r]));
  for (const m of code.matchAll(CAST_ALIAS)) {
    const original = names.get(m[2]!);
    if (original) names.set(m[1]!, original);
  }
  let required: ReadonlySet<string> | undefined;
  for (const m of code.matchAll(READ_CALL)) {
    const from = names.get(m[1]!);
    if (!from) continue;
    const reader = READERS[m[2]!]!;
    if (reader.in === 'body') {
      found.push({ at: m.index!, read: { from, in: 'body' } });
      continue;
    }
    const open = m.index! + m[0].length;
    const key = argumentsAt(raw, code, open)[0];
    if (!key) continue;
    const read: RequestRead = { from, in: reader.in, ...(reader.many ? { many: true } : {}), key };
    required ??= checkedSubjects(raw, code);
    if (isRequired(raw, code, m.index!, closeOf(code, open), required)) read.required = true;
    found.push({ at: m.index!, read });
  }
  for (const m of code.matchAll(BODY_PROPERTY)) {
    const from = names.get(m[1]!);
    if (from) found.push({ at: m.index!, read: { from, in: 'body' } });
  }
  for (const m of code.matchAll(ANY_CALL)) {
    const call = m[1]!.replace(/\s+/g, '');
    const name = call.slice(call.lastIndexOf('.') + 1);
    if (READERS[name] || KEYWORDS.has(name)) continue;
    const args = argumentsAt(raw, code, m.index! + m[0].length);
    const passed = args.find((a) => a.kind === 'name' && requests.includes(a.name));
    if (passed?.kind !== 'name') continue;
    const read: RequestRead = { from: passed.name, call, args };
    const receiver = receiverOf(code, m.index!, call, params);
    if (receiver) read.receiver = receiver;
    found.push({ at: m.index!, read });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.read);
}

/**
 * The class a call is made on when its own text names no field or class: the head of the chain
 * it ends (`new Builder(..).a(..).setRequest(request)`, `Builder.newBuilder().setRequest(request)`:
 * a builder's setters return the builder), or the declared type of the local or parameter it is
 * made on (`Builder b = ...; b.setRequest(request)`, `var b = new Builder()`).
 */
function receiverOf(code: string, at: number, call: string, params: readonly ParamDecl[]): string | undefined {
  const dot = call.indexOf('.');
  if (dot >= 0) return dot === call.lastIndexOf('.') ? variableType(code, call.slice(0, dot), params) : undefined;
  let i = skipBack(code, at - 1);
  if (code[i] !== '.') return undefined;
  for (;;) {
    i = skipBack(code, i - 1);
    if (code[i] === ')') {
      i = openOf(code, i);
      if (i < 0) return undefined;
      i = skipBack(code, i - 1);
    }
    let j = i;
    while (j >= 0 && /[\w$]/.test(code[j]!)) j--;
    const word = code.slice(j + 1, i + 1);
    if (!word) return undefined;
    const k = skipBack(code, j);
    if (code[k] === '.') {
      i = k;
      continue;
    }
    if (k >= 2 && code.slice(k - 2, k + 1) === 'new' && !/[\w$]/.test(code[k - 3] ?? '')) return word;
    return /^[A-Z]/.test(word) ? word : variableType(code, word, params);
  }
}

/** A local's or parameter's declared type: `Builder b = ...`, `final Builder<X> b;`, `var b = new Builder(..)`, a parameter `Builder b`. */
function variableType(code: string, name: string, params: readonly ParamDecl[]): string | undefined {
  if (/^[A-Z]/.test(name)) return undefined; // a class: the call names it already
  const param = params.find((p) => p.name === name);
  if (param) return param.type.dims === 0 ? simpleName(param.type.name) : undefined;
  const escaped = name.replace(/\$/g, '\\$');
  const declared = new RegExp(`\\b([A-Z][\\w$]*)(?:\\s*<[^;=()]*>)?\\s+${escaped}\\s*[=;]`).exec(code);
  if (declared) return declared[1];
  return new RegExp(`\\b(?:var|val)\\s+${escaped}\\s*=\\s*(?:new\\s+)?([A-Z][\\w$]*)\\s*\\(`).exec(code)?.[1];
}

function skipBack(code: string, i: number): number {
  while (i >= 0 && /\s/.test(code[i]!)) i--;
  return i;
}

/** The offset of the `(` matching the `)` at `close`; -1 when none does. */
function openOf(code: string, close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const c = code.charCodeAt(i);
    if (c === 0x29 || c === 0x5d || c === 0x7d) depth++;
    else if ((c === 0x28 || c === 0x5b || c === 0x7b) && --depth === 0) return i;
  }
  return -1;
}

/** Words followed by `(` that are not calls. */
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'new', 'when', 'try']);

/** The top-level arguments of the call whose `(` ends just before `from`: string literals, names, or other expressions. */
function argumentsAt(raw: string, code: string, from: number): Expr[] {
  const args: Expr[] = [];
  let depth = 0;
  let start = from;
  const take = (to: number) => {
    const text = code.slice(start, to).trim();
    if (text === '') return;
    const lead = start + code.slice(start, to).search(/\S/);
    if (/^"[^"]*"$/.test(text)) args.push({ kind: 'string', value: unquote(raw.slice(lead + 1, lead + text.length - 1)) });
    else if (/^[A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*$/.test(text)) args.push({ kind: 'name', name: text.replace(/\s+/g, '') });
    else args.push({ kind: 'other', text });
  };
  for (let i = from; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 0x28 /* ( */ || c === 0x5b /* [ */ || c === 0x7b /* { */) depth++;
    else if (c === 0x29 /* ) */ || c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth-- === 0) {
        take(i);
        return args;
      }
    } else if (c === 0x2c /* , */ && depth === 0) {
      take(i);
      start = i + 1;
    } else if (c === 0x3b /* ; */) return []; // the call did not close: not read
  }
  return [];
}

/** A string literal's content with Java's simple escapes read. */
function unquote(s: string): string {
  return s.includes('\\') ? s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e[0] === 'u' && e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : ({ t: '\t', n: '\n', r: '\r' } as Record<string, string>)[e] ?? e)) : s;
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

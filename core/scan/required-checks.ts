// Which values a method body refuses to go on without, read as text (body-facts.ts): those given
// to a guard call (`Assert.hasText(v)`, `Objects.requireNonNull(v)`), tested for missing or empty
// in an `if` that throws or returns an error (`return Result.error(..)`, `ResponseEntity.badRequest()`),
// or Kotlin's `read ?: throw`, on every path through the body. A request value read in code is a
// required parameter when the body checks it so, and so is a request body's property
// (body-checked-in-code.ts).

/**
 * Calls that throw when their first argument is null or empty: Spring's and commons-lang's
 * `Assert` / `Validate`, `Objects.requireNonNull`, Guava's `Preconditions.checkNotNull`, Kotlin's
 * `requireNotNull` / `checkNotNull`.
 */
const GUARD_CALL = /(?:\b(?:Assert|Validate|Objects|Preconditions)\s*\.\s*(?:hasText|hasLength|notNull|notEmpty|notBlank|requireNonNull|checkNotNull)|(?<![\w$.])(?:requireNonNull|checkNotNull|requireNotNull))\s*\(/g;
const IF_OPEN = /\bif\s*\(/g;
/** A branch that refuses the request: it throws, or returns what names an error (`Result.error(..)`, `R.fail(..)`, a 4xx status). */
const REFUSING_BRANCH = /^\s*\{?\s*(?:throw\b|return\b)/;
/**
 * What a `return` of a refusal names (checked on the returned expression): a call so named
 * (`R.fail(..)`, `Result.error(..)`, `ResponseEntity.badRequest()`, `errorResponse(..)`), a
 * constant (`BAD_REQUEST`, `ResultCode.PARAM_ERROR`) or a 4xx status. Only calls and constants:
 * `errorService.list()` or `ok(invalidItems)` return no error.
 */
const ERROR_VALUE = [
  /(?<![\w$])(?:errors?|fail|failed|failure|badRequest|invalid|paramError|unprocessableEntity)[\w$]*\s*\(/i,
  /(?<![\w$])[A-Z0-9_]*(?:ERROR|INVALID|FAIL|BAD_REQUEST|UNPROCESSABLE)[A-Z0-9_]*(?![\w$])/,
  /\b(?:status|Status)\s*\(\s*4\d\d\b/,
];
/** A test true when `(subject)` is missing or empty: `isEmpty(x)`, `isBlank(x)`, `isNullOrEmpty(x)`, `!hasText(x)`, `!isNotEmpty(x)`. */
const EMPTY_CALL = /^(!)?\s*(?:[A-Za-z_$][\w$]*\s*\.\s*)*(isEmpty|isBlank|isNullOrEmpty|hasText|hasLength|isNotEmpty|isNotBlank)\s*\(([\s\S]*)\)$/;
/** `x == null`, `null == x`, `x.isEmpty()`, `x.isBlank()`, Kotlin `x.isNullOrEmpty()` / `x.isNullOrBlank()`. */
const EMPTY_TEST = /^(?:([\s\S]+?)\s*==\s*null|null\s*==\s*([\s\S]+)|([\s\S]+?)\s*\??\.\s*(?:isEmpty|isBlank|isNullOrEmpty|isNullOrBlank)\s*\(\s*\))$/;

/**
 * What the body refuses to go on without: the expressions (a variable, a read call as written)
 * given to a guard call, or tested for missing or empty in an `if` that throws. Texts without
 * spaces, from `raw` (literals kept: `getParameter("a")` is not `getParameter("b")`).
 */
export function checkedSubjects(raw: string, code: string): ReadonlySet<string> {
  const out = new Set<string>();
  const text = (from: number, to: number) => raw.slice(from, to).replace(/\s+/g, '');
  const everyPath = onEveryPath(code);
  for (const m of code.matchAll(GUARD_CALL)) {
    if (!everyPath(m.index!)) continue;
    const open = m.index! + m[0].length;
    const first = topLevelSplit(code, open, closeOf(code, open), ',')[0];
    if (first) out.add(text(first.from, first.to));
  }
  for (const m of code.matchAll(IF_OPEN)) {
    if (!everyPath(m.index!)) continue;
    const open = m.index! + m[0].length;
    const close = closeOf(code, open);
    // Only a test whose branch throws makes the value one the request cannot do without.
    if (close >= code.length || !refuses(code.slice(close + 1, close + 300))) continue;
    const parts = topLevelSplit(code, open, close, '||');
    const subjects = parts.map((p) => emptinessSubject(raw.slice(p.from, p.to)));
    // `a == null || b == null`: each is required; with `&&` or another test, none need be.
    if (subjects.every((s) => s !== undefined)) subjects.forEach((s) => out.add(s!));
  }
  return out;
}

/**
 * Whether code at an offset runs on every call: in the body's own block (not inside a branch or a
 * loop) and before any `return` (a check after `if (token != null) return ..` binds only the
 * requests without the token).
 */
function onEveryPath(code: string): (at: number) => boolean {
  const top = code.trimStart().startsWith('{') ? 1 : 0;
  // A return of an error refuses the request: the checks after it still bind every accepted one.
  let firstReturn = -1;
  for (const m of code.matchAll(/\breturn\b/g)) {
    if (!isErrorReturn(code.slice(m.index!, m.index! + 300))) {
      firstReturn = m.index!;
      break;
    }
  }
  return (at) => {
    if (firstReturn >= 0 && firstReturn < at) return false;
    let depth = 0;
    for (let i = 0; i < at; i++) {
      const c = code.charCodeAt(i);
      if (c === 0x7b) depth++;
      else if (c === 0x7d) depth--;
    }
    return depth === top;
  };
}

/** Whether the branch text following an `if (..)` throws or returns an error. */
function refuses(branch: string): boolean {
  const m = REFUSING_BRANCH.exec(branch);
  if (!m) return false;
  return m[0].endsWith('throw') || isErrorReturn(branch.slice(m[0].length - 'return'.length));
}

/** Whether `text`, starting at `return`, returns an error: its expression, up to the statement's end, names one. */
function isErrorReturn(text: string): boolean {
  const end = text.search(/;|\}|\n(?!\s*[.?])/); // a Kotlin statement ends with its line, unless a call chain goes on
  const value = text.slice('return'.length, end < 0 ? text.length : end);
  return ERROR_VALUE.some((p) => p.test(value));
}

/** What a disjunct tests for missing or empty, without spaces; undefined when it tests something else. */
function emptinessSubject(test: string): string | undefined {
  let t = test.trim();
  while (t.startsWith('(') && closeOf(t, 1) === t.length - 1) t = t.slice(1, -1).trim();
  const call = EMPTY_CALL.exec(t);
  // `isEmpty(x)` names its subject; `x.isEmpty()` is read below.
  if (call?.[3]!.trim()) {
    const negated = call[1] === '!';
    const positive = call[2] === 'hasText' || call[2] === 'hasLength' || call[2] === 'isNotEmpty' || call[2] === 'isNotBlank';
    return negated === positive ? call[3]!.replace(/\s+/g, '') : undefined;
  }
  const m = EMPTY_TEST.exec(t);
  const subject = m && (m[1] ?? m[2] ?? m[3]);
  return subject && !/[|&?:]/.test(subject.replace(/\?\./g, '.')) ? subject.replace(/\s+/g, '') : undefined;
}

/**
 * Whether the read `code[from, close]` is one the body insists on: given to a guard or tested as a
 * guard's subject itself, assigned to a variable that is, or Kotlin's `read ?: throw ...`.
 */
export function isRequired(raw: string, code: string, from: number, close: number, subjects: ReadonlySet<string>): boolean {
  if (close >= code.length) return false;
  if (subjects.has(raw.slice(from, close + 1).replace(/\s+/g, ''))) return true;
  if (/^\s*\?:\s*throw\b/.test(code.slice(close + 1, close + 100))) return onEveryPath(code)(from);
  // `String value = req.getParameter(key);`, Kotlin `val value = ...`: the variable is the read.
  const assigned = /([A-Za-z_$][\w$]*)\s*(?<![=!<>])=\s*$/.exec(code.slice(Math.max(0, from - 120), from));
  return !!assigned && /^\s*(?:;|\n|$)/.test(code.slice(close + 1, close + 20)) && subjects.has(assigned[1]!);
}

/** The offset of the `)` closing the call whose `(` ends just before `from` (the text's end when it does not close). */
export function closeOf(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if ((c === 0x29 || c === 0x5d || c === 0x7d) && depth-- === 0) return i;
  }
  return code.length;
}

/** The ranges of `code[from, to)` between top-level separators (`,` or `||`). */
function topLevelSplit(code: string, from: number, to: number, separator: ',' | '||'): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  let depth = 0;
  let start = from;
  for (let i = from; i < to; i++) {
    const c = code.charCodeAt(i);
    if (c === 0x28 || c === 0x5b || c === 0x7b) depth++;
    else if (c === 0x29 || c === 0x5d || c === 0x7d) depth--;
    else if (depth === 0 && code.startsWith(separator, i)) {
      out.push({ from: start, to: i });
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  out.push({ from: start, to });
  return out.filter((r) => code.slice(r.from, r.to).trim() !== '');
}

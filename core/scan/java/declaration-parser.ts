// A hand-written reader of Java declarations: the skeleton that skeleton.ts makes (bodies blank,
// package and imports lifted) straight into the SourceFile that java-source.ts makes from a
// tree-sitter tree, without building a tree. tree-sitter's parse, the copy of its tree and the
// walk over the copy were two thirds of a cold scan's parsing; this reads the same text in one pass.
//
// It gives up (returns undefined) on anything it does not fully understand and on any syntax
// error: the caller then takes the tree-sitter path, which stays the reference for error recovery,
// diagnostics and every rare construct. So its rule is to accept only what tree-sitter reads
// without error and to produce exactly what java-source.ts makes of it; a give-up costs only time.

import type { Annotation, EnumConstant, Expr, FieldDecl, MethodDecl, ParamDecl, SourceFile, TypeDecl, TypeKind, TypeParam, TypeRef } from '../source-model';
import { cleanDocComment } from '../doc-comment';
import { bodyFacts, generatorWrites } from '../body-facts';
import { annotatedPackageName, commentText, packageBetween, constantShaped, isWordChar, lineBreaks, numberValue, qualifiedTypeName, readImport, startsLine, stringValue, unescapeJava } from './java-text';
import type { Import } from '../source-model';
import { emptyTypeDecl } from '../source-model';

/** Thrown to give up; caught in parseDeclarations. */
const BAIL = { bail: true };
/** Why the last parse gave up (tests print it). */
export let bailReason = '';

function bail(why: string): never {
  bailReason = why;
  throw BAIL;
}

// ---- lexer --------------------------------------------------------------------------------

const EOF = 0;
const WORD = 1;
const NUM = 2;
const STR = 3;
const CHAR = 4;
const OP = 5;

/** The skeleton being read, and the real text (bodies kept) for body facts. */
let S = '';
let source = '';
let P = 0; // scan position: after the current token
let kind = EOF;
let tStart = 0;
let tEnd = 0;
/** The current token's text for words and operators. */
let tText = '';
/** End of the token before the current one. */
let prevEnd = 0;
/** Comments met so far, in order: start, end. */
let cStart: number[] = [];
let cEnd: number[] = [];
/**
 * Where each line of the skeleton starts, in `lineStarts[0, lineCount)`: one array kept from file
 * to file (grown when a file has more lines), as a list pushed per line was made anew for each.
 */
let lineStarts = new Int32Array(4096);
let lineCount = 0;
/** The skeleton's blanked bodies, `{` and `}` index pairs in order (Skeleton.bodies). */
let bodies: readonly number[] = [];

const IDENT = /[\p{XID_Start}_$][\p{XID_Continue}\u00A2_$]*/uy;
/** Java's reserved words: never a name. */
const KEYWORDS = new Set(
  'abstract assert boolean break byte case catch char class const continue default do double else enum extends final finally float for goto if implements import instanceof int interface long native new package private protected public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false null'.split(' '),
);
const PRIMITIVES = new Set(['byte', 'short', 'int', 'long', 'char', 'float', 'double', 'boolean', 'void']);
const MODIFIERS = new Set(['public', 'protected', 'private', 'abstract', 'static', 'final', 'strictfp', 'default', 'synchronized', 'native', 'transient', 'volatile']);
/** Each modifier as one shared string: the declarations keep them, one copy per member otherwise. */
const MODIFIER_NAMES = new Map([...MODIFIERS].map((m) => [m, m]));
/** Operators no longer operator starts with, by char code: read without a slice. */
const SINGLE: Array<string | undefined> = [];
for (const op of ['(', ')', '{', '}', '[', ']', ';', ',', '@', '?', '~']) SINGLE[op.charCodeAt(0)] = op;

/** `[A-Za-z0-9_$]` and `[A-Za-z_$]` by char code: the lexer's word loop looks each character up here. */
const WORD_CHAR = new Uint8Array(128);
const WORD_START = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  WORD_CHAR[c] = isWordChar(c) ? 1 : 0;
  WORD_START[c] = isWordChar(c) && !(c >= 48 && c <= 57) ? 1 : 0;
}

const DIGITS = '(?:0|[1-9](?:_?[0-9]+(?:_+[0-9]+)*)?)';
const DD = '[0-9]+(?:_[0-9]+)*';
const EXP = `[eE][+-]?${DD}`;
const HD = '[A-Fa-f0-9]+(?:_[A-Fa-f0-9]+)*';
const DECIMAL_NUMBER = new RegExp(
  `^(?:${DIGITS}[lL]?|0[oO]?[0-7]+(?:_[0-7]+)*[lL]?|0[bB][01]+(?:_[01]+)*[lL]?|${DD}\\.(?:${DD})?(?:${EXP})?[fFdD]?|\\.${DD}(?:${EXP})?[fFdD]?|${DIGITS}${EXP}[fFdD]?|${DIGITS}(?:${EXP})?[fFdD])$`,
);
const HEX_NUMBER = new RegExp(`^0[xX](?:${HD}[lL]?|(?:${HD}\\.?|(?:${HD})?\\.${HD})(?:[pP][+-]?${DIGITS}[fFdD]?)?)$`);

/** Reads the token at P (skipping blanks and comments) into the current token. */
function lex(): void {
  const n = S.length;
  let i = P;
  for (;;) {
    if (i >= n) {
      kind = EOF;
      tStart = tEnd = n;
      tText = '';
      P = n;
      return;
    }
    const c = S.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x0b) {
      i++;
      continue;
    }
    if (c === 0x2f) {
      const d = S.charCodeAt(i + 1);
      if (d === 0x2f) {
        const e = S.indexOf('\n', i);
        cStart.push(i);
        cEnd.push(e < 0 ? n : e);
        i = e < 0 ? n : e;
        continue;
      }
      if (d === 0x2a) {
        const e = S.indexOf('*/', i + 2);
        if (e < 0) bail('unterminated comment');
        cStart.push(i);
        cEnd.push(e + 2);
        i = e + 2;
        continue;
      }
    }
    break;
  }
  tStart = i;
  const c = S.charCodeAt(i);
  if (c < 128 && WORD_START[c] === 1) {
    let k = i + 1;
    while (k < n) {
      const d = S.charCodeAt(k);
      if (d >= 128) {
        k = unicodeWordEnd(i);
        break;
      }
      if (WORD_CHAR[d] === 0) break;
      k++;
    }
    kind = WORD;
    tEnd = k;
    tText = S.slice(i, k);
  } else if (c >= 128) {
    kind = WORD;
    tEnd = unicodeWordEnd(i);
    tText = S.slice(i, tEnd);
  } else if ((c >= 48 && c <= 57) || (c === 0x2e && S.charCodeAt(i + 1) >= 48 && S.charCodeAt(i + 1) <= 57)) {
    lexNumber(i);
  } else if (c === 0x22) {
    lexString(i);
  } else if (c === 0x27) {
    lexChar(i);
  } else {
    kind = OP;
    const op = SINGLE[c] ?? operatorAt(i, c);
    if (op === undefined) bail(`unexpected character ${JSON.stringify(S[i])}`);
    tText = op;
    tEnd = i + op.length;
  }
  P = tEnd;
}

/**
 * The longest operator starting with `c` at `i` (`...` and `<<=`, then the two-character ones, then
 * the one-character ones), as a constant string: no slice per operator token. `>>`, `>=` and `>>>`
 * are read as `>` here (binaryOp joins them), as type arguments close with them.
 */
function operatorAt(i: number, c: number): string | undefined {
  const d = S.charCodeAt(i + 1);
  switch (c) {
    case 0x2e: // .
      return d === 0x2e && S.charCodeAt(i + 2) === 0x2e ? '...' : '.';
    case 0x3c: // <
      if (d === 0x3c) return S.charCodeAt(i + 2) === 0x3d ? '<<=' : '<<';
      return d === 0x3d ? '<=' : '<';
    case 0x3e:
      return '>';
    case 0x2d: // -
      return d === 0x3e ? '->' : d === 0x2d ? '--' : d === 0x3d ? '-=' : '-';
    case 0x2b: // +
      return d === 0x2b ? '++' : d === 0x3d ? '+=' : '+';
    case 0x3a: // :
      return d === 0x3a ? '::' : ':';
    case 0x26: // &
      return d === 0x26 ? '&&' : d === 0x3d ? '&=' : '&';
    case 0x7c: // |
      return d === 0x7c ? '||' : d === 0x3d ? '|=' : '|';
    case 0x3d: // =
      return d === 0x3d ? '==' : '=';
    case 0x21: // !
      return d === 0x3d ? '!=' : '!';
    case 0x2a:
      return d === 0x3d ? '*=' : '*';
    case 0x2f:
      return d === 0x3d ? '/=' : '/';
    case 0x25:
      return d === 0x3d ? '%=' : '%';
    case 0x5e:
      return d === 0x3d ? '^=' : '^';
    default:
      return undefined;
  }
}

function unicodeWordEnd(i: number): number {
  IDENT.lastIndex = i;
  const m = IDENT.exec(S);
  if (!m) bail('unexpected character');
  return i + m[0].length;
}

function lexNumber(i: number): void {
  const n = S.length;
  const hex = S.charCodeAt(i) === 0x30 && (S.charCodeAt(i + 1) | 0x20) === 0x78;
  let k = i + 1;
  while (k < n) {
    const d = S.charCodeAt(k);
    if (isWordChar(d) || d === 0x2e) k++;
    else if ((d === 0x2b || d === 0x2d) && (hex ? (S.charCodeAt(k - 1) | 0x20) === 0x70 : (S.charCodeAt(k - 1) | 0x20) === 0x65)) k++;
    else break;
  }
  const text = S.slice(i, k);
  if (!(hex ? HEX_NUMBER : DECIMAL_NUMBER).test(text)) bail(`number ${text}`);
  kind = NUM;
  tEnd = k;
  tText = text;
}

function lexString(i: number): void {
  const n = S.length;
  if (S.startsWith('"""', i)) {
    let k = i + 3;
    for (;;) {
      if (k >= n) bail('unterminated text block');
      const c = S.charCodeAt(k);
      if (c === 0x5c) {
        if (S.charCodeAt(k + 1) === 0x7b) bail('string template');
        k += 2;
      } else if (c === 0x22 && S.startsWith('"""', k)) {
        if (S.charCodeAt(k + 3) === 0x22) bail('quote at a text block end');
        k += 3;
        break;
      } else k++;
    }
    kind = STR;
    tEnd = k;
    return;
  }
  let k = i + 1;
  for (;;) {
    if (k >= n) bail('unterminated string');
    const c = S.charCodeAt(k);
    if (c === 0x5c) {
      const e = S.charCodeAt(k + 1);
      if (e === 0x7b) bail('string template');
      if (e === 0x75 && !/^u[0-9a-fA-F]{4}/.test(S.slice(k + 1, k + 6))) bail('unicode escape');
      if (e === 0x78) bail('hex escape');
      if (e === 0x0a || e === 0x0d) bail('line break in a string');
      k += 2;
    } else if (c === 0x22) {
      k++;
      break;
    } else if (c === 0x0a || c === 0x0d) bail('line break in a string');
    else k++;
  }
  kind = STR;
  tEnd = k;
}

function lexChar(i: number): void {
  let k = i + 1;
  for (;;) {
    if (k >= S.length) bail('unterminated char');
    const c = S.charCodeAt(k);
    if (c === 0x5c) k += 2;
    else if (c === 0x27) break;
    else if (c === 0x0a || c === 0x0d) bail('line break in a char');
    else k++;
  }
  if (k === i + 1) bail('empty char');
  kind = CHAR;
  tEnd = k + 1;
}

function next(): void {
  prevEnd = tEnd;
  lex();
}

interface Mark {
  start: number;
  prevEnd: number;
  comments: number;
}

function mark(): Mark {
  return { start: tStart, prevEnd, comments: cStart.length };
}

function reset(m: Mark): void {
  P = m.start;
  cStart.length = cEnd.length = m.comments;
  lex();
  prevEnd = m.prevEnd;
}

function is(op: string): boolean {
  return kind === OP && tText === op;
}

function isWord(w: string): boolean {
  return kind === WORD && tText === w;
}

function expect(op: string): void {
  if (kind !== OP || tText !== op) bail(`expected ${op} at ${tStart}`);
  next();
}

/** A name: a word that is not a reserved word. */
function isName(): boolean {
  return kind === WORD && !KEYWORDS.has(tText);
}

function name(): string {
  if (!isName()) bail(`expected a name at ${tStart}`);
  const t = tText;
  next();
  return t;
}

/**
 * The current token is followed (after blanks and comments) by the operator `op` (one of
 * `(`, `{`, `<`, `]`, `=`, `->`): a look at the text, no token made.
 */
function nextIs(op: string): boolean {
  const n = S.length;
  let i = P;
  while (i < n) {
    const c = S.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x0b) i++;
    else if (c === 0x2f && S.charCodeAt(i + 1) === 0x2f) {
      const e = S.indexOf('\n', i);
      i = e < 0 ? n : e;
    } else if (c === 0x2f && S.charCodeAt(i + 1) === 0x2a) {
      const e = S.indexOf('*/', i + 2);
      if (e < 0) return false;
      i = e + 2;
    } else break;
  }
  if (!S.startsWith(op, i)) return false;
  // `=` is not `==`, `<` not `<=` or `<<`
  if (op === '=' || op === '<') return S.charCodeAt(i + 1) !== 0x3d && S.charCodeAt(i + 1) !== 0x3c;
  return true;
}

/** A comment lies in [from, to). */
function commentIn(from: number, to: number): boolean {
  for (let i = cStart.length - 1; i >= 0; i--) {
    const s = cStart[i]!;
    if (s < from) return false;
    if (s < to) return true;
  }
  return false;
}

function lineOf(index: number): number {
  let lo = 0;
  let hi = lineCount - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= index) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// ---- types --------------------------------------------------------------------------------

function ref(name: string): TypeRef {
  return { name, args: [], dims: 0 };
}

function cloneRef(t: TypeRef): TypeRef {
  const c: TypeRef = { name: t.name, args: t.args.map(cloneRef), dims: t.dims };
  if (t.bound) c.bound = { kind: t.bound.kind, type: cloneRef(t.bound.type) };
  return c;
}

/** `_type`: annotations allowed before it (they are dropped, as java-source reads an annotated type). */
function parseType(): TypeRef {
  const start = tStart;
  if (is('@')) {
    while (is('@')) parseAnnotation();
  }
  const t = parseUnannotatedType();
  if (commentIn(start, prevEnd)) bail('comment in a type');
  return t;
}

/** `_unannotated_type`: a primitive or (scoped, generic) class type, then array dimensions. */
function parseUnannotatedType(): TypeRef {
  if (kind !== WORD) bail(`expected a type at ${tStart}`);
  const start = tStart;
  let t: TypeRef;
  if (PRIMITIVES.has(tText)) {
    t = ref(tText);
    next();
  } else {
    if (KEYWORDS.has(tText)) bail(`expected a type at ${tStart}`);
    let last = tText;
    let lastEnd = tEnd;
    let dotted = false;
    let args: TypeRef[] | undefined;
    next();
    for (;;) {
      args = undefined;
      if (is('<')) args = parseTypeArguments();
      if (is('.')) {
        const m = mark();
        next();
        if (is('@')) {
          // a type-use annotation inside the name (`java.util.@Nullable List`): not part of it
          while (is('@')) parseAnnotation();
          if (!isName()) bail(`expected a name after an annotation at ${tStart}`);
        } else if (!isName()) {
          reset(m);
          break;
        }
        dotted = true;
        last = tText;
        lastEnd = tEnd;
        next();
        continue;
      }
      break;
    }
    t = ref(dotted ? qualifiedTypeName(S.slice(start, lastEnd)) : last);
    if (args) t.args = args;
  }
  t.dims += parseDims();
  if (commentIn(start, prevEnd)) bail('comment in a type');
  return t;
}

/** `[]` pairs after a type or a name. */
function parseDims(): number {
  let dims = 0;
  while (is('[')) {
    const m = mark();
    next();
    if (!is(']')) {
      reset(m);
      break;
    }
    next();
    dims++;
  }
  if (is('@')) bail('annotated dimensions');
  return dims;
}

function parseTypeArguments(): TypeRef[] {
  expect('<');
  if (is('>')) {
    next();
    return [];
  }
  let args: TypeRef[] | undefined;
  for (;;) {
    const start = tStart;
    while (is('@')) parseAnnotation();
    if (is('?')) {
      next();
      const w = ref('?');
      if (isWord('extends') || isWord('super')) {
        const k = tText === 'super' ? 'super' : 'extends';
        next();
        w.bound = { kind: k, type: parseType() };
      }
      if (commentIn(start, prevEnd)) bail('comment in a wildcard');
      args = append(args, w);
    } else {
      const t = parseUnannotatedType();
      if (commentIn(start, prevEnd)) bail('comment in a type argument');
      args = append(args, t);
    }
    if (is(',')) {
      next();
      continue;
    }
    expect('>');
    return exactList(args);
  }
}

function parseTypeParams(): TypeParam[] {
  expect('<');
  const out: TypeParam[] = [];
  for (;;) {
    const start = tStart;
    while (is('@')) parseAnnotation();
    const p: TypeParam = { name: name(), bounds: [] };
    if (isWord('extends')) {
      next();
      p.bounds.push(parseType());
      while (is('&')) {
        next();
        p.bounds.push(parseType());
      }
    }
    if (commentIn(start, prevEnd)) bail('comment in a type parameter');
    out.push(p);
    if (is(',')) {
      next();
      continue;
    }
    expect('>');
    return out;
  }
}

function parseTypeList(): TypeRef[] {
  const out = [parseType()];
  while (is(',')) {
    next();
    out.push(parseType());
  }
  return out;
}

// ---- annotations and expressions ----------------------------------------------------------

function parseAnnotation(): Annotation {
  const at = tStart;
  expect('@');
  const nameStart = tStart;
  name();
  while (is('.')) {
    next();
    name();
  }
  const a: Annotation = { name: S.slice(nameStart, prevEnd), args: {}, line: lineOf(at) + 1 };
  if (is('(')) {
    next();
    if (!is(')')) {
      if (isName() && nextIs('=')) {
        for (;;) {
          const key = name();
          expect('=');
          a.args[key] = parseElementValue().expr;
          if (!is(',')) break;
          next();
        }
      } else a.args.value = parseElementValue().expr;
    }
    expect(')');
  }
  return a;
}

/** An expression's value as java-source's readExpr reads it, and its source range. */
interface Ex {
  expr: Expr;
  start: number;
  end: number;
}

function other(start: number, end: number): Ex {
  return { expr: { kind: 'other', text: S.slice(start, end) }, start, end };
}

function parseElementValue(): Ex {
  if (is('{')) return parseArrayInit(parseElementValue);
  if (is('@')) {
    const start = tStart;
    return { expr: { kind: 'annotation', annotation: parseAnnotation() }, start, end: prevEnd };
  }
  return parseExpr();
}

function parseVariableInit(): Ex {
  if (is('{')) return parseArrayInit(parseVariableInit);
  return parseExpr();
}

function parseArrayInit(item: () => Ex): Ex {
  const start = tStart;
  expect('{');
  const items: Expr[] = [];
  while (!is('}')) {
    items.push(item().expr);
    if (!is(',')) break;
    next();
  }
  expect('}');
  return { expr: { kind: 'array', items }, start, end: prevEnd };
}

/** Whether `(` at the current token opens a lambda's parameters: `( ... ) ->`. */
function lambdaAhead(): boolean {
  const m = mark();
  let depth = 0;
  for (;;) {
    if (kind === EOF) break;
    if (is('(')) depth++;
    else if (is(')') && --depth === 0) {
      next();
      const r = is('->');
      reset(m);
      return r;
    } else if (is(';') || is('{') || is('}')) break;
    next();
  }
  reset(m);
  return false;
}

function parseExpr(): Ex {
  const start = tStart;
  if (isName() && nextIs('->')) {
    next();
    return parseLambdaBody(start);
  }
  if (is('(') && lambdaAhead()) {
    next();
    if (!is(')')) {
      // inferred (`a, b`) or formal (`String a`) parameters
      const m = mark();
      next();
      if (is(',') || is(')')) {
        reset(m);
        for (;;) {
          name();
          if (!is(',')) break;
          next();
        }
      } else {
        reset(m);
        parseParamList();
      }
    }
    expect(')');
    return parseLambdaBody(start);
  }
  if (isWord('switch')) bail('switch expression');
  const cond = parseBinary(0);
  if (is('?')) {
    next();
    parseExpr();
    expect(':');
    const alt = parseExpr();
    return other(start, alt.end);
  }
  if (kind === OP && tText.length <= 4 && tText.endsWith('=') && tText !== '==' && tText !== '!=' && tText !== '<=') bail('assignment');
  return cond;
}

function parseLambdaBody(start: number): Ex {
  expect('->');
  if (is('{')) {
    skipBlankBlock();
    return other(start, prevEnd);
  }
  const body = parseExpr();
  return other(start, body.end);
}

const PREC: Record<string, number> = {
  '||': 4, '&&': 5, '|': 6, '^': 7, '&': 8, '==': 9, '!=': 9, '<': 10, '>': 10, '<=': 10, '>=': 10, instanceof: 10,
  '<<': 11, '>>': 11, '>>>': 11, '+': 12, '-': 12, '*': 13, '/': 13, '%': 13,
};
/** Terms one concatenation may hold here; longer ones are left to tree-sitter's path, which reports them. */
const MAX_TERMS = 2000;

/** The binary operator at the current token, with `>` runs joined (`>>`, `>=`), and its length in characters. */
function binaryOp(): string | undefined {
  if (kind === WORD) return tText === 'instanceof' ? tText : undefined;
  if (kind !== OP) return undefined;
  if (tText === '>') {
    let k = tStart + 1;
    while (k < tStart + 3 && S.charCodeAt(k) === 0x3e) k++;
    const op = S.slice(tStart, k);
    if (S.charCodeAt(k) === 0x3d) {
      if (op === '>') return '>=';
      bail('shift assignment');
    }
    return op;
  }
  return PREC[tText] !== undefined ? tText : undefined;
}

function parseBinary(minPrec: number): Ex {
  let left = parseUnary();
  let terms = 1;
  for (;;) {
    const op = binaryOp();
    if (op === undefined) return left;
    const prec = PREC[op]!;
    if (prec < minPrec) return left;
    if (op.length > 1 && op[0] === '>') {
      P = tStart + op.length;
      prevEnd = tStart + op.length;
      lex();
    } else next();
    if (op === 'instanceof') {
      if (isWord('final')) bail('instanceof final');
      parseType();
      if (is('(')) bail('record pattern');
      if (isName()) next();
      left = other(left.start, prevEnd);
      continue;
    }
    const right = parseBinary(prec + 1);
    if (op === '+') {
      if (++terms > MAX_TERMS) bail('long concatenation');
      let parts: Expr[];
      if (left.expr.kind === 'concat') parts = left.expr.parts;
      else parts = [left.expr];
      if (right.expr.kind === 'concat') for (const p of right.expr.parts) parts.push(p);
      else parts.push(right.expr);
      left = { expr: { kind: 'concat', parts }, start: left.start, end: right.end };
    } else left = other(left.start, right.end);
  }
}

function parseUnary(): Ex {
  const start = tStart;
  if (kind === OP) {
    switch (tText) {
      case '-': {
        next();
        const operand = parseUnary();
        return { expr: { kind: 'literal', value: S.slice(start, operand.end).replace(/\s+/g, '') }, start, end: operand.end };
      }
      case '+':
      case '!':
      case '~':
      case '++':
      case '--': {
        next();
        const operand = parseUnary();
        return other(start, operand.end);
      }
      case '(':
        return parseParenOrCast();
    }
  }
  return parsePostfix(parsePrimary());
}

/** `(` type `)` operand, or a parenthesized expression. */
function parseParenOrCast(): Ex {
  const start = tStart;
  const m = mark();
  next();
  let castType = false;
  let primitive = false;
  if (kind === WORD && !(KEYWORDS.has(tText) && !PRIMITIVES.has(tText))) {
    try {
      primitive = PRIMITIVES.has(tText);
      parseType();
      while (is('&')) {
        next();
        parseType();
      }
      castType = is(')');
    } catch (e) {
      if (e !== BAIL) throw e;
    }
  }
  if (castType) {
    next();
    // After a reference type `(a) + b` reads either way; only a sure cast is taken.
    const opens = kind === WORD || kind === NUM || kind === STR || kind === CHAR || is('(') || is('!') || is('~');
    if (primitive || opens) {
      if (!primitive && kind === WORD && (tText === 'instanceof')) bail('ambiguous cast');
      if (!opens && !(is('-') || is('+'))) bail('cast operand');
      // a lambda may be cast: `(Listener<K, V>) event -> { … }`
      const lambda = (isName() && nextIs('->')) || (is('(') && lambdaAhead());
      const operand = lambda ? parseExpr() : parseUnary();
      return other(start, operand.end);
    }
    if (is('+') || is('-') || is('++') || is('--')) bail('ambiguous cast');
  }
  reset(m);
  next();
  const inner = parseExpr();
  expect(')');
  return parsePostfixOf({ expr: inner.expr, start, end: prevEnd }, false);
}

function parsePrimary(): Ex {
  const start = tStart;
  switch (kind) {
    case STR:
      next();
      return { expr: { kind: 'string', value: stringValue(S.slice(start, prevEnd)) }, start, end: prevEnd };
    case CHAR:
      next();
      return { expr: { kind: 'literal', value: unescapeJava(S.slice(start + 1, prevEnd - 1)) }, start, end: prevEnd };
    case NUM: {
      const hex = tText.length > 1 && (tText.charCodeAt(1) | 0x20) === 0x78;
      next();
      return { expr: { kind: 'literal', value: numberValue(S.slice(start, prevEnd), hex) }, start, end: prevEnd };
    }
    case WORD:
      break;
    default:
      bail(`expected an expression at ${tStart}`);
  }
  const w = tText;
  if (w === 'true' || w === 'false' || w === 'null') {
    next();
    return { expr: { kind: 'literal', value: w }, start, end: prevEnd };
  }
  if (w === 'this') {
    next();
    if (is('(')) bail('this call');
    return other(start, prevEnd);
  }
  if (w === 'new') return parseCreation();
  if (PRIMITIVES.has(w)) {
    // int.class, int[].class, int[]::new
    next();
    const dims = parseDims();
    if (is('.')) {
      next();
      if (!isWord('class')) bail('primitive member');
      next();
      const t = ref(w);
      t.dims = dims;
      return { expr: { kind: 'class', type: t }, start, end: prevEnd };
    }
    if (is('::')) return parsePostfixOf(other(start, prevEnd), false);
    bail('primitive in an expression');
  }
  if (!isName()) bail(`unexpected ${w}`);
  next();
  if (is('(')) {
    parseArguments();
    return other(start, prevEnd);
  }
  return { expr: { kind: 'name', name: w }, start, end: prevEnd };
}

/** Postfix chain after a primary: `.name`, `.name(…)`, `[i]`, `.class`, `::m`, `++`. */
function parsePostfix(p: Ex): Ex {
  return parsePostfixOf(p, p.expr.kind === 'name');
}

function parsePostfixOf(p: Ex, nameChain: boolean): Ex {
  const start = p.start;
  let cur = p;
  let dims = 0;
  for (;;) {
    if (is('.')) {
      next();
      if (isWord('class')) {
        if (!nameChain) bail('class literal');
        next();
        const text = S.slice(start, cur.end);
        const t = ref(text.includes('.') ? text.replace(/<[^>]*>/g, '').replace(/\s+/g, '') : text.replace(/\s+/g, ''));
        if (commentIn(start, cur.end)) bail('comment in a class literal');
        t.dims = dims;
        dims = 0;
        cur = { expr: { kind: 'class', type: t }, start, end: prevEnd };
        nameChain = false;
        continue;
      }
      if (dims) bail('member of an array type');
      if (is('<')) {
        parseTypeArguments();
        name();
        parseArguments();
        cur = other(start, prevEnd);
        nameChain = false;
        continue;
      }
      if (isWord('this')) {
        next();
        cur = { expr: { kind: 'name', name: S.slice(start, prevEnd).replace(/\s+/g, '') }, start, end: prevEnd };
        nameChain = false;
        continue;
      }
      if (isWord('new') || isWord('super') || kind === STR) bail('qualified new, super or template');
      name();
      if (is('(')) {
        parseArguments();
        cur = other(start, prevEnd);
        nameChain = false;
      } else {
        cur = { expr: { kind: 'name', name: S.slice(start, prevEnd).replace(/\s+/g, '') }, start, end: prevEnd };
      }
      continue;
    }
    if (is('[')) {
      if (nameChain && nextIs(']')) {
        dims += parseDims();
        if (!is('.') && !is('::')) bail('array type in an expression');
        continue;
      }
      if (dims) bail('index on an array type');
      next();
      parseExpr();
      expect(']');
      cur = other(start, prevEnd);
      nameChain = false;
      continue;
    }
    if (is('::')) {
      next();
      if (is('<')) parseTypeArguments();
      if (isWord('new')) next();
      else name();
      return other(start, prevEnd);
    }
    if (dims) bail('array type in an expression');
    if (is('++') || is('--')) {
      next();
      return other(start, prevEnd);
    }
    return cur;
  }
}

function parseArguments(): void {
  expect('(');
  if (!is(')')) {
    for (;;) {
      parseExpr();
      if (!is(',')) break;
      next();
    }
  }
  expect(')');
}

/** `new T(args) [body]`, `new T[n]…`, `new T[]{…}`. */
function parseCreation(): Ex {
  const start = tStart;
  next(); // new
  if (is('<')) parseTypeArguments();
  if (is('@')) bail('annotated creation');
  if (kind !== WORD) bail('new without a type');
  if (PRIMITIVES.has(tText)) next();
  else {
    name();
    for (;;) {
      if (is('<')) parseTypeArguments();
      if (is('.')) {
        next();
        name();
        continue;
      }
      break;
    }
  }
  if (is('[')) {
    if (nextIs(']')) {
      parseDims();
      if (!is('{')) bail('array creation without size');
      parseArrayInit(parseVariableInit);
      return other(start, prevEnd);
    }
    while (is('[')) {
      const m = mark();
      next();
      if (is(']')) {
        reset(m);
        parseDims();
        break;
      }
      parseExpr();
      expect(']');
    }
    return other(start, prevEnd);
  }
  parseArguments();
  if (is('{')) {
    const scratch = scratchType();
    parseClassBody(scratch, 'class');
  }
  return other(start, prevEnd);
}

// ---- declarations -------------------------------------------------------------------------

let file!: SourceFile;

interface Modifiers {
  modifiers: string[];
  annotations: Annotation[];
}

/** The declaration's constructor annotations, made (one empty list per constructor so far) on the first annotated one. */
function constructorAnnotations(decl: TypeDecl): Annotation[][] {
  return (decl.constructorAnnotations ??= decl.constructors.map(() => []));
}

/** The modifiers and annotations before a declaration, each list at its length (exactList). */
function parseModifiers(): Modifiers {
  let modifiers: string[] | undefined;
  let annotations: Annotation[] | undefined;
  for (;;) {
    if (kind === WORD) {
      const modifier = MODIFIER_NAMES.get(tText);
      if (modifier) {
        modifiers = append(modifiers, modifier);
        next();
        continue;
      }
      if (tText === 'sealed' || (tText === 'non' && S.startsWith('non-sealed', tStart))) {
        if (tText === 'non') {
          if (isWordChar(S.charCodeAt(tStart + 10))) bail('non-sealed');
          P = tStart + 10;
          tEnd = P;
          tText = 'non-sealed';
        }
        const m = mark();
        const word = tText;
        next();
        if (kind === WORD && (MODIFIERS.has(tText) || tText === 'class' || tText === 'interface' || tText === 'sealed')) {
          modifiers = append(modifiers, word);
          continue;
        }
        reset(m);
        bail('sealed');
      }
      break;
    }
    if (is('@')) {
      if (S.startsWith('interface', tStart + 1)) break;
      annotations = append(annotations, parseAnnotation());
      continue;
    }
    break;
  }
  return { modifiers: exactList(modifiers), annotations: exactList(annotations) };
}

/** `list` with `item` at its end; a list of one, made as a literal, when there was none. */
function append<T>(list: T[] | undefined, item: T): T[] {
  if (list === undefined) return [item];
  list.push(item);
  return list;
}

/**
 * A list made by append, at its length: itself while it holds one item (a literal of one has no
 * room to spare), else a copy; a new empty list for none. A list grown by push has room for 17
 * items from its first one, and the declarations keep their (mostly one- or two-item) lists of
 * modifiers, annotations, parameters and type arguments for the whole scan, where the spare room
 * is memory the collector copies. Made at the first item, a list of one is made once, not twice.
 */
function exactList<T>(list: T[] | undefined): T[] {
  return list === undefined ? [] : list.length === 1 ? list : list.slice();
}

/** At a type declaration's keyword (after its modifiers): its kind, or undefined. */
function typeKeyword(): TypeKind | undefined {
  if (kind === WORD) {
    // Compared, not looked up: a word as a key was hashed for every member, and `constructor` or
    // `toString` as a key found the object's prototype.
    const k = tText === 'class' ? 'class' : tText === 'interface' ? 'interface' : tText === 'enum' ? 'enum' : tText === 'record' ? 'record' : undefined;
    if (!k) return undefined;
    if (k === 'record') {
      // `record R(` or `record R<`: otherwise `record` is a name
      const m = mark();
      next();
      const ok = isName() && (nextIs('(') || nextIs('<'));
      reset(m);
      if (!ok) bail('record as a name');
    }
    return k;
  }
  if (is('@') && S.startsWith('interface', tStart + 1)) {
    if (isWordChar(S.charCodeAt(tStart + 10)) || S.charCodeAt(tStart + 10) >= 128) bail('@interface name');
    return 'annotation';
  }
  return undefined;
}

function scratchType(): TypeDecl {
  return emptyTypeDecl('class', '', '', file, 0, 0);
}

/** At the type keyword, after the modifiers. */
function parseTypeDecl(k: TypeKind, mods: Modifiers, outer: TypeDecl | undefined, prefix: string, rawDoc: string | undefined): TypeDecl {
  if (k === 'annotation') {
    P = tStart + 10;
    tEnd = P;
    next();
  } else next();
  const nameStart = tStart;
  const typeName = name();
  const line = lineOf(nameStart);
  const decl = emptyTypeDecl(k, typeName, prefix ? `${prefix}.${typeName}` : typeName, file, line + 1, nameStart - lineStarts[line]! + 1);
  decl.modifiers = mods.modifiers;
  decl.annotations = mods.annotations;
  if (outer) decl.outer = outer;
  const doc = rawDoc ? cleanDocComment(rawDoc) : undefined;
  if (doc) decl.doc = doc;
  if (k !== 'enum' && k !== 'annotation' && is('<')) decl.typeParams = parseTypeParams();
  if (k === 'record') decl.components = parseFormalParameters();
  if (k === 'class' && isWord('extends')) {
    next();
    decl.superclass = parseType();
  }
  if (k === 'interface' && isWord('extends')) {
    next();
    decl.interfaces = parseTypeList();
  } else if (k !== 'annotation' && k !== 'interface' && isWord('implements')) {
    next();
    decl.interfaces = parseTypeList();
  }
  if ((k === 'class' || k === 'interface') && isWord('permits')) {
    next();
    parseTypeList();
  }
  parseClassBody(decl, k === 'record' ? 'class' : (k as BodyKind));
  return decl;
}

/** The doc state of a body: java-source's readBody `visit`, fed with comments and members in order. */
class BodyDocs {
  pending: string | undefined;
  leading: { end: number; lines: string[] } | undefined;
  last: { end: number; members: Array<{ doc?: string }> } | undefined;
  /** Comments before this index are read (or lie inside members). */
  fed: number;

  constructor(from: number) {
    let i = cStart.length;
    while (i > 0 && cStart[i - 1]! >= from) i--;
    this.fed = i;
  }

  /** Reads the comments between members up to `to`. */
  feed(to: number): void {
    while (this.fed < cStart.length && cStart[this.fed]! < to) {
      const s = cStart[this.fed]!;
      const e = cEnd[this.fed]!;
      this.fed++;
      if (S.charCodeAt(s + 1) === 0x2a) {
        if (S.startsWith('/**', s)) this.pending = S.slice(s, e);
        continue;
      }
      const line = commentText(S.slice(s, e));
      if (this.last && lineBreaks(S, this.last.end, s) === 0) {
        if (line) for (const member of this.last.members) member.doc ??= line;
        this.last = undefined;
      } else if (this.leading && lineBreaks(S, this.leading.end, s) === 1) {
        if (line) this.leading.lines.push(line);
        this.leading.end = e;
      } else {
        this.leading = startsLine(S, s) ? { end: e, lines: line ? [line] : [] } : undefined;
      }
    }
  }

  /** Skips the comments inside a member that ended at `end`. */
  skip(end: number): void {
    while (this.fed < cStart.length && cStart[this.fed]! < end) this.fed++;
  }

  docOf(start: number): string | undefined {
    if (this.pending) return cleanDocComment(this.pending);
    if (!this.leading || lineBreaks(S, this.leading.end, start) !== 1) return undefined;
    return this.leading.lines.length ? this.leading.lines.join('\n') : undefined;
  }

  /** After a member. */
  done(end: number): void {
    this.pending = undefined;
    this.leading = undefined;
    this.skip(end);
  }
}

type BodyKind = 'class' | 'interface' | 'enum' | 'annotation';

/** A body `{ … }`: the current token is `{`. */
function parseClassBody(decl: TypeDecl, body: BodyKind): void {
  const open = tStart;
  expect('{');
  const docs = new BodyDocs(open + 1);
  if (body === 'enum') {
    parseEnumConstants(decl, docs);
    if (is(';')) {
      docs.feed(tStart);
      docs.pending = undefined;
      next();
    } else {
      docs.feed(tStart);
      expect('}');
      return;
    }
  }
  for (;;) {
    docs.feed(tStart);
    if (is('}')) {
      next();
      return;
    }
    if (is(';')) {
      next();
      continue;
    }
    if (kind === EOF) bail('unclosed body');
    parseMember(decl, body, docs);
  }
}

function parseEnumConstants(decl: TypeDecl, docs: BodyDocs): void {
  for (;;) {
    docs.feed(tStart);
    if (is(';') || is('}')) return;
    const start = tStart;
    const mods = parseModifiers();
    const c: EnumConstant = { name: name(), args: [], annotations: mods.annotations };
    if (is('(')) {
      next();
      if (!is(')')) {
        for (;;) {
          c.args.push(parseExpr().expr);
          if (!is(',')) break;
          next();
        }
      }
      expect(')');
    }
    if (is('{')) parseClassBody(scratchType(), 'class');
    const doc = docs.docOf(start);
    if (doc) c.doc = doc;
    decl.enumConstants.push(c);
    docs.done(prevEnd);
    docs.last = { end: prevEnd, members: [c] };
    if (!is(',')) return;
    next();
  }
}

function parseMember(decl: TypeDecl, body: BodyKind, docs: BodyDocs): void {
  const start = tStart;
  // initializer blocks: kept in the skeleton with their statements, which only tree-sitter reads
  if (is('{') || (isWord('static') && nextIs('{'))) {
    if (body === 'interface' || body === 'annotation') bail('initializer in an interface');
    if (isWord('static')) next();
    skipBlankBlock();
    docs.last = undefined;
    docs.done(prevEnd);
    return;
  }
  const mods = parseModifiers();
  const k = typeKeyword();
  if (k) {
    if (body === 'annotation' && k === 'record') bail('record in an annotation type');
    decl.nested.push(parseTypeDecl(k, mods, decl, decl.fqn, docs.pending));
    docs.last = undefined;
    docs.done(prevEnd);
    return;
  }
  let typeParams: TypeParam[] = [];
  if (is('<')) {
    if (body === 'annotation') bail('generic annotation element');
    typeParams = parseTypeParams();
    while (is('@')) parseAnnotation();
  }
  // constructor `Name(` or compact constructor `Name {`
  if (isName() && (nextIs('(') || nextIs('{'))) {
    if (body !== 'class' && body !== 'enum') bail('constructor outside a class');
    next();
    if (is('{')) {
      if (typeParams.length) bail('generic compact constructor');
      skipBlankBlock();
    } else {
      const params = parseFormalParameters();
      if (isWord('throws')) {
        next();
        parseTypeList();
      }
      skipBlankBlock(true);
      if (mods.annotations.length) constructorAnnotations(decl)[decl.constructors.length] = mods.annotations;
      decl.constructors.push(params);
    }
    docs.last = undefined;
    docs.done(prevEnd);
    return;
  }
  const type = parseUnannotatedType();
  const nameStart = tStart;
  const memberName = name();
  if (is('(')) {
    decl.methods.push(parseMethodRest(mods, typeParams, type, memberName, nameStart, body, docs.pending));
    docs.last = undefined;
    docs.done(prevEnd);
    return;
  }
  if (typeParams.length) bail('generic field');
  const doc = docs.docOf(start);
  const fields = parseFieldRest(mods, type, memberName, nameStart, body === 'interface' || body === 'annotation', doc);
  for (const f of fields) decl.fields.push(f);
  docs.done(prevEnd);
  docs.last = { end: prevEnd, members: fields };
}

function parseMethodRest(mods: Modifiers, typeParams: TypeParam[], returnType: TypeRef, methodName: string, nameStart: number, body: BodyKind, rawDoc: string | undefined): MethodDecl {
  let params: ParamDecl[] = [];
  if (body === 'annotation') {
    expect('(');
    expect(')');
  } else params = parseFormalParameters();
  returnType.dims += parseDims();
  const line = lineOf(nameStart);
  const method: MethodDecl = {
    name: methodName,
    modifiers: mods.modifiers,
    annotations: mods.annotations,
    typeParams,
    params,
    returnType,
    line: line + 1,
    column: nameStart - lineStarts[line]! + 1,
  };
  const doc = rawDoc ? cleanDocComment(rawDoc) : undefined;
  if (doc) method.doc = doc;
  if (body === 'annotation') {
    if (isWord('default')) {
      next();
      parseElementValue();
    }
    expect(';');
    return method;
  }
  let declared: string[] | undefined;
  if (isWord('throws')) {
    next();
    for (;;) {
      const s = tStart;
      parseType();
      declared = append(declared, S.slice(s, prevEnd).replace(/<[\s\S]*$/, ''));
      if (!is(',')) break;
      next();
    }
  }
  let facts: ReturnType<typeof bodyFacts> | undefined;
  let bodyOpen = -1;
  if (is(';')) next();
  else {
    const open = (bodyOpen = tStart);
    skipBlankBlock();
    facts = bodyFacts(source, open, prevEnd, params);
  }
  // In the order java-source.ts sets them: both readers' declarations serialise alike.
  if (facts?.statuses) method.statuses = facts.statuses;
  if (declared || facts?.thrown?.length) method.thrown = [...new Set([...(declared ?? []), ...(facts?.thrown ?? [])])];
  if (facts?.requestReads) method.requestReads = facts.requestReads;
  if (facts?.responseUse) method.responseUse = facts.responseUse;
  if (bodyOpen >= 0 && methodName === 'serialize') method.writes = generatorWrites(source, bodyOpen, prevEnd);
  return method;
}

function parseFieldRest(mods: Modifiers, type: TypeRef, firstName: string, firstStart: number, implicitConstant: boolean, doc: string | undefined): FieldDecl[] {
  const modifiers = mods.modifiers;
  if (implicitConstant) {
    for (const m of ['public', 'static', 'final']) if (!modifiers.includes(m)) modifiers.push(m);
  }
  const isStatic = modifiers.includes('static');
  const constant = isStatic && modifiers.includes('final');
  // Each declarator reads the type as written, plus its own dimensions: the first one takes
  // `type` itself, a later one a copy (less the first one's dimensions).
  let fields: FieldDecl[] | undefined;
  let firstDims = 0;
  let fieldName = firstName;
  let nameStart = firstStart;
  for (;;) {
    const dimsStart = tStart;
    const dims = parseDims();
    if (dims && commentIn(dimsStart, prevEnd)) bail('comment in dimensions');
    const line = lineOf(nameStart) + 1;
    let init: Expr | undefined;
    let dflt: Expr | undefined;
    if (is('=')) {
      next();
      const value = parseVariableInit();
      if (constant) init = value.expr;
      else if (!isStatic && constantShaped(value.expr)) dflt = value.expr;
    }
    let t = type;
    if (fields === undefined) firstDims = dims;
    else {
      t = cloneRef(type);
      t.dims -= firstDims;
    }
    t.dims += dims;
    const field: FieldDecl = { name: fieldName, type: t, modifiers, annotations: mods.annotations, line };
    if (init) field.initializer = init;
    if (dflt) field.defaultValue = dflt;
    if (doc) field.doc = doc;
    fields = append(fields, field);
    if (!is(',')) break;
    next();
    nameStart = tStart;
    fieldName = name();
  }
  expect(';');
  return exactList(fields);
}

/** `( params )` of a method, constructor or record. */
function parseFormalParameters(): ParamDecl[] {
  expect('(');
  const out = is(')') ? [] : parseParamList();
  expect(')');
  return out;
}

function parseParamList(): ParamDecl[] {
  let out: ParamDecl[] | undefined;
  for (;;) {
    const mods = parseModifiers();
    for (const m of mods.modifiers) if (m !== 'final') bail(`${m} parameter`);
    const type = parseUnannotatedType();
    if (is('...')) {
      next();
      if (is('@')) bail('annotated varargs');
      const n = name();
      if (is('[') || is('=')) bail('varargs declarator');
      type.dims += 1;
      out = append(out, { name: n, type, annotations: mods.annotations });
    } else {
      if (isWord('this')) bail('receiver parameter');
      const n = name();
      if (is('.')) bail('receiver parameter');
      const dimsStart = tStart;
      const dims = parseDims();
      if (dims && commentIn(dimsStart, prevEnd)) bail('comment in dimensions');
      type.dims += dims;
      out = append(out, { name: n, type, annotations: mods.annotations });
    }
    if (!is(',')) return exactList(out);
    next();
  }
}

/**
 * A body: `{`, blanks, `}` as the skeleton leaves a method's, or one the skeleton keeps with its
 * statements (initializers, compact constructors, lambdas), which only tree-sitter may judge:
 * a small parse of the block alone says whether it is sound, or this file goes to tree-sitter.
 */
function skipBlankBlock(constructorBody = false): void {
  if (!is('{')) bail(`expected a body at ${tStart}`);
  const open = tStart;
  const close = blankedBodyEnd(open);
  if (close >= 0) {
    P = close + 1;
    tEnd = P;
    next();
    return;
  }
  let i = tStart + 1;
  for (;;) {
    const c = S.charCodeAt(i);
    if (c === 0x7d) break;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c) i++;
    else {
      skipKeptBlock(open, constructorBody);
      return;
    }
  }
  P = i + 1;
  tEnd = P;
  next();
}

/**
 * The `}` of the body the skeleton blanked from the `{` at `open`, or -1: its inside is blanks and
 * line breaks only, so it ends at that `}` (checked: the skeleton's text is this text unless a
 * declaration cut closed it differently, and then there are no bodies to look up).
 */
function blankedBodyEnd(open: number): number {
  let lo = 0;
  let hi = (bodies.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = bodies[mid * 2]!;
    if (at === open) {
      const close = bodies[mid * 2 + 1]!;
      return S.charCodeAt(close) === 0x7d ? close : -1;
    }
    if (at < open) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function skipKeptBlock(open: number, constructorBody: boolean): void {
  if (!blockCheck) bail('a body with statements');
  let depth = 0;
  for (;;) {
    if (kind === EOF) bail('unclosed block');
    if (kind === OP) {
      if (tText === '{') depth++;
      else if (tText === '}' && --depth === 0) break;
    }
    next();
  }
  if (!blockCheck(S.slice(open, tEnd), constructorBody)) bail('a body tree-sitter reads with an error');
  next();
}

/** Whether tree-sitter reads a kept block without error (set per parse by the caller). */
let blockCheck: BlockCheck | undefined;

export type BlockCheck = (block: string, constructorBody: boolean) => boolean;

/** `a.b.C` of a package or import declaration; `.*` ends an import's. */
function qualifiedName(wildcard: boolean): void {
  name();
  while (is('.')) {
    next();
    if (wildcard && is('*')) {
      next();
      return;
    }
    name();
  }
}

// ---- file ---------------------------------------------------------------------------------

/**
 * Reads the declarations of a Java skeleton into `target` (its `pkg` and `imports` already set
 * from the lifted header). Returns false, leaving `target` untouched, when tree-sitter must read it.
 * `blankedBodies`: the bodies the skeleton blanked (Skeleton.bodies), passed over at once.
 */
export function parseDeclarations(skeleton: string, text: string, target: SourceFile, checkBlock?: BlockCheck, blankedBodies: readonly number[] = []): boolean {
  blockCheck = checkBlock;
  bodies = blankedBodies;
  S = skeleton;
  source = text;
  P = 0;
  prevEnd = 0;
  cStart = [];
  cEnd = [];
  lineStarts[0] = 0;
  lineCount = 1;
  for (let i = skeleton.indexOf('\n'); i >= 0; i = skeleton.indexOf('\n', i + 1)) {
    if (lineCount === lineStarts.length) {
      const grown = new Int32Array(lineCount * 2);
      grown.set(lineStarts);
      lineStarts = grown;
    }
    lineStarts[lineCount++] = i + 1;
  }
  file = target;
  bailReason = '';
  try {
    const types: TypeDecl[] = [];
    const imports: Import[] = [];
    let pkg = target.pkg;
    let pending: string | undefined;
    let pendingEnd = 0;
    let fed = 0;
    lex();
    for (;;) {
      while (fed < cStart.length && cStart[fed]! < tStart) {
        if (S.startsWith('/**', cStart[fed]!)) {
          pending = S.slice(cStart[fed]!, cEnd[fed]!);
          pendingEnd = cEnd[fed]!;
        }
        fed++;
      }
      if (kind === EOF) break;
      if (is(';')) {
        next();
        continue;
      }
      const start = tStart;
      if (isWord('import')) {
        if (types.length) bail('import after a type');
        next();
        if (isWord('static')) next();
        qualifiedName(true);
        expect(';');
        imports.push(readImport(S.slice(start, prevEnd)));
      } else {
        const mods = parseModifiers();
        if (isWord('package')) {
          if (mods.modifiers.length || types.length) bail('package declaration');
          next();
          qualifiedName(false);
          expect(';');
          if (commentIn(start, prevEnd)) bail('comment in a package declaration');
          pkg = annotatedPackageName(S.slice(start, prevEnd)) ?? pkg;
        } else {
          const k = typeKeyword();
          if (!k) bail(`unexpected ${tText || 'end'} at ${tStart}`);
          types.push(parseTypeDecl(k, mods, undefined, pkg, pending && !packageBetween(source, pendingEnd, start) ? pending : undefined));
        }
      }
      pending = undefined;
      while (fed < cStart.length && cStart[fed]! < prevEnd) fed++;
    }
    target.pkg = pkg;
    for (const i of imports) target.imports.push(i);
    target.types = types;
    return true;
  } catch (e) {
    if (e !== BAIL) bailReason = `error: ${(e as Error)?.message ?? String(e)}`;
    return false;
  } finally {
    S = source = '';
    blockCheck = undefined;
    cStart = [];
    cEnd = [];
    lineCount = 0;
    // a very long file's table is not kept for the rest of the scan
    if (lineStarts.length > 65536) lineStarts = new Int32Array(4096);
    bodies = [];
  }
}

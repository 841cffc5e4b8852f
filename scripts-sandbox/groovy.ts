// `groovy:` scripts (spec §2.6). apiscout runs JavaScript; a groovy script runs when it stays within
// the subset that reads the same in both languages after a small translation:
//   def x = …              → let x = …          def f(a) { … }     → function f(a) { … }
//   "Bearer ${t}", "$a.b"  → template literals   '''…''' / """…"""  → multi-line template literals
//   { a, b -> … }, { … }   → (a, b) => { … }, (it) => { … }; the last expression is returned
//   list.each { … }, f(x) { … }  → list.each((it) => …), f(x, (it) => …)
//   [1, 2], [a: 1, (k): v], [:]  → [1, 2], { a: 1, [k]: v }, {}
//   a?.b and a ?: b        → a?.b and a || b
//   if (x) / while (x)     → Groovy truth: an empty list, map or string is false
// plus a small runtime (each, collect, findAll, any, inject, size(), isEmpty(), first(), last(), sum(),
// add, contains, containsKey, keySet, println). Maps are plain objects: read and write them with
// m.k and m[k] (get/put would shadow the property-descriptor keys JavaScript itself reads). Everything else fails before running, naming the
// construct and its line. The translation keeps every line where it was, so runtime errors point
// at the groovy source line.

import { ScriptError } from '../core/errors';

type Kind = 'ws' | 'nl' | 'comment' | 'str' | 'gstring' | 'triple' | 'num' | 'ident' | 'punct';

interface Tok {
  kind: Kind;
  text: string;
  line: number;
}

const PUNCT = [
  '..<', '==~', '<=>', '>>>=', '>>>', '===', '!==', '**=', '<<=', '>>=',
  '?.', '?:', '->', '=~', '*.', '.&', '..', '<<', '>>', '==', '!=', '<=', '>=', '&&', '||', '++', '--',
  '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**', '=>',
];

/** Groovy constructs with no faithful JavaScript reading. */
const REJECTED_WORDS: Record<string, string> = {
  class: 'a class declaration',
  interface: 'an interface declaration',
  enum: 'an enum declaration',
  trait: 'a trait declaration',
  import: 'an import',
  package: 'a package declaration',
  switch: 'switch (Groovy matches cases with isCase)',
  case: 'switch (Groovy matches cases with isCase)',
  assert: 'assert',
  new: 'object construction with new (Java classes are not available)',
  in: "the in operator / for-in loop (Groovy's in tests membership; use contains or each)",
  as: 'type coercion with as',
  instanceof: 'instanceof (Java types are not available)',
  final: 'the final modifier (write def)',
  static: 'the static modifier',
  public: 'an access modifier',
  private: 'an access modifier',
  protected: 'an access modifier',
  synchronized: 'synchronized',
  let: 'the JavaScript keyword let (use def, or a js: script)',
  const: 'the JavaScript keyword const (use def, or a js: script)',
  function: 'the JavaScript keyword function (use def f(…) { … }, or a js: script)',
  typeof: 'the JavaScript operator typeof (use a js: script)',
};

const PRIMITIVES = new Set(['int', 'long', 'short', 'byte', 'char', 'boolean', 'float', 'double', 'void']);

const REJECTED_PUNCT: Record<string, string> = {
  '..': 'a range (a..b)',
  '..<': 'a range (a..<b)',
  '<<': 'the << operator (use add or push)',
  '<<=': 'the <<= operator',
  '=~': 'a regex find operator (=~)',
  '==~': 'a regex match operator (==~)',
  '<=>': 'the <=> operator',
  '*.': 'the spread-dot operator (*.)',
  '.&': 'a method reference (.&)',
  '@': 'an annotation or field access with @',
  '=>': 'a JavaScript arrow function (use { a -> … }, or a js: script)',
  '`': 'a backtick',
};

/** Words after which `{` opens a block, not a closure. */
const BLOCK_WORDS = new Set(['else', 'try', 'finally', 'do']);
/** Words after which `(` is a control header, so the `{` after `)` is a block. */
const HEADER_WORDS = new Set(['if', 'for', 'while', 'catch']);
const KEYWORDS = new Set([...BLOCK_WORDS, ...HEADER_WORDS, 'def', 'var', 'return', 'throw', 'break', 'continue', 'default', 'void', ...Object.keys(REJECTED_WORDS)]);
/** Identifiers that are values: an operand after them means an operator is missing, not a call. */
const VALUE_WORDS = new Set(['true', 'false', 'null', 'this', 'super']);
/** A last statement starting with one of these is not returned from a closure. */
const STATEMENT_WORDS = new Set(['if', 'for', 'while', 'do', 'return', 'throw', 'try', 'def', 'var', 'break', 'continue', 'else']);
const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '**=', '>>=', '>>>=', '++', '--']);

/**
 * The entry for `key` in a table of our own; a plain lookup would find `toString`, `constructor`
 * and the rest of Object.prototype, turning ordinary member names into rejections.
 */
function own(table: Record<string, string>, key: string): string | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Translates a groovy script to JavaScript, line for line; throws a ScriptError outside the subset. */
export function translateGroovy(code: string, name: string): string {
  return new Translator(tokenize(code, name, 1), name).emit(0, undefined);
}

class Translator {
  constructor(
    private readonly toks: Tok[],
    private readonly name: string,
  ) {}

  emit(start: number, end: number | undefined): string {
    const stop = end ?? this.toks.length;
    let out = '';
    for (let i = start; i < stop; i++) {
      const t = this.toks[i]!;
      switch (t.kind) {
        case 'ws':
        case 'nl':
        case 'comment':
        case 'num':
        case 'str':
          out += t.text;
          break;
        case 'gstring':
        case 'triple':
          out += this.guard(i) + this.template(t);
          break;
        case 'ident': {
          const [text, next] = this.word(i);
          out += text;
          i = next - 1;
          break;
        }
        case 'punct': {
          const [text, next] = this.punct(i);
          out += text;
          i = next - 1;
          break;
        }
      }
    }
    return out;
  }

  private fail(construct: string, tok: Tok, hint?: string): never {
    throw new ScriptError(`${this.name}, line ${tok.line}: ${construct} is outside the groovy subset apiscout runs${hint ? `; ${hint}` : ''}`, this.name, tok.line);
  }

  /** An identifier: keywords translated or rejected, typed declarations and paren-less calls rejected. */
  private word(i: number): [string, number] {
    const t = this.toks[i]!;
    const w = t.text;
    const rejectedWord = own(REJECTED_WORDS, w);
    if (rejectedWord) this.fail(rejectedWord, t);
    if (PRIMITIVES.has(w)) this.fail(`a typed declaration (${w})`, t, 'declare with def');
    const next = this.nextSig(i, false);
    const after = next === undefined ? undefined : this.nextSig(next, false);
    if (w === 'def' || w === 'var') {
      const n = next === undefined ? undefined : this.toks[next];
      if (n?.text === '(') this.fail('a multiple assignment (def (a, b) = …)', t);
      if (n?.kind === 'ident' && after !== undefined && this.toks[after]!.kind === 'ident') this.fail('a typed declaration', t, `declare with def ${this.toks[after]!.text}`);
      if (w === 'def' && n?.kind === 'ident' && after !== undefined && this.toks[after]!.text === '(') return ['function', i + 1];
      return ['let', i + 1];
    }
    if (/^[A-Z]/.test(w) && this.startsStatement(i) && next !== undefined) {
      const n = this.toks[next]!;
      const a = after === undefined ? undefined : this.toks[after];
      if ((n.kind === 'ident' && (a === undefined || ['=', ';', ',', ')'].includes(a.text))) || n.text === '<') {
        this.fail(`a typed declaration (${w} …)`, t, 'declare with def');
      }
    }
    if (KEYWORDS.has(w) || VALUE_WORDS.has(w)) return [w, i + 1];
    const sameLine = this.nextSig(i, false);
    if (sameLine !== undefined && this.toks[i + 1]?.kind === 'ws' && this.previousSig(i)?.text !== '->') {
      const n = this.toks[sameLine]!;
      const operand = ['str', 'gstring', 'triple', 'num'].includes(n.kind) || (n.kind === 'ident' && !KEYWORDS.has(n.text));
      if (operand && !this.isClosureParam(i)) this.fail(`a method call without parentheses (${w} …)`, t, `write ${w}(…)`);
    }
    // A trailing closure: `list.each { … }` → `list.each((it) => { … })`.
    if (sameLine !== undefined && this.toks[sameLine]!.text === '{') {
      const close = this.matching(sameLine);
      return [`${w}${this.emit(i + 1, sameLine)}(${this.closure(sameLine, close)})`, close + 1];
    }
    return [w, i + 1];
  }

  private punct(i: number): [string, number] {
    const t = this.toks[i]!;
    const rejectedPunct = own(REJECTED_PUNCT, t.text);
    if (rejectedPunct) this.fail(rejectedPunct, t);
    switch (t.text) {
      case '?:':
        return ['||', i + 1];
      case '->':
        return this.fail('a closure arrow (->) outside a closure', t);
      case '/':
        if (this.operandPosition(i)) this.fail('a slashy string (/…/)', t, "write the pattern as a string");
        return ['/', i + 1];
      case '(': {
        const close = this.matching(i);
        const prev = this.previousSig(i);
        if (prev?.text === 'catch') {
          const words = this.toks.slice(i + 1, close).filter((x) => x.kind === 'ident');
          if (words.length > 1) this.fail('a typed catch parameter', prev, `write catch (${words[words.length - 1]!.text})`);
        }
        const inner = this.emit(i + 1, close);
        // Groovy truth: an empty list, map or string is false in a condition.
        if (prev?.text === 'if' || prev?.text === 'while') return [`(__groovyTruth(${inner}))`, close + 1];
        const callee = prev && ((prev.kind === 'ident' && !KEYWORDS.has(prev.text)) || prev.text === ')' || prev.text === ']');
        const brace = this.nextSig(close, false);
        if (callee && brace !== undefined && this.toks[brace]!.text === '{' && !this.isFunctionDefinition(i)) {
          const end = this.matching(brace);
          const sep = inner.trim() === '' ? '' : ', ';
          return [`(${inner}${sep}${this.closure(brace, end)})`, end + 1];
        }
        return [`${callee ? '' : this.guard(i)}(${inner})`, close + 1];
      }
      case '[': {
        const close = this.matching(i);
        if (!this.operandPosition(i)) {
          const first = this.nextSig(i);
          if (first !== undefined && first < close && this.toks[first]!.text === '-') this.fail('a negative index (list[-1])', t, 'use last() or list[list.size() - 1]');
          return [`[${this.emit(i + 1, close)}]`, close + 1];
        }
        if (!this.isMap(i, close)) return [`${this.guard(i)}[${this.emit(i + 1, close)}]`, close + 1];
        // A statement starting with `{` would be a block in JavaScript.
        return [this.startsStatement(i) ? `${this.guard(i)}(${this.map(i, close)})` : this.map(i, close), close + 1];
      }
      case '{': {
        const close = this.matching(i);
        if (this.operandPosition(i) && !this.startsStatement(i)) return [this.closure(i, close), close + 1];
        return [`{${this.emit(i + 1, close)}}`, close + 1];
      }
      default:
        return [t.text, i + 1];
    }
  }

  /** `{ a, b -> body }` as an arrow function whose last expression statement is returned. */
  private closure(open: number, close: number): string {
    let arrow: number | undefined;
    let depth = 0;
    for (let j = open + 1; j < close; j++) {
      const x = this.toks[j]!.text;
      if (x === '(' || x === '[' || x === '{') depth++;
      else if (x === ')' || x === ']' || x === '}') depth--;
      else if (depth === 0 && x === '->') {
        arrow = j;
        break;
      }
    }
    let params = 'it';
    let lines = '';
    let body = open + 1;
    if (arrow !== undefined) {
      const names: string[] = [];
      let expectName = true;
      for (let j = open + 1; j < arrow; j++) {
        const x = this.toks[j]!;
        if (x.kind === 'ws' || x.kind === 'comment') continue;
        if (x.kind === 'nl') {
          lines += '\n';
          continue;
        }
        if (x.kind === 'ident' && expectName) {
          if (KEYWORDS.has(x.text) || VALUE_WORDS.has(x.text)) this.fail(`'${x.text}' as a closure parameter`, x);
          names.push(x.text);
          expectName = false;
        } else if (x.text === ',' && !expectName) {
          expectName = true;
        } else if (x.kind === 'ident') {
          this.fail('a typed closure parameter', x, `write { ${x.text} -> … }`);
        } else {
          this.fail(`'${x.text}' in closure parameters`, x, 'closure parameters are plain names');
        }
      }
      params = names.join(', ');
      body = arrow + 1;
    }
    const last = this.lastStatement(body, close);
    const code = last === undefined ? this.emit(body, close) : `${this.emit(body, last)}return ${this.emit(last, close).replace(/^;/, '')}`;
    return `(${params}) => {${lines}${code}}`;
  }

  /** The first token of the closure body's last statement, when that statement is an expression. */
  private lastStatement(start: number, end: number): number | undefined {
    let begin: number | undefined;
    let depth = 0;
    let assigns = false;
    let ended = true;
    for (let j = start; j < end; j++) {
      const x = this.toks[j]!;
      if (x.kind === 'ws' || x.kind === 'comment') continue;
      if (depth === 0 && (x.text === ';' || (x.kind === 'nl' && !this.continues(j)))) {
        ended = true;
        continue;
      }
      if (x.kind === 'nl') continue;
      if (ended) {
        begin = j;
        assigns = false;
        ended = false;
      }
      if (x.text === '(' || x.text === '[' || x.text === '{') depth++;
      else if (x.text === ')' || x.text === ']' || x.text === '}') depth--;
      else if (depth === 0 && x.kind === 'punct' && ASSIGNMENTS.has(x.text)) assigns = true;
    }
    if (begin === undefined || assigns) return undefined;
    const first = this.toks[begin]!;
    if (first.kind === 'ident' && STATEMENT_WORDS.has(first.text)) return undefined;
    if (first.text === '{' || first.text === ';') return undefined;
    return begin;
  }

  /** A line break inside an expression: the line ends with an operator, or the next starts with one. */
  private continues(nl: number): boolean {
    const prev = this.previousSig(nl, false);
    if (prev && prev.kind === 'punct' && ![')', ']', '}', '++', '--', ';'].includes(prev.text)) return true;
    const next = this.nextSig(nl);
    return next !== undefined && ['.', '?.', '?:', '&&', '||', '?', ':'].includes(this.toks[next]!.text);
  }

  private isMap(open: number, close: number): boolean {
    let depth = 0;
    let sawQuestion = false;
    for (let j = open + 1; j < close; j++) {
      const x = this.toks[j]!.text;
      if (x === '(' || x === '[' || x === '{') depth++;
      else if (x === ')' || x === ']' || x === '}') depth--;
      else if (depth === 0 && x === '?') sawQuestion = true;
      else if (depth === 0 && x === ':') return !sawQuestion;
    }
    return false;
  }

  /** `[a: 1, 'b': 2, (k): v]` → `{a: 1, 'b': 2, [k]: v}`; `[:]` → `{}`. */
  private map(open: number, close: number): string {
    const sig = this.toks.slice(open + 1, close).filter((x) => !['ws', 'nl', 'comment'].includes(x.kind));
    if (sig.length === 1 && sig[0]!.text === ':') return `{${this.toks.slice(open + 1, close).filter((x) => x.kind === 'nl').map(() => '\n').join('')}}`;
    let out = '{';
    let depth = 0;
    let entryStart = open + 1;
    let keyDone = false;
    for (let j = open + 1; j <= close; j++) {
      const x = this.toks[j]!;
      if (j === close || (depth === 0 && x.text === ',')) {
        if (!keyDone && this.nextSig(entryStart - 1) !== undefined && this.nextSig(entryStart - 1)! < j) this.fail('a list item in a map literal', this.toks[this.nextSig(entryStart - 1)!]!);
        out += this.emit(entryStart, j) + (j === close ? '' : ',');
        entryStart = j + 1;
        keyDone = false;
        continue;
      }
      if (x.text === '(' || x.text === '[' || x.text === '{') depth++;
      else if (x.text === ')' || x.text === ']' || x.text === '}') depth--;
      else if (depth === 0 && x.text === ':' && !keyDone) {
        out += this.mapKey(entryStart, j) + ':';
        entryStart = j + 1;
        keyDone = true;
      }
    }
    return `${out}}`;
  }

  private mapKey(start: number, end: number): string {
    const sig = [];
    for (let j = start; j < end; j++) if (!['ws', 'nl', 'comment'].includes(this.toks[j]!.kind)) sig.push(j);
    const lead = this.toks.slice(start, sig[0] ?? end).map((x) => x.text).join('');
    const first = this.toks[sig[0]!]!;
    if (sig.length === 1 && ['ident', 'str', 'num'].includes(first.kind)) return lead + first.text;
    if (sig.length === 1 && first.kind === 'gstring' && !first.text.includes('$')) return lead + first.text;
    if (sig.length === 1 && first.kind === 'gstring') return `${lead}[${this.template(first)}]`;
    if (first.text === '(' && this.matching(sig[0]!) === sig[sig.length - 1]) return `${lead}[${this.emit(sig[0]! + 1, sig[sig.length - 1]!)}]`;
    return this.fail('a map key that is not a name, a string or (an expression)', first);
  }

  /** A double-quoted or triple-quoted string as a template literal; `${…}` and `$a.b` interpolate. */
  private template(t: Tok): string {
    const triple = t.text.startsWith("'''") || t.text.startsWith('"""');
    const interpolates = t.text[0] === '"';
    const body = t.text.slice(triple ? 3 : 1, triple ? -3 : -1);
    let out = '`';
    let line = t.line;
    for (let i = 0; i < body.length; i++) {
      const c = body[i]!;
      if (c === '\n') line++;
      if (c === '\\') {
        const n = body[i + 1] ?? '';
        out += n === '$' ? '\\$' : `\\${n}`;
        i++;
        continue;
      }
      if (c === '`') {
        out += '\\`';
        continue;
      }
      if (c !== '$') {
        out += c;
        continue;
      }
      if (!interpolates) {
        out += '\\$';
        continue;
      }
      if (body[i + 1] === '{') {
        const end = closingBrace(body, i + 1);
        if (end < 0) this.fail('an unclosed ${ in a string', { ...t, line });
        const inner = body.slice(i + 2, end);
        out += `\${${new Translator(tokenize(inner, this.name, line), this.name).emit(0, undefined)}}`;
        line += inner.split('\n').length - 1;
        i = end;
        continue;
      }
      const path = /^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*/.exec(body.slice(i + 1));
      if (path) {
        out += `\${${path[0]}}`;
        i += path[0].length;
      } else {
        out += '$';
      }
    }
    return `${out}\``;
  }

  private matching(open: number): number {
    const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
    const want = pairs[this.toks[open]!.text]!;
    let depth = 0;
    for (let j = open; j < this.toks.length; j++) {
      const x = this.toks[j]!;
      if (x.kind !== 'punct') continue;
      if (x.text in pairs) depth++;
      else if (x.text === ')' || x.text === ']' || x.text === '}') {
        depth--;
        if (depth === 0) {
          if (x.text !== want) this.fail(`'${x.text}' where '${want}' closes the '${this.toks[open]!.text}' of line ${this.toks[open]!.line}`, x);
          return j;
        }
      }
    }
    return this.fail(`an unclosed '${this.toks[open]!.text}'`, this.toks[open]!);
  }

  private nextSig(i: number, crossLines = true): number | undefined {
    for (let j = i + 1; j < this.toks.length; j++) {
      const k = this.toks[j]!.kind;
      if (k === 'ws' || k === 'comment') continue;
      if (k === 'nl') {
        if (crossLines) continue;
        return undefined;
      }
      return j;
    }
    return undefined;
  }

  private previousSig(i: number, crossLines = true): Tok | undefined {
    for (let j = i - 1; j >= 0; j--) {
      const x = this.toks[j]!;
      if (x.kind === 'ws' || x.kind === 'comment') continue;
      if (x.kind === 'nl' && crossLines) continue;
      return x;
    }
    return undefined;
  }

  /**
   * `;` when a line starting with this token would continue the previous line's expression in
   * JavaScript (`x = a` / `[1].each …` reads as `a[1]`), where Groovy starts a new statement.
   */
  private guard(i: number): string {
    if (this.previousSig(i, false)?.kind !== 'nl') return '';
    const p = this.previousSig(i);
    return p && (['ident', 'num', 'str', 'gstring', 'triple'].includes(p.kind) || [')', ']', '}'].includes(p.text)) ? ';' : '';
  }

  /** First on its line, or after `;`, `{` or `}`. */
  private startsStatement(i: number): boolean {
    const prev = this.previousSig(i, false);
    return !prev || prev.kind === 'nl' || prev.text === ';' || prev.text === '{' || prev.text === '}';
  }

  /** Where a value is expected: `[`, `{` and `/` open literals here. */
  private operandPosition(i: number): boolean {
    const prev = this.previousSig(i, false);
    if (!prev || prev.kind === 'nl') return true;
    if (prev.kind === 'ident') return KEYWORDS.has(prev.text) && !BLOCK_WORDS.has(prev.text);
    if (prev.kind === 'punct') return ![')', ']', '}', '++', '--'].includes(prev.text);
    return false;
  }

  private isClosureParam(i: number): boolean {
    for (let j = i + 1; j < this.toks.length; j++) {
      const x = this.toks[j]!;
      if (x.kind === 'ws' || x.kind === 'comment' || x.text === ',' || x.kind === 'ident') continue;
      return x.text === '->';
    }
    return false;
  }

  private isFunctionDefinition(open: number): boolean {
    let j = open - 1;
    while (j >= 0 && this.toks[j]!.kind === 'ws') j--;
    if (this.toks[j]?.kind !== 'ident') return false;
    return this.previousSig(j)?.text === 'def';
  }
}

/** The index of the `}` closing the `{` at `open`, skipping nested braces and quoted strings. */
function closingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === "'" || c === '"') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** What JavaScript counts as a line end (CR LF once). */
const LINE_TERMINATORS = /\r\n?|[\n\u2028\u2029]/g;

function tokenize(code: string, name: string, firstLine: number): Tok[] {
  const toks: Tok[] = [];
  let line = firstLine;
  let i = 0;
  const fail = (what: string, at: number): never => {
    throw new ScriptError(`${name}, line ${at}: ${what}`, name, at);
  };
  const push = (kind: Kind, text: string): void => {
    toks.push({ kind, text, line });
    // A blank's only CR is the one of a CR LF, counted with its LF.
    if (kind !== 'ws') line += (text.match(LINE_TERMINATORS) ?? []).length;
    i += text.length;
  };
  while (i < code.length) {
    const rest = code.slice(i, i + 4);
    const c = code[i]!;
    // JavaScript ends a line (and a // comment) at CR, U+2028 and U+2029 too: so must the subset
    // check, or code after one inside a comment would run unchecked.
    if (c === '\n' || c === '\u2028' || c === '\u2029' || (c === '\r' && code[i + 1] !== '\n')) push('nl', c);
    else if (c === ' ' || c === '\t' || c === '\r' || c === '\f') push('ws', /^(?:[ \t\f]|\r(?=\n))+/.exec(code.slice(i))![0]);
    else if (rest.startsWith('//')) push('comment', /^\/\/[^\n\r\u2028\u2029]*/.exec(code.slice(i))![0]);
    else if (rest.startsWith('/*')) {
      const end = code.indexOf('*/', i + 2);
      if (end < 0) fail('an unclosed /* comment', line);
      push('comment', code.slice(i, end + 2));
    } else if (rest.startsWith("'''") || rest.startsWith('"""')) {
      const quote = rest.slice(0, 3);
      let j = i + 3;
      while (j < code.length && !code.startsWith(quote, j)) j += code[j] === '\\' ? 2 : 1;
      if (j >= code.length) fail(`an unclosed ${quote} string`, line);
      push('triple', code.slice(i, j + 3));
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < code.length && code[j] !== c) {
        if (code[j] === '\n') fail('a string that runs past the end of its line', line);
        if (c === '"' && code[j] === '$' && code[j + 1] === '{') {
          const end = closingBrace(code, j + 1);
          if (end < 0) fail('an unclosed ${ in a string', line);
          j = end + 1;
          continue;
        }
        j += code[j] === '\\' ? 2 : 1;
      }
      if (j >= code.length) fail('an unclosed string', line);
      push(c === '"' ? 'gstring' : 'str', code.slice(i, j + 1));
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(code[i + 1] ?? ''))) {
      const m = /^(?:0[xX][0-9a-fA-F_]+|[0-9][0-9_]*(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9]+)?|\.[0-9]+)([A-Za-z_]\w*)?/.exec(code.slice(i))!;
      if (m[1]) fail(`a number with a type suffix (${m[0]}) is outside the groovy subset apiscout runs`, line);
      if (m[0].includes('_')) fail(`a number with underscores (${m[0]}) is outside the groovy subset apiscout runs`, line);
      push('num', m[0]);
    } else if (/[A-Za-z_$]/.test(c)) {
      push('ident', /^[A-Za-z_$][\w$]*/.exec(code.slice(i))![0]);
    } else {
      push('punct', PUNCT.find((p) => code.startsWith(p, i)) ?? c);
    }
  }
  return toks;
}

/**
 * The Groovy collection and string methods the subset allows, added (non-enumerable) to the
 * fresh context of a groovy script only; JavaScript scripts see the plain built-ins.
 */
export const GROOVY_RUNTIME = String.raw`
(function () {
  'use strict';
  const define = (proto, methods) => {
    for (const name of Object.keys(methods)) Object.defineProperty(proto, name, { value: methods[name], writable: true, configurable: true, enumerable: false });
  };
  const truthy = (v) => {
    if (Array.isArray(v)) return v.length > 0;
    if (v !== null && typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      return proto !== Object.prototype && proto !== null ? true : Object.keys(v).length > 0;
    }
    return !!v;
  };
  Object.defineProperty(globalThis, '__groovyTruth', { value: truthy, writable: false, configurable: false, enumerable: false });
  define(Array.prototype, {
    each(fn) { this.forEach((x) => fn(x)); return this; },
    eachWithIndex(fn) { this.forEach((x, i) => fn(x, i)); return this; },
    collect(fn) { return this.map((x) => (fn ? fn(x) : x)); },
    findAll(fn) { return this.filter((x) => truthy(fn ? fn(x) : x)); },
    any(fn) { return this.some((x) => truthy(fn ? fn(x) : x)); },
    size() { return this.length; },
    isEmpty() { return this.length === 0; },
    first() { return this.length ? this[0] : null; },
    last() { return this.length ? this[this.length - 1] : null; },
    sum(fn) { return this.reduce((a, x) => a + (fn ? fn(x) : x), 0); },
    inject(initial, fn) { return this.reduce((acc, x) => fn(acc, x), initial); },
    contains(x) { return this.includes(x); },
    add(x) { this.push(x); return true; },
  });
  define(String.prototype, {
    size() { return this.length; },
    contains(s) { return this.includes(s); },
    isEmpty() { return this.length === 0; },
    toInteger() { return parseInt(this, 10); },
  });
  define(Object.prototype, {
    each(fn) { for (const k of Object.keys(this)) fn.length >= 2 ? fn(k, this[k]) : fn({ key: k, value: this[k] }); return this; },
    collect(fn) { return Object.keys(this).map((k) => (fn.length >= 2 ? fn(k, this[k]) : fn({ key: k, value: this[k] }))); },
    size() { return Object.keys(this).length; },
    isEmpty() { return Object.keys(this).length === 0; },
    containsKey(k) { return Object.prototype.hasOwnProperty.call(this, k); },
    keySet() { return Object.keys(this); },
  });
  Object.defineProperty(globalThis, 'println', { value: (...args) => logger.info(...args), writable: false, configurable: false, enumerable: false });
})();
`;

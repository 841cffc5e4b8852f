// A small reader of Java and Kotlin method bodies, enough for functional route definitions: call
// chains, string concatenation, lambdas (Java `x -> ...`, Kotlin `{ x -> ... }` and trailing
// lambdas), method references, local variables and returns. The declaration parser blanks method
// bodies, so routes are read from the text here. Whatever it does not understand becomes an
// `other` node or a skipped statement: a route it cannot read is missed, never invented.

export type Node =
  | { k: 'str'; value: string; at: number }
  | { k: 'name'; name: string; at: number }
  /** `target.name` without a call. */
  | { k: 'field'; target: Node; name: string; at: number }
  /** `target.name(args)` or `name(args)`; `at` is the name's offset. */
  | { k: 'call'; target?: Node; name: string; args: Node[]; at: number }
  /** `target::name`, `this::name`, Kotlin `::name` (no target). */
  | { k: 'ref'; target?: Node; name: string; at: number }
  | { k: 'lambda'; params: string[]; body: Stmt[]; at: number }
  | { k: 'binary'; op: string; left: Node; right: Node; at: number }
  | { k: 'new'; type: string; args: Node[]; at: number }
  /** Kotlin's `if (c) a else b` and `when`, Java's `c ? a : b`: each branch's statements, its value returned. */
  | { k: 'branches'; branches: Stmt[][]; at: number }
  | { k: 'other'; at: number };

/** `a.b.c` of a name or a field access chain; undefined for anything else. */
export function dottedName(n: Node): string | undefined {
  if (n.k === 'name') return n.name;
  if (n.k === 'field') {
    const head = dottedName(n.target);
    return head && `${head}.${n.name}`;
  }
  return undefined;
}

export type Stmt =
  | { k: 'local'; name: string; value: Node }
  | { k: 'return'; value: Node }
  | { k: 'expr'; value: Node };

interface Token {
  t: 'id' | 'str' | 'num' | 'op' | 'end';
  v: string;
  at: number;
  /** A line break lies between this token and the one before (Kotlin ends statements there). */
  nl: boolean;
  /** A Kotlin string template: its literal pieces and `$name` / `${expr}` pieces, in order. */
  parts?: StringPart[];
}

type StringPart = string | { expr: string };

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '0': '\0' };

const PUNCT = ['::', '->', '&&', '||', '==', '!=', '<=', '>=', '?.', '?:', '!!', '++', '--', '+=', '-='];

export function tokenize(text: string, from: number, to: number, kotlin = false): Token[] {
  const out: Token[] = [];
  let nl = false;
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === '\n') {
      nl = true;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f') i++;
    else if (c === '/' && text[i + 1] === '/') {
      const e = text.indexOf('\n', i);
      i = e < 0 ? to : e;
    } else if (c === '/' && text[i + 1] === '*') {
      const e = text.indexOf('*/', i + 2);
      if (text.slice(i, e < 0 ? to : e).includes('\n')) nl = true;
      i = e < 0 ? to : e + 2;
    } else if (c === '"' || c === "'") {
      const at = i;
      const triple = text.startsWith('"""', i);
      let value = '';
      let parts: StringPart[] | undefined;
      i += triple ? 3 : 1;
      while (i < to) {
        const d = text[i]!;
        if (triple ? text.startsWith('"""', i) && text[i + 3] !== '"' : d === c || d === '\n') break;
        if (d === '\\' && !triple) {
          const e = text[i + 1] ?? '';
          value += ESCAPES[e] ?? e;
          i += 2;
        } else if (kotlin && d === '$' && c === '"' && (text[i + 1] === '{' || /[A-Za-z_]/.test(text[i + 1] ?? ''))) {
          // Kotlin string templates: `"$BASE/users"`, `"${Paths.API}/users"`.
          (parts ??= []).push(value);
          value = '';
          if (text[i + 1] === '{') {
            const close = text.indexOf('}', i + 2);
            const stop = close < 0 || close > to ? to : close;
            parts.push({ expr: text.slice(i + 2, stop).trim() });
            i = stop + 1;
          } else {
            let k = i + 1;
            while (k < to && /[\w]/.test(text[k]!)) k++;
            parts.push({ expr: text.slice(i + 1, k) });
            i = k;
          }
        } else {
          value += d;
          i++;
        }
      }
      i += triple ? 3 : 1;
      if (triple && !kotlin) value = textBlock(value);
      if (parts) parts.push(value);
      out.push(parts ? { t: 'str', v: '', at, nl, parts } : { t: c === '"' ? 'str' : 'num', v: value, at, nl });
      nl = false;
    } else if (/[A-Za-z_$]/.test(c) || c > '\x7f') {
      const at = i;
      while (i < to && (/[\w$]/.test(text[i]!) || text[i]! > '\x7f')) i++;
      out.push({ t: 'id', v: text.slice(at, i), at, nl });
      nl = false;
    } else if (/[0-9]/.test(c)) {
      const at = i;
      while (i < to && /[\w.]/.test(text[i]!)) i++;
      out.push({ t: 'num', v: text.slice(at, i), at, nl });
      nl = false;
    } else if (c === '`') {
      // Kotlin backquoted name.
      const e = text.indexOf('`', i + 1);
      const stop = e < 0 || e > to ? to : e;
      out.push({ t: 'id', v: text.slice(i + 1, stop), at: i + 1, nl });
      nl = false;
      i = stop + 1;
    } else {
      const two = text.slice(i, i + 2);
      const v = PUNCT.includes(two) ? two : c;
      out.push({ t: 'op', v, at: i, nl });
      nl = false;
      i += v.length;
    }
  }
  out.push({ t: 'end', v: '', at: to, nl: true });
  return out;
}

/**
 * A Java text block's value from what lies between its delimiters: the opening line break, the
 * indentation common to its lines (the closing delimiter's line included) and trailing blanks go,
 * then escapes apply (`\<line break>` joins lines).
 */
function textBlock(raw: string): string {
  const lines = raw.replace(/^[ \t\f]*\r?\n/, '').split(/\r?\n/);
  const last = lines.length - 1;
  const indent = Math.min(...lines.map((l, i) => (l.trim() === '' && i !== last ? Infinity : l.length - l.trimStart().length)));
  const stripped = lines.map((l) => l.slice(Number.isFinite(indent) ? indent : 0).replace(/[ \t\f]+$/, '')).join('\n');
  return stripped.replace(/\\(\n|[nts"'\\])/g, (_, c: string) => (c === '\n' ? '' : c === 'n' ? '\n' : c === 't' ? '\t' : c === 's' ? ' ' : c));
}

const STATEMENT_KEYWORDS = new Set(['if', 'for', 'while', 'try', 'catch', 'finally', 'else', 'do', 'synchronized', 'when', 'switch']);
const MODIFIERS = new Set(['final', 'lateinit', 'const']);

/** Reads the statements of a body's text (between its braces) or, for Kotlin `= expr`, one expression. */
export class RouteSyntax {
  private p = 0;
  private readonly toks: Token[];
  /** Open parentheses around the expression read, up to the nearest lambda: inside them a line break ends nothing. */
  private parens = 0;

  constructor(
    text: string,
    from: number,
    to: number,
    private readonly kotlin: boolean,
  ) {
    this.toks = tokenize(text, from, to, kotlin);
  }

  statements(): Stmt[] {
    const out: Stmt[] = [];
    // A block's statements end at line breaks, whatever parentheses the block sits in.
    const parens = this.parens;
    this.parens = 0;
    while (this.peek().t !== 'end' && !this.is('}')) this.statement(out);
    this.parens = parens;
    return out;
  }

  expressionBody(): Stmt[] {
    return [{ k: 'return', value: this.expr() }];
  }

  private peek(n = 0): Token {
    return this.toks[Math.min(this.p + n, this.toks.length - 1)]!;
  }

  private is(v: string, n = 0): boolean {
    const t = this.peek(n);
    return t.t === 'op' && t.v === v;
  }

  private isWord(v: string, n = 0): boolean {
    const t = this.peek(n);
    return t.t === 'id' && t.v === v;
  }

  private next(): Token {
    const t = this.peek();
    if (t.t !== 'end') this.p++;
    return t;
  }

  private statement(out: Stmt[]): void {
    const start = this.p;
    const t = this.peek();
    if (this.is(';')) {
      this.next();
      return;
    }
    if (this.is('{')) {
      this.next();
      out.push(...this.statements());
      if (this.is('}')) this.next();
      return;
    }
    if (this.kotlin && t.t === 'id' && t.v === 'when') {
      // Each branch's routes are the application's, as with `if`.
      out.push({ k: 'expr', value: this.kotlinWhen() });
      return;
    }
    if (this.kotlin && t.t === 'id' && t.v === 'for' && this.is('(', 1)) {
      const loop = this.kotlinFor();
      if (loop) {
        out.push({ k: 'expr', value: loop });
        return;
      }
    }
    if (t.t === 'id' && STATEMENT_KEYWORDS.has(t.v)) {
      // Both branches, every loop body: a route registered in either is a route of the application.
      this.next();
      if (this.is('(')) this.skipBalanced();
      return;
    }
    if (t.t === 'id' && t.v === 'return') {
      this.next();
      if (!this.is(';') && !this.is('}') && !this.peek().nl) out.push({ k: 'return', value: this.expr() });
      this.endStatement(start);
      return;
    }
    if (t.t === 'id' && (t.v === 'throw' || t.v === 'break' || t.v === 'continue')) {
      this.skipStatement();
      return;
    }
    const local = this.localDeclaration();
    if (local) out.push(local);
    else out.push({ k: 'expr', value: this.expr() });
    this.endStatement(start);
  }

  /** After a statement: its `;`, or (Kotlin) the line break; anything unread up to there is skipped. */
  private endStatement(start: number): void {
    if (this.is(';')) {
      this.next();
      return;
    }
    // Kotlin's `if (c) GET(..) else GET(..)` on one line: the `else` branch is the next statement.
    if (this.kotlin && (this.peek().nl || this.is('}') || this.peek().t === 'end' || this.isWord('else'))) return;
    if (this.p === start) this.next();
    this.skipStatement();
  }

  private skipStatement(): void {
    while (this.peek().t !== 'end' && !this.is(';') && !this.is('}')) {
      if (this.is('(') || this.is('{') || this.is('[')) this.skipBalanced();
      else this.next();
      if (this.kotlin && this.peek().nl) return;
    }
    if (this.is(';')) this.next();
  }

  private skipBalanced(): void {
    let depth = 0;
    do {
      const t = this.next();
      if (t.t === 'end') return;
      if (t.t === 'op' && (t.v === '(' || t.v === '{' || t.v === '[')) depth++;
      else if (t.t === 'op' && (t.v === ')' || t.v === '}' || t.v === ']')) depth--;
    } while (depth > 0);
  }

  /** `var x = e`, `val x: T = e`, `final Foo<Bar> x = e`; undefined (nothing read) otherwise. */
  private localDeclaration(): Stmt | undefined {
    const save = this.p;
    while (this.peek().t === 'id' && MODIFIERS.has(this.peek().v)) this.next();
    if (this.kotlin) {
      if (!this.isWord('val') && !this.isWord('var')) return this.restore(save);
      this.next();
      const name = this.next();
      if (name.t !== 'id') return this.restore(save);
      if (this.is(':')) {
        this.next();
        this.skipType();
      }
      if (!this.is('=')) return this.restore(save);
      this.next();
      return { k: 'local', name: name.v, value: this.expr() };
    }
    if (!this.skipType()) return this.restore(save);
    const name = this.next();
    if (name.t !== 'id' || !this.is('=')) return this.restore(save);
    this.next();
    return { k: 'local', name: name.v, value: this.expr() };
  }

  private restore(at: number): undefined {
    this.p = at;
    return undefined;
  }

  /** A type as written: `a.b.Foo<Bar<Baz>>[]`, `Foo?`. */
  private skipType(): boolean {
    if (this.peek().t !== 'id') return false;
    this.next();
    while (this.is('.') && this.peek(1).t === 'id') {
      this.next();
      this.next();
    }
    if (this.is('<') && !this.skipTypeArgs()) return false;
    while (this.is('[') && this.is(']', 1)) {
      this.next();
      this.next();
    }
    if (this.is('?')) this.next();
    return true;
  }

  /** `<...>` of type arguments, when what follows `<` reads as one; else nothing is consumed. */
  private skipTypeArgs(): boolean {
    const save = this.p;
    let depth = 0;
    for (;;) {
      const t = this.next();
      if (t.t === 'op' && t.v === '<') depth++;
      else if (t.t === 'op' && t.v === '>') {
        if (--depth === 0) return true;
      } else if (t.t === 'op' && t.v === '>>') depth -= 2;
      else if (t.t === 'id' || (t.t === 'op' && [',', '.', '?', '[', ']', '*', ':'].includes(t.v))) continue;
      else {
        this.p = save;
        return false;
      }
      if (depth <= 0) return true;
    }
  }

  expr(): Node {
    return this.binary(0);
  }

  private static readonly PRECEDENCE: Record<string, number> = { '||': 1, or: 1, '&&': 2, and: 2, '+': 3, '-': 3 };

  private binary(min: number): Node {
    let left = this.unary();
    for (;;) {
      const t = this.peek();
      // Kotlin ends an expression at a line break unless the next line continues it with an operator.
      const op = t.t === 'op' || (this.kotlin && t.t === 'id' && (t.v === 'and' || t.v === 'or')) ? t.v : undefined;
      const prec = op !== undefined ? RouteSyntax.PRECEDENCE[op] : undefined;
      if (prec === undefined || prec < min || (this.kotlin && t.nl && t.t === 'id' && this.parens === 0)) break;
      this.next();
      const right = this.binary(prec + 1);
      left = { k: 'binary', op: op!, left, right, at: t.at };
    }
    if (this.is('?') && !this.kotlin) {
      // `a ? b : c`: either branch may be the value.
      this.next();
      const branches: Stmt[][] = [[{ k: 'return', value: this.expr() }]];
      if (this.is(':')) {
        this.next();
        branches.push([{ k: 'return', value: this.expr() }]);
      }
      return { k: 'branches', branches, at: left.at };
    }
    if (this.is('?:')) {
      this.next();
      this.expr();
    }
    return left;
  }

  private unary(): Node {
    if (this.is('!') || this.is('-') || this.is('+')) {
      const at = this.next().at;
      this.unary();
      return { k: 'other', at };
    }
    return this.postfix(this.primary());
  }

  private primary(): Node {
    const t = this.peek();
    if (t.t === 'str') {
      this.next();
      return t.parts ? templateNode(t.parts, t.at) : { k: 'str', value: t.v, at: t.at };
    }
    if (t.t === 'num') {
      this.next();
      return { k: 'other', at: t.at };
    }
    if (t.t === 'op' && t.v === '::') {
      this.next();
      const name = this.next();
      return { k: 'ref', name: name.v, at: name.at };
    }
    if (t.t === 'op' && t.v === '(') {
      const lambda = this.javaLambda();
      if (lambda) return lambda;
      if (this.castAhead()) return this.unary();
      this.next();
      const first = this.peek().at;
      // `(2012..LAST)`: what the reader does not follow stays inside its parentheses.
      const inner = this.exprUpToClose() ?? { k: 'other', at: t.at };
      if (this.is(')')) this.next();
      // Kotlin DSL's `(GET("/a") or GET("/b")) { handler }`: the predicate invoked with a trailing
      // lambda, placed at its first word.
      if (this.kotlin && this.is('{') && !this.peek().nl) return { k: 'call', target: inner, name: 'invoke', args: [this.kotlinLambda()], at: first };
      return inner;
    }
    if (t.t === 'op' && t.v === '{' && this.kotlin) return this.kotlinLambda();
    if (t.t === 'id') {
      if (this.is('->', 1) && !this.kotlin) return this.javaLambda()!;
      if (t.v === 'new') return this.creation();
      if (this.kotlin && t.v === 'if' && this.is('(', 1)) return this.kotlinIf();
      if (this.kotlin && t.v === 'when' && (this.is('(', 1) || this.is('{', 1))) return this.kotlinWhen();
      if (this.kotlin && t.v === 'ref' && this.is('<', 1)) {
        // The bean DSL's `ref<NoteHandler>()`: an instance of that type.
        const save = this.p;
        this.next();
        const type = this.peek(1);
        if (type.t === 'id' && this.skipTypeArgs() && this.is('(') && this.is(')', 1)) {
          this.next();
          this.next();
          return { k: 'new', type: type.v, args: [], at: t.at };
        }
        this.p = save;
      }
      this.next();
      if (this.is('<') && /^[A-Z]/.test(t.v)) this.skipTypeArgs(); // `Foo<Bar>::new`, Kotlin `bodyToMono<Foo>()`
      return this.callOrName(undefined, t);
    }
    this.next();
    return { k: 'other', at: t.at };
  }

  /** `(Type) expr`: a cast is read through. */
  private castAhead(): boolean {
    if (this.kotlin) return false;
    const save = this.p;
    this.next();
    const ok = this.skipType() && this.is(')') && (this.peek(1).t === 'id' || this.peek(1).t === 'str' || (this.peek(1).t === 'op' && this.peek(1).v === '('));
    if (ok) {
      this.next();
      return true;
    }
    this.p = save;
    return false;
  }

  /** `x -> e`, `(x, y) -> e`, `(Foo x) -> { ... }`, `() -> e`: undefined when not a lambda. */
  private javaLambda(): Node | undefined {
    const save = this.p;
    const at = this.peek().at;
    const params: string[] = [];
    if (this.peek().t === 'id') {
      params.push(this.next().v);
    } else {
      this.next(); // (
      while (!this.is(')')) {
        const t = this.next();
        if (t.t === 'end') return this.restore(save);
        if (t.t === 'id' && (this.is(',') || this.is(')'))) params.push(t.v);
        else if (t.t === 'op' && (t.v === '(' || t.v === '{' || t.v === ';')) return this.restore(save);
      }
      this.next();
    }
    if (!this.is('->')) return this.restore(save);
    this.next();
    if (this.is('{')) {
      this.next();
      const body = this.statements();
      if (this.is('}')) this.next();
      return { k: 'lambda', params, body, at };
    }
    return { k: 'lambda', params, body: [{ k: 'return', value: this.expr() }], at };
  }

  /** `{ a, b -> stmts }` or `{ stmts }` (one implicit `it`); the last expression is its value. */
  private kotlinLambda(): Node {
    const at = this.next().at; // {
    const params: string[] = [];
    const save = this.p;
    for (;;) {
      const t = this.peek();
      if (t.t === 'id' && (this.is(',', 1) || this.is('->', 1) || this.is(':', 1))) {
        params.push(this.next().v);
        if (this.is(':')) {
          this.next();
          this.skipType();
        }
        if (this.is(',')) this.next();
        continue;
      }
      if (this.is('->')) {
        this.next();
        break;
      }
      params.length = 0;
      this.p = save;
      break;
    }
    const body = this.statements();
    if (this.is('}')) this.next();
    const last = body[body.length - 1];
    if (last?.k === 'expr') body[body.length - 1] = { k: 'return', value: last.value };
    return { k: 'lambda', params, body, at };
  }

  /**
   * Kotlin's `for (x in items) body` as the call `items.forEach { x -> body }`, which the
   * evaluator runs; undefined (nothing read) for a destructuring or typed loop variable.
   */
  private kotlinFor(): Node | undefined {
    const save = this.p;
    const at = this.next().at; // for
    this.next(); // (
    const name = this.next();
    if (name.t !== 'id' || !this.isWord('in')) return this.restore(save);
    this.next();
    // `2012..LAST`, `0 until n`: items this reader cannot list.
    const items = this.exprUpToClose() ?? { k: 'other', at };
    if (!this.is(')')) return this.restore(save);
    this.next();
    const body = this.is('{') ? this.branch() : [{ k: 'expr' as const, value: this.expr() }];
    return { k: 'call', target: items, name: 'forEach', args: [{ k: 'lambda', params: [name.v], body, at }], at };
  }

  /**
   * The expression inside parentheses already opened, stopping at their `)` (not consumed).
   * Undefined when more follows the expression than this reader follows: it is skipped to the `)`.
   */
  private exprUpToClose(): Node | undefined {
    this.parens++;
    let inner: Node;
    try {
      inner = this.expr();
    } finally {
      this.parens--;
    }
    if (this.is(')')) return inner;
    while (!this.is(')') && this.peek().t !== 'end') {
      if (this.is('(') || this.is('{') || this.is('[')) this.skipBalanced();
      else this.next();
    }
    return undefined;
  }

  /** `if (c) a else b` as a Kotlin expression; a branch in braces is a block whose last expression is its value. */
  private kotlinIf(): Node {
    const at = this.next().at; // if
    this.skipBalanced(); // (condition)
    const branches = [this.branch()];
    // `else` may open the next line.
    if (this.isWord('else')) {
      this.next();
      branches.push(this.branch());
    }
    return { k: 'branches', branches, at };
  }

  /** `when (x) { a, b -> e ... else -> e }`, `when { c -> e }`: each entry's value a branch. */
  private kotlinWhen(): Node {
    const at = this.next().at; // when
    if (this.is('(')) this.skipBalanced(); // (subject)
    if (!this.is('{')) return { k: 'other', at };
    this.next();
    const branches: Stmt[][] = [];
    while (this.peek().t !== 'end' && !this.is('}')) {
      // The entry's conditions, up to its `->`.
      while (this.peek().t !== 'end' && !this.is('->') && !this.is('}')) {
        if (this.is('(') || this.is('{') || this.is('[')) this.skipBalanced();
        else this.next();
      }
      if (!this.is('->')) break;
      this.next();
      branches.push(this.branch());
      if (this.is(';')) this.next();
    }
    if (this.is('}')) this.next();
    return { k: 'branches', branches, at };
  }

  private branch(): Stmt[] {
    if (!this.is('{')) return [{ k: 'return', value: this.expr() }];
    this.next();
    const body = this.statements();
    if (this.is('}')) this.next();
    const last = body[body.length - 1];
    if (last?.k === 'expr') body[body.length - 1] = { k: 'return', value: last.value };
    return body;
  }

  private creation(): Node {
    const at = this.next().at; // new
    const type = this.peek().t === 'id' ? this.peek().v : '';
    this.skipType();
    let args: Node[] = [];
    if (this.is('(')) args = this.args();
    if (this.is('{')) this.skipBalanced(); // an anonymous class
    return { k: 'new', type, args, at };
  }

  private callOrName(target: Node | undefined, name: Token): Node {
    if (this.is('(')) {
      const args = this.args();
      if (this.kotlin && this.is('{') && !this.peek().nl) args.push(this.kotlinLambda());
      return { k: 'call', target, name: name.v, args, at: name.at };
    }
    if (this.kotlin && this.is('{') && !this.peek().nl && !/^[A-Z]/.test(name.v)) {
      return { k: 'call', target, name: name.v, args: [this.kotlinLambda()], at: name.at };
    }
    return target ? { k: 'field', target, name: name.v, at: name.at } : { k: 'name', name: name.v, at: name.at };
  }

  private args(): Node[] {
    this.next(); // (
    const out: Node[] = [];
    while (!this.is(')') && this.peek().t !== 'end') {
      // Kotlin named arguments: `name = value`.
      if (this.kotlin && this.peek().t === 'id' && this.is('=', 1)) {
        this.next();
        this.next();
      }
      const before = this.p;
      this.parens++;
      try {
        out.push(this.expr());
      } finally {
        this.parens--;
      }
      if (this.is(',')) this.next();
      else if (!this.is(')')) {
        // Something this reader does not follow: skip to the next argument.
        if (this.p === before) this.next();
        while (!this.is(',') && !this.is(')') && this.peek().t !== 'end') {
          if (this.is('(') || this.is('{') || this.is('[')) this.skipBalanced();
          else this.next();
        }
        if (this.is(',')) this.next();
      }
    }
    this.next(); // )
    return out;
  }

  private postfix(node: Node): Node {
    for (;;) {
      if (this.is('.') || this.is('?.')) {
        this.next();
        if (this.is('<')) this.skipTypeArgs(); // `RouterFunctions.<ServerResponse>route()`
        const name = this.peek();
        if (name.t !== 'id') return node;
        this.next();
        // `bodyToMono<Foo>()`: the type argument is read by the handler scan, not here.
        if (this.kotlin && this.is('<')) this.skipTypeArgsBeforeCall();
        node = this.callOrName(node, name);
      } else if (this.is('::')) {
        this.next();
        const name = this.next();
        node = { k: 'ref', target: node, name: name.v, at: name.at };
      } else if (this.is('!!')) {
        this.next();
      } else if (this.is('[')) {
        this.skipBalanced();
        node = { k: 'other', at: node.at };
      } else if (this.is('(') && !this.peek().nl && (node.k === 'call' || node.k === 'name')) {
        // `f()(x)`, Kotlin `pred(handler)`: the value called with more arguments.
        const args = this.args();
        node = { k: 'call', target: node, name: 'invoke', args, at: node.at };
      } else return node;
    }
  }

  private skipTypeArgsBeforeCall(): boolean {
    const save = this.p;
    if (this.skipTypeArgs() && this.is('(')) return true;
    this.p = save;
    return false;
  }
}

/** `"$BASE/users"` as `BASE + "/users"`: a piece that is not a (dotted) name cannot be folded. */
function templateNode(parts: readonly StringPart[], at: number): Node {
  let node: Node | undefined;
  for (const p of parts) {
    let piece: Node;
    if (typeof p === 'string') {
      if (p === '') continue;
      piece = { k: 'str', value: p, at };
    } else if (/^[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*$/.test(p.expr)) {
      const names = p.expr.split('.');
      piece = { k: 'name', name: names[0]!, at };
      for (const n of names.slice(1)) piece = { k: 'field', target: piece, name: n, at };
    } else piece = { k: 'other', at };
    node = node ? { k: 'binary', op: '+', left: node, right: piece, at } : piece;
  }
  return node ?? { k: 'str', value: '', at };
}

/** 1-based line and column of an offset. */
export function lineColumnAt(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: at - start + 1 };
}

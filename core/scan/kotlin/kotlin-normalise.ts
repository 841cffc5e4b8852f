// Kotlin that tree-sitter-kotlin 0.3.8 (the newest grammar for our tree-sitter 0.21 binding)
// cannot parse, rewritten before parsing into a form it can, character for character the same
// length and with every line break kept on the same line, so offsets and line numbers still
// point into the real text (names are read from the real text at the same offsets):
//   `var b: T\n    by delegate`        -> `var b: T by\n   delegate`  (newline after `by`)
//   `class A\n    constructor(...)`    -> `class A constructor(\n...)` (primary constructor)
//   `fun f(): T\n    where T : X`     -> `fun f(): T where\n    T : X`
//   `$$"…"` multi-dollar strings       -> `  "…"`, inside it `$${x}` -> ` ${x}` and a lone `$` -> `_`
//                                          (Spring's `$$"${key:#{null}}"` is no template in Kotlin 2.2)
//   `fun suspend(`                      -> `fun suspenD(` (the name is read from the real text)
//   `{ _, _, _ ->;}` (a blanked empty lambda) -> `{ _, _, _ -> }`
//   `a.b.C<T>.() -> Unit`, `Foo<T>.Bar.() -> Unit`, `Foo?.() -> Unit` (receivers the grammar cannot
//   take: it reads one name, its type arguments last, before `.(`) -> `a_b_C_T_.() -> Unit`,
//   `Foo_T__Bar.() -> Unit`, `Foo_.() -> Unit` (a function type is read as `kotlin.Function`,
//   whatever its receiver)

import { matchingClose } from './skeleton';

const BY_NEXT_LINE = /(\b(?:val|var)\b[^\n={}]*)\n([ \t]+)by(?=[ \t])/g;
const WHERE_NEXT_LINE = /\n([ \t]+)where(?=[ \t]+[\w`]+[ \t]*:)/g;
const CONSTRUCTOR_NEXT_LINE = /(\bclass[ \t]+[\w`]+(?:<[^>\n]*>)?[ \t]*)\n([ \t]+)((?:@[\w.]+(?:\([^)\n]*\))?[ \t]+|(?:private|protected|internal|public)[ \t]+)*)constructor([ \t]*)\(/g;
const MULTI_DOLLAR = /\$\$+(?=")/g;
const TEMPLATE_START = /[A-Za-z_{]/;
const SUSPEND_NAME = /(\bfun[ \t]+(?:<[^>\n]*>[ \t]*)?)suspend(?=[ \t]*\()/g;
/** The skeleton ends a blanked lambda body with `;`, which an empty `{ a, b -> }` cannot take. */
const EMPTY_LAMBDA_END = /->;/g;
/** Type arguments, nested one level deep: `<K, List<V>>`. */
const TYPE_ARGS = String.raw`<[^<>\n]*(?:<[^<>\n]*>[^<>\n]*)*>`;
/** A function type's receiver: a dotted name, type arguments after any of its names, nullable: `a.B<T>.C?.(A) ->`. */
const RECEIVER = new RegExp(String.raw`\b[A-Za-z_]\w*(?:${TYPE_ARGS})?(?:\??\.[A-Za-z_]\w*(?:${TYPE_ARGS})?)*\??(?=\.\([^()\n]*\)[ \t]*->)`, 'g');
/** The receiver the grammar takes as it is: one name, type arguments last. */
const PLAIN_RECEIVER = new RegExp(String.raw`^[A-Za-z_]\w*(?:${TYPE_ARGS})?$`);
const QUICK = /\n[ \t]+(?:by|where|(?:@|private|protected|internal|public|constructor))|\$\$|suspend|->;|[\w>?]\.\(/;

export function normaliseKotlin(text: string): string {
  if (!QUICK.test(text)) return text;
  return multiDollarStrings(text)
    .replace(BY_NEXT_LINE, (_m, decl: string, ws: string) => `${decl} by\n${ws.slice(1)}`)
    .replace(WHERE_NEXT_LINE, (_m, ws: string) => ` where\n${ws.slice(1)}`)
    .replace(CONSTRUCTOR_NEXT_LINE, (_m, head: string, ws: string, mods: string, gap: string) => `${head} ${ws.slice(1)}${mods}constructor${gap}(\n`)
    .replace(SUSPEND_NAME, (_m, head: string) => `${head}suspenD`)
    .replace(EMPTY_LAMBDA_END, '-> ')
    .replace(RECEIVER, receiverName);
}

/** A receiver the grammar cannot take as one name: its dots and the rest of its punctuation become `_`. */
function receiverName(receiver: string): string {
  return PLAIN_RECEIVER.test(receiver) ? receiver : receiver.replace(/\W/g, '_');
}

/**
 * `$$"…"` (and `$$"""…"""`): the prefix becomes spaces and the body a plain string's. In the body
 * a template takes as many `$` as the prefix; a shorter run is literal text, which a plain string
 * would read as a template (`${server.port:#{null}}` does not parse), so it becomes `_`.
 */
function multiDollarStrings(text: string): string {
  if (!text.includes('$$')) return text;
  const out = text.split('');
  for (const m of text.matchAll(MULTI_DOLLAR)) {
    const n = m[0].length;
    const start = m.index! + n;
    if (out[m.index!] !== '$') continue; // inside a string already rewritten
    for (let i = m.index!; i < start; i++) out[i] = ' ';
    const raw = text.startsWith('"""', start);
    let k = start + (raw ? 3 : 1);
    while (k < text.length) {
      const c = text[k]!;
      if (raw ? text.startsWith('"""', k) : c === '"' || c === '\n') break;
      if (!raw && c === '\\') {
        k += 2;
        continue;
      }
      if (c !== '$') {
        k++;
        continue;
      }
      let run = 0;
      while (text[k + run] === '$') run++;
      const template = run >= n && TEMPLATE_START.test(text[k + run] ?? '');
      const literal = template ? run - n : run;
      for (let i = 0; i < literal; i++) out[k + i] = '_';
      if (template) for (let i = literal; i < run - 1; i++) out[k + i] = ' ';
      k += run;
      if (template && text[k] === '{') {
        const close = matchingClose(text, k);
        k = close < 0 ? text.length : close + 1;
      }
    }
  }
  return out.join('');
}

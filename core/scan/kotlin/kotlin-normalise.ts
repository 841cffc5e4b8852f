// Kotlin that tree-sitter-kotlin 0.3.8 (the newest grammar for our tree-sitter 0.21 binding)
// cannot parse, rewritten before parsing into a form it can, character for character the same
// length and with every line break kept on the same line, so offsets and line numbers still
// point into the real text (names are read from the real text at the same offsets):
//   `var b: T\n    by delegate`        -> `var b: T by\n   delegate`  (newline after `by`)
//   `class A\n    constructor(...)`    -> `class A constructor(\n...)` (primary constructor)
//   `fun f(): T\n    where T : X`     -> `fun f(): T where\n    T : X`
//   `$$"…"` multi-dollar strings       -> `  "…"`
//   `fun suspend(`                      -> `fun suspenD(` (the name is read from the real text)
//   `{ _, _, _ ->;}` (a blanked empty lambda) -> `{ _, _, _ -> }`

const BY_NEXT_LINE = /(\b(?:val|var)\b[^\n={}]*)\n([ \t]+)by(?=[ \t])/g;
const WHERE_NEXT_LINE = /\n([ \t]+)where(?=[ \t]+[\w`]+[ \t]*:)/g;
const CONSTRUCTOR_NEXT_LINE = /(\bclass[ \t]+[\w`]+(?:<[^>\n]*>)?[ \t]*)\n([ \t]+)((?:@[\w.]+(?:\([^)\n]*\))?[ \t]+|(?:private|protected|internal|public)[ \t]+)*)constructor([ \t]*)\(/g;
const MULTI_DOLLAR = /\$\$+(?=")/g;
const SUSPEND_NAME = /(\bfun[ \t]+(?:<[^>\n]*>[ \t]*)?)suspend(?=[ \t]*\()/g;
/** The skeleton ends a blanked lambda body with `;`, which an empty `{ a, b -> }` cannot take. */
const EMPTY_LAMBDA_END = /->;/g;
const QUICK = /\n[ \t]+(?:by|where|(?:@|private|protected|internal|public|constructor))|\$\$|suspend|->;/;

export function normaliseKotlin(text: string): string {
  if (!QUICK.test(text)) return text;
  return text
    .replace(BY_NEXT_LINE, (_m, decl: string, ws: string) => `${decl} by\n${ws.slice(1)}`)
    .replace(WHERE_NEXT_LINE, (_m, ws: string) => ` where\n${ws.slice(1)}`)
    .replace(CONSTRUCTOR_NEXT_LINE, (_m, head: string, ws: string, mods: string, gap: string) => `${head} ${ws.slice(1)}${mods}constructor${gap}(\n`)
    .replace(MULTI_DOLLAR, (d) => ' '.repeat(d.length))
    .replace(SUSPEND_NAME, (_m, head: string) => `${head}suspenD`)
    .replace(EMPTY_LAMBDA_END, '-> ');
}

// gRPC services registered as anonymous classes inside any method:
// `server.addService(new GreeterGrpc.GreeterImplBase() { @Override public void sayHello(...) {...} })`,
// `new XxxGrpc.AsyncService() {...}`, `new BindableService() {...}`, and Kotlin's
// `object : GreeterCoroutineImplBase() {...}`. The parser reads
// declarations only (method bodies are blanked), so each anonymous body is cut out of the text
// and parsed on its own as `class Outer$N extends Base { body }`; its methods keep their lines.
// Only files whose header scan saw such a creation (`FileEntry.anonymous`) are read again.

import { parseJava } from '../../java/java-source';
import { parseKotlin } from '../../kotlin/kotlin-source';
import { simpleName } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';
import { isGrpcBaseName } from './generated';

const CREATION = /\bnew\s+([A-Za-z_$][\w$.]*)\s*(?:<[^>{};()]*>)?\s*\(\s*\)\s*\{/g;
/** Kotlin `object : GreeterGrpcKt.GreeterCoroutineImplBase() {` (one supertype). */
const OBJECT_EXPRESSION = /\bobject\s*:\s*([A-Za-z_$][\w$.]*)\s*(?:<[^>{};()]*>)?\s*(?:\(\s*\))?\s*\{/g;

/** The anonymous gRPC services created in the file of `type`, shown once per file (its first top-level type). */
export function anonymousServices(type: TypeDecl, ctx: ScanContext): TypeDecl[] {
  if (type.outer || type.file.types[0] !== type) return [];
  const entry = ctx.index.files.get(type.file.path);
  if (!entry?.anonymous?.some(isGrpcBaseName)) return [];
  const text = ctx.readProjectFile?.(type.file.path);
  if (text === undefined) return [];
  const kotlin = type.file.lang === 'kotlin';
  const code = maskStringsAndComments(text);
  const out: TypeDecl[] = [];
  const counts = new Map<TypeDecl, number>();
  for (const m of code.matchAll(kotlin ? OBJECT_EXPRESSION : CREATION)) {
    const open = m.index! + m[0].length - 1;
    const line = lineAt(code, open);
    const enclosing = enclosingType(type.file.types, line) ?? type;
    // javac numbers the anonymous classes of each class in order: Outer$1, Outer$2.
    const n = (counts.get(enclosing) ?? 0) + 1;
    counts.set(enclosing, n);
    const base = m[1]!;
    if (!isGrpcBaseName(simpleName(base))) continue;
    const close = matchingBrace(code, open);
    if (close < 0) continue;
    const implement = /ImplBase$/.test(base) ? (kotlin ? ':' : 'extends') : kotlin ? ':' : 'implements';
    // The file's own header, so names resolve as they do in the file; the body keeps its line breaks.
    const header = code.slice(0, headerEnd(code, kotlin));
    const prefix = header.split('\n').length - 1;
    const supertype = kotlin && /ImplBase$/.test(base) ? `${base}()` : base;
    const snippet = `${header}${'\n'.repeat(Math.max(0, line - 1 - prefix))}class Anon ${implement} ${supertype} ${text.slice(open, close + 1)}`;
    const parsed = (kotlin ? parseKotlin : parseJava)(snippet, type.file.path, type.file.module).file.types.find((t) => t.name === 'Anon');
    if (!parsed) continue;
    out.push({ ...parsed, name: `${enclosing.name}$${n}`, fqn: `${enclosing.fqn}$${n}`, outer: enclosing, file: type.file, line, column: lineColumn(code, m.index!) });
  }
  return out;
}

/** Where the package and import statements end: the first type declaration's annotations or keyword. */
function headerEnd(code: string, kotlin: boolean): number {
  const m = (kotlin ? /^(?:\s+|@file:[^\n]*|package\s[^\n]*|import\s[^\n]*)*/ : /^(?:\s+|package\s[^;]*;|import\s[^;]*;)*/).exec(code);
  return m ? m[0].length : 0;
}

/** The innermost declared type whose declaration starts before the line (bodies are not ranged: the nearest one). */
function enclosingType(types: readonly TypeDecl[], line: number): TypeDecl | undefined {
  let best: TypeDecl | undefined;
  for (const t of types) {
    if (t.line > line) continue;
    if (!best || t.line >= best.line) best = t;
    const inner = enclosingType(t.nested, line);
    if (inner && inner.line >= best.line) best = inner;
  }
  return best;
}

export function lineAt(code: string, at: number): number {
  let line = 1;
  for (let i = code.indexOf('\n'); i >= 0 && i < at; i = code.indexOf('\n', i + 1)) line++;
  return line;
}

function lineColumn(code: string, at: number): number {
  return at - code.lastIndexOf('\n', at - 1);
}

/** The `}` closing the `{` at `open` in masked code, -1 when unbalanced. */
export function matchingBrace(code: string, open: number): number {
  let depth = 0;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Comments and the insides of string and character literals become spaces; offsets and lines stay. */
export function maskStringsAndComments(text: string): string {
  let out = '';
  let i = 0;
  const blank = (from: number, to: number) => text.slice(from, to).replace(/[^\n]/g, ' ');
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      const stop = end < 0 ? text.length : end + 3;
      out += blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let k = i + 1;
      while (k < text.length && text[k] !== c && text[k] !== '\n') k += text[k] === '\\' ? 2 : 1;
      const stop = Math.min(text.length, k + 1);
      out += c + blank(i + 1, stop - 1) + (stop - 1 > i ? text[stop - 1] : '');
      i = stop;
    } else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : text[i + 1] === '/' ? end : end + 2;
      out += blank(i, stop);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

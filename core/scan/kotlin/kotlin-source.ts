// Kotlin front end: tree-sitter-kotlin syntax tree -> the neutral SourceFile of source-model.ts,
// in the shape the JVM gives the same code, so the framework layer and the type engine read
// Kotlin as they read Java:
// - primary-constructor properties are fields (and, with their defaults, the constructor);
// - `companion object` properties are also static fields of the enclosing class, as Java sees them;
// - top-level properties and functions live in a facade class (`FooKt`, or `@file:JvmName`);
// - built-in types are their JVM types (jvm-types.ts);
// - a supertype written with a constructor call (`: Base()`) is the superclass.
// Function bodies are blanked before parsing (skeleton.ts); only declarations are read.

import type Parser from 'tree-sitter';
import { lazyRequire } from '../../lazy-require';
import { cleanKDocComment, parseDoc } from '../doc-comment';
import { matching } from '../config-text';
import { liteTree, NodeNames } from '../lite-tree';
import type { LiteNode } from '../lite-tree';
import type {
  Annotation,
  EnumConstant,
  Expr,
  FieldDecl,
  Import,
  MethodDecl,
  ParamDecl,
  SourceFile,
  TypeDecl,
  TypeKind,
  TypeParam,
  TypeRef,
} from '../source-model';
import { toJvmType } from './jvm-types';
import { normaliseKotlin } from './kotlin-normalise';
import { kotlinSkeletonOf } from './skeleton';
import type { Comment } from './skeleton';
import { emptyTypeDecl, simpleName } from '../source-model';
import { checkNesting } from '../nesting-guard';
import { bodyFacts, generatorWrites } from '../body-facts';
import { declarationPieces, firstParsing, shiftLines } from './kotlin-recovery';
import { cutDeclarations } from '../declaration-budget';

type Node = LiteNode;

let parser: Parser | undefined;
const treeSitter = lazyRequire<typeof Parser>('tree-sitter');
const kotlin = lazyRequire<unknown>('tree-sitter-kotlin');
const names = new NodeNames();
/** Read as text only: their inner nodes are never visited. */
const OPAQUE = new Set([
  'package_header',
  'import_list',
  'string_content',
  'character_literal',
  'simple_identifier',
  'type_identifier',
  'interpolated_identifier',
  'use_site_target',
  'binding_pattern_kind',
  'visibility_modifier',
  'inheritance_modifier',
  'class_modifier',
  'member_modifier',
  'function_modifier',
  'property_modifier',
  'parameter_modifier',
  'platform_modifier',
  'variance_modifier',
  'function_body', // an expression body is read only as far as its `=`
  'lambda_literal',
  'annotated_lambda',
  'statements',
  'getter',
  'setter',
  'property_delegate',
  'anonymous_initializer',
  'constructor_delegation_call',
  'explicit_delegation',
]);

function kotlinParser(): Parser {
  if (!parser) {
    const TreeSitter = treeSitter();
    parser = new TreeSitter();
    parser.setLanguage(kotlin());
  }
  return parser;
}

/** Reads the JVM types of declarations with the file's own names shadowing the built-ins. */
interface Ctx {
  file: SourceFile;
  /** The real text: function bodies are blank in the parsed skeleton, at the same offsets. */
  source: string;
  shadowed: Set<string>;
  docs: Docs;
  /** Set when the file has syntax errors: what class bodies need to recover members around them. */
  recovery?: Recovery;
}

interface Recovery {
  /** The text given to the parser and the real text, line by line (same offsets). */
  parsedLines: string[];
  realLines: string[];
  /** Line ranges (1-based, inclusive) of ERROR and MISSING nodes. */
  errors: Array<[number, number]>;
  /** Lines of members that could not be read (skipped), for the diagnostic. */
  skipped: number[];
  realText: string;
  /** Whether any class body was re-read around an error. */
  touched: boolean;
}

function newlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Comments by position (the skeleton blanked them out of the parsed text). */
class Docs {
  constructor(
    private readonly text: string,
    private readonly comments: readonly Comment[],
  ) {}

  /** The index of the last comment ending at or before `at`, or -1. */
  private before(at: number): number {
    let lo = 0;
    let hi = this.comments.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.comments[mid]!.end <= at) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /**
   * The doc of a declaration starting at `at`: the KDoc right before it, else a run of `//`
   * lines ending on the line above (commented-out code and tool markers excepted).
   */
  leading(at: number): string | undefined {
    let i = this.before(at);
    const c = this.comments[i];
    if (!c || !/^\s*$/.test(this.text.slice(c.end, at))) return undefined;
    if (c.text.startsWith('/**')) return cleanKDocComment(c.text);
    if (!c.text.startsWith('//') || lineBreaks(this.text, c.end, at) !== 1) return undefined;
    const lines: string[] = [];
    let next = at;
    for (; i >= 0; i--) {
      const k = this.comments[i]!;
      if (!k.text.startsWith('//') || lineBreaks(this.text, k.end, next) !== 1 || !startsLine(this.text, k.start)) break;
      lines.unshift(commentText(k.text));
      next = k.start;
    }
    const doc = lines.filter((l) => l).join('\n');
    return doc || undefined;
  }

  /** A `//` comment on the line a declaration ends on (`val tags: List<String>, // the tags`). */
  trailing(end: number): string | undefined {
    const c = this.comments[this.before(end) + 1];
    if (!c || !c.text.startsWith('//') || !/^[\s,;]*$/.test(this.text.slice(end, c.start)) || lineBreaks(this.text, end, c.start) !== 0) return undefined;
    return commentText(c.text) || undefined;
  }

  /** The KDoc right before a declaration starting at `at`: what types and functions are described by. */
  kdoc(at: number): string | undefined {
    const c = this.comments[this.before(at)];
    if (!c || !c.text.startsWith('/**') || !/^\s*$/.test(this.text.slice(c.end, at))) return undefined;
    return cleanKDocComment(c.text);
  }

  /** Leading, else trailing. */
  of(node: Node): string | undefined {
    return this.leading(node.startIndex) ?? this.trailing(node.endIndex);
  }
}

function startsLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** The text of a `//` comment; '' for commented-out code and tool markers, which describe nothing. */
function commentText(raw: string): string {
  const line = raw.replace(/^\/\/+/, '').trim();
  if (/[;{}]$/.test(line) || /^(?:TODO|FIXME|XXX|NOSONAR|noinspection|@formatter|(?:end)?region\b)/i.test(line)) return '';
  return line;
}

/**
 * Parses one Kotlin file. tree-sitter recovers from errors, so a broken file still yields what
 * could be read; the first error position is reported as `errorLine` for a diagnostic.
 */
export function parseKotlin(text: string, path: string, module: string): { file: SourceFile; errorLine?: number } {
  checkNesting(text, 'kotlin'); // a hostile file becomes a diagnostic, not a crash
  const { text: whole, header, comments, wrapped } = kotlinSkeletonOf(text);
  const cut = cutDeclarations(whole, 'kotlin'); // one file's share of the scan is bounded
  const skeleton = cut?.text ?? whole;
  // tree-sitter-kotlin 0.3.8 takes no CJK letters in identifiers (`enum class Status { 대기 }`):
  // it parses them as ASCII letters, and every name is read from the real text at the same offsets.
  // Constructs the grammar lacks are rewritten in place (kotlin-normalise.ts): same offsets, same lines.
  const normal = normaliseKotlin(skeleton);
  const parsed = NON_ASCII.test(normal) ? normal.replace(CJK, 'x') : normal;
  // The Node binding's default buffer is 32 KiB; larger inputs need an explicit size.
  const tree = kotlinParser().parse(parsed, undefined, { bufferSize: Math.max(32 * 1024, parsed.length * 2 + 1024) });
  const root = liteTree(tree, skeleton, names, OPAQUE);
  // The declarations sit in the skeleton's wrapper class; file annotations stay outside it.
  const wrapper = wrapped ? root.namedChildren.find((c) => c.type === 'class_declaration' && c.namedChildren.find((n) => n.type === 'type_identifier')?.text === '_') : undefined;
  const body = wrapper?.namedChildren.find((c) => c.type === 'class_body');
  const top = body ? [...root.namedChildren.filter((c) => c !== wrapper), ...body.namedChildren] : root.namedChildren;
  const file: SourceFile = { path, lang: 'kotlin', pkg: '', imports: [], types: [], module };
  if (cut) file.cutAtLine = cut.line;
  const readHeader = (statement: string) => {
    const s = statement.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').trim().replace(/;$/, '');
    if (s.startsWith('package')) file.pkg = s.slice(7).replace(/[\s`]+/g, '');
    else if (s.startsWith('import')) file.imports.push(readImport(s));
  };
  header.forEach(readHeader);
  const ctx: Ctx = { file, source: text, shadowed: new Set(), docs: new Docs(skeleton, comments) };
  const errors = tree.rootNode.hasError ? errorRanges(tree.rootNode) : [];
  if (errors.length) ctx.recovery = { parsedLines: parsed.split('\n'), realLines: skeleton.split('\n'), realText: skeleton, errors, skipped: [], touched: false };
  for (const imp of file.imports) if (!imp.wildcard) ctx.shadowed.add(imp.alias ?? simple(imp.name));
  for (const child of top) {
    if (TYPE_NODES.has(child.type)) {
      const name = child.namedChildren.find((c) => c.type === 'type_identifier')?.text;
      if (name) ctx.shadowed.add(name);
    }
  }

  let jvmName: string | undefined;
  const facade = emptyTypeDecl('class', '', '', file, 1, 1);
  facade.facade = true;
  facade.modifiers = ['public', 'final'];
  const misread = new Misread();
  for (const child of top) {
    if (misread.take(child, ctx)) continue;
    switch (child.type) {
      case 'package_header':
        readHeader(child.text);
        break;
      case 'import_list':
        for (const line of child.text.split('\n')) readHeader(line);
        break;
      case 'file_annotation':
        for (const a of readAnnotations(child, ctx)) {
          if (simple(a.name) === 'JvmName' && a.args.value?.kind === 'string') jvmName = a.args.value.value;
        }
        break;
      case 'property_declaration':
        facade.fields.push(...misread.apply(readProperty(child, ctx, true)));
        break;
      case 'function_declaration':
        facade.methods.push(...misread.apply([readFunction(child, ctx, true)]));
        break;
      default:
        if (TYPE_NODES.has(child.type)) file.types.push(...misread.apply([readType(child, ctx, undefined, file.pkg, misread.start)]));
    }
    misread.clear();
  }
  if (facade.fields.length || facade.methods.length) {
    facade.name = jvmName ?? facadeName(path);
    facade.fqn = file.pkg ? `${file.pkg}.${facade.name}` : facade.name;
    file.types.push(facade);
  }
  const result: { file: SourceFile; errorLine?: number; errorNote?: string } = { file };
  const errorLine = firstErrorLine(tree.rootNode);
  if (errorLine !== undefined) result.errorLine = errorLine;
  const skipped = ctx.recovery?.skipped ?? [];
  if (errorLine !== undefined && ctx.recovery?.touched) {
    result.errorLine = skipped[0] ?? errorLine;
    result.errorNote = skipped.length
      ? `syntax error: the declaration at line${skipped.length > 1 ? 's' : ''} ${skipped.join(', ')} does not parse and is skipped; the other members of its class are kept`
      : 'syntax error: the declaration at this line may be read incompletely; the other members of its class are kept';
  }
  return result;
}

/** Line ranges of the ERROR and MISSING nodes (an automatic semicolon before `}` is no error). */
function errorRanges(root: Parser.SyntaxNode): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const cursor = root.walk();
  for (;;) {
    const n = cursor.currentNode;
    if (n.type === 'ERROR' || (n.isMissing && n.type !== '_automatic_semicolon')) out.push([n.startPosition.row + 1, n.endPosition.row + 1]);
    else if (n.hasError && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return out;
    }
  }
}

/**
 * Members hidden by a syntax error in a class body: the lines of each member or ERROR node an
 * error touches are re-read declaration by declaration (kotlin-recovery.ts). A member already
 * read keeps its first line; what follows it in the same node is read again.
 */
function recoverMembers(body: Node, decl: TypeDecl, ctx: Ctx): void {
  const rec = ctx.recovery!;
  const hit = (from: number, to: number) => rec.errors.some(([a, b]) => a <= to && b >= from);
  for (const m of body.namedChildren) {
    const first = m.startPosition.row + 1;
    const last = first + newlines(rec.realText, m.startIndex, m.endIndex);
    if (!hit(first, last)) continue;
    const isError = m.type === 'ERROR';
    // A member read from the tree keeps its own first line; a single-line one hides nothing.
    const from = isError ? first : first + 1;
    if (from > last) continue;
    rec.touched = true;
    const pieces = declarationPieces(rec.realLines, from, last);
    // The ERROR node's first line starts no declaration the pieces could read: that is the broken one.
    if (isError && (pieces.length === 0 || pieces[0]!.from > from)) rec.skipped.push(from);
    const before = decl.fields.length + decl.methods.length;
    for (const piece of pieces) {
      const got = firstParsing(piece, (a, b) => parseMembers(a, b, ctx));
      if (!got) {
        rec.skipped.push(piece.from);
        continue;
      }
      for (const f of got.fields) if (!decl.fields.some((x) => x.name === f.name)) decl.fields.push(f);
      for (const fn of got.methods) if (!decl.methods.some((x) => x.name === fn.name && x.params.length === fn.params.length)) decl.methods.push(fn);
      for (const n of got.nested) if (!decl.nested.some((x) => x.name === n.name)) decl.nested.push(reparent(n, decl));
      decl.constructors.push(...got.constructors);
    }
    // Source order, which JSON property order follows.
    if (decl.fields.length + decl.methods.length > before) {
      decl.fields.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
      decl.methods.sort((a, b) => a.line - b.line);
    }
  }
}

/** Lines `from..to` parsed as the body of a class of their own; undefined when they do not parse or declare nothing. */
function parseMembers(from: number, to: number, ctx: Ctx): TypeDecl | undefined {
  const rec = ctx.recovery!;
  const head = 'class _R {\n';
  const parsed = `${head}${rec.parsedLines.slice(from - 1, to).join('\n')}\n}`;
  const real = `${head}${rec.realLines.slice(from - 1, to).join('\n')}\n}`;
  const tree = kotlinParser().parse(parsed);
  if (tree.rootNode.hasError && errorRanges(tree.rootNode).length) return undefined;
  const root = liteTree(tree, real, names, OPAQUE);
  const body = root.namedChildren.find((c) => c.type === 'class_declaration')?.namedChildren.find((c) => c.type === 'class_body');
  if (!body) return undefined;
  const holder = emptyTypeDecl('class', '_R', '_R', ctx.file, 1, 1);
  // Comments were left out of the piece; no recovery within a recovery.
  readBody(body, holder, { file: ctx.file, source: real, shadowed: ctx.shadowed, docs: new Docs(real, []) });
  if (!holder.fields.length && !holder.methods.length && !holder.nested.length && !holder.constructors.length) return undefined;
  // The piece's line 1 is the file's line `from`, one below the wrapper's header.
  shiftLines([holder.fields, holder.methods, holder.nested, holder.constructors], from - 2);
  return holder;
}

function reparent(t: TypeDecl, outer: TypeDecl): TypeDecl {
  t.outer = outer;
  t.fqn = `${outer.fqn}.${t.name}`;
  return t;
}

/** `src/main/kotlin/a/ApiPaths.kt` -> `ApiPathsKt`, as kotlinc names a file's class. */
export function facadeName(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1).replace(/\.kt$/, '');
  return `${base.charAt(0).toUpperCase()}${base.slice(1).replace(/[^\w$]/g, '_')}Kt`;
}

/**
 * The first ERROR or MISSING node's line. tree-sitter-kotlin marks a member ending just before
 * `}` with a missing automatic semicolon even in valid code: those are not errors.
 */
function firstErrorLine(root: Parser.SyntaxNode): number | undefined {
  if (!root.hasError) return undefined;
  const cursor = root.walk();
  for (;;) {
    const n = cursor.currentNode;
    if (n.type === 'ERROR' || (n.isMissing && n.type !== '_automatic_semicolon')) return n.startPosition.row + 1;
    if (n.hasError && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return undefined;
    }
  }
}

const TYPE_NODES = new Set(['class_declaration', 'object_declaration', 'companion_object']);
const NON_ASCII = /[^\x00-\x7f]/;
/** Hiragana, katakana, CJK ideographs, Hangul: one UTF-16 unit each, so offsets stay. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

function readImport(statement: string): Import {
  const m = /^import\s+([\w$.`\s]+?)(\.\s*\*)?(?:\s+as\s+([\w$`]+))?\s*$/.exec(statement);
  const imp: Import = { name: m?.[1]?.replace(/[\s`]+/g, '') ?? '', isStatic: false, wildcard: m?.[2] !== undefined };
  if (m?.[3]) imp.alias = m[3].replace(/`/g, '');
  return imp;
}

function simple(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}


/** Modifier keywords and annotations of a declaration (its `modifiers` or `parameter_modifiers` child). */
function readModifiers(decl: Node, ctx: Ctx): { modifiers: string[]; annotations: Annotation[] } {
  const modifiers: string[] = [];
  const annotations: Annotation[] = [];
  const node = decl.type === 'parameter_modifiers' ? decl : decl.namedChildren.find((c) => c.type === 'modifiers' || c.type === 'parameter_modifiers');
  for (const c of node?.namedChildren ?? []) {
    if (c.type === 'annotation') annotations.push(...readAnnotations(c, ctx));
    else if (c.type.endsWith('_modifier')) modifiers.push(c.text.trim());
  }
  // The binding's cursor reports a lone keyword modifier (`enum class`) without its wrappers.
  for (const c of decl.children) if (!c.isNamed && MODIFIER_WORDS.has(c.type)) modifiers.push(c.type);
  return { modifiers, annotations };
}

const MODIFIER_WORDS = new Set([
  'enum', 'annotation', 'data', 'sealed', 'inner', 'value', 'open', 'abstract', 'final', 'override', 'private', 'protected',
  'public', 'internal', 'const', 'lateinit', 'suspend', 'inline', 'operator', 'infix', 'tailrec', 'external', 'vararg',
  'noinline', 'crossinline', 'expect', 'actual',
]);

/** One annotation node: `@A`, `@A(...)`, `@field:A`, `@field:[A B(...)]`, `@file:A`. */
function readAnnotations(node: Node, ctx: Ctx): Annotation[] {
  const line = node.startPosition.row + 1;
  let target: string | undefined;
  const out: Annotation[] = [];
  for (const c of node.namedChildren) {
    if (c.type === 'use_site_target') target = c.text.replace(/[\s:@]/g, '');
    else if (c.type === 'user_type') out.push({ name: typeName(c), args: {}, line });
    else if (c.type === 'constructor_invocation') out.push(readInvocation(c, line, ctx));
  }
  if (target) for (const a of out) a.target = target;
  return out;
}

function readInvocation(node: Node, line: number, ctx: Ctx): Annotation {
  const type = node.namedChildren.find((c) => c.type === 'user_type');
  const args = node.namedChildren.find((c) => c.type === 'value_arguments');
  return { name: type ? typeName(type) : '', args: args ? readArguments(args, ctx) : {}, line };
}

/**
 * Annotation arguments. Named ones by name; positional ones are `value` (Kotlin spells a Java
 * array `value` as varargs: `@GetMapping("/a", "/b")`).
 */
function readArguments(list: Node, ctx: Ctx): Record<string, Expr> {
  const args: Record<string, Expr> = {};
  const positional: Expr[] = [];
  for (const arg of list.namedChildren) {
    if (arg.type !== 'value_argument') continue;
    const parts = arg.namedChildren.filter((c) => !isComment(c));
    // `` `as` = Impl::class ``: a keyword escaped as a name is the attribute `as`.
    if (parts.length === 2 && parts[0]!.type === 'simple_identifier') args[parts[0]!.text.replace(/`/g, '')] = readExpr(parts[1]!, ctx);
    else if (parts.length) positional.push(readExpr(parts[parts.length - 1]!, ctx));
  }
  if (positional.length === 1) args.value ??= positional[0]!;
  else if (positional.length > 1) args.value ??= { kind: 'array', items: positional };
  return args;
}

/** Comments are blanked before parsing; kept as a guard for nodes tree-sitter may still report. */
function isComment(n: Node): boolean {
  return n.type === 'line_comment' || n.type === 'multiline_comment';
}

/** Functions that build the arrays annotation attributes take. */
const ARRAY_BUILDERS = /^(?:arrayOf|(?:int|long|short|byte|char|float|double|boolean)ArrayOf|emptyArray|listOf|setOf)$/;

/** `Outer.Inner::class` (`.java`): tree-sitter reads the dotted receiver as a navigation, not a type. */
function qualifiedClassLiteral(text: string, ctx: Ctx): Expr | undefined {
  const m = /^([\w$`]+(?:\s*\.\s*[\w$`]+)*)\s*::\s*class(?:\s*\.\s*java)?$/.exec(text);
  return m ? { kind: 'class', type: jvm({ name: m[1]!.replace(/[\s`]+/g, ''), args: [], dims: 0 }, ctx, false) } : undefined;
}

export function readExpr(node: Node, ctx: Ctx): Expr {
  switch (node.type) {
    case 'string_literal':
      return stringExpr(node, ctx);
    case 'simple_identifier':
      return { kind: 'name', name: node.text };
    case 'navigation_expression': {
      const first = node.namedChild(0);
      if (first?.type === 'callable_reference' && node.text.replace(/\s+/g, '').endsWith('::class.java')) return readExpr(first, ctx);
      if (/^[\w$.\s`]+$/.test(node.text)) return { kind: 'name', name: node.text.replace(/[\s`]+/g, '') };
      return qualifiedClassLiteral(node.text, ctx) ?? { kind: 'other', text: node.text };
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => !isComment(c));
      return inner ? readExpr(inner, ctx) : { kind: 'other', text: node.text };
    }
    case 'additive_expression': {
      const [left, right] = node.namedChildren.filter((c) => !isComment(c));
      const op = node.children.find((c) => !c.isNamed)?.type;
      if (op === '+' && left && right) {
        const parts: Expr[] = [];
        for (const side of [readExpr(left, ctx), readExpr(right, ctx)]) {
          if (side.kind === 'concat') parts.push(...side.parts);
          else parts.push(side);
        }
        return { kind: 'concat', parts };
      }
      return { kind: 'other', text: node.text };
    }
    case 'collection_literal':
      return { kind: 'array', items: node.namedChildren.filter((c) => !isComment(c)).map((c) => readExpr(c, ctx)) };
    case 'call_expression': {
      const callee = node.namedChild(0);
      const args = node.namedChildren.find((c) => c.type === 'call_suffix')?.namedChildren.find((c) => c.type === 'value_arguments');
      if (callee && args && ARRAY_BUILDERS.test(callee.text)) {
        const items = args.namedChildren.filter((c) => c.type === 'value_argument').map((a) => {
          const parts = a.namedChildren.filter((c) => !isComment(c));
          return readExpr(parts[parts.length - 1]!, ctx);
        });
        return { kind: 'array', items };
      }
      // A nested annotation is written as a constructor call: `JsonSubTypes.Type(A::class)`.
      if (callee && args && /^(?:[\w$]+\.)*[A-Z][\w$]*$/.test(callee.text.replace(/\s+/g, ''))) {
        return { kind: 'annotation', annotation: { name: callee.text.replace(/\s+/g, ''), args: readArguments(args, ctx), line: node.startPosition.row + 1 } };
      }
      return { kind: 'other', text: node.text };
    }
    case 'annotation': {
      const [a] = readAnnotations(node, ctx);
      return a ? { kind: 'annotation', annotation: a } : { kind: 'other', text: node.text };
    }
    case 'callable_reference': {
      // `Foo::class`: the receiver type, when the reference is to the class.
      const type = node.namedChildren.find((c) => c.type === 'type_identifier' || c.type === 'user_type');
      if (type && /::\s*class$/.test(node.text)) return { kind: 'class', type: jvm({ name: type.text.replace(/\s+/g, ''), args: [], dims: 0 }, ctx, false) };
      return qualifiedClassLiteral(node.text, ctx) ?? { kind: 'other', text: node.text };
    }
    case 'integer_literal':
    case 'hex_literal':
    case 'bin_literal':
    case 'long_literal':
    case 'unsigned_literal':
    case 'real_literal':
      return { kind: 'literal', value: numberValue(node.text) };
    case 'boolean_literal':
      return { kind: 'literal', value: node.text.trim() };
    case 'character_literal':
      return { kind: 'literal', value: unescapeKotlin(node.text.slice(1, -1)) };
    case 'prefix_expression': {
      const operand = node.namedChild(0);
      if (node.child(0)?.type === '-' && operand && /_literal$/.test(operand.type)) return { kind: 'literal', value: `-${numberValue(operand.text)}` };
      return { kind: 'other', text: node.text };
    }
    case 'null': // an anonymous token: it has no text of its own
      return { kind: 'literal', value: 'null' };
    default:
      return { kind: 'other', text: node.text };
  }
}

function numberValue(text: string): string {
  const t = text.replace(/_/g, '').replace(/[uU]?[lL]?$/, '');
  if (/^0[xX]/.test(t)) return String(parseInt(t.slice(2), 16));
  if (/^0[bB]/.test(t)) return String(parseInt(t.slice(2), 2));
  return t.replace(/[fFdD]$/, '');
}

/** `"$BASE/x"` and `"${Paths.API}/x"` are concatenations of the text and the names. */
function stringExpr(node: Node, ctx: Ctx): Expr {
  const raw = node.text.startsWith('"""');
  const parts: Expr[] = [];
  const push = (e: Expr) => {
    const last = parts[parts.length - 1];
    if (e.kind === 'string' && last?.kind === 'string') last.value += e.value;
    else parts.push(e);
  };
  for (const c of node.namedChildren) {
    if (c.type === 'string_content') push({ kind: 'string', value: raw ? c.text : unescapeKotlin(c.text) });
    else if (c.type === 'escape_sequence') push({ kind: 'string', value: unescapeKotlin(c.text) });
    else if (c.type === 'interpolated_identifier') push({ kind: 'name', name: c.text });
    else if (c.type === 'interpolated_expression') {
      const inner = c.namedChild(0);
      const e = inner ? readExpr(inner, ctx) : { kind: 'other' as const, text: c.text };
      // `${'$'}` is how Kotlin writes a dollar sign.
      push(e.kind === 'literal' ? { kind: 'string', value: e.value } : e);
    }
  }
  if (parts.length === 0) return { kind: 'string', value: '' };
  if (parts.length === 1 && parts[0]!.kind === 'string') return parts[0]!;
  return { kind: 'concat', parts };
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', '"': '"', "'": "'", '\\': '\\', $: '$' };

function unescapeKotlin(s: string): string {
  if (!s.includes('\\')) return s;
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) => (e[0] === 'u' && e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (ESCAPES[e] ?? e)));
}

/** The dotted name of a `user_type`, type arguments left out: `Outer.Inner<T>` -> `Outer.Inner`. */
function typeName(node: Node): string {
  const ids = node.namedChildren.filter((c) => c.type === 'type_identifier' || c.type === 'simple_identifier');
  return ids.length ? ids.map((c) => c.text.replace(/`/g, '')).join('.') : node.text.replace(/<[\s\S]*>/, '').replace(/\s+/g, '');
}

/** A type node as written (Kotlin names). */
function readTypeNode(node: Node): TypeRef {
  switch (node.type) {
    case 'user_type': {
      const args = node.namedChildren.filter((c) => c.type === 'type_arguments').pop();
      return { name: typeName(node), args: args ? args.namedChildren.filter((c) => c.type === 'type_projection').map(readProjection) : [], dims: 0 };
    }
    case 'nullable_type': {
      const inner = node.namedChildren.find((c) => c.type !== 'type_modifiers');
      const ref = inner ? readTypeNode(inner) : { name: 'Any', args: [], dims: 0 };
      ref.nullable = true;
      return ref;
    }
    case 'parenthesized_type':
    case 'non_nullable_type': {
      const inner = node.namedChildren.find((c) => c.type !== 'type_modifiers');
      return inner ? readTypeNode(inner) : { name: 'Any', args: [], dims: 0 };
    }
    case 'function_type':
      return { name: 'kotlin.Function', args: [], dims: 0 };
    case 'type_identifier':
      return { name: node.text, args: [], dims: 0 };
    default:
      return { name: node.text.replace(/\s+/g, ''), args: [], dims: 0 };
  }
}

function readProjection(node: Node): TypeRef {
  const type = node.namedChildren.find((c) => TYPE_NODE.has(c.type));
  if (!type) return { name: '?', args: [], dims: 0 }; // `*`
  const ref = readTypeNode(type);
  const variance = node.namedChildren.find((c) => c.type === 'type_projection_modifiers')?.text.trim();
  if (variance === 'out') return { name: '?', args: [], dims: 0, bound: { kind: 'extends', type: ref } };
  if (variance === 'in') return { name: '?', args: [], dims: 0, bound: { kind: 'super', type: ref } };
  return ref;
}

const TYPE_NODE = new Set(['user_type', 'nullable_type', 'parenthesized_type', 'function_type', 'non_nullable_type', 'type_identifier']);

function typeChild(node: Node): Node | undefined {
  return node.namedChildren.find((c) => TYPE_NODE.has(c.type));
}

function jvm(ref: TypeRef, ctx: Ctx, top = true): TypeRef {
  return toJvmType(ref, ctx.shadowed, top);
}

function readTypeParams(node: Node, ctx: Ctx): TypeParam[] {
  const list = node.namedChildren.find((c) => c.type === 'type_parameters');
  if (!list) return [];
  const out: TypeParam[] = [];
  for (const p of list.namedChildren) {
    if (p.type !== 'type_parameter') continue;
    const name = p.namedChildren.find((c) => c.type === 'type_identifier')?.text ?? '';
    const bound = p.namedChildren.find((c) => c.type !== 'type_identifier' && TYPE_NODE.has(c.type));
    out.push({ name, bounds: bound ? [jvm(readTypeNode(bound), ctx, false)] : [] });
  }
  // `where T : A, T : B`
  const constraints = node.namedChildren.find((c) => c.type === 'type_constraints');
  for (const c of constraints?.namedChildren ?? []) {
    if (c.type !== 'type_constraint') continue;
    const name = c.namedChildren.find((x) => x.type === 'type_identifier')?.text;
    const bound = c.namedChildren.find((x) => x.type !== 'type_identifier' && TYPE_NODE.has(x.type));
    const param = out.find((p) => p.name === name);
    if (param && bound) param.bounds.push(jvm(readTypeNode(bound), ctx, false));
  }
  return out;
}

function kindOf(node: Node, modifiers: readonly string[]): TypeKind {
  if (node.type !== 'class_declaration') return 'object';
  if (node.children.some((c) => !c.isNamed && c.type === 'interface')) return 'interface';
  if (modifiers.includes('enum')) return 'enum';
  if (modifiers.includes('annotation')) return 'annotation';
  return 'class';
}

function readType(node: Node, ctx: Ctx, outer: TypeDecl | undefined, prefix: string, start = node.startIndex): TypeDecl {
  const { modifiers, annotations } = readModifiers(node, ctx);
  const kind = kindOf(node, modifiers);
  const nameNode = node.namedChildren.find((c) => c.type === 'type_identifier');
  const name = nameNode?.text.replace(/`/g, '') ?? (node.type === 'companion_object' ? 'Companion' : '');
  const at = (nameNode ?? node).startPosition;
  const decl = emptyTypeDecl(kind, name, prefix ? `${prefix}.${name}` : name, ctx.file, at.row + 1, at.column + 1);
  decl.modifiers = modifiers;
  decl.annotations = annotations;
  decl.typeParams = readTypeParams(node, ctx);
  if (outer) decl.outer = outer;
  const doc = ctx.docs.kdoc(start);
  if (doc) decl.doc = doc;

  for (const spec of node.namedChildren) {
    if (spec.type !== 'delegation_specifier') continue;
    const call = spec.namedChildren.find((c) => c.type === 'constructor_invocation');
    const type = call?.namedChildren.find((c) => c.type === 'user_type') ?? spec.namedChildren.find((c) => TYPE_NODE.has(c.type)) ?? spec.namedChildren.find((c) => c.type === 'explicit_delegation');
    if (!type) continue;
    const ref = jvm(type.type === 'explicit_delegation' ? { name: type.text.replace(/\s+by\s[\s\S]*$/, '').replace(/<[\s\S]*$/, '').trim(), args: [], dims: 0 } : readTypeNode(type), ctx, false);
    // Only a class is constructed: `: Base()` is the superclass, the rest are interfaces.
    if (call && kind !== 'interface' && !decl.superclass) decl.superclass = ref;
    else decl.interfaces.push(ref);
  }

  const primary = node.namedChildren.find((c) => c.type === 'primary_constructor');
  if (primary) {
    const params = readClassParameters(primary, ctx, parseDoc(doc).params);
    decl.constructors.push(params.map((p) => p.param));
    for (const p of params) {
      if (!p.field) continue;
      decl.components.push(p.param);
      decl.fields.push(p.field);
    }
  }
  const body = node.namedChildren.find((c) => c.type === 'class_body' || c.type === 'enum_class_body');
  if (body) readBody(body, decl, ctx);
  if (body && ctx.recovery) recoverMembers(body, decl, ctx);
  inferReturnTypes(decl);
  return decl;
}

/** What an expression body returns when it is a property (`= info`) or a call of a function (`= retrieveStats()`) of the class. */
const inferredFrom = new WeakMap<MethodDecl, { name: string; call: boolean }>();

/**
 * `fun info() = info` returns the type of the class's property `info`, `fun stats() =
 * retrieveStats()` what the class's function declares: Lavalink's handlers are written so.
 */
function inferReturnTypes(decl: TypeDecl): void {
  // Twice: a function may return another whose type is inferred the same way.
  for (let round = 0; round < 2; round++) {
    for (const m of decl.methods) {
      const from = inferredFrom.get(m);
      if (!from || m.returnType?.name !== '?') continue;
      const type = from.call
        ? decl.methods.find((o) => o !== m && o.name === from.name && o.returnType && o.returnType.name !== '?')?.returnType
        : decl.fields.find((f) => f.name === from.name && f.type.name !== 'Object')?.type;
      if (type) m.returnType = type;
    }
  }
}

/** Primary-constructor parameters; those declared `val`/`var` are also properties. */
function readClassParameters(node: Node, ctx: Ctx, docs: Record<string, string>): Array<{ param: ParamDecl; field?: FieldDecl }> {
  const out: Array<{ param: ParamDecl; field?: FieldDecl }> = [];
  for (const c of node.namedChildren) {
    if (c.type !== 'class_parameter') continue;
    const { modifiers, annotations } = readModifiers(c, ctx);
    const nameNode = c.namedChildren.find((x) => x.type === 'simple_identifier');
    const name = nameNode?.text.replace(/`/g, '') ?? '';
    const typeNode = typeChild(c);
    const written = typeNode ? readTypeNode(typeNode) : { name: 'Any', args: [], dims: 0 };
    const nullable = written.nullable === true;
    const type = jvm(written, ctx);
    const kids = valueNodes(c);
    const valueNode = typeNode && kids.indexOf(typeNode) < kids.length - 1 ? kids[kids.length - 1] : undefined;
    const param: ParamDecl = { name, type, annotations: annotations.filter(appliesToParam) };
    if (valueNode) param.defaultValue = readExpr(valueNode, ctx);
    if (nullable || param.defaultValue) param.optional = true;
    const doc = ctx.docs.of(c) ?? (docs[name] || undefined);
    if (doc) param.doc = doc;
    param.line = (nameNode ?? c).startPosition.row + 1;
    const binding = c.namedChildren.find((x) => x.type === 'binding_pattern_kind')?.text.trim();
    const entry: { param: ParamDecl; field?: FieldDecl } = { param };
    if (binding === 'val' || binding === 'var') {
      const field: FieldDecl = {
        name,
        type,
        modifiers: withVisibility(modifiers, binding === 'val' ? ['final'] : []),
        annotations: annotations.filter(appliesToProperty),
        line: param.line,
      };
      if (param.defaultValue) field.defaultValue = param.defaultValue;
      else if (!nullable) field.required = true;
      if (doc) field.doc = doc;
      entry.field = field;
    }
    out.push(entry);
  }
  return out;
}

/** Use-site targets of annotations that describe the property (JSON, validation, docs). */
function appliesToProperty(a: Annotation): boolean {
  return a.target === undefined || a.target === 'field' || a.target === 'get' || a.target === 'set' || a.target === 'param' || a.target === 'property';
}

function appliesToParam(a: Annotation): boolean {
  return a.target === undefined || a.target === 'param';
}

/** Kotlin declarations are public unless they say otherwise. */
function withVisibility(modifiers: string[], extra: string[]): string[] {
  const out = [...modifiers, ...extra];
  // `internal` is public on the JVM (under a mangled name): frameworks see it.
  if (!modifiers.some((m) => m === 'private' || m === 'protected')) out.unshift('public');
  return out;
}

function readBody(body: Node, decl: TypeDecl, ctx: Ctx): void {
  // Members of an object are static on the JVM; those of a companion are static on its class too.
  const isStatic = decl.kind === 'object';
  const misread = new Misread();
  // The property just read, with the accessors seen so far (its own children, then the getter and setter that follow it).
  let property: { field: FieldDecl; accessors: Node[] } | undefined;
  for (const m of body.namedChildren) {
    if (misread.take(m, ctx)) continue;
    if (m.type === 'getter' || m.type === 'setter') {
      if (property && !property.accessors.some((c) => c.type === 'property_delegate')) {
        property.accessors.push(m);
        if (backingless(property.field, property.accessors, ctx)) property.field.computed = true;
        else delete property.field.computed; // a setter writing `field` after the getter
      }
      continue;
    }
    property = undefined;
    switch (m.type) {
      case 'property_declaration': {
        const fields = misread.apply(readProperty(m, ctx, isStatic));
        decl.fields.push(...fields);
        if (fields.length === 1) property = { field: fields[0]!, accessors: [...m.namedChildren] };
        break;
      }
      case 'function_declaration':
        decl.methods.push(...misread.apply([readFunction(m, ctx, false, misread.start)]));
        break;
      case 'secondary_constructor': {
        const params = m.namedChildren.find((c) => c.type === 'function_value_parameters');
        decl.constructors.push(params ? readParameters(params, ctx) : []);
        break;
      }
      case 'enum_entry':
        decl.enumConstants.push(readEnumEntry(m, ctx));
        break;
      default:
        if (TYPE_NODES.has(m.type)) {
          const [nested] = misread.apply([readType(m, ctx, decl, decl.fqn, misread.start)]);
          decl.nested.push(nested!);
          if (m.type === 'companion_object') decl.fields.push(...nested!.fields);
        }
    }
    misread.clear();
  }
}

/**
 * tree-sitter-kotlin 0.3.8 can read `@RequestMapping(BASE)` on its own line before a
 * declaration as an annotated expression statement, `@RequestMapping` applied to `(BASE)`: an
 * ambiguity it settles differently depending on the rest of the file. Kotlin files hold no
 * statements there, so such an expression is the next declaration's annotations, the
 * parenthesised operand being the last one's single argument.
 */
class Misread {
  private annotations: Annotation[] = [];
  /** Where the misread annotations began: docs are found before them. */
  start: number | undefined;

  take(node: Node, ctx: Ctx): boolean {
    if (node.type !== 'prefix_expression' && node.type !== 'annotated_expression') return false;
    const found: Annotation[] = [];
    let cur: Node | undefined = node;
    while (cur && (cur.type === 'prefix_expression' || cur.type === 'annotated_expression')) {
      const kids: Node[] = cur.namedChildren;
      const anns = kids.filter((c) => c.type === 'annotation');
      if (anns.length === 0) return false;
      for (const a of anns) found.push(...readAnnotations(a, ctx));
      const rest = kids.filter((c) => c.type !== 'annotation');
      if (rest.length !== 1) return false;
      cur = rest[0];
    }
    const last = found[found.length - 1];
    if (!cur || !last || cur.type !== 'parenthesized_expression' || Object.keys(last.args).length) return false;
    const inner = cur.namedChildren[0];
    if (inner) last.args.value = readExpr(inner, ctx);
    this.annotations.push(...found);
    this.start ??= node.startIndex;
    return true;
  }

  apply<T extends { annotations: Annotation[] }>(decls: T[]): T[] {
    if (this.annotations.length) for (const d of decls) d.annotations.unshift(...this.annotations);
    return decls;
  }

  clear(): void {
    this.annotations = [];
    this.start = undefined;
  }
}

function lineBreaks(text: string, from: number, to: number): number {
  const first = text.indexOf('\n', from);
  if (first < 0 || first >= to) return 0;
  const second = text.indexOf('\n', first + 1);
  return second < 0 || second >= to ? 1 : 2;
}

function readProperty(node: Node, ctx: Ctx, isStatic: boolean): FieldDecl[] {
  const { modifiers, annotations } = readModifiers(node, ctx);
  const binding = node.namedChildren.find((c) => c.type === 'binding_pattern_kind')?.text.trim();
  const variable = node.namedChildren.find((c) => c.type === 'variable_declaration');
  if (!variable) return []; // destructuring declarations declare no property a scanner reads
  const nameNode = variable.namedChildren.find((c) => c.type === 'simple_identifier');
  const typeNode = typeChild(variable);
  const kids = valueNodes(node);
  const after = kids.slice(kids.indexOf(variable) + 1).find((c) => !isComment(c) && c.type !== 'getter' && c.type !== 'setter' && c.type !== 'property_delegate' && c.type !== 'type_constraints');
  const value = after ? readExpr(after, ctx) : undefined;
  const type = typeNode ? jvm(readTypeNode(typeNode), ctx) : inferredType(value);
  const extra = binding === 'val' ? ['final'] : [];
  if (isStatic || modifiers.includes('const')) extra.push('static');
  const field: FieldDecl = {
    name: nameNode?.text.replace(/`/g, '') ?? '',
    type,
    modifiers: withVisibility(modifiers, extra),
    annotations: annotations.filter(appliesToProperty),
    line: (nameNode ?? node).startPosition.row + 1,
  };
  if (value) {
    // Only constants feed mappings: `const val`, and read-only properties of objects and files.
    if (modifiers.includes('const') || (isStatic && binding === 'val')) field.initializer = value;
    else field.defaultValue = value;
  }
  if (kids.some((c) => c.type === 'property_delegate') || backingless(field, kids, ctx)) field.computed = true;
  const doc = ctx.docs.of(node);
  if (doc) field.doc = doc;
  return [field];
}

/**
 * A property with no initializer whose accessors include a getter and never read `field` has
 * no backing field. The accessors are the declaration's children, or (in a class body, where
 * the grammar puts them) the getter and setter nodes that follow it.
 */
function backingless(field: FieldDecl, accessors: readonly Node[], ctx: Ctx): boolean {
  const own = accessors.filter((c) => c.type === 'getter' || c.type === 'setter');
  // The real text: block bodies are blank in the parsed skeleton.
  return field.defaultValue === undefined && field.initializer === undefined && own.some((c) => c.type === 'getter') && !own.some((c) => /\bfield\b/.test(ctx.source.slice(c.startIndex, c.endIndex)));
}

/** The type of `val X = "..."`, as far as a literal or a constructor call (`= Info(...)`) tells. */
function inferredType(value: Expr | undefined): TypeRef {
  const ref = (name: string): TypeRef => ({ name, args: [], dims: 0 });
  if (!value) return ref('Object');
  if (value.kind === 'string' || value.kind === 'concat') return ref('String');
  // A capitalised call is read as a constructor call (the nested-annotation form): its class.
  if (value.kind === 'annotation') return ref(value.annotation.name);
  if (value.kind === 'literal') {
    if (value.value === 'true' || value.value === 'false') return ref('boolean');
    if (/^-?\d+$/.test(value.value)) return ref('int');
    if (/^-?[\d.eE+-]+$/.test(value.value)) return ref('double');
  }
  return ref('Object');
}

function readFunction(node: Node, ctx: Ctx, isStatic: boolean, start = node.startIndex): MethodDecl {
  const { modifiers, annotations } = readModifiers(node, ctx);
  const nameNode = node.namedChildren.find((c) => c.type === 'simple_identifier');
  const params = node.namedChildren.find((c) => c.type === 'function_value_parameters');
  const kids = node.namedChildren;
  const typeNode = params ? kids.slice(kids.indexOf(params) + 1).find((c) => TYPE_NODE.has(c.type)) : undefined;
  const body = node.namedChildren.find((c) => c.type === 'function_body');
  let returnType: TypeRef;
  let pending: { name: string; call: boolean } | undefined;
  let returnsCall: MethodDecl['returnsCall'];
  if (typeNode) returnType = jvm(readTypeNode(typeNode), ctx);
  // A block body without a declared type returns Unit; an expression body's type is inferred:
  // a constructor call names it, a property or function of the class is looked up once the
  // class is read (inferReturnTypes), anything else stays unknown.
  else if (body && body.text.trimStart().startsWith('=')) {
    returnType = { name: '?', args: [], dims: 0 };
    // The body is opaque to the tree walk: its text, `= featured` or `= newest(3)`, is read.
    const expr = body.text.trimStart().slice(1).trim();
    const name = /^[A-Za-z_]\w*/.exec(expr)?.[0];
    const open = name ? expr.indexOf('(', name.length) : -1;
    if (name && expr.length === name.length) pending = { name, call: false };
    else if (name && open >= 0 && expr.slice(name.length, open).trim() === '' && matching(expr, open) === expr.length - 1) {
      if (/^[A-Z]/.test(name)) returnType = { name, args: [], dims: 0 };
      else pending = { name, call: true };
    } else if (name && /^[a-z]/.test(name)) {
      // `= service.delete(id)`: a call on a property, whose class says what it returns.
      const call = /^\s*\.\s*([A-Za-z_]\w*)\s*\(/.exec(expr.slice(name.length));
      const at = call ? name.length + call[0].length - 1 : -1;
      if (call && matching(expr, at) === expr.length - 1) returnsCall = { receiver: name, name: call[1]! };
    }
  } else returnType = { name: 'void', args: [], dims: 0 };
  const method: MethodDecl = {
    name: nameNode?.text.replace(/`/g, '') ?? '',
    modifiers: isStatic ? [...withVisibility(modifiers, []), 'static'] : withVisibility(modifiers, []),
    annotations: annotations.filter((a) => a.target === undefined),
    typeParams: readTypeParams(node, ctx),
    params: params ? readParameters(params, ctx) : [],
    returnType,
    line: (nameNode ?? node).startPosition.row + 1,
    column: (nameNode ?? node).startPosition.column + 1,
  };
  if (pending) inferredFrom.set(method, pending);
  if (returnsCall) method.returnsCall = returnsCall;
  const doc = ctx.docs.kdoc(start);
  if (doc) method.doc = doc;
  const facts = body ? bodyFacts(ctx.source, body.startIndex, body.endIndex, method.params) : undefined;
  if (facts?.statuses) method.statuses = facts.statuses;
  if (facts?.requestReads) method.requestReads = facts.requestReads;
  if (facts?.responseUse) method.responseUse = facts.responseUse;
  if (body && method.name === 'serialize') method.writes = generatorWrites(ctx.source, body.startIndex, body.endIndex);
  // Kotlin has no `throws` clause: `@Throws(X::class, ...)` declares what a handler throws.
  const declared = throwsAnnotation(annotations);
  const thrown = declared.length ? [...new Set([...declared, ...(facts?.thrown ?? [])])] : facts?.thrown;
  if (thrown?.length) method.thrown = thrown;
  return method;
}

/** The classes `@Throws(A::class, B::class)` names, as written. */
function throwsAnnotation(annotations: readonly Annotation[]): string[] {
  const ann = annotations.find((a) => a.target === undefined && simpleName(a.name) === 'Throws');
  const value = ann?.args.value;
  if (!value) return [];
  return (value.kind === 'array' ? value.items : [value]).flatMap((e) => (e.kind === 'class' ? [e.type.name] : []));
}

/** `(@A x: Int = 1, vararg y: String)`: modifiers and defaults are siblings of each parameter. */
function readParameters(node: Node, ctx: Ctx): ParamDecl[] {
  const out: ParamDecl[] = [];
  let mods: { modifiers: string[]; annotations: Annotation[] } | undefined;
  let last: ParamDecl | undefined;
  for (const c of valueNodes(node)) {
    if (c.type === 'parameter_modifiers') {
      mods = readModifiers(c, ctx);
      continue;
    }
    if (isComment(c)) continue;
    if (c.type === 'parameter') {
      const nameNode = c.namedChildren.find((x) => x.type === 'simple_identifier');
      const typeNode = typeChild(c);
      const written = typeNode ? readTypeNode(typeNode) : { name: 'Any', args: [], dims: 0 };
      const nullable = written.nullable === true;
      const type = jvm(written, ctx);
      if (mods?.modifiers.includes('vararg')) type.dims += 1;
      const param: ParamDecl = { name: nameNode?.text.replace(/`/g, '') ?? '', type, annotations: (mods?.annotations ?? []).filter(appliesToParam) };
      if (nullable) param.optional = true;
      param.line = (nameNode ?? c).startPosition.row + 1;
      out.push(param);
      last = param;
      mods = undefined;
    } else if (last && !last.defaultValue) {
      last.defaultValue = readExpr(c, ctx);
      last.optional = true;
    }
  }
  return out;
}

/** Named children, and the anonymous `null` that can stand as a value. */
function valueNodes(node: Node): Node[] {
  return node.children.filter((c) => c.isNamed || c.type === 'null');
}

function readEnumEntry(node: Node, ctx: Ctx): EnumConstant {
  const { annotations } = readModifiers(node, ctx);
  const args = node.namedChildren.find((c) => c.type === 'value_arguments');
  const constant: EnumConstant = {
    name: node.namedChildren.find((c) => c.type === 'simple_identifier')?.text.replace(/`/g, '') ?? '',
    args: args
      ? args.namedChildren.filter((a) => a.type === 'value_argument').map((a) => {
          const parts = a.namedChildren.filter((c) => !isComment(c));
          return readExpr(parts[parts.length - 1]!, ctx);
        })
      : [],
    annotations,
  };
  const doc = ctx.docs.of(node);
  if (doc) constant.doc = doc;
  return constant;
}

// Java front end: tree-sitter-java syntax tree -> the neutral SourceFile of source-model.ts.
// Only declarations are visited; method bodies and initializer blocks are skipped, which keeps
// the walk proportional to the API surface rather than to the code size.

import type Parser from 'tree-sitter';
import { lazyRequire } from '../../lazy-require';
import type {
  Annotation,
  EnumConstant,
  Expr,
  FieldDecl,
  MethodDecl,
  ParamDecl,
  SourceFile,
  TypeDecl,
  TypeKind,
  TypeParam,
  TypeRef,
} from '../source-model';
import { emptyTypeDecl } from '../source-model';
import { cleanDocComment } from '../doc-comment';
import { skeletonOf } from './skeleton';
import { liteTree, NodeNames } from '../lite-tree';
import type { LiteNode, NodeTypeInfo } from '../lite-tree';
import { checkNesting } from '../nesting-guard';
import { bodyFacts, generatorWrites } from '../body-facts';
import { cutDeclarations } from '../declaration-budget';
import { parseDeclarations } from './declaration-parser';
import { annotatedPackageName, commentText, packageBetween, constantShaped, lineBreaks, numberValue, qualifiedTypeName, readImport, startsLine, stringValue, unescapeJava } from './java-text';

type Node = LiteNode;

let parser: Parser | undefined;
const treeSitter = lazyRequire<typeof Parser>('tree-sitter');
const java = lazyRequire<{ nodeTypeInfo?: NodeTypeInfo[] }>('tree-sitter-java');
/** Set with the parser: every lookup happens on a tree it made. */
let names!: NodeNames;
/** The real text of the file being read: method bodies are blank in the parsed skeleton. */
let sourceText = '';
/** Read as text only: their inner nodes are never visited. */
const OPAQUE = new Set([
  'package_declaration',
  'import_declaration',
  'block',
  'constructor_body',
  'line_comment',
  'block_comment',
  'string_literal',
  'character_literal',
  'lambda_expression',
  'object_creation_expression',
  'method_invocation',
  // Read through their text.
  'scoped_identifier',
  'scoped_type_identifier',
  'field_access',
  'dimensions',
  'integral_type',
  'floating_point_type',
  'boolean_type',
  'void_type',
  'type_identifier',
  'identifier',
]);

function javaParser(): Parser {
  if (!parser) {
    const TreeSitter = treeSitter();
    parser = new TreeSitter();
    parser.setLanguage(java());
    names = new NodeNames(java().nodeTypeInfo);
  }
  return parser;
}

/**
 * Parses one Java file. tree-sitter recovers from errors, so a broken file still yields what
 * could be read; the first error position is reported as `errorLine` for a diagnostic.
 */
export function parseJava(text: string, path: string, module: string): { file: SourceFile; errorLine?: number } {
  checkNesting(text, 'java'); // a hostile file becomes a diagnostic, not a crash
  const { text: whole, header, bodies } = skeletonOf(text);
  const cut = cutDeclarations(whole, 'java'); // one file's share of the scan is bounded
  const skeleton = cut?.text ?? whole;
  const file = headerFile(header, path, module);
  if (cut) file.cutAtLine = cut.line;
  // Declarations the hand-written parser reads in full skip tree-sitter; the rest (syntax errors,
  // rare constructs) take the tree-sitter path below, which stays the reference.
  if (useFastParser && parseDeclarations(skeleton, text, file, blockParses, cut ? undefined : bodies)) return { file };
  return parseTree(skeleton, text, file);
}

/**
 * Whether tree-sitter reads a block the skeleton kept (an initializer, a lambda's or a compact
 * constructor's body) without error: a parse of the block alone, a fraction of the file's.
 */
function blockParses(block: string, constructorBody: boolean): boolean {
  const snippet = constructorBody ? `class X{X()${block}}` : `class X{static${block}}`;
  return !javaParser().parse(snippet, undefined, { bufferSize: Math.max(32 * 1024, snippet.length * 2 + 1024) }).rootNode.hasError;
}

/** Whether parseJava tries the hand-written declaration parser first (tests compare both paths). */
let useFastParser = process.env.APISCOUT_JAVA_PARSER !== 'tree-sitter';

/** Tests: read every file through tree-sitter (false) or the declaration parser first (true). */
export function setFastJavaParser(on: boolean): void {
  useFastParser = on;
}

function headerFile(header: string[], path: string, module: string): SourceFile {
  const file: SourceFile = { path, lang: 'java', pkg: '', imports: [], types: [], module };
  for (const statement of header) {
    if (statement.startsWith('package')) file.pkg = /^package\s+([\w$.\s]+?)\s*;$/.exec(statement)?.[1]?.replace(/\s+/g, '') ?? '';
    else file.imports.push(readImport(statement));
  }
  return file;
}

/** The tree-sitter path: parse the skeleton, copy the tree, read the declarations off it. */
function parseTree(skeleton: string, text: string, file: SourceFile): { file: SourceFile; errorLine?: number } {
  sourceText = text;
  // The Node binding's default buffer is 32 KiB; larger inputs need an explicit size.
  const tree = javaParser().parse(skeleton, undefined, { bufferSize: Math.max(32 * 1024, skeleton.length * 2 + 1024) });
  const root = liteTree(tree, skeleton, names, OPAQUE);
  let pendingDoc: string | undefined;
  let pendingEnd = 0;
  for (const child of root.namedChildren) {
    switch (child.type) {
      case 'package_declaration': // annotated packages (package-info.java) stay in the tree
        file.pkg = annotatedPackageName(child.text) ?? file.pkg;
        break;
      case 'import_declaration':
        file.imports.push(readImport(child.text));
        break;
      case 'block_comment':
        if (child.text.startsWith('/**')) {
          pendingDoc = child.text;
          pendingEnd = child.endIndex;
        }
        continue;
      case 'line_comment':
        continue;
      default:
        if (TYPE_NODES[child.type]) {
          const doc = pendingDoc && !packageBetween(text, pendingEnd, child.startIndex) ? pendingDoc : undefined;
          file.types.push(readType(child, file, undefined, file.pkg, doc));
        }
    }
    pendingDoc = undefined;
  }
  const result: { file: SourceFile; errorLine?: number } = { file };
  if (tree.rootNode.hasError) result.errorLine = firstErrorLine(tree.rootNode);
  return result;
}

function firstErrorLine(root: Parser.SyntaxNode): number {
  const cursor = root.walk();
  // Depth-first until the first ERROR or MISSING node.
  for (;;) {
    const n = cursor.currentNode;
    if (n.type === 'ERROR' || n.isMissing) return n.startPosition.row + 1;
    if (n.hasError && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return root.startPosition.row + 1;
    }
  }
}

const TYPE_NODES: Record<string, TypeKind> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  enum_declaration: 'enum',
  record_declaration: 'record',
  annotation_type_declaration: 'annotation',
};

function readModifiers(node: Node | null): { modifiers: string[]; annotations: Annotation[] } {
  const modifiers: string[] = [];
  const annotations: Annotation[] = [];
  if (!node) return { modifiers, annotations };
  for (const c of node.children) {
    if (c.type === 'annotation' || c.type === 'marker_annotation') annotations.push(readAnnotation(c));
    else if (!c.isNamed) modifiers.push(c.type);
  }
  return { modifiers, annotations };
}

function modifiersOf(node: Node): Node | null {
  // `modifiers` is not a named field in the grammar; it is the first child when present.
  const first = node.namedChild(0);
  return first && first.type === 'modifiers' ? first : null;
}

function readAnnotation(node: Node): Annotation {
  const name = node.childForFieldName('name')?.text ?? '';
  const args: Record<string, Expr> = {};
  const list = node.childForFieldName('arguments');
  if (list) {
    for (const arg of list.namedChildren) {
      if (arg.type === 'element_value_pair') {
        const key = arg.childForFieldName('key')?.text;
        const value = arg.childForFieldName('value');
        if (key && value) args[key] = readExpr(value);
      } else if (!isComment(arg)) {
        args.value = readExpr(arg);
      }
    }
  }
  return { name, args, line: node.startPosition.row + 1 };
}

function isComment(n: Node): boolean {
  return n.type === 'line_comment' || n.type === 'block_comment';
}

export function readExpr(node: Node): Expr {
  switch (node.type) {
    case 'string_literal':
      return { kind: 'string', value: stringValue(node.text) };
    case 'identifier':
    case 'field_access':
    case 'scoped_identifier':
      return { kind: 'name', name: node.text.replace(/\s+/g, '') };
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => !isComment(c));
      return inner ? readExpr(inner) : { kind: 'other', text: node.text };
    }
    case 'binary_expression': {
      // The operator is the anonymous token between the operands.
      const op = node.children.find((c) => !c.isNamed && c.type !== '(' && c.type !== ')')?.type;
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      if (op === '+' && left && right) {
        const parts: Expr[] = [];
        for (const side of [readExpr(left), readExpr(right)]) {
          if (side.kind === 'concat') parts.push(...side.parts);
          else parts.push(side);
        }
        return { kind: 'concat', parts };
      }
      return { kind: 'other', text: node.text };
    }
    case 'element_value_array_initializer':
    case 'array_initializer':
      return { kind: 'array', items: node.namedChildren.filter((c) => !isComment(c)).map(readExpr) };
    case 'annotation':
    case 'marker_annotation':
      return { kind: 'annotation', annotation: readAnnotation(node) };
    case 'class_literal': {
      const t = node.namedChild(0);
      return t ? { kind: 'class', type: readType_(t) } : { kind: 'other', text: node.text };
    }
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal':
    case 'decimal_floating_point_literal':
    case 'hex_floating_point_literal':
    case 'character_literal':
    case 'true':
    case 'false':
    case 'null_literal':
      return { kind: 'literal', value: literalValue(node) };
    case 'unary_expression':
      if (node.child(0)?.type === '-') return { kind: 'literal', value: node.text.replace(/\s+/g, '') };
      return { kind: 'other', text: node.text };
    default:
      return { kind: 'other', text: node.text };
  }
}

function literalValue(node: Node): string {
  if (node.type === 'character_literal') return unescapeJava(node.text.slice(1, -1));
  if (node.type === 'true' || node.type === 'false' || node.type === 'null_literal') return node.text;
  return numberValue(node.text, node.type.includes('hex'));
}

function readTypeParams(node: Node | null): TypeParam[] {
  if (!node) return [];
  const out: TypeParam[] = [];
  for (const p of node.namedChildren) {
    if (p.type !== 'type_parameter') continue;
    let name = '';
    const bounds: TypeRef[] = [];
    for (const c of p.namedChildren) {
      if (c.type === 'type_identifier' || c.type === 'identifier') name = c.text;
      else if (c.type === 'type_bound') bounds.push(...c.namedChildren.map(readType_));
    }
    out.push({ name, bounds });
  }
  return out;
}

/** tree-sitter type node -> TypeRef. */
export function readType_(node: Node): TypeRef {
  switch (node.type) {
    case 'generic_type': {
      const base = node.namedChild(0);
      const argsNode = node.namedChildren.find((c) => c.type === 'type_arguments');
      const ref = base ? readType_(base) : { name: node.text, args: [], dims: 0 };
      ref.args = argsNode ? argsNode.namedChildren.filter((c) => !isComment(c)).map(readType_) : [];
      return ref;
    }
    case 'array_type': {
      const el = node.childForFieldName('element');
      const dims = node.childForFieldName('dimensions');
      const ref = el ? readType_(el) : { name: node.text, args: [], dims: 0 };
      ref.dims += dims ? (dims.text.match(/\[/g)?.length ?? 1) : 1;
      return ref;
    }
    case 'annotated_type': {
      const t = node.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation');
      return t ? readType_(t) : { name: node.text, args: [], dims: 0 };
    }
    case 'wildcard': {
      // `super` is a named node too: the bound is the type after it
      const t = node.namedChildren.find((c) => c.type !== 'annotation' && c.type !== 'marker_annotation' && c.type !== 'super');
      if (!t) return { name: '?', args: [], dims: 0 };
      const isSuper = node.children.some((c) => c.type === 'super');
      return { name: '?', args: [], dims: 0, bound: { kind: isSuper ? 'super' : 'extends', type: readType_(t) } };
    }
    case 'scoped_type_identifier': {
      // Generic outer parts (`Outer<T>.Inner`) are rare in APIs; keep the dotted erased name.
      return { name: qualifiedTypeName(node.text), args: [], dims: 0 };
    }
    default:
      return { name: node.text.replace(/\s+/g, ''), args: [], dims: 0 };
  }
}

function readType(node: Node, file: SourceFile, outer: TypeDecl | undefined, prefix: string, rawDoc?: string): TypeDecl {
  const kind = TYPE_NODES[node.type]!;
  const name = node.childForFieldName('name')?.text ?? '';
  const { modifiers, annotations } = readModifiers(modifiersOf(node));
  const nameNode = node.childForFieldName('name') ?? node;
  const decl = emptyTypeDecl(kind, name, prefix ? `${prefix}.${name}` : name, file, nameNode.startPosition.row + 1, nameNode.startPosition.column + 1);
  decl.modifiers = modifiers;
  decl.annotations = annotations;
  decl.typeParams = readTypeParams(node.childForFieldName('type_parameters'));
  if (outer) decl.outer = outer;
  const doc = rawDoc ? cleanDocComment(rawDoc) : undefined;
  if (doc) decl.doc = doc;

  const superclass = node.childForFieldName('superclass');
  if (superclass?.namedChild(0)) decl.superclass = readType_(superclass.namedChild(0)!);
  const ifaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c.type === 'extends_interfaces');
  if (ifaces) {
    const list = ifaces.namedChildren.find((c) => c.type === 'type_list');
    if (list) decl.interfaces = list.namedChildren.filter((c) => !isComment(c)).map(readType_);
  }
  if (kind === 'record') {
    const params = node.childForFieldName('parameters');
    if (params) decl.components = readParams(params);
  }
  const body = node.childForFieldName('body');
  if (body) readBody(body, decl, file);
  return decl;
}

function readBody(body: Node, decl: TypeDecl, file: SourceFile): void {
  const text = body.source.text;
  let pendingDoc: string | undefined;
  /** A run of `//` comments on consecutive lines: it describes the member on the next line. */
  let leading: { end: number; lines: string[] } | undefined;
  /** The fields or constant just read: a `//` comment on the same line describes them. */
  let last: { end: number; members: Array<{ doc?: string }> } | undefined;
  const docOf = (m: Node): string | undefined => {
    if (pendingDoc) return cleanDocComment(pendingDoc);
    if (!leading || lineBreaks(text, leading.end, m.startIndex) !== 1) return undefined;
    return leading.lines.length ? leading.lines.join('\n') : undefined;
  };
  const visit = (members: Node[]) => {
    for (const m of members) {
      switch (m.type) {
        case 'block_comment':
          if (m.text.startsWith('/**')) pendingDoc = m.text;
          continue;
        case 'line_comment': {
          const line = commentText(m.text);
          if (last && lineBreaks(text, last.end, m.startIndex) === 0) {
            if (line) for (const member of last.members) member.doc ??= line;
            last = undefined;
          } else if (leading && lineBreaks(text, leading.end, m.startIndex) === 1) {
            if (line) leading.lines.push(line);
            leading.end = m.endIndex;
          } else {
            // A comment after code on its line (`void f() {} // x`) describes that code.
            leading = startsLine(text, m.startIndex) ? { end: m.endIndex, lines: line ? [line] : [] } : undefined;
          }
          continue;
        }
        case 'method_declaration':
        case 'annotation_type_element_declaration':
          decl.methods.push(readMethod(m, pendingDoc));
          last = undefined;
          break;
        case 'constructor_declaration': {
          const params = m.childForFieldName('parameters');
          const { annotations } = readModifiers(modifiersOf(m));
          if (annotations.length) (decl.constructorAnnotations ??= decl.constructors.map(() => []))[decl.constructors.length] = annotations;
          decl.constructors.push(params ? readParams(params) : []);
          last = undefined;
          break;
        }
        case 'compact_constructor_declaration':
          last = undefined;
          break;
        case 'field_declaration':
        case 'constant_declaration': {
          const fields = readFields(m, docOf(m), decl.kind === 'interface' || decl.kind === 'annotation');
          decl.fields.push(...fields);
          last = { end: m.endIndex, members: fields };
          break;
        }
        case 'enum_constant': {
          const constant = readEnumConstant(m, docOf(m));
          decl.enumConstants.push(constant);
          last = { end: m.endIndex, members: [constant] };
          break;
        }
        case 'enum_body_declarations':
          pendingDoc = undefined;
          visit(m.namedChildren);
          continue;
        default:
          if (TYPE_NODES[m.type]) decl.nested.push(readType(m, file, decl, decl.fqn, pendingDoc));
          last = undefined;
      }
      pendingDoc = undefined;
      leading = undefined;
    }
  };
  visit(body.namedChildren);
}

function readMethod(node: Node, rawDoc: string | undefined): MethodDecl {
  const { modifiers, annotations } = readModifiers(modifiersOf(node));
  const nameNode = node.childForFieldName('name') ?? node;
  const typeNode = node.childForFieldName('type');
  const returnType = typeNode ? readType_(typeNode) : null;
  const dims = node.childForFieldName('dimensions');
  if (returnType && dims) returnType.dims += dims.text.match(/\[/g)?.length ?? 0;
  const params = node.childForFieldName('parameters');
  const method: MethodDecl = {
    name: nameNode.text,
    modifiers,
    annotations,
    typeParams: readTypeParams(node.childForFieldName('type_parameters')),
    params: params ? readParams(params) : [],
    returnType,
    line: nameNode.startPosition.row + 1,
    column: nameNode.startPosition.column + 1,
  };
  const doc = rawDoc ? cleanDocComment(rawDoc) : undefined;
  if (doc) method.doc = doc;
  const body = node.childForFieldName('body');
  const facts = body ? bodyFacts(sourceText, body.startIndex, body.endIndex, method.params) : undefined;
  const declared = node.namedChildren.find((c) => c.type === 'throws')?.namedChildren.filter((c) => !isComment(c)).map((c) => c.text.replace(/<[\s\S]*$/, '')) ?? [];
  const thrown = [...new Set([...declared, ...(facts?.thrown ?? [])])];
  if (facts?.statuses) method.statuses = facts.statuses;
  if (thrown.length) method.thrown = thrown;
  if (facts?.requestReads) method.requestReads = facts.requestReads;
  if (facts?.responseUse) method.responseUse = facts.responseUse;
  if (body && method.name === 'serialize') method.writes = generatorWrites(sourceText, body.startIndex, body.endIndex);
  return method;
}

function readParams(node: Node): ParamDecl[] {
  const out: ParamDecl[] = [];
  for (const p of node.namedChildren) {
    if (p.type === 'formal_parameter') {
      const { annotations } = readModifiers(modifiersOf(p));
      const typeNode = p.childForFieldName('type');
      const type = typeNode ? readType_(typeNode) : { name: 'Object', args: [], dims: 0 };
      const dims = p.childForFieldName('dimensions');
      if (dims) type.dims += dims.text.match(/\[/g)?.length ?? 0;
      out.push({ name: p.childForFieldName('name')?.text ?? '', type, annotations });
    } else if (p.type === 'spread_parameter') {
      const { annotations } = readModifiers(modifiersOf(p));
      const typeNode = p.namedChildren.find((c) => c.type !== 'modifiers' && c.type !== 'variable_declarator');
      const type = typeNode ? readType_(typeNode) : { name: 'Object', args: [], dims: 0 };
      type.dims += 1;
      const decl = p.namedChildren.find((c) => c.type === 'variable_declarator');
      out.push({ name: decl?.childForFieldName('name')?.text ?? '', type, annotations });
    }
  }
  return out;
}

function readFields(node: Node, doc: string | undefined, implicitConstant: boolean): FieldDecl[] {
  const { modifiers, annotations } = readModifiers(modifiersOf(node));
  if (implicitConstant) {
    // Interface fields are implicitly public static final.
    for (const m of ['public', 'static', 'final']) if (!modifiers.includes(m)) modifiers.push(m);
  }
  const typeNode = node.childForFieldName('type');
  const out: FieldDecl[] = [];
  for (const d of node.namedChildren) {
    if (d.type !== 'variable_declarator') continue;
    const type = typeNode ? readType_(typeNode) : { name: 'Object', args: [], dims: 0 };
    const dims = d.childForFieldName('dimensions');
    if (dims) type.dims += dims.text.match(/\[/g)?.length ?? 0;
    const nameNode = d.childForFieldName('name');
    const field: FieldDecl = {
      name: nameNode?.text ?? '',
      type,
      modifiers,
      annotations,
      line: (nameNode ?? d).startPosition.row + 1,
    };
    const value = d.childForFieldName('value');
    // Only constants can feed mappings; an instance field's constant value is its default.
    if (value && modifiers.includes('static')) {
      if (modifiers.includes('final')) field.initializer = readExpr(value);
    } else if (value) {
      const e = readExpr(value);
      if (constantShaped(e)) field.defaultValue = e;
    }
    if (doc) field.doc = doc;
    out.push(field);
  }
  return out;
}

function readEnumConstant(node: Node, doc: string | undefined): EnumConstant {
  const { annotations } = readModifiers(modifiersOf(node));
  const args = node.childForFieldName('arguments');
  const c: EnumConstant = {
    name: node.childForFieldName('name')?.text ?? '',
    args: args ? args.namedChildren.filter((a) => !isComment(a)).map(readExpr) : [],
    annotations,
  };
  if (doc) c.doc = doc;
  return c;
}

// A plain-JS copy of the parts of a tree-sitter syntax tree that the front ends read.
//
// The Node binding's SyntaxNode crosses into native code on every property access and caches
// every node object it hands out, which made reading a parsed file cost five times the parse
// itself. One TreeCursor walk that reads only numbers (type id, field id, offsets) and skips
// subtrees the front end never looks at builds this tree for a fraction of that.

import type Parser from 'tree-sitter';

export interface Point {
  row: number;
  column: number;
}

/** The grammar's node-types.json, as tree-sitter grammar packages export it (`nodeTypeInfo`). */
export interface NodeTypeInfo {
  type: string;
  named: boolean;
  fields?: Record<string, unknown>;
  children?: unknown;
  subtypes?: unknown;
}

/**
 * Per-language tables filled on first sight: the cursor reports ids, names cost a string each.
 * Given the grammar's node types, the walk also skips the native calls that cannot find
 * anything: children of leaf types, and field ids under types that declare no fields.
 */
export class NodeNames {
  readonly types: string[] = [];
  readonly fields: string[] = [];
  readonly named: boolean[] = [];
  readonly skipped: boolean[] = [];
  /** May have children / may have children in fields, by type id. */
  readonly parent: boolean[] = [];
  /** Names (identifiers): tokens whose end `wordEnd` finds in the text. */
  readonly word: boolean[] = [];
  /** Bracketed lists: two characters long, they are empty. */
  readonly list: boolean[] = [];
  readonly fielded: boolean[] = [];
  private readonly leaves = new Set<string>();
  private readonly unfielded = new Set<string>();

  constructor(nodeTypes: readonly NodeTypeInfo[] = []) {
    for (const t of nodeTypes) {
      if (!t.named) continue;
      if (!t.fields || Object.keys(t.fields).length === 0) this.unfielded.add(t.type);
      if (this.unfielded.has(t.type) && !t.children && !t.subtypes) this.leaves.add(t.type);
    }
  }

  /** Records a type id the first time a walk meets it. */
  learn(typeId: number, type: string, isNamed: boolean): void {
    this.types[typeId] = type;
    this.named[typeId] = isNamed;
    this.skipped[typeId] = !isNamed && PUNCTUATION.has(type);
    // Tokens have no children. Types the grammar does not list (ERROR) may have anything.
    this.parent[typeId] = isNamed && !this.leaves.has(type);
    this.fielded[typeId] = !this.unfielded.has(type);
    this.word[typeId] = WORDS.has(type);
    this.list[typeId] = LISTS.has(type);
  }
}

const NO_CHILDREN: LiteNode[] = [];
/** Name tokens of the grammars (Java, Kotlin): a run of identifier characters, nothing else. */
const WORDS = new Set(['identifier', 'type_identifier', 'simple_identifier']);
/** Bracketed lists of the grammars (Java, Kotlin). */
const LISTS = new Set(['formal_parameters', 'argument_list', 'type_arguments', 'annotation_argument_list', 'function_value_parameters', 'value_arguments', 'type_parameters']);

/**
 * Where the ASCII identifier at `start` ends, or 0 when it holds other characters (the caller
 * then asks the tree): `$`, `_`, letters and digits, as every grammar's name token allows.
 */
function wordEnd(text: string, start: number): number {
  let i = start;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36) continue;
    // Letters beyond ASCII are name characters too: let the tree say where such a name ends.
    if (c >= 128) return 0;
    break;
  }
  return i > start ? i : 0;
}
/** Punctuation no front end reads: skipped, which spares a third of the node objects. */
const PUNCTUATION = new Set(['(', ')', ',', ';', '{', '}', '.', '<', '>', '@', '=', '[', ']', ':', '...', '::']);

export class LiteNode {
  /** Shared empty array for leaves: most nodes are leaves, and each array is garbage to collect. */
  children: LiteNode[] = NO_CHILDREN;
  private named_?: LiteNode[];

  constructor(
    readonly source: LiteSource,
    readonly type: string,
    readonly isNamed: boolean,
    readonly field: string | null,
    readonly startIndex: number,
    readonly endIndex: number,
  ) {}

  get text(): string {
    return this.source.text.slice(this.startIndex, this.endIndex);
  }

  get namedChildren(): LiteNode[] {
    if (this.children.length === 0) return NO_CHILDREN;
    return (this.named_ ??= this.children.filter((c) => c.isNamed));
  }

  namedChild(i: number): LiteNode | null {
    return this.namedChildren[i] ?? null;
  }

  child(i: number): LiteNode | null {
    return this.children[i] ?? null;
  }

  childForFieldName(name: string): LiteNode | null {
    for (const c of this.children) if (c.field === name) return c;
    return null;
  }

  /** 0-based row and UTF-16 column, as editors count them. */
  get startPosition(): Point {
    return this.source.pointAt(this.startIndex);
  }
}

export class LiteSource {
  private lineStarts?: number[];
  constructor(readonly text: string) {}

  pointAt(index: number): Point {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return { row: lo, column: index - starts[lo]! };
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * How deep the copy goes. Brackets are refused past MAX_NESTING before parsing, but an operator
 * chain nests without any (`"a" + "b" + …` 100,000 terms deep is one left-leaning tree): below
 * this depth a node keeps its text and loses its children, so the copy and the front ends'
 * recursive readers stay within the stack, and such an expression reads as one not known.
 */
export const MAX_TREE_DEPTH = 1024;

/**
 * Copies the tree below the cursor's node. Children of nodes whose type is in `opaque`, or
 * deeper than MAX_TREE_DEPTH, are not copied: the front end reads those nodes as text only.
 */
export function liteTree(tree: Parser.Tree, text: string, names: NodeNames, opaque: ReadonlySet<string>): LiteNode {
  const source = new LiteSource(text);
  const cursor = tree.walk();
  // Error recovery may insert empty (missing) names, which only the tree knows: no shortcut then.
  const words = tree.rootNode.hasError ? [] : names.word;
  // Every cursor property is a call into native code: read only what can be there.
  const build = (inFields: boolean, depth: number): LiteNode | undefined => {
    const typeId = cursor.nodeTypeId;
    let type = names.types[typeId];
    if (type === undefined) {
      type = cursor.nodeType;
      names.learn(typeId, type, cursor.nodeIsNamed);
    }
    if (names.skipped[typeId]) return undefined;
    if (!names.named[typeId]) {
      // Anonymous tokens (keywords, operators) are read by type and position in their parent
      // only: skip their field and offsets.
      return new LiteNode(source, type, false, null, 0, 0);
    }
    const fieldId = inFields ? cursor.currentFieldId : 0;
    const field = fieldId ? (names.fields[fieldId] ??= cursor.currentFieldName) : null;
    const start = cursor.startIndex;
    // A quarter of all nodes are names: where one ends is read off the text, a native call saved.
    const end = (words[typeId] && wordEnd(text, start)) || cursor.endIndex;
    const node = new LiteNode(source, type, true, field, start, end);
    // An empty list, `()` or `<>`, has nothing inside worth the four calls that would find that out.
    if (names.parent[typeId] && !(end - start === 2 && names.list[typeId]) && !opaque.has(type) && depth < MAX_TREE_DEPTH && cursor.gotoFirstChild()) {
      const fielded = names.fielded[typeId]!;
      const children: LiteNode[] = [];
      do {
        const child = build(fielded, depth + 1);
        if (child) children.push(child);
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
      node.children = children;
    }
    return node;
  };
  return build(false, 0)!;
}

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

/** Per-language tables filled on first sight: the cursor reports ids, names cost a string each. */
export class NodeNames {
  readonly types: string[] = [];
  readonly fields: string[] = [];
  readonly named: boolean[] = [];
  readonly skipped: boolean[] = [];
}

const NO_CHILDREN: LiteNode[] = [];
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
 * Copies the tree below the cursor's node. Children of nodes whose type is in `opaque` are not
 * copied: the front end reads those nodes as text only.
 */
export function liteTree(tree: Parser.Tree, text: string, names: NodeNames, opaque: ReadonlySet<string>): LiteNode {
  const source = new LiteSource(text);
  const cursor = tree.walk();
  const build = (): LiteNode | undefined => {
    const typeId = cursor.nodeTypeId;
    let type = names.types[typeId];
    if (type === undefined) {
      type = names.types[typeId] = cursor.nodeType;
      names.named[typeId] = cursor.nodeIsNamed;
      names.skipped[typeId] = !cursor.nodeIsNamed && PUNCTUATION.has(type);
    }
    if (names.skipped[typeId]) return undefined;
    const named = names.named[typeId]!;
    let node: LiteNode;
    if (named) {
      const fieldId = cursor.currentFieldId;
      const field = fieldId ? (names.fields[fieldId] ??= cursor.currentFieldName) : null;
      node = new LiteNode(source, type, true, field, cursor.startIndex, cursor.endIndex);
    } else {
      // Anonymous tokens (keywords, operators, punctuation) are read by type and position in
      // their parent only: skip their field and offsets.
      node = new LiteNode(source, type, false, null, 0, 0);
    }
    if (!opaque.has(type) && cursor.gotoFirstChild()) {
      const children: LiteNode[] = [];
      do {
        const child = build();
        if (child) children.push(child);
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
      node.children = children;
    }
    return node;
  };
  return build()!;
}

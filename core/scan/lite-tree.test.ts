// The lite tree against tree-sitter's own: every node it keeps has the type, field and offsets
// of the syntax node at the same place. Its shortcuts (name ends read off the text, empty lists
// not descended into) must never change an answer: non-ASCII names, empty and
// non-empty lists, and a file with syntax errors (whose recovery inserts empty names).
import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';
import { describe, expect, it } from 'vitest';
import { liteTree, NodeNames } from './lite-tree';
import type { LiteNode, NodeTypeInfo } from './lite-tree';

const require = createRequire(import.meta.url);
const TreeSitter = require('tree-sitter') as typeof Parser;
type Grammar = { nodeTypeInfo?: NodeTypeInfo[] };
const JAVA = require('tree-sitter-java') as Grammar;
const KOTLIN = require('tree-sitter-kotlin') as Grammar;

const PUNCTUATION = new Set(['(', ')', ',', ';', '{', '}', '.', '<', '>', '@', '=', '[', ']', ':', '...', '::']);

/** Compares the lite node with the syntax node it copies, then their children in order. */
function expectSame(lite: LiteNode, node: Parser.SyntaxNode, field: string | null, opaque: ReadonlySet<string>, path: string): void {
  const where = `${path}/${node.type}@${node.startIndex}`;
  expect(lite.type, where).toBe(node.type);
  expect(lite.field, where).toBe(field);
  if (!node.isNamed) return; // tokens keep their type only
  expect([lite.startIndex, lite.endIndex], where).toEqual([node.startIndex, node.endIndex]);
  // Opaque nodes, and types the grammar lists without fields or children, are read as text.
  if (opaque.has(node.type)) return;
  const kept: Array<{ node: Parser.SyntaxNode; field: string | null }> = [];
  const cursor = node.walk();
  if (cursor.gotoFirstChild()) {
    do {
      if (cursor.nodeIsNamed || !PUNCTUATION.has(cursor.nodeType)) kept.push({ node: cursor.currentNode, field: cursor.currentFieldName ?? null });
    } while (cursor.gotoNextSibling());
  }
  expect(lite.children.map((c) => c.type), where).toEqual(kept.map((k) => k.node.type));
  lite.children.forEach((c, i) => expectSame(c, kept[i]!.node, kept[i]!.field, opaque, where));
}

function check(grammar: Grammar, text: string, opaque: ReadonlySet<string> = new Set()): Parser.Tree {
  const parser = new TreeSitter();
  parser.setLanguage(grammar as never);
  const tree = parser.parse(text);
  const lite = liteTree(tree, text, new NodeNames(grammar.nodeTypeInfo), opaque);
  const leaves = (grammar.nodeTypeInfo ?? []).filter((t) => t.named && !t.children && !t.subtypes && Object.keys(t.fields ?? {}).length === 0).map((t) => t.type);
  expectSame(lite, tree.rootNode, null, new Set([...opaque, ...leaves]), '');
  return tree;
}

describe('liteTree', () => {
  it('copies a Java file exactly, names with letters beyond ASCII included', () => {
    const tree = check(
      JAVA,
      `package a.b;
@RestController class Café<T extends Comparable<T>> extends Base<T> {
  private String naïve; int aé1; long $x_1, y2;
  @GetMapping() public List<T> get() { return null; }
  void put(@RequestBody Map<String, List<Long>> body, int... rest) {}
  Café() {}
}
enum Mode { ÉTÉ, ON }`,
    );
    expect(tree.rootNode.hasError).toBe(false); // the shortcuts were taken
  });

  it('copies a file with syntax errors exactly: recovery inserts names that are empty', () => {
    const tree = check(JAVA, `class A { private String ; int = 5; void f( { } List<> x; public class { }`);
    expect(tree.rootNode.hasError).toBe(true);
  });

  it('copies Kotlin exactly, backquoted names included', () => {
    check(KOTLIN, 'class `Odd Name`(val `is`: Int, val ok: String) { fun f(): List<Int> = listOf() }\nfun g() {}');
  });

  it('skips what is opaque but still says where it is', () => {
    check(JAVA, 'class A { void f() { int x = 1; } String s = "x"; }', new Set(['block', 'string_literal']));
  });
});

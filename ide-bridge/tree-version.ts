// The explorer tree of one endpoint list, packed (ui/tree-codec.ts) as JSON for the page, and its
// version: a hash of that JSON. The UI server puts both in the page; the page sends the version
// back with its endpoints/tree request, and an unchanged tree is then not sent again (2,500
// endpoints are 1.35 MB of summaries the page would parse and draw a second time). Made once per
// list (a session replaces its list on every change, never edits it), so a page load and the
// requests that follow it pack the tree once.

import { createHash } from 'node:crypto';
import type { Endpoint } from '../core/model/endpoint';
import { buildTree } from '../core/model/tree';
import { packTree } from './ui/tree-codec';
import type { PackedTree } from './ui/tree-codec';

export interface PackedTreeText {
  /** The PackedTree as JSON, `<` escaped: it may sit inside a `<script>` element. */
  json: string;
  version: string;
  /** The PackedTree itself (the first screen draws its first rows: first-screen.ts). */
  tree(): PackedTree;
}

const made = new WeakMap<readonly Endpoint[], PackedTreeText>();

export function packedTreeOf(list: readonly Endpoint[]): PackedTreeText {
  let text = made.get(list);
  if (!text) {
    const tree = packTree(buildTree(list));
    const json = JSON.stringify(tree).replace(/</g, '\\u003c');
    text = { json, version: versionOf(json), tree: () => tree };
    made.set(list, text);
  }
  return text;
}

/**
 * The packed tree of `list` is `text`, made before `list` was (the retained index's tree section,
 * stored with the endpoints `list` was decoded from): neither packed again nor given another version.
 */
export function rememberPackedTree(list: readonly Endpoint[], text: PackedTreeText): void {
  if (!made.has(list)) made.set(list, text);
}

/** The version of the tree of `list` (see packedTreeOf). */
export const treeVersionOf = (list: readonly Endpoint[]): string => packedTreeOf(list).version;

/** The version of a packed tree's JSON (as packedTreeOf makes it). */
export const versionOf = (json: string): string => createHash('sha1').update(json).digest('base64url').slice(0, 16);

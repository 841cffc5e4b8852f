// The IntelliJ plugin cannot be built here (JetBrains' repositories are unreachable), so its
// descriptor is checked as data: every class it names exists in the plugin's sources, only the
// extension points the project allows are used (shared/INTELLIJ.md), action ids are unique and
// the ones bridge-client knows, and the shortcuts are the spec's (§4.5).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SHELL = fileURLToPath(new URL('../../intellij-shell/', import.meta.url));
const RESOURCES = path.join(SHELL, 'plugin/src/main/resources/META-INF');
const SOURCES = [path.join(SHELL, 'plugin/src/main/kotlin'), path.join(SHELL, 'bridge-client/src/main/kotlin')];

/** The extension points of INTELLIJ.md's table, plus the one declaration the Kotlin plugin demands of dependents. */
const ALLOWED_EXTENSIONS = new Set([
  'com.intellij.toolWindow',
  'com.intellij.codeInsight.lineMarkerProvider',
  'com.intellij.searchEverywhereContributor',
  'com.intellij.applicationConfigurable',
  'com.intellij.projectConfigurable',
  'com.intellij.notificationGroup',
  // Without it the Kotlin plugin in K2 mode refuses to load a plugin that depends on it.
  'org.jetbrains.kotlin.supportsKotlinPluginMode',
]);
const CLASS_ATTRIBUTES = ['class', 'implementation', 'implementationClass', 'factoryClass', 'instance', 'serviceImplementation', 'provider'];

interface Element {
  name: string;
  attrs: Record<string, string>;
  children: Element[];
  file: string;
}

/** A small XML reader for descriptors: elements and attributes; comments and CDATA skipped. */
function parseXml(text: string, file: string): Element {
  const root: Element = { name: '#document', attrs: {}, children: [], file };
  const stack = [root];
  const clean = text.replace(/<!--[\s\S]*?-->/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').replace(/<\?[\s\S]*?\?>/g, '');
  for (const m of clean.matchAll(/<(\/?)([\w.:-]+)((?:\s+[\w.:-]+\s*=\s*"[^"]*")*)\s*(\/?)>/g)) {
    const [, closing, name, rawAttrs, selfClosing] = m;
    if (closing) {
      const open = stack.pop()!;
      if (open.name !== name) throw new Error(`${file}: </${name}> closes <${open.name}>`);
      continue;
    }
    const attrs = Object.fromEntries([...rawAttrs!.matchAll(/([\w.:-]+)\s*=\s*"([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    const el: Element = { name: name!, attrs, children: [], file };
    stack.at(-1)!.children.push(el);
    if (!selfClosing) stack.push(el);
  }
  if (stack.length !== 1) throw new Error(`${file}: <${stack.at(-1)!.name}> is never closed`);
  return root;
}

function* walk(el: Element): Generator<Element> {
  yield el;
  for (const c of el.children) yield* walk(c);
}

function kotlinFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.kt')).map((f) => path.join(dir, f));
}

/** Fully qualified names of the classes and objects declared in the Kotlin sources. */
function declaredClasses(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of SOURCES.flatMap(kotlinFiles)) {
    const text = fs.readFileSync(file, 'utf8');
    const pkg = /^package\s+([\w.]+)/m.exec(text)?.[1] ?? '';
    for (const m of text.matchAll(/^(?:(?:public|internal|abstract|open|data|sealed)\s+)*(?:class|object)\s+(\w+)([^\n{]*)/gm)) {
      found.set(`${pkg}.${m[1]}`, m[2]!);
    }
  }
  return found;
}

const main = parseXml(fs.readFileSync(path.join(RESOURCES, 'plugin.xml'), 'utf8'), 'plugin.xml');
const configFiles = [...walk(main)].filter((e) => e.name === 'depends' && e.attrs['config-file']).map((e) => e.attrs['config-file']!);
const descriptors = [main, ...configFiles.map((f) => parseXml(fs.readFileSync(path.join(RESOURCES, f), 'utf8'), f))];
const elements = descriptors.flatMap((d) => [...walk(d)]);
const extensions = elements.filter((e) => e.name === 'extensions').flatMap((ext) => ext.children.map((c) => ({ ep: `${ext.attrs.defaultExtensionNs}.${c.name}`, el: c })));
const actions = elements.filter((e) => e.name === 'action');

describe('plugin.xml', () => {
  it('names only classes that exist in the plugin and bridge-client sources', () => {
    const classes = declaredClasses();
    const named = elements.flatMap((e) => CLASS_ATTRIBUTES.filter((a) => e.attrs[a]).map((a) => ({ fqn: e.attrs[a]!, where: `${e.file} <${e.name} ${a}>` })));
    expect(named.length).toBeGreaterThanOrEqual(12);
    const missing = named.filter((n) => !classes.has(n.fqn));
    expect(missing).toEqual([]);
    // The tool window is usable while indexing.
    const factory = extensions.find((x) => x.ep === 'com.intellij.toolWindow')!.el.attrs.factoryClass!;
    expect(classes.get(factory)).toMatch(/ToolWindowFactory.*DumbAware|DumbAware.*ToolWindowFactory/);
  });

  it('uses only the extension points of INTELLIJ.md', () => {
    expect(extensions.map((x) => x.ep).filter((ep) => !ALLOWED_EXTENSIONS.has(ep))).toEqual([]);
    // Gutter icons in Java and Kotlin files.
    const markers = extensions.filter((x) => x.ep === 'com.intellij.codeInsight.lineMarkerProvider').map((x) => x.el.attrs.language).sort();
    expect(markers).toEqual(['JAVA', 'kotlin']);
    expect(extensions.filter((x) => x.ep === 'com.intellij.searchEverywhereContributor')).toHaveLength(1);
    expect(extensions.filter((x) => x.ep === 'com.intellij.notificationGroup').map((x) => x.el.attrs.id)).toEqual(['apiscout']);
  });

  it('puts the settings under Other Settings, with gRPC and gRPC Runtime below', () => {
    const pages = extensions.filter((x) => x.ep === 'com.intellij.applicationConfigurable').map((x) => x.el.attrs);
    const byId = new Map(pages.map((p) => [p.id!, p]));
    const top = pages.filter((p) => p.parentId === 'other');
    expect(top).toHaveLength(1);
    const grpc = pages.find((p) => p.displayName === 'gRPC')!;
    const runtime = pages.find((p) => p.displayName === 'gRPC Runtime')!;
    expect(grpc.parentId).toBe(top[0]!.id);
    expect(runtime.parentId).toBe(grpc.id);
    expect(byId.size).toBe(pages.length);
    // host/openSettings opens a page by the id bridge-client maps the catalog's page names to.
    const known = fs.readFileSync(path.join(SHELL, 'bridge-client/src/main/kotlin/dev/apiscout/bridge/ide/IdeHost.kt'), 'utf8');
    const ids = Object.fromEntries([...known.matchAll(/const val (\w+): String = "([\w.]+)"/g)].map((m) => [m[1], m[2]]));
    expect([top[0]!.id, grpc.id, runtime.id]).toEqual([ids.APISCOUT, ids.GRPC, ids.GRPC_RUNTIME]);
  });

  it('gives every action a unique id, the ones bridge-client names', () => {
    const ids = actions.map((a) => a.attrs.id!);
    expect(new Set(ids).size).toBe(ids.length);
    const groupIds = elements.filter((e) => e.name === 'group').map((g) => g.attrs.id!);
    expect(ids.filter((id) => groupIds.includes(id))).toEqual([]);
    // The ids the adapters and the feature toggles use come from ActionIds in bridge-client.
    const known = fs.readFileSync(path.join(SHELL, 'bridge-client/src/main/kotlin/dev/apiscout/bridge/ide/ClientSettings.kt'), 'utf8');
    const actionIds = [...known.matchAll(/const val \w+: String = "(apiscout\.[\w.]+)"/g)].map((m) => m[1]).sort();
    expect([...ids].sort()).toEqual(actionIds);
  });

  it('binds Export to Alt+Shift+E, and to Ctrl+E in the macOS keymaps (§4.5)', () => {
    const exportAction = actions.find((a) => a.attrs.id === 'apiscout.Export')!;
    const shortcuts = exportAction.children.filter((c) => c.name === 'keyboard-shortcut').map((c) => [c.attrs.keymap, c.attrs['first-keystroke']]);
    expect(shortcuts).toEqual([
      ['$default', 'alt shift E'],
      ['Mac OS X', 'control E'],
      ['Mac OS X 10.5+', 'control E'],
    ]);
    // No other action takes a shortcut of its own.
    expect(actions.filter((a) => a !== exportAction && a.children.some((c) => c.name === 'keyboard-shortcut'))).toEqual([]);
  });

  it('puts Refresh in the API Explorer tool window title bar (the compile gate checks the call)', () => {
    const factory = fs.readFileSync(path.join(SHELL, 'plugin/src/main/kotlin/dev/apiscout/intellij/toolwindow/ExplorerToolWindowFactory.kt'), 'utf8');
    const id = /const val REFRESH_ACTION = "([\w.]+)"/.exec(factory)?.[1];
    expect(actions.map((a) => a.attrs.id)).toContain(id);
    expect(factory).toMatch(/getAction\(REFRESH_ACTION\)[^\n]*setTitleActions/);
  });

  it('offers the endpoint actions in the project view and editor popups', () => {
    const group = elements.find((e) => e.name === 'group' && e.children.some((c) => c.name === 'action' && c.attrs.id === 'apiscout.Export'))!;
    expect(group.children.filter((c) => c.name === 'add-to-group').map((c) => c.attrs['group-id']).sort()).toEqual(['EditorPopupMenu', 'ProjectViewPopupMenu']);
    expect(group.children.filter((c) => c.name === 'action').map((c) => c.attrs.id)).toEqual(
      expect.arrayContaining(['apiscout.Export', 'apiscout.CopyApiUrl', 'apiscout.CopyPath', 'apiscout.CopyAsCurl', 'apiscout.NavigateToSource', 'apiscout.ResetToDefault']),
    );
  });
});

// The explorer's first screen as HTML, put into the page by the UI server (ui-server.ts) so the
// browser paints the tree's first rows as it parses the page, before the app's script is fetched,
// compiled and run. It is the markup the app renders for the same tree on its first render (the
// toolbar, the scan line, the search field, the tree's first rows, the editor's placeholder), so
// the app's first render (main.tsx, a plain `render` into #app) reuses these very elements:
// Preact takes over an element of the same tag in place, patching its attributes, and the rows
// stay where they are, their scroll and focus kept. test/ui/first-screen.test.ts compares the two
// in Chromium. A change to the markup of the tree, the toolbar or the layout belongs here too.
// Server-side and Node-free (no DOM, no Preact): the sidecar's ui chunk stays small.

import type { ProjectStatus } from './protocol';
import type { HostTheme } from './ui/host-theme-query';
import { ICON_PATHS } from './ui/icon-paths';
import { EDITOR_MIN, ROW_HEIGHT, TREE_DEFAULT, TREE_MIN, TREE_SHARE, TREE_WIDE } from './ui/layout-sizes';
import { methodClass, methodLabel, methodTitle } from './ui/method-label';
import { grouped } from './ui/numbers';
import { headClass, pathEnds } from './ui/path-ends';
import type { PackedTree } from './ui/tree-codec';
import { packedRows } from './ui/tree-codec';
import type { Row } from './ui/tree-model';

/**
 * Rows drawn: enough for a window about 1,700 px tall (the app's virtual list renders the rows in
 * view and 8 either side; the ones drawn here beyond that are dropped by its first render).
 */
export const FIRST_SCREEN_ROWS = 72;

/**
 * The inside of `<div id="app">` for a page showing `packed` (in the IDE's `theme` when it hosts
 * the page), or '' when there is nothing to draw (no endpoints: the app says why once it runs).
 */
export function firstScreenHtml(packed: PackedTree, status: ProjectStatus, theme?: HostTheme): string {
  const rows = packedRows(packed, FIRST_SCREEN_ROWS);
  if (!rows.length) return '';
  let rowCount = 0;
  let endpointCount = 0;
  for (const [, classes] of packed) {
    rowCount++;
    for (const c of classes) {
      rowCount += 1 + c[4].length;
      endpointCount += c[4].length;
    }
  }
  const count = grouped(endpointCount);
  const scanning = status.state === 'scanning';
  // The wide layout with the default tree width (layout-sizes.ts' treeDefault), kept within its bounds as layout.tsx's treeWidthIn does; below the narrow breakpoint app.css stacks it as
  // the app's narrow layout does (`.app.first-paint`), until the app, which knows the width, draws it.
  return (
    `<div class="app wide pane-both${theme?.host ? ` host-${theme.host}` : ''} first-paint" style="grid-template-columns: clamp(${TREE_MIN}px, calc(100vw - ${EDITOR_MIN}px), clamp(${TREE_DEFAULT}px, ${TREE_SHARE * 100}vw, ${TREE_WIDE}px)) 5px minmax(0, 1fr);">` +
    `<aside class="explorer" aria-label="API Explorer">` +
    `<div class="toolbar" role="toolbar" aria-label="Explorer actions">` +
    tool('Refresh', 'Refresh: scan the project again', 'refresh') +
    tool('Collapse All', 'Collapse All', 'collapse') +
    tool('Expand All', 'Expand All', 'expand') +
    `<span class="tool-sep" aria-hidden="true"></span>` +
    tool('Export', 'Export endpoints (Alt+Shift+E)', 'export') +
    tool('Environments', 'Environments and sync', 'environments') +
    tool('Settings', 'Settings', 'settings', 'tool gear') +
    `<span class="count" aria-live="polite" title="${count} endpoints"><span class="n">${count}</span> <span class="word">endpoints</span></span>` +
    `</div>` +
    (scanning ? scanProgress(status.fromRetainedIndex) : '') +
    (status.state === 'failed' ? `<p class="error" role="alert">The scan failed: ${text(status.error ?? '')}</p>` : '') +
    `<input class="search" type="search" aria-label="Search endpoints" placeholder="Search: address, path or name">` +
    `<div id="tree" class="vlist" tabindex="0" role="tree" aria-label="Endpoints by module and class" aria-activedescendant="tree-row-0">` +
    `<div class="vspace" style="height: ${rowCount * ROW_HEIGHT}px;">` +
    rows.map(row).join('') +
    `</div></div></aside>` +
    `<div class="splitter vertical" role="separator" tabindex="0" aria-label="Resize the endpoint list" aria-orientation="vertical" aria-valuenow="${TREE_DEFAULT}" aria-valuemin="${TREE_MIN}"></div>` +
    `<main class="details"><p class="muted placeholder">Select an endpoint to edit its request.</p></main>` +
    `<div class="toasts" aria-label="Notifications"></div>` +
    `</div>`
  );
}

function tool(label: string, title: string, icon: string, cls = 'tool'): string {
  return (
    `<button class="${cls}" aria-label="${label}" title="${title}">` +
    `<svg class="icon-svg" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">` +
    `<path d="${ICON_PATHS[icon]}" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"></path>` +
    `</svg></button>`
  );
}

/** app.tsx's ScanProgress before any progress arrived. */
function scanProgress(fromRetained: boolean): string {
  return (
    `<div class="scan-progress" role="progressbar" aria-label="Scan progress" aria-valuemin="0" aria-valuemax="100">` +
    `<span class="label">Scanning…${fromRetained ? ' (showing the last scan meanwhile)' : ''}</span>` +
    `<span class="bar"><span class="fill" style="width: 0%;"></span></span>` +
    `</div>`
  );
}

/** explorer-tree.tsx's row in virtual-list.tsx's positioned box; the first row is the active one, none is selected. */
function row(r: Row, i: number): string {
  const expanded = r.kind === 'endpoint' ? '' : ` aria-expanded="${r.expanded}"`;
  let inside: string;
  if (r.kind === 'endpoint') {
    const e = r.endpoint;
    const title = methodTitle(e);
    inside =
      `<span class="method ${methodClass(e.method)}"${title === undefined ? '' : ` title="${attr(title)}"`}>${text(methodLabel(e))}</span>` +
      `<span class="${e.deprecated ? 'path deprecated' : 'path'}" title="${attr(e.path)}">${twoEnds(e.path)}</span>` +
      `<span class="name" title="${attr(e.name)}">${text(e.name)}</span>` +
      (e.deprecated ? `<span class="deprecated-badge" title="Deprecated">deprecated</span>` : '');
  } else {
    inside =
      `<span class="twisty${r.expanded ? ' open' : ''}" aria-hidden="true"></span>` +
      (r.kind === 'module' ? `<span class="module-name" title="${attr(r.label)}">${text(r.label)}</span>` : `<span class="class-name" title="${attr(r.title)}">${text(r.label)}</span>`) +
      `<span class="count">${r.count}</span>`;
  }
  return (
    `<div class="vrow" style="transform: translateY(${i * ROW_HEIGHT}px);">` +
    `<div id="tree-row-${i}" role="treeitem" aria-level="${r.depth + 1}"${expanded} aria-selected="false" class="row depth-${r.depth} kind-${r.kind}${i === 0 ? ' active' : ''}" data-key="${attr(r.key)}">` +
    inside +
    `</div></div>`
  );
}

/** result-row-parts.tsx's TwoEnds without highlights: the path's head and tail, cut in the middle by app.css. */
function twoEnds(path: string): string {
  const cut = pathEnds(path);
  if (cut <= 0 || cut >= path.length) return `<span class="${headClass(path.length)}">${text(path)}</span>`;
  return `<span class="${headClass(cut)}">${text(path.slice(0, cut))}</span><span class="end-tail">${text(path.slice(cut))}</span>`;
}

const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (s: string) => text(s).replace(/"/g, '&quot;');

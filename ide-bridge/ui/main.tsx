// The web app's entry: draws the explorer (at once when the page came with its tree), talking to
// the page's own UI server over a WebSocket.
// The framework is Preact: 4 KB of React's component-and-hooks model with TypeScript's own JSX
// transform, so the bundle needs no compiler plugin and loads fast inside IntelliJ's JCEF.

import { render } from 'preact';
import type { FirstTree } from '../protocol';
import { App } from './app';
import { preloadParts } from './lazy-part';
import { BridgeClient } from './rpc';
import type { PackedFirstTree } from './tree-codec';
import { unpackFirstTree } from './tree-codec';
import { rememberServedScroll } from './virtual-list';

const root = document.getElementById('app')!;
// The tree the server put in the page (ui-server.ts): drawn at once, then asked for again.
const firstTree = readFirstTree();
const project = new URLSearchParams(location.search).get('project') ?? undefined;
// With a tree to draw, the socket opens after the first paint: connecting makes `apiscout ui` load
// the sidecar's hub (ui-hub.ts), work that should not compete with this page's first frame; the
// requests made meanwhile wait for it.
const painted = firstTree ? new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))) : undefined;
const { client, opened } = BridgeClient.open(undefined, painted);
// With a tree in the page the explorer is drawn now, its socket opening meanwhile (requests wait
// for it); without one there is nothing to draw before the sidecar answers.
if (firstTree) start();
opened.then(
  () => {
    if (!firstTree) start();
  },
  (e: Error) => {
    render(null, root);
    root.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'fatal error';
    p.setAttribute('role', 'alert');
    p.textContent = e.message;
    root.append(p);
  },
);

function start(): void {
  // The page may have come with its first screen drawn (ide-bridge/first-screen.ts): this render
  // takes over those elements in place (a tree row stays the element it was), and the tree keeps
  // the scroll the user gave it meanwhile.
  rememberServedScroll('tree');
  render(<App client={client} project={project} first={firstTree} />, root);
  // The rest of the explorer once this first screen is painted and the page is idle (the tree
  // asked for again, its answer drawn): compiling the editor's 400 KB must not delay those frames.
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : setTimeout(run, 200));
  requestAnimationFrame(() => setTimeout(() => idle(() => void preloadParts())));
}

function readFirstTree(): FirstTree | undefined {
  const text = document.getElementById('first-tree')?.textContent;
  if (!text) return undefined;
  try {
    return unpackFirstTree(JSON.parse(text) as PackedFirstTree);
  } catch {
    return undefined; // asked for over the socket instead
  }
}

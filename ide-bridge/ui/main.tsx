// The web app's entry: connect to the page's own UI server, then render the explorer.
// The framework is Preact: 4 KB of React's component-and-hooks model with TypeScript's own JSX
// transform, so the bundle needs no compiler plugin and loads fast inside IntelliJ's JCEF.

import { render } from 'preact';
import type { FirstTree } from '../protocol';
import { App } from './app';
import { preloadParts } from './lazy-part';
import { BridgeClient } from './rpc';
import type { PackedFirstTree } from './tree-codec';
import { unpackFirstTree } from './tree-codec';

const root = document.getElementById('app')!;
// The tree the server put in the page (ui-server.ts): drawn at once, then asked for again.
const firstTree = readFirstTree();
BridgeClient.connect().then(
  (client) => {
    render(<App client={client} project={new URLSearchParams(location.search).get('project') ?? undefined} first={firstTree} />, root);
    // The rest of the explorer once this first screen is painted: a frame, then a task after it.
    requestAnimationFrame(() => setTimeout(() => void preloadParts()));
  },
  (e: Error) => {
    root.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'fatal error';
    p.setAttribute('role', 'alert');
    p.textContent = e.message;
    root.append(p);
  },
);

function readFirstTree(): FirstTree | undefined {
  const text = document.getElementById('first-tree')?.textContent;
  if (!text) return undefined;
  try {
    return unpackFirstTree(JSON.parse(text) as PackedFirstTree);
  } catch {
    return undefined; // asked for over the socket instead
  }
}

// The web app's entry: connect to the page's own UI server, then render the explorer.
// The framework is Preact: 4 KB of React's component-and-hooks model with TypeScript's own JSX
// transform, so the bundle needs no compiler plugin and loads fast inside IntelliJ's JCEF.

import { render } from 'preact';
import type { FirstTree } from '../protocol';
import { App } from './app';
import { BridgeClient } from './rpc';

const root = document.getElementById('app')!;
// The tree the server put in the page (ui-server.ts): drawn at once, then asked for again.
const firstTree = readFirstTree();
BridgeClient.connect().then(
  (client) => render(<App client={client} project={new URLSearchParams(location.search).get('project') ?? undefined} first={firstTree} />, root),
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
    return JSON.parse(text) as FirstTree;
  } catch {
    return undefined; // asked for over the socket instead
  }
}

// The web app's entry: connect to the page's own UI server, then render the explorer.
// The framework is Preact: 4 KB of React's component-and-hooks model with TypeScript's own JSX
// transform, so the bundle needs no compiler plugin and loads fast inside IntelliJ's JCEF.

import { render } from 'preact';
import { App } from './app';
import { BridgeClient } from './rpc';

const root = document.getElementById('app')!;
BridgeClient.connect().then(
  (client) => render(<App client={client} project={new URLSearchParams(location.search).get('project') ?? undefined} />, root),
  (e: Error) => {
    root.innerHTML = '';
    const p = document.createElement('p');
    p.className = 'fatal error';
    p.setAttribute('role', 'alert');
    p.textContent = e.message;
    root.append(p);
  },
);

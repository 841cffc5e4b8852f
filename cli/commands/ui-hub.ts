// The part of `apiscout ui` loaded after its first page went out: the sidecar's hub (handlers,
// scanner, exporters, ajv, vscode-jsonrpc: most of the CLI's code) and the project opened in it.
// ui.ts serves the first page from the retained index without any of it, or on a cold start from
// a session opened before it (ui-session.ts), which the hub then takes in (see there).

import type { LoadResult } from '../../core/search/index-store';
import { BridgeHub } from '../../ide-bridge/server';
import { packageVersion } from '../version';
import type { FirstSession } from './ui-session';

export interface HubStart {
  root: string;
  includeTests: boolean;
  scanCache: boolean;
  /** The retained index ui.ts already read: the session takes it instead of reading it again. */
  retained: Promise<LoadResult>;
  log(message: string): void;
  uiUrl(): string | null;
  /** The session a cold start opened before the hub (ui-session.ts): the hub takes it as the open project. */
  first?: FirstSession;
}

export function startHub(o: HubStart): { hub: BridgeHub; opening: Promise<unknown> } {
  let retained: Promise<LoadResult> | undefined = o.retained;
  const hub = new BridgeHub({
    serverVersion: packageVersion(),
    log: o.log,
    uiUrl: o.uiUrl,
    scanCache: o.scanCache,
    // Once: a project closed and opened again reads its index again.
    retainedIndex: (root) => {
      const taken = root === o.root ? retained : undefined;
      if (taken) retained = undefined;
      return taken;
    },
  });
  if (o.first) o.first.relayTo(hub.handlers.adopt(o.first.session));
  const opening = Promise.resolve(hub.handlers['project/open']({ root: o.root, includeTests: o.includeTests }, NEVER));
  return { hub, opening };
}

const NEVER = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };

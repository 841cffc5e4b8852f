// The part of a cold `apiscout ui` (no retained index) loaded before its first tree: the project
// session and its scanner only. The hub (handlers, ajv, vscode-jsonrpc, exporters: ~40% of the
// code such a start loads) comes after that tree went out, and takes this session in (ui-hub.ts).

import { ProjectSession } from '../../ide-bridge/project-session';
import type { SessionEvents } from '../../ide-bridge/project-session';
import type { LoadResult } from '../../core/search/index-store';
import { packageVersion } from '../version';

export interface FirstSession {
  session: ProjectSession;
  /** The session's open (its first scan runs on). */
  opening: Promise<void>;
  /** From now on the session's progress and changes go to `events` (the hub's); none went anywhere before. */
  relayTo(events: SessionEvents): void;
}

export function openFirstSession(o: {
  root: string;
  includeTests: boolean;
  scanCache: boolean;
  /** The retained index ui.ts read (none usable: that is why this start is cold), for its warning. */
  retained: Promise<LoadResult>;
  log(message: string): void;
}): FirstSession {
  // No connection can hear the scan's progress before the hub is there: a page connecting later
  // asks for the status and the tree itself.
  let to: SessionEvents | undefined;
  const events: SessionEvents = {
    progress: (p) => to?.progress(p),
    changed: (c) => to?.changed(c),
    log: (m) => (to ?? o).log(m),
  };
  // As the hub's project/open makes it (ide-bridge/handlers.ts).
  const session = new ProjectSession(o.root, { includeTests: o.includeTests, createdBy: `apiscout ${packageVersion()}`, scanCache: o.scanCache, retained: o.retained }, events);
  return { session, opening: session.open(), relayTo: (e) => (to = e) };
}

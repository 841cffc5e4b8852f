// One function per catalog method. Handlers check preconditions and delegate to the project
// session and the core; the rules themselves (scanning, matching, trees) live in core/.

import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildTree } from '../core/model/tree';
import type { Endpoint } from '../core/model/endpoint';
import type { LoadResult } from '../core/search/index-store';
import { summaryOf } from './model-schemas';
import { BridgeError, cancellable } from './bridge-error';
import type { Cancellation } from './bridge-error';
import { ProjectSession } from './project-session';
import type { SessionEvents } from './project-session';
import { ErrorCodes, PROTOCOL_VERSION } from './protocol';
import { callHandlers } from './call-handlers';
import { envHandlers } from './env-handlers';
import { exportHandlers } from './export-handlers';
import { hostHandlers } from './host-handlers';
import { settingsHandlers } from './settings-handlers';
import { treeVersionOf } from './tree-version';
import type { HostParamsOf, HostRequestName, HostResultOf, NotificationName, NotificationParams, ParamsOf, RequestName, ResultOf } from './protocol';

export { BridgeError, REQUEST_CANCELLED, cancellable } from './bridge-error';
export type { Cancellation } from './bridge-error';

export interface BridgeContext {
  serverVersion: string;
  uiUrl(): string | null;
  /** Whether project scans may use the scan cache at all (`--no-cache` says no). */
  scanCache?: boolean;
  /** An index already read for the project at `root`, taken by its session instead of reading it again. */
  retainedIndex?(root: string): Promise<LoadResult> | undefined;
  /** To every connection: the IDE host and each open UI. */
  notify<N extends NotificationName>(name: N, params: NotificationParams<N>): void;
  /** To the IDE host connection(s) only; false when none is connected (a plain browser session). */
  notifyHost<N extends NotificationName>(name: N, params: NotificationParams<N>): boolean;
  /**
   * Asks the IDE host connection; undefined when none is connected or it does not handle the
   * request. Cancelling `token` cancels the host's request and rejects with RequestCancelled.
   */
  requestHost<M extends HostRequestName>(name: M, params: HostParamsOf<M>, token?: Cancellation): Promise<HostResultOf<M> | undefined>;
  log(message: string): void;
}

export type Handlers = {
  [M in RequestName]: (params: ParamsOf<M>, token: Cancellation) => Promise<ResultOf<M>> | ResultOf<M>;
};

/** What each group of handlers (this file's project methods, call-, export-, env-, settings-, host-handlers) is given. */
export interface HandlerKit {
  ctx: BridgeContext;
  /** The open project, or a ProjectNotOpen / ShuttingDown error. */
  session(project: string): ProjectSession;
  /** The endpoint, or a NotFound error naming it. */
  endpoint(s: ProjectSession, e: Endpoint | undefined, id: string): Endpoint;
  /** Runs when a project closes (its root) or the sidecar shuts down (null): release what it holds. */
  onClose(release: (project: string | null) => void | Promise<void>): void;
}

/** What the hub's handlers add beside the catalog's methods. */
export interface HandlerExtras {
  sessions: Map<string, ProjectSession>;
  /**
   * Takes in a session opened before the hub was made (a cold `apiscout ui` scans while the hub's
   * code loads: cli/commands/ui-session.ts): it is the open project from now on, and the events
   * to relay its progress and changes to every connection are returned.
   */
  adopt(s: ProjectSession): SessionEvents;
}

export function createHandlers(ctx: BridgeContext): Handlers & HandlerExtras {
  const sessions = new Map<string, ProjectSession>();
  let shuttingDown = false;

  const session = (project: string): ProjectSession => {
    if (shuttingDown) throw new BridgeError(ErrorCodes.ShuttingDown, 'the sidecar is shutting down');
    const s = sessions.get(resolve(project));
    if (!s) throw new BridgeError(ErrorCodes.ProjectNotOpen, `no open project '${project}': call project/open first`);
    return s;
  };
  const endpoint = (s: ProjectSession, e: Endpoint | undefined, id: string): Endpoint => {
    if (!e) throw new BridgeError(ErrorCodes.NotFound, `no endpoint '${id}' in ${s.root}`);
    return e;
  };
  const releases: Array<(project: string | null) => void | Promise<void>> = [];
  const release = async (project: string | null) => {
    await Promise.all(releases.map(async (r) => r(project))).catch((e: Error) => ctx.log(`releasing ${project ?? 'the sidecar'}: ${e.message}`));
  };
  const kit: HandlerKit = { ctx, session, endpoint, onClose: (r) => releases.push(r) };
  const eventsOf = (project: string): SessionEvents => ({
    progress: (p) => ctx.notify('scan/progress', { project, ...p }),
    changed: (c) => ctx.notify('index/changed', { project, ...c }),
    log: ctx.log,
  });

  return {
    sessions,
    adopt: (s) => {
      sessions.set(s.root, s);
      return eventsOf(s.root);
    },
    ...callHandlers(kit),
    ...exportHandlers(kit),
    ...envHandlers(kit),
    ...settingsHandlers(kit),
    ...hostHandlers(kit),
    hello: () => ({ protocolVersion: PROTOCOL_VERSION, serverVersion: ctx.serverVersion, uiUrl: ctx.uiUrl() }),

    'project/open': async ({ root, includeTests }) => {
      if (shuttingDown) throw new BridgeError(ErrorCodes.ShuttingDown, 'the sidecar is shutting down');
      const abs = resolve(root);
      if (!existsSync(abs) || !statSync(abs).isDirectory()) throw new BridgeError(ErrorCodes.BadInput, `project root '${root}' is not a directory`);
      let s = sessions.get(abs);
      if (!s) {
        const retained = ctx.retainedIndex?.(abs);
        s = new ProjectSession(abs, { includeTests: includeTests ?? false, createdBy: `apiscout ${ctx.serverVersion}`, scanCache: ctx.scanCache ?? true, retained }, eventsOf(abs));
        sessions.set(abs, s);
        await s.open();
      }
      return s.status();
    },
    'project/list': () => ({ projects: [...sessions.values()].map((s) => s.status()) }),
    'project/close': async ({ project }) => {
      const s = session(project);
      sessions.delete(s.root);
      await release(s.root);
      return {};
    },
    'project/status': ({ project }) => session(project).status(),
    'project/wait': async ({ project }, token) => {
      const s = session(project);
      await cancellable(s.waitForScan(), token);
      return s.status();
    },
    'project/refresh': async ({ project }, token) => {
      const s = session(project);
      await cancellable(s.refresh(), token);
      return s.status();
    },
    'project/diagnostics': ({ project }) => session(project).diagnostics(),
    'files/changed': ({ project, changes }) => session(project).filesChanged(changes),

    'endpoints/tree': ({ project }) => {
      const s = session(project);
      const tree = treeOf(s);
      s.treeServed();
      return tree;
    },
    'endpoints/treeIfChanged': ({ project, since }) => {
      const s = session(project);
      // The page says which tree it shows (it came in its HTML, or from an earlier answer): the
      // same one is not sent again; a page load then costs no second parse and draw of it.
      const version = treeVersionOf(s.list());
      const tree = since === version ? { modules: [], version, unchanged: true } : { ...treeOf(s), version, unchanged: false };
      s.treeServed();
      return tree;
    },
    'endpoints/search': ({ project, query, limit }) => {
      const s = session(project);
      const results = s.search(query, limit ?? 50).map((m) => ({ endpoint: summaryOf(m.endpoint), score: m.score, kind: m.kind, ranges: m.ranges }));
      return { results, total: s.list().length };
    },
    'endpoints/get': async ({ project, id }, token) => {
      const s = session(project);
      return { endpoint: endpoint(s, await cancellable(s.get(id), token), id) };
    },
    'endpoints/inFile': ({ project, file }) => ({ marks: session(project).inFile(file).map(markOf) }),
    'endpoints/at': async ({ project, file, line }, token) => ({
      endpoints: (await cancellable(session(project).at(file, line), token)).map(summaryOf),
    }),
    'navigation/target': ({ project, id }) => {
      const s = session(project);
      const e = endpoint(s, s.peek(id), id);
      return { file: s.absolutePath(e.source.file), line: e.source.line, column: e.source.column };
    },
    'source/read': ({ project, file }) => session(project).readSource(file),
    shutdown: async () => {
      shuttingDown = true;
      sessions.clear();
      await release(null);
      return {};
    },
  };
}

/** The explorer's tree of an open project (endpoints/tree, and the first tree the UI server puts in its page). */
export function treeOf(s: ProjectSession): ResultOf<'endpoints/tree'> {
  return { modules: buildTree(s.list().map(summaryOf)) };
}

function markOf(e: Endpoint): ResultOf<'endpoints/inFile'>['marks'][number] {
  return {
    id: e.id,
    line: e.source.line,
    column: e.source.column,
    method: e.method,
    path: e.path,
    address: e.address,
    name: e.name,
    ...(e.streaming ? { streaming: e.streaming } : {}),
  };
}

// `apiscout ui [DIR]`: the API Explorer in a browser. Starts the sidecar's hub and UI server in
// this process, opens DIR (its scan streams into the page), and opens the page in the default
// browser; the URL is printed for a browser elsewhere and for --no-open. This module is kept
// small: the first page is served before the hub's code is loaded, from the retained index, or
// on a cold start from a session loaded and opened alone (ui-session.ts).

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { InputError } from '../../core/errors';
import type { Endpoint } from '../../core/model/endpoint';
import { loadIndex, loadTreeSection } from '../../core/search/index-store';
import type { LoadResult, TreeSection } from '../../core/search/index-store';
import type { BridgeHub } from '../../ide-bridge/server';
import { rememberPackedTree } from '../../ide-bridge/tree-version';
import type { PackedTreeText } from '../../ide-bridge/tree-version';
import type { PackedTree } from '../../ide-bridge/ui/tree-codec';
import { firstTree, sessionFirstTree, startUiServer } from '../../ide-bridge/ui-server';
import type { CliIO } from '../io';
import type { FirstSession } from './ui-session';
import { NO_CACHE_OPTION, noCacheHelp, scanCacheDisabledByEnv } from '../cache-option';

export const uiHelp = `Usage: apiscout ui [DIR] [options]

Opens the API Explorer in your browser on DIR (default: the bundled sample shop). The page is
served on 127.0.0.1 only, at a URL with a secret token made for this run. Ctrl+C stops it.

Options:
  --no-open          print the URL, open no browser
  --port N           listen on port N (default: a free one)
  --include-tests    also scan test sources
${noCacheHelp(21)}
  -h, --help         show this help`;

/** The built web app sits beside the bundle: dist/ui next to dist/apiscout.mjs. */
export const UI_ASSETS = fileURLToPath(new URL('./ui/', import.meta.url));

export async function uiCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'no-open': { type: 'boolean', default: false },
      port: { type: 'string' },
      'include-tests': { type: 'boolean', default: false },
      ...NO_CACHE_OPTION,
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(uiHelp);
    return 0;
  }
  if (positionals.length > 1) throw new InputError(`one directory at most, got ${positionals.length}`, positionals.join(' '));
  const root = resolve(positionals[0] ?? io.sampleProject);
  // Worded as scan, search and export word it.
  if (!existsSync(root)) throw new InputError(`cannot read ${positionals[0]}: no such directory`, root);
  if (!statSync(root).isDirectory()) throw new InputError(`${positionals[0]} is not a directory`, root);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InputError(`--port wants a port number, got '${values.port}'`, values.port ?? '');

  // The terminal is ours: sidecar logs go to stderr like the stdio sidecar's.
  const log = (m: string) => io.err(`[apiscout] ${m}`);
  let url: string | null = null;
  // The retained index of the last run: its tree section at once (no endpoint decoded: what the
  // first page shows, index-store.ts), the whole index when the hub takes it, or at once when the
  // file has no tree section (an older writer). The hub (the scanner, the handlers: most of the
  // CLI's code, ~0.5 s to compile) is loaded after that page went out, when its script connects
  // (ui-hub.ts); with no retained tree, after the cold session's first tree (see firstList).
  const section: Promise<ServedSection | null> = loadTreeSection(root).then(servedOf, () => null);
  let served: ServedSection | null = null;
  let whole: Promise<LoadResult> | undefined;
  const retained = (): Promise<LoadResult> =>
    (whole ??= loadIndex(root).then(
      (r) => {
        // The section came with these endpoints (same write): the session's tree has its version, and
        // an unchanged tree is not sent to the page again.
        if (r.index && served && r.index.savedAt === served.savedAt) rememberPackedTree(r.index.endpoints, served.packed);
        return r;
      },
      (e: Error) => ({ index: null, warning: `could not read the retained index: ${e.message}` }),
    ));
  let stored: readonly Endpoint[] | undefined;
  const scanCache = !values['no-cache'] && !scanCacheDisabledByEnv();
  // Nothing retained (a cold start): the session and its scanner are loaded and opened first, and
  // the hub after the first tree went out (ui-session.ts); the hub then takes that session in.
  let first: FirstSession | undefined;
  let starting: Promise<FirstSession> | undefined;
  const startFirst = (): Promise<FirstSession> =>
    (starting ??= import('./ui-session').then(({ openFirstSession }) => {
      first = openFirstSession({ root, includeTests: values['include-tests'], scanCache, retained: retained(), log });
      void first.opening.catch((e: Error) => log(`cannot open ${root}: ${e.stack ?? e.message}`));
      return first;
    }));
  let hub: BridgeHub | undefined;
  let opening: Promise<unknown> | undefined;
  let loading: Promise<BridgeHub> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const loadHub = (): Promise<BridgeHub> => {
    clearTimeout(timer);
    // The whole index read while the hub's code loads; the hub made once both are in, so its
    // session opens on the retained endpoints at once (a page's first requests find them).
    // Without a retained index the hub takes the session a cold start opened (or opens it now).
    return (loading ??= Promise.all([import('./ui-hub'), retained().then((r) => (r.index ? undefined : startFirst()))]).then(([{ startHub }, cold]) => {
      const started = startHub({ root, includeTests: values['include-tests'], scanCache, retained: retained(), log, uiUrl: () => url, first: cold });
      opening = started.opening;
      return (hub = started.hub);
    }));
  };
  // Nothing retained (a cold start): the page's body waits for the first scan's first answer (its
  // endpoints, no models yet: project-session.ts), up to COLD_HOLD_MS, so the page comes with
  // the tree drawn in it instead of an empty app that asks for it again; the page's head (its
  // script and style) went out at once and loads meanwhile. A longer scan: the app shows its progress.
  const firstList = (): Promise<unknown> =>
    new Promise((done) => {
      const cap = setTimeout(done, COLD_HOLD_MS);
      void startFirst()
        .then((f) => f.session.listed())
        .finally(() => {
          clearTimeout(cap);
          done(undefined);
        });
    });
  // Not for a page: nobody else would hear that it failed (a page's socket logs its own failure).
  const loadHubNow = () => void loadHub().catch((e: Error) => log(`cannot start the sidecar: ${e.stack ?? e.message}`));
  // No page connecting in time (none opened, or a slow one): the hub comes anyway, and the scan with it.
  const loadHubIn = (ms: number) => {
    clearTimeout(timer);
    if (!loading) timer = setTimeout(loadHubNow, ms);
  };
  const server = await startUiServer({
    hub: loadHub,
    assetsDir: UI_ASSETS,
    log,
    port,
    // The page's first tree waits for the retained tree to be read (or the project to open); the URL does not.
    ready: () =>
      hub
        ? Promise.resolve(opening).then(() => (served || stored ? undefined : firstList()))
        : section.then((s): unknown => s ?? retained().then((r) => r.index ?? firstList())),
    firstTree: (wanted) => {
      if (hub) return firstTree(hub, wanted);
      if (wanted && wanted !== root) return undefined;
      if (first) return sessionFirstTree(first.session);
      const status = (endpointCount: number) => ({ project: root, state: 'scanning' as const, endpointCount, diagnosticCount: 0, fromRetainedIndex: true });
      if (served) return { status: status(served.endpointCount), packed: served.packed };
      return stored ? { status: status(stored.length), list: stored } : undefined;
    },
    onPage: () => loadHubIn(5 * TREE_GRACE_MS),
  });
  url = server.url;
  io.out(`API Explorer for ${root}\n  ${url}`);
  served = await section;
  if (!served) stored = (await retained()).index?.endpoints;
  if (served || stored) loadHubIn(TREE_GRACE_MS);
  else {
    // The hub comes when the page's socket asks for it (onPage), or a while after the first tree
    // if no page does: nothing needs it before.
    void startFirst().then(
      (f) => f.session.listed().then(() => loadHubIn(5 * TREE_GRACE_MS)),
      (e: Error) => log(`cannot start the sidecar: ${e.stack ?? e.message}`),
    );
  }
  if (!values['no-open']) {
    const opened = await openBrowser(url);
    if (!opened) io.out('No browser could be opened here: open the URL above in one.');
  }
  // The handlers are in place before the line that invites Ctrl+C is written.
  const stopped = new Promise<number>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      clearTimeout(timer);
      void server.close().then(() => done(0));
      // A scan still running must not keep the terminal waiting.
      setTimeout(() => process.exit(0), 500).unref();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  io.out('Press Ctrl+C to stop.');
  return stopped;
}

/** The retained index's tree section as the first page serves it. */
interface ServedSection {
  packed: PackedTreeText;
  endpointCount: number;
  savedAt: string;
}

/** Parsed once here (the first screen draws its first rows): a section that does not parse is not served. */
function servedOf(section: TreeSection | null): ServedSection | null {
  if (!section) return null;
  let tree: PackedTree;
  try {
    tree = JSON.parse(section.json) as PackedTree;
  } catch {
    return null;
  }
  return { packed: { json: section.json, version: section.version, tree: () => tree }, endpointCount: section.endpointCount, savedAt: section.savedAt };
}

/** How long a cold start's first page waits for the scan's first answer at most (see firstList). */
const COLD_HOLD_MS = Number(process.env.APISCOUT_COLD_HOLD_MS) || 1500;

/** As the session's (project-session.ts): how long the hub waits for the page that shows the retained tree. */
const TREE_GRACE_MS = Number(process.env.APISCOUT_TREE_GRACE_MS) || 1000;

/** The platform's opener; false when there is none (a server, a container, no desktop). */
function openBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  return new Promise((resolve) => {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true, windowsVerbatimArguments: process.platform === 'win32' });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0));
    child.unref();
  });
}

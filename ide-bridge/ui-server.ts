// The loopback UI server: serves the explorer web app and a WebSocket carrying the bridge's
// catalog. It binds 127.0.0.1 on a random port, and every request must carry the per-run token
// as the first path segment and come with our own Host (no DNS rebinding) and, when the browser
// sends one, our own Origin (no other page's scripts). It sends no CORS headers at all.
// The page comes with its first tree inside (see firstTree), so it is drawn without a round trip.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { extname, join, resolve } from 'node:path';
import type { WebSocketServer } from 'ws';
import type { Endpoint } from '../core/model/endpoint';
import { lazyRequire } from '../core/lazy-require';
import type { ProjectStatus } from './protocol';
import type { BridgeHub } from './server';
import type { ProjectSession } from './project-session';
import { firstScreenHtml } from './first-screen';
import { hostTheme, themeAttributes } from './ui/host-theme-query';
import { packedTreeOf } from './tree-version';
import type { PackedTreeText } from './tree-version';

/** Only `apiscout ui` serves WebSockets: the CLI and the IDE's sidecar start without loading ws. */
const ws = lazyRequire<{ WebSocketServer: typeof WebSocketServer }>('ws');

export interface UiServerOptions {
  /**
   * The hub the page's WebSocket talks to, or how to get it: `apiscout ui` loads the hub (the
   * scanner, the handlers, ajv, vscode-jsonrpc) only after it served the first page, from the
   * retained index (see `firstTree`), so that page does not wait for all that code to compile.
   */
  hub: BridgeHub | (() => Promise<BridgeHub>);
  /**
   * With `hub` a function: the first tree for a page asking for project `wanted` (its `?project=`,
   * else null). `apiscout ui` gives the retained index's until its hub is there, then the hub's
   * (see firstTree below). With a hub given, the hub's sessions give it.
   */
  firstTree?(wanted: string | null): FirstTreeSource | undefined;
  /** A page went out with a tree inside (its script will open a WebSocket soon). */
  onPage?(): void;
  /** The built web app (dist/ui): index.html, app.js, app.css. */
  assetsDir: string;
  log(message: string): void;
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * What the page's first tree waits for (the project being opened), read when the page is asked
   * for: the URL can be printed, and the page's script and style fetched, meanwhile.
   */
  ready?(): Promise<unknown> | undefined;
}

export interface UiServer {
  /** The page to open: `http://127.0.0.1:PORT/TOKEN/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** A JSON-RPC message larger than this is not something the UI sends. */
const MAX_MESSAGE_BYTES = 16 << 20;

const SECURITY_HEADERS = {
  // The page is made for each request (the project's tree is inside): never stored. Assets say otherwise (cacheOf).
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  // CodeMirror styles itself through style elements: hence 'unsafe-inline' for styles, never scripts.
  'Content-Security-Policy':
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'",
};

export async function startUiServer(opts: UiServerOptions): Promise<UiServer> {
  const token = randomBytes(24).toString('base64url');
  const assets = new Assets(opts.assetsDir);
  // Made once the server listens, while the page loads: loading ws is not on the way to the URL.
  let wss: WebSocketServer | undefined;
  const sockets = () => (wss ??= new (ws().WebSocketServer)({ noServer: true, maxPayload: MAX_MESSAGE_BYTES }));
  let port = 0;

  /** Why a request is refused, or the path after `/TOKEN/` (null for `/TOKEN` itself). */
  const check = (req: IncomingMessage): { refusal: string } | { rest: string | null } => {
    const allowed = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (!allowed.includes(req.headers.host ?? '')) return { refusal: 'foreign Host' };
    const origin = req.headers.origin;
    if (origin !== undefined && !allowed.some((a) => origin === `http://${a}`)) return { refusal: 'foreign Origin' };
    const url = req.url ?? '/';
    const end = url.indexOf('/', 1);
    const given = url.slice(1).split(/[/?#]/)[0]!;
    if (!sameSecret(given, token)) return { refusal: 'missing or wrong token' };
    return { rest: end > 0 ? url.slice(end + 1).split(/[?#]/)[0]! : null };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const verdict = check(req);
    if ('refusal' in verdict) return refuse(res, 403, verdict.refusal);
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'only GET and HEAD');
    if (verdict.rest === null) {
      // `/TOKEN` without the slash: relative asset URLs need the folder form.
      res.writeHead(308, { ...SECURITY_HEADERS, Location: `/${token}/` });
      return res.end();
    }
    const name = verdict.rest === '' ? 'index.html' : verdict.rest;
    let asset: Asset | undefined;
    try {
      asset = assets.get(name);
    } catch (e) {
      return refuse(res, 500, `cannot read ${join(opts.assetsDir, name)}: ${(e as Error).message}`);
    }
    if (!asset) {
      if (name === 'index.html') return refuse(res, 500, `the web app is not built (no ${join(opts.assetsDir, 'index.html')}): run npm run build`);
      return refuse(res, 404, 'not found');
    }
    const { bytes } = asset;
    if (name === 'index.html' && req.method === 'GET') return servePage(res, bytes, opts, new URL(req.url ?? '/', 'http://page').search);
    const headers = { ...SECURITY_HEADERS, 'Content-Type': asset.type, ...cacheOf(name, asset) };
    if (headers.ETag && req.headers['if-none-match'] === headers.ETag) {
      res.writeHead(304, headers);
      return res.end();
    }
    res.writeHead(200, { ...headers, 'Content-Length': bytes.length });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const verdict = check(req);
    const refusal = 'refusal' in verdict ? verdict.refusal : verdict.rest === 'rpc' ? undefined : 'not found';
    if (refusal) {
      opts.log(`ui server: refused a WebSocket (${refusal})`);
      socket.end(`HTTP/1.1 403 Forbidden\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${refusal}\n`);
      return;
    }
    // The hub (and the transport over vscode-jsonrpc) may still be loading: the socket waits for it.
    void Promise.all([typeof opts.hub === 'function' ? opts.hub() : opts.hub, import('./ws-transport')]).then(
      ([hub, { WebSocketMessageReader, WebSocketMessageWriter }]) =>
        sockets().handleUpgrade(req, socket, head, (ws) => {
          hub.connect(new WebSocketMessageReader(ws), new WebSocketMessageWriter(ws), { host: false });
        }),
      (e: Error) => {
        opts.log(`ui server: cannot serve a WebSocket: ${e.stack ?? e.message}`);
        socket.destroy();
      },
    );
  });
  // Sockets that error before the upgrade completes must not take the process down.
  server.on('clientError', (_e, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}/${token}/`;
  // With a hub at hand (the IDE's sidecar) ws loads now, while the page loads; a hub still to be
  // loaded (apiscout ui) brings ws with it, after the first page, when that page connects.
  if (typeof opts.hub !== 'function') setImmediate(sockets);
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss?.clients ?? []) client.terminate();
        wss?.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The page with the first tree of the project it shows inside, when the sidecar has one at hand
 * (from the retained index or a scan): its first screen drawn in HTML (first-screen.ts), so the
 * browser paints the tree's first rows as it parses the page, and the tree as data, which the app
 * takes over when its script runs, with no request first. The part before the tree (the head,
 * naming the script and style) goes out at once, so the browser fetches them while the tree is built. The page asks for the tree again once its socket is up
 * (a change may come between), sending the tree's version: the answer carries no tree when it is
 * still the same (endpoints/treeIfChanged). Only that answer lets the waiting scan start
 * (project-session.ts).
 */
function servePage(res: ServerResponse, page: Buffer, opts: UiServerOptions, search: string): void {
  const wanted = new URLSearchParams(search).get('project');
  // The IDE's theme from the URL on the root element, as the app puts it there (host-theme.ts):
  // the first screen is painted in the IDE's colours and font size, with no change when the app comes.
  const theme = hostTheme(search);
  const html = page.toString('utf8').replace(ROOT_ELEMENT, `${ROOT_ELEMENT.slice(0, -1)}${themeAttributes(theme)}>`);
  const at = html.indexOf(APP_ELEMENT);
  res.writeHead(200, { ...SECURITY_HEADERS, 'Content-Type': TYPES['.html']! });
  if (at < 0) return void res.end(html);
  res.write(html.slice(0, at));
  const ready = Promise.resolve(opts.ready?.()).catch(() => {});
  void ready.then(() => setImmediate(() => {
    const source = typeof opts.hub === 'function' ? opts.firstTree?.(wanted) : firstTree(opts.hub, wanted);
    // The first screen drawn (first-screen.ts), then the tree as data: a data block, never run (the
    // CSP allows no inline script); `<` escaped so no text in it can end the element. A
    // PackedFirstTree (ui/tree-codec.ts), its packed tree's JSON made once per list.
    let screen = '';
    let data = '';
    if (source) {
      const packed = source.packed ?? packedTreeOf(source.list!);
      screen = firstScreenHtml(packed.tree(), source.status, theme);
      data = `<script type="application/json" id="first-tree">{"status":${JSON.stringify(source.status).replace(/</g, '\\u003c')},"version":"${packed.version}","packed":${packed.json}}</script>\n`;
    }
    const end = html.lastIndexOf('</body>');
    res.end(`<div id="app">${screen}</div>${html.slice(at + APP_ELEMENT.length, end)}${data}${html.slice(end)}`);
    if (source) opts.onPage?.();
  }));
}

/** Where the page's app goes in index.html: the first screen is drawn inside it. */
const APP_ELEMENT = '<div id="app"></div>';
/** index.html's root element: the IDE's theme goes on it. */
const ROOT_ELEMENT = '<html lang="en">';

/** What a first tree is made of: the status the page shows and the endpoints its tree lists. */
export interface FirstTreeSource {
  status: ProjectStatus;
  /** The endpoints, packed here; or `packed` as the retained index stored it (index-store.ts's tree section). */
  list?: readonly Endpoint[];
  packed?: PackedTreeText;
}

/**
 * The tree of the project the page asks for (its `?project=`, else the first one open, as the
 * page chooses), or undefined while its first scan runs with no retained index to show.
 */
export function firstTree(hub: BridgeHub, wanted: string | null): FirstTreeSource | undefined {
  const sessions = hub.handlers.sessions;
  const s = wanted ? sessions.get(resolve(wanted)) : sessions.values().next().value;
  if (!s || (wanted && s.root !== wanted)) return undefined;
  return sessionFirstTree(s);
}

/** The tree of one session (see firstTree): undefined while its first scan runs with nothing to show. */
export function sessionFirstTree(s: ProjectSession): FirstTreeSource | undefined {
  try {
    const status = s.status();
    if (status.state === 'scanning' && !status.fromRetainedIndex && status.endpointCount === 0) return undefined;
    // The session's endpoints packed as they are: endpoints/tree's summaries without the copies.
    s.treeOffered();
    return { status, list: s.list() };
  } catch {
    return undefined; // shutting down: the page asks over its socket and is told
  }
}

/** A chunk named by its content's hash (rollup.config.mjs: `[name].[hash].js`), and its source map. */
const HASHED = /\.[A-Za-z0-9_-]{8}\.js(\.map)?$/;

/**
 * How a browser may keep an asset. A hashed chunk never changes under its name: kept for good, so
 * a browser with a cache (JCEF's) skips the request and reuses the code it compiled before. The
 * others (app.js, app.css, the workers: named in the page or the code) are kept but asked about on
 * each load, answered 304 while unchanged on disk. The page itself: see SECURITY_HEADERS.
 */
function cacheOf(name: string, asset: Asset): { 'Cache-Control': string; ETag?: string } {
  if (name === 'index.html') return { 'Cache-Control': 'no-store' };
  if (HASHED.test(name)) return { 'Cache-Control': 'max-age=31536000, immutable' };
  return { 'Cache-Control': 'no-cache', ETag: asset.etag() };
}

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${reason}\n`);
}

/** Constant-time: the token's bytes cannot be guessed one by one from response times. */
function sameSecret(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

interface Asset {
  type: string;
  bytes: Buffer;
  /** A strong validator of these bytes, made on first use. */
  etag(): string;
}

/** Assets kept in memory between requests; past this many (old chunks after rebuilds) the oldest go. */
const KEPT_ASSETS = 64;

/**
 * The built app's files as they are on disk at each request: `npm run build` while the server runs
 * is served at the next reload, page and scripts alike (a page cached at start named chunks a
 * rebuild had deleted, or came with new unhashed scripts it did not match). A file is read again
 * only when its size, time or inode changed. Only a plain name of a file in the folder, with a
 * type the app uses, is served: no path can reach anything else.
 */
class Assets {
  private readonly kept = new Map<string, { stamp: string; asset: Asset }>();
  constructor(private readonly dir: string) {}

  /** The file now, or undefined when there is none; throws when it cannot be read. */
  get(name: string): Asset | undefined {
    const type = TYPES[extname(name)];
    if (!type || !/^[\w-][\w.-]*$/.test(name)) return undefined;
    const path = join(this.dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) {
      this.kept.delete(name);
      return undefined;
    }
    const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    const kept = this.kept.get(name);
    if (kept?.stamp === stamp) return kept.asset;
    const bytes = readFileSync(path);
    let etag: string | undefined;
    const asset: Asset = { type, bytes, etag: () => (etag ??= `"${createHash('sha1').update(bytes).digest('base64url')}"`) };
    this.kept.delete(name);
    this.kept.set(name, { stamp, asset });
    for (const old of this.kept.keys()) {
      if (this.kept.size <= KEPT_ASSETS) break;
      this.kept.delete(old);
    }
    return asset;
  }
}

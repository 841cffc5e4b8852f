// The browser tests are type-checked with the web app (ide-bridge/ui/tsconfig.json): their page
// callbacks run in Chromium and use the DOM.

// What the browser tests share: `apiscout ui --no-open DIR` as a real process, Debian's Chromium
// through playwright-core (never a downloaded browser), and a WebSocket client for the same
// catalog, so a test can ask the sidecar what the page should show.

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContextOptions, CDPSession, Locator, Page } from 'playwright-core';
import { createMessageConnection } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { afterAll, beforeAll, expect } from 'vitest';
import WebSocket from 'ws';
import type { ParamsOf, RequestName, ResultOf } from '../../ide-bridge/protocol';
import { WebSocketMessageReader, WebSocketMessageWriter } from '../../ide-bridge/ws-transport';

export const CLI = fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const MODULE_LOG_HOOK = fileURLToPath(new URL('./module-log-hook.mjs', import.meta.url));

/** The CLI bundle's chunk that holds `text` (rollup names chunks as it likes; the parse worker's own bundle, parse-worker*.mjs, repeats the scanner for the roots split). */
export function chunkWith(text: string): string {
  const found = fs.readdirSync(DIST).filter((f) => f.startsWith('apiscout') && f.endsWith('.mjs') && fs.readFileSync(path.join(DIST, f), 'utf8').includes(text));
  expect(found).toHaveLength(1);
  return found[0]!;
}

/**
 * What a process started with `env` has loaded so far (module-log-hook.mjs writes every module it
 * loads to `log`): the file names of its modules.
 */
export function moduleLog(log: string): { env: Record<string, string>; loaded(): Set<string> } {
  return {
    env: { NODE_OPTIONS: `--import=${pathToFileURL(MODULE_LOG_HOOK).href}`, APISCOUT_TEST_MODULE_LOG: log },
    loaded: () => new Set(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((u) => path.basename(u))),
  };
}
/** How long a browser test waits for anything (a page's default, a poll): room for a shared, loaded 2-core machine. */
export const UI_WAIT_MS = 60_000;
/** expect.poll with that room: its default second is too short for a browser round trip. */
export const poll = <T>(fn: () => T | Promise<T>, timeout = UI_WAIT_MS) => expect.poll(fn, { timeout, interval: 50 });
/**
 * The page resized to `width` × `height` and laid out again, as a user drags the tool window: the app
 * follows the window's resize event (layout.tsx, use-media.ts) with a render of its own, so a box read
 * straight after setViewportSize can still be the old layout's (CI once read 502 px at 300).
 */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
  // A frame for the resize event and the render it causes (Preact renders in a microtask), one to lay that out.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
export const SHOTS = fileURLToPath(new URL('../../test-results/ui/', import.meta.url));

/**
 * Chromium, one per test worker: the test files a worker runs one after the other (vitest.config.ts:
 * isolate false) share it, each in contexts of its own (every `browser.newPage()` is one), which
 * releaseChromium closes at the file's end. A launch cost 3 to 4 s of CPU, in each of nine files.
 * One that lost its connection (a crash) is replaced. Playwright ends it when the worker exits.
 */
export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium (.ci/run does)`);
  const held = globalThis as { __apiscoutChromium?: Promise<Browser> };
  const running = await held.__apiscoutChromium?.catch(() => undefined);
  if (running?.isConnected()) return running;
  held.__apiscoutChromium = chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  return held.__apiscoutChromium;
}

/** A test file is done with Chromium (launchChromium): its contexts, and with them its pages, are closed. */
export async function releaseChromium(browser: Browser | undefined): Promise<void> {
  if (browser?.isConnected()) await Promise.all(browser.contexts().map((c) => c.close()));
}

/**
 * One browser tab that a test file's tests take turns in, each turn starting as a new page would:
 * the page's origin with empty storage (the explorer keeps its layout and its selection in
 * localStorage), the viewport of the turn, the app loaded afresh, its errors collected from there.
 * A new page in a new context cost about 3 s of CPU (the context, renderer processes, Playwright's
 * scripts injected again), a navigation in the open tab under 1 s: in a file of thirty pages, the
 * larger part of its CPU.
 */
export class Tab {
  /** The errors the page threw in this turn (`pageerror`). */
  problems: string[] = [];

  private constructor(
    readonly page: Page,
    private readonly cdp: CDPSession,
  ) {
    page.on('pageerror', (e) => this.problems.push(e.message));
  }

  static async open(browser: Browser, options: BrowserContextOptions = {}): Promise<Tab> {
    const page = await browser.newPage(options);
    return new Tab(page, await page.context().newCDPSession(page));
  }

  /** A turn: `url` loaded at this viewport, its origin's storage (local storage, cookies, IndexedDB...) emptied first. */
  async load(url: string, viewport: { width: number; height: number }): Promise<Page> {
    // Off the last turn's document first: its unload runs while its own storage is still there.
    if (this.page.url() !== 'about:blank') await this.page.goto('about:blank');
    this.problems = [];
    await this.page.setViewportSize(viewport);
    await this.cdp.send('Storage.clearDataForOrigin', { origin: new URL(url).origin, storageTypes: 'all' });
    await this.page.goto(url);
    return this.page;
  }

  /** Ends a turn as closing the page would: the page must have thrown nothing; it is left for about:blank. */
  async leave(): Promise<string[]> {
    const problems = this.problems;
    await this.page.goto('about:blank');
    return problems;
  }
}

export class UiProcess {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: Promise<string>;
  stdout = '';
  stderr = '';

  /** `env` adds to the inherited environment (APISCOUT_CONFIG_DIR, APISCOUT_POSTMAN_API_URL, ...). */
  constructor(dir: string, extra: string[] = [], env: Record<string, string> = {}) {
    this.child = spawn(process.execPath, [CLI, 'ui', '--no-open', ...extra, dir], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.url = new Promise((resolve, reject) => {
      this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
        this.stdout += d;
        const m = /http:\/\/127\.0\.0\.1:\d+\/\S+\//.exec(this.stdout);
        if (m) resolve(m[0]);
      });
      this.child.once('exit', (code) => reject(new Error(`apiscout ui exited (${code}) before printing its URL:\n${this.stdout}\n${this.stderr}`)));
    });
  }

  /** A catalog client on the page's WebSocket. */
  async rpc(): Promise<RpcClient> {
    const url = new URL(await this.url);
    const ws = new WebSocket(`ws://${url.host}${url.pathname}rpc`, { origin: url.origin });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const connection = createMessageConnection(new WebSocketMessageReader(ws), new WebSocketMessageWriter(ws));
    connection.listen();
    return new RpcClient(connection, ws);
  }

  /** Stops it as Ctrl+C does. */
  async stop(): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.kill('SIGINT');
    return exited;
  }
}

/**
 * A test file's set-up for pages on copies of a project opened before: a temp folder, one
 * Chromium, and the environment of the `apiscout` processes (a user folder of the file's own; the
 * scan after the retained tree waits for the page however slow the machine, ui.ts). Read the
 * fields inside tests: they are set by the file's `beforeAll`.
 */
export function openedBeforeSuite(name: string): { tmp: string; browser: Browser; env: Record<string, string> } {
  const suite = {} as { tmp: string; browser: Browser; env: Record<string, string> };
  beforeAll(async () => {
    suite.tmp = fs.mkdtempSync(path.join(os.tmpdir(), `apiscout-${name}-`));
    suite.browser = await launchChromium();
    suite.env = { APISCOUT_CONFIG_DIR: path.join(suite.tmp, 'user'), APISCOUT_TREE_GRACE_MS: '600000' };
  });
  afterAll(async () => {
    await releaseChromium(suite.browser);
    if (suite.tmp) fs.rmSync(suite.tmp, { recursive: true, force: true });
  }, 120_000);
  return suite;
}

/**
 * Copies the project at `source` to `dir` and opens it once with `apiscout ui` until its scan is
 * ready, so `dir` has a retained index from a last run (as a project reopened in the explorer).
 */
export async function copyOpenedOnce(source: string, dir: string, env: Record<string, string>): Promise<void> {
  fs.cpSync(source, dir, { recursive: true });
  const first = new UiProcess(dir, [], env);
  try {
    const rpc = await first.rpc();
    const { state } = await rpc.request('project/wait', { project: dir });
    rpc.close();
    if (state !== 'ready') throw new Error(`the first run of ${dir} ended ${state}, not ready`);
  } finally {
    await first.stop();
  }
  if (!fs.existsSync(path.join(dir, '.apiscout', 'index.json'))) throw new Error(`the first run of ${dir} left no retained index`);
}

export class RpcClient {
  constructor(
    readonly connection: MessageConnection,
    private readonly ws: WebSocket,
  ) {}

  request<M extends RequestName>(name: M, params: ParamsOf<M>): Promise<ResultOf<M>> {
    return this.connection.sendRequest(name, params) as Promise<ResultOf<M>>;
  }

  close(): void {
    this.connection.dispose();
    this.ws.close();
  }
}

export function screenshotPath(name: string): string {
  fs.mkdirSync(SHOTS, { recursive: true });
  return path.join(SHOTS, `${name}.png`);
}

/**
 * The response body the viewer holds, whole: CodeMirror lays out only the lines in view, so the
 * DOM's text is a part of it (body-viewer.tsx exposes the document as `bodyText`).
 */
export function bodyText(panel: Locator): Promise<string> {
  return panel.locator('.body-code').evaluate((el) => (el as HTMLElement & { bodyText: string }).bodyText);
}

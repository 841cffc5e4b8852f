// What the layout tests at a tool window's widths share (narrow-rows, narrow-body, row-cuts): a copy of a
// project opened by a real `apiscout ui`, its endpoints read through the catalog, an echo server on
// 127.0.0.1 as the host of the active environment "local" (a Send with nothing typed reaches it), and
// Chromium tabs, one per colour scheme. The fields are set by the file's `beforeAll`: read them in tests.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { launchChromium, poll, releaseChromium, Tab, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

export type Scheme = 'light' | 'dark';

export interface ProjectSuite {
  tmp: string;
  /** The copy the explorer opened. */
  root: string;
  ui: UiProcess;
  rpc: RpcClient;
  server: Running;
  project: string;
  browser: Browser;
  tabs: Record<Scheme, Tab>;
  /** Every endpoint's id by its address ("POST /api/v1/catalog/products"), the first of twins. */
  ids: Map<string, string>;
  /** Every endpoint's id in the order of the tree. */
  all: string[];
  endpointCount: number;
}

export interface ProjectSuiteOptions {
  /** The project to copy: a fixture's folder, or one `files` writes. */
  source?: string;
  /** Files of a small inline project (path → text), written to the copy's folder instead of `source`. */
  files?: Record<string, string>;
  /** What the echo server answers every request with. */
  response?: { contentType: string; body: string };
  schemes?: readonly Scheme[];
}

export function projectSuite(name: string, options: ProjectSuiteOptions): ProjectSuite {
  const suite = { ids: new Map<string, string>(), all: [] as string[], endpointCount: 0 } as ProjectSuite;
  const response = options.response ?? { contentType: 'application/json', body: '{"code":200}' };
  beforeAll(async () => {
    suite.tmp = fs.mkdtempSync(path.join(os.tmpdir(), `apiscout-${name}-`));
    suite.root = path.join(suite.tmp, 'project');
    if (options.source) fs.cpSync(options.source, suite.root, { recursive: true });
    for (const [file, text] of Object.entries(options.files ?? {})) {
      fs.mkdirSync(path.dirname(path.join(suite.root, file)), { recursive: true });
      fs.writeFileSync(path.join(suite.root, file), text);
    }
    suite.server = await httpServer((_req, res) => {
      res.setHeader('content-type', response.contentType);
      res.end(response.body);
    });
    suite.ui = new UiProcess(suite.root, [], { APISCOUT_CONFIG_DIR: path.join(suite.tmp, 'user') });
    suite.rpc = await suite.ui.rpc();
    suite.project = (await suite.rpc.request('project/open', { root: suite.root })).project;
    await suite.rpc.request('project/wait', { project: suite.project });
    for (const m of (await suite.rpc.request('endpoints/tree', { project: suite.project })).modules)
      for (const c of m.classes)
        for (const e of c.endpoints) {
          suite.endpointCount++;
          suite.all.push(e.id);
          if (!suite.ids.has(e.address)) suite.ids.set(e.address, e.id);
        }
    await suite.rpc.request('env/save', { project: suite.project, environment: { name: 'local', variables: [{ key: 'host', value: suite.server.url }] } });
    await suite.rpc.request('env/select', { project: suite.project, name: 'local' });
    suite.browser = await launchChromium();
    suite.tabs = {} as Record<Scheme, Tab>;
    for (const scheme of options.schemes ?? ['light']) {
      suite.tabs[scheme] = await Tab.open(suite.browser, { colorScheme: scheme });
      suite.tabs[scheme].page.setDefaultTimeout(UI_WAIT_MS);
    }
  }, 120_000);
  afterAll(async () => {
    suite.rpc?.close();
    await releaseChromium(suite.browser);
    if (suite.ui) expect(await suite.ui.stop()).toBe(0);
    await suite.server?.close();
    if (suite.tmp) fs.rmSync(suite.tmp, { recursive: true, force: true });
  });
  return suite;
}

/** The explorer loaded afresh in `tab` at this size, its tree counted. */
export async function openExplorer(suite: ProjectSuite, tab: Tab, width: number, height = 800): Promise<Page> {
  const page = await tab.load(await suite.ui.url, { width, height });
  await page.locator('.toolbar .count').filter({ hasText: `${suite.endpointCount} endpoints` }).waitFor();
  return page;
}

/** An endpoint opened as a person does: `query` typed in the search field, Enter once `id` heads the results. */
export async function searchAndOpen(page: Page, query: string, id: string): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(query);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(id);
  await search.press('Enter');
}

// The explorer's first tree on a project opened before: it comes inside the page, from the
// retained index of the last run, before the page asks for anything; when a source changed
// since, the scan that follows replaces it. Both ways the explorer is hosted: `apiscout ui`, and
// the IDE's sidecar (`serve --stdio`) whose UI server the tool window loads, each a real process,
// each page in Debian's Chromium.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PackedFirstTree } from '../../ide-bridge/ui/tree-codec';
import { unpackFirstTree } from '../../ide-bridge/ui/tree-codec';
import { SidecarClient } from '../bridge/sidecar-client';
import { copyOpenedOnce, openedBeforeSuite, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const PRODUCTS = 'catalog/src/main/java/com/acme/shop/catalog/web/ProductController.java';
const OLD_MAPPING = '@GetMapping("/sku/{sku}")';
const NEW_MAPPING = '@GetMapping("/stock-keeping-unit/{sku}")';

const suite = openedBeforeSuite('first-tree');

/** A copy of the shop with a retained index from a first run, then a mapping changed behind its back. */
async function shopScannedThenEdited(name: string): Promise<string> {
  const dir = path.join(suite.tmp, name);
  await copyOpenedOnce(SHOP, dir, suite.env);
  const file = path.join(dir, PRODUCTS);
  const source = fs.readFileSync(file, 'utf8');
  expect(source).toContain(OLD_MAPPING);
  fs.writeFileSync(file, source.replace(OLD_MAPPING, NEW_MAPPING));
  return dir;
}

/** A page that records every set of endpoint paths its tree ever shows, in order. */
async function recordingPage(): Promise<Page> {
  // Tall enough for every row of the shop: the tree renders only the rows in view.
  const page = await suite.browser.newPage({ viewport: { width: 1400, height: 2400 } });
  page.setDefaultTimeout(60_000);
  await page.addInitScript(() => {
    const shown: string[][] = ((window as unknown as { treesShown: string[][] }).treesShown = []);
    new MutationObserver(() => {
      const paths = [...document.querySelectorAll('#tree .row.kind-endpoint .path')].map((e) => e.textContent ?? '');
      if (paths.length && paths.join('\n') !== shown.at(-1)?.join('\n')) shown.push(paths);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return page;
}

const treesShown = (page: Page) => page.evaluate(() => (window as unknown as { treesShown: string[][] }).treesShown);
const hasPath = (paths: string[], end: string) => paths.some((p) => p.endsWith(end));
/** The first set of rows shown with the old or the new path of the edited mapping. */
const firstWithSku = (shown: string[][]): string[] => shown.find((paths) => hasPath(paths, '/sku/{sku}') || hasPath(paths, '/stock-keeping-unit/{sku}')) ?? [];

/** The page shows the stale tree first, straight from its HTML, then the scanned one. */
async function expectStaleThenUpdated(page: Page): Promise<void> {
  // Updated: the new path in the tree and the old one gone.
  await expect
    .poll(async () => {
      const last = (await treesShown(page)).at(-1) ?? [];
      return hasPath(last, '/stock-keeping-unit/{sku}') && !hasPath(last, '/sku/{sku}');
    }, { timeout: 120_000, interval: 100 })
    .toBe(true);
  const shown = await treesShown(page);
  // Stale first: the retained index's tree, as the page came with it (its first screen's rows, in
  // the HTML, may end above the changed one: the first rows shown that hold either path).
  const first = firstWithSku(shown);
  expect(hasPath(first, '/sku/{sku}')).toBe(true);
  expect(hasPath(first, '/stock-keeping-unit/{sku}')).toBe(false);
  const inPage = unpackFirstTree(await page.locator('#first-tree').evaluate((el) => JSON.parse(el.textContent ?? '') as PackedFirstTree));
  expect(inPage.status).toMatchObject({ fromRetainedIndex: true, state: 'scanning' });
  const pathsInPage = inPage.modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints.map((e) => e.path)));
  // The rows first drawn (as many as the list first lays out) are the page's own tree's.
  expect(shown[0]!.every((p) => pathsInPage.includes(p))).toBe(true);
  expect(pathsInPage.some((p) => p.endsWith('/sku/{sku}'))).toBe(true);
  await page.locator('.toolbar .count').filter({ hasText: `${pathsInPage.length} endpoints` }).waitFor();
  await page.locator('.scan-progress').waitFor({ state: 'detached' });
}

describe('first tree from the retained index', { timeout: 300_000 }, () => {
  it('apiscout ui: the page comes with the last run\'s tree, then shows the changed source\'s', async () => {
    const dir = await shopScannedThenEdited('ui');
    const ui = new UiProcess(dir, [], suite.env);
    const page = await recordingPage();
    try {
      await page.goto(await ui.url);
      await expectStaleThenUpdated(page);
      // The rewritten retained index holds the new tree for the next start.
      const rpc = await ui.rpc();
      await rpc.request('project/wait', { project: dir });
      rpc.close();
    } finally {
      await page.close();
      expect(await ui.stop()).toBe(0);
    }
    const next = new UiProcess(dir, [], suite.env);
    const again = await recordingPage();
    try {
      await again.goto(await next.url);
      await again.locator('#tree .row.kind-endpoint').first().waitFor();
      const first = firstWithSku(await treesShown(again));
      expect(hasPath(first, '/stock-keeping-unit/{sku}')).toBe(true);
      expect(hasPath(first, '/sku/{sku}')).toBe(false);
    } finally {
      await again.close();
      await next.stop();
    }
  });

  it('the IDE\'s sidecar: the gutter and the tool window\'s page get the retained endpoints, then the scanned ones', async () => {
    const dir = await shopScannedThenEdited('sidecar');
    const sidecar = new SidecarClient(['serve', '--stdio'], { ...process.env, ...suite.env });
    const page = await recordingPage();
    try {
      const { uiUrl } = await sidecar.request('hello', {});
      const opened = await sidecar.request('project/open', { root: dir });
      expect(opened).toMatchObject({ fromRetainedIndex: true, state: 'scanning' });
      // What the IDE's gutter reads at once (no wait): the retained index's endpoints of the file.
      const marks = (await sidecar.request('endpoints/inFile', { project: dir, file: PRODUCTS })).marks.map((m) => m.path);
      expect(hasPath(marks, '/sku/{sku}')).toBe(true);
      expect(hasPath(marks, '/stock-keeping-unit/{sku}')).toBe(false);
      // The tool window loads the UI server's page while the sidecar has only the retained tree to give.
      await page.goto(uiUrl!);
      await expectStaleThenUpdated(page);
      const changed = await sidecar.waitFor('index/changed', (c) => c.project === dir, 120_000);
      expect(changed.added.some((id) => id.includes('/stock-keeping-unit/{sku}'))).toBe(true);
      expect(changed.removed.some((id) => id.endsWith('/sku/{sku}'))).toBe(true);
      const after = (await sidecar.request('endpoints/tree', { project: dir })).modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints.map((e) => e.path)));
      expect(hasPath(after, '/stock-keeping-unit/{sku}')).toBe(true);
      expect(hasPath(after, '/sku/{sku}')).toBe(false);
    } finally {
      await page.close();
      expect(await sidecar.close()).toBe(0);
    }
  });
});

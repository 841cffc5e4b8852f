// `apiscout ui` on a project never opened (no retained index, no scan cache): the scan's first
// answer is the endpoints without their models, and the page comes with that tree drawn in it;
// the models follow on the same scan. A request for an endpoint's models sent before they exist
// waits for them; selecting an endpoint shows its whole request model; search and Refresh work.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PackedFirstTree } from '../../ide-bridge/ui/tree-codec';
import { unpackFirstTree } from '../../ide-bridge/ui/tree-codec';
import { chunkWith, moduleLog, openedBeforeSuite, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const MODELS = JSON.parse(fs.readFileSync(path.join(SHOP, 'expected-models.json'), 'utf8')) as Record<string, { request: { body: { example: unknown } } }>;
const CREATE = 'POST /api/v1/catalog/categories com.acme.shop.catalog.web.CategoryController#create';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 120_000, interval: 100 });

// The suite's environment makes the scan wait for the tree to be asked for however slow the
// machine (its grace: 600 s); the cold page waits as long for the first answer.
const suite = openedBeforeSuite('cold-tree');

const firstTreeOf = (html: string): PackedFirstTree => JSON.parse(/<script type="application\/json" id="first-tree">(.*?)<\/script>/s.exec(html)![1]!) as PackedFirstTree;

describe('apiscout ui, cold start', { timeout: 300_000 }, () => {
  it('serves the tree before the models exist; a request for models waits for them; the page selects, searches and refreshes', async () => {
    const dir = path.join(suite.tmp, 'shop');
    fs.cpSync(SHOP, dir, { recursive: true });
    expect(fs.existsSync(path.join(dir, '.apiscout'))).toBe(false);
    const { env, loaded } = moduleLog(path.join(suite.tmp, 'cold-modules.log'));
    const ui = new UiProcess(dir, [], { ...suite.env, ...env, APISCOUT_COLD_HOLD_MS: '600000' });
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 2400 } });
    page.setDefaultTimeout(60_000);
    try {
      // The page (no script run: nobody asks for the tree again) comes with the whole tree in it.
      const res = await fetch(await ui.url);
      expect(res.status).toBe(200);
      const first = unpackFirstTree(firstTreeOf(await res.text()));
      const paths = first.modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints.map((e) => `${e.method} ${e.path}`)));
      const expected = Object.keys(MODELS).map((k) => k.split(' ').slice(0, 2).join(' '));
      expect(first.status).toMatchObject({ project: dir, state: 'scanning', fromRetainedIndex: false, endpointCount: expected.length });
      expect(paths.sort()).toEqual([...expected].sort());
      // That tree came from the scanner alone: the hub (handlers, ajv, JSON-RPC) is loaded only
      // once a page connects, and takes the session that scanned (one project, not a second scan).
      const hub = chunkWith('class BridgeHub ');
      expect(loaded()).toContain(chunkWith('class ProjectScanner '));
      expect(loaded()).not.toContain(hub);

      // The models do not exist yet: the scan is still on (waiting for that tree to be asked for).
      const rpc = await ui.rpc();
      expect(await rpc.request('project/status', { project: dir })).toMatchObject({ state: 'scanning', endpointCount: expected.length, fromRetainedIndex: false });
      expect(loaded()).toContain(hub);
      expect((await rpc.request('project/list', {})).projects.map((p) => p.project)).toEqual([dir]);
      // A request for an endpoint's models now waits for them rather than failing or answering without.
      const id = (await rpc.request('endpoints/search', { project: dir, query: 'POST /api/v1/catalog/categories', limit: 1 })).results[0]!.endpoint.id;
      const got = await rpc.request('endpoints/get', { project: dir, id });
      expect(got.endpoint.request?.body?.example).toEqual(MODELS[CREATE]!.request.body.example);
      expect((await rpc.request('project/status', { project: dir })).state).toBe('ready');
      rpc.close();

      // The page: the tree, an endpoint's whole request model, search, Refresh.
      await page.goto(await ui.url);
      await page.locator('#tree .row.kind-endpoint').first().waitFor();
      await page.getByLabel('Search endpoints').fill('POST /api/v1/catalog/categories');
      await page.locator('#results .row').first().click();
      const editor = page.locator('.request-editor');
      await poll(async () => JSON.parse((await editor.locator('.cm-content').innerText()) || 'null')).toEqual(MODELS[CREATE]!.request.body.example);
      await page.getByLabel('Search endpoints').fill('');
      const refresh = page.getByRole('button', { name: 'Refresh' });
      await refresh.click();
      await poll(async () => (await page.locator('.scan-progress').count()) === 0 && (await refresh.isEnabled())).toBe(true);
      await page.locator('.toolbar .count').filter({ hasText: `${expected.length} endpoints` }).waitFor();
      await poll(() => page.locator('#tree .row.kind-endpoint').count()).toBe(expected.length);
    } finally {
      await page.close();
      expect(await ui.stop()).toBe(0);
    }
  });

  it('a cold page asked for before the scan answers still gets its tree once it can (the app asks over its socket)', async () => {
    const dir = path.join(suite.tmp, 'shop-short-hold');
    fs.cpSync(SHOP, dir, { recursive: true });
    // A hold shorter than any scan: the page comes without a tree and the app asks for it.
    const ui = new UiProcess(dir, [], { ...suite.env, APISCOUT_COLD_HOLD_MS: '1' });
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 2400 } });
    page.setDefaultTimeout(60_000);
    try {
      await page.goto(await ui.url);
      await page.locator('.toolbar .count').filter({ hasText: `${Object.keys(MODELS).length} endpoints` }).waitFor({ timeout: 120_000 });
      await poll(() => page.locator('#tree .row.kind-endpoint').count()).toBe(Object.keys(MODELS).length);
      await page.locator('.scan-progress').waitFor({ state: 'detached', timeout: 120_000 });
    } finally {
      await page.close();
      expect(await ui.stop()).toBe(0);
    }
  });
});

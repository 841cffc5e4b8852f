// `apiscout ui` on a project opened before: the first page comes from the retained index before
// the sidecar's hub (handlers, scanner) is loaded at all, and a page that shows the current tree
// is not sent it again over its WebSocket.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { PackedFirstTree } from '../../ide-bridge/ui/tree-codec';
import { chunkWith, copyOpenedOnce, moduleLog, openedBeforeSuite, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const PRODUCTS = 'catalog/src/main/java/com/acme/shop/catalog/web/ProductController.java';
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 120_000, interval: 100 });

const suite = openedBeforeSuite('first-page');

/** A copy of the shop that was opened once: its retained index written. */
async function shopOpenedBefore(name: string): Promise<string> {
  const dir = path.join(suite.tmp, name);
  await copyOpenedOnce(SHOP, dir, suite.env);
  return dir;
}

const firstTreeOf = (html: string): PackedFirstTree => JSON.parse(/<script type="application\/json" id="first-tree">(.*?)<\/script>/s.exec(html)![1]!) as PackedFirstTree;

describe('apiscout ui, first page', { timeout: 300_000 }, () => {
  it('serves the retained tree before loading the hub and the scanner, which come once the page connects', async () => {
    const dir = await shopOpenedBefore('lazy');
    const { env, loaded } = moduleLog(path.join(suite.tmp, 'modules.log'));
    const ui = new UiProcess(dir, [], { ...suite.env, ...env });
    try {
      const url = await ui.url;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const tree = firstTreeOf(await res.text());
      expect(tree.status).toMatchObject({ project: dir, state: 'scanning', fromRetainedIndex: true });
      expect(tree.status.endpointCount).toBeGreaterThan(10);
      expect(tree.version).toMatch(/^[\w-]{16}$/);
      const scanner = chunkWith('class ProjectScanner ');
      const hub = chunkWith('class BridgeHub ');
      // The hook saw the process load its modules (the CLI's entry, the ui command's own)...
      expect(loaded()).toContain('apiscout.mjs');
      expect(loaded()).toContain(chunkWith('async function uiCommand('));
      // ...but not, by the time the page was served, the hub or the scanner.
      expect(loaded()).not.toContain(hub);
      expect(loaded()).not.toContain(scanner);

      // The page's script connects: the hub comes, with the project and its scan.
      const rpc = await ui.rpc();
      expect((await rpc.request('project/list', {})).projects.map((p) => p.project)).toEqual([dir]);
      expect(loaded()).toContain(hub);
      // The tree the page came with is the current one: not sent again; asked with no version, it is.
      expect(await rpc.request('endpoints/treeIfChanged', { project: dir, since: tree.version! })).toEqual({ modules: [], version: tree.version, unchanged: true });
      const whole = await rpc.request('endpoints/treeIfChanged', { project: dir, since: '' });
      expect(whole).toMatchObject({ version: tree.version, unchanged: false });
      expect(whole.modules).toEqual((await rpc.request('endpoints/tree', { project: dir })).modules);
      expect((await rpc.request('project/wait', { project: dir })).state).toBe('ready');
      expect(loaded()).toContain(scanner);
      rpc.close();
    } finally {
      expect(await ui.stop()).toBe(0);
    }
  });

  it('a page load sends the tree it shows back: unchanged, it does not come again; changed, it does', async () => {
    const dir = await shopOpenedBefore('unchanged');
    const ui = new UiProcess(dir, [], suite.env);
    const page = await suite.browser.newPage({ viewport: { width: 1400, height: 2400 } });
    page.setDefaultTimeout(60_000);
    /** Every answer to endpoints/treeIfChanged the page received, parsed. */
    const answers: { unchanged: boolean; modules: unknown[] }[] = [];
    page.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const m = JSON.parse(String(payload)) as { result?: { unchanged?: boolean; modules?: unknown[] } };
        if (typeof m.result?.unchanged === 'boolean') answers.push(m.result as { unchanged: boolean; modules: unknown[] });
      }),
    );
    try {
      // Started from the retained index; the scan finds the same endpoints: the tree stays as it came.
      await page.goto(await ui.url);
      await page.locator('.scan-progress').waitFor({ state: 'detached', timeout: 120_000 });
      const rpc = await ui.rpc();
      expect((await rpc.request('project/wait', { project: dir })).state).toBe('ready');
      await poll(() => answers.length).toBeGreaterThanOrEqual(2); // the page's own request, and the one after the scan's index/changed
      expect(answers.every((a) => a.unchanged && a.modules.length === 0)).toBe(true);

      // A new page on the running sidecar: the same.
      answers.length = 0;
      await page.reload();
      await page.locator('#tree .row.kind-endpoint').first().waitFor();
      await poll(() => answers.length).toBe(1);
      expect(answers[0]).toMatchObject({ unchanged: true, modules: [] });

      // A source changes: the new tree comes, whole, and the page shows it.
      const file = path.join(dir, PRODUCTS);
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('@GetMapping("/sku/{sku}")', '@GetMapping("/stock-keeping-unit/{sku}")'));
      await rpc.request('files/changed', { project: dir, changes: [{ path: PRODUCTS, kind: 'changed' }] });
      await poll(() => answers.some((a) => !a.unchanged && a.modules.length > 0)).toBe(true);
      await page.locator('#tree .row.kind-endpoint .path', { hasText: '/stock-keeping-unit/{sku}' }).waitFor();
      rpc.close();
    } finally {
      await page.close();
      expect(await ui.stop()).toBe(0);
    }
  });
});

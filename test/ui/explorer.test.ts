// The API Explorer in Debian's Chromium against the real `apiscout ui` process on a copy of the
// sample shop: the tree and its colours, search with highlights, the request editor filled from
// the core's draft with the model's hints, the JSON body's validation, keyboard navigation, the source view, errors
// where they happen, a 20,000-endpoint tree with scan progress, and the browser's own security
// refusals. Screenshots of the main views go to test-results/ui/.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { buildTree } from '../../core/model/tree';
import { generateEndpoints } from '../../bench/gen-endpoints.mjs';
import { CLI, launchChromium, poll, releaseChromium, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const ADD_ITEM = 'POST /api/v1/carts/{cartId}/items';

let tmp: string;
let browser: Browser;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-ui-'));
  browser = await launchChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
  // Fail with playwright's message (which element, which state) before the test's own timeout.
  page.setDefaultTimeout(UI_WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('explorer on the sample shop', () => {
  let shop: string;
  let ui: UiProcess;
  let page: Page;
  let expected: ScanResult;
  const byAddress = (a: string): Endpoint => expected.endpoints.find((e) => e.address === a)!;

  beforeAll(async () => {
    shop = path.join(tmp, 'shop');
    fs.cpSync(SHOP, shop, { recursive: true });
    expected = JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', shop], { encoding: 'utf8' }));
    ui = new UiProcess(shop);
    page = await newPage();
    await page.goto(await ui.url);
    await page.locator('.toolbar .count').filter({ hasText: `${expected.endpoints.length} endpoints` }).waitFor();
  }, 60_000); // a scan, a process start and a page load: seconds when the machine is busy

  afterAll(async () => {
    await page?.close();
    expect(await ui.stop()).toBe(0);
  });

  it('prints its URL: loopback, a random port, a long token', async () => {
    expect(await ui.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}\/$/);
    expect(ui.stdout).toContain(`API Explorer for ${shop}`);
  });

  it('shows the tree by module and class, each method in its colour', async () => {
    const tree = buildTree(expected.endpoints);
    const modules = await page.locator('.row.kind-module .module-name').allTextContents();
    expect(modules).toEqual(tree.map((m) => m.module));
    const firstClass = tree[0]!.classes[0]!;
    const rows = page.locator('.row.kind-class .class-name');
    expect(await rows.first().textContent()).toBe(firstClass.simpleName);
    expect(await rows.first().getAttribute('title')).toBe(firstClass.className);
    const colours: Record<string, string> = { GET: '#1361d9', POST: '#187733', PUT: '#9b5609', DELETE: '#c8212d', PATCH: '#09717f' };
    for (const [method, hex] of Object.entries(colours)) {
      const e = expected.endpoints.find((x) => x.method === method)!;
      const badge = await revealRow(page, e.id);
      expect(await badge.locator('.method').textContent()).toBe(method);
      expect(await badge.locator('.method').evaluate((el) => getComputedStyle(el).color), method).toBe(rgb(hex));
    }
    await page.locator('#tree').evaluate((el) => (el.scrollTop = 0));
    await page.screenshot({ path: screenshotPath('tree') });
  });

  it('collapses and expands everything from the toolbar', async () => {
    await page.getByRole('button', { name: 'Collapse All' }).click();
    await poll(() => page.locator('.row').count()).toBe(3);
    expect(await page.locator('.row.kind-endpoint').count()).toBe(0);
    await page.getByRole('button', { name: 'Expand All' }).click();
    await poll(() => page.locator('.row.kind-endpoint').count()).toBeGreaterThan(10);
  });

  it('searches, highlights matches, and opens a hit from the keyboard', async () => {
    const search = page.getByLabel('Search endpoints');
    await search.fill('DELETE /api/v1/carts/c1/items/sku-9');
    const first = page.locator('#results .row').first();
    await poll(() => first.locator('.path').textContent()).toBe('/api/v1/carts/{cartId}/items/{sku}');
    // A hit's path and name may be cut in a narrow window: their tooltips hold the whole text.
    expect(await first.locator('.path').getAttribute('title')).toBe('/api/v1/carts/{cartId}/items/{sku}');
    expect(await first.locator('.name').getAttribute('title')).toBe(await first.locator('.name').textContent());
    expect(await first.locator('.method').textContent()).toBe('DELETE');
    // What the page should list for 'cart', asked of the sidecar: the count tells these results from
    // the last query's, which stay on screen until the new ones arrive.
    const rpc = await ui.rpc();
    const project = (await rpc.request('project/list', {})).projects[0]!.project;
    const cart = await rpc.request('endpoints/search', { project, query: 'cart', limit: 500 });
    rpc.close();
    await search.fill('cart');
    await poll(() => page.locator('.result-count').textContent()).toBe(`${cart.results.length} ${cart.results.length === 1 ? 'match' : 'matches'} of ${expected.endpoints.length} endpoints`);
    expect(await page.locator('#results .row').first().getAttribute('data-key')).toBe(cart.results[0]!.endpoint.id);
    const marks = await page.locator('#results .row').first().locator('mark').allTextContents();
    expect(marks.join('').toLowerCase()).toContain('cart');
    await page.screenshot({ path: screenshotPath('search') });
    // Down from the field into the list, down once more, Enter opens that hit.
    await search.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = await page.locator('#results .row.active').getAttribute('data-key');
    await page.keyboard.press('Enter');
    const want = expected.endpoints.find((e) => e.id === second)!;
    await poll(() => page.locator('.request-editor input.path-field').inputValue()).toBe(want.path);
    // Up from the first row returns to the field; Escape clears it and the tree is back.
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search endpoints');
    await page.keyboard.press('Escape');
    await page.locator('#tree').waitFor();
  });

  it('searches in a page Worker with the core\'s matcher: the rows are the sidecar\'s endpoints/search, with no search sent to it; without the worker, the sidecar answers the same', async () => {
    const withFolder = expected.endpoints.find((e) => e.folder && e.folder !== e.className)!;
    const described = expected.endpoints.find((e) => e.description && /[a-z]{5,}/i.test(e.description))!;
    const queries = [
      'cart',
      'crt items', // a subsequence
      'DELETE /api/v1/carts/c1/items/sku-9',
      'get', // a verb
      'o', // one letter: more than the rows in view
      withFolder.className.slice(withFolder.className.lastIndexOf('.') + 1),
      withFolder.folder,
      /[a-z]{5,}/i.exec(described.description!)![0]!,
      'http://localhost:8080/api/v1/orders/42', // a pasted URL
      'no such thing anywhere',
    ];
    const rpc = await ui.rpc();
    const project = (await rpc.request('project/list', {})).projects[0]!.project;
    const want = new Map<string, { ids: string[]; count: string; marks: string[] }>();
    for (const q of queries) {
      const r = await rpc.request('endpoints/search', { project, query: q, limit: 500 });
      const n = r.results.length;
      const count = n >= 500 ? `500+ matches of ${r.total} endpoints` : `${n} ${n === 1 ? 'match' : 'matches'} of ${r.total} endpoints`;
      want.set(q, { ids: r.results.map((x) => x.endpoint.id), count, marks: [] });
    }
    rpc.close();
    for (const worker of [true, false]) {
      const p = await newPage();
      const sent: string[] = [];
      p.on('websocket', (ws) => ws.on('framesent', (f) => sent.push(String(f.payload))));
      // Without the worker's script the page falls back to the sidecar.
      if (!worker) await p.route(/search-worker\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
      await p.goto(await ui.url);
      await p.locator('.toolbar .count').filter({ hasText: `${expected.endpoints.length} endpoints` }).waitFor();
      const search = p.getByLabel('Search endpoints');
      for (const q of queries) {
        await search.fill(q);
        await poll(() => p.locator('.result-count').textContent()).toBe(want.get(q)!.count);
        const rows = await p.locator('#results .row').evaluateAll((els) => els.map((el) => el.getAttribute('data-key')!));
        // The rows in view (the list is virtualised) are the first of the sidecar's, in its order.
        const ids = want.get(q)!.ids;
        if (ids.length <= 20) expect(rows.length, q).toBe(ids.length);
        else expect(rows.length, q).toBeGreaterThanOrEqual(20);
        expect(rows, q).toEqual(ids.slice(0, rows.length));
        // The matched characters are marked, as the sidecar's ranges say.
        if (q === 'cart') expect((await p.locator('#results .row').first().locator('mark').allTextContents()).join('').toLowerCase()).toContain('cart');
        await search.fill('');
        await p.locator('#tree').waitFor();
      }
      const searches = sent.filter((m) => m.includes('"endpoints/search"'));
      if (worker) expect(searches).toEqual([]);
      else expect(searches.length).toBeGreaterThanOrEqual(queries.length);
      expect((p as Page & { problems: string[] }).problems).toEqual([]);
      await p.close();
    }
  }, 120_000);

  it('fills the request editor from the core\'s draft with the model\'s hints, validates the JSON body, and resets', async () => {
    const e = byAddress(ADD_ITEM);
    const rpc = await ui.rpc();
    const project = (await rpc.request('project/list', {})).projects[0]!.project;
    const state = await rpc.request('request/get', { project, id: e.id });
    rpc.close();
    if ('protocol' in state.draft) throw new Error('an HTTP endpoint got a gRPC draft');
    const draft = state.draft;
    await (await revealRow(page, e.id)).click();
    const editor = page.locator('.request-editor');
    await poll(() => editor.locator('input.path-field').inputValue()).toBe(draft.path);
    expect(draft.path.endsWith(e.path)).toBe(true);
    expect(await editor.locator('.method-field').textContent()).toBe('POST');
    expect(await editor.locator('input.host').inputValue()).toBe(draft.host);
    // The body is the model's example, highlighted as JSON.
    expect(await editor.getByRole('tab', { name: 'Body' }).getAttribute('aria-selected')).toBe('true');
    const text = await editor.locator('.cm-content').innerText();
    expect(JSON.parse(text)).toEqual(e.request!.body!.example);
    // Highlighting comes from the parser a moment after the text: wait for it (a busy machine is later).
    await poll(() => editor.locator('.cm-content span').count()).toBeGreaterThan(2);
    expect(await editor.locator('.body-status').textContent()).toContain('Valid JSON');
    await page.screenshot({ path: screenshotPath('request-editor') });

    // Path tab: the draft's path parameters, each with the model's type and description beside it.
    await editor.getByRole('tab', { name: /^Path/ }).click();
    expect(await editor.locator('.param-table .param-name').allTextContents()).toEqual(draft.pathParams.map((p) => p.name));
    const cartId = e.request!.params.find((p) => p.in === 'path')!;
    const row = editor.locator('.param-table tbody tr').first();
    expect(await row.locator('.type').textContent()).toBe(cartId.schema.format ? `${cartId.schema.type} (${cartId.schema.format})` : String(cartId.schema.type));
    expect(await row.locator('.doc').textContent()).toBe(cartId.description);
    expect(await row.locator('.required').count()).toBe(cartId.required ? 1 : 0);
    // Headers and Params: the draft's rows.
    await editor.getByRole('tab', { name: /^Headers/ }).click();
    const headers = await editor.locator('.param-table input.param-name').evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
    expect(headers).toEqual(draft.headers.map((h) => h.name));
    await editor.getByRole('tab', { name: /^Params/ }).click();
    expect(await editor.locator('.param-table tbody tr').count()).toBe(draft.query.length + draft.cookies.length);

    // Broken JSON: the linter marks it and the status says where.
    await editor.getByRole('tab', { name: 'Body' }).click();
    const cm = editor.locator('.cm-content');
    await cm.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"sku" "A-1", "quantity": 2}');
    await poll(() => editor.locator('.body-status').textContent()).toMatch(/^Invalid JSON: .*line 1/);
    await editor.locator('.cm-lint-marker-error').first().waitFor();
    await page.screenshot({ path: screenshotPath('request-editor-invalid-json') });
    // Valid JSON of the wrong shape: the schema check names the field.
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('{"sku": 7, "quantity": 2}');
    await poll(() => editor.locator('.body-status').textContent()).toContain('sku');
    expect(await editor.locator('.body-status').textContent()).toMatch(/a?n integer where string/);

    // Edits survive a visit to another endpoint; Reset brings the source's values back.
    await editor.locator('input.host').fill('http://127.0.0.1:9999');
    const other = expected.endpoints.find((x) => x.method === 'GET')!;
    await (await revealRow(page, other.id)).click();
    await poll(() => editor.locator('input.path-field').inputValue()).toContain(other.path);
    await (await revealRow(page, e.id)).click();
    await poll(() => editor.locator('input.host').inputValue()).toBe('http://127.0.0.1:9999');
    expect(JSON.parse(await editor.locator('.cm-content').innerText())).toEqual({ sku: 7, quantity: 2 });
    await editor.getByRole('button', { name: 'Reset' }).click();
    await poll(async () => JSON.parse(await editor.locator('.cm-content').innerText())).toEqual(e.request!.body!.example);
    expect(await editor.locator('input.host').inputValue()).toBe(draft.host);
    expect(await page.locator('.response-panel').textContent()).toContain('No response yet');
  });

  it('follows a module\'s new context path (application.properties edited, the IDE reports it) in the request shown', async () => {
    const e = expected.endpoints.find((x) => x.module === 'catalog' && x.method === 'GET' && !x.path.startsWith('/ops'))!;
    await (await revealRow(page, e.id)).click();
    const pathField = page.locator('.request-editor input.path-field');
    await poll(() => pathField.inputValue()).toBe(e.path);
    const props = 'catalog/src/main/resources/application.properties';
    const file = path.join(shop, props);
    const original = fs.readFileSync(file, 'utf8');
    const rpc = await ui.rpc();
    const project = (await rpc.request('project/list', {})).projects[0]!.project;
    const edit = async (text: string) => {
      fs.writeFileSync(file, text);
      await rpc.request('files/changed', { project, changes: [{ path: props, kind: 'changed' }] });
    };
    try {
      await edit(`${original}server.servlet.context-path=/store\n`);
      await poll(() => pathField.inputValue()).toBe(`/store${e.path}`);
      await edit(original);
      await poll(() => pathField.inputValue()).toBe(e.path);
    } finally {
      fs.writeFileSync(file, original);
      rpc.close();
    }
  });

  it('walks the tree with the keyboard', async () => {
    const tree = buildTree(expected.endpoints);
    await page.locator('#tree').evaluate((el) => (el.scrollTop = 0));
    // The list renders the rows of its new scroll position on the scroll event, a moment later:
    // until then `.kind-module` could be another module's row of the old window. Row 0 is the first module.
    const firstModule = page.locator('#tree-row-0');
    await poll(() => firstModule.getAttribute('class')).toMatch(/\bkind-module\b/);
    // Make the first module the active row, open. Each step waits for the row to show its state:
    // a loaded machine renders later than it clicks.
    const before = await firstModule.getAttribute('aria-expanded');
    await firstModule.click(); // a click toggles
    await poll(() => firstModule.getAttribute('aria-expanded')).toBe(before === 'true' ? 'false' : 'true');
    if (before === 'true') {
      await firstModule.click();
      await poll(() => firstModule.getAttribute('aria-expanded')).toBe('true');
    }
    const active = () => page.locator('#tree .row.active').getAttribute('data-key');
    await poll(active).toBe(`m:${tree[0]!.module}`);
    await page.keyboard.press('ArrowDown');
    await poll(active).toBe(`c:${tree[0]!.module}:${tree[0]!.classes[0]!.className}`);
    await page.keyboard.press('ArrowLeft'); // closes the class
    await poll(() => page.locator('#tree .row.active').getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowRight'); // opens it
    await poll(() => page.locator('#tree .row.active').getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowRight'); // steps onto its first endpoint
    const firstEndpoint = tree[0]!.classes[0]!.endpoints[0]!;
    await poll(active).toBe(firstEndpoint.id);
    await page.keyboard.press('Enter');
    await poll(() => page.locator('.request-editor input.path-field').inputValue()).toBe(firstEndpoint.path);
    await page.keyboard.press('ArrowLeft'); // endpoint -> its class
    await poll(active).toBe(`c:${tree[0]!.module}:${tree[0]!.classes[0]!.className}`);
    await page.keyboard.press('End');
    const last = tree.at(-1)!.classes.at(-1)!.endpoints.at(-1)!;
    await poll(active).toBe(last.id);
    await page.keyboard.press('Home');
    await poll(active).toBe(`m:${tree[0]!.module}`);
  });

  it('navigates to the source on double-click and on F4, at the method line', async () => {
    const e = byAddress(ADD_ITEM);
    await (await revealRow(page, e.id)).dblclick();
    const view = page.getByRole('dialog');
    await view.locator('.cm-target-line').waitFor();
    expect(await view.locator('.file').textContent()).toBe(`${e.source.file}:${e.source.line}`);
    expect(await view.locator('.cm-target-line').textContent()).toContain(e.source.member);
    await page.screenshot({ path: screenshotPath('source-view') });
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
    // F4 on the active tree row does the same.
    await page.locator('#tree').focus();
    await page.keyboard.press('F4');
    await page.getByRole('dialog').locator('.cm-target-line').waitFor();
    await page.keyboard.press('Escape');
  });

  it('shows errors where they happen: a source file gone from disk', async () => {
    const e = expected.endpoints.find((x) => x.source.file.endsWith('ReservationResource.java')) ?? expected.endpoints.at(-1)!;
    fs.rmSync(path.join(shop, e.source.file));
    await (await revealRow(page, e.id)).dblclick();
    const alert = page.getByRole('dialog').getByRole('alert');
    await poll(() => alert.textContent()).toContain('no such file');
    expect(await alert.textContent()).toContain(e.source.file);
    await page.keyboard.press('Escape');
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
  });

  it('says so when the server is gone', async () => {
    expect(await ui.stop()).toBe(0);
    await poll(() => page.locator('.banner').textContent()).toContain('Disconnected');
  });
});

describe('explorer at scale', () => {
  let dir: string;
  let ui: UiProcess;
  let page: Page;

  beforeAll(() => {
    dir = path.join(tmp, 'scale');
    expect(generateEndpoints(dir, { endpoints: 20_000, perClass: 100, modules: 8 }).endpoints).toBe(20_000);
  });

  afterAll(async () => {
    await page?.close();
    await ui?.stop();
  });

  it('shows scan progress, then 20,000 endpoints in a tree that renders only what is in view', async () => {
    ui = new UiProcess(dir);
    page = await newPage();
    // Every text the progress line ever shows, recorded by the page itself.
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { progressSeen: string[] }).progressSeen = []);
      new MutationObserver(() => {
        const label = document.querySelector('.scan-progress .label')?.textContent;
        if (label && seen.at(-1) !== label) seen.push(label);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto(await ui.url);
    // The first scan may be over before the page loads, or not: wait for its end either way.
    await page.locator('.toolbar .count').filter({ hasText: '20,000 endpoints' }).waitFor({ timeout: 300_000 });
    await page.locator('.scan-progress').waitFor({ state: 'detached', timeout: 300_000 });
    // A Refresh scans again with the page listening from its start: the scanner reports every
    // so many files (a count, not a clock), so the page shows each phase's progress.
    await page.evaluate(() => ((window as unknown as { progressSeen: string[] }).progressSeen.length = 0));
    // Over once the progress line has shown something, and is gone again with the button enabled
    // (it is disabled from the click until the refresh has ended).
    const refresh = page.getByRole('button', { name: 'Refresh' });
    await refresh.click();
    const over = async () =>
      (await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen.length)) > 0 && (await page.locator('.scan-progress').count()) === 0 && (await refresh.isEnabled());
    await expect.poll(over, { timeout: 300_000, interval: 100 }).toBe(true);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.some((s) => /^(Reading files|Parsing|Finding endpoints) [\d,]+ \/ [\d,]+/.test(s)), seen.join(' | ')).toBe(true);
    expect(await page.locator('.toolbar .count').textContent()).toContain('20,000 endpoints');
    // 20,000 endpoints, 200 classes and 8 modules are rows; the DOM holds a screenful.
    const height = await page.locator('#tree .vspace').evaluate((el) => el.clientHeight);
    expect(height).toBe((20_000 + 200 + 8) * 24);
    expect(await page.locator('#tree .row').count()).toBeLessThan(80);
    await page.screenshot({ path: screenshotPath('tree-20000') });
  }, 900_000); // two scans of 20,000 endpoints: minutes on a loaded machine; a guard against a hang

  it('scrolls to the end and back, keyboard and wheel, and searches the 20,000', async () => {
    const rpc = await ui.rpc();
    let last: string;
    try {
      const project = (await rpc.request('project/list', {})).projects[0]!.project;
      const { modules } = await rpc.request('endpoints/tree', { project });
      last = modules.at(-1)!.classes.at(-1)!.endpoints.at(-1)!.id;
    } finally {
      rpc.close();
    }
    await page.locator('#tree .row').first().click();
    await page.keyboard.press('End');
    await poll(() => page.locator('#tree .row.active').getAttribute('data-key')).toBe(last);
    expect(await page.locator('#tree .row.active').isVisible()).toBe(true);
    expect(await page.locator('#tree .row').count()).toBeLessThan(80);
    await page.keyboard.press('Home');
    await page.mouse.move(200, 400);
    for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 5_000);
    await poll(() => page.locator('#tree').evaluate((el) => el.scrollTop)).toBeGreaterThan(50_000);
    const shown = await page.locator('#tree .row.kind-endpoint .path').allTextContents();
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.every((p) => /^\/api\/\w+\/s\d+\/r\d+\/\{id\}$/.test(p))).toBe(true);
    await page.getByLabel('Search endpoints').fill('PATCH quotas s199 r99');
    await poll(() => page.locator('#results .row').first().locator('.path').textContent()).toBe('/api/quotas/s199/r99/{id}');
    expect(await page.locator('.result-count').textContent()).toMatch(/of 20,000 endpoints$/);
  });
});

describe('security in a real browser', () => {
  it('keeps other pages out: no token, another origin', async () => {
    const ui = new UiProcess(SHOP_COPY());
    const url = new URL(await ui.url);
    // A page of another origin on this machine, as a malicious local site would be.
    const evil = http.createServer((_req, res) => res.end('<!doctype html><title>other</title>'));
    await new Promise<void>((r) => evil.listen(0, '127.0.0.1', r));
    const page = await newPage();
    try {
      const noToken = await page.goto(`${url.origin}/`);
      expect(noToken?.status()).toBe(403);
      await page.goto(`http://127.0.0.1:${(evil.address() as AddressInfo).port}/`);
      const outcome = await page.evaluate(
        async ({ ws, app }) => {
          const socket = await new Promise<string>((resolve) => {
            const s = new WebSocket(ws);
            s.onopen = () => resolve('open');
            s.onerror = () => resolve('refused');
          });
          const read = await fetch(app).then(
            (r) => `status ${r.status}`,
            () => 'blocked',
          );
          return { socket, read };
        },
        { ws: `ws://${url.host}${url.pathname}rpc`, app: `${url.href}app.js` },
      );
      // The token alone is not enough from another origin: the Origin check refuses both.
      expect(outcome).toEqual({ socket: 'refused', read: 'blocked' });
    } finally {
      await page.close();
      evil.close();
      expect(await ui.stop()).toBe(0);
    }
  });
});

function SHOP_COPY(): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'shop-'));
  fs.cpSync(SHOP, dir, { recursive: true });
  return dir;
}

/** Expands the groups above an endpoint (search clears, tree shown) and returns its row. */
async function revealRow(page: Page, id: string) {
  if ((await page.locator('#tree').count()) === 0) {
    await page.getByLabel('Search endpoints').fill('');
    await page.locator('#tree').waitFor();
  }
  const row = page.locator(`#tree .row[data-key="${cssEscape(id)}"]`);
  if (await row.count()) {
    await row.scrollIntoViewIfNeeded();
    return row;
  }
  // Rows outside the view are not in the DOM: scroll the list until it is rendered.
  const found = await page.locator('#tree').evaluate(async (el, key) => {
    for (let top = 0; top <= el.scrollHeight; top += el.clientHeight / 2) {
      el.scrollTop = top;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      if ([...el.querySelectorAll('.row')].some((r) => (r as HTMLElement).dataset.key === key)) return true;
    }
    return false;
  }, id);
  if (!found) throw new Error(`no tree row for ${id}`);
  await row.scrollIntoViewIfNeeded();
  return row;
}

function cssEscape(s: string): string {
  return s.replace(/["\\]/g, '\\$&');
}

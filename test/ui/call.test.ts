// Sending from the API Explorer in Debian's Chromium: the real `apiscout ui` process on a copy of
// the sample shop, calling real servers on 127.0.0.1 (an HTTP server that echoes, serves a binary
// receipt, a long text and a request that never answers; the gRPC Echo server of the caller's
// tests). The page is driven as a person would: search, select, edit, Ctrl+Enter, read the panel.
// The sidecar's user settings live in a temporary APISCOUT_CONFIG_DIR, so the gRPC gate is set
// per suite and nothing touches the machine's own config. Screenshots go to test-results/ui/.

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echo, httpServer } from '../call/servers';
import type { Echo, Running } from '../call/servers';
import { FIXTURE as GRPC_FIXTURE, startGrpcServer } from '../call/grpc-server';
import type { GrpcTestServer } from '../call/grpc-server';
import { bodyText, launchChromium, poll, releaseChromium, resizeTo, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const ADD_ITEM = 'POST /api/v1/carts/{cartId}/items';
const RECEIPT = 'GET /api/v1/orders/{orderId}/receipt';
const COUNT = 'GET /api/v1/catalog/products/count';
const TREE = 'GET /api/v1/catalog/categories/tree';
const ORDERS = 'GET /api/v1/orders';
const ORDER = 'GET /api/v1/orders/{orderId}';
const CATEGORY = 'POST /api/v1/catalog/categories';
const BY_SKU = 'GET /api/v1/catalog/products/sku/{sku}';
const LIST_PRODUCTS = 'GET /api/v1/catalog/products';
const LONG = 600_001;
/** A compact JSON body under the display limit that its indentation takes past it (about 350,000 characters, 630,000 indented). */
const WIDE_JSON = JSON.stringify(Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: { amount: i, currency: 'EUR' } })));

let tmp: string;
let browser: Browser;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-ui-call-'));
  browser = await launchChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light', permissions: ['clipboard-read', 'clipboard-write'] });
  page.setDefaultTimeout(UI_WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

/** A config folder with these user settings: what the sidecar's SettingsStore reads. */
function configDir(settings: Record<string, unknown>): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'config-'));
  fs.writeFileSync(path.join(dir, 'settings.json'), JSON.stringify(settings));
  return dir;
}

interface Known {
  id: string;
  address: string;
  path: string;
}

/** Opens an endpoint the way a person does: its address in the search field, Enter on the hit. */
async function openEndpoint(page: Page, e: Known): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(e.address);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(e.id);
  await search.press('Enter');
  await page.locator(`.request-editor`).waitFor();
  // The editor shows this endpoint's request (the path field, or the RPC for gRPC).
  await poll(async () => (e.address.startsWith('gRPC') ? page.locator('.request-line .rpc').textContent() : page.locator('input.path-field').inputValue())).toContain(e.path);
}

async function setJson(page: Page, label: string, text: string): Promise<void> {
  const cm = page.getByLabel(label, { exact: true });
  await cm.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  // insertText: one edit, no auto-closed brackets doubling what is typed.
  await page.keyboard.insertText(text);
}

interface Explorer {
  ui: UiProcess;
  rpc: RpcClient;
  page: Page;
  /** The project id the sidecar gave. */
  project: string;
  endpoints: Known[];
}

/** `apiscout ui` on a project with these user settings, its scan done, and a page showing all of it. */
async function openExplorer(root: string, settings: Record<string, unknown>): Promise<Explorer> {
  const ui = new UiProcess(root, [], { APISCOUT_CONFIG_DIR: configDir(settings) });
  const rpc = await ui.rpc();
  const project = (await rpc.request('project/open', { root })).project;
  await rpc.request('project/wait', { project });
  const endpoints: Known[] = [];
  for (const m of (await rpc.request('endpoints/tree', { project })).modules) for (const c of m.classes) for (const e of c.endpoints) endpoints.push({ id: e.id, address: e.address, path: e.path });
  const page = await newPage();
  await page.goto(await ui.url);
  await page.locator('.toolbar .count').filter({ hasText: `${endpoints.length} endpoints` }).waitFor();
  return { ui, rpc, page, project, endpoints };
}

/** Closes what openExplorer opened; the page must have thrown nothing and the sidecar must end cleanly. */
async function closeExplorer(x: Explorer | undefined): Promise<void> {
  if (!x) return;
  expect((x.page as Page & { problems: string[] }).problems).toEqual([]);
  await x.page.close();
  x.rpc.close();
  expect(await x.ui.stop()).toBe(0);
}

describe('sending HTTP requests from the explorer', () => {
  let shop: string;
  let rpc: RpcClient;
  let page: Page;
  let server: Running;
  let project: string;
  let explorer: Explorer | undefined;
  const endpoints = new Map<string, Known>();
  const receipt = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(48 * 1024)]);
  const hanging: { opened: number; closed: number } = { opened: 0, closed: 0 };
  const served: string[] = [];
  /** Every request as it arrived, for comparing what Send and Copy as cURL put on the wire. */
  const wire: Array<{ method: string; url: string; headers: Record<string, string>; body: string }> = [];
  const known = (address: string) => endpoints.get(address)!;

  beforeAll(async () => {
    shop = path.join(tmp, 'shop');
    fs.cpSync(SHOP, shop, { recursive: true });
    // Scripts for two endpoints only: one whose after-script logs and fails, one whose before-script fails.
    fs.mkdirSync(path.join(shop, '.apiscout'), { recursive: true });
    fs.writeFileSync(
      path.join(shop, '.apiscout', 'config.properties'),
      [
        `http.call.after[endpoint:${ORDERS}]=js:\`\`\``,
        "logger.info('status ' + response.code())",
        "throw new Error('no orders today')",
        '```',
        `http.call.before[endpoint:${ORDER}]=js:\`\`\``,
        "console.log('checking the order id')",
        "throw new Error('refused by the script')",
        '```',
        // Keeps a token and logs it: the Logs tab shows it masked.
        `http.call.after[endpoint:${BY_SKU}]=js:localStorage.set('token', 'tok-UI-kept'); console.log('kept', localStorage.get('token'))`,
        '',
      ].join('\n'),
    );
    server = await httpServer((req, res, body) => {
      const url = new URL(req.url!, 'http://x');
      served.push(`${req.method} ${url.pathname}`);
      const transport = new Set(['host', 'user-agent', 'accept', 'accept-encoding', 'accept-language', 'connection', 'content-length', 'sec-fetch-mode']);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !transport.has(k)).map(([k, v]) => [k, String(v)]).sort(([a], [b]) => a.localeCompare(b)));
      wire.push({ method: req.method!, url: req.url!, headers, body: body.toString('utf8') });
      if (url.pathname.endsWith('/receipt')) {
        res.setHeader('content-type', 'application/pdf');
        res.end(receipt);
      } else if (url.pathname.endsWith('/catalog/products/count')) {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.end(`${'0123456789'.repeat(LONG / 10)}!`);
      } else if (url.pathname === '/wide.json') {
        res.setHeader('content-type', 'application/json');
        res.end(WIDE_JSON);
      } else if (url.pathname.includes('/catalog/products/sku/')) {
        res.setHeader('set-cookie', 'SESSION=sess-UI-77; Path=/; HttpOnly');
        echo(req, res, body);
      } else if (url.pathname.endsWith('/catalog/categories/tree')) {
        hanging.opened++;
        req.socket.once('close', () => hanging.closed++);
      } else {
        echo(req, res, body);
      }
    });
    explorer = await openExplorer(shop, {});
    ({ rpc, page, project } = explorer);
    for (const e of explorer.endpoints) endpoints.set(e.address, e);
  }, 60_000);

  afterAll(async () => {
    await closeExplorer(explorer);
    await server?.close();
  });

  it('edits a path parameter, a header and the JSON body, sends with Ctrl+Enter, and shows the JSON pretty and raw', async () => {
    const e = known(ADD_ITEM);
    await openEndpoint(page, e);
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('tab', { name: /^Path/ }).click();
    await editor.getByLabel('Value of cartId').fill('c-42');
    await editor.getByRole('tab', { name: /^Headers/ }).click();
    await editor.getByRole('button', { name: '+ Add header' }).click();
    await editor.locator('.rows-header input.param-name').last().fill('X-Trace');
    await editor.locator('.rows-header input.param-value').last().fill('t-1');
    await editor.getByRole('tab', { name: 'Body' }).click();
    await setJson(page, 'JSON request body', '{"sku": "A-1", "quantity": 3}');
    await poll(() => editor.locator('.body-status').textContent()).toContain('Valid JSON');

    await page.keyboard.press('ControlOrMeta+Enter');
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(await panel.locator('.time').textContent()).toMatch(/^\d+ ms$|^\d+\.\d\d s$/);
    const raw = await rawBody(page);
    const seen = JSON.parse(raw) as Echo;
    expect(seen.method).toBe('POST');
    expect(seen.url).toMatch(/\/api\/v1\/carts\/c-42\/items$/);
    expect(seen.headers['x-trace']).toBe('t-1');
    expect(seen.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen.body)).toEqual({ sku: 'A-1', quantity: 3 });
    expect(await panel.locator('.size').getAttribute('title')).toBe(`${Buffer.byteLength(raw).toLocaleString('en')} bytes`);

    // Pretty is the default for JSON; Raw shows the bytes as they came.
    expect(await panel.getByRole('button', { name: 'Pretty' }).getAttribute('aria-pressed')).toBe('true');
    await poll(() => bodyText(panel)).toBe(JSON.stringify(seen, null, 2));
    await page.screenshot({ path: screenshotPath('request-json-response') });
    await panel.getByRole('button', { name: 'Raw' }).click();
    await poll(() => bodyText(panel)).toBe(raw);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await panel.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(raw);

    // Headers, and the request as it was sent.
    await panel.getByRole('tab', { name: /^Headers/ }).click();
    expect(await panel.getByRole('table', { name: 'Response headers' }).textContent()).toContain('application/json');
    await panel.getByRole('tab', { name: 'Request' }).click();
    expect(await panel.locator('.sent-line').textContent()).toBe(`POST ${server.url}/api/v1/carts/c-42/items`);
    expect(await panel.getByRole('table', { name: 'Request headers' }).textContent()).toContain('t-1');

    // The host is in the history now.
    expect(await page.locator('#host-history option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain(server.url);
  });

  it('a value typed into an optional parameter left out turns it on: it is sent', async () => {
    const e = known(LIST_PRODUCTS);
    await openEndpoint(page, e);
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('tab', { name: /^Params/ }).click();
    const on = editor.getByLabel('Send categoryId', { exact: true });
    // Optional: left out of the request as it comes.
    expect(await on.isChecked()).toBe(false);
    await editor.getByLabel('Value of categoryId', { exact: true }).fill('7');
    // It stayed off, and Send left the 7 out without a word.
    expect(await on.isChecked()).toBe(true);
    await page.keyboard.press('ControlOrMeta+Enter');
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(new URL((JSON.parse(await rawBody(page)) as Echo).url, 'http://x').searchParams.get('categoryId')).toBe('7');
    // Emptied again, the row stays on: the checkbox is the user's to untick.
    await editor.getByLabel('Value of categoryId', { exact: true }).fill('');
    expect(await on.isChecked()).toBe(true);
    await editor.getByRole('button', { name: 'Reset' }).click();
    await poll(() => on.isChecked()).toBe(false);
  });

  it('the JSON body editor says how the keyboard leaves it: Tab indents, Escape then Tab moves on', async () => {
    await openEndpoint(page, known(ADD_ITEM));
    await page.locator('.request-editor').getByRole('tab', { name: 'Body' }).click();
    const body = page.getByLabel('JSON request body', { exact: true });
    const hint = page.locator('.editor-hint');
    expect(await hint.isVisible()).toBe(false);
    await body.click();
    await hint.waitFor();
    expect(await hint.textContent()).toBe('Tab indents; Escape, then Tab, moves on.');
    // Screen readers hear it as the editor's description.
    expect(await page.locator(`#${await body.getAttribute('aria-describedby')}`).textContent()).toBe(await hint.textContent());
    await page.keyboard.press('Tab');
    expect(await body.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await body.evaluate((el) => el.contains(document.activeElement))).toBe(false);
    await hint.waitFor({ state: 'hidden' });
    // The Tab typed an indent: Reset puts back the body the source gives.
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('the Request tab masks a secret variable\'s value and credential headers, each with its own reveal; Copy says whether it copies real values', async () => {
    await rpc.request('env/save', { project, environment: { name: 'shared-screen', variables: [{ key: 'token', value: 'tok-S3CRET', secret: true }] } });
    await rpc.request('env/select', { project, name: 'shared-screen' });
    const e = known(ADD_ITEM);
    // The other tests go on from the first one's edits: put them back after.
    const saved = await rpc.request('request/get', { project, id: e.id });
    try {
      await page.reload();
      await openEndpoint(page, e);
      const editor = page.locator('.request-editor');
      await editor.getByLabel('Host').fill(server.url);
      await editor.getByRole('tab', { name: /^Path/ }).click();
      await editor.getByLabel('Value of cartId').fill('c-9');
      await editor.getByRole('tab', { name: /^Headers/ }).click();
      for (const [name, value] of [['X-Caller', 'caller-{{token}}'], ['Authorization', 'Bearer {{token}}'], ['X-Plain', 'visible']]) {
        await editor.getByRole('button', { name: '+ Add header' }).click();
        await editor.locator('.rows-header input.param-name').last().fill(name!);
        await editor.locator('.rows-header input.param-value').last().fill(value!);
      }
      await editor.getByRole('tab', { name: /^Params/ }).click();
      await editor.getByRole('button', { name: '+ Add query' }).click();
      await editor.locator('.rows-query input.param-name').last().fill('sig');
      await editor.locator('.rows-query input.param-value').last().fill('{{token}}');
      await page.keyboard.press('ControlOrMeta+Enter');
      const panel = page.locator('.response-panel');
      await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
      expect(wire.at(-1)!.headers.authorization).toBe('Bearer tok-S3CRET');
      expect(wire.at(-1)!.url).toContain('sig=tok-S3CRET');
      await panel.getByRole('tab', { name: 'Request' }).click();
      const table = panel.getByRole('table', { name: 'Request headers' });
      await table.waitFor();
      // Nothing in the tab tells the secret (the echo server's body does); the scheme and the plain header stay readable.
      const tab = panel.locator('.sent');
      expect(await tab.textContent()).not.toContain('S3CRET');
      expect(await tab.locator('.sent-line').textContent()).toBe(`POST ${server.url}/api/v1/carts/c-9/items?sig=••••••••Show`);
      await tab.getByRole('button', { name: 'Reveal the value of query parameter sig' }).click();
      expect(await tab.locator('.sent-line').textContent()).toBe(`POST ${server.url}/api/v1/carts/c-9/items?sig=tok-S3CRETHide`);
      await tab.getByRole('button', { name: 'Hide the value of query parameter sig' }).click();
      expect(await table.locator('tr', { hasText: 'Authorization' }).locator('td').textContent()).toBe('Bearer ••••••••Show');
      expect(await table.locator('tr', { hasText: 'X-Plain' }).locator('td').textContent()).toBe('visible');
      await page.screenshot({ path: screenshotPath('request-tab-masked') });
      // A tool window's widths, light and dark: each Show stays inside the panel.
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of [300, 450, 600]) {
          await resizeTo(page, width, 900);
          for (const box of await Promise.all((await tab.getByRole('button', { name: /^Reveal/ }).all()).map((b) => b.boundingBox()))) expect(box!.x + box!.width).toBeLessThanOrEqual(width);
          await page.screenshot({ path: screenshotPath(`request-tab-masked-${width}-${scheme}`) });
        }
      }
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1400, height: 900 });
      await panel.getByRole('button', { name: 'Copy masked' }).click();
      await panel.getByRole('status').filter({ hasText: 'Copied, secrets masked' }).waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('Authorization: Bearer ••••••••');
      expect(copied).not.toContain('S3CRET');

      // One reveal shows one value; Copy then says it copies a real one.
      await panel.getByRole('button', { name: 'Reveal the value of Authorization' }).click();
      expect(await table.locator('tr', { hasText: 'Authorization' }).locator('td').textContent()).toBe('Bearer tok-S3CRETHide');
      expect(await table.locator('tr', { hasText: 'X-Caller' }).locator('td').textContent()).toBe('••••••••Show');
      await panel.getByRole('button', { name: 'Copy, 2 masked' }).click();
      await panel.getByRole('status').filter({ hasText: 'Copied, with real secret values' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Authorization: Bearer tok-S3CRET');
      await panel.getByRole('button', { name: 'Hide the value of Authorization' }).click();
      expect(await tab.textContent()).not.toContain('S3CRET');
      // Nor the editor's line of variables.
      expect(await page.locator('.request-editor').textContent()).not.toContain('S3CRET');
    } finally {
      await rpc.request('env/select', { project, name: null });
      if (saved.edited) await rpc.request('request/save', { project, id: e.id, draft: saved.draft });
      else await rpc.request('request/reset', { project, id: e.id });
      await page.reload();
    }
  });

  it('Copy as cURL of the request just sent, run by sh, puts the same request on the wire as Send', async () => {
    const e = known(ADD_ITEM);
    await openEndpoint(page, e);
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('tab', { name: /^Path/ }).click();
    await editor.getByLabel('Value of cartId').fill('c 7');
    await editor.getByRole('tab', { name: 'Body' }).click();
    await setJson(page, 'JSON request body', '{"sku": "B-2", "quantity": 5}');
    await poll(() => editor.locator('.body-status').textContent()).toContain('Valid JSON');
    const before = wire.length;
    await page.keyboard.press('ControlOrMeta+Enter');
    await poll(() => page.locator('.response-panel .status').textContent()).toBe('200 OK');
    await poll(() => wire.length).toBe(before + 1);
    const sent = wire.at(-1)!;

    // The search hit's context menu, as a person would: the copy comes from the saved edits.
    const hit = page.locator('#results .row').first();
    await hit.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: 'Endpoint actions' });
    await menu.getByRole('menuitem', { name: 'Copy as cURL', exact: true }).click();
    await poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^curl /);
    const command = await page.evaluate(() => navigator.clipboard.readText());
    const code = await new Promise<number | null>((resolve) => {
      spawn('sh', ['-c', `${command} -s -o /dev/null`], { stdio: 'ignore', env: { ...process.env, http_proxy: '', HTTP_PROXY: '' } }).on('close', resolve);
    });
    expect(code).toBe(0);
    await poll(() => wire.length).toBe(before + 2);
    expect(wire.at(-1)).toEqual(sent);
    expect(sent).toMatchObject({ method: 'POST', url: '/api/v1/carts/c%207/items', body: expect.stringContaining('"quantity": 5') });

    // The next test reloads the page and expects the first test's edits: put them back.
    await editor.getByRole('tab', { name: /^Path/ }).click();
    await editor.getByLabel('Value of cartId').fill('c-42');
    await editor.getByRole('tab', { name: 'Body' }).click();
    await setJson(page, 'JSON request body', '{"sku": "A-1", "quantity": 3}');
    await poll(() => editor.locator('.body-status').textContent()).toContain('Valid JSON');
    await poll(async () => JSON.stringify((await rpc.request('request/get', { project, id: e.id })).draft)).toContain('A-1');
  });

  it('keeps the edits through a page reload, and Reset brings back what the source says', async () => {
    const e = known(ADD_ITEM);
    const editor = page.locator('.request-editor');
    await poll(() => editor.locator('.save-state').textContent()).toMatch(/^(Edits saved|Edited)$/);
    await page.reload();
    await page.locator('.toolbar .count').filter({ hasText: `${endpoints.size} endpoints` }).waitFor();
    await openEndpoint(page, e);
    expect(await editor.getByLabel('Host').inputValue()).toBe(server.url);
    expect(await editor.locator('.save-state').textContent()).toBe('Edited');
    expect(JSON.parse(await editor.locator('.cm-content').innerText())).toEqual({ sku: 'A-1', quantity: 3 });
    await editor.getByRole('tab', { name: /^Path/ }).click();
    expect(await editor.getByLabel('Value of cartId').inputValue()).toBe('c-42');

    await editor.getByRole('button', { name: 'Reset' }).click();
    // The click returns before the page's reset reaches the sidecar: wait for it there.
    await poll(async () => (await rpc.request('request/get', { project, id: e.id })).edited).toBe(false);
    const fresh = await rpc.request('request/get', { project, id: e.id });
    if ('protocol' in fresh.draft) throw new Error('an HTTP endpoint got a gRPC draft');
    await poll(() => editor.getByLabel('Host').inputValue()).toBe(fresh.draft.host);
    await editor.getByRole('tab', { name: /^Path/ }).click();
    expect(await editor.getByLabel('Value of cartId').inputValue()).toBe(fresh.draft.pathParams[0]!.value);
    await editor.getByRole('tab', { name: 'Body' }).click();
    expect(await editor.locator('.cm-content').innerText()).toBe(fresh.draft.body);
    // Reset is on disk too: a reload shows the defaults.
    await page.reload();
    await page.locator('.toolbar .count').filter({ hasText: `${endpoints.size} endpoints` }).waitFor();
    await openEndpoint(page, e);
    expect(await editor.getByLabel('Host').inputValue()).toBe(fresh.draft.host);
    // The host used before stays in the history.
    expect(await page.locator('#host-history option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toContain(server.url);
  });

  it('follows the IDE: a gutter click reveals its endpoint, a Reset from another client reloads the editor', async () => {
    const e = known(CATEGORY);
    await page.getByLabel('Search endpoints').fill('no such endpoint at all');
    // What intellij-shell's ExplorerUi.reveal runs in the page.
    await page.evaluate((id) => window.postMessage({ type: 'reveal', id }, '*'), e.id);
    const editor = page.locator('.request-editor');
    await poll(() => editor.locator('input.path-field').inputValue()).toContain(e.path);
    expect(await page.getByLabel('Search endpoints').inputValue()).toBe('');
    await poll(() => page.locator(`#tree .row[data-key="${e.id}"]`).getAttribute('aria-selected')).toBe('true');

    await editor.getByLabel('Host').fill('http://127.0.0.1:1');
    await poll(() => editor.locator('.save-state').textContent()).toBe('Edits saved');
    expect((await rpc.request('request/get', { project, id: e.id })).edited).toBe(true);
    // The IDE's Reset to Default action goes through another connection to the same sidecar.
    const fresh = await rpc.request('request/reset', { project, id: e.id });
    if ('protocol' in fresh.draft) throw new Error('an HTTP endpoint got a gRPC draft');
    await poll(() => editor.getByLabel('Host').inputValue()).toBe(fresh.draft.host);
    expect(await editor.locator('input.path-field').inputValue()).toContain(e.path);
  });

  it('shows a binary body as its type and size, and saves its bytes where asked', async () => {
    await openEndpoint(page, known(RECEIPT));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(await panel.locator('.binary').textContent()).toContain(`application/pdf, ${receipt.length.toLocaleString('en')} bytes`);
    expect(await panel.locator('pre').count()).toBe(0);
    await panel.getByRole('button', { name: 'Save as…' }).click();
    const field = panel.getByLabel('Save to file');
    expect(await field.inputValue()).toMatch(/^response-[\w-]+\.pdf$/);
    await field.fill('receipt.pdf');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    const saved = path.join(shop, 'receipt.pdf');
    await poll(() => panel.locator('.saved').textContent()).toBe(`Saved ${receipt.length.toLocaleString('en')} bytes to ${saved}`);
    expect(fs.readFileSync(saved).equals(receipt)).toBe(true);
  });

  it('cuts a long text body at 500,000 characters for display and saves all of it', async () => {
    await openEndpoint(page, known(COUNT));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(await panel.locator('.truncated').textContent()).toContain('truncated at 500,000 characters');
    expect((await bodyText(panel)).length).toBe(500_000);
    await panel.getByRole('button', { name: 'Save as…' }).click();
    await panel.getByLabel('Save to file').fill(path.join(tmp, 'long.txt'));
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await panel.locator('.saved').waitFor();
    const text = fs.readFileSync(path.join(tmp, 'long.txt'), 'utf8');
    expect(text.length).toBe(LONG);
    expect(text.endsWith('9!')).toBe(true);
  });

  it('says a JSON body is cut only in Pretty when its indentation took it past the limit, and copies all of it', async () => {
    await openEndpoint(page, known(COUNT));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.locator('input.path-field').fill('/wide.json');
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    const indented = JSON.stringify(JSON.parse(WIDE_JSON), null, 2);
    expect(WIDE_JSON.length).toBeLessThan(500_000);
    expect(indented.length).toBeGreaterThan(500_000);
    // Not "truncated at 500,000 characters (350,000 bytes in all)", which read as a contradiction.
    await poll(() => panel.locator('.truncated').textContent()).toContain(`Pretty shows the first 500,000 characters of the indented body (${indented.length.toLocaleString('en')}); Raw shows all of it`);
    expect((await bodyText(panel)).length).toBe(500_000);
    await panel.getByRole('button', { name: 'Copy' }).click();
    await panel.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(indented);
    await page.screenshot({ path: screenshotPath('request-json-cut-by-indent') });
    await panel.getByRole('button', { name: 'Show Raw' }).click();
    await poll(() => bodyText(panel)).toBe(WIDE_JSON);
    expect(await panel.locator('.truncated').count()).toBe(0);
    await editor.getByRole('button', { name: 'Reset' }).click();
  });

  it('cancels a request that hangs: Send becomes Cancel while it runs', async () => {
    await openEndpoint(page, known(TREE));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const cancel = editor.getByRole('button', { name: 'Cancel' });
    await cancel.waitFor();
    await poll(() => hanging.opened).toBe(1);
    expect(await page.locator('.response-panel .pending').textContent()).toBe('Waiting for the response…');
    await cancel.click();
    await poll(() => page.locator('.response-panel .call-failure').textContent()).toMatch(/^Cancelled:/);
    await editor.getByRole('button', { name: 'Send' }).waitFor();
    await poll(() => hanging.closed).toBe(1);
  });

  it('sends form fields and a file part as multipart', async () => {
    const upload = path.join(tmp, 'upload.txt');
    fs.writeFileSync(upload, 'file part content\n');
    await openEndpoint(page, known(CATEGORY));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('tab', { name: 'Body' }).click();
    await editor.getByRole('radio', { name: 'Multipart' }).check();
    await editor.getByRole('button', { name: 'Edit in Form' }).click();
    for (const [name, value, file] of [
      ['title', 'Lamps', false],
      ['picture', upload, true],
    ] as const) {
      await editor.getByRole('button', { name: '+ Add field' }).click();
      await editor.locator('.rows-form input.param-name').last().fill(name);
      await editor.locator('.rows-form input.param-value').last().fill(value);
      if (file) await editor.getByLabel(`${name} is a file`).check();
    }
    expect(await editor.getByRole('tab', { name: /^Form/ }).textContent()).toBe('Form2');
    await page.keyboard.press('ControlOrMeta+Enter');
    // The file lies outside the project: Send asks first, naming it.
    const question = page.getByRole('dialog', { name: 'Send a file from outside the project' });
    expect(await question.locator('.file-path').first().textContent()).toBe(upload);
    await question.getByRole('button', { name: 'Send the file' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    const seen = JSON.parse(await rawBody(page)) as Echo;
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toMatch(/name="title"\r\n\r\nLamps\r\n/);
    expect(seen.body).toMatch(/name="picture"; filename="upload.txt"/);
    expect(seen.body).toContain('file part content\n');
  });

  it('shows the scripts\' logs and an after-script error beside the response', async () => {
    await openEndpoint(page, known(ORDERS));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(await panel.locator('.script-error').textContent()).toMatch(/^The after-script failed: .*no orders today/);
    await panel.getByRole('tab', { name: /^Logs/ }).click();
    expect(await panel.getByRole('list', { name: 'Script logs' }).textContent()).toContain('status 200');
  });

  it('shows the documented response before the first call, and as the Model tab beside the real one', async () => {
    await openEndpoint(page, known(BY_SKU));
    const panel = page.locator('.response-panel');
    const model = panel.getByRole('list', { name: 'Response model' });
    // Before a call: the status, content type and the fields, nested ones under their field.
    expect(await panel.locator('.expected-line').textContent()).toBe('200 application/json');
    const rows = await model.locator('li').allTextContents();
    expect(rows[0]).toBe('code integer(int32) Zero on success, otherwise an ErrorCode value.');
    expect(rows).toContain('amount* number the amount, at most two decimals');
    expect(await model.locator('li', { hasText: /^amount/ }).getAttribute('style')).toContain('--depth: 2');
    // The page goes back to full width whatever happens here: the next tests open endpoints there.
    try {
      for (const width of [300, 600]) {
        await page.setViewportSize({ width, height: 900 });
        await poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
        // The descriptions wrap inside the panel: nothing runs past its edge; the request keeps its tabs in sight.
        // Polled: the narrow layout is switched by the page's script after the resize, not by CSS alone.
        await poll(() => panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        await poll(async () => (await page.locator('.request-editor .tab-panel').boundingBox())?.height ?? 0).toBeGreaterThan(150);
        await page.screenshot({ path: screenshotPath(`response-model-${width}`) });
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
    await page.locator('.request-editor').getByLabel('Host').fill(server.url);
    await page.locator('.request-editor').getByRole('button', { name: 'Send' }).click();
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    expect(await model.count()).toBe(0);
    await panel.getByRole('tab', { name: 'Model' }).click();
    expect(await panel.getByRole('list', { name: 'Response model' }).locator('li').count()).toBe(rows.length);
  });

  it('masks a Set-Cookie handed out and a token a script logged, each with its own reveal', async () => {
    await openEndpoint(page, known(BY_SKU));
    const editor = page.locator('.request-editor');
    // A password in the host's user info: sent as Basic credentials, never shown unless asked for.
    await editor.getByLabel('Host').fill(server.url.replace('://', '://bob:pw-UI-3@'));
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('200 OK');
    await panel.getByRole('tab', { name: /^Headers/ }).click();
    const table = panel.getByRole('table', { name: 'Response headers' });
    const cookie = table.locator('tr', { hasText: 'set-cookie' }).locator('td');
    // The cookie's name and attributes stay readable; its value does not show until asked for.
    expect(await cookie.textContent()).toBe('SESSION=••••••••; Path=/; HttpOnlyShow');
    expect(await table.textContent()).not.toContain('sess-UI-77');
    expect(await table.locator('tr', { hasText: 'content-type' }).locator('td').textContent()).toBe('application/json');
    for (const width of [300, 600]) {
      await resizeTo(page, width, 900);
      const box = (await table.getByRole('button', { name: 'Reveal the value of set-cookie' }).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: screenshotPath(`response-headers-masked-${width}`) });
    }
    await page.setViewportSize({ width: 1400, height: 900 });
    await table.getByRole('button', { name: 'Reveal the value of set-cookie' }).click();
    expect(await cookie.textContent()).toBe('SESSION=sess-UI-77; Path=/; HttpOnlyHide');

    await panel.getByRole('tab', { name: 'Request' }).click();
    const line = panel.locator('.sent-line');
    expect(await line.textContent()).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/catalog\/products\/sku\/\S*$/);
    const sent = panel.getByRole('table', { name: 'Request headers' });
    expect(await sent.locator('tr', { hasText: 'Authorization' }).locator('td').textContent()).toBe('Basic ••••••••Show');
    await panel.getByRole('button', { name: 'Reveal the value of Authorization' }).click();
    expect(await sent.locator('tr', { hasText: 'Authorization' }).locator('td').textContent()).toBe(`Basic ${Buffer.from('bob:pw-UI-3').toString('base64')}Hide`);

    await panel.getByRole('tab', { name: /^Logs/ }).click();
    const logs = panel.getByRole('list', { name: 'Script logs' });
    expect(await logs.textContent()).toContain('kept ••••••••');
    expect(await logs.textContent()).not.toContain('tok-UI-kept');
    await logs.getByRole('button', { name: 'Reveal the secrets of this line' }).click();
    expect(await logs.textContent()).toContain('kept tok-UI-kept');
    await logs.getByRole('button', { name: 'Mask the secrets of this line again' }).click();
    expect(await logs.textContent()).not.toContain('tok-UI-kept');
  });

  it('keeps the maximise button beside the response tabs (Logs too) at every width, never on a row of its own', async () => {
    await openEndpoint(page, known(ORDERS));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await panel.getByRole('tab', { name: /^Logs/ }).waitFor();
    const alone: number[] = [];
    try {
      // Every 10 px from a 300 px tool window to a full screen: the rows wrap at widths no list of three would hit.
      for (let width = 300; width <= 1400; width += 10) {
        await resizeTo(page, width, 900);
        const lonely = await panel.locator('header').evaluate((header) => {
          const button = header.querySelector('.maximise')!.getBoundingClientRect();
          const rest = [...header.querySelectorAll('h2, .status-line, [role=tab]')].map((el) => el.getBoundingClientRect());
          return !rest.some((r) => r.top < button.bottom && r.bottom > button.top);
        });
        if (lonely) alone.push(width);
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
    expect(alone).toEqual([]);
  });

  it('says a before-script stopped the request, with what it logged', async () => {
    await openEndpoint(page, known(ORDER));
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    const before = served.length;
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.call-failure').textContent()).toMatch(/^The before-script failed; nothing was sent:.*refused by the script/);
    await panel.getByRole('tab', { name: /^Logs/ }).click();
    expect(await panel.getByRole('list', { name: 'Script logs' }).textContent()).toContain('checking the order id');
    expect(served.length).toBe(before);
  });

  it('says where a call failed: nothing listens at the host', async () => {
    await openEndpoint(page, known(TREE));
    const editor = page.locator('.request-editor');
    const closed = await httpServer(() => {});
    const url = closed.url;
    await closed.close();
    await editor.getByLabel('Host').fill(url);
    await editor.getByRole('button', { name: 'Send' }).click();
    const failure = page.locator('.response-panel .call-failure');
    await poll(() => failure.textContent()).toMatch(/^No response:/);
    expect(await failure.textContent()).toContain(url.replace('http://', ''));
  });

  it('refuses a gRPC call while "Enable gRPC call" is off, and offers the settings', async () => {
    const grpc = [...endpoints.values()].find((e) => e.address.startsWith('gRPC') && e.address.endsWith('/GetStock'))!;
    await openEndpoint(page, grpc);
    await page.evaluate(() => {
      (window as unknown as { opened: string[] }).opened = [];
      window.addEventListener('apiscout:open-settings', (e) => (window as unknown as { opened: string[] }).opened.push((e as CustomEvent<{ page: string }>).detail.page));
    });
    await page.locator('.request-editor').getByRole('button', { name: 'Send' }).click();
    const failure = page.locator('.response-panel .call-failure');
    await poll(() => failure.textContent()).toMatch(/^Not sent:.*Enable gRPC call/);
    await failure.getByRole('button', { name: 'Open settings' }).click();
    // No IDE host in a plain browser: the page's own settings view is asked through the DOM event.
    await poll(() => page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual(['grpc']);
  });

  it('in a 300 px tool window a failure naming a long RPC or URL wraps inside the panel, every word in sight', async () => {
    const grpc = [...endpoints.values()].find((e) => e.address.startsWith('gRPC') && e.address.endsWith('/GetStock'))!;
    const closed = await httpServer(() => {});
    await closed.close();
    /** The failure line's right edge against the panel's: a word past it is clipped from sight. */
    const overhang = () =>
      page.locator('.response-panel .call-failure p').evaluate((p) => {
        const panel = p.closest('.response-panel')!.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(p);
        return Math.max(0, Math.round(text.getBoundingClientRect().right - panel.right), p.scrollWidth - p.clientWidth);
      });
    // The test before opened the settings (Open settings): closed, as a user would.
    for (let i = 0; i < 3 && (await page.locator('.backdrop').count()); i++) await page.keyboard.press('Escape');
    await page.locator('.backdrop').waitFor({ state: 'detached' });
    try {
      for (const [e, host, says] of [
        [grpc, undefined, /^Not sent:.*Enable gRPC call/],
        [known(TREE), closed.url, /^No response:/],
      ] as const) {
        // Opened at full width, then read at 300 px: what is measured is the panel's wrapping, and
        // the narrow layout's list-or-details switch is another test's subject.
        await page.setViewportSize({ width: 1400, height: 860 });
        await openEndpoint(page, e);
        await resizeTo(page, 300, 860);
        await page.locator('.request-editor').waitFor();
        if (!host) {
          // The deadline's field holds its whole placeholder ("defau" at 5em), its spin buttons beside it.
          const room = await page.getByLabel('Deadline (ms)').evaluate((input: HTMLInputElement) => {
            const s = getComputedStyle(input);
            const ctx = document.createElement('canvas').getContext('2d')!;
            ctx.font = `${s.fontSize} ${s.fontFamily}`;
            return input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16 - ctx.measureText(input.placeholder).width;
          });
          expect(room).toBeGreaterThanOrEqual(0);
        }
        if (host) await page.locator('.request-editor').getByLabel('Host').fill(host);
        await page.locator('.request-editor').getByRole('button', { name: 'Send' }).click();
        await poll(() => page.locator('.response-panel .call-failure').textContent()).toMatch(says);
        await page.screenshot({ path: screenshotPath(`call-failure-300-${host ? 'http' : 'grpc'}`) });
        expect(await overhang()).toBe(0);
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});

describe('gRPC calls from the explorer', () => {
  let project: string;
  let page: Page;
  let server: GrpcTestServer;
  let explorer: Explorer | undefined;
  const endpoints = new Map<string, Known>();

  beforeAll(async () => {
    project = path.join(tmp, 'grpc-call');
    fs.cpSync(GRPC_FIXTURE, project, { recursive: true });
    server = await startGrpcServer();
    explorer = await openExplorer(project, { 'grpc.enabled': true });
    ({ page } = explorer);
    for (const e of explorer.endpoints) endpoints.set(e.address.replace(/^gRPC \/acme\.echo\.v1\.Echo\//, ''), e);
  }, 60_000);

  afterAll(async () => {
    await closeExplorer(explorer);
    await server?.stop();
  });

  /** Opens an RPC of the echo service, pointed at the test server; its request editor. */
  const openRpc = async (method: string) => {
    await openEndpoint(page, endpoints.get(method)!);
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.address);
    return editor;
  };

  it('shows the response message before the first call: its fields, and whether it comes as a stream', async () => {
    await openEndpoint(page, endpoints.get('Sum')!);
    const panel = page.locator('.response-panel');
    expect(await panel.locator('.expected-line').textContent()).toMatch(/^OK application\/grpc/);
    const rows = await panel.getByRole('list', { name: 'Response model' }).locator('li').allTextContents();
    expect(rows.map((r) => r.split(' ')[0])).toEqual(['currencyCode', 'units', 'nanos']);
    await openEndpoint(page, endpoints.get('Count')!);
    expect(await panel.locator('.expected-line').textContent()).toContain('A stream of messages');
  });

  it('shows a server stream message by message as it arrives, then the status and headers', async () => {
    const editor = await openRpc('Count');
    await editor.getByRole('tab', { name: /^Metadata/ }).click();
    await editor.getByRole('button', { name: '+ Add metadata' }).click();
    await editor.locator('.rows-header input.param-name').last().fill('x-trace');
    await editor.locator('.rows-header input.param-value').last().fill('abc');
    await editor.getByRole('tab', { name: /^Message/ }).click();
    await setJson(page, 'Request message', '{"n": 5}');
    // Every count of messages the panel shows while the stream runs, recorded by the page.
    await page.evaluate(() => {
      const seen: number[] = ((window as unknown as { counts: number[] }).counts = []);
      new MutationObserver(() => {
        const n = document.querySelectorAll('.response-panel .grpc-reply').length;
        if (seen.at(-1) !== n) seen.push(n);
      }).observe(document.querySelector('main.details')!, { subtree: true, childList: true });
    });
    // The server sends each message only once the panel shows the one before: the order of
    // events, not the machine's speed, decides what the panel goes through.
    server.pace(true);
    const panel = page.locator('.response-panel');
    const replies = panel.locator('.grpc-reply');
    try {
      await editor.getByRole('button', { name: 'Send' }).click();
      for (let i = 1; i <= 5; i++) {
        server.step();
        await poll(() => replies.count()).toBe(i);
        await poll(() => panel.locator('.pending').textContent()).toBe(`Streaming: ${i} message${i === 1 ? '' : 's'} so far…`);
        if (i === 3) await page.screenshot({ path: screenshotPath('grpc-stream') });
      }
      expect(await panel.locator('.status').count()).toBe(0);
      server.step(); // the end of the stream
      await poll(() => panel.locator('.status').textContent()).toBe('0 OK');
    } finally {
      server.pace(false);
    }
    const counts = await page.evaluate(() => (window as unknown as { counts: number[] }).counts);
    expect(counts.filter((n) => n > 0)).toEqual([1, 2, 3, 4, 5]);
    expect(await replies.count()).toBe(5);
    // ProtoJSON: a zero index is the default and is left out.
    for (let i = 0; i < 5; i++) expect(JSON.parse((await replies.nth(i).locator('pre').textContent())!)).toEqual({ ...(i ? { index: i } : {}), label: `tick ${i}` });
    // Each message is stamped with its arrival: each one arrived after the one before.
    const ms = await replies.locator('.at').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset.ms)));
    expect(await replies.locator('.at').first().textContent()).toMatch(/^\+(\d+ ms|\d+\.\d\d s)$/);
    for (let i = 1; i < 5; i++) expect(ms[i]!).toBeGreaterThan(ms[i - 1]!);
    await page.screenshot({ path: screenshotPath('grpc-stream-done') });
    await panel.getByRole('tab', { name: /^Headers/ }).click();
    expect(await panel.getByRole('table', { name: 'Response headers' }).textContent()).toContain('x-traceabc');
    await panel.getByRole('tab', { name: 'Request' }).click();
    expect(await panel.locator('.sent-line').textContent()).toContain('/acme.echo.v1.Echo/Count');
    // The target that answered joins the host history, and the next RPC opened starts there.
    await poll(() => page.locator('#host-history option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual([server.address]);
    await openEndpoint(page, endpoints.get('Say')!);
    expect(await page.locator('.request-editor').getByLabel('Host').inputValue()).toBe(server.address);
  });

  it('cancels a running stream: what arrived stays, the status says cancelled', async () => {
    const editor = await openRpc('Count');
    await setJson(page, 'Request message', '{"n": 100}');
    // Two messages, then the stream waits on the server: the cancel lands mid-stream every time.
    server.pace(true);
    try {
      await editor.getByRole('button', { name: 'Send' }).click();
      const panel = page.locator('.response-panel');
      server.step();
      server.step();
      await poll(() => panel.locator('.grpc-reply').count()).toBe(2);
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await poll(() => panel.locator('.status-line').textContent()).toMatch(/cancelled/);
      expect(await panel.locator('.grpc-reply').count()).toBe(2);
      await poll(() => server.cancelled).toContain('Count');
    } finally {
      server.pace(false);
    }
  });

  it('shows a long stream\'s newest messages, pages in earlier ones on request, and saves them all', async () => {
    const editor = await openRpc('Count');
    await setJson(page, 'Request message', '{"n": 1250}');
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('0 OK');
    expect(await panel.locator('.status-line').textContent()).toContain('1,250 messages');
    const replies = panel.locator('.grpc-reply');
    const firstShown = async () => JSON.parse((await replies.first().locator('pre').textContent())!).label as string;
    expect(await replies.count()).toBe(200);
    expect(await firstShown()).toBe('tick 1050');
    expect(await replies.last().locator('.meta').textContent()).toContain('#1250');
    const earlier = panel.locator('.earlier-messages');
    expect(await earlier.textContent()).toContain('1,050 earlier messages are not shown.');
    await page.screenshot({ path: screenshotPath('grpc-long-stream') });
    await earlier.getByRole('button', { name: 'Show 500 more' }).click();
    await poll(() => replies.count()).toBe(700);
    expect(await firstShown()).toBe('tick 550');
    await earlier.getByRole('button', { name: 'Show 500 more' }).click();
    await earlier.getByRole('button', { name: 'Show 50 more' }).click();
    await poll(() => replies.count()).toBe(1250);
    expect(await earlier.count()).toBe(0);
    expect(await firstShown()).toBe('tick 0');
    // Save as writes every message, shown or not.
    const out = path.join(tmp, 'long-stream.json');
    await panel.getByRole('button', { name: 'Save as…' }).click();
    expect(await panel.getByLabel('Save to file').inputValue()).toMatch(/^response-[\w-]+\.json$/);
    await panel.getByLabel('Save to file').fill(out);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => panel.locator('.saved').textContent()).toMatch(/^Saved [\d,]+ bytes to /);
    const saved = JSON.parse(fs.readFileSync(out, 'utf8')) as Array<{ label: string }>;
    expect(saved).toHaveLength(1250);
    expect(saved[0]!.label).toBe('tick 0');
  });

  it('shows a failed RPC\'s status, message and details', async () => {
    const editor = await openRpc('Fail');
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('3 INVALID_ARGUMENT');
    expect(await panel.locator('.grpc-replies .error').textContent()).toBe('INVALID_ARGUMENT: text must not be empty');
    expect(await panel.locator('.status-details').textContent()).toContain('must not be empty');
    await panel.getByRole('tab', { name: /^Trailers/ }).click();
    expect(await panel.getByRole('table', { name: 'Trailers' }).textContent()).toContain('x-reasonempty');
  });

  it('shows the active environment on the gRPC line and fills {{variables}} in the address from it; at 300 px Send and Reset keep the chip\'s row', async () => {
    const { rpc, project: id } = explorer!;
    await rpc.request('env/save', { project: id, environment: { name: 'echo-local', variables: [{ key: 'echoAddress', value: server.address }] } });
    await rpc.request('env/select', { project: id, name: 'echo-local' });
    try {
      await page.reload();
      await openEndpoint(page, endpoints.get('Say')!);
      const editor = page.locator('.request-editor');
      await editor.getByLabel('Host').fill('{{echoAddress}}');
      expect(await editor.getByRole('button', { name: 'Environment echo-local' }).isVisible()).toBe(true);
      await poll(() => editor.locator('.variables-line').textContent()).toBe(`{{echoAddress}} = ${server.address}`);
      await editor.getByRole('button', { name: 'Send' }).click();
      await poll(() => page.locator('.response-panel .status').textContent()).toBe('0 OK');
      await resizeTo(page, 300, 900);
      // One row: the middles line up (the chip is shorter than the buttons).
      const middles = await Promise.all(['Environment echo-local', 'Send', 'Reset'].map(async (name) => {
        const box = (await editor.getByRole('button', { name, exact: true }).boundingBox())!;
        return Math.round(box.y + box.height / 2);
      }));
      expect(new Set(middles).size, `middles ${middles.join(', ')}`).toBe(1);
      await page.screenshot({ path: screenshotPath('grpc-environment-300') });
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
      await rpc.request('env/select', { project: id, name: null });
      await page.reload();
    }
  });

  it('sends a client stream from a list of messages, one added and one removed', async () => {
    const editor = await openRpc('Sum');
    const before = await editor.locator('.grpc-message').count();
    await editor.getByRole('button', { name: '+ Add message' }).click();
    await poll(() => editor.locator('.grpc-message').count()).toBe(before + 1);
    for (let i = before + 1; i > 2; i--) await editor.getByRole('button', { name: `Remove message ${i}` }).click();
    await poll(() => editor.locator('.grpc-message').count()).toBe(2);
    await setJson(page, 'Request message 1', '{"currency_code": "EUR", "units": "2", "nanos": 500000000}');
    await setJson(page, 'Request message 2', '{"currency_code": "EUR", "units": "3", "nanos": 700000000}');
    await page.keyboard.press('ControlOrMeta+Enter');
    const panel = page.locator('.response-panel');
    await poll(() => panel.locator('.status').textContent()).toBe('0 OK');
    expect(JSON.parse((await panel.locator('.grpc-reply pre').first().textContent())!)).toEqual({ currencyCode: 'EUR', units: '6', nanos: 200000000 });
  });
});

/** The response body as received: the Raw view's text. */
async function rawBody(page: Page): Promise<string> {
  const panel = page.locator('.response-panel');
  await panel.getByRole('button', { name: 'Raw' }).click();
  // The viewer takes the raw text in the same commit that presses the button.
  await poll(() => panel.getByRole('button', { name: 'Raw' }).getAttribute('aria-pressed')).toBe('true');
  const text = await bodyText(panel);
  await panel.getByRole('button', { name: 'Pretty' }).click();
  return text;
}

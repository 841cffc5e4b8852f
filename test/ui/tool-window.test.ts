// The explorer as a tool window (issue 20), in Debian's Chromium against the real `apiscout ui` on
// a copy of the sample shop, at 360, 600 and 1400 px: master/detail below the breakpoint and
// splitters above it with nothing overflowing; big bodies in the virtualised viewer (folding,
// search, Pretty off the page's thread), image previews; search over all six fields; Reset to
// Default reading the DTO again; the cursor and selection kept by endpoint id; the IDE's theme.
// Screenshots go to test-results/ui/tool-window-*.png.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { echo, httpServer } from '../call/servers';
import type { Running } from '../call/servers';
import { bodyText, launchChromium, poll, releaseChromium, resizeTo, screenshotPath, Tab, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const WIDTHS = [360, 600, 1400] as const;
const ADD_ITEM = 'POST /api/v1/carts/{cartId}/items';
const RECEIPT = 'GET /api/v1/orders/{orderId}/receipt';
const COUNT = 'GET /api/v1/catalog/products/count';
const ORDERS = 'GET /api/v1/orders';
const ORDER = 'GET /api/v1/orders/{orderId}';
const CJK_NAME = '获取用户订单统计摘要';
const SUMMARY = 'GET /api/v1/reports/users/{userId}/orders/statistics/summary/by-month';
const CHANNELS = 'GET /api/v1/preferences/customers/{customerId}/notification-settings/channels';
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** A JSON body of over 600,000 characters (minified), the size issue 20 measured. */
const BIG = JSON.stringify(Array.from({ length: 6000 }, (_, i) => ({ id: i, sku: `sku-${i}`, name: `Product number ${i}`, tags: ['a', 'b'], price: { units: i, nanos: 5 } })));
/** A 2.3 MB JSON body (bench/ui.mjs's large case): Pretty comes from the worker, over the sidecar's cut of it. */
const HUGE = JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: i * 1.5, note: 'x'.repeat(40) })) });
const BY_SKU = 'GET /api/v1/catalog/products/sku/{sku}';
const AUDIT = 'GET /api/v1/audit/logs/{projectCode}';
const AUDIT_NOTES = 'QUERY_AUDIT_LOG_LIST_PAGING_NOTES_OF_THE_PROJECT';
const UPLOAD = 'POST /api/v1/documents/customers/{customerId}/folders/{folder}';
const RENAME = 'POST /api/v1/documents/folders/{folder}/name';
const TASKS = 'GET /api/v1/projects/{projectCode}/task-instances';
const TERMS = 'GET /api/v1/pages/terms';
const LONG_CLASS = 'NotificationChannelSubscriptionPreferencesAdministrationController';
/** An HTML page on one line, as a template engine's minified output comes. */
const ONE_LINE_HTML = `<html><body>${Array.from({ length: 120 }, (_, i) => `<p>Clause ${i + 1} of the terms of use.</p>`).join('')}</body></html>`;

let tmp: string;
let browser: Browser;
/** The tab every test opens its page in (ui-harness.ts: Tab), one page at a time. */
let tab: Tab;
let shop: string;
let ui: UiProcess;
let rpc: RpcClient;
let server: Running;
let project: string;
const ids = new Map<string, string>();
let endpointCount = 0;

beforeAll(async () => {
  expect(BIG.length).toBeGreaterThan(600_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-tool-window-'));
  shop = path.join(tmp, 'shop');
  fs.cpSync(SHOP, shop, { recursive: true });
  // An endpoint with a Chinese name, so search rows show whether CJK names keep their room.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/ReportController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/api/v1/reports")',
      'public class ReportController {',
      `    /** ${CJK_NAME} */`,
      '    @GetMapping("/users/{userId}/orders/statistics/summary/by-month")',
      '    public String summary(@PathVariable String userId, @RequestParam String month) { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  // Query and cookie parameters on a long path: what a 360 px editor must still show.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/PreferenceController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/api/v1/preferences")',
      'public class PreferenceController {',
      '    /** Lists the notification channels of a customer. */',
      '    @GetMapping("/customers/{customerId}/notification-settings/channels")',
      '    public String channels(@PathVariable String customerId, @RequestParam(required = false) String channel, @RequestParam(defaultValue = "0") int page,',
      '            @RequestParam(defaultValue = "20") int size, @RequestParam(required = false) String sort, @RequestParam(required = false) String locale,',
      '            @CookieValue("SESSION") String session, @CookieValue(value = "theme", required = false) String theme) { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  // Documented path, header, cookie and multipart / urlencoded form rows: every table of the editor.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/DocumentController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      'import org.springframework.web.multipart.MultipartFile;',
      '@RestController',
      '@RequestMapping("/api/v1/documents")',
      'public class DocumentController {',
      '    /**',
      '     * Files a document for a customer.',
      '     * @param customerId the customer who owns the document',
      '     * @param folder the folder the document is filed in',
      '     * @param tenant the tenant the call is made for',
      '     * @param title the title of the document',
      '     * @param file the document itself',
      '     * @param session the session of the signed-in user',
      '     */',
      '    @PostMapping(value = "/customers/{customerId}/folders/{folder}", consumes = "multipart/form-data")',
      '    public String upload(@PathVariable long customerId, @PathVariable String folder, @RequestHeader("X-Tenant") String tenant,',
      '            @RequestPart String title, @RequestPart MultipartFile file, @CookieValue("SESSION") String session) { return ""; }',
      '    /**',
      '     * Renames a folder.',
      '     * @param folder the folder to rename',
      '     * @param name the new name of the folder',
      '     */',
      '    @PostMapping(value = "/folders/{folder}/name", consumes = "application/x-www-form-urlencoded")',
      '    public String rename(@PathVariable String folder, @RequestParam String name) { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  // A description that is one long word (an i18n key, as Apache DolphinScheduler's @Operation
  // descriptions are), and the five request tabs with counts: what a 300 px editor must hold.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/AuditController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import io.swagger.v3.oas.annotations.Operation;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/api/v1/audit")',
      'public class AuditController {',
      `    @Operation(summary = "queryAuditLogListPaging", description = "${AUDIT_NOTES}")`,
      '    @GetMapping("/logs/{projectCode}")',
      '    public String logs(@PathVariable long projectCode, @RequestParam int pageNo, @RequestParam int pageSize, @RequestParam(required = false) String searchVal,',
      '            @RequestParam(required = false) String operatorName, @RequestParam(required = false) String startDate) { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  // Long parameter names beside long descriptions, as Apache DolphinScheduler's list endpoints have.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/TaskInstanceController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/api/v1/projects/{projectCode}/task-instances")',
      'public class TaskInstanceController {',
      '    /**',
      '     * Lists the task instances of a project.',
      '     * @param projectCode the code of the project whose task instances are listed, as the project list shows it',
      '     * @param workflowInstanceId only the task instances of the workflow instance with this id, when given',
      '     * @param workflowInstanceName only the task instances of workflow instances whose name contains this text',
      '     * @param taskExecuteType whether the task instances ran as batch or as stream tasks, both when not given',
      '     */',
      '    @GetMapping',
      '    public String list(@PathVariable long projectCode, @RequestParam(required = false) Integer workflowInstanceId,',
      '            @RequestParam(required = false) String workflowInstanceName, @RequestParam(required = false) String taskExecuteType) { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/PageController.java'),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      '@RequestMapping("/api/v1/pages")',
      'public class PageController {',
      '    /** The terms of use, as HTML. */',
      '    @GetMapping(value = "/terms", produces = "text/html")',
      '    public String terms() { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  // A class name wider than a 300 px tree, as quarkus-quickstarts' module names are.
  fs.writeFileSync(
    path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web', `${LONG_CLASS}.java`),
    [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      `public class ${LONG_CLASS} {`,
      '    @GetMapping("/api/v1/admin/subscriptions")',
      '    public String list() { return ""; }',
      '}',
      '',
    ].join('\n'),
  );
  server = await httpServer((req, res, body) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/v1/pages/terms') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(ONE_LINE_HTML);
    } else if (url.pathname.endsWith('/receipt')) {
      res.setHeader('content-type', 'image/png');
      res.end(PNG);
    } else if (url.pathname.endsWith('/catalog/products/sku/huge')) {
      res.setHeader('content-type', 'application/json');
      res.end(HUGE);
    } else if (url.pathname.endsWith('/catalog/products/count')) {
      res.setHeader('content-type', 'application/json');
      res.end(BIG);
    } else if (url.pathname === '/api/v1/orders') {
      res.statusCode = 204;
      res.end();
    } else echo(req, res, body);
  });
  ui = new UiProcess(shop);
  rpc = await ui.rpc();
  project = (await rpc.request('project/open', { root: shop })).project;
  await rpc.request('project/wait', { project });
  for (const m of (await rpc.request('endpoints/tree', { project })).modules) for (const c of m.classes) for (const e of c.endpoints) ids.set(e.address, e.id);
  endpointCount = ids.size;
  browser = await launchChromium();
  tab = await Tab.open(browser, { colorScheme: 'light' });
  tab.page.setDefaultTimeout(UI_WAIT_MS);
}, 90_000);

afterAll(async () => {
  await releaseChromium(browser);
  rpc?.close();
  if (ui) expect(await ui.stop()).toBe(0);
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The explorer opened afresh at `width` (in the file's one tab, as a new page would start: Tab.load). */
async function open(width: number, query = ''): Promise<Page> {
  const page = await tab.load(`${await ui.url}${query}`, { width, height: 820 });
  await page.locator('.toolbar .count').filter({ hasText: `${endpointCount} endpoints` }).waitFor();
  return page;
}

/**
 * The tool window dragged to `width` with the page open, as a user resizes it (the app follows the
 * window's resize event, layout.tsx): a test that checks a layout at several widths opens one page
 * at the first and resizes it for the others (a page open costs about a second of CPU). Every width
 * is also opened fresh by the per-width tests above and below.
 */
async function resize(page: Page, width: number): Promise<void> {
  await resizeTo(page, width, 820);
}

async function close(page: Page): Promise<void> {
  expect(page).toBe(tab.page);
  expect(await tab.leave()).toEqual([]);
}

/** Opens an endpoint through the search field (a narrow window then shows the editor). */
async function select(page: Page, address: string): Promise<void> {
  const search = page.getByLabel('Search endpoints');
  await search.fill(address);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(address));
  await search.press('Enter');
  await poll(() => page.locator('input.path-field').inputValue()).toBe(address.slice(address.indexOf(' ') + 1));
}

async function send(page: Page, address: string): Promise<void> {
  await select(page, address);
  const editor = page.locator('.request-editor');
  await editor.getByLabel('Host').fill(server.url);
  await editor.getByRole('button', { name: 'Send' }).click();
  await poll(() => page.locator('.response-panel .status').count()).toBe(1);
}

/** Elements wider than their box: what a horizontal scroll bar or a clipped control would show. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('html, body, .app, .explorer, .toolbar, .details, .details-inner, .request-editor, .request-line, .response-panel, .body-tools, .vlist')]
      .filter((el) => el === document.documentElement || el.offsetParent !== null)
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth} > ${el.clientWidth}`),
  );
}

/** Search rows whose path is cut (an ellipsis) while the module and class beside it are cut too. */
function pathsCutBeforeWhere(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#results .row')]
      .filter((row) => {
        const where = row.querySelector<HTMLElement>('.where')!;
        return where.clientWidth > 0 && where.scrollWidth > where.clientWidth;
      })
      // The path's two ends (search-results.tsx cuts it in the middle), each a box of its own.
      .flatMap((row) => [...row.querySelectorAll<HTMLElement>('.path > *')])
      .filter((path) => {
        const text = document.createRange();
        text.selectNodeContents(path);
        return text.getBoundingClientRect().width > path.getBoundingClientRect().width + 0.01;
      })
      .map((path) => `${path.textContent} in ${path.getBoundingClientRect().width} px`),
  );
}

async function inView(page: Page, selector: string, width: number): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5 && box.width > 0;
}

describe('layout from a narrow tool window to a full screen', () => {
  for (const width of WIDTHS) {
    it(`${width} px: nothing overflows, Send stays in sight, ${width < 700 ? 'master/detail with a back button' : 'splitters remembered per project'}`, async () => {
      const page = await open(width);
      expect(await overflowing(page)).toEqual([]);
      await send(page, ADD_ITEM);
      expect(await overflowing(page)).toEqual([]);
      expect(await inView(page, 'button.send', width)).toBe(true);
      // Reset stays beside Send (at 600 px the path takes the line below instead).
      const [sendBox, resetBox] = await Promise.all(['Send', 'Reset'].map((name) => page.locator('.request-line').getByRole('button', { name, exact: true }).boundingBox()));
      expect(Math.abs(resetBox!.y - sendBox!.y)).toBeLessThan(2);
      await page.screenshot({ path: screenshotPath(`tool-window-${width}`) });
      if (width < 700) {
        // Master/detail: the editor replaced the tree; Back brings the tree with the endpoint still selected.
        expect(await page.locator('.explorer').isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Back to the endpoints' }).click();
        await page.locator('.explorer').waitFor();
        expect(await page.locator('.details').isVisible()).toBe(false);
        await page.getByLabel('Search endpoints').fill('');
        await page.locator(`#tree .row.selected[data-key="${ids.get(ADD_ITEM)}"]`).waitFor();
        expect(await overflowing(page)).toEqual([]);
      } else {
        // Tree | editor: dragged 120 px wider, kept after a reload.
        const bar = page.getByRole('separator', { name: 'Resize the endpoint list' });
        const before = Number(await bar.getAttribute('aria-valuenow'));
        const box = (await bar.boundingBox())!;
        await page.mouse.move(box.x + box.width / 2, box.y + 200);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 + 60, box.y + 200, { steps: 3 });
        await page.mouse.move(box.x + box.width / 2 + 120, box.y + 200, { steps: 3 });
        await page.mouse.up();
        await poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(before + 100);
        const tree = Number(await bar.getAttribute('aria-valuenow'));
        // Request | response by the keyboard: two steps down.
        const split = page.getByRole('separator', { name: 'Resize the request and the response' });
        expect(await split.getAttribute('aria-valuenow')).toBe('60');
        await split.focus();
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        await poll(() => split.getAttribute('aria-valuenow')).toBe('70');
        await page.reload();
        await page.locator('.toolbar .count').filter({ hasText: `${endpointCount} endpoints` }).waitFor();
        expect(Number(await page.getByRole('separator', { name: 'Resize the endpoint list' }).getAttribute('aria-valuenow'))).toBe(tree);
        await poll(() => page.getByRole('separator', { name: 'Resize the request and the response' }).getAttribute('aria-valuenow')).toBe('70');
      }
      await close(page);
    }, 90_000);
  }

  it('a required row keeps its mark beside the name field, level with the value, at every width', async () => {
    const page = await open(WIDTHS[0]);
    await select(page, SUMMARY);
    for (const width of WIDTHS) {
      await resize(page, width);
      await page.locator('.request-editor').getByRole('tab', { name: /^Params/ }).click();
      const row = page.locator('.param-table tr').filter({ has: page.locator('.required') }).first();
      const [name, value, mark] = await Promise.all(['input.param-name', 'input.param-value', '.required'].map(async (s) => (await row.locator(s).boundingBox())!));
      const middle = (b: { y: number; height: number }) => b.y + b.height / 2;
      expect(Math.abs(middle(name) - middle(value))).toBeLessThanOrEqual(2);
      expect(middle(mark)).toBeGreaterThan(name.y);
      expect(middle(mark)).toBeLessThan(name.y + name.height);
    }
    await close(page);
  }, 90_000);

  it('360 px: the path has a line of its own, and Params shows its cookie rows without scrolling before the first Send', async () => {
    const page = await open(360);
    await select(page, CHANNELS);
    const editor = page.locator('.request-editor');
    await editor.getByRole('tab', { name: /^Params/ }).click();
    const pathBox = (await page.locator('input.path-field').boundingBox())!;
    const editorBox = (await editor.boundingBox())!;
    // The whole editor's width less its padding, not a stub of the first characters.
    expect(pathBox.width).toBeGreaterThan(editorBox.width - 40);
    // Every cookie row inside the editor's visible box, the editor not scrolled.
    expect(await editor.evaluate((el) => el.scrollTop)).toBe(0);
    const cookies = editor.locator('.param-table').filter({ has: page.getByRole('heading', { name: 'Cookies' }) });
    const names = cookies.locator('input.param-name');
    await poll(() => names.count()).toBe(2);
    for (let i = 0; i < 2; i++) {
      const box = (await names.nth(i).boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(editorBox.y);
      expect(box.y + box.height).toBeLessThanOrEqual(editorBox.y + editorBox.height);
    }
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('tool-window-cookies-360') });
    // After a Send the response takes its share again, with the path still whole.
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.locator('.response-panel .status').count()).toBe(1);
    expect((await page.locator('.response-panel').boundingBox())!.height).toBeGreaterThan(200);
    expect((await page.locator('input.path-field').boundingBox())!.width).toBeGreaterThan(editorBox.width - 40);
    await close(page);
  }, 90_000);

  // At 360 px the name and the value share the row (the description is in the name's tooltip).
  it('keeps long parameter names whole beside long descriptions, from 600 px', async () => {
    const page = await open(600);
    for (const width of [600, 1400]) {
      await resize(page, width);
      const back = page.getByRole('button', { name: 'Back to the endpoints' });
      if (await back.isVisible()) await back.click();
      await select(page, TASKS);
      await page.locator('.request-editor').getByRole('tab', { name: /^Params/ }).click();
      const names = page.locator('.request-editor .param-table input.param-name');
      await names.first().waitFor();
      const cut = await names.evaluateAll((list) =>
        (list as HTMLInputElement[]).filter((i) => i.scrollWidth > i.clientWidth + 1).map((i) => `${i.value} (${i.clientWidth} of ${i.scrollWidth} px)`),
      );
      expect(cut, `${width} px`).toEqual([]);
      // Not at the value's cost: its field keeps room for a value.
      const values = await page.locator('.request-editor .param-table input.param-value').evaluateAll((list) => list.map((i) => i.clientWidth));
      expect(Math.min(...values), `${width} px: the narrowest value field`).toBeGreaterThanOrEqual(80);
      expect(await names.evaluateAll((list) => (list as HTMLInputElement[]).map((i) => i.value))).toEqual(expect.arrayContaining(['workflowInstanceId', 'workflowInstanceName', 'taskExecuteType']));
      expect(await page.locator('.request-editor .param-table td.doc').first().isVisible(), `${width} px: descriptions`).toBe(true);
    }
    await close(page);
  }, 90_000);

  it('every parameter table (Path, Query, Cookies, Headers, Form, multipart) heads only the columns it shows, at every width; a narrow one keeps the description in the name\'s tooltip', async () => {
    /** Each table's visible header cells and, per row, its visible cells: text and left edge. */
    const tables = (page: Page) =>
      page.locator('.request-editor .param-table table').evaluateAll((list) =>
        list.map((t) => {
          const shown = (el: Element) => el.getClientRects().length > 0;
          const cell = (el: Element) => ({ text: (el.textContent || el.getAttribute('aria-label') || '').trim(), left: Math.round(el.getBoundingClientRect().left) });
          return {
            caption: t.closest('.param-table')!.querySelector('h3')?.textContent ?? '',
            head: [...t.querySelectorAll('thead th')].filter(shown).map(cell),
            rows: [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].filter(shown).map(cell)),
            titles: [...t.querySelectorAll('tbody .name-cell')].map((n) => n.getAttribute('title') ?? ''),
            width: Math.round(t.getBoundingClientRect().width),
            box: Math.round(t.closest('.param-table')!.getBoundingClientRect().width),
          };
        }),
      );
    const views: Array<[string, string, string[]]> = [
      [UPLOAD, 'Path', ['the customer who owns the document', 'the folder the document is filed in']],
      [UPLOAD, 'Headers', ['the tenant the call is made for']],
      [UPLOAD, 'Form', ['the title of the document', 'the document itself']],
      [RENAME, 'Form', ['the new name of the folder']],
      [CHANNELS, 'Params', []],
    ];
    const page = await open(WIDTHS[0]);
    for (const width of WIDTHS) {
      await resize(page, width);
      for (const [address, tab, docs] of views) {
        // Master/detail: back to the list for the next endpoint.
        const back = page.getByRole('button', { name: 'Back to the endpoints' });
        if (await back.isVisible()) await back.click();
        await select(page, address);
        await page.locator('.request-editor').getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await page.locator('.request-editor .param-table tbody tr').first().waitFor();
        const seen = await tables(page);
        expect(seen.length).toBeGreaterThan(0);
        for (const t of seen) {
          const where = `${width} px, ${address} ${tab} ${t.caption}`;
          expect(t.rows.length, where).toBeGreaterThan(0);
          // One header per shown column, over its cells: no header without its column, no column without its header.
          for (const row of t.rows) {
            expect(row.length, where).toBe(t.head.length);
            row.forEach((c, i) => expect(Math.abs(c.left - t.head[i]!.left), `${where}: column ${t.head[i]!.text}`).toBeLessThanOrEqual(1));
          }
          expect(t.width, where).toBeLessThanOrEqual(t.box);
          const heads = t.head.map((h) => h.text);
          if (width < 560) expect(heads, where).not.toContain('Description');
          else expect(heads, where).toContain('Description');
          if (address === UPLOAD && tab === 'Form') expect(heads, where).toContain('File');
          // Shown in its column when there is room, in the name's tooltip always.
          const text = t.rows.flat().map((c) => c.text).join('\n');
          for (const d of docs) {
            expect(t.titles.some((title) => title.includes(d)), `${where}: tooltip ${d}`).toBe(true);
            if (width < 560) expect(text, where).not.toContain(d);
            else expect(text, where).toContain(d);
          }
        }
      }
      expect(await overflowing(page)).toEqual([]);
      if (await page.getByRole('button', { name: 'Back to the endpoints' }).isVisible()) await page.getByRole('button', { name: 'Back to the endpoints' }).click();
      await select(page, UPLOAD);
      await page.locator('.request-editor').getByRole('tab', { name: /^Path/ }).click();
      await page.screenshot({ path: screenshotPath(`tool-window-path-table-${width}`) });
    }
    await close(page);
  }, 120_000);

  it('300 px: the Request tab breaks a long URL (encoded query values) inside the panel; a header\'s value goes under its name, whole words on a line', async () => {
    const page = await open(300);
    await select(page, CHANNELS);
    const editor = page.locator('.request-editor');
    await editor.getByRole('tab', { name: /^Params/ }).click();
    await editor.getByLabel('Send sort').check();
    await editor.getByLabel('Value of sort').fill('createdAt,desc;' + 'x'.repeat(40) + ':2022-04-06 00:00:00,2022-04-07 00:00:00');
    await editor.getByLabel('Host').fill(server.url);
    await editor.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.locator('.response-panel .status').count()).toBe(1);
    await page.locator('.response-panel').getByRole('tab', { name: 'Request' }).click();
    const line = page.locator('.response-panel .sent-line');
    await poll(() => line.textContent()).toContain('%2C2022-04-07');
    expect(await overflowing(page)).toEqual([]);
    const [box, panel] = [(await line.boundingBox())!, (await page.locator('.response-panel').boundingBox())!];
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await page.screenshot({ path: screenshotPath('tool-window-sent-url-300') });
    // Response headers: the date breaks at no letter (it has the panel's width under its name).
    const headers = page.locator('.response-panel');
    await headers.getByRole('tab', { name: /^Headers/ }).click();
    const date = headers.getByRole('table', { name: 'Response headers' }).locator('tr').filter({ has: page.locator('th', { hasText: /^date$/ }) }).locator('td');
    const lines = (td: HTMLElement) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set([...range.getClientRects()].map((b) => Math.round(b.top))).size;
    };
    expect(await date.evaluate(lines)).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await close(page);
  }, 60_000);

  it('300 and 320 px: a one-word description breaks inside the editor; at 320 px the five request tabs, counts and all, keep one row', async () => {
    const page = await open(320);
    await select(page, AUDIT);
    const editor = page.locator('.request-editor');
    await poll(() => editor.locator('.description').textContent()).toBe(AUDIT_NOTES);
    const tabs = editor.getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Path1', 'Params5', 'Headers', 'Form', 'Body']);
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('tool-window-tabs-320') });
    await resize(page, 300);
    await poll(() => editor.locator('.description').textContent()).toBe(AUDIT_NOTES);
    expect(await overflowing(page)).toEqual([]);
    await close(page);
  }, 60_000);

  it('300 px: the request tabs keep one row with four counts (an upload\'s path, cookie, header and form rows)', async () => {
    const page = await open(300);
    await select(page, UPLOAD);
    const tabs = page.locator('.request-editor').getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['Path2', 'Params1', 'Headers1', 'Form2', 'Body']);
    const tops = await tabs.evaluateAll((all) => all.map((t) => t.getBoundingClientRect().top));
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
    expect(await overflowing(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('tool-window-tabs-counts-300') });
    await close(page);
  }, 60_000);

  it('maximises the response and restores it, the request line (Send) staying in sight, at every width', async () => {
    const page = await open(WIDTHS[0]);
    await send(page, ADD_ITEM);
    for (const width of WIDTHS) {
      await resize(page, width);
      const max = page.getByRole('button', { name: 'Maximise the response' });
      await max.click();
      await page.getByRole('button', { name: 'Restore the response' }).waitFor();
      expect(await page.locator('.request-editor .tabs').isVisible()).toBe(false);
      expect(await inView(page, 'button.send', width)).toBe(true);
      expect(await overflowing(page)).toEqual([]);
      if (width === 600) await page.screenshot({ path: screenshotPath('tool-window-maximised-600') });
      await page.getByRole('button', { name: 'Restore the response' }).click();
      await page.locator('.request-editor .tabs').waitFor();
    }
    await close(page);
  }, 120_000);
});

describe('big bodies in the read-only viewer', () => {
  for (const width of WIDTHS) {
    it(`${width} px: a 600,000-character JSON is highlighted, foldable and searchable, Pretty capped at 500,000`, async () => {
      const page = await open(width);
      await send(page, COUNT);
      const panel = page.locator('.response-panel');
      // Pretty (the default) comes from the worker; the cap holds; only the lines in view are in the DOM.
      await poll(async () => (await bodyText(panel)).startsWith('[\n  {\n    "id": 0,')).toBe(true);
      expect((await bodyText(panel)).length).toBe(500_000);
      expect(await panel.locator('.truncated').textContent()).toContain('truncated at 500,000 characters');
      expect(await panel.locator('.cm-line').count()).toBeLessThan(400);
      expect(await panel.locator('.cm-foldGutter').count()).toBe(1);
      await poll(() => panel.locator('.cm-line span').count()).toBeGreaterThan(0); // highlighted tokens, a moment after the text
      // Search inside the body.
      await panel.getByRole('button', { name: 'Find', exact: true }).click();
      const find = panel.getByLabel('Text to find in the body');
      await find.fill('sku-1234');
      await find.press('Enter');
      await panel.locator('.cm-searchMatch').first().waitFor();
      expect(await panel.locator('.find-count').textContent()).toBe('1 match');
      expect(await panel.locator('.cm-searchMatch').first().textContent()).toBe('sku-1234');
      // Raw is the body as it came (one line), no worker needed.
      await panel.getByRole('button', { name: 'Raw' }).click();
      await poll(async () => (await bodyText(panel)).length).toBe(500_000);
      expect((await bodyText(panel)).startsWith('[{"id":0,')).toBe(true);
      // Another tab and back: the same viewer, kept under the other tab, is shown again (no new
      // viewer, no second Pretty) and Raw is still chosen.
      await panel.locator('.body-code .cm-editor').evaluate((el) => ((el as HTMLElement & { kept?: boolean }).kept = true));
      await panel.getByRole('tab', { name: /^Headers/ }).click();
      await panel.getByRole('table', { name: 'Response headers' }).waitFor();
      expect(await panel.locator('.body-code').isVisible()).toBe(false);
      await panel.getByRole('tab', { name: 'Body' }).click();
      await panel.locator('.cm-line').first().waitFor();
      expect(await panel.locator('.body-code .cm-editor').evaluate((el) => (el as HTMLElement & { kept?: boolean }).kept)).toBe(true);
      expect(await panel.getByRole('button', { name: 'Raw' }).getAttribute('aria-pressed')).toBe('true');
      expect((await bodyText(panel)).startsWith('[{"id":0,')).toBe(true);
      expect(await panel.locator('.cm-line').count()).toBeGreaterThan(0);
      expect(await overflowing(page)).toEqual([]);
      if (width === 1400) await page.screenshot({ path: screenshotPath('tool-window-big-body-1400') });
      // Save as into a folder that does not exist yet: created.
      await panel.getByRole('button', { name: 'Save as…' }).click();
      await panel.getByLabel('Save to file').fill(`saved-${width}/new/body.json`);
      await panel.getByRole('button', { name: 'Save', exact: true }).click();
      await panel.locator('.saved').waitFor();
      expect(fs.readFileSync(path.join(shop, `saved-${width}/new/body.json`), 'utf8')).toBe(BIG);
      await close(page);
    }, 90_000);
  }

  it('a 2.3 MB JSON: Pretty arrives from the worker, is the indented JSON and is highlighted; Raw is the body as it came', async () => {
    expect(HUGE.length).toBeGreaterThan(2_000_000);
    const page = await open(1400);
    await select(page, BY_SKU);
    const editor = page.locator('.request-editor');
    await editor.getByLabel('Host').fill(server.url);
    await editor.locator('input.path-field').fill('/api/v1/catalog/products/sku/huge');
    await editor.getByRole('button', { name: 'Send' }).click();
    const panel = page.locator('.response-panel');
    const pretty = JSON.stringify(JSON.parse(HUGE), null, 2).slice(0, 500_000);
    await poll(async () => (await bodyText(panel)).startsWith('{\n  "items": [')).toBe(true);
    expect(await bodyText(panel)).toBe(pretty);
    await panel.locator('.formatting').waitFor({ state: 'detached' });
    expect(await panel.locator('.cm-foldGutter').count()).toBe(1);
    await poll(() => panel.locator('.cm-line span').count()).toBeGreaterThan(0); // highlighted tokens, a moment after the text
    await panel.getByRole('button', { name: 'Raw' }).click();
    await poll(async () => (await bodyText(panel)).startsWith('{"items":[')).toBe(true);
    expect(await bodyText(panel)).toBe(HUGE.slice(0, 500_000));
    await close(page);
  }, 90_000);

  it('previews an image/* body beside its type and size, with Save as; an empty body offers no Save as', async () => {
    const page = await open(WIDTHS[0]);
    for (const width of WIDTHS) {
      await resize(page, width);
      // Master/detail: back to the list from the last width's response.
      const back = page.getByRole('button', { name: 'Back to the endpoints' });
      if (await back.isVisible()) await back.click();
      // The image is this Send's response (the last width's was the empty body).
      await send(page, RECEIPT);
      const panel = page.locator('.response-panel');
      await poll(() => panel.locator('img.image-preview').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
      expect(await panel.locator('.binary').textContent()).toContain(`image/png, ${PNG.length} bytes`);
      expect(await panel.getByRole('button', { name: 'Save as…' }).count()).toBe(1);
      if (width === 360) await page.screenshot({ path: screenshotPath('tool-window-image-360') });
      if (width >= 700) await page.getByLabel('Search endpoints').fill('');
      else await page.getByRole('button', { name: 'Back to the endpoints' }).click();
      await send(page, ORDERS);
      await panel.getByText('Empty body.').waitFor();
      expect(await panel.getByRole('button', { name: 'Save as…' }).count()).toBe(0);
    }
    await close(page);
  }, 120_000);
});

describe('search over the six fields', () => {
  it('420 px: Enter right after typing opens the typed query\'s first hit, not the row an older query left', async () => {
    const page = await open(420);
    const search = page.getByLabel('Search endpoints');
    await search.fill('orders');
    await poll(() => page.locator('.result-count').textContent()).toMatch(/matches/);
    const older = await page.locator('#results .row').first().getAttribute('data-key');
    expect(older).not.toBe(ids.get(CHANNELS));
    // A pasted path and Enter in the next task, as a keyboard does it: the rows shown are still
    // those of 'orders' (the search waits for a pause in the typing).
    await search.evaluate(async (el: HTMLInputElement) => {
      el.value = '/api/v1/preferences/customers/42/notification-settings/channels';
      el.dispatchEvent(new InputEvent('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await poll(() => page.locator('input.path-field').inputValue()).toBe(CHANNELS.slice(CHANNELS.indexOf(' ') + 1));
    expect(await page.locator('.request-editor h2').textContent()).toContain('notification channels');
    await close(page);
  }, 60_000);

  it('420 px: a pending Enter is dropped when the user moves on before its results come (opens an older row, goes down into the list, presses Escape)', async () => {
    const page = await open(420);
    const search = page.getByLabel('Search endpoints');
    const pasted = '/api/v1/preferences/customers/42/notification-settings/channels';
    const channels = CHANNELS.slice(CHANNELS.indexOf(' ') + 1);
    for (const then of ['open an older row', 'go down into the list', 'Escape'] as const) {
      if (await page.getByRole('button', { name: 'Endpoints' }).isVisible()) await page.getByRole('button', { name: 'Endpoints' }).click();
      await search.fill('orders');
      await poll(() => page.locator('.result-count').textContent()).toMatch(/matches/);
      const older = page.locator('#results .row').first();
      expect(await older.getAttribute('data-key')).not.toBe(ids.get(CHANNELS));
      const olderPath = (await older.locator('.path').getAttribute('title'))!;
      // Pasted, Enter, and the next action in one task: the search waits for a pause in the typing
      // (app.tsx), so the pasted query's results come after all three, whatever the machine's load.
      await search.evaluate(async (el: HTMLInputElement, [text, then]) => {
        el.value = text;
        el.dispatchEvent(new InputEvent('input', { bubbles: true }));
        await new Promise((r) => setTimeout(r, 0));
        el.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        if (then === 'open an older row') document.querySelector<HTMLElement>('#results .row')!.click();
        else el.dispatchEvent(new KeyboardEvent('keydown', { key: then === 'Escape' ? 'Escape' : 'ArrowDown', bubbles: true }));
      }, [pasted, then] as const);
      if (then === 'Escape') {
        await poll(() => search.inputValue()).toBe('');
        // Typed again by hand: a search of its own, which opens nothing until Enter.
        await search.fill(pasted);
      }
      // The pasted query's hit is listed: had the pending Enter still been there, it would have opened with it.
      await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(CHANNELS));
      if (then === 'open an older row') {
        // The row the user opened stays open: the editor shows one of the two, and it is that one.
        await poll(async () => [olderPath, channels].includes(await page.locator('input.path-field').inputValue())).toBe(true);
        expect(await page.locator('input.path-field').inputValue()).toBe(olderPath);
      } else {
        // Still the list, the focus where the user put it: no flip to the details pane.
        expect(await page.locator('#results').isVisible()).toBe(true);
        expect(await page.locator('.request-editor').isVisible()).toBe(false);
        if (then === 'go down into the list') expect(await page.evaluate(() => document.activeElement?.id)).toBe('results');
      }
      if (await page.locator('input.path-field').count()) expect(await page.locator('input.path-field').inputValue()).not.toBe(channels);
    }
    await close(page);
  }, 60_000);

  for (const width of WIDTHS) {
    it(`${width} px: class name, pasted path with a context path, CJK names with room, counts that say what they are`, async () => {
      const page = await open(width);
      const search = page.getByLabel('Search endpoints');
      await search.fill('OrderController');
      await poll(() => page.locator('#results .row').count()).toBeGreaterThan(2);
      const where = await page.locator('#results .row .where').allTextContents();
      expect(where.every((w) => w.endsWith('OrderController'))).toBe(true);
      // The module and class give their room first: no path is cut while its row's where still
      // has some to give (a fraction of a pixel taken from the path cost it two characters).
      expect(await pathsCutBeforeWhere(page)).toEqual([]);
      const n = await page.locator('#results .row').count();
      expect(await page.locator('.result-count').textContent()).toBe(`${n} matches of ${endpointCount} endpoints`);

      await search.fill('/shop/api/v1/orders/42');
      await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(ORDER));

      await search.fill('获取用户');
      const name = page.locator('#results .row .name').first();
      await poll(() => name.textContent()).toBe(CJK_NAME);
      // Room for at least four ideographs, whatever the path's length.
      const fontSize = await name.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(await name.evaluate((el) => el.clientWidth)).toBeGreaterThanOrEqual(4 * fontSize);
      if (width === 360) await page.screenshot({ path: screenshotPath('tool-window-cjk-360') });
      expect(await overflowing(page)).toEqual([]);
      await close(page);
    }, 60_000);
  }
});

describe('cursor, selection and Reset', () => {
  for (const width of WIDTHS) {
    it(`${width} px: the selected endpoint comes back after a reload; double-click selects no text`, async () => {
      const page = await open(width);
      await select(page, ORDER);
      await page.reload();
      await page.locator('.toolbar .count').filter({ hasText: `${endpointCount} endpoints` }).waitFor();
      await page.locator(`#tree .row.selected[data-key="${ids.get(ORDER)}"]`).waitFor();
      expect(await page.locator(`#tree .row.active`).getAttribute('data-key')).toBe(ids.get(ORDER));
      if (width >= 700) await poll(() => page.locator('input.path-field').inputValue()).toBe('/api/v1/orders/{orderId}');
      const cls = page.locator('#tree .row.kind-class').first();
      await cls.dblclick();
      expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
      await close(page);
    }, 60_000);
  }

  it('keeps the keyboard cursor on its endpoint when a Refresh inserts rows above it', async () => {
    const page = await open(1400);
    await select(page, ORDER);
    await page.getByLabel('Search endpoints').fill('');
    const active = page.locator('#tree .row.active');
    await poll(() => active.getAttribute('data-key')).toBe(ids.get(ORDER));
    const rowBefore = await active.getAttribute('id');
    fs.writeFileSync(
      path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/AaaController.java'),
      'package com.acme.shop.orders.web;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class AaaController {\n  @GetMapping("/aaa/one") public String one() { return ""; }\n  @GetMapping("/aaa/two") public String two() { return ""; }\n}\n',
    );
    try {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.locator('.toolbar .count').filter({ hasText: `${endpointCount + 2} endpoints` }).waitFor();
      await poll(() => active.getAttribute('data-key')).toBe(ids.get(ORDER));
      expect(await page.locator('#tree .row.active').count()).toBe(1);
      expect(await active.getAttribute('id')).not.toBe(rowBefore); // it did move down
    } finally {
      fs.rmSync(path.join(shop, 'orders/src/main/java/com/acme/shop/orders/web/AaaController.java'));
      await rpc.request('project/refresh', { project });
    }
    await close(page);
  }, 60_000);

  it('Reset to Default reads the request DTO again: a field added to it appears', async () => {
    const page = await open(1400);
    await select(page, ADD_ITEM);
    const editor = page.locator('.request-editor');
    await editor.getByRole('tab', { name: 'Body' }).click();
    expect(await editor.locator('.json-editor').textContent()).not.toContain('giftNote');
    const dto = path.join(shop, 'orders/src/main/java/com/acme/shop/orders/dto/AddCartItemRequest.java');
    const was = fs.readFileSync(dto, 'utf8');
    fs.writeFileSync(dto, was.replace('@Min(1) int quantity)', '@Min(1) int quantity, String giftNote)'));
    try {
      await editor.getByRole('button', { name: 'Reset' }).click();
      await poll(() => editor.locator('.json-editor').textContent()).toContain('giftNote');
    } finally {
      fs.writeFileSync(dto, was);
      await rpc.request('project/refresh', { project });
    }
    await close(page);
  }, 60_000);

  it('has Reset to Default on a class; toasts keep off the tree', async () => {
    for (const width of [600, 1400]) {
      const page = await open(width);
      const cls = page.locator('#tree .row.kind-class').first();
      await cls.click({ button: 'right' });
      await page.getByRole('menu').getByText('Reset to Default').click();
      const toast = page.locator('.toast').filter({ hasText: 'Reset to Default' });
      await toast.waitFor();
      expect(await toast.textContent()).toMatch(/\d+ endpoints? back to the values from source/);
      if (width >= 700) {
        const t = (await toast.boundingBox())!;
        const tree = (await page.locator('.explorer').boundingBox())!;
        expect(t.x).toBeGreaterThanOrEqual(tree.x + tree.width);
      }
      await close(page);
    }
  }, 60_000);
});

describe('hosted in IntelliJ', () => {
  for (const width of WIDTHS) {
    it(`${width} px: takes the IDE's theme and font size from the URL and from a posted theme message; icon toolbar with tooltips`, async () => {
      const page = await open(width, '?host=intellij&theme=dark&fontSize=15');
      const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(await bg()).toBe('rgb(43, 43, 43)'); // Darcula
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('15px');
      for (const name of ['Refresh', 'Collapse All', 'Expand All', 'Export', 'Environments', 'Settings']) {
        const b = page.locator('.toolbar').getByRole('button', { name, exact: true });
        expect(await b.getAttribute('title')).toBeTruthy();
        expect(await b.locator('svg').count()).toBe(1);
      }
      expect(await page.locator('.toolbar .count').isVisible()).toBe(true);
      if (width === 600) await page.screenshot({ path: screenshotPath('tool-window-darcula-600') });
      // The plugin posts the new Look and Feel through the same path as `reveal`.
      await page.evaluate(() => window.postMessage({ type: 'theme', theme: 'light', fontSize: 12 }, '*'));
      await poll(bg).toBe('rgb(255, 255, 255)');
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('12px');
      expect(await overflowing(page)).toEqual([]);
      await close(page);
    }, 60_000);
  }
});

/**
 * The code views' colours as drawn: each highlighted token's contrast with the background behind
 * it (WCAG's ratio), and the gutter's contrast with the page (a pale stripe on a dark page is high).
 */
function codeColours(page: Page, selector: string): Promise<{ tokens: { text: string; colour: string; ratio: number }[]; gutter: number }> {
  return page.locator(selector).evaluate((root) => {
    const rgb = (c: string) => (/rgba?\(([^)]*)\)/.exec(c)?.[1] ?? '0, 0, 0, 0').split(',').map((x) => parseFloat(x));
    const luminance = ([r, g, b]: number[]) =>
      [r!, g!, b!].map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x! + 0.05) / (y! + 0.05);
    };
    /** The background behind `el` as drawn: its translucent layers (an active line) over the first opaque one. */
    const behind = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (; el; el = el.parentElement) {
        const c = rgb(getComputedStyle(el).backgroundColor);
        if (c.length < 4 || c[3] === 1) return layers.reduceRight((under, [r, g, b, a]) => [r!, g!, b!].map((v, i) => v * a! + under[i]! * (1 - a!)), c);
        if (c[3]! > 0) layers.push(c);
      }
      return layers.reduceRight((under, [r, g, b, a]) => [r!, g!, b!].map((v, i) => v * a! + under[i]! * (1 - a!)), [255, 255, 255]);
    };
    const tokens = [...root.querySelectorAll('.cm-content span')]
      .filter((el) => el.children.length === 0 && el.textContent!.trim())
      .map((el) => ({ text: el.textContent!, colour: getComputedStyle(el).color, ratio: ratio(rgb(getComputedStyle(el).color), behind(el)) }));
    const gutter = ratio(behind(root.querySelector('.cm-gutters')), behind(document.body));
    return { tokens, gutter };
  });
}

describe('code in the IDE\'s dark theme', () => {
  it('request and response bodies: tokens readable on Darcula, gutters as dark as the page; light again after a light theme message', async () => {
    const page = await open(600, '?host=intellij&theme=dark');
    await send(page, ADD_ITEM);
    await page.locator('.request-editor').getByRole('tab', { name: /Body/ }).click();
    for (const view of ['.request-editor .json-editor', '.response-panel .body-code']) {
      await page.locator(`${view} .cm-content span`).first().waitFor();
      const { tokens, gutter } = await codeColours(page, view);
      expect(tokens.length, view).toBeGreaterThan(0);
      // WCAG AA for text: 4.5 to 1. CodeMirror's light style gave strings 1.5 to 1 on Darcula.
      expect(tokens.filter((t) => t.ratio < 4.5), view).toEqual([]);
      expect(gutter, `${view}: gutter against the page`).toBeLessThan(1.5);
    }
    await page.screenshot({ path: screenshotPath('tool-window-code-darcula-600') });
    // The IDE switches to a light Look and Feel: CodeMirror's own light colours again (#a11 strings).
    await page.evaluate(() => window.postMessage({ type: 'theme', theme: 'light', fontSize: 13 }, '*'));
    await poll(async () => (await codeColours(page, '.request-editor .json-editor')).tokens.find((t) => t.text.startsWith('"') && !t.text.endsWith(':'))?.colour).toBe('rgb(170, 17, 17)');
    await close(page);
  }, 60_000);
});

describe('the environment in sight', () => {
  it('shows the active environment and the variables with their values; an undefined variable is named, not a DNS error', async () => {
    await rpc.request('env/save', { project, environment: { name: 'dev', variables: [{ key: 'host', value: server.url }] } });
    await rpc.request('env/select', { project, name: 'dev' });
    try {
      const page = await open(WIDTHS[0]);
      await select(page, ADD_ITEM);
      for (const width of WIDTHS) {
        // The editor stays open on the endpoint as the window is resized (master/detail or side by side).
        await resize(page, width);
        const editor = page.locator('.request-editor');
        await poll(() => editor.locator('.env-chip').textContent()).toBe('dev');
        await editor.getByLabel('Host').fill('{{host}}');
        const known = editor.locator('.variables-line .var').first();
        await poll(() => known.textContent()).toBe(`{{host}} = ${server.url}`);
        expect(await known.getAttribute('title')).toBe(`host = ${server.url}`);
        await editor.getByRole('button', { name: 'Send' }).click();
        await poll(() => page.locator('.response-panel .status').textContent()).toBe('200 OK');

        await editor.getByLabel('Host').fill('{{nohost}}');
        await poll(() => editor.locator('.variables-line .var.unknown').textContent()).toBe('{{nohost}} not defined');
        await editor.getByRole('button', { name: 'Send' }).click();
        await poll(() => page.locator('.response-panel .call-failure').textContent()).toContain('variable {{nohost}} is not defined in environment dev');
        expect(await overflowing(page)).toEqual([]);
        if (width === 360) await page.screenshot({ path: screenshotPath('tool-window-environment-360') });
        await editor.getByLabel('Host').fill(server.url);
      }
      await close(page);
    } finally {
      await rpc.request('env/select', { project, name: null });
    }
  }, 120_000);
});

/** Each element's text against the background drawn behind it (WCAG's ratio), the element's opacity and its ancestors' taken in. */
function textContrast(page: Page, selector: string): Promise<{ text: string; ratio: number }[]> {
  return page.locator(selector).evaluateAll((els) => {
    const rgba = (c: string) => (/rgba?\(([^)]*)\)/.exec(c)?.[1] ?? '0, 0, 0, 0').split(',').map((x) => parseFloat(x)).concat([1]).slice(0, 4) as [number, number, number, number];
    const over = ([r, g, b, a]: number[], under: number[]) => [r!, g!, b!].map((v, i) => v * a! + under[i]! * (1 - a!));
    const luminance = (c: number[]) => c.map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
    const behind = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (; el; el = el.parentElement) {
        const c = rgba(getComputedStyle(el).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] === 1) break;
      }
      return layers.reduceRight((under, layer) => over(layer, under), [255, 255, 255]);
    };
    return els.map((el) => {
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      const [r, g, b, a] = rgba(getComputedStyle(el).color);
      const back = behind(el);
      const [x, y] = [luminance(over([r, g, b, a * opacity], back)), luminance(back)].sort((p, q) => q - p);
      return { text: el.textContent!, ratio: Math.round(((x! + 0.05) / (y! + 0.05)) * 100) / 100 };
    });
  });
}

describe('the environment in sight, in a dark theme', () => {
  it('the variables line and the search hits read at 4.5:1 in the browser\'s dark theme and in Darcula', async () => {
    await rpc.request('env/save', { project, environment: { name: 'dev', variables: [{ key: 'host', value: server.url }] } });
    await rpc.request('env/select', { project, name: 'dev' });
    try {
      for (const [scheme, query] of [['dark', ''], ['light', '?host=intellij&theme=dark']] as const) {
        await tab.page.emulateMedia({ colorScheme: scheme });
        const page = await open(1400, query);
        await page.getByLabel('Search endpoints').fill('adds item');
        await page.locator('#results mark').first().waitFor();
        const hits = await textContrast(page, '#results .row mark');
        await select(page, ADD_ITEM);
        const editor = page.locator('.request-editor');
        await editor.getByLabel('Host').fill('{{host}}/{{nohost}}');
        await poll(() => editor.locator('.variables-line .var').count()).toBe(2);
        const vars = await textContrast(page, '.variables-line .var, .variables-line .var-value');
        // The accent as text (the source link and the environment chip: 3.85:1 in the browser's dark
        // theme) and under white text (Send: 3.6:1 in Darcula).
        const accents = await textContrast(page, '.request-editor button.link, .request-editor .env-chip, .request-editor button.primary');
        await page.screenshot({ path: screenshotPath(`tool-window-variables-${query ? 'darcula' : 'dark'}`) });
        expect(hits.length).toBeGreaterThan(0);
        expect(accents.length).toBe(3);
        // The browser's dark theme drew {{host}} at 2.3:1 (the light theme's blue on the dark highlight), the hits at 2.6:1.
        expect([...hits, ...vars, ...accents].filter((t) => t.ratio < 4.5), `${scheme}${query}`).toEqual([]);
        await editor.getByLabel('Host').fill(server.url);
        await close(page);
      }
    } finally {
      await tab.page.emulateMedia({ colorScheme: 'light' });
      await rpc.request('env/select', { project, name: null });
    }
  }, 120_000);
});

describe('tree rows in every theme', () => {
  it('every method colour and the grey text read at 4.5:1 on plain, active and selected rows, light, dark, IntelliJ light and Darcula', async () => {
    const methods = ['get', 'post', 'put', 'delete', 'patch', 'grpc', 'other'];
    const states = ['', 'active', 'selected', 'active selected'];
    try {
      for (const [scheme, query] of [['light', ''], ['dark', ''], ['dark', '?host=intellij&theme=light'], ['light', '?host=intellij&theme=dark']] as const) {
        await tab.page.emulateMedia({ colorScheme: scheme });
        const page = await open(1400, query);
        // A drawn endpoint row and class row, copied in the tree once per method and row state (the
        // shop has no endpoint of an other method): the colours are the page's own, on the tree's background.
        await page.locator('#tree .row.kind-endpoint .name').first().waitFor();
        await page.locator('#tree').evaluate((tree, [methods, states]) => {
          const endpoint = tree.querySelector('.row.kind-endpoint')!.parentElement!;
          const cls = tree.querySelector('.row.kind-class')!.parentElement!;
          for (const state of states) {
            for (const m of methods) {
              const copy = endpoint.cloneNode(true) as HTMLElement;
              const row = copy.querySelector('.row')!;
              row.classList.remove('active', 'selected');
              if (state) row.classList.add(...state.split(' '));
              row.classList.add('contrast-probe');
              const badge = row.querySelector('.method')!;
              badge.className = `method m-${m}`;
              badge.textContent = m.toUpperCase();
              endpoint.parentElement!.append(copy);
            }
            const copy = cls.cloneNode(true) as HTMLElement;
            const row = copy.querySelector('.row')!;
            row.classList.remove('active', 'selected');
            if (state) row.classList.add(...state.split(' '));
            row.classList.add('contrast-probe');
            cls.parentElement!.append(copy);
          }
        }, [methods, states] as const);
        const texts = await textContrast(page, '.contrast-probe .method, .contrast-probe .path, .contrast-probe .name, .contrast-probe .class-name, .contrast-probe .count');
        const named = await page.locator('.contrast-probe').evaluateAll((rows) => rows.flatMap((r) => [...r.querySelectorAll('.method, .path, .name, .class-name, .count')].map((el) => `${r.className.replace(/ ?(row|depth-\d|contrast-probe) ?/g, ' ').trim()} ${el.className}`)));
        await page.locator('.contrast-probe').evaluateAll((rows) => rows.forEach((r) => r.parentElement!.remove()));
        expect(texts.length).toBe(states.length * (methods.length * 3 + 2));
        // The light theme's PUT badge read 3.1:1 on the tree, a selected row's grey text 3.4:1; Darcula's selection 1.4:1.
        const low = texts.map((t, i) => ({ ...t, where: named[i] })).filter((t) => t.ratio < 4.5);
        expect(low, `${scheme}${query}`).toEqual([]);
        await close(page);
      }
    } finally {
      await tab.page.emulateMedia({ colorScheme: 'light' });
    }
  }, 120_000);
});

describe('the environment dialog in a tool window', () => {
  it('300 and 420 px: the list above the editor, the variables in the dialog\'s width, nothing reached by scrolling sideways; 1400 px: side by side', async () => {
    const name = 'staging-eu-west-with-a-long-name';
    const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.signature';
    await rpc.request('env/save', { project, environment: { name, variables: [{ key: 'host', value: 'http://localhost:8080/a/rather/long/base/path' }, { key: 'token', value: token, secret: true }, { key: 'tenant', value: 'acme' }] } });
    try {
      const widths = [300, 420, 1400];
      const page = await open(widths[0]!);
      await select(page, ADD_ITEM);
      for (const width of widths) {
        // The editor stays open on the endpoint as the window is resized; the dialog opens at each width.
        await resize(page, width);
        await page.locator('.request-editor .env-chip').click();
        const dialog = page.getByRole('dialog', { name: 'Environments' });
        await dialog.getByRole('listbox', { name: 'Environment list' }).getByRole('option', { name: new RegExp(name) }).click();
        const form = dialog.getByRole('form', { name: `Environment ${name}` });
        await poll(() => form.getByLabel('Key 3').inputValue()).toBe('tenant');
        // Every control inside the dialog's box, the dialog not scrolled sideways to reach it.
        const outside = await page.locator('.dialog.environment-panel').evaluate((d) => {
          const box = d.getBoundingClientRect();
          const out = [...d.querySelectorAll('input, select, button, th, li')]
            .map((el) => ({ el, r: el.getBoundingClientRect() }))
            .filter(({ r }) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
            .map(({ el, r }) => `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent} [${Math.round(r.left)}, ${Math.round(r.right)}] outside [${Math.round(box.left)}, ${Math.round(box.right)}]`);
          if (d.scrollWidth > d.clientWidth + 1) out.push(`scrolls sideways: ${d.scrollWidth} > ${d.clientWidth}`);
          return out;
        });
        expect(outside, `${width} px`).toEqual([]);
        const list = (await dialog.getByRole('listbox', { name: 'Environment list' }).boundingBox())!;
        // Sync is off here (no Postman token): it says so on one line above the list, no taller
        // than a row of the list (it took about 190 px of a 300 px window), and opens on the token field.
        const syncOff = dialog.locator('.sync-off');
        expect((await syncOff.boundingBox())!.height, `${width} px: one line`).toBeLessThanOrEqual(32);
        expect(await syncOff.locator('summary').getAttribute('title'), `${width} px: the whole reason on hover`).toMatch(/^Sync is off: .+/);
        if (width === 300) {
          await page.screenshot({ path: screenshotPath('tool-window-environments-sync-off-300') });
          await syncOff.locator('summary').click();
          expect(await dialog.getByLabel('Postman API token').isVisible()).toBe(true);
          await syncOff.locator('summary').click();
        }
        const editor = (await form.boundingBox())!;
        if (width < 700) expect(editor.y, `${width} px: editor below the list`).toBeGreaterThanOrEqual(list.y + list.height);
        else expect(editor.x, `${width} px: editor beside the list`).toBeGreaterThanOrEqual(list.x + list.width);
        // Still usable: a value typed into the last row is what the field holds, and Save is in reach.
        await form.getByLabel('Value 3').fill('acme-eu');
        expect(await inView(page, '.environment-panel .dialog-actions button.primary', width)).toBe(true);
        await page.screenshot({ path: screenshotPath(`tool-window-environments-${width}`) });
        await page.keyboard.press('Escape');
        // The typed value is not saved: the dialog asks before it closes over it.
        await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }
      await close(page);
    } finally {
      await rpc.request('env/delete', { project, name });
    }
  }, 120_000);
});

/** Controls of the dialog `selector` that reach past its box, and whether it scrolls sideways to show them. */
function outsideDialog(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((d) => {
    const box = d.getBoundingClientRect();
    const out = [...d.querySelectorAll('input, select, textarea, button, label, [role=tab]')]
      .map((el) => ({ el, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5))
      .map(({ el, r }) => `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? el.textContent?.trim()} [${Math.round(r.left)}, ${Math.round(r.right)}] outside [${Math.round(box.left)}, ${Math.round(box.right)}]`);
    if (d.scrollWidth > d.clientWidth + 1) out.push(`scrolls sideways: ${d.scrollWidth} > ${d.clientWidth}`);
    return out;
  });
}

describe('the export and settings dialogs in a tool window', () => {
  it('300, 420 and 600 px: every control inside the dialog, nothing reached by scrolling sideways; the settings pages as tabs above the rows', async () => {
    const widths = [300, 420, 600, 1400];
    const page = await open(widths[0]!);
    // A long query makes the longest choice of the export dialog ("Search results for '...'").
    await page.getByLabel('Search endpoints').fill('/api/v1/preferences/customers/42/notification-settings/channels');
    await poll(() => page.locator('#results .row').count()).toBeGreaterThan(0);
    for (const width of widths) {
      await resize(page, width);
      await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
      const exporting = page.getByRole('dialog', { name: 'Export' });
      for (const channel of ['openapi', 'curl']) {
        await exporting.getByLabel('Channel', { exact: true }).selectOption(channel);
        expect(await outsideDialog(page, '.dialog.export-dialog'), `${width} px, ${channel}`).toEqual([]);
        expect(await inView(page, '.export-dialog .dialog-actions button.primary', width)).toBe(true);
      }
      await page.screenshot({ path: screenshotPath(`tool-window-export-${width}`) });
      await page.keyboard.press('Escape');
      await exporting.waitFor({ state: 'hidden' });

      await page.locator('.toolbar').getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      const tabs = settings.getByRole('tab');
      await tabs.first().waitFor();
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        expect(await outsideDialog(page, '.dialog.settings-page'), `${width} px, ${await tabs.nth(i).textContent()}`).toEqual([]);
      }
      // Below 760 px the pages are a row of tabs above the rows, not a column that halves the room.
      const nav = (await settings.getByRole('tablist', { name: 'Settings pages' }).boundingBox())!;
      const rows = (await settings.locator('.settings-rows').boundingBox())!;
      if (width < 760) expect(rows.y, `${width} px: rows below the pages`).toBeGreaterThanOrEqual(nav.y + nav.height - 0.5);
      else expect(rows.x, `${width} px: rows beside the pages`).toBeGreaterThanOrEqual(nav.x + nav.width - 0.5);
      expect(await inView(page, '.settings-page .settings-foot button.primary', width)).toBe(true);
      await page.screenshot({ path: screenshotPath(`tool-window-settings-${width}`) });
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });
    }
    await close(page);
  }, 120_000);
});

describe('the settings pages\' tabs in a narrow tool window', () => {
  it('300 and 450 px: choosing a page moves no tab (the bold of the chosen one wrapped the row anew, the tab clicked jumped)', async () => {
    const page = await open(300);
    for (const width of [300, 450]) {
      await resize(page, width);
      await page.locator('.toolbar').getByRole('button', { name: 'Settings', exact: true }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      const tabs = settings.getByRole('tablist', { name: 'Settings pages' }).getByRole('tab');
      await tabs.first().waitFor();
      const places = () => tabs.evaluateAll((ts) => ts.map((t) => `${t.textContent} ${Math.round(t.getBoundingClientRect().left)},${Math.round(t.getBoundingClientRect().top)}`));
      const first = await places();
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
        expect(await places(), `${width} px, ${await tabs.nth(i).textContent()} chosen`).toEqual(first);
      }
      // Two rows at most: the pages' rows keep the room.
      expect(new Set(first.map((p) => p.split(',')[1])).size, `${width} px`).toBeLessThanOrEqual(2);
      // Each label in the middle of its tab, the room its bold self takes shared on both sides: it all fell after
      // the label, and "gRPC Runtime" stood twice as far from "HTTP" as the other tabs from each other.
      await tabs.first().click();
      const sides = await tabs.evaluateAll((ts) =>
        ts.slice(1).map((t) => {
          const text = document.createRange();
          text.selectNodeContents(t.firstChild!);
          const [box, inner] = [t.getBoundingClientRect(), text.getBoundingClientRect()];
          return `${t.textContent} ${Math.round(inner.left - box.left)}:${Math.round(box.right - inner.right)}`;
        }),
      );
      for (const side of sides) {
        const [left, right] = side.split(' ').pop()!.split(':').map(Number);
        expect(Math.abs(left! - right!), `${width} px: ${side}`).toBeLessThanOrEqual(1);
      }
      await page.screenshot({ path: screenshotPath(`tool-window-settings-tabs-${width}`) });
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'hidden' });
    }
    await close(page);
  }, 60_000);
});

describe('the environment dialog before the first environment', () => {
  it('600 and 1400 px: no empty list box under Active (it read as a text field), the way to make one instead', async () => {
    for (const e of (await rpc.request('env/list', { project })).environments) await rpc.request('env/delete', { project, name: e.name });
    const page = await open(600);
    for (const width of [600, 1400]) {
      await resize(page, width);
      await page.locator('.toolbar').getByRole('button', { name: 'Environments', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Environments' });
      await dialog.getByText('No environments yet').waitFor();
      expect(await dialog.getByRole('listbox').count(), `${width} px`).toBe(0);
      expect(await dialog.getByRole('button', { name: 'New environment' }).isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`tool-window-no-environments-${width}`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
    await close(page);
  }, 60_000);
});

describe('the endpoint list\'s focus ring', () => {
  it('1400 px: no frame round the whole list after a click on a row; one when the keyboard brings the focus', async () => {
    const page = await open(1400);
    const list = page.locator('#tree');
    const ring = () => list.evaluate((el) => ({ focused: el === document.activeElement || el.contains(document.activeElement), outline: getComputedStyle(el).outlineStyle }));
    await page.locator('#tree .row.kind-endpoint').first().click();
    await poll(() => ring()).toEqual({ focused: true, outline: 'none' });
    await page.getByLabel('Search endpoints').focus();
    await page.keyboard.press('Tab');
    await poll(() => ring()).toEqual({ focused: true, outline: 'solid' });
    await close(page);
  }, 60_000);
});

describe('the tree in a narrow tool window', () => {
  it('300 px: a class or module name wider than the list ends in an ellipsis, its count and twisty kept whole', async () => {
    const page = await open(300);
    // Only the modules, then the one holding the class: its row is in view, not past the list's virtual end.
    await page.locator('.toolbar').getByRole('button', { name: 'Collapse All' }).click();
    await page.locator('#tree .row.kind-module').filter({ hasText: /^orders/ }).click();
    const row = page.locator('#tree .row.kind-class').filter({ hasText: LONG_CLASS });
    await row.waitFor();
    const fit = await row.evaluate((r) => {
      const [twisty, name, count] = ['.twisty', '.class-name', '.count'].map((s) => r.querySelector<HTMLElement>(s)!);
      const right = r.getBoundingClientRect().right;
      return {
        cut: name.scrollWidth > name.clientWidth && getComputedStyle(name).textOverflow === 'ellipsis',
        countInside: count.getBoundingClientRect().right <= right,
        twisty: Math.round(twisty.getBoundingClientRect().width),
        rowScrolls: r.scrollWidth > r.clientWidth + 1,
      };
    });
    expect(fit).toEqual({ cut: true, countInside: true, twisty: 10, rowScrolls: false });
    expect(await row.locator('.class-name').getAttribute('title')).toContain(LONG_CLASS);
    const module = page.locator('#tree .row.kind-module .module-name').first();
    expect(await module.getAttribute('title')).toBe(await module.textContent());
    await page.screenshot({ path: screenshotPath('tool-window-long-class-300') });
    await close(page);
  }, 60_000);
});

describe('the keyboard in a narrow tool window', () => {
  it('360 px: Enter on a search hit puts the focus on Back over the editor; Back puts it on the list again, not on the page', async () => {
    const page = await open(360);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);
    const search = page.getByLabel('Search endpoints');
    await search.fill(ORDER);
    await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(ORDER));
    await search.press('ArrowDown');
    await poll(focused).toBe('Search results');
    await page.keyboard.press('Enter');
    await page.locator('.request-editor').waitFor();
    // The list that had the focus is hidden: it was the page's (Tab began again at Refresh).
    await poll(focused).toBe('Back to the endpoints');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.details'))).toBe(true);
    await page.getByRole('button', { name: 'Back to the endpoints' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.explorer').waitFor();
    await poll(focused).toBe('Search results');
    await page.keyboard.press('Escape');
    await search.fill('');
    await page.locator('#tree').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.locator('.request-editor').waitFor();
    await poll(focused).toBe('Back to the endpoints');
    await page.getByRole('button', { name: 'Back to the endpoints' }).click();
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tree');
    await close(page);
  }, 60_000);
});

describe('adding a row', () => {
  it('360 px: + Add header puts the focus in the new row\'s name, so what is typed next lands there', async () => {
    const page = await open(360);
    await select(page, ORDER);
    const editor = page.locator('.request-editor');
    await editor.getByRole('tab', { name: /Headers/ }).click();
    const before = await editor.locator('.rows-header tbody tr').count();
    await editor.getByRole('button', { name: '+ Add header' }).click();
    await page.keyboard.type('X-Trace-Id');
    await poll(() => editor.getByLabel(`Name of header row ${before + 1}`).inputValue()).toBe('X-Trace-Id');
    await editor.getByRole('button', { name: 'Reset' }).click();
    await close(page);
  }, 60_000);
});

describe('the source view in a tool window', () => {
  it('320 px: Close stays in sight beside a long file path, which breaks inside the header', async () => {
    const page = await open(320);
    await select(page, SUMMARY);
    await page.locator('.request-editor .endpoint-head button.link').click();
    const view = page.getByRole('dialog', { name: /^Source of / });
    await view.locator('.cm-target-line').waitFor();
    expect(await inView(page, '.source-view header button', 320)).toBe(true);
    const header = await view.locator('header').evaluate((h) => ({ scroll: h.scrollWidth, client: h.clientWidth }));
    expect(header.scroll).toBeLessThanOrEqual(header.client + 1);
    await page.screenshot({ path: screenshotPath('tool-window-source-320') });
    await view.getByRole('button', { name: 'Close' }).click();
    await view.waitFor({ state: 'detached' });
    await close(page);
  }, 60_000);
});

describe('a text body in a tool window', () => {
  it('320 px: an HTML page on one line wraps at the viewer\'s edge, clear of the find button; JSON does not wrap', async () => {
    const page = await open(320);
    await send(page, TERMS);
    const viewer = page.locator('.response-panel .body-viewer');
    await viewer.locator('.cm-content').waitFor();
    const box = await viewer.evaluate((v) => {
      const scroller = v.querySelector('.cm-scroller')!;
      const find = v.querySelector('.find')!.getBoundingClientRect();
      const first = v.querySelector('.cm-line')!;
      const range = document.createRange();
      range.selectNodeContents(first);
      const overlap = [...range.getClientRects()].some((r) => r.top < find.bottom && r.bottom > find.top && r.right > find.left);
      return { scroll: scroller.scrollWidth, client: scroller.clientWidth, lines: first.getClientRects().length, height: first.getBoundingClientRect().height, overlap };
    });
    expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
    expect(box.height).toBeGreaterThan(100);
    expect(box.overlap).toBe(false);
    await page.screenshot({ path: screenshotPath('tool-window-html-320') });
    // A JSON body keeps its lines: Pretty lays it out.
    await page.getByRole('button', { name: 'Back to the endpoints' }).click().catch(() => {});
    await send(page, ORDER);
    await page.locator('.response-panel .body-viewer .cm-content').waitFor();
    expect(await page.locator('.response-panel .body-viewer .cm-content').getAttribute('class')).not.toContain('cm-lineWrapping');
    await close(page);
  }, 60_000);
});

describe('gRPC rows in a tool window\'s tree', () => {
  it('300, 420 and 600 px: the RPC method stays whole, the package and service give up their room first; the whole path on hover; 300 px search rows too', async () => {
    const rpcs = [...ids.keys()].filter((a) => a.startsWith('gRPC '));
    expect(rpcs.length).toBeGreaterThan(2);
    const page = await open(300);
    const rows = page.locator('#tree .row.kind-endpoint:has(.m-grpc)');
    await poll(() => rows.count()).toBe(rpcs.length);
    for (const width of [300, 420, 600]) {
      await resize(page, width);
      const shown = await rows.evaluateAll((rs) =>
        rs.map((r) => {
          const path = r.querySelector<HTMLElement>('.path')!;
          const tail = path.querySelector<HTMLElement>('.end-tail');
          return { title: path.title, tail: tail?.textContent, whole: !!tail && tail.scrollWidth <= tail.clientWidth && tail.getBoundingClientRect().right <= path.getBoundingClientRect().right + 0.5 };
        }),
      );
      // /acme.shop.inventory.v1.StockService/RecordCounts read "/a…/RecordCou…" at 300 px.
      expect(shown.map((s) => s.title).sort(), `${width} px`).toEqual(rpcs.map((a) => a.slice(a.indexOf(' ') + 1)).sort());
      for (const s of shown) expect(s, `${width} px`).toEqual({ title: s.title, tail: s.title.slice(s.title.lastIndexOf('/')), whole: true });
      if (width === 300) await page.screenshot({ path: screenshotPath('tool-window-grpc-rows-300') });
    }
    // Search rows too, one whose class holds the hit among them (its module and class keep room then).
    await resize(page, 300);
    await page.getByLabel('Search endpoints').fill('stock');
    const hits = page.locator('#results .row:has(.m-grpc)');
    await poll(() => hits.count()).toBe(rpcs.length);
    expect(await page.locator('#results .row.where-hit:has(.m-grpc)').count()).toBeGreaterThan(0);
    const tails = await hits.evaluateAll((rs) =>
      rs.map((r) => {
        const path = r.querySelector<HTMLElement>('.path')!;
        const tail = path.querySelector<HTMLElement>('.end-tail')!;
        return { tail: tail.textContent, whole: tail.scrollWidth <= tail.clientWidth && tail.getBoundingClientRect().right <= path.getBoundingClientRect().right + 0.5 };
      }),
    );
    expect(tails.filter((t) => !t.whole)).toEqual([]);
    await page.screenshot({ path: screenshotPath('tool-window-grpc-hits-300') });
    await close(page);
  });
});

describe('a search hit in the middle of a path in a tool window', () => {
  it('300 px: the segment the query hit stays in sight, the head and the middle give up their room first, the tail stays whole', async () => {
    // spinnaker gate's "callbacks" row read "/managed/notifi…/{source}": the hit was under the ellipsis.
    const page = await open(300);
    await page.getByLabel('Search endpoints').fill('catalog');
    const rows = page.locator('#results .row.path-hit');
    await poll(() => rows.count()).toBeGreaterThan(2);
    const shown = await rows.evaluateAll((rs) =>
      rs.map((r) => {
        const path = r.querySelector<HTMLElement>('.path')!;
        const key = path.querySelector<HTMLElement>('.end-key.hit')!;
        const tail = path.querySelector<HTMLElement>('.end-tail')!;
        // The path as far as the row shows it (a path wider than its room is clipped).
        const box = path.getBoundingClientRect();
        const k = key.getBoundingClientRect();
        return {
          key: key.textContent,
          // At least "/ca…" of the hit in sight, inside the row's path.
          seen: k.left >= box.left - 0.5 && k.right <= box.right + 0.5 && k.width > 20,
          whole: key.scrollWidth <= key.clientWidth,
          tail: tail.scrollWidth <= tail.clientWidth && tail.getBoundingClientRect().right <= box.right + 0.5,
        };
      }),
    );
    for (const s of shown) expect(s, JSON.stringify(s)).toMatchObject({ key: '/catalog', seen: true, tail: true });
    expect(shown.filter((s) => s.whole).length).toBeGreaterThan(2);
    await page.screenshot({ path: screenshotPath('tool-window-path-hit-300') });
    await close(page);
  });

  it('300 px: on look-alike rows (/catalog/categories/{id} beside /catalog/products/{id}) the hit and the differing segment both stay in sight, the tail whole inside the row', async () => {
    // The look-alike's "/categories" alone was kept: the row read "/api/v1/cata…", and its short head
    // and unshrinking key pushed the tail past the window's edge.
    const page = await open(300);
    await page.getByLabel('Search endpoints').fill('catalog');
    const rows = page.locator('#results .row.look-alike');
    await poll(() => rows.count()).toBeGreaterThan(3);
    const shown = await rows.evaluateAll((rs) =>
      rs.map((r) => {
        const path = r.querySelector<HTMLElement>('.path')!;
        const key = path.querySelector<HTMLElement>('.end-key')!;
        const tail = path.querySelector<HTMLElement>('.end-tail')!;
        const box = path.getBoundingClientRect();
        const row = r.getBoundingClientRect();
        const k = key.getBoundingClientRect();
        const t = tail.getBoundingClientRect();
        return {
          path: path.title,
          key: key.textContent,
          seen: k.left >= box.left - 0.5 && k.right <= box.right + 0.5 && k.width > 20,
          tail: tail.scrollWidth <= tail.clientWidth && t.right <= box.right + 0.5 && t.right <= row.right + 0.5 && t.right <= window.innerWidth,
        };
      }),
    );
    expect(shown.map((s) => s.path)).toEqual(expect.arrayContaining(['/api/v1/catalog/categories/{id}', '/api/v1/catalog/products/{id}']));
    for (const s of shown) expect(s, JSON.stringify(s)).toMatchObject({ key: expect.stringMatching(/^\/catalog\/(categories|products)$/), seen: true, tail: true });
    await page.screenshot({ path: screenshotPath('tool-window-look-alike-hit-300') });
    await close(page);
  });
});

describe('the gRPC request line in a tool window', () => {
  it('320 px: the environment, Send and Reset share a line (Reset wrapped alone under them); 480 px: the deadline and TLS beside them', async () => {
    const rpcAddress = [...ids.keys()].find((a) => a.startsWith('gRPC '))!;
    const page = await open(320);
    // select() waits for the HTTP path field; the gRPC editor shows the RPC as text.
    const search = page.getByLabel('Search endpoints');
    await search.fill(rpcAddress);
    await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(ids.get(rpcAddress));
    await search.press('Enter');
    const line = page.locator('.request-editor.grpc .request-line');
    await line.waitFor();
    // The line each control sits on: its middle, to the nearest 10 px (a label and a button differ by a pixel or two).
    const lines = () =>
      line.evaluate((l) =>
        Object.fromEntries(
          ['.deadline', '.tls', '.env-chip', '.send', '.line-actions button:last-child'].map((s) => {
            const r = l.querySelector(s)!.getBoundingClientRect();
            return [s, Math.round((r.top + r.height / 2) / 10)];
          }),
        ),
      );
    let at = await lines();
    expect(at['.deadline'], JSON.stringify(at)).toBe(at['.tls']);
    expect(at['.env-chip'], JSON.stringify(at)).toBe(at['.send']);
    expect(at['.line-actions button:last-child'], JSON.stringify(at)).toBe(at['.send']);
    expect(await overflowing(page)).toEqual([]);
    await resize(page, 480);
    at = await lines();
    expect(new Set(Object.values(at)).size, JSON.stringify(at)).toBe(1);
    await close(page);
  }, 60_000);
});

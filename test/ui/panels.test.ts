// The explorer's panels in Debian's Chromium against the real `apiscout ui` process: the context
// menu's copies (read back from the browser's clipboard) by mouse and keyboard, exports through
// the dialog checked by their consumers (an OpenAPI validator, the cURL file itself), Ask each
// export, environments edited with their secrets kept out of the project, a Postman pull conflict
// resolved with Merge against the Postman API stand-in, settings saved to their files and refused
// at the field, and Auto Detect on a gRPC project. A second part runs under an IDE host (the
// stdio sidecar): navigation, the clipboard and settings go to the host. Screenshots of the export
// dialog, the environment panel and the settings page go to test-results/ui/.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from '@readme/openapi-parser';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { buildTree } from '../../core/model/tree';
import { SidecarClient } from '../bridge/sidecar-client';
import { loadDefinition, FIXTURE as GRPC_FIXTURE } from '../call/grpc-server';
import { startPostmanStandIn } from '../postman/stand-in';
import type { PostmanStandIn } from '../postman/stand-in';
import { CLI, launchChromium, poll, releaseChromium, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';
import type { RpcClient } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const ADD_ITEM = 'POST /api/v1/carts/{cartId}/items';
const ACTIONS = ['Export…', 'Copy API URL', 'Copy Path', 'Copy as cURL', 'Navigate to Source', 'Reset to Default'];

let tmp: string;
let browser: Browser;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-panels-'));
  browser = await launchChromium();
});

afterAll(async () => {
  await releaseChromium(browser);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  // Waits are on conditions: a generous limit costs nothing when the machine is fast.
  page.setDefaultTimeout(UI_WAIT_MS);
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  (page as Page & { problems: string[] }).problems = problems;
  return page;
}

function copyOf(fixture: string, name: string): string {
  const dir = path.join(tmp, name);
  fs.cpSync(fixture, dir, { recursive: true });
  return dir;
}

/** Every file under a folder with its text (the project must never hold a secret). */
function filesUnder(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, file), fs.readFileSync(file, 'latin1'));
  }
  return out;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const row = (page: Page, key: string) => page.locator(`#tree .row[data-key="${key.replace(/["\\]/g, '\\$&')}"]`);
const menu = (page: Page) => page.getByRole('menu', { name: 'Endpoint actions' });

async function choose(page: Page, target: Locator, action: string): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await target.click({ button: 'right' });
  await menu(page).getByRole('menuitem', { name: action, exact: true }).click();
  await menu(page).waitFor({ state: 'detached' });
}

describe('panels on the sample shop', () => {
  let shop: string;
  let config: string;
  let ui: UiProcess;
  let rpc: RpcClient;
  let context: BrowserContext;
  let page: Page;
  let expected: ScanResult;
  let project: string;
  let postman: PostmanStandIn;
  const byAddress = (a: string): Endpoint => expected.endpoints.find((e) => e.address === a)!;

  beforeAll(async () => {
    postman = await startPostmanStandIn();
    shop = copyOf(SHOP, 'shop');
    config = fs.mkdtempSync(path.join(tmp, 'config-'));
    expected = JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', shop], { encoding: 'utf8' }));
    ui = new UiProcess(shop, [], { APISCOUT_CONFIG_DIR: config, APISCOUT_POSTMAN_API_URL: postman.url, APISCOUT_POSTMAN_API_KEY: '' });
    // Tall enough for the whole shop tree to be rendered: rows are found without scrolling the list.
    context = await browser.newContext({ viewport: { width: 1400, height: 1400 }, colorScheme: 'light', permissions: ['clipboard-read', 'clipboard-write'] });
    page = await newPage(context);
    await page.goto(await ui.url);
    await page.locator('.toolbar .count').filter({ hasText: `${expected.endpoints.length} endpoints` }).waitFor();
    rpc = await ui.rpc();
    project = (await rpc.request('project/list', {})).projects[0]!.project;
  });

  // A failed test leaves no dialog behind for the next one (unsaved edits discarded).
  afterEach(async () => {
    for (let i = 0; i < 6 && (await page.locator('[role=dialog], [role=menu]').count()); i++) {
      const discard = page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' });
      if (await discard.count()) {
        await discard.click();
        continue;
      }
      await page.locator('[role=dialog], [role=menu]').last().focus();
      await page.keyboard.press('Escape');
    }
  });

  afterAll(async () => {
    rpc?.close();
    await context?.close();
    expect(await ui.stop()).toBe(0);
    await postman?.close();
  });

  it('copies from the context menu what the sidecar says, by mouse and keyboard, on endpoints, classes and hits', async () => {
    const e = byAddress(ADD_ITEM);
    const target = row(page, e.id);
    await target.click({ button: 'right' });
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual(ACTIONS);
    await page.screenshot({ path: screenshotPath('context-menu') });
    await menu(page).getByRole('menuitem', { name: 'Copy Path' }).click();
    await poll(() => clipboard(page)).toBe(e.path);
    await page.getByRole('status').filter({ hasText: 'Copy Path' }).waitFor();

    for (const [action, what] of [['Copy API URL', 'apiUrl'], ['Copy as cURL', 'curl']] as const) {
      await choose(page, target, action);
      const want = await rpc.request('copy/text', { project, ids: [e.id], what });
      await poll(() => clipboard(page)).toBe(want.text);
    }
    expect(await clipboard(page)).toMatch(/^curl /m);
    // Copy API URL: METHOD /path, no host (a module's context path may come first).
    const apiUrl = (await rpc.request('copy/text', { project, ids: [e.id], what: 'apiUrl' })).text.trim();
    expect(apiUrl.startsWith('POST /') && apiUrl.endsWith(e.path), apiUrl).toBe(true);

    // Keyboard: Shift+F10 on the active row, arrows to Copy Path, Enter.
    const other = expected.endpoints.find((x) => x.method === 'GET' && x.path !== e.path)!;
    await row(page, other.id).click();
    await page.keyboard.press('Shift+F10');
    await menu(page).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('menu');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await menu(page).locator('.menu-item.active').textContent()).toBe('Copy Path');
    await page.keyboard.press('Enter');
    await poll(() => clipboard(page)).toBe(other.path);
    // The context-menu key opens it too; Escape closes it and the tree has the focus back.
    await page.keyboard.press('ContextMenu');
    await menu(page).waitFor();
    await page.keyboard.press('ArrowUp'); // wraps to the last item
    expect(await menu(page).locator('.menu-item.active').textContent()).toBe('Reset to Default');
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tree');
    // A click elsewhere closes it.
    await target.click({ button: 'right' });
    await menu(page).waitFor();
    await page.mouse.click(1000, 700);
    await menu(page).waitFor({ state: 'detached' });

    // A class row: one line per endpoint of the class; Reset to Default resets each of them (issue 20).
    const cls = buildTree(expected.endpoints)[0]!.classes[0]!;
    const classRow = page.locator('#tree .row.kind-class').first();
    await classRow.click({ button: 'right' });
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual(ACTIONS);
    await menu(page).getByRole('menuitem', { name: 'Copy Path' }).click();
    const want = await rpc.request('copy/text', { project, ids: cls.endpoints.map((x) => x.id), what: 'path' });
    await poll(() => clipboard(page)).toBe(want.text);
    expect(want.text.split('\n').filter(Boolean)).toHaveLength(cls.endpoints.length);

    // A search hit has the same menu.
    await page.getByLabel('Search endpoints').fill('DELETE /api/v1/carts/c1/items/sku-9');
    const hit = page.locator('#results .row').first();
    await poll(() => hit.locator('.path').textContent()).toBe('/api/v1/carts/{cartId}/items/{sku}');
    await hit.click({ button: 'right' });
    await menu(page).getByRole('menuitem', { name: 'Copy Path' }).click();
    await poll(() => clipboard(page)).toBe('/api/v1/carts/{cartId}/items/{sku}');
    await page.getByLabel('Search endpoints').fill('');
    await page.locator('#tree').waitFor();
  });

  it('says where a copy failed when neither the browser nor an IDE host can take it', async () => {
    await page.evaluate(() => {
      const w = window as unknown as { realWrite?: Clipboard['writeText'] };
      w.realWrite = navigator.clipboard.writeText.bind(navigator.clipboard);
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    try {
      await choose(page, row(page, byAddress(ADD_ITEM).id), 'Copy Path');
      const alert = page.locator('.toast.error').filter({ hasText: 'Copy Path' });
      await poll(() => alert.textContent()).toContain('no IDE host is connected');
      await alert.getByRole('button', { name: 'Dismiss' }).click();
    } finally {
      await page.evaluate(() => {
        navigator.clipboard.writeText = (window as unknown as { realWrite: Clipboard['writeText'] }).realWrite;
      });
    }
  });

  it('Navigate to Source shows the file in a browser', async () => {
    const e = byAddress(ADD_ITEM);
    await choose(page, row(page, e.id), 'Navigate to Source');
    const view = page.getByRole('dialog', { name: /^Source of / });
    await view.locator('.cm-target-line').waitFor();
    expect(await view.locator('.file').textContent()).toBe(`${e.source.file}:${e.source.line}`);
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached' });
  });

  it('Reset to Default drops the saved edits', async () => {
    const e = byAddress(ADD_ITEM);
    const state = await rpc.request('request/get', { project, id: e.id });
    await rpc.request('request/save', { project, id: e.id, draft: { ...state.draft, host: 'http://127.0.0.1:9' } });
    expect((await rpc.request('request/get', { project, id: e.id })).edited).toBe(true);
    await choose(page, row(page, e.id), 'Reset to Default');
    await page.getByRole('status').filter({ hasText: 'Reset to Default' }).waitFor();
    expect((await rpc.request('request/get', { project, id: e.id })).edited).toBe(false);
  });

  it('Reset to Default on the open endpoint resets its editor, edits typed a moment ago included', async () => {
    const e = byAddress(ADD_ITEM);
    await row(page, e.id).click();
    const host = page.locator('.request-editor').getByLabel('Host');
    await poll(() => host.inputValue()).toMatch(/^http:\/\/localhost:8080/);
    const original = await host.inputValue();
    await host.fill('http://127.0.0.1:9999');
    await poll(async () => (await rpc.request('request/get', { project, id: e.id })).draft.host).toBe('http://127.0.0.1:9999');
    await host.fill('http://127.0.0.1:9998'); // still being saved when the menu resets it
    await choose(page, row(page, e.id), 'Reset to Default');
    await poll(() => page.locator('.request-editor').getByLabel('Host').inputValue()).toBe(original);
    await poll(async () => (await rpc.request('request/get', { project, id: e.id })).edited).toBe(false);
  });

  it('exports a class to OpenAPI from the context menu: the file is written, valid, and holds the class', async () => {
    const cls = buildTree(expected.endpoints)
      .flatMap((m) => m.classes)
      .find((c) => c.endpoints.length > 2 && c.endpoints.every((x) => x.method !== 'gRPC'))!;
    await choose(page, row(page, `c:${expected.endpoints.find((x) => x.className === cls.className)!.module}:${cls.className}`), 'Export…');
    const dialog = page.getByRole('dialog', { name: 'Export' });
    expect(await dialog.getByRole('radio', { checked: true }).first().evaluate((el) => el.parentElement!.textContent)).toContain(`class ${cls.simpleName}`);
    await dialog.getByLabel('Channel').selectOption('openapi');
    await dialog.getByLabel('Format').selectOption('json');
    const out = path.join(tmp, 'exports', 'openapi');
    await dialog.getByLabel('Export directory').fill(out);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const result = dialog.getByRole('status', { name: 'Export result' });
    await poll(() => result.textContent()).toContain(`${cls.endpoints.length} endpoints of ${cls.endpoints.length} exported`);
    await page.screenshot({ path: screenshotPath('export-dialog') });
    const written = await result.locator('.files li code').allTextContents();
    expect(written).toHaveLength(1);
    expect(written[0]!.startsWith(out)).toBe(true);
    const size = fs.statSync(written[0]!).size;
    expect(await result.locator('.files li .muted').textContent()).toBe(size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`);
    const doc = JSON.parse(fs.readFileSync(written[0]!, 'utf8'));
    const check = await validate(structuredClone(doc));
    expect('errors' in check ? check.errors : [], JSON.stringify(check)).toEqual([]);
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).filter((k) => k !== 'parameters').map((m) => `${m.toUpperCase()} ${p}`));
    expect(operations).toHaveLength(cls.endpoints.length);
    for (const x of cls.endpoints) expect(operations.some((o) => o.startsWith(`${x.method} `) && o.endsWith(x.path)), x.address).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('exports cURL from the toolbar with per-export options, and to the clipboard', async () => {
    await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.getByLabel('Channel').selectOption('curl');
    await dialog.getByLabel('Placeholders').selectOption('keep');
    await dialog.getByLabel('Long flags (--request, --header, --data)').check();
    await dialog.getByLabel('One flag per line').uncheck();
    const out = path.join(tmp, 'exports', 'curl');
    await dialog.getByLabel('Export directory').fill(out);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const result = dialog.getByRole('status', { name: 'Export result' });
    await result.locator('.files li').first().waitFor();
    const file = (await result.locator('.files li code').allTextContents())[0]!;
    expect(file.endsWith('.sh')).toBe(true);
    const script = fs.readFileSync(file, 'utf8');
    // gRPC endpoints come out as grpcurl commands.
    const commands = script.split('\n').filter((l) => /^(curl|grpcurl) /.test(l));
    const exported = Number(/^(\d+) endpoints? of/.exec((await result.locator('p').first().textContent())!)![1]);
    expect(commands).toHaveLength(exported);
    const curls = commands.filter((c) => c.startsWith('curl '));
    expect(curls.length).toBeGreaterThan(20);
    // Long flags: --request (HEAD is --head), never -X or -H.
    expect(curls.filter((c) => !/ --(request|head) /.test(c) || / -[XHd] /.test(c))).toEqual([]);
    expect(script).toContain('{{host}}');
    // The same export to the clipboard: the text is the file's.
    await dialog.getByLabel('Copy to clipboard').check();
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await poll(() => result.textContent()).toContain('copied to the clipboard');
    expect(await clipboard(page)).toBe(script);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The next export starts from this one's channel and destination.
    await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
    expect(await dialog.getByLabel('Channel').inputValue()).toBe('curl');
    expect(await dialog.getByLabel('Copy to clipboard').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Export directory').inputValue()).toBe(out);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('a successful export takes down the error toast of the export that failed before it', async () => {
    await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export' });
    await dialog.getByLabel('Channel').selectOption('markdown');
    // To a file (the export before this one may have left the clipboard chosen).
    await dialog.getByRole('radio', { name: 'Directory' }).check();
    // A file where the directory should be: the write fails.
    const blocked = path.join(tmp, 'exports', 'not-a-folder');
    fs.mkdirSync(path.dirname(blocked), { recursive: true });
    fs.writeFileSync(blocked, '');
    await dialog.getByLabel('Export directory').fill(blocked);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    const errors = page.locator('.toast.error').filter({ hasText: 'Export' });
    await errors.first().waitFor();
    await page.screenshot({ path: screenshotPath('export-toasts-failed') });
    await dialog.getByLabel('Export directory').fill(path.join(tmp, 'exports', 'markdown'));
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    // This export's own outcome (an earlier test's success toast may still be up), then its toast.
    await poll(() => dialog.getByRole('status', { name: 'Export result' }).textContent()).toContain(path.join(tmp, 'exports', 'markdown'));
    await page.locator('.toast.info, .toast.warning').filter({ hasText: 'exported' }).first().waitFor();
    await page.screenshot({ path: screenshotPath('export-toasts-then-done') });
    await poll(() => errors.count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('opens the export dialog with Alt+Shift+E on the open endpoint', async () => {
    const e = byAddress(ADD_ITEM);
    await row(page, e.id).click();
    await poll(() => page.locator('.request-editor').getByLabel('Host').count()).toBe(1);
    await page.locator('#tree').focus();
    await page.keyboard.press('Alt+Shift+E');
    const dialog = page.getByRole('dialog', { name: 'Export' });
    const first = dialog.getByRole('radio').first();
    expect(await first.isChecked()).toBe(true);
    expect(await first.evaluate((el) => el.parentElement!.textContent!.trim())).toBe(e.address);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tree');
  });

  it('closes a dialog on an Escape pressed the moment it shows', async () => {
    // The Escape goes in from a mutation observer: after the dialog is in the document, before
    // the browser paints it. Handled means the dialog's listener saw it and closed it.
    await page.evaluate(() => {
      (window as unknown as { escapeHandled: Promise<boolean> }).escapeHandled = new Promise<boolean>((resolve) => {
        const seen = new MutationObserver(() => {
          if (!document.querySelector('[role=dialog]')) return;
          seen.disconnect();
          const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
          resolve(!(document.activeElement ?? document.body).dispatchEvent(escape));
        });
        seen.observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
    expect(await page.evaluate(() => (window as unknown as { escapeHandled: Promise<boolean> }).escapeHandled)).toBe(true);
    await page.getByRole('dialog', { name: 'Export' }).waitFor({ state: 'detached' });
  });

  it('keeps the focus in a dialog: on its first control that takes it (not the Sync ▾ that is off), round with Tab and Shift+Tab, back on the opener after Escape', async () => {
    const inside = () => page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'));
    for (const [name, tabs] of [['Environments', 12], ['Export', 30]] as const) {
      const opener = page.locator('.toolbar').getByRole('button', { name, exact: true });
      await opener.click();
      const dialog = page.getByRole('dialog', { name });
      await dialog.getByRole('button', { name: `Close ${name.toLowerCase()}` }).waitFor();
      // Environments left it on the toolbar button behind the backdrop.
      expect(await inside(), `${name}: opened`).toBe(true);
      // Past the last control Tab went to the page behind the backdrop, where nothing shows it.
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 1; i <= tabs; i++) {
          await page.keyboard.press(key);
          expect(await inside(), `${name}: ${key} ${i}`).toBe(true);
        }
      }
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await opener.evaluate((el) => el === document.activeElement), `${name}: closed`).toBe(true);
    }
  });

  it('New environment puts the focus in its name, all of it selected: typing names it', async () => {
    await page.locator('.toolbar').getByRole('button', { name: 'Environments', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Environments' });
    await panel.getByRole('button', { name: 'New environment' }).click();
    const name = panel.getByLabel('Environment name');
    // The focus stayed on the button: the name ('new') was the user's to find and select.
    await poll(() => name.evaluate((el: HTMLInputElement) => el === document.activeElement && el.selectionStart === 0 && el.selectionEnd === el.value.length)).toBe(true);
    await page.keyboard.type('qa');
    expect(await name.inputValue()).toBe('qa');
    await panel.getByRole('button', { name: 'Discard' }).click();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('asks for an environment each export in Ask mode: a choice resolves, Skip keeps placeholders', async () => {
    await rpc.request('env/save', { project, environment: { name: 'staging', variables: [{ key: 'host', value: 'https://staging.shop.test:8443' }] } });
    const e = byAddress(ADD_ITEM);
    const out = path.join(tmp, 'exports', 'ask');
    const exportOnce = async (choice: string) => {
      await choose(page, row(page, e.id), 'Export…');
      const dialog = page.getByRole('dialog', { name: 'Export' });
      await dialog.getByLabel('Channel').selectOption('curl');
      await dialog.getByLabel('Placeholders').selectOption('ask');
      await dialog.getByRole('radio', { name: 'Directory' }).check();
      await dialog.getByLabel('Export directory').fill(out);
      await dialog.getByRole('button', { name: 'Export', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Choose an environment' });
      await ask.getByRole('button', { name: 'staging' }).waitFor();
      await ask.getByRole('button', { name: choice }).click();
      await ask.waitFor({ state: 'detached' });
      const file = (await dialog.getByRole('status', { name: 'Export result' }).locator('.files li code').first().textContent())!;
      const text = fs.readFileSync(file, 'utf8');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      return text;
    };
    const resolved = await exportOnce('staging');
    expect(resolved).toContain(`https://staging.shop.test:8443`);
    expect(resolved).not.toContain('{{host}}');
    const skipped = await exportOnce('Skip');
    expect(skipped).toContain('{{host}}');
    expect(skipped).not.toContain('staging.shop.test');
    await rpc.request('env/delete', { project, name: 'staging' });
  });

  it('asks for an environment on Copy as cURL in Ask mode, and copies what the sidecar resolves with it', async () => {
    await rpc.request('env/save', { project, environment: { name: 'staging', variables: [{ key: 'host', value: 'https://staging.shop.test:8443' }] } });
    await rpc.request('settings/set', { project, scope: 'user', values: { 'curl.renderMode': 'ask' } });
    try {
      // The page reads the settings when it loads.
      await page.reload();
      await page.locator('.toolbar .count').filter({ hasText: `${expected.endpoints.length} endpoints` }).waitFor();
      const e = byAddress(ADD_ITEM);
      for (const [choice, environment] of [['staging', 'staging'], ['Skip', null]] as const) {
        await choose(page, row(page, e.id), 'Copy as cURL');
        const ask = page.getByRole('dialog', { name: 'Choose an environment' });
        await ask.getByRole('button', { name: choice }).click();
        await ask.waitFor({ state: 'detached' });
        const want = await rpc.request('copy/text', { project, ids: [e.id], what: 'curl', environment, render: environment ? 'resolve' : 'keep' });
        await poll(() => clipboard(page)).toBe(want.text);
        if (environment) expect(want.text).toContain('https://staging.shop.test:8443');
        else expect(want.text).toContain('{{host}}');
      }
    } finally {
      await rpc.request('settings/set', { project, scope: 'user', values: {}, unset: ['curl.renderMode'] });
      await rpc.request('env/delete', { project, name: 'staging' });
      await page.reload();
      await page.locator('.toolbar .count').filter({ hasText: `${expected.endpoints.length} endpoints` }).waitFor();
    }
  });

  it('creates, edits and renames environments; a secret is masked, revealed on demand, and kept out of the project', async () => {
    const secret = `s3cr3t-${Date.now()}`;
    await page.getByRole('button', { name: 'Environments' }).click();
    const panel = page.getByRole('dialog', { name: 'Environments' });
    await panel.getByRole('button', { name: 'New environment' }).click();
    await panel.getByLabel('Environment name').fill('dev');
    await panel.getByLabel('Value 1', { exact: true }).fill('http://127.0.0.1:8080');
    await panel.getByRole('button', { name: 'Add variable' }).click();
    await panel.getByLabel('Key 2', { exact: true }).fill('token');
    await panel.getByLabel('Secret 2', { exact: true }).check();
    await panel.getByLabel('Value 2', { exact: true }).fill(secret);
    expect(await panel.getByLabel('Value 2', { exact: true }).getAttribute('type')).toBe('password');
    await panel.getByRole('button', { name: 'Reveal value 2' }).click();
    expect(await panel.getByLabel('Value 2', { exact: true }).getAttribute('type')).toBe('text');
    await panel.getByRole('button', { name: 'Hide value 2' }).click();
    await panel.getByRole('button', { name: 'Add variable' }).click();
    await panel.getByLabel('Key 3', { exact: true }).fill('localOnly');
    await panel.getByLabel('Value 3', { exact: true }).fill('kept');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: "Saved 'dev'" }).waitFor();
    await panel.getByLabel('Active environment').selectOption('dev');
    await poll(async () => (await rpc.request('env/list', { project })).active).toBe('dev');

    const list = await rpc.request('env/list', { project });
    expect(list.environments.find((x) => x.name === 'dev')!.variables).toEqual([
      { key: 'host', value: 'http://127.0.0.1:8080' },
      { key: 'token', value: secret, secret: true },
      { key: 'localOnly', value: 'kept' },
    ]);
    // The project holds the environment but not the secret; the user's folder does.
    const projectFiles = filesUnder(shop);
    expect([...projectFiles.values()].some((t) => t.includes('localOnly'))).toBe(true);
    expect([...projectFiles].filter(([, t]) => t.includes(secret)).map(([f]) => f)).toEqual([]);
    expect([...filesUnder(config).values()].some((t) => t.includes(secret))).toBe(true);
    await page.screenshot({ path: screenshotPath('environment-panel') });

    // Rename: a copy under the new name, the old one gone, its secret with it.
    await panel.getByLabel('Environment name').fill('dev2');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: "Renamed 'dev' to 'dev2'" }).waitFor();
    const renamed = await rpc.request('env/list', { project });
    expect(renamed.environments.map((x) => x.name)).toEqual(['dev2']);
    expect(renamed.environments[0]!.variables.find((v) => v.key === 'token')).toEqual({ key: 'token', value: secret, secret: true });
    await panel.getByLabel('Environment name').fill('dev');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await rpc.request('env/list', { project })).environments.map((x) => x.name)).toEqual(['dev']);
    // At 1400 px a long name, active, stays in the list's column: the drop-down and the list cut
    // it with an ellipsis and show it whole on hover; nothing reaches into the editor beside.
    const long = 'staging-eu-west-1-with-a-very-long-environment-name-for-the-payments-team';
    await panel.getByRole('button', { name: 'New environment' }).click();
    await panel.getByLabel('Environment name').fill(long);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await rpc.request('env/list', { project })).environments.map((x) => x.name).sort()).toEqual(['dev', long]);
    await panel.getByLabel('Active environment').selectOption(long);
    await poll(async () => (await rpc.request('env/list', { project })).active).toBe(long);
    expect(page.viewportSize()!.width).toBe(1400);
    const layout = () =>
      panel.evaluate((dialog) => {
        const right = (sel: string) => dialog.querySelector(sel)!.getBoundingClientRect().right;
        const item = [...dialog.querySelectorAll<HTMLElement>('.env-list li')].find((l) => l.textContent!.startsWith('staging-'))!;
        const label = item.querySelector<HTMLElement>('.env-label') ?? item;
        const select = dialog.querySelector<HTMLSelectElement>('select[aria-label="Active environment"]')!;
        return {
          select: right('select[aria-label="Active environment"]'),
          item: item.getBoundingClientRect().right,
          list: right('.env-list'),
          editor: dialog.querySelector('.env-editor')!.getBoundingClientRect().left,
          cut: label.scrollWidth > label.clientWidth,
          ellipsis: getComputedStyle(label).textOverflow,
          tips: [label.title, select.title],
        };
      });
    await poll(() => panel.getByLabel('Active environment').inputValue()).toBe(long);
    const at = await layout();
    expect(at.select).toBeLessThanOrEqual(at.list + 0.5);
    expect(at.item).toBeLessThanOrEqual(at.list + 0.5);
    expect(at.list).toBeLessThan(at.editor);
    expect(at).toMatchObject({ cut: true, ellipsis: 'ellipsis', tips: [long, long] });
    await page.screenshot({ path: screenshotPath('environment-panel-long-name') });
    await panel.getByLabel('Active environment').selectOption('dev');
    await poll(async () => (await rpc.request('env/list', { project })).active).toBe('dev');
    await panel.getByRole('listbox', { name: 'Environment list' }).getByRole('option').filter({ hasText: long }).click();
    await poll(() => panel.getByLabel('Environment name').inputValue()).toBe(long);
    await panel.getByRole('button', { name: 'Delete…' }).click();
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(async () => (await rpc.request('env/list', { project })).environments.map((x) => x.name)).toEqual(['dev']);
    // Delete asks first.
    await panel.getByRole('button', { name: 'New environment' }).click();
    await panel.getByLabel('Environment name').fill('scratch');
    // Not saved yet: Discard drops it; no "Delete 'scratch'?" for what is on no disk.
    expect(await panel.getByRole('button', { name: 'Discard' }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: 'Delete…' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(async () => (await rpc.request('env/list', { project })).environments.map((x) => x.name).sort()).toEqual(['dev', 'scratch']);
    // The list walks with the keyboard: up from 'scratch' to 'dev', Enter opens it.
    const options = panel.getByRole('listbox', { name: 'Environment list' }).getByRole('option');
    await options.filter({ hasText: 'scratch' }).focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await poll(() => panel.getByLabel('Environment name').inputValue()).toBe('dev');
    await options.filter({ hasText: 'scratch' }).click();
    await poll(() => panel.getByLabel('Environment name').inputValue()).toBe('scratch');
    await panel.getByRole('button', { name: 'Delete…' }).click();
    await panel.getByRole('button', { name: 'Delete', exact: true }).click();
    await poll(async () => (await rpc.request('env/list', { project })).environments.map((x) => x.name)).toEqual(['dev']);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('syncs with Postman: off without a token (and says why), on with one; a pull conflict resolved with Merge; a refused push forced', async () => {
    const remote = postman.seed('ws-personal', 'dev', [
      { key: 'host', value: 'https://dev.remote.test', type: 'default' },
      { key: 'extra', value: 'from-postman', type: 'default' },
    ]);
    await page.getByRole('button', { name: 'Environments' }).click();
    const panel = page.getByRole('dialog', { name: 'Environments' });
    const sync = panel.getByRole('button', { name: 'Sync ▾' });
    await poll(() => sync.isDisabled()).toBe(true);
    expect(await panel.locator('.sync-off summary').getAttribute('title')).toMatch(/^Sync is off: .+/);
    await panel.locator('.sync-off summary').click();
    await panel.getByLabel('Postman API token').fill(postman.apiKey);
    await panel.getByRole('button', { name: 'Save token' }).click();
    await poll(() => sync.isDisabled()).toBe(false);
    await panel.locator('.sync-off').waitFor({ state: 'detached' });
    // Persisted per user, never in the project.
    expect([...filesUnder(config).values()].some((t) => t.includes(postman.apiKey))).toBe(true);
    expect([...filesUnder(shop).values()].some((t) => t.includes(postman.apiKey))).toBe(false);

    await sync.click();
    await page.getByRole('menu', { name: 'Sync' }).getByRole('menuitem', { name: 'Pull…' }).click();
    const pull = page.getByRole('dialog', { name: 'Pull from Postman' });
    await pull.getByRole('button', { name: 'dev' }).click();
    const conflict = page.getByRole('dialog', { name: 'Pull conflict' });
    await conflict.waitFor();
    await page.screenshot({ path: screenshotPath('environment-pull-conflict') });
    await conflict.getByRole('button', { name: 'Merge' }).click();
    await page.getByRole('status').filter({ hasText: "'dev' merged" }).waitFor();
    const dev = (await rpc.request('env/list', { project })).environments.find((x) => x.name === 'dev')!;
    const values = Object.fromEntries(dev.variables.map((v) => [v.key, v.value]));
    // Merge: the remote wins where both have a key, local-only keys stay.
    expect(values).toMatchObject({ host: 'https://dev.remote.test', extra: 'from-postman', localOnly: 'kept' });
    // The panel shows the merged list.
    await poll(() => panel.getByLabel('Value 1', { exact: true }).inputValue()).toBe(values[dev.variables[0]!.key]);
    expect(postman.violations).toEqual([]);
    expect(postman.requests.every((r) => r.apiKey === postman.apiKey)).toBe(true);
    expect(remote.id).toBeTruthy();

    // Push: the merged environment goes back; the stand-in holds it.
    await sync.click();
    await page.getByRole('menu', { name: 'Sync' }).getByRole('menuitem', { name: "Push 'dev'" }).click();
    await page.getByRole('status').filter({ hasText: 'Sync · Push' }).waitFor();
    const stored = [...postman.environments.values()].find((x) => x.name === 'dev')!;
    expect(Object.fromEntries(stored.values.map((v) => [v.key, v.value]))).toMatchObject({ host: 'https://dev.remote.test', localOnly: 'kept' });

    // Someone edits it in Postman; a push of a local change is refused until forced.
    postman.editRemotely(stored.id, [{ key: 'host', value: 'https://edited.in.postman', type: 'default' }]);
    const localOnly = dev.variables.findIndex((v) => v.key === 'localOnly') + 1;
    await panel.getByLabel(`Value ${localOnly}`, { exact: true }).fill('changed here');
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: "Saved 'dev'" }).last().waitFor();
    await sync.click();
    await page.getByRole('menu', { name: 'Sync' }).getByRole('menuitem', { name: "Push 'dev'" }).click();
    const refused = panel.locator('.push-refused');
    await poll(() => refused.textContent()).toContain('changed in Postman since the last sync');
    expect(Object.fromEntries(postman.environments.get(stored.id)!.values.map((v) => [v.key, v.value]))).toEqual({ host: 'https://edited.in.postman' });
    await refused.getByRole('button', { name: 'Overwrite in Postman' }).click();
    await refused.waitFor({ state: 'detached' });
    await poll(() => Object.fromEntries(postman.environments.get(stored.id)!.values.map((v) => [v.key, v.value]))).toMatchObject({ host: 'https://dev.remote.test', localOnly: 'changed here' });
    expect(postman.violations).toEqual([]);
    // Sync is also a right click on the environment dropdown (spec §4.8); Escape closes only the menu.
    await panel.getByLabel('Active environment').click({ button: 'right' });
    const syncMenu = page.getByRole('menu', { name: 'Sync' });
    expect(await syncMenu.getByRole('menuitem').allTextContents()).toEqual(["Push 'dev'", 'Pull…']);
    await page.keyboard.press('Escape');
    await syncMenu.waitFor({ state: 'detached' });
    expect(await panel.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });

  it('saves settings to the chosen file, refuses a bad value at its field, and the menu follows Copy API URL', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'General' }).waitFor();
    expect(await settings.getByRole('tab').allTextContents()).toEqual(expect.arrayContaining(['General', 'gRPC', 'gRPC Runtime']));
    // Every row of settings/get is on some page.
    const view = await rpc.request('settings/get', { project });
    let shown = 0;
    for (const tab of await settings.getByRole('tab').all()) {
      await tab.click();
      shown += await settings.locator('.setting').count();
    }
    expect(shown).toBe(view.settings.length);

    await settings.getByRole('tab', { name: 'General' }).click();
    await page.screenshot({ path: screenshotPath('settings-page') });
    // An edit not yet saved says so, not where the old value came from.
    const copyUrl = settings.locator('.setting', { hasText: 'features.copyApiUrl' });
    expect(await copyUrl.locator('.tag').allTextContents()).toEqual(['default']);
    await settings.getByLabel('Copy API URL').uncheck();
    expect(await copyUrl.locator('.tag').allTextContents()).toEqual(['unsaved']);
    await page.screenshot({ path: screenshotPath('settings-unsaved') });
    await settings.getByLabel('Save to').selectOption('user');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved 1 setting' }).waitFor();
    const userFile = JSON.parse(fs.readFileSync(path.join(config, 'settings.json'), 'utf8'));
    expect(userFile['features.copyApiUrl']).toBe(false);
    await poll(() => settings.locator('.setting', { hasText: 'features.copyApiUrl' }).locator('.tag.from-user').count()).toBe(1);

    // gRPC: a deadline below 0 is refused at its field, nothing is written; a good one goes to the project.
    await settings.getByRole('tab', { name: 'gRPC', exact: true }).click();
    const deadline = page.locator('[data-key="grpc.deadlineMs"]');
    await deadline.fill('-5');
    await settings.getByLabel('Save to').selectOption('project');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    const fieldError = settings.locator('.setting', { has: deadline }).getByRole('alert');
    await poll(() => fieldError.textContent()).toMatch(/integer from 0 to/);
    expect(await deadline.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: screenshotPath('settings-invalid') });
    const projectSettings = path.join(shop, '.apiscout', 'settings.json');
    expect(fs.existsSync(projectSettings) ? JSON.parse(fs.readFileSync(projectSettings, 'utf8'))['grpc.deadlineMs'] : undefined).toBeUndefined();
    await deadline.fill('5000');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => fs.existsSync(projectSettings) && JSON.parse(fs.readFileSync(projectSettings, 'utf8'))['grpc.deadlineMs']).toBe(5000);
    await fieldError.waitFor({ state: 'detached' });
    // Read again after saving: the row says where its value comes from.
    await poll(() => settings.locator('.setting', { has: deadline }).locator('.tag.from-project').count()).toBe(1);
    expect(await deadline.inputValue()).toBe('5000');

    // A choice row: the cURL render mode saved as Ask is the export dialog's default.
    await settings.getByRole('tab', { name: 'General' }).click();
    await page.locator('[data-key="curl.renderMode"]').selectOption('ask');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await poll(() => JSON.parse(fs.readFileSync(projectSettings, 'utf8'))['curl.renderMode']).toBe('ask');
    // The page has read the rows back (nothing unsaved): Escape closes without asking.
    await poll(() => settings.locator('.setting.changed').count()).toBe(0);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
    const exportDialog = page.getByRole('dialog', { name: 'Export' });
    await exportDialog.getByLabel('Channel').selectOption('curl');
    expect(await exportDialog.getByLabel('Placeholders').inputValue()).toBe('ask');
    await page.keyboard.press('Escape');
    await exportDialog.waitFor({ state: 'detached' });

    // The menu lost Copy API URL at once.
    await row(page, byAddress(ADD_ITEM).id).click({ button: 'right' });
    expect(await menu(page).getByRole('menuitem').allTextContents()).toEqual(ACTIONS.filter((a) => a !== 'Copy API URL'));
    await page.keyboard.press('Escape');

    // The other helper's gRPC gate opens the page with a DOM event, on the page it names.
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('apiscout:open-settings', { detail: { page: 'grpc' } })));
    await poll(() => settings.getByRole('tab', { selected: true }).textContent()).toBe('gRPC');
    await page.keyboard.press('Escape');
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
  });

  it('asks before unsaved settings or environment edits are dropped; Keep editing keeps them', async () => {
    const settingsFile = () => (fs.existsSync(path.join(shop, '.apiscout', 'settings.json')) ? fs.readFileSync(path.join(shop, '.apiscout', 'settings.json'), 'utf8') : '');
    const unsaved = page.getByRole('dialog', { name: 'Unsaved changes' });
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('tab', { name: 'gRPC', exact: true }).click();
    const deadline = settings.locator('[data-key="grpc.deadlineMs"]');
    const saved = await deadline.inputValue();
    // Nothing edited: Escape closes at once.
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Settings' }).click();
    await settings.getByRole('tab', { name: 'gRPC', exact: true }).click();
    await deadline.fill('7777');
    const before = settingsFile();
    // Escape asks; Escape again answers Keep editing, the edit still there.
    await page.keyboard.press('Escape');
    await unsaved.getByText('Your changes to 1 setting will be lost.').waitFor();
    await page.screenshot({ path: screenshotPath('settings-unsaved') });
    await page.keyboard.press('Escape');
    await unsaved.waitFor({ state: 'detached' });
    expect(await deadline.inputValue()).toBe('7777');
    // The close button asks too; Discard closes, nothing written, the saved value shows again.
    await settings.getByRole('button', { name: 'Close settings' }).click();
    await unsaved.getByRole('button', { name: 'Discard' }).click();
    await settings.waitFor({ state: 'detached' });
    expect(settingsFile()).toBe(before);
    await page.getByRole('button', { name: 'Settings' }).click();
    await settings.getByRole('tab', { name: 'gRPC', exact: true }).click();
    expect(await deadline.inputValue()).toBe(saved);
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // Environments: switching to another environment or closing over an edit asks first.
    await rpc.request('env/save', { project, environment: { name: 'keep-a', variables: [{ key: 'host', value: 'http://127.0.0.1:1' }] } });
    await rpc.request('env/save', { project, environment: { name: 'keep-b', variables: [{ key: 'host', value: 'http://127.0.0.1:2' }] } });
    try {
      await page.getByRole('button', { name: 'Environments' }).click();
      const panel = page.getByRole('dialog', { name: 'Environments' });
      const list = panel.getByRole('listbox', { name: 'Environment list' });
      await list.getByRole('option', { name: /^keep-a/ }).click();
      await panel.getByLabel('Value 1', { exact: true }).fill('http://127.0.0.1:9');
      await list.getByRole('option', { name: /^keep-b/ }).click();
      await unsaved.getByText("Your changes to 'keep-a' will be lost.").waitFor();
      await unsaved.getByRole('button', { name: 'Keep editing' }).click();
      expect(await panel.getByLabel('Value 1', { exact: true }).inputValue()).toBe('http://127.0.0.1:9');
      await list.getByRole('option', { name: /^keep-b/ }).click();
      await unsaved.getByRole('button', { name: 'Discard' }).click();
      expect(await panel.getByLabel('Value 1', { exact: true }).inputValue()).toBe('http://127.0.0.1:2');
      // Nothing edited in keep-b: closing does not ask.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      const envs = (await rpc.request('env/list', { project })).environments;
      expect(envs.find((e) => e.name === 'keep-a')!.variables).toEqual([{ key: 'host', value: 'http://127.0.0.1:1' }]);
    } finally {
      await rpc.request('env/delete', { project, name: 'keep-a' });
      await rpc.request('env/delete', { project, name: 'keep-b' });
    }
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
  });

  it('shows the scan warnings behind a toolbar button, each opening its file at its line', async () => {
    const warned = copyOf(SHOP, 'shop-warnings');
    const web = path.join(warned, 'orders/src/main/java/com/acme/shop/orders/web');
    fs.writeFileSync(path.join(web, 'LegacyController.java'), [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      'public class LegacyController {',
      '    @GetMapping(LegacyPaths.MISSING)',
      '    public String legacy() { return ""; }',
      '}',
      '',
    ].join('\n'));
    // Enough endpoints for a three-digit count, the width at which the count ran out of room at 300 px.
    fs.writeFileSync(path.join(web, 'ManyController.java'), [
      'package com.acme.shop.orders.web;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      'public class ManyController {',
      ...Array.from({ length: 70 }, (_, i) => `    @GetMapping("/many/${i}") public String many${i}() { return ""; }`),
      '}',
      '',
    ].join('\n'));
    fs.writeFileSync(path.join(web, 'HalfWritten.java'), 'package com.acme.shop.orders.web;\n@RestController\npublic class HalfWritten {\n    @GetMapping("/half")\n    public String half( { return "";\n');
    const page = await newPage(context);
    try {
      await page.goto(`${await ui.url}?project=${encodeURIComponent(warned)}`);
      await page.locator('.row.kind-endpoint').first().waitFor();
      const button = page.getByRole('button', { name: 'Scan warnings: 2' });
      await button.waitFor();
      expect(await button.getAttribute('title')).toMatch(/^2 scan warnings/);
      await button.click();
      const panel = page.getByRole('dialog', { name: 'Scan warnings' });
      await poll(() => panel.locator('li').allTextContents()).toEqual([
        expect.stringMatching(/^orders\/src\/main\/java\/com\/acme\/shop\/orders\/web\/HalfWritten\.java:5\s*syntax error/),
        expect.stringMatching(/^orders\/src\/main\/java\/com\/acme\/shop\/orders\/web\/LegacyController\.java:5\s*@GetMapping: cannot resolve LegacyPaths\.MISSING/),
      ]);
      await page.screenshot({ path: screenshotPath('scan-warnings') });
      // A warning's file opens at its line, over the list, which Escape then shows again.
      await panel.getByRole('button', { name: /LegacyController\.java:5$/ }).click();
      const source = page.getByRole('dialog', { name: /^Source of / });
      await poll(() => source.locator('.cm-target-line').textContent()).toContain('LegacyPaths.MISSING');
      await page.keyboard.press('Escape');
      await source.waitFor({ state: 'detached' });
      expect(await panel.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      // In a 300 px tool window the warnings leave the count too little room for "N endpoints": the
      // number stays whole and the word gives way (the tooltip keeps it), rather than "66 endpo…".
      const count = page.locator('.toolbar .count');
      const shown = () =>
        count.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const inside = (e: Element) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
          };
          const parts = [...el.children];
          return { cut: el.scrollWidth > el.clientWidth + 1, visible: parts.length ? parts.filter(inside).map((e) => e.textContent!.trim()) : [el.textContent] };
        });
      const total = (await count.getAttribute('title'))!.split(' ')[0]!;
      await page.setViewportSize({ width: 300, height: 800 });
      await poll(shown).toEqual({ cut: false, visible: [total] });
      await page.screenshot({ path: screenshotPath('scan-warnings-count-300') });
      expect(await count.getAttribute('title')).toBe(`${total} endpoints`);
      await page.setViewportSize({ width: 1400, height: 900 });
      await poll(shown).toEqual({ cut: false, visible: [total, 'endpoints'] });
      // The sample shop itself has none: no button.
      await page.goto(await ui.url);
      await page.locator('.row.kind-endpoint').first().waitFor();
      expect(await page.locator('.toolbar .warnings').count()).toBe(0);
      expect((page as Page & { problems: string[] }).problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("says why a project shows no endpoints: its empty tree offers the scan's warnings", async () => {
    // A Javalin service: routes apiscout does not read, which the scan names in a warning.
    const javalin = path.join(tmp, 'javalin-only');
    fs.mkdirSync(path.join(javalin, 'src/main/java/com/acme'), { recursive: true });
    fs.writeFileSync(path.join(javalin, 'pom.xml'), '<project>\n  <artifactId>greeter</artifactId>\n  <dependencies>\n    <dependency>\n      <groupId>io.javalin</groupId>\n      <artifactId>javalin</artifactId>\n    </dependency>\n  </dependencies>\n</project>\n');
    fs.writeFileSync(path.join(javalin, 'src/main/java/com/acme/Main.java'), 'package com.acme;\nimport io.javalin.Javalin;\npublic class Main {\n    public static void main(String[] a) { Javalin.create().get("/hi", ctx -> ctx.result("hi")).start(7070); }\n}\n');
    const page = await newPage(context);
    try {
      await page.goto(`${await ui.url}?project=${encodeURIComponent(javalin)}`);
      await page.getByText('No endpoints found in this project.').waitFor();
      await page.getByRole('button', { name: 'Show the scan warning' }).click();
      const panel = page.getByRole('dialog', { name: 'Scan warnings' });
      await poll(() => panel.locator('li').allTextContents()).toEqual([expect.stringMatching(/^pom\.xml:6\s*module greeter serves HTTP with Javalin \(io\.javalin:javalin\)/)]);
      expect((page as Page & { problems: string[] }).problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('runs Auto Detect on a gRPC project and applies the runtime it proposes', async () => {
    // The echo service alone: its import of the shared types is missing; a descriptor set of both
    // (written by @grpc/proto-loader) lies in the tree for Auto Detect to find.
    const grpc = copyOf(path.join(GRPC_FIXTURE, 'echo'), 'grpc-echo');
    const files = (loadDefinition()['acme.echo.v1.SayRequest'] as unknown as { fileDescriptorProtos: Buffer[] }).fileDescriptorProtos;
    const protoset = path.join(grpc, 'build', 'descriptors', 'echo.protoset');
    fs.mkdirSync(path.dirname(protoset), { recursive: true });
    fs.writeFileSync(protoset, Buffer.concat(files.flatMap((f) => [Buffer.from([0x0a]), varint(f.length), f])));

    const grpcPage = await newPage(context);
    try {
      await grpcPage.goto(`${await ui.url}?project=${encodeURIComponent(grpc)}`);
      await grpcPage.locator('.row.kind-endpoint').first().waitFor();
      // The served first screen draws the toolbar before the app takes it over: a click on its
      // Settings button before then opened nothing (under load, the test waited a minute).
      await grpcPage.locator('.app:not(.first-paint)').waitFor();
      await grpcPage.getByRole('button', { name: 'Settings' }).click();
      const settings = grpcPage.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('tab', { name: 'gRPC Runtime' }).click();
      await settings.getByRole('button', { name: 'Auto Detect' }).click();
      const report = settings.getByRole('status', { name: 'Auto Detect result' });
      const want = await rpc.request('grpc/detect', { project: grpc });
      await poll(() => report.locator('li').allTextContents()).toEqual(want.summary);
      expect(want.runtime).toEqual([protoset]);
      await report.getByRole('button', { name: /^Use the detected runtime/ }).click();
      const runtime = settings.locator('[data-key="grpc.runtime"]');
      expect(await runtime.inputValue()).toBe(protoset);
      await grpcPage.screenshot({ path: screenshotPath('settings-grpc-runtime') });
      await settings.getByLabel('Save to').selectOption('user');
      await settings.getByRole('button', { name: 'Save', exact: true }).click();
      await poll(() => JSON.parse(fs.readFileSync(path.join(config, 'settings.json'), 'utf8'))['grpc.runtime']).toEqual([protoset]);
      expect((grpcPage as Page & { problems: string[] }).problems).toEqual([]);
    } finally {
      await grpcPage.close();
    }
  });
});

describe('panels inside an IDE host', () => {
  let host: SidecarClient;
  let context: BrowserContext;
  let page: Page;
  let shop: string;
  let endpoint: Endpoint;

  beforeAll(async () => {
    shop = copyOf(SHOP, 'shop-host');
    process.env.APISCOUT_CONFIG_DIR = fs.mkdtempSync(path.join(tmp, 'config-host-'));
    host = new SidecarClient();
    const { uiUrl } = await host.request('hello', { client: 'test-ide' });
    const opened = await host.request('project/open', { root: shop });
    await host.request('project/wait', { project: opened.project });
    endpoint = (await host.request('endpoints/search', { project: opened.project, query: ADD_ITEM, limit: 1 })).results[0]!.endpoint as unknown as Endpoint;
    // JCEF without clipboard access: no permissions granted.
    context = await browser.newContext({ viewport: { width: 1400, height: 1400 }, colorScheme: 'light' });
    page = await newPage(context);
    await page.goto(uiUrl!);
    await row(page, endpoint.id).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    expect(await host.close()).toBe(0);
  });

  it('asks the host to open the source, copy and open settings, and shows no browser fallback', async () => {
    await choose(page, row(page, endpoint.id), 'Navigate to Source');
    const target = await host.waitFor('host/navigate');
    expect(target).toEqual({ file: path.join(shop, endpoint.source.file), line: endpoint.source.line, column: endpoint.source.column });
    expect(await page.getByRole('dialog').count()).toBe(0);

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await choose(page, row(page, endpoint.id), 'Copy Path');
    expect(await host.waitFor('host/clipboard')).toEqual({ text: endpoint.path });
    await page.getByRole('status').filter({ hasText: 'through the IDE' }).waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await host.waitFor('host/openSettings')).toEqual({ page: 'apiscout' });
    // The page reads the sidecar's answers in order on one socket: once a later copy is done,
    // the settings answer has been handled, and a fallback dialog would be open by now.
    await choose(page, row(page, endpoint.id), 'Copy as cURL');
    expect((await host.waitFor('host/clipboard', (c) => c.text.startsWith('curl'))).text).toContain(endpoint.path.split('{')[0]!);
    await page.getByRole('status').filter({ hasText: 'Copied the cURL of 1 endpoint through the IDE' }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Settings' }).count()).toBe(0);
    expect((page as Page & { problems: string[] }).problems).toEqual([]);
  });
});

function varint(n: number): Buffer {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return Buffer.from(out);
}

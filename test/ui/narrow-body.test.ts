// The request editor of the sample shop at the tool window's widths, in Debian's Chromium against a
// real `apiscout ui`: POST /api/v1/catalog/products's JSON editor, its status line and the model's
// toggle in the request pane whole (not cut by the response's top edge), the body's class by its
// simple name, and "Edited" only for a request that differs from the endpoint's default (a plain
// Send saves the request but is no edit, nor is an edit typed back to the default; such a request
// follows a change in the source and the host last used); a gRPC request's method whole at 300 px. Screenshots go
// to test-results/ui/narrow-body-*.png.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, screenshotPath } from './ui-harness';
import { openExplorer, projectSuite, searchAndOpen } from './project-suite';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const CREATE = 'POST /api/v1/catalog/products';
const GET_STOCK = 'gRPC /acme.shop.inventory.v1.StockService/GetStock';
const RECORD_COUNTS = 'gRPC /acme.shop.inventory.v1.StockService/RecordCounts';

const suite = projectSuite('narrow-body', { source: SHOP });
const id = (address: string) => suite.ids.get(address)!;
/** Another HTTP endpoint of the shop, sent to another host. */
const otherId = () => [...suite.ids].find(([address]) => address.startsWith('GET /api/'))![1];

/** The page at this size, the endpoint opened as a person does (its address searched, Enter), its Body tab shown. */
async function openCreate(width: number, height: number): Promise<Page> {
  const page = await openExplorer(suite, suite.tabs.light, width, height);
  await searchAndOpen(page, CREATE, id(CREATE));
  const editor = page.locator('.request-editor');
  await poll(() => editor.locator('input.path-field').inputValue()).toContain('/api/v1/catalog/products');
  await editor.getByRole('tab', { name: 'Body' }).click();
  await poll(() => editor.locator('.body-status').textContent()).toBe('Valid JSON, matches the schema');
  return page;
}

/** Where `target` is in the request pane's visible part: its top and bottom from the pane's top, and the pane's height. */
async function inPane(page: Page, target: Locator): Promise<{ top: number; bottom: number; height: number }> {
  const [p, t] = [(await page.locator('.request-editor').boundingBox())!, (await target.boundingBox())!];
  return { top: t.y - p.y, bottom: t.y + t.height - p.y, height: p.height };
}

describe('the request body at the tool window\'s widths', () => {
  it('shows the editor, its status line and the model whole in the request pane at 300 and 420 px; a short window scrolls to them', async () => {
    for (const [width, height] of [[300, 800], [420, 860]] as const) {
      const page = await openCreate(width, height);
      const editor = page.locator('.request-editor');
      await page.screenshot({ path: screenshotPath(`narrow-body-${width}`) });
      for (const part of [editor.locator('.json-editor'), editor.locator('.body-status'), editor.locator('.body-model > summary')]) {
        const at = await inPane(page, part);
        // Whole, with no scrolling: the status line was cut in half by the response's top edge at 300 px.
        expect(at.top, `${width} px`).toBeGreaterThanOrEqual(0);
        expect(at.bottom, `${width} px`).toBeLessThanOrEqual(at.height);
      }
      // The editor keeps room for some lines (about six).
      expect((await editor.locator('.json-editor').boundingBox())!.height, `${width} px`).toBeGreaterThanOrEqual(118);
      expect(await suite.tabs.light.leave()).toEqual([]);
    }
    // A short window: the pane scrolls, its padding under the status line included.
    const page = await openCreate(300, 560);
    const editor = page.locator('.request-editor');
    await editor.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const status = await inPane(page, editor.locator('.body-status'));
    expect(status.top).toBeGreaterThanOrEqual(0);
    expect(status.bottom).toBeLessThanOrEqual(status.height - 8);
    await page.screenshot({ path: screenshotPath('narrow-body-300-short') });
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('names the body\'s class by its simple name, whole on its line at 300 px, the qualified name in its tooltip', async () => {
    const page = await openCreate(300, 860);
    const line = page.locator('.request-editor .content-type');
    expect(await line.textContent()).toBe('application/json · CreateProductRequest');
    const type = line.locator('.java-type');
    expect(await type.getAttribute('title')).toBe('com.acme.shop.catalog.dto.CreateProductRequest');
    // On one line: the name is not broken in its middle ("CreateProductRe / quest").
    expect(await type.evaluate((el) => new Set([...el.getClientRects()].map((r) => Math.round(r.top))).size)).toBe(1);
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('says Edited only for a request that differs from the default: a plain Send saves it but is no edit', async () => {
    const page = await openCreate(1400, 900);
    const editor = page.locator('.request-editor');
    const head = editor.locator('.save-state');
    expect(await head.textContent()).toBe('');
    // A Send that reaches no server (the environment's host moved to a closed port): still no edit.
    await suite.rpc.request('env/save', { project: suite.project, environment: { name: 'local', variables: [{ key: 'host', value: 'http://127.0.0.1:9' }] } });
    await editor.getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.response-panel .call-failure').waitFor();
    expect(await head.textContent()).toBe('');
    // Opened again (it said "Edited" then: the draft Send saved counted as edits).
    await openCreate(1400, 900);
    expect(await head.textContent()).toBe('');
    await suite.rpc.request('env/save', { project: suite.project, environment: { name: 'local', variables: [{ key: 'host', value: suite.server.url }] } });
    await editor.getByRole('button', { name: 'Send', exact: true }).click();
    await poll(() => page.locator('.response-panel .status').first().textContent()).toContain('200');
    // Saved as today (a revisit shows it again), yet the same as the default: not an edit, nothing to call saved.
    expect(await head.textContent()).toBe('');
    const state = await suite.rpc.request('request/get', { project: suite.project, id: id(CREATE) });
    expect(state.edited).toBe(false);
    const saved = JSON.parse(fs.readFileSync(path.join(suite.root, '.apiscout', 'requests.json'), 'utf8')) as { requests: Record<string, unknown> };
    expect(Object.keys(saved.requests)).toContain(id(CREATE));
    await page.reload();
    await openCreate(1400, 900);
    expect(await head.textContent()).toBe('');
    // A change typed, then sent: Edited, after a reload too.
    await page.getByLabel('JSON request body', { exact: true }).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(' ');
    await poll(() => head.textContent()).toBe('Edits saved');
    await editor.getByRole('button', { name: 'Send', exact: true }).click();
    await poll(async () => (await suite.rpc.request('request/get', { project: suite.project, id: id(CREATE) })).edited).toBe(true);
    // An edited request sent: its edits are saved.
    await poll(() => head.textContent()).toBe('Edits saved');
    await openCreate(1400, 900);
    expect(await head.textContent()).toBe('Edited');
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('an edit typed back to the request as it came is no edit: no "Edits saved", the store says unedited', async () => {
    const page = await openCreate(1400, 900);
    const editor = page.locator('.request-editor');
    const head = editor.locator('.save-state');
    await editor.getByRole('button', { name: 'Reset' }).click();
    await poll(() => head.textContent()).toBe('');
    await page.getByLabel('JSON request body', { exact: true }).click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.insertText(' ');
    await poll(() => head.textContent()).toBe('Edits saved');
    expect((await suite.rpc.request('request/get', { project: suite.project, id: id(CREATE) })).edited).toBe(true);
    // Undone by hand: the request is the default again.
    await page.keyboard.press('Backspace');
    await poll(async () => (await suite.rpc.request('request/get', { project: suite.project, id: id(CREATE) })).edited).toBe(false);
    await poll(() => head.textContent()).toBe('');
    const saved = JSON.parse(fs.readFileSync(path.join(suite.root, '.apiscout', 'requests.json'), 'utf8')) as { requests: Record<string, { edited?: boolean }> };
    expect(saved.requests[id(CREATE)]?.edited).toBe(false);
    await openCreate(1400, 900);
    expect(await head.textContent()).toBe('');
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('the save status takes its place beside the source link without moving the editor: no jump at 300, 420 and 600 px', async () => {
    for (const width of [300, 420, 600]) {
      await suite.rpc.request('request/reset', { project: suite.project, id: id(CREATE) });
      const page = await openCreate(width, 860);
      const editor = page.locator('.request-editor');
      const head = editor.locator('.save-state');
      expect(await head.textContent()).toBe('');
      const line = editor.locator('.request-line');
      const before = (await line.boundingBox())!.y;
      await page.getByLabel('JSON request body', { exact: true }).click();
      await page.keyboard.press('ControlOrMeta+End');
      await page.keyboard.insertText(' ');
      await poll(() => head.textContent()).toBe('Edits saved');
      await page.screenshot({ path: screenshotPath(`narrow-body-saved-${width}`) });
      // "Edits saved" went to a line of its own at 420 px, pushing the request line and the editor down by one.
      expect((await line.boundingBox())!.y, `${width} px`).toBe(before);
      const [link, status] = [(await editor.locator('.endpoint-head button.link').boundingBox())!, (await head.boundingBox())!];
      expect(Math.abs(link.y + link.height / 2 - (status.y + status.height / 2)), `${width} px: beside the link`).toBeLessThan(4);
      expect(status.x + status.width, `${width} px: whole`).toBeLessThanOrEqual(width);
      expect(await suite.tabs.light.leave()).toEqual([]);
    }
    await suite.rpc.request('request/reset', { project: suite.project, id: id(CREATE) });
  });

  it('a request sent unedited follows the source a re-scan reads, and the host another endpoint was sent to', async () => {
    const page = await openCreate(1400, 900);
    const editor = page.locator('.request-editor');
    const head = editor.locator('.save-state');
    const body = editor.locator('.cm-content');
    await editor.getByRole('button', { name: 'Reset' }).click();
    await poll(() => head.textContent()).toBe('');
    await editor.getByRole('button', { name: 'Send', exact: true }).click();
    await poll(() => page.locator('.response-panel .status').first().textContent()).toContain('200');
    await poll(async () => (await suite.rpc.request('request/get', { project: suite.project, id: id(CREATE) })).edited).toBe(false);
    // A field added to the body's class, as the IDE reports a save: the request shown takes it.
    const dto = 'catalog/src/main/java/com/acme/shop/catalog/dto/CreateProductRequest.java';
    const file = path.join(suite.root, dto);
    const original = fs.readFileSync(file, 'utf8');
    const changed = async (text: string) => {
      fs.writeFileSync(file, text);
      await suite.rpc.request('files/changed', { project: suite.project, changes: [{ path: dto, kind: 'changed' }] });
    };
    try {
      await changed(original.replace('    public String getSku() {', '    private String origin;\n\n    public String getOrigin() {\n        return origin;\n    }\n\n    public String getSku() {'));
      await poll(async () => Object.keys(JSON.parse(await body.innerText()))).toContain('origin');
      expect(await head.textContent()).not.toBe('Edited');
    } finally {
      await changed(original);
    }
    await poll(async () => Object.keys(JSON.parse(await body.innerText()))).not.toContain('origin');
    // Another endpoint sent to another host: that host is the default now, and this request,
    // never edited, takes it without calling itself edited.
    const other = (await suite.rpc.request('request/get', { project: suite.project, id: otherId() })).draft;
    await suite.rpc.request('call/send', { project: suite.project, id: otherId(), callId: 'other-host', draft: { ...other, host: suite.server.url } });
    await openCreate(1400, 900);
    expect(await editor.locator('input.host').inputValue()).toBe(suite.server.url);
    expect(await head.textContent()).toBe('');
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('keeps a gRPC request\'s method whole at 300 px, the service cut before it, and names its message by simple name', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 300, 800);
    await searchAndOpen(page, 'GetStock', id(GET_STOCK));
    const rpcPath = page.locator('.request-line .rpc');
    await poll(() => rpcPath.textContent()).toBe('/acme.shop.inventory.v1.StockService/GetStock');
    await page.screenshot({ path: screenshotPath('narrow-body-grpc-300') });
    // The method is drawn whole inside the line ("/acme.shop.inventory.v1.StockServic…" hid it).
    const method = rpcPath.locator('.rpc-method');
    expect(await method.textContent()).toBe('/GetStock');
    const [line, m] = [(await rpcPath.boundingBox())!, (await method.boundingBox())!];
    expect(m.x + m.width).toBeLessThanOrEqual(line.x + line.width);
    expect(await method.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const type = page.locator('.grpc-message-head .java-type');
    expect(await type.textContent()).toBe('· GetStockRequest');
    expect(await type.getAttribute('title')).toBe('acme.shop.inventory.v1.GetStockRequest');
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('scrolls a client stream of many messages to its Add message button, the pane\'s padding under it', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 300, 800);
    await searchAndOpen(page, 'RecordCounts', id(RECORD_COUNTS));
    const add = page.getByRole('button', { name: '+ Add message' });
    await add.waitFor();
    const before = await page.locator('.grpc-message').count();
    for (let i = 0; i < 3; i++) await add.click();
    await poll(() => page.locator('.grpc-message').count()).toBe(before + 3);
    const editor = page.locator('.request-editor');
    await editor.evaluate((el) => (el.scrollTop = el.scrollHeight));
    // It sat on the pane's very edge: the tab shrank and the messages hung out of it, past the padding.
    const at = await inPane(page, add);
    expect(at.bottom).toBeLessThanOrEqual(at.height - 8);
    await page.screenshot({ path: screenshotPath('narrow-body-grpc-stream-300') });
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

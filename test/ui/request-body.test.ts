// The Body tab of a polymorphic request body (Jackson subtypes) in Debian's Chromium against a real
// `apiscout ui` on a copy of the polymorphic-bodies fixture: a subtype picker that swaps the
// editor's example and keeps what was typed for each subtype, the body check against the subtype
// the body names or the user picked, and the body's model drawn as a field list. Screenshots of
// the Body tab at the tool window's widths and full width, light and dark, go to test-results/ui/.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { CLI, launchChromium, poll, releaseChromium, resizeTo, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';

const POLY = fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url));

let tmp: string;
let browser: Browser;
let ui: UiProcess;
let page: Page;
let endpoints: Endpoint[];
const problems: string[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-body-'));
  browser = await launchChromium();
  const dir = path.join(tmp, 'poly');
  fs.cpSync(POLY, dir, { recursive: true });
  // Lists of a base type, in a field and as the body itself: the fixture has none of two subtypes.
  fs.writeFileSync(
    path.join(dir, 'src/main/java/com/acme/poly/LedgerController.java'),
    'package com.acme.poly;\n\nimport java.util.List;\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class LedgerController {\n' +
      '    public static class Ledger {\n        public String owner;\n        public List<Payment> entries;\n    }\n\n' +
      '    @PostMapping("/ledgers")\n    public void ledger(@RequestBody Ledger ledger) {}\n\n' +
      '    @PostMapping("/payments/batch")\n    public void batch(@RequestBody List<Payment> payments) {}\n}\n',
  );
  const env = { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') };
  endpoints = (JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', dir], { encoding: 'utf8', env: { ...process.env, ...env } })) as ScanResult).endpoints;
  ui = new UiProcess(dir, [], env);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 }, colorScheme: 'light' });
  page.setDefaultTimeout(UI_WAIT_MS);
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(await ui.url);
  await page.locator('.toolbar .count').filter({ hasText: `${endpoints.length} endpoints` }).waitFor();
});

afterAll(async () => {
  await page?.close();
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Opens an endpoint as a person does (its address in the search field, Enter on the hit) at its Body tab. */
async function openBody(address: string): Promise<Endpoint> {
  const e = endpoints.find((x) => x.address === address)!;
  const search = page.getByLabel('Search endpoints');
  await search.fill(e.address);
  await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBe(e.id);
  await search.press('Enter');
  const editor = page.locator('.request-editor');
  await poll(() => editor.locator('input.path-field').inputValue()).toContain(e.path);
  await editor.getByRole('tab', { name: 'Body' }).click();
  return e;
}

const editor = () => page.locator('.request-editor');
const bodyJson = async () => JSON.parse(await editor().locator('.cm-content').innerText()) as unknown;
const status = () => editor().locator('.body-status').textContent();

async function setJson(text: string): Promise<void> {
  await page.getByLabel('JSON request body', { exact: true }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

describe('a polymorphic request body', () => {
  it('offers each subtype by name; picking one from the keyboard swaps in its example, and what was typed for another comes back with it, after a visit elsewhere too, until Reset', async () => {
    const e = await openBody('POST /payments');
    const picker = editor().getByLabel('Subtype');
    expect(await picker.locator('option').allTextContents()).toEqual(['CardPayment', 'CashPayment']);
    expect(await picker.inputValue()).toBe('0');
    expect(await bodyJson()).toEqual(e.request!.body!.example);
    // The keyboard: the picker takes the focus and the arrow picks the next subtype.
    await picker.focus();
    await page.keyboard.press('ArrowDown');
    await poll(bodyJson).toEqual({ '@class': 'com.acme.poly.CashPayment', amount: 0, currency: 'currency' });
    await poll(status).toContain('Valid JSON, matches the schema');
    await page.screenshot({ path: screenshotPath('body-subtype-picked') });

    // Typed for CashPayment, then CardPayment picked: its example; CashPayment again: the typed text.
    const typed = '{"@class": "com.acme.poly.CashPayment", "amount": 12, "currency": "EUR"}';
    await setJson(typed);
    await poll(status).toContain('Valid JSON');
    await picker.selectOption({ label: 'CardPayment' });
    await poll(bodyJson).toEqual(e.request!.body!.example);
    await picker.selectOption({ label: 'CashPayment' });
    await poll(() => editor().locator('.cm-content').innerText()).toBe(typed);

    // A visit to another endpoint keeps each subtype's text; Reset drops them with the rest.
    await picker.selectOption({ label: 'CardPayment' });
    await poll(bodyJson).toEqual(e.request!.body!.example);
    await openBody('POST /shapes');
    await openBody('POST /payments');
    await poll(bodyJson).toEqual(e.request!.body!.example);
    await picker.selectOption({ label: 'CashPayment' });
    await poll(() => editor().locator('.cm-content').innerText()).toBe(typed);
    await editor().getByRole('button', { name: 'Reset' }).click();
    await poll(bodyJson).toEqual(e.request!.body!.example);
    await picker.selectOption({ label: 'CashPayment' });
    await poll(bodyJson).toEqual({ '@class': 'com.acme.poly.CashPayment', amount: 0, currency: 'currency' });

    // The body names its subtype: the picker follows an id typed by hand, the check reads that subtype.
    await setJson('{"@class": "com.acme.poly.CardPayment", "amount": 1, "cardNumber": 4}');
    await poll(() => picker.inputValue()).toBe('0');
    await poll(status).toMatch(/cardNumber.*an integer where string is expected/);
    expect(problems).toEqual([]);
  });

  it('checks a body with no type id (DEDUCTION) against the subtype its properties tell, or the one picked', async () => {
    await openBody('POST /vehicles');
    const picker = editor().getByLabel('Subtype');
    expect(await picker.locator('option').allTextContents()).toEqual(['Car', 'Boat']);
    await picker.selectOption({ label: 'Boat' });
    await poll(bodyJson).toEqual({ sails: 0 });
    // Car has no required property and would take any object: the check is Boat's.
    await setJson('{"sails": "three"}');
    await poll(status).toMatch(/sails.*a string where integer \(int32\) is expected/);
    // An empty object fits both: the pick stays, and so does what the check reads.
    await setJson('{}');
    await poll(status).toContain('Valid JSON');
    expect(await picker.inputValue()).toBe('1');
    expect(problems).toEqual([]);
  });

  it('names a wrapper array\'s subtypes by class and posts the picked one\'s id first', async () => {
    await openBody('POST /animals');
    const picker = editor().getByLabel('Subtype');
    expect(await picker.locator('option').allTextContents()).toEqual(['Dog', 'Cat']);
    await picker.selectOption({ label: 'Cat' });
    await poll(bodyJson).toEqual(['.Animal$Cat', { name: 'name', lives: 0 }]);
    await poll(status).toContain('Valid JSON');
  });

  it('offers a picker for a polymorphic field, named by its path, that swaps that field only and keeps what was typed for each subtype', async () => {
    const e = await openBody('POST /drawings');
    // No picker for the body itself: it is no base type.
    expect(await editor().locator('.subtype-picker').count()).toBe(1);
    const picker = editor().getByLabel('Subtype of main');
    expect(await picker.locator('option').allTextContents()).toEqual(['Dot (shape: dot)', 'Line (shape: line)']);
    expect(await picker.inputValue()).toBe('0');
    const example = e.request!.body!.example as Record<string, unknown>;
    expect(await bodyJson()).toEqual(example);
    // The rest of the body is what was typed; only `main` changes.
    await setJson(JSON.stringify({ ...example, frameType: 'dot', main: { shape: 'dot', color: 'red', x: 3 } }));
    await picker.selectOption({ label: 'Line (shape: line)' });
    await poll(bodyJson).toEqual({ ...example, frameType: 'dot', main: { shape: 'line', color: 'color', length: 0 } });
    await poll(status).toContain('Valid JSON');
    await page.screenshot({ path: screenshotPath('body-subtype-nested-field') });
    await picker.selectOption({ label: 'Dot (shape: dot)' });
    await poll(bodyJson).toEqual({ ...example, frameType: 'dot', main: { shape: 'dot', color: 'red', x: 3 } });
    // An id typed by hand: the picker follows it.
    await setJson(JSON.stringify({ ...example, main: { shape: 'line', length: 2 } }));
    await poll(() => picker.inputValue()).toBe('1');
    expect(problems).toEqual([]);
  });

  it('offers a picker for the first item of a list of subtypes, in a field and as the whole body', async () => {
    const ledger = await openBody('POST /ledgers');
    const entries = editor().getByLabel('Subtype of entries[0]');
    expect(await entries.locator('option').allTextContents()).toEqual(['CardPayment', 'CashPayment']);
    const example = ledger.request!.body!.example as { owner: string; entries: unknown[] };
    expect(await bodyJson()).toEqual(example);
    await entries.selectOption({ label: 'CashPayment' });
    const cash = { '@class': 'com.acme.poly.CashPayment', amount: 0, currency: 'currency' };
    await poll(bodyJson).toEqual({ ...example, entries: [cash, ...example.entries.slice(1)] });
    await poll(status).toContain('Valid JSON');
    await page.screenshot({ path: screenshotPath('body-subtype-nested-list') });

    await openBody('POST /payments/batch');
    const items = editor().getByLabel('Subtype of [0]');
    expect(await items.locator('option').allTextContents()).toEqual(['CardPayment', 'CashPayment']);
    await items.selectOption({ label: 'CashPayment' });
    await poll(async () => ((await bodyJson()) as unknown[])[0]).toEqual(cash);
    await poll(status).toContain('Valid JSON');
    expect(problems).toEqual([]);
  });

  it('offers pickers inside the subtype shown, as deep as the body goes: a group\'s child, and that child\'s child', async () => {
    const e = await openBody('POST /nodes');
    // A picker's name ends with the subtype it shows (the select's value is part of its label).
    const root = editor().getByLabel(/^Subtype (Group|Leaf)/);
    expect(await root.locator('option').allTextContents()).toEqual(['Group (type: group)', 'Leaf (type: leaf)']);
    expect(await bodyJson()).toEqual(e.request!.body!.example);
    // The example is a group holding a group with no children: a picker for each level, the empty list's first child too.
    const child = editor().getByLabel(/^Subtype of children\[0\] /);
    const grandchild = editor().getByLabel(/^Subtype of children\[0\]\.children\[0\] /);
    expect(await child.inputValue()).toBe('0');
    expect(await grandchild.inputValue()).toBe('0');
    await grandchild.selectOption({ label: 'Leaf (type: leaf)' });
    await poll(bodyJson).toEqual({ type: 'group', name: 'name', children: [{ type: 'group', name: 'name', children: [{ type: 'leaf', name: 'name', value: 0 }] }] });
    await poll(status).toContain('Valid JSON, matches the schema');
    await page.screenshot({ path: screenshotPath('body-subtype-nested-deep') });
    // The child made a leaf: it has no children, so no picker under it; a group again, and its leaf comes back.
    await child.selectOption({ label: 'Leaf (type: leaf)' });
    await poll(() => grandchild.count()).toBe(0);
    expect(((await bodyJson()) as { children: unknown[] }).children[0]).toEqual({ type: 'leaf', name: 'name', value: 0 });
    await child.selectOption({ label: 'Group (type: group)' });
    await poll(() => grandchild.inputValue()).toBe('1');
    // The body a leaf: no child pickers at all.
    await root.selectOption({ label: 'Leaf (type: leaf)' });
    await poll(() => editor().locator('.subtype-picker').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('draws the body\'s model as a field list, subtypes and their fields', async () => {
    await openBody('POST /payments');
    const model = editor().getByRole('list', { name: 'Request model' });
    await model.waitFor();
    const rows = (await model.locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual([
      'one of CardPayment (@class: com.acme.poly.CardPayment)',
      '@class* enum(com.acme.poly.CardPayment)',
      'amount integer(int64)',
      'cardNumber string',
      'one of CashPayment (@class: com.acme.poly.CashPayment)',
      '@class* enum(com.acme.poly.CashPayment)',
      'amount integer(int64)',
      'currency string',
    ]);
    expect(problems).toEqual([]);
  });

  it('draws a polymorphic field\'s subtypes under it in the model, and a tree\'s own type by name', async () => {
    await openBody('POST /drawings');
    const rows = async () => (await editor().getByRole('list', { name: 'Request model' }).locator('li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    // `main` read "main Figure" with nothing under it: which fields a Dot or a Line takes was nowhere.
    expect((await rows()).slice(0, 9)).toEqual([
      'main Figure',
      'one of Dot (shape: dot)',
      'shape* enum(dot)',
      'color string',
      'x integer(int32)',
      'one of Line (shape: line)',
      'shape* enum(line)',
      'color string',
      'length integer(int32)',
    ]);
    await openBody('POST /nodes');
    // The children are nodes again: named ("any[]" before), not opened again.
    await poll(rows).toContain('children Node[]');
    expect(problems).toEqual([]);
  });

  it('keeps the model in reach at the tool window\'s narrowest: a toggle in view above the editor, closed until asked for', async () => {
    await openBody('POST /payments');
    await resizeTo(page, 300, 600);
    const pane = editor();
    await pane.evaluate((el) => (el.scrollTop = 0));
    const model = pane.locator('details.body-model');
    const toggle = model.locator('summary');
    await toggle.waitFor();
    await page.screenshot({ path: screenshotPath('body-model-300') });
    /** Whether the element is inside the request pane's visible part, no scrolling. */
    const inView = async (target: typeof toggle) => {
      const [p, t] = [(await pane.boundingBox())!, (await target.boundingBox())!];
      return t.height > 0 && t.y >= p.y && t.y + t.height <= p.y + p.height;
    };
    expect(await inView(toggle)).toBe(true);
    expect(await model.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await toggle.click();
    const first = model.getByRole('list', { name: 'Request model' }).locator('li').first();
    await first.waitFor();
    expect(await inView(first)).toBe(true);
    await page.screenshot({ path: screenshotPath('body-model-300-open') });
    // Wide, the model is open under the editor as before.
    await page.setViewportSize({ width: 1400, height: 900 });
    await toggle.click();
    expect(await model.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await toggle.click();
    expect(await model.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('fits the picker and the model at the tool window\'s widths and full width, light and dark', async () => {
    // Opened at full width, read at each width (a narrow window shows the list or the details).
    await openBody('POST /shapes');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const [width, height] of [[300, 800], [420, 800], [600, 800], [1600, 1000]] as const) {
        await resizeTo(page, width, height);
        const picker = editor().getByLabel('Subtype');
        await picker.waitFor();
        // Nothing of the Body tab is wider than the page: the picker's long labels are cut, not the page.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${width} px ${scheme}`).toBe(0);
        const box = (await picker.boundingBox())!;
        expect(box.x + box.width, `${width} px ${scheme}`).toBeLessThanOrEqual(width);
        await page.screenshot({ path: screenshotPath(`body-subtypes-${width}-${scheme}`), fullPage: false });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1400, height: 900 });
    expect(problems).toEqual([]);
  });
});

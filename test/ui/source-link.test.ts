// The request head's link to the source at the narrowest tool window, in Debian's Chromium against
// a real `apiscout ui`: a long controller name gives way (cut with an ellipsis), its line number
// stays whole beside it. Before, the link was cut at its end: "CustomerAccountStatementExpo…" lost
// the ":5" that says where the handler is.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, poll, releaseChromium, resizeTo, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';

let tmp: string;
let browser: Browser;
let ui: UiProcess;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-source-link-'));
  const dir = path.join(tmp, 'statements');
  fs.mkdirSync(path.join(dir, 'src/main/java/com/acme'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'src/main/java/com/acme/CustomerAccountStatementExportController.java'),
    [
      'package com.acme;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestController',
      'public class CustomerAccountStatementExportController {',
      '    @GetMapping("/statements") public String list() { return ""; }',
      '}',
    ].join('\n'),
  );
  ui = new UiProcess(dir, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 300, height: 700 }, colorScheme: 'light' });
  page.setDefaultTimeout(UI_WAIT_MS);
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(await ui.url);
  await page.locator('.toolbar .count').filter({ hasText: '1 endpoint' }).waitFor();
}, 60_000);

afterAll(async () => {
  await page?.close();
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the source link in the request head', () => {
  it('keeps the line number whole at 300 px and cuts the file name instead', async () => {
    await resizeTo(page, 300, 700);
    const search = page.getByLabel('Search endpoints');
    await search.fill('statements');
    await poll(() => page.locator('#results .row').count()).toBe(1);
    await search.press('Enter');
    const link = page.locator('.request-editor .endpoint-head button.link');
    await poll(() => link.textContent()).toBe('CustomerAccountStatementExportController.java:5');
    await page.screenshot({ path: screenshotPath('source-link-300') });
    const [box, line, name] = await Promise.all([link.boundingBox(), link.locator('.file-line').boundingBox(), link.locator('.file-name').boundingBox()]);
    // The line number is inside the link's box, whole, and the name before it is cut.
    expect(line!.x + line!.width).toBeLessThanOrEqual(box!.x + box!.width + 0.5);
    // It is drawn against the name's ellipsis, back over the blank the cut leaves at the box's end (ellipsis-gap.ts; row-cuts.test.ts measures it): less than a letter.
    expect(line!.x).toBeGreaterThanOrEqual(name!.x + name!.width - 14);
    expect(line!.x).toBeLessThanOrEqual(name!.x + name!.width + 0.5);
    expect(await link.locator('.file-name').evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
    expect(problems).toEqual([]);
  });
});

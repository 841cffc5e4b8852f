// The grey text against the text and the backgrounds, in Debian's Chromium against a real
// `apiscout ui` on the sample shop, in each of the four palettes (the browser's light and dark, the
// IDE's Light and Darcula): text and grey text read at 4.5:1 (WCAG AA) on the tree and on the page,
// and the grey stays apart from the text (Darcula's #ababab beside #bbbbbb was 1.2:1, the same grey
// to the eye). The hover grey under a row and a tool button is seen against the tree, and the text on it
// reads at 4.5:1 (Darcula's #4c5052 under its grey text was 2.9:1). Screenshots go to
// test-results/ui/theme-contrast-*.png.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, poll, releaseChromium, screenshotPath, Tab, UI_WAIT_MS, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const CREATE = 'POST /api/v1/catalog/products';

let tmp: string;
let browser: Browser;
let tab: Tab;
let ui: UiProcess;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-theme-contrast-'));
  const shop = path.join(tmp, 'shop');
  fs.cpSync(SHOP, shop, { recursive: true });
  // A file the scan cannot parse: the toolbar then shows its warnings button, text on a hover.
  fs.writeFileSync(path.join(shop, 'catalog/src/main/java/Broken.java'), '@RestController class Broken { void x( }');
  ui = new UiProcess(shop, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  browser = await launchChromium();
  tab = await Tab.open(browser);
  tab.page.setDefaultTimeout(UI_WAIT_MS);
});

afterAll(async () => {
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Drawn {
  /** The text colour and the background drawn behind it, as [r, g, b]. */
  colour: number[];
  back: number[];
}

/** The first element's text colour and the opaque background behind it. */
function drawn(page: Page, selector: string): Promise<Drawn> {
  return page.locator(selector).first().evaluate((el) => {
    const rgb = (c: string) => (/rgba?\(([^)]*)\)/.exec(c)?.[1] ?? '0, 0, 0, 0').split(',').map((x) => parseFloat(x));
    let back = [255, 255, 255];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length < 4 || c[3] === 1) {
        back = c.slice(0, 3);
        break;
      }
    }
    return { colour: rgb(getComputedStyle(el).color).slice(0, 3), back };
  });
}

/** WCAG's contrast ratio of two colours, to two decimals. */
function ratio(a: number[], b: number[]): number {
  const luminance = (c: number[]) => c.map((v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return Math.round(((x! + 0.05) / (y! + 0.05)) * 100) / 100;
}

describe('grey text in every theme', () => {
  it('text and grey text read at 4.5:1 on the tree and the page, and the grey is visibly apart from the text: light, dark, IntelliJ Light and Darcula', async () => {
    for (const [scheme, query, name] of [['light', '', 'light'], ['dark', '', 'dark'], ['dark', '?host=intellij&theme=light', 'intellij-light'], ['light', '?host=intellij&theme=dark', 'darcula']] as const) {
      await tab.page.emulateMedia({ colorScheme: scheme });
      const page = await tab.load(`${await ui.url}${query}`, { width: 1400, height: 860 });
      await page.locator('#tree .row.kind-endpoint .name').first().waitFor();
      const search = page.getByLabel('Search endpoints');
      await search.fill(CREATE);
      await poll(() => page.locator('#results .row').count()).toBeGreaterThan(0);
      await search.press('Enter');
      // The expected response's field list: names in the text colour, types in grey, on the page.
      await page.locator('.response-panel .schema-outline .o-type').first().waitFor();
      await search.fill('');
      await page.locator('#tree .row.kind-endpoint .name').first().waitFor();
      const parts = {
        'tree text': await drawn(page, '#tree .row.kind-endpoint:not(.active):not(.selected) .path'),
        'tree grey': await drawn(page, '#tree .row.kind-endpoint:not(.active):not(.selected) .name'),
        'page text': await drawn(page, '.response-panel .schema-outline .o-name'),
        'page grey': await drawn(page, '.response-panel .schema-outline .o-type'),
      };
      await page.screenshot({ path: screenshotPath(`theme-contrast-${name}`) });
      const low = Object.entries(parts)
        .map(([where, d]) => ({ where, ratio: ratio(d.colour, d.back) }))
        .filter((r) => r.ratio < 4.5);
      expect(low, name).toEqual([]);
      // Apart: the browser's dark theme has 1.6:1 between them, Darcula had 1.2:1.
      expect(ratio(parts['tree text'].colour, parts['tree grey'].colour), `${name}: tree`).toBeGreaterThanOrEqual(1.45);
      expect(ratio(parts['page text'].colour, parts['page grey'].colour), `${name}: page`).toBeGreaterThanOrEqual(1.45);
      expect(await tab.leave(), name).toEqual([]);
    }
    await tab.page.emulateMedia({ colorScheme: 'light' });
  }, 120_000);
});

describe('the hover grey in every theme', () => {
  it('a row and a tool button under the mouse are visibly apart from the tree, and their text reads at 4.5:1 on the hover: light, dark, IntelliJ Light and Darcula', async () => {
    for (const [scheme, query, name] of [['light', '', 'light'], ['dark', '', 'dark'], ['dark', '?host=intellij&theme=light', 'intellij-light'], ['light', '?host=intellij&theme=dark', 'darcula']] as const) {
      await tab.page.emulateMedia({ colorScheme: scheme });
      const page = await tab.load(`${await ui.url}${query}`, { width: 1400, height: 860 });
      const row = page.locator('#tree .row.kind-endpoint:not(.active):not(.selected)').first();
      await row.locator('.name').waitFor();
      const tree = await drawn(page, '#tree .row.kind-endpoint:not(.active):not(.selected) .path');
      await row.hover();
      const parts = {
        'row text': await drawn(page, '#tree .row.kind-endpoint:hover .path'),
        'row grey': await drawn(page, '#tree .row.kind-endpoint:hover .name'),
        'row method': await drawn(page, '#tree .row.kind-endpoint:hover .method'),
      };
      // The hover is seen: the tree's background and the hover's differ by 1.1:1 at least (Darcula's is 1.2).
      expect(ratio(tree.back, parts['row text'].back), `${name}: row hover against the tree`).toBeGreaterThanOrEqual(1.1);
      const warnings = page.locator('.toolbar button.warnings');
      await warnings.hover();
      const button = await drawn(page, '.toolbar button.warnings:hover');
      await page.screenshot({ path: screenshotPath(`theme-contrast-hover-${name}`) });
      expect(ratio(tree.back, button.back), `${name}: tool button hover against the toolbar`).toBeGreaterThanOrEqual(1.1);
      const low = Object.entries({ ...parts, 'warnings count': button })
        .map(([where, d]) => ({ where, ratio: ratio(d.colour, d.back) }))
        .filter((r) => r.ratio < 4.5);
      expect(low, name).toEqual([]);
      expect(await tab.leave(), name).toEqual([]);
    }
    await tab.page.emulateMedia({ colorScheme: 'light' });
  }, 120_000);
});

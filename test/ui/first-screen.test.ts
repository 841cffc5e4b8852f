// The explorer's first screen drawn in the page's HTML (ide-bridge/first-screen.ts): the tree's
// first rows come in the served page itself, from the retained index, so the browser paints them
// before the app's script runs; the app then takes over those very elements. In Debian's Chromium
// against a real `apiscout ui` process: the page's script is held back at the network while the
// served screen is looked at, then let through.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackedFirstTree } from '../../ide-bridge/ui/tree-codec';
import { unpackFirstTree } from '../../ide-bridge/ui/tree-codec';
import { flattenTree } from '../../ide-bridge/ui/tree-model';
import { copyOpenedOnce, launchChromium, poll, releaseChromium, screenshotPath, UI_WAIT_MS, UiProcess } from './ui-harness';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let tmp: string;
let browser: Browser;
let ui: UiProcess;
let dir: string;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-first-screen-'));
  browser = await launchChromium();
  // The scan after the retained tree waits for the page however slow the machine (project-session.ts).
  const env = { APISCOUT_CONFIG_DIR: path.join(tmp, 'user'), APISCOUT_TREE_GRACE_MS: '600000' };
  dir = path.join(tmp, 'shop');
  await copyOpenedOnce(SHOP, dir, env);
  ui = new UiProcess(dir, [], env);
}, 300_000);

afterAll(async () => {
  await ui?.stop();
  await releaseChromium(browser);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 120_000);

/** Each row of the tree in the DOM: its key, its markup as a canonical string (attributes sorted), and its box relative to the tree's. */
interface RowSeen {
  key: string;
  markup: string;
  box: [number, number, number, number];
}

const rowsSeen = (page: Page): Promise<RowSeen[]> =>
  page.evaluate(() => {
    const canon = (n: Node): string => {
      if (n.nodeType === Node.TEXT_NODE) return JSON.stringify(n.textContent);
      const el = n as Element;
      const attrs = [...el.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort();
      return `<${el.localName} ${attrs.join(' ')}>${[...el.childNodes].map(canon).join('')}</${el.localName}>`;
    };
    const tree = document.getElementById('tree')!.getBoundingClientRect();
    return [...document.querySelectorAll('#tree .vrow')].map((vrow) => {
      const r = vrow.getBoundingClientRect();
      return { key: vrow.querySelector('.row')!.getAttribute('data-key')!, markup: canon(vrow), box: [r.left - tree.left, r.top - tree.top, r.width, r.height] as [number, number, number, number] };
    });
  });

/**
 * A page whose app script waits at the network until `release` is called; with `holdSocket`, its
 * socket to the sidecar waits (connecting) until `connect` is, the app meanwhile drawn from the
 * page's own tree, its requests queued.
 */
async function pageWithScriptHeld(width: number, height: number, { holdSocket = false } = {}): Promise<{ page: Page; release(): void; connect(): void }> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.setDefaultTimeout(UI_WAIT_MS);
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(/\/app\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  let connect = () => {};
  if (holdSocket) {
    const connected = new Promise<void>((r) => (connect = r));
    await page.routeWebSocket(/\/rpc$/, async (socket) => {
      await connected;
      socket.connectToServer();
    });
  }
  return { page, release, connect };
}

/**
 * The served screen as the browser first paints it: its rows in the document and the head's
 * stylesheet applied. A script may read the rows before app.css has arrived (a loaded machine),
 * when every computed style is the browser's default; nothing is painted before it arrives.
 */
async function servedScreenPainted(page: Page): Promise<void> {
  await page.locator('#tree .row.kind-endpoint').first().waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((l) => l.sheet !== null), undefined, { polling: 50 });
}

/** The app has rendered over the served screen: its first commit marked, the served screen's own class gone. */
const appTookOver = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('apiscout:tree').length > 0 && !document.querySelector('.first-paint'), undefined, { polling: 50 });

describe('the first screen in the page', { timeout: 300_000 }, () => {
  it('the served HTML holds the tree\'s first rows, in the tree\'s order', async () => {
    const html = await (await fetch(await ui.url)).text();
    const first = unpackFirstTree(JSON.parse(/<script type="application\/json" id="first-tree">(.*?)<\/script>/s.exec(html)![1]!) as PackedFirstTree);
    const rows = flattenTree(first.modules, new Set());
    const keys = [...html.matchAll(/<div id="tree-row-(\d+)"[^>]*data-key="([^"]*)"/g)].map((m) => [Number(m[1]), m[2]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')]);
    expect(keys.length).toBe(Math.min(rows.length, 72));
    expect(keys).toEqual(rows.slice(0, keys.length).map((r, i) => [i, r.key]));
    // The first screen is inside the app's element, before the tree's data and with the app's script named in the head.
    expect(html.indexOf('<div id="app"><div class="app wide pane-both first-paint"')).toBeGreaterThan(html.indexOf('<script type="module" src="app.js">'));
    expect(html.indexOf('id="tree-row-0"')).toBeLessThan(html.indexOf('id="first-tree"'));
    const total = first.modules.reduce((n, m) => n + m.classes.reduce((k, c) => k + c.endpoints.length, 0), 0);
    expect(html).toContain(`title="${total} endpoints"><span class="n">${total}</span> <span class="word">endpoints</span></span>`);
  });

  it('is painted before the app runs, looks the same after the app takes it over, and the app works on its rows', async () => {
    // The app takes the screen over from the page's tree with its socket held: the scan after the retained tree
    // starts once the app asks for the tree over it, and its end takes the scan line away, moving the tree up by
    // 29.8 px, off the pixel grid by a fraction: the same row's text drawn at another subpixel offset differed in
    // 2,000 pixels of antialiasing, on a loaded machine where that scan ended before the second screenshot.
    const { page, release, connect } = await pageWithScriptHeld(1400, 500, { holdSocket: true });
    try {
      await page.goto(await ui.url, { waitUntil: 'commit' });
      // Without the app's script: the rows are there, laid out, and painted.
      await servedScreenPainted(page);
      expect(await page.evaluate(() => performance.getEntriesByName('apiscout:tree').length)).toBe(0);
      await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { polling: 50 });
      // Scrolled by two rows before the app comes: the app keeps that scroll.
      await page.locator('#tree').evaluate((el) => (el.scrollTop = 48));
      const served = await rowsSeen(page);
      const servedAt = await page.locator('#tree .vrow').nth(3).boundingBox();
      const shotServed = await page.locator('#tree .vrow').nth(3).screenshot();
      // Each served row element marked, to tell it apart from one the app would make.
      await page.evaluate(() => document.querySelectorAll('#tree .vrow').forEach((el, i) => ((el as unknown as { served: number }).served = i)));

      release();
      await appTookOver(page);
      const after = await rowsSeen(page);
      expect(await page.locator('#tree').evaluate((el) => el.scrollTop)).toBe(48);
      // The rows the app shows at first are served rows, the same elements, markup and boxes.
      expect(after.length).toBeGreaterThan(5);
      const byKey = new Map(served.map((r) => [r.key, r]));
      for (const row of after) expect(byKey.get(row.key)).toEqual(row);
      const reused = await page.evaluate(() => [...document.querySelectorAll('#tree .vrow')].map((el) => (el as unknown as { served?: number }).served));
      expect(reused.every((i) => typeof i === 'number')).toBe(true);
      // Where it is on the page too (rowsSeen's boxes are the tree's): the scan line still there, nothing above it changed.
      expect(await page.locator('#tree .vrow').nth(3).boundingBox()).toEqual(servedAt);
      expect(await page.locator('#tree .vrow').nth(3).screenshot()).toEqual(shotServed);
      connect();

      // The app works on the served rows: a click selects an endpoint and opens it; the keyboard moves the cursor.
      const row = page.locator('#tree .row.kind-endpoint').nth(2);
      const key = await row.getAttribute('data-key');
      await row.click();
      await poll(() => row.getAttribute('class')).toContain('selected');
      await page.locator('.request-editor').waitFor();
      const rowsNow = await page.locator('#tree .row').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
      await page.keyboard.press('ArrowDown');
      await poll(() => page.locator('#tree .row.active').getAttribute('data-key')).toBe(rowsNow[rowsNow.indexOf(key) + 1]);
      expect(await page.evaluate(() => (document.querySelector('#tree .row.active')!.closest('.vrow') as unknown as { served?: number }).served)).toBeTypeOf('number');
    } finally {
      await page.close();
    }
  });

  it('in the IDE, the served screen comes in the IDE\'s theme and font size from the page\'s URL, as the app then draws it', async () => {
    const { page, release } = await pageWithScriptHeld(1000, 640);
    /** The look of the root, the toolbar and the first endpoint row. */
    const look = () =>
      page.evaluate(() => {
        const css = (el: Element) => {
          const s = getComputedStyle(el);
          return [s.color, s.backgroundColor, s.fontSize, s.fontFamily].join(' | ');
        };
        const root = document.documentElement;
        return { theme: root.dataset['theme'], host: root.dataset['host'], body: css(document.body), toolbar: css(document.querySelector('.toolbar')!), row: css(document.querySelector('#tree .row.kind-endpoint')!) };
      });
    try {
      await page.goto(`${await ui.url}?host=intellij&theme=dark&fontSize=15`, { waitUntil: 'commit' });
      await servedScreenPainted(page);
      const served = await look();
      expect(served).toMatchObject({ theme: 'dark', host: 'intellij' });
      expect(served.body).toContain('15px');
      const rows = await rowsSeen(page);
      release();
      await appTookOver(page);
      expect(await look()).toEqual(served);
      const byKey = new Map(rows.map((r) => [r.key, r]));
      for (const row of await rowsSeen(page)) expect(byKey.get(row.key)).toEqual(row);
    } finally {
      await page.close();
    }
  });

  it('at a tool window\'s narrow width the served screen is the list alone, as the app draws it', async () => {
    const { page, release } = await pageWithScriptHeld(360, 640);
    try {
      await page.goto(await ui.url, { waitUntil: 'commit' });
      await servedScreenPainted(page);
      expect(await page.locator('main.details').isVisible()).toBe(false);
      const served = await rowsSeen(page);
      expect(served[0]!.box[2]).toBeGreaterThan(300);
      release();
      await appTookOver(page);
      expect(await page.locator('.app').getAttribute('class')).toContain('narrow');
      const byKey = new Map(served.map((r) => [r.key, r]));
      for (const row of await rowsSeen(page)) expect(byKey.get(row.key)).toEqual(row);
      // Nothing overflows sideways: a path or name too long for the row is cut, and its tooltip holds the whole text.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const spans = await page.locator('#tree .row.kind-endpoint :is(.path, .name)').evaluateAll((els) =>
        els.map((el) => ({ text: el.textContent, title: el.getAttribute('title'), cut: el.scrollWidth > el.clientWidth })),
      );
      expect(spans.filter((s) => s.cut).length).toBeGreaterThan(0);
      for (const s of spans) expect(s.title).toBe(s.text);
    } finally {
      await page.close();
    }
  });

  it('in a 300 px tool window each tree row keeps its path\'s last segment in sight, served and drawn by the app alike', async () => {
    const { page, release } = await pageWithScriptHeld(300, 640);
    /** Per endpoint row: its path and whether the path's last character is inside the box that holds it (not behind an ellipsis). */
    const ends = () =>
      page.locator('#tree .row.kind-endpoint .path').evaluateAll((els) =>
        els.map((path) => {
          const walker = document.createTreeWalker(path, NodeFilter.SHOW_TEXT);
          let last: Text | null = null;
          for (let n = walker.nextNode(); n; n = walker.nextNode()) last = n as Text;
          const char = document.createRange();
          char.setStart(last!, last!.length - 1);
          char.setEnd(last!, last!.length);
          const box = last!.parentElement!.getBoundingClientRect();
          return { path: path.getAttribute('title')!, inSight: char.getBoundingClientRect().right <= box.right + 0.5 };
        }),
      );
    try {
      await page.goto(await ui.url, { waitUntil: 'commit' });
      await servedScreenPainted(page);
      const served = await ends();
      // ProductController's rows all begin "/api/v1/catalog/products": cut at the end, they all read "/api/v1/catalo…".
      const products = served.filter((e) => e.path.startsWith('/api/v1/catalog/products'));
      expect(products.length).toBeGreaterThan(5);
      await page.screenshot({ path: screenshotPath('first-screen-tree-300') });
      expect(products.filter((e) => !e.inSight)).toEqual([]);
      release();
      await appTookOver(page);
      const drawn = await ends();
      expect(drawn.filter((e) => e.path.startsWith('/api/v1/catalog/products') && !e.inSight)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(300);
    } finally {
      await page.close();
    }
  });
});

// Search rows in a narrow tool window, in Debian's Chromium against the real `apiscout ui` on a
// generated project shaped as Apache DolphinScheduler's API is (a v1 and a "/v2" controller with the
// same endpoints): two rows that differ only by a prefix, or only by a segment in their middle (an
// admin and a portal API), must read differently at 300 px, and a hit in a class name must show where it hit; on a
// project shaped as mall (two modules), the module · class column takes the room a short path leaves it, at 360 px
// and at full screen. Screenshots go to test-results/ui/search-rows-*.png.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, poll, releaseChromium, resizeTo, screenshotPath, Tab, UI_WAIT_MS, UiProcess } from './ui-harness';

const STOP = '/projects/{projectCode}/task-instances/{id}/stop';
const STOP_V2 = `/v2${STOP}`;
const LIFECYCLE = 'SchedulerLifecycleController';

let tmp: string;
let browser: Browser;
let tab: Tab;
let ui: UiProcess;

function controller(dir: string, name: string, body: string[]): void {
  fs.writeFileSync(
    path.join(dir, `${name}.java`),
    ['package com.acme.tasks;', 'import org.springframework.web.bind.annotation.*;', '@RestController', ...body, ''].join('\n'),
  );
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-search-rows-'));
  const project = path.join(tmp, 'tasks');
  const dir = path.join(project, 'src/main/java/com/acme/tasks');
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, prefix] of [['TaskInstanceController', ''], ['TaskInstanceV2Controller', '/v2']]) {
    controller(dir, name, [
      `@RequestMapping("${prefix}/projects/{projectCode}/task-instances")`,
      `public class ${name} {`,
      '    /** Stops a task instance. */',
      '    @PostMapping("/{id}/stop")',
      '    public String stop(@PathVariable long projectCode, @PathVariable int id) { return ""; }',
      '    /** Marks a task instance as succeeded. */',
      '    @PostMapping("/{id}/force-success")',
      '    public String forceSuccess(@PathVariable long projectCode, @PathVariable int id) { return ""; }',
      '}',
    ]);
  }
  controller(dir, LIFECYCLE, [
    `public class ${LIFECYCLE} {`,
    '    /** Pauses a scheduled job of the workflow. */',
    '    @PostMapping("/scheduler/jobs/{jobId}/pause")',
    '    public String pause(@PathVariable long jobId) { return ""; }',
    '}',
  ]);
  for (const side of ['admin', 'portal']) {
    controller(dir, `${side[0]!.toUpperCase()}${side.slice(1)}UserController`, [
      `@RequestMapping("/api/v1/${side}/users")`,
      `public class ${side[0]!.toUpperCase()}${side.slice(1)}UserController {`,
      '    /** Lists the roles of a user. */',
      '    @GetMapping("/{id}/roles")',
      '    public String roles(@PathVariable long id) { return ""; }',
      '}',
    ]);
  }
  ui = new UiProcess(project, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user') });
  browser = await launchChromium();
  tab = await Tab.open(browser, { colorScheme: 'light' });
  tab.page.setDefaultTimeout(UI_WAIT_MS);
}, 90_000);

afterAll(async () => {
  await releaseChromium(browser);
  if (ui) expect(await ui.stop()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function open(width: number): Promise<Page> {
  const page = await tab.load(await ui.url, { width, height: 600 });
  await page.locator('.toolbar .count').filter({ hasText: '7 endpoints' }).waitFor();
  return page;
}

/**
 * The characters of `selector` in each search row that a user sees: those laid out inside every
 * clipping box around them, less the room an ellipsis paints over at a cut box's end.
 */
function seen(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const ellipsis = (el: HTMLElement) => {
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = getComputedStyle(el).font;
      return ctx.measureText('…').width;
    };
    return [...document.querySelectorAll<HTMLElement>('#results .row')].map((row) => {
      const field = row.querySelector<HTMLElement>(selector);
      if (!field) return '';
      let out = '';
      const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          let visible = box.width > 0;
          for (let el = node.parentElement; visible && el && el !== row; el = el.parentElement) {
            if (getComputedStyle(el).overflow !== 'hidden') continue;
            const clip = el.getBoundingClientRect();
            const cut = el.scrollWidth > el.clientWidth ? ellipsis(el) : 0;
            // Across, inside the box less its ellipsis; down, on a line of the box (not one it hides).
            visible = box.left >= clip.left - 0.5 && box.right <= clip.right - cut + 0.5 && box.top < clip.bottom - 0.5 && box.bottom > clip.top + 0.5;
          }
          if (visible) out += node.textContent![i];
        }
      }
      return out;
    });
  }, selector);
}

describe('search rows in a narrow tool window', () => {
  for (const width of [300, 400]) {
    for (const [query, end] of [['stop', '/stop'], ['force-success', '/force-success']] as const) {
      it(`${width} px: two paths ending "${end}" that differ by a "/v2" prefix read differently, both ends in sight, the whole on hover`, async () => {
        const page = await open(width);
        await page.getByLabel('Search endpoints').fill(query);
        // The two (and any other row the fuzzy match brings: "/jobs/{jobId}" holds s, t, o and p).
        const titles = () => page.locator('#results .row .path').evaluateAll((els) => els.map((el) => el.getAttribute('title')!));
        await poll(async () => (await titles()).filter((t) => t.endsWith(end)).length).toBe(2);
        const all = await titles();
        const pair = [...all.keys()].filter((i) => all[i]!.endsWith(end));
        expect(pair.map((i) => all[i]).sort()).toEqual([STOP, STOP_V2].map((p) => p.replace(/\/stop$/, end)).sort());
        const seenAll = await seen(page, '.path');
        const shown = pair.map((i) => seenAll[i]!);
        // Cut (the rows are too narrow for the whole), yet each shows its start and its last segment
        // (a long one itself cut: "/force-su…").
        for (const [n, text] of shown.entries()) {
          expect(text.length).toBeLessThan(all[pair[n]!]!.length);
          expect(text, text).toContain(end.slice(0, 8));
        }
        expect(shown.some((t) => t.startsWith('/v2/'))).toBe(true);
        expect(shown.some((t) => t.startsWith('/proj'))).toBe(true);
        expect(new Set(shown).size).toBe(2);
        if (query === 'stop') {
          // The matched "stop" is highlighted in the tail.
          for (const i of pair) expect(await page.locator('#results .row .path').nth(i).locator('mark').allTextContents()).toEqual(['stop']);
          await page.screenshot({ path: screenshotPath(`search-rows-paths-${width}`) });
        }
        expect(await tab.leave()).toEqual([]);
      }, 60_000);
    }
  }

  for (const width of [300, 450]) {
    it(`${width} px: two paths with the same ends that differ only in a middle segment keep that segment in sight`, async () => {
      const page = await open(width);
      await page.getByLabel('Search endpoints').fill('roles');
      await poll(() => page.locator('#results .row').count()).toBe(2);
      const shown = await seen(page, '.path');
      const titles = await page.locator('#results .row .path').evaluateAll((els) => els.map((el) => el.getAttribute('title')!));
      expect(titles.sort()).toEqual(['/api/v1/admin/users/{id}/roles', '/api/v1/portal/users/{id}/roles']);
      // Each keeps its start, the segment that differs and its end.
      expect(shown.map((t) => /^\/a.*\/(admin|portal)\b.*\/roles$/.exec(t)?.[1]).sort()).toEqual(['admin', 'portal']);
      // At 300 px they are whole now: the module · class column, with no room for a few letters there,
      // gives back its gap too (app.css); cut, at any width, each keeps the three.
      await page.screenshot({ path: screenshotPath(`search-rows-middle-${width}`) });
      expect(await tab.leave()).toEqual([]);
    }, 60_000);
  }

  for (const width of [300, 600]) {
    it(`${width} px: a hit in a class name shows that class, highlighted, where the module and class column had no room`, async () => {
      const page = await open(width);
      await page.getByLabel('Search endpoints').fill('Lifecycle');
      await poll(() => page.locator('#results .row').count()).toBe(1);
      await poll(() => page.locator('#results .row .where mark').allTextContents()).toEqual(['Lifecycle']);
      const [where] = await seen(page, '.where');
      expect(where).toContain('Lifecycle');
      // The path's two ends are still there beside it; at 600 px, some of the name too.
      const [pathShown] = await seen(page, '.path');
      expect(pathShown).toMatch(/^\/sch.*\/pause$/);
      if (width >= 600) expect((await seen(page, '.name'))[0]!.length).toBeGreaterThan(3);
      await page.screenshot({ path: screenshotPath(`search-rows-class-hit-${width}`) });
      expect(await tab.leave()).toEqual([]);
    }, 60_000);
  }
});

describe('the module · class column beside short and long paths', () => {
  const SHORT = '/product/search';
  const LONG = '/productAttribute/category/list/withAttr/{id}';
  const MIDDLE = '/productCategory/list';
  let mall: UiProcess;

  beforeAll(async () => {
    // mall's shape: a Maven module per application, a long class name, short and long paths.
    const project = path.join(tmp, 'mall');
    const pom = (body: string) => `<project><modelVersion>4.0.0</modelVersion>${body}</project>`;
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(project, 'pom.xml'), pom('<groupId>com.acme</groupId><artifactId>mall</artifactId><version>1</version><packaging>pom</packaging><modules><module>mall-portal</module></modules>'));
    const dir = path.join(project, 'mall-portal/src/main/java/com/acme/portal');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(project, 'mall-portal/pom.xml'), pom('<artifactId>mall-portal</artifactId>'));
    fs.writeFileSync(
      path.join(dir, 'PmsPortalProductController.java'),
      [
        'package com.acme.portal;',
        'import org.springframework.web.bind.annotation.*;',
        '@RestController',
        'public class PmsPortalProductController {',
        '    /** Search */',
        `    @GetMapping("${SHORT}")`,
        '    public String search() { return ""; }',
        '    /** Lists the attributes of a category with their values */',
        `    @GetMapping("${LONG}")`,
        '    public String attributes(@PathVariable long id) { return ""; }',
        '    /** Lists the product categories of the portal with their children and their attributes */',
        `    @GetMapping("${MIDDLE}")`,
        '    public String categories() { return ""; }',
        '}',
        '',
      ].join('\n'),
    );
    mall = new UiProcess(project, [], { APISCOUT_CONFIG_DIR: path.join(tmp, 'user-mall') });
  }, 60_000);

  afterAll(async () => {
    if (mall) expect(await mall.stop()).toBe(0);
  });

  it('gives the class the room a short path and name leave, at full screen and at 360 px; a long path keeps its two ends', async () => {
    const page = await tab.load(await mall.url, { width: 1400, height: 600 });
    await page.locator('.toolbar .count').filter({ hasText: '3 endpoints' }).waitFor();
    await page.getByLabel('Search endpoints').fill('product');
    await poll(() => page.locator('#results .row').count()).toBe(3);
    const where = 'mall-portal · PmsPortalProductController';
    for (const width of [1400, 360]) {
      await resizeTo(page, width, 600);
      await page.screenshot({ path: screenshotPath(`search-rows-where-${width}`) });
      const titles = await page.locator('#results .row .path').evaluateAll((els) => els.map((el) => el.getAttribute('title')!));
      const [paths, names, wheres] = [await seen(page, '.path'), await seen(page, '.name'), await seen(page, '.where')];
      const short = titles.indexOf(SHORT);
      const long = titles.indexOf(LONG);
      // Beside the short path and name, both whole, the class takes the rest of the row (the list's 560 px at full
      // screen, whole there): it was "mall-portal…", a fixed share of the row, after a name's 7em of which "Search" filled half;
      // at 360 px it was hidden, and has the module and a few letters now.
      expect([paths[short], names[short]], `${width} px`).toEqual([SHORT, 'Search']);
      expect(where.startsWith(wheres[short]!), wheres[short]).toBe(true);
      expect(wheres[short]!.length, `${width} px: ${wheres[short]}`).toBeGreaterThanOrEqual(width === 1400 ? 'mall-portal · PmsPortalPro'.length : 'mall-portal · '.length);
      const row = page.locator('#results .row').nth(short);
      const [name, whereBox] = [(await row.locator('.name').boundingBox())!, (await row.locator('.where-text').boundingBox())!];
      const text = await row.locator('.name').evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().width;
      });
      // No blank beside the name while the class is cut: its box is about its text's width (1em at most to spare).
      if (width === 1400) expect(wheres[short]).toBe(where);
      else expect(name.width - text, `${width} px`).toBeLessThanOrEqual(13);
      expect(whereBox.x + whereBox.width, `${width} px`).toBeGreaterThan((width === 1400 ? 560 : width) - 10);
      // The long path keeps its start and its last segment; beside it the column has a few letters or none, never a lone one.
      expect(paths[long], `${width} px`).toMatch(/^\/prod.*\/\{id\}$/);
      expect(wheres[long]!.length === 0 || wheres[long]!.length >= 8, `${width} px: "${wheres[long]}"`).toBe(true);
      if (width === 1400) {
        expect(wheres[long]!.length, wheres[long]).toBeGreaterThanOrEqual(8);
        // Beside a whole path, a long name and the column share what is left, each cut to about the same share of
        // its text: the name kept its 7em and the column took the rest ("Lists the produ…").
        const middle = page.locator('#results .row').nth(titles.indexOf(MIDDLE));
        expect((await seen(page, '.path'))[titles.indexOf(MIDDLE)]).toBe(MIDDLE);
        const [n, w] = await Promise.all(['.name', '.where-text'].map((part) => middle.locator(part).evaluate((el) => el.clientWidth / el.scrollWidth)));
        expect(n!, `name ${n}, column ${w}`).toBeLessThan(1);
        expect(Math.abs(n! - w!), `name ${n}, column ${w}`).toBeLessThan(0.1);
      }
    }
    expect(await tab.leave()).toEqual([]);
  }, 60_000);
});

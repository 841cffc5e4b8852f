// Rows of the explorer that wrapped or were cut alone in a tool window (300, 420 and 600 px), in
// Debian's Chromium against a real `apiscout ui` on a copy of the sample shop, light and dark: the
// response's Save as on the Pretty/Raw/type/Copy row, the body kinds with no kind alone on a row,
// the search results' module · class column with what the path leaves and never a lone letter, and the
// Environments dialog's "Sync is off" read whole. Screenshots go to test-results/ui/narrow-rows-*.png.

import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, resizeTo, screenshotPath } from './ui-harness';
import type { Tab } from './ui-harness';
import { openExplorer, projectSuite, searchAndOpen } from './project-suite';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const CREATE = 'POST /api/v1/catalog/products';
const WIDTHS = [300, 420, 600] as const;
const SCHEMES = ['light', 'dark'] as const;

const suite = projectSuite('narrow-rows', { source: SHOP, response: { contentType: 'application/json;charset=UTF-8', body: '{"code":200,"data":{"id":7}}' }, schemes: SCHEMES });

const open = (tab: Tab, width: number): Promise<Page> => openExplorer(suite, tab, width);

/** The endpoint opened as a person does: its address searched, Enter. */
async function openCreate(page: Page): Promise<void> {
  await searchAndOpen(page, CREATE, suite.ids.get(CREATE)!);
  await poll(() => page.locator('.request-editor input.path-field').inputValue()).toContain('/api/v1/catalog/products');
}

/** The rows `items` are laid out on (items centred on a line share their middle), each with how many items it holds. */
async function rowsOf(items: Locator): Promise<number[]> {
  const tops = await items.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)));
  const rows = new Map<number, number>();
  for (const top of tops) {
    const row = [...rows.keys()].find((t) => Math.abs(t - top) <= 3) ?? top;
    rows.set(row, (rows.get(row) ?? 0) + 1);
  }
  return [...rows.values()];
}

describe.each(SCHEMES)('the explorer\'s rows at a tool window\'s widths (%s)', (scheme) => {
  it('keeps Save as on the row of Pretty, Raw, the type and Copy at 300, 420 and 600 px; the type cut (whole in its tooltip) or, at 300 px, left to Headers', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    await openCreate(page);
    await page.locator('.request-editor').getByRole('button', { name: 'Send', exact: true }).click();
    const tools = page.locator('.response-panel .body-tools');
    await tools.getByRole('button', { name: 'Save as…' }).waitFor();
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`narrow-rows-response-${width}-${scheme}`) });
      // "Save as…" sat alone on a second row at 300 px.
      const shown = tools.locator(':scope > *:visible');
      expect(await rowsOf(shown), `${width} px`).toEqual([await shown.count()]);
      expect(await shown.count(), `${width} px`).toBeGreaterThanOrEqual(3);
      const type = tools.locator('.body-type');
      expect(await type.getAttribute('title')).toBe('application/json;charset=UTF-8');
      // The type is cut after a few letters, never to one ("a" at 300 px), or left to Headers.
      if (await type.isVisible()) expect((await type.boundingBox())!.width, `${width} px`).toBeGreaterThanOrEqual(40);
      else expect(width).toBe(300);
      const [panel, save] = [(await page.locator('.response-panel').boundingBox())!, (await tools.getByRole('button', { name: 'Save as…' }).boundingBox())!];
      expect(save.x + save.width, `${width} px: Save as inside the panel`).toBeLessThanOrEqual(panel.x + panel.width);
    }
    expect(await tab.leave()).toEqual([]);
  });

  it('confirms a copy in its button at 300 px, moving nothing: the response body\'s Copy and the Request tab\'s', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 300);
    await openCreate(page);
    await page.locator('.request-editor').getByRole('button', { name: 'Send', exact: true }).click();
    const panel = page.locator('.response-panel');
    const tools = panel.locator('.body-tools');
    await tools.getByRole('button', { name: 'Save as…' }).waitFor();
    const boxes = () => panel.locator('.body-tools > :visible:not(.visually-hidden), .body-viewer').evaluateAll((els) => els.map((el) => JSON.stringify(el.getBoundingClientRect())));
    const before = await boxes();
    await tools.getByRole('button', { name: 'Copy', exact: true }).click();
    await panel.getByRole('status').filter({ hasText: 'Copied' }).waitFor({ state: 'attached' });
    await page.screenshot({ path: screenshotPath(`narrow-rows-copied-300-${scheme}`) });
    // "Copied" beside the button pushed Save as onto a row of its own and the body a line down.
    expect(await boxes()).toEqual(before);
    const copied = tools.getByRole('button', { name: 'Copied', exact: true });
    const box = (await copied.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(300);
    expect(await copied.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await panel.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1);

    // The request as sent: its copy said "Copied" on a line of its own too (the longer sayings wrapped at 300 px).
    await panel.getByRole('tab', { name: 'Request' }).click();
    const sentTools = panel.locator('.sent .body-tools');
    await sentTools.getByRole('button', { name: 'Copy', exact: true }).waitFor();
    const height = (await sentTools.boundingBox())!.height;
    await sentTools.getByRole('button', { name: 'Copy', exact: true }).click();
    await sentTools.getByRole('status').filter({ hasText: 'Copied' }).waitFor({ state: 'attached' });
    expect((await sentTools.boundingBox())!.height).toBe(height);
    await sentTools.getByRole('button', { name: 'Copied', exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath(`narrow-rows-copied-request-300-${scheme}`) });
    expect(await tab.leave()).toEqual([]);
  });

  it('lays the body kinds out with none alone on a row at 300, 420 and 600 px', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    await openCreate(page);
    await page.locator('.request-editor').getByRole('tab', { name: 'Body' }).click();
    const kinds = page.getByRole('radiogroup', { name: 'Body kind' }).locator('label');
    await poll(() => kinds.count()).toBe(6);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`narrow-rows-body-kinds-${width}-${scheme}`) });
      const rows = await rowsOf(kinds);
      // "File" wrapped alone onto a second row at 420 px.
      expect(Math.min(...rows), `${width} px: ${rows.join(' + ')}`).toBeGreaterThan(1);
      if (width >= 420) expect(rows, `${width} px`).toEqual([6]);
      for (const box of await kinds.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
        expect(box, `${width} px: inside the window`).toBeLessThanOrEqual(width);
    }
    // A font a few per cent wider than this one (the IDE's JetBrains Sans, another system's): one row or two of
    // three at any width, inside the window. At 410 and 420 px "File" wrapped alone: the rows changed at a width
    // fixed for this font.
    await page.addStyleTag({ content: '.body-mode { letter-spacing: 0.6px; }' });
    for (let width = 300; width <= 460; width += 10) {
      await resizeTo(page, width, 800);
      const rows = await rowsOf(kinds);
      expect([[6], [3, 3]], `${width} px, a wider font: ${rows.join(' + ')}`).toContainEqual(rows);
      for (const box of await kinds.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
        expect(box, `${width} px, a wider font: inside the window`).toBeLessThanOrEqual(width);
      if (width === 420) await page.screenshot({ path: screenshotPath(`narrow-rows-body-kinds-wider-font-${width}-${scheme}`) });
    }
    expect(await tab.leave()).toEqual([]);
  });

  it('gives every search row\'s module · class column what its path and name leave, never a lone letter, at 300, 420 and 600 px', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    // Paths of many lengths, from /api/v1/catalog/products to its sub-resources.
    await page.getByLabel('Search endpoints').fill('/api/v1/catalog');
    await poll(() => page.locator('#results .row').count()).toBeGreaterThan(4);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`narrow-rows-search-${width}-${scheme}`) });
      const rows = await page.locator('#results .row').evaluateAll((els) =>
        els.map((row) => {
          const [where, text] = [row.querySelector<HTMLElement>('.where')!, row.querySelector<HTMLElement>('.where-text')!];
          const box = text.getBoundingClientRect();
          const clip = where.getBoundingClientRect();
          const cutPath = [...row.querySelectorAll<HTMLElement>('.path > *')].some((el) => el.scrollWidth > el.clientWidth + 1);
          return {
            text: text.textContent!,
            // On the column's line, not wrapped onto the hidden one.
            shown: box.width > 0 && box.top < clip.bottom - 0.5,
            width: box.width,
            whole: text.scrollWidth <= text.clientWidth + 1,
            cutPath,
          };
        }),
      );
      const shown = rows.filter((r) => r.shown);
      // From 400 px in every row; under it, where the path leaves the room.
      if (width >= 400) expect(shown.length, `${width} px`).toBe(rows.length);
      // Cut, each keeps a few letters before its ellipsis (it went down to a lone "m").
      for (const c of shown.filter((r) => !r.whole)) expect(c.width, `${width} px: ${c.text}`).toBeGreaterThanOrEqual(40);
      // A row whose path is cut shows its column cut to its least, as every such row does (the path lost nothing to it).
      const least = shown.filter((r) => r.cutPath).map((r) => Math.round(r.width));
      if (least.length) expect(Math.max(...least) - Math.min(...least), `${width} px: ${least.join(', ')}`).toBeLessThanOrEqual(1);
    }
    expect(await tab.leave()).toEqual([]);
  });

  it('keeps Settings\' Discard and Save together from 300 to 1000 px, Save to beside them or above', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    await page.locator('.toolbar').getByRole('button', { name: 'Settings', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const foot = dialog.locator('.settings-foot');
    await foot.waitFor();
    // Where Save wraps depends on the length of the settings files' paths (this test's, in a temp folder, are longer
    // than the dialog): the list as wide as mall's, /tmp/trial/mall/.apiscout/settings.json, at every width.
    await page.addStyleTag({ content: '.settings-foot select { max-width: 340px; }' });
    for (let width = 300; width <= 1000; width += 20) {
      await resizeTo(page, width, 800);
      // Save wrapped alone under Save to and Discard (at 600 px on mall).
      const buttons = foot.getByRole('button');
      expect(await rowsOf(buttons), `${width} px`).toEqual([2]);
      const [d, save, list] = [(await dialog.boundingBox())!, (await buttons.last().boundingBox())!, (await foot.getByLabel('Save to').boundingBox())!];
      expect(save.x + save.width, `${width} px: Save inside the dialog`).toBeLessThanOrEqual(d.x + d.width);
      // The list keeps room for a few words of its file name.
      expect(list.width, `${width} px`).toBeGreaterThanOrEqual(120);
      if (WIDTHS.includes(width as (typeof WIDTHS)[number])) await page.screenshot({ path: screenshotPath(`narrow-rows-settings-foot-${width}-${scheme}`) });
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await tab.leave()).toEqual([]);
  });

  it('chooses a request or response tab without moving the others, at 300, 420 and 600 px', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    await openCreate(page);
    await page.locator('.request-editor').getByRole('button', { name: 'Send', exact: true }).click();
    await page.locator('.response-panel .body-tools').waitFor();
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      for (const list of [page.getByRole('tablist', { name: 'Request parts' }), page.getByRole('tablist', { name: 'Response parts' })]) {
        const each = list.getByRole('tab');
        const places = () => each.evaluateAll((ts) => ts.map((t) => `${Math.round(t.getBoundingClientRect().left)},${Math.round(t.getBoundingClientRect().top)}`));
        const first = await places();
        // The chosen tab, in bold, pushed the ones after it along (by up to 6 px at 420 px).
        for (let i = 0; i < first.length; i++) {
          await each.nth(i).click();
          await poll(() => each.nth(i).getAttribute('aria-selected')).toBe('true');
          expect(await places(), `${width} px, ${await each.nth(i).textContent()} chosen`).toEqual(first);
        }
        await each.first().click();
      }
    }
    // A tab is named by its label alone (its bold copy is hidden).
    expect(await page.getByRole('tab', { name: 'Body', exact: true }).count()).toBe(2);
    expect(await tab.leave()).toEqual([]);
  });

  it('says why Sync is off whole in the Environments dialog at 300, 420 and 600 px, the token field a click away', async () => {
    const tab = suite.tabs[scheme];
    const page = await open(tab, 600);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.locator('.toolbar').getByRole('button', { name: 'Environments', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Environments' });
      const summary = dialog.locator('.sync-off summary');
      await summary.waitFor();
      await page.screenshot({ path: screenshotPath(`narrow-rows-sync-off-${width}-${scheme}`) });
      // Closed, each part of its line reads whole ("Sync is off: Postman sy…" did not).
      const cut = await summary.evaluate((el) => [...el.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
      expect(cut, `${width} px`).toEqual([]);
      expect(await summary.textContent()).toMatch(/^Sync is off/);
      expect((await dialog.locator('.sync-off').boundingBox())!.height, `${width} px: one line`).toBeLessThanOrEqual(32);
      // Opened: the whole reason, wrapped inside the dialog, and the token field.
      await summary.click();
      const why = dialog.locator('.sync-off .sync-reason');
      expect(await why.textContent()).toMatch(/Postman sync needs an API key/);
      const [d, w] = [(await dialog.boundingBox())!, (await why.boundingBox())!];
      expect(w.x + w.width, `${width} px`).toBeLessThanOrEqual(d.x + d.width);
      expect(await dialog.getByLabel('Postman API token').isVisible()).toBe(true);
      await page.screenshot({ path: screenshotPath(`narrow-rows-sync-off-open-${width}-${scheme}`) });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    expect(await tab.leave()).toEqual([]);
  });
});

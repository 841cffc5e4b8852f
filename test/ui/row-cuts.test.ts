// Where the explorer's rows are cut, from a 300 px tool window to a full screen, in Debian's Chromium
// against a real `apiscout ui`: the list takes a share of a wide window (it stayed 420 px at 1,400 and
// cut paths beside an editor of 1,000), a path's parts cut at their least still show their letters (a
// head of 3ch drew "/…" and a character's gap), and a gRPC row at 360 px has one cut, not a path and a
// name each cut. Screenshots go to test-results/ui/row-cuts-*.png.

import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { poll, resizeTo, screenshotPath } from './ui-harness';
import { openExplorer, projectSuite, searchAndOpen } from './project-suite';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const WIDTHS = [300, 360, 420, 600, 1400] as const;

/** A warehouse API whose paths are long: one fits a list wider than 420 px, not one of 420; the others are cut at any width. */
const WAREHOUSE = {
  'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>warehouse</artifactId><version>1</version></project>\n',
  'src/main/java/com/acme/warehouse/WarehouseInventoryReconciliationController.java': `package com.acme.warehouse;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/v1/warehouses")
public class WarehouseInventoryReconciliationController {

    /** Stock movements */
    @GetMapping("/{id}/movements")
    public String movements(@PathVariable String id) {
        return "";
    }

    /** Discrepancies of one reconciliation */
    @GetMapping("/{warehouseId}/inventory-reconciliations/{reconciliationId}/discrepancies")
    public String discrepancies(@PathVariable String warehouseId, @PathVariable String reconciliationId) {
        return "";
    }

    /**
     * Discrepancies summed by category
     *
     * @param status Rechnungsprüfungsverwaltungsvorschriftenänderungsgesetzgebungsverfahrensbeteiligter
     * @param currency the currency the sums are given in, as an ISO 4217 code such as EUR or USD
     */
    @GetMapping("/{warehouseId}/inventory-reconciliations/{reconciliationId}/discrepancies/summary-by-category")
    public String summary(@PathVariable String warehouseId, @PathVariable String reconciliationId,
                          @RequestParam String status, @RequestParam String currency) {
        return "";
    }
}
`,
};

interface Part {
  cls: string;
  width: number;
  /** The box's least width (its min-width resolved). */
  least: number;
  /** The width of one character of its (monospace) font. */
  ch: number;
  cut: boolean;
}

/** Each search row's path parts, measured. */
function pathParts(page: Page): Promise<Part[][]> {
  return page.locator('#results .row').evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll<HTMLElement>('.path > *')].map((el) => {
        const style = getComputedStyle(el);
        const probe = document.createElement('span');
        probe.style.cssText = `font: ${style.font}; position: absolute; visibility: hidden; white-space: pre`;
        probe.textContent = '0'.repeat(100);
        document.body.append(probe);
        const ch = probe.getBoundingClientRect().width / 100;
        probe.remove();
        return { cls: el.className, width: el.getBoundingClientRect().width, least: parseFloat(style.minWidth) || 0, ch, cut: el.scrollWidth > el.clientWidth };
      }),
    ),
  );
}

describe('search rows in a wide window', () => {
  const suite = projectSuite('row-cuts', { files: WAREHOUSE });

  it('gives the list a share of a wide window, bounded, so a path that fits is whole; a dragged width is kept', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    const list = page.locator('aside.explorer');
    const bar = page.getByRole('separator', { name: 'Resize the endpoint list' });
    await page.getByLabel('Search endpoints').fill('movements');
    await poll(() => page.locator('#results .row').count()).toBe(1);
    // /api/v1/warehouses/{id}/movements with its name and class: in a list of 420 px cut in its middle, or whole with
    // the name given way (row-cuts.ts: at most two cuts a row), in one of 560 whole beside its name.
    const cutParts = () => page.locator('#results .row .path, #results .row .path > *, #results .row .cut-gone').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth || el.classList.contains('cut-gone')).length);
    for (const [width, expected] of [[1000, 420], [1400, 560], [1920, 640], [2600, 640]] as const) {
      await resizeTo(page, width, 800);
      expect(Math.round((await list.boundingBox())!.width), `${width} px`).toBe(expected);
      expect(Number(await bar.getAttribute('aria-valuenow')), `${width} px`).toBe(expected);
      if (width === 1400) await page.screenshot({ path: screenshotPath('row-cuts-search-1400') });
      if (width === 1000) expect(await cutParts(), `${width} px`).toBeGreaterThan(0);
      else expect(await cutParts(), `${width} px`).toBe(0);
    }
    await resizeTo(page, 1400, 800);

    // Dragged three steps narrower, the list keeps that width however wide the window.
    await bar.focus();
    const dragged = 560 - 24 * 3;
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await poll(() => bar.getAttribute('aria-valuenow')).toBe(String(dragged));
    await resizeTo(page, 1920, 800);
    expect(Math.round((await list.boundingBox())!.width)).toBe(dragged);
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('reads a layout an older version saved with its 420 px default as the default: 560 px at 1,400, the request\'s share kept', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    const key = `apiscout.layout:${suite.project}`;
    await page.evaluate(([k]) => localStorage.setItem(k!, JSON.stringify({ tree: 420, request: 0.3, maximised: false })), [key]);
    await page.reload();
    await page.locator('.toolbar .count').filter({ hasText: `${suite.endpointCount} endpoints` }).waitFor();
    const bar = page.getByRole('separator', { name: 'Resize the endpoint list' });
    await poll(() => bar.getAttribute('aria-valuenow')).toBe('560');
    expect(Math.round((await page.locator('aside.explorer').boundingBox())!.width)).toBe(560);
    // The rest it saved stays, marked with this version once written again; the default is not pinned.
    await searchAndOpen(page, 'movements', suite.ids.get('GET /api/v1/warehouses/{id}/movements')!);
    const split = page.getByRole('separator', { name: /request|response/i }).first();
    await split.focus();
    await page.keyboard.press('ArrowDown');
    await poll(() => page.evaluate(([k]) => JSON.parse(localStorage.getItem(k!)!), [key])).toMatchObject({ v: 2, maximised: false });
    const saved = await page.evaluate(([k]) => JSON.parse(localStorage.getItem(k!)!), [key]);
    expect(saved.tree).toBeUndefined();
    expect(saved.request).toBeGreaterThan(0.3);
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('keeps a width the user dragged to exactly 420 px (the old default) through a reload, at 1,400 and 1,920 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    const key = `apiscout.layout:${suite.project}`;
    await page.evaluate(([k]) => localStorage.removeItem(k!), [key]);
    await page.reload();
    await page.locator('.toolbar .count').filter({ hasText: `${suite.endpointCount} endpoints` }).waitFor();
    const bar = page.getByRole('separator', { name: 'Resize the endpoint list' });
    await poll(() => bar.getAttribute('aria-valuenow')).toBe('560');
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(300, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(420, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await poll(() => bar.getAttribute('aria-valuenow')).toBe('420');
    expect(await page.evaluate(([k]) => JSON.parse(localStorage.getItem(k!)!), [key])).toMatchObject({ v: 2, tree: 420 });
    await page.reload();
    await page.locator('.toolbar .count').filter({ hasText: `${suite.endpointCount} endpoints` }).waitFor();
    for (const width of [1400, 1920]) {
      await resizeTo(page, width, 800);
      await poll(() => bar.getAttribute('aria-valuenow')).toBe('420');
      expect(Math.round((await page.locator('aside.explorer').boundingBox())!.width), `${width} px`).toBe(420);
    }
    await page.evaluate(([k]) => localStorage.removeItem(k!), [key]);
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('shows a path part cut to its least with its letters before the ellipsis, no character\'s gap after it, at 300 to 1,400 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 600);
    // "discrep" hits the middle of the summary's path: its head cut to its least before the kept "/discrepancies".
    await page.getByLabel('Search endpoints').fill('discrep');
    await poll(() => page.locator('#results .row').count()).toBe(2);
    for (const width of WIDTHS) {
      let atLeast = 0;
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-discrep-${width}`) });
      for (const parts of await pathParts(page))
        for (const p of parts.filter((p) => p.cut && p.least > 0 && p.width < p.least + 1)) {
          atLeast++;
          // Whole characters fill the box (the last an ellipsis): it was a hair under 3ch and drew "/…" and a blank.
          const slots = Math.floor(p.width / p.ch);
          expect(p.width - slots * p.ch, `${width} px: ${p.cls} of ${p.width} px, ${p.ch} px a character`).toBeLessThan(1);
          expect(slots, `${width} px: ${p.cls}`).toBe(Math.round(p.least / p.ch));
        }
      // Up to 420 px the summary's head is cut. It was at its least there until the row's name gave way to the
      // path (row-cuts.ts: at most two cuts a row); a cut part's blank is checked in "cuts a row in at most two places".
      const cutHeads = await page.locator('#results .row .path > .end-head').evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).length);
      if (width <= 420) expect(cutHeads + atLeast, `${width} px`).toBeGreaterThan(0);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('draws the source link\'s line number against its cut file name, no blank between the ellipsis and ":15", at 300 to 420 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 300);
    await searchAndOpen(page, 'movements', suite.ids.get('GET /api/v1/warehouses/{id}/movements')!);
    const link = page.locator('.endpoint-head .source-line button.link');
    await poll(() => link.textContent()).toMatch(/^WarehouseInventoryReconciliationController\.java:\d+$/);
    for (const width of [300, 360, 420]) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-source-link-${width}`) });
      const at = await link.evaluate((button) => {
        const [name, line] = [button.querySelector<HTMLElement>('.file-name')!, button.querySelector<HTMLElement>('.file-line')!];
        // The letters Chromium draws before the ellipsis: as many as fit with it in the name's box.
        const c = document.createElement('canvas').getContext('2d')!;
        c.font = getComputedStyle(name).font;
        const box = name.getBoundingClientRect();
        const text = name.textContent!;
        let k = text.length;
        while (k > 0 && c.measureText(`${text.slice(0, k)}…`).width > box.width) k--;
        return { cut: name.scrollWidth > name.clientWidth, blank: line.getBoundingClientRect().left - (box.left + c.measureText(`${text.slice(0, k)}…`).width), lineWhole: line.scrollWidth <= line.clientWidth };
      });
      expect(at.cut, `${width} px: the file name cut`).toBe(true);
      // Up to a letter's width (7 px at 420 px) stood between the ellipsis and the line number.
      expect(Math.abs(at.blank), `${width} px`).toBeLessThan(1.5);
      expect(at.lineWhole).toBe(true);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

/** The same endpoint in two modules (twins): only the module tells the rows apart. */
const TWINS = Object.fromEntries(
  ['administration-console', 'customer-self-service-portal'].flatMap((m) => [
    [`${m}/pom.xml`, `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>${m}</artifactId><version>1</version></project>\n`],
    [
      `${m}/src/main/java/com/acme/sso/SingleSignOnSessionController.java`,
      `package com.acme.sso;

import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SingleSignOnSessionController {

    /** Signs a user in with the organisation's identity provider and opens a session */
    @PostMapping("/api/v1/single-sign-on/sessions/{provider}/authenticate-with-identity-provider")
    public String login() {
        return "";
    }
}
`,
    ],
  ]),
);
TWINS['pom.xml'] = '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>root</artifactId><version>1</version><packaging>pom</packaging><modules><module>administration-console</module><module>customer-self-service-portal</module></modules></project>\n';

describe('twin search rows at a tool window\'s widths', () => {
  const suite = projectSuite('row-cuts-twins', { files: TWINS });

  it('keeps a twin\'s module in sight at 300 to 1,400 px, whole or in its short form, and cuts the row in at most two places', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    await page.getByLabel('Search endpoints').fill('authenticate');
    await poll(() => page.locator('#results .row.twin').count()).toBe(2);
    const shown = new Set<string>();
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-twins-${width}`) });
      const rows = await rowCuts(page);
      expect(rows.length).toBe(2);
      for (const r of rows) {
        const what = `${width} px: "${r.text}" (others cut: ${r.otherCuts.join(', ')})`;
        // Up to 420 px the path's two ends were cut beside "customer-se…": three ellipses.
        expect(r.pathCuts + r.otherCuts.length, what).toBeLessThanOrEqual(2);
        expect(r.module, what).toMatch(/^(administration-console|ac|customer-self-service-portal|cssp)$/);
        if (!r.moduleCut) shown.add(r.module!);
      }
      expect(new Set(rows.map((r) => r.module)).size, `${width} px`).toBe(2);
    }
    // The short forms in a tool window, where the whole names would be cut to a few letters beside the path.
    expect([...shown]).toEqual(expect.arrayContaining(['ac', 'cssp']));
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

/** Twins whose modules' short forms are the same ("os"): only their names tell them apart. */
const TWINS_ALIKE: Record<string, string> = Object.fromEntries(Object.entries(TWINS).filter(([file]) => file !== 'pom.xml').map(([file, text]) => [file.replace('administration-console', 'order-service').replace('customer-self-service-portal', 'online-store'), text.replace(/administration-console|customer-self-service-portal/g, (m) => (m === 'administration-console' ? 'order-service' : 'online-store'))]));
TWINS_ALIKE['pom.xml'] = TWINS['pom.xml']!.replace('administration-console', 'order-service').replace('customer-self-service-portal', 'online-store');

describe('twin search rows whose modules\' short forms are the same', () => {
  const suite = projectSuite('row-cuts-twins-alike', { files: TWINS_ALIKE });

  it('keeps their modules\' names at 300 to 1,400 px, cut to a few letters where need be, never the shared "os"', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    await page.getByLabel('Search endpoints').fill('authenticate');
    await poll(() => page.locator('#results .row.twin').count()).toBe(2);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      const rows = await rowCuts(page);
      for (const r of rows) expect(r.module, `${width} px: "${r.text}"`).toMatch(/^(order-service|online-store)$/);
      expect(new Set(rows.map((r) => r.module)).size, `${width} px`).toBe(2);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

describe('parameter descriptions at a tool window\'s widths', () => {
  const suite = projectSuite('row-cuts-docs', { files: WAREHOUSE });

  it('cuts a one-word description with an ellipsis on one line, whole in its tooltip, and wraps a long one at its spaces, at 600 and 1,400 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 600);
    await searchAndOpen(page, 'summary-by-category', suite.ids.get('GET /api/v1/warehouses/{warehouseId}/inventory-reconciliations/{reconciliationId}/discrepancies/summary-by-category')!);
    await page.locator('.request-editor').getByRole('tab', { name: /^Params/ }).click();
    const cells = page.locator('.param-table td.doc');
    await poll(() => cells.count()).toBe(2);
    for (const width of [600, 1400]) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-descriptions-${width}`) });
      const docs = await cells.evaluateAll((els) =>
        els.map((el) => {
          const lines = new Set([...el.childNodes].flatMap((n) => {
            const range = document.createRange();
            range.selectNodeContents(n);
            return [...range.getClientRects()].map((r) => Math.round(r.top));
          })).size;
          return { text: el.textContent!, title: el.getAttribute('title'), lines, cut: el.scrollWidth > el.clientWidth, width: el.getBoundingClientRect().width };
        }),
      );
      const [word, sentence] = [docs.find((d) => d.text.startsWith('Rechnungs'))!, docs.find((d) => d.text.startsWith('the currency'))!];
      // One line, cut: it broke mid-word onto three lines ("…verwaltungsv / orschriften…") at 600 px.
      expect(word.lines, `${width} px`).toBe(1);
      expect(word.cut, `${width} px`).toBe(true);
      expect(word.title).toBe(word.text);
      // The column keeps room for words (it was as narrow as the letters let it be).
      expect(word.width, `${width} px`).toBeGreaterThanOrEqual(120);
      // A description of words wraps at its spaces, nothing cut.
      expect(sentence.cut, `${width} px`).toBe(false);
      expect(await cells.nth(1).evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

describe('gRPC search rows at a tool window\'s widths', () => {
  const suite = projectSuite('row-cuts-grpc', { source: SHOP });

  it('cuts a row in at most two places, the lowest-value parts giving way first, and draws a cut path part\'s next part against its ellipsis, at 300 to 1,400 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    for (const query of ['CartController', 'stock', 'orders']) {
      await page.getByLabel('Search endpoints').fill(query);
      await poll(() => page.locator('#results .row').first().getAttribute('data-key')).toBeTruthy();
      for (const width of WIDTHS) {
        await resizeTo(page, width, 800);
        await page.screenshot({ path: screenshotPath(`row-cuts-parts-${query}-${width}`) });
        const rows = await page.locator('#results .row').evaluateAll((els) =>
          els.map((row) => {
            const c = document.createElement('canvas').getContext('2d')!;
            const seen = (el: HTMLElement) => el.clientWidth >= 1 && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().top < el.parentElement!.getBoundingClientRect().bottom - 1;
            // Cut by any amount: scrollWidth and clientWidth are whole pixels, and "/{orderI…" was over its box by 0.08 px.
            const cut = (el: HTMLElement) => {
              if (!seen(el)) return false;
              if (el.scrollWidth > el.clientWidth) return true;
              const range = document.createRange();
              range.selectNodeContents(el);
              const s = getComputedStyle(el);
              return range.getBoundingClientRect().width > el.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 1 / 128;
            };
            const pathParts = [...row.querySelectorAll<HTMLElement>('.path > *')];
            const others = [...row.querySelectorAll<HTMLElement>(':scope > .name, .where.hit > *, .where-text')];
            // The blank between a cut path part's ellipsis (as many letters as fit before it) and the next part.
            const blanks = pathParts.slice(0, -1).filter(cut).map((el) => {
              c.font = getComputedStyle(el).font;
              const box = el.getBoundingClientRect();
              // A folded path's part draws its text from data-text (app.css); the parts it folds are hidden.
              const text = el.dataset['text'] ?? el.textContent!;
              let k = text.length;
              while (k > 0 && c.measureText(`${text.slice(0, k)}…`).width > box.width) k--;
              let next = el.nextElementSibling as HTMLElement;
              while (getComputedStyle(next).display === 'none') next = next.nextElementSibling as HTMLElement;
              return next.getBoundingClientRect().left - (box.left + c.measureText(`${text.slice(0, k)}…`).width);
            });
            return { path: row.querySelector('.path')!.getAttribute('title'), pathCuts: pathParts.filter(cut).length, otherCuts: others.filter(cut).map((el) => el.className), blanks };
          }),
        );
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows) {
          const what = `${query} at ${width} px: ${r.path} (${r.pathCuts} path cuts, others: ${r.otherCuts.join(', ')})`;
          // Two at most; a path cut in more places (its parts never give way) leaves nothing else cut.
          if (r.pathCuts >= 2) expect(r.otherCuts, what).toEqual([]);
          else expect(r.pathCuts + r.otherCuts.length, what).toBeLessThanOrEqual(2);
          // "/api/v1… /{cartId}": up to a character's blank after the ellipsis at in-between widths.
          for (const blank of r.blanks) expect(Math.abs(blank), what).toBeLessThan(1.5);
        }
      }
      await resizeTo(page, 1400, 800);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('keeps the space between a class hit\'s module and class, or cuts the module with an ellipsis, at 300 to 1,400 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    await page.getByLabel('Search endpoints').fill('CartController');
    await poll(() => page.locator('#results .row.where-hit').count()).toBe(3);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-class-hit-${width}`) });
      const rows = await page.locator('#results .row.where-hit .where.hit').evaluateAll((els) =>
        els.map((where) => {
          const [head, tail] = [where.querySelector<HTMLElement>('.end-head')!, where.querySelector<HTMLElement>('.end-tail')!];
          /** The box of the first (or last) visible letter of `el`'s text. */
          const letter = (el: HTMLElement, last: boolean) => {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            const texts: Text[] = [];
            for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
            for (const t of last ? texts.reverse() : texts) {
              const chars = [...Array(t.data.length).keys()].filter((i) => /\S/.test(t.data[i]!.replace('\u00a0', ' ')));
              const i = last ? chars.at(-1) : chars[0];
              if (i === undefined) continue;
              const range = document.createRange();
              range.setStart(t, i);
              range.setEnd(t, i + 1);
              return range.getBoundingClientRect();
            }
            return undefined;
          };
          const cut = head.scrollWidth > head.clientWidth;
          const headEnd = cut ? head.getBoundingClientRect().right : letter(head, true)!.right;
          return { text: where.textContent, cut, blank: letter(tail, false)!.left - headEnd, headWidth: head.getBoundingClientRect().width };
        }),
      );
      for (const r of rows) {
        if (r.headWidth < 1) continue;
        // "orders ·CartController": the head's trailing space fell off the end of its box, cut or not.
        expect(r.blank, `${width} px: ${r.text} (module cut: ${r.cut})`).toBeGreaterThanOrEqual(2);
      }
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('never cuts a class hit\'s module to fewer letters than its short form: "orders" whole or not at all, at 300 to 1,400 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    await page.getByLabel('Search endpoints').fill('CartController');
    await poll(() => page.locator('#results .row.where-hit').count()).toBe(3);
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-class-short-${width}`) });
      const wheres = await page.locator('#results .row.where-hit .where.hit').evaluateAll((els) =>
        els.map((where) => ({
          text: (where as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          // Cut by any amount: the module and the class.
          cut: [...where.children].filter((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return getComputedStyle(el).display !== 'none' && range.getBoundingClientRect().width > el.getBoundingClientRect().width + 1 / 128;
          }).length,
        })),
      );
      // At 1,400 px the DELETE row read "Removes an item… o… CartController": two cuts, the module's a lone letter.
      for (const w of wheres) {
        expect(w.text, `${width} px`).toMatch(/^(orders · )?CartController$/);
        expect(w.cut, `${width} px: ${w.text}`).toBe(0);
      }
      if (width >= 600) expect(wheres.map((w) => w.text)).toEqual(Array(3).fill('orders · CartController'));
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('sets a row scrolled back into view, or drawn again as the active row moves, from its kept fit: nothing measured again, the same cuts', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 300, 320);
    await page.getByLabel('Search endpoints').fill('a');
    await poll(() => page.locator('#results .row').count()).toBeGreaterThan(0);
    const total = await page.locator('#results .vspace').evaluate((el) => el.getBoundingClientRect().height / 24);
    expect(total, 'more results than the list draws at once').toBeGreaterThan((await page.locator('#results .row').count()) + 8);
    // What each row in sight was fitted to: its marks (row-cuts.ts) and its path's moves.
    const fitted = () =>
      page.locator('#results .row').evaluateAll((rows) =>
        Object.fromEntries(rows.map((row) => [row.getAttribute('data-key'), [...row.querySelectorAll<HTMLElement>('[class*="cut-"], .path > *')].map((el) => `${el.className}:${el.style.transform}`).join(' ')])),
      );
    const frame = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await frame();
    const first = await fitted();
    // Every read of a part's scrollWidth in a result row from now on: measuring a row reads them, setting a kept fit does not.
    await page.evaluate(() => {
      const own = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollWidth')!;
      const w = window as unknown as { measured: number };
      w.measured = 0;
      Object.defineProperty(Element.prototype, 'scrollWidth', {
        configurable: true,
        get(this: Element) {
          if (this.closest('#results .row')) w.measured++;
          return own.get!.call(this);
        },
      });
    });
    const measured = () => page.evaluate(() => (window as unknown as { measured: number }).measured);
    // The active row moves (each step draws two rows again), then the list goes to its end and back: its first rows are made anew.
    await page.locator('#results').focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
    await poll(() => page.locator('#results .row.active').getAttribute('id')).toBe('result-5');
    await frame();
    expect(await measured(), 'rows drawn again as the active row moved').toBe(0);
    await page.locator('#results').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await poll(() => page.locator(`#results .row[data-key="${Object.keys(first)[0]}"]`).count()).toBe(0);
    const inSightAtEnd = await measured();
    await page.locator('#results').evaluate((el) => (el.scrollTop = 0));
    await poll(() => page.locator(`#results .row[data-key="${Object.keys(first)[0]}"]`).count()).toBe(1);
    await frame();
    // The rows at the end were new (measured); those back at the top were fitted before, and set as they were.
    expect(inSightAtEnd).toBeGreaterThan(0);
    expect(await measured(), 'rows scrolled back into view').toBe(inSightAtEnd);
    const again = await fitted();
    for (const [key, fit] of Object.entries(first)) if (key in again) expect(again[key], key).toBe(fit);
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('cuts a gRPC row once at 300 and 360 px, a cut path leaving its name no stub ("C…"); never a name of one letter at 420 px', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 600);
    await page.getByLabel('Search endpoints').fill('StockService');
    await poll(() => page.locator('#results .row').count()).toBeGreaterThanOrEqual(4);
    for (const width of [300, 360, 420]) {
      // Up to about 400 px the name has no room of its own beside a gRPC path (app.css); wider it keeps a few words.
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-grpc-${width}`) });
      const rows = await page.locator('#results .row:has(> .m-grpc)').evaluateAll((els) =>
        els.map((row) => {
          const name = row.querySelector<HTMLElement>('.name')!;
          return {
            path: row.querySelector('.path')!.getAttribute('title'),
            pathCut: [...row.querySelectorAll<HTMLElement>('.path > *')].some((el) => el.scrollWidth > el.clientWidth),
            nameWidth: name.getBoundingClientRect().width,
            nameCut: name.scrollWidth > name.clientWidth,
          };
        }),
      );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const r of rows) {
        // Its method always whole (narrow-body, tool-window); the name cut only beside a whole path, else gone.
        if (r.pathCut && width < 400) expect(r.nameWidth, `${width} px: ${r.path}`).toBeLessThan(1);
        // What is left of a name is a few letters, never one and its ellipsis.
        if (r.nameCut && r.nameWidth >= 1) expect(r.nameWidth, `${width} px: ${r.path}`).toBeGreaterThanOrEqual(40);
      }
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

/** A controller of `module` under /api/{resource}: its archive action's path shares its tail with every other resource's. */
const archiving = (module: string, resource: string, cls: string): Record<string, string> => ({
  [`${module}/src/main/java/com/acme/${module.replace(/-/g, '')}/${cls}.java`]: `package com.acme.${module.replace(/-/g, '')};

import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

@RestController
@RequestMapping("/api/${resource}")
public class ${cls} {

    /** Archives one of them */
    @PostMapping("/{id}/actions/archive")
    public String archive(@PathVariable String id) {
        return "";
    }
}
`,
});

/** The bench code base's look-alikes in two modules: "archive" finds paths cut around their resource, twins among them. */
const ARCHIVES: Record<string, string> = {
  'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>root</artifactId><version>1</version><packaging>pom</packaging><modules><module>notification-service</module><module>order-service</module></modules></project>\n',
  ...Object.fromEntries(['notification-service', 'order-service'].map((m) => [`${m}/pom.xml`, `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>${m}</artifactId><version>1</version></project>\n`])),
  ...archiving('notification-service', 'tenant-items', 'TenantItemController'),
  ...archiving('order-service', 'tenant-items', 'TenantItemController'),
  ...archiving('notification-service', 'cart-snapshots', 'CartSnapshotController'),
  ...archiving('order-service', 'payment-labels', 'PaymentLabelController'),
  ...archiving('order-service', 'coupon-items', 'CouponItemController'),
  ...archiving('notification-service', 'stock-items', 'StockItemController'),
};

/** Each search row's cut parts in sight: the path's, and the others' classes; the path's tooltip. */
function rowCuts(page: Page) {
  return page.locator('#results .row').evaluateAll((rows) =>
    rows.map((row) => {
      const seen = (el: HTMLElement) => el.clientWidth >= 1 && getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().top < el.parentElement!.getBoundingClientRect().bottom - 1;
      // Cut by any amount (a fraction of a pixel has its ellipsis too), as in "cuts a row in at most two places".
      const cut = (el: HTMLElement) => {
        if (!seen(el)) return false;
        if (el.scrollWidth > el.clientWidth) return true;
        const range = document.createRange();
        range.selectNodeContents(el);
        const s = getComputedStyle(el);
        return range.getBoundingClientRect().width > el.getBoundingClientRect().width - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 1 / 128;
      };
      const path = row.querySelector<HTMLElement>('.path')!;
      const module = [...row.querySelectorAll<HTMLElement>('.where > .where-text, .where > .module-short, .where.hit > .end-head')].find(seen);
      return {
        title: path.getAttribute('title'),
        text: path.innerText,
        twin: row.classList.contains('twin'),
        /** The module in sight, whole, cut to a few letters or in its short form ("ns"): what tells twins apart. */
        module: module && (!cut(module) || module.getBoundingClientRect().width > 20) ? module.textContent!.split(' ·')[0] : undefined,
        moduleCut: !!module && cut(module),
        pathCuts: [...path.children].filter((el) => cut(el as HTMLElement)).length,
        otherCuts: [...row.querySelectorAll<HTMLElement>(':scope > .name, .where.hit > *, .where-text')].filter(cut).map((el) => el.className),
      };
    }),
  );
}

describe('look-alike search rows at a tool window\'s widths', () => {
  const suite = projectSuite('row-cuts-archives', { files: ARCHIVES });

  it('cuts a path in at most two places at 300 to 1,400 px, the badge, name and module giving it room, and keeps the whole path in its tooltip', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    for (const query of ['archive', 'items']) {
      await page.getByLabel('Search endpoints').fill(query);
      await poll(() => page.locator('#results .row').count()).toBeGreaterThanOrEqual(query === 'archive' ? 6 : 3);
      for (const width of WIDTHS) {
        await resizeTo(page, width, 800);
        await page.screenshot({ path: screenshotPath(`row-cuts-archives-${query}-${width}`) });
        const rows = await rowCuts(page);
        for (const r of rows) {
          const what = `${query} at ${width} px: ${r.title} shown as "${r.text}" (others cut: ${r.otherCuts.join(', ')})`;
          // "/a…/tenant-ite…/{…/archi…" beside "notification-s…": four cuts in the path at 300 and 360 px.
          expect(r.pathCuts, what).toBeLessThanOrEqual(2);
          // A twin too: its path cut twice beside "notification-s…" made three; its module gives way to its short form.
          if (r.pathCuts === 2) expect(r.otherCuts, what).toEqual([]);
          expect(r.pathCuts + r.otherCuts.length, what).toBeLessThanOrEqual(2);
          expect(r.title, what).toMatch(/^\/api\/[a-z-]+\/\{id\}\/actions\/archive$/);
        }
        // The twins keep their modules in sight, whole or in short, whatever else gives way: they read differently.
        const twins = rows.filter((r) => r.twin);
        if (query === 'archive') expect(twins.length).toBe(2);
        for (const t of twins) expect(t.module, `${query} at ${width} px: ${t.title}`).toMatch(/^(notification-service|ns|order-service|os)$/);
        expect(new Set(twins.map((t) => t.module)).size, `${query} at ${width} px`).toBe(twins.length);
      }
      await resizeTo(page, 1400, 800);
    }
    expect(await suite.tabs.light.leave()).toEqual([]);
  });

  it('keeps a class hit\'s module in sight at 300 to 1,400 px, in its short form where the row is too narrow for its name', async () => {
    const page = await openExplorer(suite, suite.tabs.light, 1400);
    await page.getByLabel('Search endpoints').fill('TenantItemController');
    await poll(() => page.locator('#results .row.where-hit').count()).toBe(2);
    const shown = new Set<string>();
    for (const width of WIDTHS) {
      await resizeTo(page, width, 800);
      await page.screenshot({ path: screenshotPath(`row-cuts-class-module-${width}`) });
      const wheres = await page.locator('#results .row.where-hit .where.hit').evaluateAll((els) =>
        els.map((where) => ({ text: (where as HTMLElement).innerText.replace(/\s+/g, ' '), title: where.getAttribute('title')! })),
      );
      // The class the query hit, whole: "TenantItemContr…" at 300 px beside a path with room to give.
      const classCut = await page.locator('#results .row.where-hit .where.hit > .end-tail').evaluateAll((els) => els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return range.getBoundingClientRect().width > el.getBoundingClientRect().width + 1 / 128;
      }));
      expect(classCut, `${width} px`).toEqual([false, false]);
      for (const w of wheres) {
        const module = w.title.split(' · ')[0]!;
        // At 300 px the row read "TenantItemController", its module only in the tooltip.
        expect(w.text, `${width} px`).toMatch(new RegExp(`^(${module} ·|${module === 'order-service' ? 'os' : 'ns'} ·|${module.slice(0, 2)}[^ ]*…) TenantItemController$`));
        shown.add(w.text.split(' · ')[0]!);
      }
    }
    // Both forms seen across the widths: the whole name at full screen, the short one in a tool window.
    expect([...shown]).toEqual(expect.arrayContaining(['notification-service', 'ns']));
    expect(await suite.tabs.light.leave()).toEqual([]);
  });
});

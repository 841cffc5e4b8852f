#!/usr/bin/env node
// UI benchmark: `apiscout ui` on a generated code base with 20,000 endpoints, driven in Debian's
// Chromium through playwright-core. It reports
//   - time to first render of the tree: navigation start to the first commit of the tree rows
//     (the app's `apiscout:tree` mark) and to the next painted frame, on a warm sidecar;
//   - keystroke to results: the search field's input event to the commit of that query's results
//     (`apiscout:search`), debounce included, and the same minus the debounce;
//   - scrolling: frame times while the tree scrolls through all 20,000 rows;
//   - the panels: right click to the context menu on screen, the toolbar's buttons to the export
//     dialog, environment panel and settings page filled, and Export in the dialog to its outcome
//     for all 20,000 endpoints (OpenAPI and cURL written to bench/out/ui-export);
//   - Send to response: the Send click to the commit of the response panel (`apiscout:response`),
//     against a loopback server answering a 1 KB JSON body and a 2 MB one (cut to 500,000
//     characters for display).
//   npm run build && node bench/ui.mjs [--endpoints 20000] [--runs 7]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { generateEndpoints } from './gen-endpoints.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'dist', 'apiscout.mjs');
const DEBOUNCE_MS = 120; // ide-bridge/ui/app.tsx SEARCH_DEBOUNCE_MS

const { values } = parseArgs({ options: { endpoints: { type: 'string', default: '20000' }, runs: { type: 'string', default: '7' } } });
const count = Number(values.endpoints);
const runs = Number(values.runs);
const dir = path.join(here, 'out', `ui-${count}`);
if (!fs.existsSync(path.join(dir, 'bench-manifest.json'))) generateEndpoints(dir, { endpoints: count });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const fmt = (ms) => `${ms.toFixed(0)} ms`;

const ui = spawn(process.execPath, [CLI, 'ui', '--no-open', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  let out = '';
  ui.stdout.setEncoding('utf8').on('data', (d) => {
    out += d;
    const m = /http:\/\/127\.0\.0\.1:\d+\/\S+\//.exec(out);
    if (m) resolve(m[0]);
  });
  ui.once('exit', (code) => reject(new Error(`apiscout ui exited (${code})`)));
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  // Let the first scan finish, so every measured load gets the whole tree at once.
  const warm = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const t0 = performance.now();
  await warm.goto(url);
  await warm.locator('.toolbar .count').filter({ hasText: `${count.toLocaleString('en')} endpoints` }).waitFor({ timeout: 300_000 });
  await warm.locator('.scan-progress').waitFor({ state: 'detached', timeout: 300_000 });
  console.log(`${count.toLocaleString('en')} endpoints scanned and listed ${fmt(performance.now() - t0)} after the first page load`);
  await warm.close();

  const firstRender = [];
  const painted = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.addInitScript(() => {
      // The frame after the tree's first commit: when the rows are on screen.
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.name === 'apiscout:tree') requestAnimationFrame(() => setTimeout(() => (window.treePainted = performance.now())));
        }
      }).observe({ type: 'mark', buffered: true });
    });
    await page.goto(url);
    await page.waitForFunction(() => window.treePainted !== undefined, undefined, { timeout: 60_000 });
    const { mark, paint, endpoints } = await page.evaluate(() => {
      const m = performance.getEntriesByName('apiscout:tree')[0];
      return { mark: m.startTime, paint: window.treePainted, endpoints: m.detail.endpoints };
    });
    if (endpoints !== count) throw new Error(`the first tree had ${endpoints} endpoints, not ${count}`);
    firstRender.push(mark);
    painted.push(paint);
    await page.close();
  }
  console.log(`tree first render (navigation start to rows committed): median ${fmt(median(firstRender))}, best ${fmt(Math.min(...firstRender))}; to the painted frame: median ${fmt(median(painted))} (${runs} page loads)`);

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.locator('#tree .row').first().waitFor();
  await page.evaluate(() => {
    window.inputAt = new Map();
    document.querySelector('input.search').addEventListener('input', (e) => window.inputAt.set(e.target.value, performance.now()));
  });
  const queries = ['order', 'GET /api', 'cust', 'POST /api/orders/s10/r1/7', 'patch quotas', 'invoices s42', 'r99', 'DELETE tenants', 'items record 5', 'ledgers'];
  const latency = [];
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      await page.fill('input.search', '');
      await page.locator('#tree').waitFor();
      await page.fill('input.search', q);
      const ms = await page.waitForFunction(
        (query) => {
          const typed = window.inputAt.get(query);
          const m = performance.getEntriesByName('apiscout:search').find((e) => e.detail.query === query && e.startTime > typed);
          return m ? m.startTime - typed : undefined;
        },
        q,
        { timeout: 30_000 },
      );
      latency.push(await ms.jsonValue());
    }
  }
  console.log(
    `keystroke to results (input event to results committed, ${latency.length} searches over ${count.toLocaleString('en')}): median ${fmt(median(latency))}, p95 ${fmt(p95(latency))}; ` +
      `minus the ${DEBOUNCE_MS} ms debounce: median ${fmt(median(latency) - DEBOUNCE_MS)}, p95 ${fmt(p95(latency) - DEBOUNCE_MS)}`,
  );

  await page.fill('input.search', '');
  await page.locator('#tree').waitFor();
  const frames = await page.evaluate(async () => {
    const el = document.getElementById('tree');
    const times = [];
    let last = performance.now();
    const steps = 300;
    for (let i = 1; i <= steps; i++) {
      el.scrollTop = (el.scrollHeight * i) / steps;
      await new Promise((r) => requestAnimationFrame(r));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times;
  });
  console.log(`scrolling the whole tree in 300 jumps: frame time median ${frames.length ? median(frames).toFixed(1) : '?'} ms, p95 ${p95(frames).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms`);

  // ---------------------------------------------------------------- the panels
  /** From the action's first mouse press to `selector` in the DOM, timed by the page itself. */
  const timed = async (action, selector) => {
    await page.evaluate((sel) => {
      const t = (window.panelTiming = { start: 0, end: 0 });
      document.addEventListener('mousedown', () => (t.start = performance.now()), { capture: true, once: true });
      const done = new MutationObserver(() => {
        if (t.start && document.querySelector(sel)) {
          t.end = performance.now();
          done.disconnect();
        }
      });
      done.observe(document.body, { subtree: true, childList: true, characterData: true });
    }, selector);
    await action();
    await page.waitForFunction(() => window.panelTiming.end > 0, undefined, { timeout: 300_000 });
    return page.evaluate(() => window.panelTiming.end - window.panelTiming.start);
  };
  const closeAll = async () => {
    while (await page.locator('[role=dialog], [role=menu]').count()) {
      await page.locator('[role=dialog], [role=menu]').last().focus();
      await page.keyboard.press('Escape');
    }
  };
  const panelRuns = Math.max(3, Math.min(runs, 5));
  const report = async (label, action, selector) => {
    const ms = [];
    for (let i = 0; i < panelRuns; i++) {
      ms.push(await timed(action, selector));
      await closeAll();
    }
    console.log(`${label}: median ${fmt(median(ms))}, best ${fmt(Math.min(...ms))} (${panelRuns} runs)`);
  };
  await page.locator('#tree').evaluate((el) => (el.scrollTop = 0));
  await report('context menu (right click to the menu on screen)', () => page.locator('#tree .row.kind-endpoint').first().click({ button: 'right' }), '.context-menu .menu-item');
  await report('settings page (gear to every row of the page)', () => page.getByRole('button', { name: 'Settings' }).click(), '.settings-rows .setting');
  await report('environment panel (button to the list)', () => page.getByRole('button', { name: 'Environments' }).click(), '.env-body');
  const out = path.join(here, 'out', 'ui-export');
  for (const [channel, label] of [['openapi', 'OpenAPI'], ['curl', 'cURL']]) {
    const ms = [];
    for (let i = 0; i < Math.min(panelRuns, 3); i++) {
      await page.locator('.toolbar').getByRole('button', { name: 'Export', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Export' });
      await dialog.getByLabel('Channel').selectOption(channel);
      if (channel === 'curl') await dialog.getByLabel('Placeholders').selectOption('keep');
      await dialog.getByLabel('Export directory').fill(out);
      ms.push(await timed(() => dialog.getByRole('button', { name: 'Export', exact: true }).click(), '.export-outcome .files li'));
      const summary = await dialog.locator('.export-outcome p').first().textContent();
      if (!summary.includes(`of ${count.toLocaleString('en')} exported`)) throw new Error(`the ${channel} export said: ${summary}`);
      await closeAll();
    }
    console.log(`export dialog, ${label} of all ${count.toLocaleString('en')} endpoints (Export to the files listed): median ${fmt(median(ms))}, best ${fmt(Math.min(...ms))}`);
  }

  // Send to response on screen, for a small and a large JSON body from a loopback server.
  const bodies = {
    small: JSON.stringify({ items: Array.from({ length: 12 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 1.5 })) }),
    large: JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: i * 1.5, note: 'x'.repeat(40) })) }),
  };
  let answer = bodies.small;
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(answer);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    const target = 'PATCH quotas s199 r99';
    await page.fill('input.search', target);
    await page.locator('#results .row').first().waitFor();
    await page.press('input.search', 'Enter');
    await page.locator('.request-editor input.host').waitFor();
    await page.fill('.request-editor input.host', `http://127.0.0.1:${server.address().port}`);
    for (const [kind, body] of Object.entries(bodies)) {
      answer = body;
      const times = [];
      const paints = [];
      const afterArrival = [];
      const pretty = [];
      for (let i = 0; i < runs; i++) {
        await page.locator('.request-editor button.send').waitFor();
        const ms = await page.evaluate(async () => {
          const before = performance.getEntriesByName('apiscout:response').length;
          const bodiesBefore = performance.getEntriesByName('apiscout:body').length;
          const t0 = performance.now();
          document.querySelector('.request-editor button.send').click();
          for (;;) {
            await new Promise((r) => setTimeout(r, 2));
            const marks = performance.getEntriesByName('apiscout:response');
            const bodyMarks = performance.getEntriesByName('apiscout:body');
            if (marks.length > before && bodyMarks.length > bodiesBefore) {
              // The next frame: the body laid out and painted.
              await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
              const arrived = marks.at(-1).startTime;
              const painted = performance.now();
              // Pretty: the indented text in the viewer (off the main thread for large bodies).
              while (document.querySelector('.response-panel .formatting')) await new Promise((r) => setTimeout(r, 2));
              await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
              return { commit: arrived - t0, painted: painted - t0, afterArrival: painted - arrived, pretty: performance.now() - arrived };
            }
          }
        });
        times.push(ms.commit);
        paints.push(ms.painted);
        afterArrival.push(ms.afterArrival);
        pretty.push(ms.pretty);
      }
      // Tab switch: Headers, then Body again; the click to the body's viewer laid out and painted.
      const relayout = [];
      for (let i = 0; i < runs; i++) {
        await page.locator('.response-panel').getByRole('tab', { name: /^Headers/ }).click();
        relayout.push(
          await page.evaluate(async () => {
            const before = performance.getEntriesByName('apiscout:body').length;
            const t0 = performance.now();
            [...document.querySelectorAll('.response-panel [role=tab]')].find((t) => t.textContent === 'Body').click();
            while (performance.getEntriesByName('apiscout:body').length === before) await new Promise((r) => setTimeout(r, 1));
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
            return performance.now() - t0;
          }),
        );
      }
      const size = Buffer.byteLength(body);
      const shown = await page.locator('.response-panel .body-code').evaluate((el) => el.bodyText.length);
      console.log(
        `Send to response on screen, ${size >= 1e6 ? `${(size / 1e6).toFixed(1)} MB` : `${(size / 1e3).toFixed(1)} KB`} JSON body, ${shown.toLocaleString('en')} characters shown (${runs} sends): committed median ${fmt(median(times))}, best ${fmt(Math.min(...times))}; painted median ${fmt(median(paints))}; arrival to first paint median ${fmt(median(afterArrival))}; arrival to Pretty painted median ${fmt(median(pretty))}; tab switch back to Body re-laid out median ${fmt(median(relayout))}`,
      );
    }
  } finally {
    server.close();
  }
} finally {
  await browser.close();
  ui.kill('SIGINT');
}

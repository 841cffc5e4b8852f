#!/usr/bin/env node
// UI benchmark: `apiscout ui` on a generated code base, driven in Debian's Chromium through
// playwright-core. It prints the figures of issue 20's "Done when", then a table of them:
//   - first tree cold: a new `apiscout ui` process on a fresh copy of the project with a fresh
//     config folder (no retained index, no scan cache), from the process's start to the tree of
//     all endpoints painted; with the sidecar's and the page's CPU time to that point;
//   - first tree warm start: a new `apiscout ui` process on the same copy after the cold one
//     stopped (its retained index and scan cache kept), from the process's start to the tree painted;
//     and, labelled apart, from the page's request (made as soon as the URL is printed) to the tree
//     painted: what the IDE's tool window waits for, its sidecar started with the project before;
//   - first tree on a warm sidecar: a page load on the running sidecar to the tree painted, each
//     in a new browser context (empty HTTP cache); then, labelled apart, repeated loads in one
//     persistent browser profile (caches kept, as JCEF's);
//   - keystroke to results: the search field's input event to the commit of that query's results
//     (`apiscout:search`) and to their painted frame, less the debounce;
//   - scrolling: frame times while the tree scrolls through all its rows;
//   - the panels: right click to the context menu, the toolbar's buttons to their panels, and
//     Export in the dialog to its outcome for all endpoints (bench/out/ui-export);
//   - Send to response: the Send click to the response on screen, for a 1 KB and a 2.3 MB JSON
//     body (500,000 characters shown) and a 600,000-character text body, from its arrival (the
//     call's result received by the page) to the first paint and to Pretty painted, and the tab
//     switch back to Body re-laid out.
// The machine may be busy: every figure also comes with the page's main-thread CPU time
// (Chromium's Performance metrics in thread time), which other processes barely move.
//   - scrolling the search results: the same for a query's 500 results, down and back up, with the
//     list as wide as a 1,400 px window gives it and as a 360 px tool window (rows laid out and fitted, row-cuts.ts);
//   npm run build && node bench/ui.mjs [--endpoints 2500 | --files 10000] [--runs 7] [--cold-runs 3] [--no-panels] [--first-tree] [--scroll] [--cli DIST/apiscout.mjs]
// --first-tree: only the first-tree figures (cold, warm start, page load on a warm sidecar).
// --scroll: only the scrolling figures (the tree, the search results), on a warm sidecar.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { generate } from './gen-codebase.mjs';
import { generateEndpoints } from './gen-endpoints.mjs';
import { procStat } from './proc-stat.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// --cli: another build's CLI (A/B against main's build, e.g. --cli ../main/dist/apiscout.mjs).
let CLI = path.join(here, '..', 'dist', 'apiscout.mjs');
const DEBOUNCE_MS = 120; // ide-bridge/ui/app.tsx SEARCH_DEBOUNCE_MS
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const { values } = parseArgs({
  options: {
    endpoints: { type: 'string', default: '2500' },
    files: { type: 'string' },
    runs: { type: 'string', default: '7' },
    'cold-runs': { type: 'string', default: '3' },
    'no-panels': { type: 'boolean', default: false },
    'first-tree': { type: 'boolean', default: false },
    scroll: { type: 'boolean', default: false },
    cli: { type: 'string' },
  },
});
if (values.cli) CLI = path.resolve(values.cli);
const runs = Number(values.runs);
const coldRuns = Number(values['cold-runs']);
// --files: a code base of N files as bench/scan.mjs makes (DTOs, services, ~8% controllers);
// otherwise exactly --endpoints endpoints and little else (bench/gen-endpoints.mjs).
const dir = values.files ? path.join(here, 'out', `ui-files-${values.files}`) : path.join(here, 'out', `ui-${values.endpoints}`);
if (!fs.existsSync(path.join(dir, 'bench-manifest.json'))) {
  if (values.files) generate(dir, { files: Number(values.files) });
  else generateEndpoints(dir, { endpoints: Number(values.endpoints) });
}
let count = JSON.parse(fs.readFileSync(path.join(dir, 'bench-manifest.json'), 'utf8')).endpoints;
const project = values.files ? `${Number(values.files).toLocaleString('en')} files, ${count.toLocaleString('en')} endpoints` : `${count.toLocaleString('en')} endpoints`;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const fmt1 = (ms) => `${ms.toFixed(1)} ms`;
/** The Done-when table printed at the end: [figure, measured, target, met]. */
const doneWhen = [];
const done = (figure, ms, target, cpu) => doneWhen.push([figure, ms, target, cpu]);

/** `apiscout ui` on `root`, and the URL it prints. */
function startUi(root, env = {}) {
  const child = spawn(process.execPath, [CLI, 'ui', '--no-open', root], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const url = new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d) => {
      out += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\/\S+\//.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`apiscout ui exited (${code})`)));
  });
  return { child, url };
}

/** CPU time (user + system, all threads) of a process so far, from /proc (Linux). */
const processCpuMs = (pid) => procStat(pid)?.cpuMs ?? NaN;

/** The page's main-thread CPU: Chromium's Performance metrics in thread time (seconds), as milliseconds. */
async function cpuMeter(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const read = async () => {
    const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    return { thread: m.ThreadTime * 1000, script: m.ScriptDuration * 1000, layout: m.LayoutDuration * 1000, style: m.RecalcStyleDuration * 1000 };
  };
  return {
    read,
    /** CPU spent by `fn` on the page's main thread. */
    async around(fn) {
      const a = await read();
      const value = await fn();
      const b = await read();
      return { value, cpu: { thread: b.thread - a.thread, script: b.script - a.script, layout: b.layout - a.layout, style: b.style - a.style } };
    },
  };
}

/**
 * Records in the page when the tree's first commit by the app (`apiscout:tree`) is painted, as
 * epoch ms (`window.appPainted`), and whether the page came with its first screen drawn in its
 * HTML (ide-bridge/first-screen.ts: `window.served`, with the endpoint count it shows). The tree
 * was then painted at the page's first contentful paint, before the app ran (see treePaintedIn).
 */
function markTreePainted() {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'apiscout:tree') requestAnimationFrame(() => setTimeout(() => (window.appPainted = { at: performance.timeOrigin + performance.now(), rel: performance.now(), endpoints: e.detail.endpoints })));
    }
  }).observe({ type: 'mark', buffered: true });
  const served = new MutationObserver(() => {
    const count = document.querySelector('.first-paint .toolbar .count');
    if (!count || !document.querySelector('.first-paint #tree .row')) return;
    window.served = { endpoints: Number(count.textContent.replace(/\D/g, '')) };
    served.disconnect();
  });
  served.observe(document, { subtree: true, childList: true });
}

/**
 * Waits for the app's tree painted in `page` (markTreePainted), then says when the tree was
 * first painted: the served first screen's paint (the page's first contentful paint) when the
 * page came with one, else the app's; and the app's apart.
 */
async function treePaintedIn(page, timeout) {
  await page.waitForFunction(() => window.appPainted !== undefined, undefined, { timeout, polling: 50 });
  return page.evaluate(() => {
    const app = window.appPainted;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const first = window.served && fcp && fcp.startTime < app.rel ? { at: performance.timeOrigin + fcp.startTime, rel: fcp.startTime, endpoints: window.served.endpoints } : app;
    return { ...first, served: first !== app, app };
  });
}

/**
 * A static page of `bytes` bytes with `elements` elements (rows of text, the rest of the bytes in
 * an inert data block), served from a loopback server and loaded in a new page `runs` times: to
 * its painted frame (a frame after DOMContentLoaded, as markTreePainted does after the tree's
 * commit), its first contentful paint, and the page's main-thread CPU.
 */
async function staticPageFloor(bytes, elements, runs) {
  const head = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>floor</title></head><body>';
  const tail = '</body></html>';
  // html, head, meta, title, body, the data block: the rest are rows of two spans.
  const rows = Math.max(0, Math.floor((elements - 6) / 3));
  let body = '';
  for (let i = 0; i < rows; i++) body += `<div class="row"><span>GET</span><span>/api/floor/${i}</span></div>`;
  const pad = Math.max(0, bytes - head.length - body.length - tail.length - 64);
  const html = `${head}${body}<script type="application/json" id="pad">"${'x'.repeat(pad)}"</script>${tail}`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const floorUrl = `http://127.0.0.1:${server.address().port}/`;
  const painted = [];
  const fcp = [];
  const cpu = [];
  try {
    for (let i = 0; i < runs; i++) {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => (window.floorPainted = performance.now()))));
      });
      const meter = await cpuMeter(page);
      const { value, cpu: used } = await meter.around(async () => {
        await page.goto(floorUrl);
        await page.waitForFunction(() => window.floorPainted !== undefined, undefined, { timeout: 60_000, polling: 50 });
        return page.evaluate(() => ({ painted: window.floorPainted, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN }));
      });
      painted.push(value.painted);
      fcp.push(value.fcp);
      cpu.push(used.thread);
      await page.close();
    }
  } finally {
    server.close();
  }
  return { painted, fcp, cpu };
}

/** A trivial `node` process, from its spawn to its first printed line, and its own CPU to that point. */
async function nodeStartFloor(runs) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['-e', 'const u = process.cpuUsage(); console.log(`ready ${(u.user + u.system) / 1000}`)'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const line = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out);
      });
      child.once('exit', (code) => (out.includes('\n') ? resolve(out) : reject(new Error(`node exited (${code}) before printing`))));
    });
    wall.push(performance.now() - t0);
    cpu.push(Number(/ready ([\d.]+)/.exec(line)[1]));
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
  return { wall, cpu };
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });

// ---------------------------------------------------------------- first tree from a new process
/**
 * A new `apiscout ui` process on `root`, from its start to the tree of all endpoints painted in
 * a page opened as soon as the URL is printed; with the sidecar's and the page's CPU to that point.
 */
async function startToTree(root, config) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(markTreePainted);
  const cpu = await cpuMeter(page);
  // The tab is open and idle before the process starts, as the IDE's tool window (or the user's
  // browser) is: a renderer still starting up would take a core from the sidecar's own start.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
  await new Promise((r) => setTimeout(r, 500));
  const cpu0 = await cpu.read();
  const started = performance.timeOrigin + performance.now();
  const proc = startUi(root, { APISCOUT_CONFIG_DIR: config });
  try {
    const url = await proc.url;
    const urlAt = performance.timeOrigin + performance.now() - started;
    await page.goto(url);
    // The first tree with every endpoint: a cold start shows none before its scan ends.
    // Polled on a timer, not every frame: a requestAnimationFrame poll would itself cost the page CPU.
    const painted = await treePaintedIn(page, 600_000);
    const sidecarCpu = processCpuMs(proc.child.pid);
    const pageCpu = (await cpu.read()).thread - cpu0.thread;
    // From the page's request (its navigation start, right after the URL was printed) to the same paint.
    return { total: painted.at - started, app: painted.app.at - started, fromRequest: painted.rel, served: painted.served, url: urlAt, endpoints: painted.endpoints, sidecarCpu, pageCpu, proc };
  } finally {
    await page.close();
  }
}

async function stop(proc) {
  proc.child.kill('SIGINT');
  await new Promise((r) => (proc.child.exitCode !== null ? r() : proc.child.once('exit', r)));
}

function reportStart(label, figure, target, runs, fromRequest) {
  const m = (k) => median(runs.map((r) => r[k]));
  console.log(
    `${label}, ${project}: process start to the tree painted median ${fmt(m('total'))}, best ${fmt(Math.min(...runs.map((r) => r.total)))}` +
      `${runs.some((r) => r.served) ? ` (the first screen in the page's HTML in ${runs.filter((r) => r.served).length} of ${runs.length} runs; the app's tree painted median ${fmt(m('app'))})` : ''}; ` +
      `URL printed after ${fmt(m('url'))}; the page's request (right after the URL) to the tree painted median ${fmt(m('fromRequest'))}, best ${fmt(Math.min(...runs.map((r) => r.fromRequest)))}; ` +
      `CPU to the app's tree painted: sidecar ${fmt(m('sidecarCpu'))}, page main thread ${fmt(m('pageCpu'))} (${runs.length} runs)`,
  );
  done(figure, m('total'), target, `sidecar ${fmt(m('sidecarCpu'))} + page ${fmt(m('pageCpu'))} CPU`);
  // The same start read from the explorer's side: the sidecar is already running (the IDE starts it
  // with the project, before its tool window asks for the tree), and the page's request to the
  // tree painted is what the user waits for. Labelled apart; the process-start figure stays.
  if (fromRequest) done(fromRequest, m('fromRequest'), target, `page ${fmt(m('pageCpu'))} CPU`);
}

if (!values.scroll) {
  // Cold: a fresh copy of the project and a fresh config folder (no retained index, no scan cache, no stored result).
  const cold = [];
  // Warm start: a new process on a project opened before (its .apiscout/ kept): the first tree
  // comes from the retained index inside the page, the scan (from the scan cache) follows.
  const warmStart = [];
  for (let i = 0; i < coldRuns; i++) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bench-cold-'));
    try {
      const root = path.join(tmp, 'project');
      const config = path.join(tmp, 'config');
      // Without any state a run on the project itself left in it.
      fs.cpSync(dir, root, { recursive: true, filter: (src) => path.basename(src) !== '.apiscout' });
      const first = await startToTree(root, config);
      if (first.endpoints !== count) {
        // The generators' manifests count what a scanner should find; the tree says what this one found.
        console.log(`(the scan found ${first.endpoints.toLocaleString('en')} endpoints where the manifest says ${count.toLocaleString('en')}; measuring with ${first.endpoints.toLocaleString('en')})`);
        count = first.endpoints;
      }
      cold.push(first);
      // The retained index is rewritten once the tree was served: wait for it before stopping.
      const index = path.join(root, '.apiscout', 'index.json');
      while (!fs.existsSync(index)) await new Promise((r) => setTimeout(r, 50));
      await stop(first.proc);
      const again = await startToTree(root, config);
      await stop(again.proc);
      if (again.endpoints !== count) throw new Error(`the warm start's first tree had ${again.endpoints} endpoints, not ${count}`);
      warmStart.push(again);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  }
  reportStart('first tree cold (new `apiscout ui` process, no retained state)', 'first tree, cold', 1500, cold);
  reportStart('first tree warm start (new `apiscout ui` process, retained index and scan cache kept)', 'first tree, warm start (retained index)', 300, warmStart, 'first tree, warm start: page request to painted (sidecar running)');
}

const ui = startUi(dir);
const url = await ui.url;

try {
  // Let the first scan finish, so every measured load gets the whole tree at once.
  const warm = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const t0 = performance.now();
  await warm.goto(url);
  await warm.locator('.toolbar .count').filter({ hasText: `${count.toLocaleString('en')} endpoints` }).waitFor({ timeout: 300_000 });
  await warm.locator('.scan-progress').waitFor({ state: 'detached', timeout: 300_000 });
  console.log(`${count.toLocaleString('en')} endpoints scanned and listed ${fmt(performance.now() - t0)} after the first page load`);
  await warm.close();

  /** One load of the page in `page` to the tree painted: the rows' commit and paint (ms from navigation) and the page's main-thread CPU. */
  async function loadToTree(page) {
    await page.addInitScript(markTreePainted);
    const cpu = await cpuMeter(page);
    const { value: loaded, cpu: used } = await cpu.around(async () => {
      await page.goto(url);
      const painted = await treePaintedIn(page, 60_000);
      return { mark: await page.evaluate(() => performance.getEntriesByName('apiscout:tree')[0].startTime), painted };
    });
    if (loaded.painted.endpoints !== count) throw new Error(`the first tree had ${loaded.painted.endpoints} endpoints, not ${count}`);
    await page.close();
    return { mark: loaded.mark, painted: loaded.painted.rel, app: loaded.painted.app.rel, served: loaded.painted.served, cpu: used.thread };
  }

  // Each load in a new context (browser.newPage): an empty HTTP cache, so the page's script is
  // fetched and compiled every time, as on the first load of a browser or an IDE.
  firstTree: {
  if (values.scroll) break firstTree;
  const firstRender = [];
  const painted = [];
  const appPainted = [];
  const loadCpu = [];
  let served = 0;
  for (let i = 0; i < runs; i++) {
    const r = await loadToTree(await browser.newPage({ viewport: { width: 1400, height: 900 } }));
    firstRender.push(r.mark);
    painted.push(r.painted);
    appPainted.push(r.app);
    loadCpu.push(r.cpu);
    if (r.served) served++;
  }
  console.log(
    `first tree on a warm sidecar (page load to the tree painted): median ${fmt(median(painted))}, best ${fmt(Math.min(...painted))}` +
      `${served ? ` (the first screen in the page's HTML in ${served} of ${runs} loads)` : ''}; the app's rows committed median ${fmt(median(firstRender))}, painted median ${fmt(median(appPainted))}; ` +
      `page main-thread CPU median ${fmt(median(loadCpu))} (${runs} page loads)`,
  );
  done('first tree, warm sidecar (page load)', median(painted), 300, `page ${fmt(median(loadCpu))} CPU`);

  // The floor of the figures above, measured in the same run: what Chromium costs here to load
  // and paint a static page of the explorer page's size and element count from a loopback server
  // (no script, no style), and what Node costs to start and print a line. The first-tree figures
  // read against these: a page load cannot paint sooner than the first, a new `apiscout ui`
  // cannot print its URL sooner than the second.
  {
    const probe = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await probe.addInitScript(markTreePainted);
    const response = await probe.goto(url);
    const bytes = (await response.body()).length;
    await treePaintedIn(probe, 60_000);
    const elements = await probe.evaluate(() => document.getElementsByTagName('*').length);
    await probe.close();
    const floor = await staticPageFloor(bytes, elements, runs);
    const node = await nodeStartFloor(runs);
    console.log(
      `floor, a static page of the same size (${(bytes / 1e3).toFixed(0)} KB) and element count (${elements}) from a loopback server, new page to painted: ` +
        `median ${fmt(median(floor.painted))} (first contentful paint ${fmt(median(floor.fcp))}), page main-thread CPU median ${fmt(median(floor.cpu))} (${runs} page loads)`,
    );
    console.log(`floor, a trivial \`node\` process, start to a printed line: median ${fmt(median(node.wall))}, its CPU to that point median ${fmt(median(node.cpu))} (${runs} runs)`);
    done('floor: static page that size, load to painted', median(floor.painted), null, `page ${fmt(median(floor.cpu))} CPU`);
    done('floor: node start to a printed line', median(node.wall), null, `node ${fmt(median(node.cpu))} CPU`);
  }

  // Not one of the figures above: loads again in one persistent browser profile, whose HTTP cache
  // (and V8's code cache in it) keeps the scripts between loads, as JCEF's profile does for the
  // tool window reopened or reloaded while its sidecar runs (the URL, with its token, changes
  // with each sidecar). Two loads first fill the caches.
  {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bench-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 1400, height: 900 } });
    try {
      for (let i = 0; i < 2; i++) await loadToTree(await context.newPage());
      const again = [];
      for (let i = 0; i < runs; i++) again.push(await loadToTree(await context.newPage()));
      console.log(
        `first tree on a warm sidecar, repeated loads in a persistent browser profile (caches kept, as JCEF's; not the figure above): ` +
          `to the painted frame median ${fmt(median(again.map((r) => r.painted)))}; page main-thread CPU median ${fmt(median(again.map((r) => r.cpu)))} (${runs} page loads)`,
      );
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }

  }

  // --first-tree: the figures above only.
  rest: {
  if (values['first-tree']) break rest;

  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(url);
  await page.locator('#tree .row').first().waitFor();
  await page.evaluate(() => {
    window.inputAt = new Map();
    document.querySelector('input.search').addEventListener('input', (e) => window.inputAt.set(e.target.value, performance.now()));
    // The frame after each commit of results: when they are on screen.
    window.searchPainted = new Map();
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.name === 'apiscout:search') requestAnimationFrame(() => setTimeout(() => window.searchPainted.set(e.detail.query, performance.now())));
      }
    }).observe({ type: 'mark' });
  });
  const cpu = await cpuMeter(page);
  if (!values.scroll) {
  const queries = ['order', 'GET /api', 'cust', 'POST /api/orders/s10/r1/7', 'patch quotas', 'invoices s42', 'r99', 'DELETE tenants', 'items record 5', 'ledgers'];
  const latency = [];
  const toPaint = [];
  const searchCpu = [];
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      await page.fill('input.search', '');
      await page.locator('#tree').waitFor();
      const { value: ms, cpu: used } = await cpu.around(async () => {
        await page.fill('input.search', q);
        // In the page: the commit of this query's results, then its painted frame.
        const handle = await page.waitForFunction(
          (query) => {
            const typed = window.inputAt.get(query);
            const m = performance.getEntriesByName('apiscout:search').find((e) => e.detail.query === query && e.startTime > typed);
            const at = window.searchPainted.get(query);
            return m && at > m.startTime ? { commit: m.startTime - typed, paint: at - typed } : undefined;
          },
          q,
          { timeout: 30_000, polling: 5 },
        );
        return handle.jsonValue();
      });
      await page.evaluate((query) => window.searchPainted.delete(query), q);
      latency.push(ms.commit);
      toPaint.push(ms.paint);
      searchCpu.push(used.thread);
    }
  }
  console.log(
    `keystroke to results (input event to results committed, ${latency.length} searches over ${count.toLocaleString('en')}): median ${fmt(median(latency))}, p95 ${fmt(p95(latency))}; ` +
      `minus the ${DEBOUNCE_MS} ms debounce: median ${fmt(median(latency) - DEBOUNCE_MS)}, p95 ${fmt(p95(latency) - DEBOUNCE_MS)}; ` +
      `to the painted frame, minus the debounce: median ${fmt(median(toPaint) - DEBOUNCE_MS)}; page main-thread CPU per search median ${fmt(median(searchCpu))}`,
  );
  done('keystroke to results, after the debounce', median(latency) - DEBOUNCE_MS, 50, `page ${fmt(median(searchCpu))} CPU a search`);
  }

  // Main-thread time per frame: the page's own CPU (thread time) and its busy time (wall), from
  // two Performance sessions, over the frames the scroll took.
  const busy = await page.context().newCDPSession(page);
  await busy.send('Performance.enable', { timeDomain: 'timeTicks' });
  const taskMs = async () => (await busy.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
  /** Scrolls the list `id` through all its rows in 300 jumps (and, with `back`, up again): frame intervals and main-thread work per frame. */
  const scrollThrough = async (id, back) => {
    const busy0 = await taskMs();
    const { value: frames, cpu: used } = await cpu.around(() =>
      page.evaluate(
        async ([listId, andBack]) => {
          const el = document.getElementById(listId);
          const times = [];
          let last = performance.now();
          const steps = 300;
          const at = [...Array(steps).keys()].map((i) => (i + 1) / steps);
          for (const f of andBack ? [...at, ...at.reverse().slice(1), 0] : at) {
            el.scrollTop = el.scrollHeight * f;
            await new Promise((r) => requestAnimationFrame(r));
            const now = performance.now();
            times.push(now - last);
            last = now;
          }
          return times;
        },
        [id, back],
      ),
    );
    const busyPerFrame = ((await taskMs()) - busy0) / frames.length;
    const perFrame = (x) => (x / frames.length).toFixed(2);
    return { frames, busyPerFrame, used, perFrame };
  };

  await page.fill('input.search', '');
  await page.locator('#tree').waitFor();
  {
    const { frames, busyPerFrame, used, perFrame } = await scrollThrough('tree', false);
    console.log(
      `scrolling the whole tree in ${frames.length} jumps: frame interval median ${fmt1(median(frames))}, p95 ${fmt1(p95(frames))}, max ${fmt1(Math.max(...frames))}; ` +
        `main-thread work per frame ${busyPerFrame.toFixed(1)} ms busy, ${perFrame(used.thread)} ms CPU (script ${perFrame(used.script)}, style ${perFrame(used.style)}, layout ${perFrame(used.layout)})`,
    );
    done('scroll frame (main-thread work per frame)', busyPerFrame, 16, `${perFrame(used.thread)} ms CPU a frame; interval median ${fmt1(median(frames))}`);
  }

  // The search results, down and back up (a row scrolled back into view is fitted again), as wide as
  // this window gives the list and as a 360 px tool window; `runs` times each, medians.
  for (const width of [1400, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.fill('input.search', 'a');
    await page.locator('.result-count').filter({ hasText: /500\+ matches/ }).waitFor();
    const each = [];
    for (let i = 0; i < runs; i++) each.push(await scrollThrough('results', true));
    const m = (f) => median(each.map(f));
    const perFrame = (x) => x.toFixed(2);
    const n = each[0].frames.length;
    console.log(
      `scrolling 500 search results down and up in ${n} jumps, ${width} px window: frame interval median ${fmt1(m((r) => median(r.frames)))}; ` +
        `main-thread work per frame ${m((r) => r.busyPerFrame).toFixed(1)} ms busy, ${perFrame(m((r) => r.used.thread / n))} ms CPU ` +
        `(script ${perFrame(m((r) => r.used.script / n))}, style ${perFrame(m((r) => r.used.style / n))}, layout ${perFrame(m((r) => r.used.layout / n))}; median of ${runs})`,
    );
    done(`scroll search results, ${width} px (main-thread CPU per frame)`, m((r) => r.used.thread / n), 16, `${m((r) => r.busyPerFrame).toFixed(1)} ms busy a frame`);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.fill('input.search', '');

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
  if (!values['no-panels'] && !values.scroll) {
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
  }

  // --scroll: the scrolling figures only.
  if (values.scroll) break rest;

  // Send to response on screen, for a small and a large JSON body and a 600,000-character text
  // body (issue 20's case: wrapped text layout) from a loopback server.
  const bodies = {
    small: { type: 'application/json', text: JSON.stringify({ items: Array.from({ length: 12 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 1.5 })) }) },
    large: { type: 'application/json', text: JSON.stringify({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `item ${i}`, tags: ['a', 'b'], price: i * 1.5, note: 'x'.repeat(40) })) }) },
    text: { type: 'text/plain', text: Array.from({ length: 5000 }, (_, i) => `${String(i).padStart(6, '0')} INFO order-service request handled in ${i % 97} ms, items=${i % 13}, tenant=t-${i % 7} `.padEnd(119, '.')).join('\n') },
  };
  let answer = bodies.small;
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', answer.type);
    res.end(answer.text);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  try {
    await page.locator('#tree').evaluate((el) => (el.scrollTop = 0));
    await page.locator('#tree .row.kind-endpoint').first().click();
    await page.locator('.request-editor input.host').waitFor();
    await page.fill('.request-editor input.host', `http://127.0.0.1:${server.address().port}`);
    for (const [kind, body] of Object.entries(bodies)) {
      answer = body;
      const sendCpu = [];
      const switchCpu = [];
      const times = [];
      const paints = [];
      const afterArrival = [];
      const pretty = [];
      for (let i = 0; i < runs; i++) {
        await page.locator('.request-editor button.send').waitFor();
        const { value: ms, cpu: used } = await cpu.around(() => page.evaluate(async () => {
          const before = performance.getEntriesByName('apiscout:response').length;
          const bodiesBefore = performance.getEntriesByName('apiscout:body').length;
          const resultsBefore = performance.getEntriesByName('apiscout:call-result').length;
          const t0 = performance.now();
          document.querySelector('.request-editor button.send').click();
          for (;;) {
            await new Promise((r) => setTimeout(r, 2));
            const marks = performance.getEntriesByName('apiscout:response');
            const bodyMarks = performance.getEntriesByName('apiscout:body');
            if (marks.length > before && bodyMarks.length > bodiesBefore) {
              // The next frame: the body laid out and painted.
              await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
              // Arrival: the call's result reached the page (before the panel renders and the
              // viewer is built); a build without that mark falls back to the panel's commit.
              const results = performance.getEntriesByName('apiscout:call-result');
              const arrived = results.length > resultsBefore ? results.at(-1).startTime : marks.at(-1).startTime;
              const painted = performance.now();
              // Pretty: the indented text in the viewer (off the main thread for large bodies).
              while (document.querySelector('.response-panel .formatting')) await new Promise((r) => setTimeout(r, 2));
              await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
              return { commit: arrived - t0, painted: painted - t0, afterArrival: painted - arrived, pretty: performance.now() - arrived };
            }
          }
        }));
        sendCpu.push(used.thread);
        times.push(ms.commit);
        paints.push(ms.painted);
        afterArrival.push(ms.afterArrival);
        pretty.push(ms.pretty);
      }
      // Tab switch: Headers, then Body again; the click to the body's viewer laid out and painted.
      const relayout = [];
      for (let i = 0; i < runs; i++) {
        await page.locator('.response-panel').getByRole('tab', { name: /^Headers/ }).click();
        const { value: ms, cpu: used } = await cpu.around(() =>
          page.evaluate(async () => {
            const before = performance.getEntriesByName('apiscout:body').length;
            const t0 = performance.now();
            [...document.querySelectorAll('.response-panel [role=tab]')].find((t) => t.textContent === 'Body').click();
            while (performance.getEntriesByName('apiscout:body').length === before) await new Promise((r) => setTimeout(r, 1));
            await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
            return performance.now() - t0;
          }),
        );
        relayout.push(ms);
        switchCpu.push(used.thread);
      }
      const size = Buffer.byteLength(body.text);
      const shown = await page.locator('.response-panel .body-code').evaluate((el) => el.bodyText.length);
      const what = `${size >= 1e6 ? `${(size / 1e6).toFixed(1)} MB` : `${(size / 1e3).toFixed(1)} KB`} ${kind === 'text' ? 'text' : 'JSON'} body`;
      console.log(
        `Send to response on screen, ${what}, ${shown.toLocaleString('en')} characters shown (${runs} sends): committed median ${fmt(median(times))}, best ${fmt(Math.min(...times))}; painted median ${fmt(median(paints))}; ` +
          `arrival to first paint median ${fmt(median(afterArrival))}; arrival to Pretty painted median ${fmt(median(pretty))}; page main-thread CPU per send median ${fmt(median(sendCpu))}; ` +
          `tab switch back to Body re-laid out median ${fmt(median(relayout))}, CPU ${fmt(median(switchCpu))}`,
      );
      if (kind !== 'small') {
        done(`${what}: arrival to first paint`, median(afterArrival), 300, `page ${fmt(median(sendCpu))} CPU for the whole send`);
        done(`${what}: tab switch re-layout`, median(relayout), 50, `page ${fmt(median(switchCpu))} CPU`);
      }
    }
  } finally {
    server.close();
  }
  }
  console.log(`\nissue 20, Done when (${project}; wall-clock figures move with the machine's load, CPU ones much less):`);
  for (const [figure, ms, target, cpuNote] of doneWhen) {
    // A floor has no target: it is what the figures above it are read against.
    const verdict = target === null ? 'the floor, no target'.padEnd(27) : `target < ${target} ms  ${ms < target ? 'met' : 'NOT met'}`;
    console.log(`  ${figure.padEnd(48)} ${fmt(ms).padStart(8)}  ${verdict}  (${cpuNote})`);
  }
} finally {
  await browser.close();
  ui.child.kill('SIGINT');
}

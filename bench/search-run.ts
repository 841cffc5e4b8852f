// The search benchmark's measurements; `bench/search.bench.ts` runs this file as a bundle.
// Prints p50/p99 per query kind for Search Everywhere / CLI (`search`, limit 50, with highlight
// ranges), for an unlimited ranked search, and for the explorer filter (`filterEndpoints`,
// explorer fields), plus index build, save and load figures. Budget from the issue: p99 < 2 ms
// per query, index load < 200 ms.
//
// Kinds are interleaved round by round. Each round is bracketed by a short fixed loop: a round
// during which the machine ran more than 30% slower than its best (shared virtual CPUs flip
// between speeds) is run again after a pause, up to a time budget; the table says how many
// rounds still ran slow. The calibration line times a longer fixed loop before and after, for
// comparing runs across machines.

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Endpoint } from '../core/model/endpoint';
import { buildSearchIndex, filterEndpoints, search, type SearchIndex } from '../core/search/matcher';
import { indexFile, loadIndex, saveIndex } from '../core/search/index-store';
import { rng, syntheticEndpoints } from './search-data';

const count = Number(process.argv[2] ?? 50_000);
const rounds = Number(process.argv[3] ?? 400);

type Kind =
  | 'fuzzy'
  | 'short literal'
  | 'word literal'
  | 'name words'
  | 'pasted path'
  | 'pasted URL'
  | 'verb prefix'
  | 'template value'
  | 'combined'
  | 'CJK'
  | 'no hit';

function queries(endpoints: Endpoint[], r: () => number): Record<Kind, string[]> {
  const pick = () => endpoints[Math.floor(r() * endpoints.length)]!;
  const http = () => {
    for (;;) {
      const ep = pick();
      if (ep.protocol === 'http' && !ep.path.includes('*')) return ep;
    }
  };
  const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => String(1 + Math.floor(r() * 9999)));
  const segs = (path: string) => path.split('/').filter((s) => s && !s.startsWith('{'));
  const n = 50;
  const make = (f: () => string) => Array.from({ length: n }, f);
  return {
    // two or three letters from each of two segments: `ordsta` for /orders/{id}/status
    fuzzy: make(() => {
      const s = segs(http().path).slice(-2);
      return s.map((x) => x.replace(/[^a-z]/g, '').slice(0, 2 + Math.floor(r() * 2))).join('') || 'usrid';
    }),
    'short literal': make(() => ['id', 'v2', 'or', 'us', 'st', 'ex', 'a', '获取'][Math.floor(r() * 8)]!),
    'word literal': make(() => segs(http().path).at(-1)!),
    'name words': make(() => {
      const ep = http();
      return /[\u4e00-\u9fff]/.test(ep.name) ? ep.name.slice(0, 2) : ep.name.toLowerCase().split(/(?=[A-Z])| /).slice(0, 3).join(' ');
    }),
    'pasted path': make(() => concrete(http().path)),
    'pasted URL': make(() => `http://localhost:8080${concrete(http().path)}?page=1&size=20`),
    'verb prefix': make(() => {
      const ep = http();
      return r() < 0.5 ? `${ep.method} ${ep.path}` : `${ep.method.toLowerCase()} ${segs(ep.path).at(-1)}`;
    }),
    'template value': make(() => {
      const ep = endpoints.find((e, i) => i > r() * endpoints.length && /\/[a-z-]+\/\{id\}/.test(e.path)) ?? http();
      const m = /\/([a-z-]+)\/\{id\}/.exec(ep.path);
      return m ? `${m[1]}/${1 + Math.floor(r() * 999)}` : 'users/42';
    }),
    combined: make(() => {
      const ep = http();
      const word = /[\u4e00-\u9fff]/.test(ep.name) ? ep.name.slice(0, 4) : (ep.name.split(/(?=[A-Z])| /)[0] ?? '').toLowerCase();
      const tail = ep.path.split('/').slice(-2).join('/');
      return `${tail} ${word}`;
    }),
    CJK: make(() => ['用户', '获取订单', '商品详情', '删除', '支付状态', '报表导出'][Math.floor(r() * 6)]!),
    'no hit': make(() => ['zzqxv', '/nonexistent/path/here', 'GET /qqq', 'xylophone', '不存在的接口'][Math.floor(r() * 5)]!),
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type Runner = (index: SearchIndex, q: string) => number;

let fastest = Infinity;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per kind, one timing per round; one query of every kind per round, rounds at full speed. */
async function timeKinds(
  index: SearchIndex,
  qs: Record<string, string[]>,
  run: Runner,
): Promise<{ kinds: Map<string, { times: number[]; hits: number }>; slow: number }> {
  const kinds = new Map<string, { times: number[]; hits: number }>();
  for (const kind of Object.keys(qs)) kinds.set(kind, { times: [], hits: 0 });
  let slow = 0;
  let patience = 60_000; // ms this mode may spend waiting for the machine
  for (let round = 0; round < rounds; round++) {
    let row: { kind: string; dt: number; hit: boolean }[] = [];
    for (;;) {
      const before = quickLoop();
      fastest = Math.min(fastest, before);
      row = [];
      for (const [kind, list] of Object.entries(qs)) {
        const q = list[round % list.length]!;
        const t0 = performance.now();
        const n = run(index, q);
        row.push({ kind, dt: performance.now() - t0, hit: n > 0 });
      }
      const speed = Math.max(before, quickLoop());
      if (speed <= fastest * 1.3) break;
      if (patience <= 0) {
        slow++;
        break;
      }
      const t0 = performance.now();
      await sleep(50);
      patience -= performance.now() - t0;
    }
    for (const { kind, dt, hit } of row) {
      const k = kinds.get(kind)!;
      k.times.push(dt);
      if (hit) k.hits++;
    }
  }
  return { kinds, slow };
}

const QUICK = new Int32Array(1 << 16).map((_, i) => (i * 7) % 1000);

/** About a tenth of a millisecond of fixed work: how fast the machine is right now. */
function quickLoop(): number {
  const t0 = performance.now();
  let s = 0;
  for (let k = 0; k < 4; k++) for (let i = 0; i < QUICK.length; i++) s += QUICK[i]! & 3;
  return performance.now() - t0 + (s < 0 ? 1 : 0);
}

/** Milliseconds for a fixed integer loop: a yardstick for how fast this machine is right now. */
function calibrate(): number {
  const a = new Int32Array(1 << 20);
  for (let i = 0; i < a.length; i++) a[i] = (i * 7) % 1000;
  const times: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t0 = performance.now();
    let s = 0;
    for (let k = 0; k < 10; k++) for (let i = 0; i < a.length; i++) s += a[i]! & 3;
    times.push(performance.now() - t0 + (s < 0 ? 1 : 0));
  }
  return times.sort((x, y) => x - y)[3]!;
}

function row(cells: (string | number)[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join('  ');
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const endpoints = syntheticEndpoints(count);
  const tGen = performance.now() - t0;

  const t1 = performance.now();
  const index = buildSearchIndex(endpoints);
  const tBuild = performance.now() - t1;

  const qs = queries(endpoints, rng(7));
  // Warm up the JIT on every kind before measuring.
  for (const list of Object.values(qs)) {
    for (const q of list) {
      search(index, q, { limit: 50 });
      filterEndpoints(index, q, { fields: 'explorer' });
    }
  }

  const widths = [16, 9, 9, 9, 8];
  const modes: [string, Runner][] = [
    ['search, limit 50, address and name, with ranges (Search Everywhere, CLI)', (ix, q) => search(ix, q, { limit: 50 }).length],
    ['search, no limit, address and name, no ranges', (ix, q) => search(ix, q, { ranges: false }).length],
    ['filterEndpoints, explorer fields (explorer tree filter)', (ix, q) => filterEndpoints(ix, q, { fields: 'explorer' }).length],
  ];
  const before = calibrate();
  console.log(`${count} endpoints, ${rounds} queries per kind, kinds interleaved`);
  console.log(`calibration: ${before.toFixed(1)} ms for the fixed loop (lower = faster machine)\n`);
  for (const [title, run] of rounds > 0 ? modes : []) {
    const { kinds, slow } = await timeKinds(index, qs, run);
    console.log(`${title}${slow > 0 ? ` (${slow} of ${rounds} rounds ran on a slowed machine)` : ''}`);
    console.log(row(['kind', 'p50 ms', 'p99 ms', 'max ms', 'hit %'], widths));
    const all: number[] = [];
    for (const [kind, { times, hits }] of kinds) {
      all.push(...times);
      times.sort((a, b) => a - b);
      console.log(
        row(
          [kind, percentile(times, 50).toFixed(3), percentile(times, 99).toFixed(3), times.at(-1)!.toFixed(3), ((100 * hits) / times.length).toFixed(0)],
          widths,
        ),
      );
    }
    all.sort((a, b) => a - b);
    console.log(row(['overall', percentile(all, 50).toFixed(3), percentile(all, 99).toFixed(3), all.at(-1)!.toFixed(3), ''], widths));
    console.log();
  }
  console.log(`calibration after: ${calibrate().toFixed(1)} ms\n`);

  const dir = mkdtempSync(join(tmpdir(), 'apiscout-bench-'));
  try {
    // What the scanner is expected to keep per file for incremental re-scans: a content hash and
    // the files it depends on (DTOs, constants, base classes). Its endpoints are those whose
    // source.file is the file, so they need no second list.
    const r = rng(11);
    const fileNames = [...new Set(endpoints.map((ep) => ep.source.file))];
    const files: Record<string, { hash: string; deps: string[] }> = {};
    for (const f of fileNames) {
      const deps = Array.from({ length: 1 + Math.floor(r() * 4) }, () => fileNames[Math.floor(r() * fileNames.length)]!);
      files[f] = { hash: Math.floor(r() * 2 ** 52).toString(16).padStart(16, '0'), deps };
    }
    const saves: number[] = [];
    const loads: number[] = [];
    const rebuilds: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      await saveIndex(dir, { endpoints, files }, { createdBy: 'apiscout bench' });
      saves.push(performance.now() - s0);
      const l0 = performance.now();
      const { index: loaded, warning } = await loadIndex(dir);
      loads.push(performance.now() - l0);
      if (!loaded || warning) throw new Error(`reload failed: ${warning}`);
      const b0 = performance.now();
      buildSearchIndex(loaded.endpoints);
      rebuilds.push(performance.now() - b0);
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
    const size = statSync(indexFile(dir)).size;
    console.log('Index');
    console.log(row(['synthesise', `${tGen.toFixed(1)} ms`], [24, 12]));
    console.log(row(['build search index', `${tBuild.toFixed(1)} ms`], [24, 12]));
    console.log(row(['rebuild after load', `${med(rebuilds)} ms`], [24, 12]));
    console.log(row(['save (median of 5)', `${med(saves)} ms`], [24, 12]));
    console.log(row(['load (median of 5)', `${med(loads)} ms`], [24, 12]));
    console.log(row(['size on disk', `${(size / 1024 / 1024).toFixed(1)} MiB`], [24, 12]));
    console.log(row(['files records', Object.keys(files).length], [24, 12]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

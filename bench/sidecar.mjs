#!/usr/bin/env node
// Sidecar benchmark: process start to `hello` answered (fresh process each run), then one
// sidecar opening a code base: time to the first tree (retained index or scan), time to ready,
// tree and search latency over the bridge, and the sidecar's resident memory (VmRSS / VmHWM).
//   node bench/sidecar.mjs [DIR] [--files 10000] [--runs 15]
// Without DIR the scan benchmark's generated code base is used (generated once, cached).

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'dist', 'apiscout.mjs');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '15' } },
});
const runs = Number(values.runs);
const dir = positionals[0] ?? generated(Number(values.files));

function generated(files) {
  const out = fs.readdirSync(path.join(here, 'out')).find((d) => d.startsWith(`gen-${files}-k0-s1-`));
  if (out) return path.join(here, 'out', out);
  // bench/scan.mjs owns generation and its cache key.
  execFileSync(process.execPath, [path.join(here, 'scan.mjs'), '--files', String(files), '--runs', '1'], { stdio: 'inherit' });
  return generated(files);
}

function start() {
  const t0 = performance.now();
  const child = spawn(process.execPath, [CLI, 'serve', '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  return { t0, child, connection };
}

async function stop({ child, connection }) {
  await connection.sendRequest('shutdown', {});
  await connection.sendNotification('exit');
  await new Promise((r) => child.on('exit', r));
  connection.dispose();
}

function memoryMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0)} ms`;

// ---------------------------------------------------------------- start to hello
const hello = [];
for (let i = 0; i < runs; i++) {
  const s = start();
  await s.connection.sendRequest('hello', {});
  hello.push(performance.now() - s.t0);
  await stop(s);
}
console.log(`start to hello: median ${fmt(median(hello))}, best ${fmt(Math.min(...hello))} (${runs} fresh processes)`);

// ---------------------------------------------------------------- one project
fs.rmSync(path.join(dir, '.apiscout'), { recursive: true, force: true });
for (const label of ['cold (no retained index)', 'warm (retained index from the run before)']) {
  const s = start();
  await s.connection.sendRequest('hello', {});
  const t = performance.now();
  const opened = await s.connection.sendRequest('project/open', { root: dir });
  const tFirst = performance.now() - t;
  const ready = await s.connection.sendRequest('project/wait', { project: opened.project });
  const tReady = performance.now() - t;
  const treeTimes = [];
  for (let i = 0; i < 5; i++) {
    const t1 = performance.now();
    await s.connection.sendRequest('endpoints/tree', { project: opened.project });
    treeTimes.push(performance.now() - t1);
  }
  const searchTimes = [];
  for (const q of ['order', 'GET /api', 'customer note', 'inv', 'POST /api/v1/orders/{id}', 'billing tax detail']) {
    for (let i = 0; i < 5; i++) {
      const t1 = performance.now();
      await s.connection.sendRequest('endpoints/search', { project: opened.project, query: q, limit: 50 });
      searchTimes.push(performance.now() - t1);
    }
  }
  const mem = memoryMb(s.child.pid);
  console.log(`${label}: ${ready.endpointCount} endpoints; first list after ${fmt(tFirst)} (${opened.endpointCount} listed), ready after ${fmt(tReady)}`);
  console.log(`  endpoints/tree round trip median ${fmt(median(treeTimes))}; endpoints/search round trip median ${median(searchTimes).toFixed(1)} ms, max ${Math.max(...searchTimes).toFixed(1)} ms`);
  console.log(`  sidecar memory: RSS ${mem.rss.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB`);
  await stop(s);
}

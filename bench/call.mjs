#!/usr/bin/env node
// Call benchmark: the apiscout HTTP caller against curl on loopback.
//   node bench/call.mjs [--runs 300] [--cli-runs 10] [--gib 1]
// 1. Request overhead for a small GET: the caller in-process, a fresh connection per request
//    (and with keep-alive), against curl's own time_total for the same request (process start
//    excluded) and against bare undici, medians of many, interleaved; then `apiscout call` and
//    `curl` as whole processes.
// 2. Peak memory (max RSS) of a process downloading --gib GiB through the caller, against the
//    same process's RSS at rest.
// The server runs in a process of its own so neither client competes with it for a thread.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here);
const PRELOAD = pathToFileURL(path.join(here, 'maxrss-preload.mjs')).href;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 300);
const cliRuns = arg('cli-runs', 10);
const gib = arg('gib', 1);

const out = mkdtempSync(path.join(tmpdir(), 'apiscout-bench-call-'));
// Inside the repo (bench/out is ignored by git) so the packages resolve from its node_modules.
mkdirSync(path.join(here, 'out'), { recursive: true });
const bundle = path.join(here, 'out', 'call-run.mjs');
buildSync({ entryPoints: [path.join(here, 'call-run.ts')], bundle: true, platform: 'node', format: 'esm', outfile: bundle, packages: 'external', logLevel: 'error' });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (ms) => `${ms.toFixed(3)} ms`;

function run(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${args.join(' ')} exited ${code}: ${stderr}`))));
  });
}

const server = spawn(process.execPath, [bundle, 'server'], { stdio: ['pipe', 'pipe', 'inherit'] });
const port = await new Promise((resolve) => server.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
const host = `http://127.0.0.1:${port}`;
try {
  // 1. the caller (in its own process, driven line by line) and curl, interleaved
  const driver = spawn(process.execPath, [bundle, 'overhead', host], { stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = [];
  let waiting;
  let partial = '';
  driver.stdout.on('data', (d) => {
    partial += d;
    const lines = partial.split('\n');
    partial = lines.pop();
    for (const l of lines) answers.push(Number(l));
    if (waiting && answers.length) waiting(answers.shift());
  });
  const ask = (what) =>
    new Promise((resolve) => {
      waiting = (v) => {
        waiting = undefined;
        resolve(v);
      };
      driver.stdin.write(`${what}\n`);
    });
  const fresh = [];
  const kept = [];
  const bare = [];
  const curl = [];
  for (let i = 0; i < 20; i++) spawnSync('curl', ['-s', '-o', '/dev/null', `${host}/small`]);
  const measure = {
    fresh: async () => fresh.push(await ask('fresh')),
    kept: async () => kept.push(await ask('kept')),
    bare: async () => bare.push(await ask('bare')),
    curl: async () => curl.push(Number(spawnSync('curl', ['-s', '-o', '/dev/null', '-w', '%{time_total}', `${host}/small`], { encoding: 'utf8' }).stdout) * 1000),
  };
  const order = Object.keys(measure);
  for (let i = 0; i < runs; i++) {
    // A different order each round: whatever runs right after a curl process starts cold.
    for (const k of [...order.slice(i % 4), ...order.slice(0, i % 4)]) await measure[k]();
  }
  driver.stdin.end();
  // 1c. whole processes: `apiscout call` (scans a one-controller project first) and `curl`
  const project = mkdtempSync(path.join(tmpdir(), 'apiscout-bench-project-'));
  mkdirSync(path.join(project, 'src/main/java/b'), { recursive: true });
  writeFileSync(path.join(project, 'pom.xml'), '<project><artifactId>b</artifactId></project>');
  writeFileSync(path.join(project, 'src/main/java/b/Small.java'), 'package b;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class Small {\n  @GetMapping("/small") public String small() { return ""; }\n}\n');
  const cli = path.join(repo, 'dist', 'apiscout.mjs');
  const wall = async (fn) => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  const cliTimes = [];
  const curlTimes = [];
  for (let i = 0; i < cliRuns; i++) {
    cliTimes.push(await wall(() => run([cli, 'call', 'GET /small', project, '--host', host], { env: { ...process.env, APISCOUT_CONFIG_DIR: path.join(out, 'user') } })));
    curlTimes.push(await wall(() => new Promise((resolve) => spawn('curl', ['-s', '-o', '/dev/null', `${host}/small`]).on('close', resolve))));
  }
  // 2. the big download, in a fresh process with its peak RSS
  const bytes = Math.round(gib * 1024 ** 3);
  const rest = await run(['--import', PRELOAD, '-e', 'setTimeout(() => {}, 10)']);
  const dl = await run(['--import', PRELOAD, bundle, 'download', host, String(bytes)]);
  const rss = (s) => Number(/maxrss-kb=(\d+)/.exec(s)[1]) / 1024;
  const result = JSON.parse(dl.stdout);

  const report = {
    smallGet: {
      runs,
      apiscoutFreshConnectionMs: median(fresh),
      apiscoutKeepAliveMs: median(kept),
      undiciAloneFreshConnectionMs: median(bare),
      curlTimeTotalMs: median(curl),
      ratioFreshToCurl: median(fresh) / median(curl),
    },
    wholeProcess: { runs: cliRuns, apiscoutCallMs: median(cliTimes), curlMs: median(curlTimes) },
    download: { bytes: result.size, spilledToDisk: !result.inMemory, seconds: result.millis / 1000, mbPerSecond: result.size / 1024 ** 2 / (result.millis / 1000), peakRssMb: rss(dl.stderr), idleNodeRssMb: rss(rest.stderr) },
  };
  if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
  else {
    const s = report.smallGet;
    console.log(`small GET on loopback, median of ${runs}:`);
    console.log(`  apiscout caller, new connection   ${fmt(s.apiscoutFreshConnectionMs)}`);
    console.log(`  apiscout caller, keep-alive       ${fmt(s.apiscoutKeepAliveMs)}`);
    console.log(`  undici alone, new connection      ${fmt(s.undiciAloneFreshConnectionMs)}`);
    console.log(`  curl (its own time_total)         ${fmt(s.curlTimeTotalMs)}`);
    console.log(`  ratio apiscout/curl               ${s.ratioFreshToCurl.toFixed(2)}`);
    console.log(`whole process, median of ${cliRuns}: apiscout call ${fmt(report.wholeProcess.apiscoutCallMs)}, curl ${fmt(report.wholeProcess.curlMs)}`);
    const d = report.download;
    console.log(`download of ${(d.bytes / 1024 ** 3).toFixed(2)} GiB: ${d.seconds.toFixed(1)} s (${d.mbPerSecond.toFixed(0)} MiB/s), body on disk: ${d.spilledToDisk}, peak RSS ${d.peakRssMb.toFixed(0)} MiB (node at rest: ${d.idleNodeRssMb.toFixed(0)} MiB)`);
  }
} finally {
  server.stdin.end();
}

#!/usr/bin/env node
// Scan benchmark: times `node dist/apiscout.mjs scan --json DIR` as a fresh process per run and
// sets it against the floor, a fresh process that only walks the tree and reads every source file.
//   node bench/scan.mjs [DIR] [--files 10000] [--runs 3] [--kotlin-share 0] [--seed 1] [--json] [--cli PATH] [--endpoints-only] [--grpc-actuator] [--no-worker]
//                       [--shape flat|wide] [--suite] [--channels markdown,openapi,... ('' for none)]
// --no-worker scans without the parse worker (APISCOUT_PARSE_WORKER=0), for an A/B on one machine.
// CPU is reported beside wall time: summed over all threads, and the main thread's alone; with
// it the minor page faults (memory touched for the first time), which on a sandboxed VM cost
// ~30 µs of CPU each (maxrss-preload.mjs).
// --endpoints-only measures `scan --json --endpoints-only` (no request/response models).
// --grpc-actuator generates gRPC services with their protos and actuator endpoints too, and
// scans with `--actuator`.
// Without DIR, a code base of --files files is generated once and cached under bench/out/.
// --cli measures another build of the CLI (same `scan --json DIR` contract).
// --shape wide generates the multi-module shape (bench/gen-codebase.mjs --shape wide).
// Every scan above is cold: the scan cache (.apiscout/scan-cache.bin) is deleted before each.
// --suite measures, in each round and against the floor of that round: a cold scan with
// models, a warm one (the cache the cold one left), a cold endpoints-only scan, and a warm
// `export --format C` for each of --channels (default all eight); ratios are of medians.

import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.dirname(here);
const DEFAULT_CLI = path.join(repo, 'dist', 'apiscout.mjs');
const GENERATOR = path.join(here, 'gen-codebase.mjs');
const PRELOAD = pathToFileURL(path.join(here, 'maxrss-preload.mjs')).href;
const SOURCE_EXT = /\.(java|kt)$/;
// What the floor walk skips; the scanner skips these too, so both read the same files.
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.gradle', '.idea', '.apiscout', 'target', 'build', 'out']);
const TEST_SETS = new Set(['test', 'testFixtures', 'integrationTest', 'it']);

// ---------------------------------------------------------------- floor child

/** Walks and reads every .java/.kt file, nothing else: the cost no scanner can go below. */
function floorChild(dir) {
  const started = performance.now();
  let files = 0;
  let bytes = 0;
  const walk = (abs) => {
    const inSrc = path.basename(abs) === 'src';
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const p = path.join(abs, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && !(inSrc && TEST_SETS.has(e.name))) walk(p);
      } else if (SOURCE_EXT.test(e.name)) {
        bytes += Buffer.byteLength(fs.readFileSync(p, 'utf8'));
        files++;
      }
    }
  };
  walk(dir);
  process.stdout.write(`${JSON.stringify({ files, bytes, millis: performance.now() - started })}\n`);
}

// ---------------------------------------------------------------- running children

/**
 * Runs `node --import preload ...args`; resolves with stdout, wall time and peak RSS. The child's
 * stdout goes to a file, as `scan --json > out.json` does: through a pipe the 17 MB of a scan's
 * JSON paced the child by this process's reading of it (~80 ms on 10,000 files), a cost of the
 * harness, not of the scan.
 */
function runChild(args, env = process.env) {
  return new Promise((resolve, reject) => {
    const outFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bench-')), 'stdout');
    const outFd = fs.openSync(outFile, 'w');
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ['--import', PRELOAD, ...args], { stdio: ['ignore', outFd, 'pipe'], env });
    fs.closeSync(outFd);
    const err = [];
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const stdout = fs.readFileSync(outFile, 'utf8');
      fs.rmSync(path.dirname(outFile), { recursive: true, force: true });
      let stderr = Buffer.concat(err).toString('utf8');
      const report = /\[bench\] maxrss-kb=(\d+) cpu-ms=(\d+)(?: main-cpu-ms=([\d.]+))?(?: minflt=(\d+))?/.exec(stderr);
      stderr = stderr.replace(/\n?\[bench\] maxrss-kb=.*\n/, '');
      resolve({
        code, signal, wallMs, rssKb: report ? Number(report[1]) : undefined, cpuMs: report ? Number(report[2]) : undefined,
        mainCpuMs: report?.[3] ? Number(report[3]) : undefined, minorFaults: report?.[4] ? Number(report[4]) : undefined, stdout, stderr,
      });
    });
  });
}

function failure(what, res) {
  const tail = res.stderr.trim().split('\n').slice(-8).join('\n');
  return new Error(`${what} exited with ${res.signal ?? res.code}${tail ? `:\n${tail}` : ''}`);
}

// The children's user folder: a code base under bench/out/ is inside apiscout's own clone, so its
// state folder (scan cache, stored result) lives in the user folder, not in DIR/.apiscout/. A
// folder of the bench's own makes them findable, and keeps the user's settings out of the figures.
const CONFIG_DIR = path.join(here, 'out', 'config');
process.env.APISCOUT_CONFIG_DIR = CONFIG_DIR;

/** Removes the scan cache and the stored result the CLI keeps in the project's state folders: the next scan is cold. */
function dropCache(dir) {
  const states = path.join(CONFIG_DIR, 'state');
  const dirs = [path.join(dir, '.apiscout'), ...(fs.existsSync(states) ? fs.readdirSync(states).map((s) => path.join(states, s)) : [])];
  for (const d of dirs) for (const f of ['scan-cache.bin', 'scan-result.bin']) fs.rmSync(path.join(d, f), { force: true });
}

async function runScan(cli, dir, endpointsOnly, actuator, noWorker, warm = false) {
  const env = noWorker ? { ...process.env, APISCOUT_PARSE_WORKER: '0' } : process.env;
  if (!warm) dropCache(dir);
  const res = await runChild([cli, 'scan', '--json', ...(endpointsOnly ? ['--endpoints-only'] : []), ...(actuator ? ['--actuator'] : []), dir], env);
  if (res.code !== 0) throw failure('scan', res);
  let out;
  try {
    out = JSON.parse(res.stdout);
  } catch {
    throw new Error(`scan printed no JSON on stdout (first bytes: ${JSON.stringify(res.stdout.slice(0, 120))})`);
  }
  const stats = out.stats ?? {};
  return {
    wallMs: res.wallMs, rssKb: res.rssKb, cpuMs: res.cpuMs, mainCpuMs: res.mainCpuMs, minorFaults: res.minorFaults, endpoints: out.endpoints?.length ?? 0, diagnostics: out.diagnostics?.length ?? 0,
    filesRead: stats.filesRead, filesParsed: stats.filesParsed, parsedByWorker: stats.parsedByWorker, rootsByWorker: stats.rootsByWorker, parsedFromCache: stats.parsedFromCache, bytesRead: stats.bytesRead, millis: stats.millis, phases: stats.phases,
  };
}

const CHANNELS = ['markdown', 'yapi', 'postman', 'curl', 'http-client', 'hoppscotch', 'openapi', 'apipost'];

/** `export --format CHANNEL DIR` into a scratch folder, warm (the scan cache in place). */
async function runExport(cli, dir, channel, out) {
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const res = await runChild([cli, 'export', '--format', channel, '--out', `${out}/`, dir]);
  if (res.code !== 0) throw failure(`export --format ${channel}`, res);
  return { wallMs: res.wallMs, rssKb: res.rssKb, cpuMs: res.cpuMs, mainCpuMs: res.mainCpuMs, minorFaults: res.minorFaults };
}

async function runFloor(dir) {
  const res = await runChild([fileURLToPath(import.meta.url), '--floor-child', dir]);
  if (res.code !== 0) throw failure('floor', res);
  return { ...JSON.parse(res.stdout), wallMs: res.wallMs, rssKb: res.rssKb, cpuMs: res.cpuMs, minorFaults: res.minorFaults };
}

// ---------------------------------------------------------------- code base

function parseArgs(argv) {
  const opts = { dir: undefined, files: 10000, runs: 3, kotlinShare: 0, seed: 1, json: false, cli: DEFAULT_CLI, endpointsOnly: false, grpcActuator: false, noWorker: false, shape: 'flat', suite: false, channels: CHANNELS };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--files') opts.files = Number(argv[++i]);
    else if (a === '--runs') opts.runs = Number(argv[++i]);
    else if (a === '--kotlin-share') opts.kotlinShare = Number(argv[++i]);
    else if (a === '--seed') opts.seed = Number(argv[++i]);
    else if (a === '--json') opts.json = true;
    else if (a === '--endpoints-only') opts.endpointsOnly = true;
    else if (a === '--grpc-actuator') opts.grpcActuator = true;
    else if (a === '--no-worker') opts.noWorker = true;
    else if (a === '--shape') opts.shape = argv[++i];
    else if (a === '--suite') opts.suite = true;
    else if (a === '--channels') opts.channels = argv[++i].split(',').filter(Boolean); // '' for none
    else if (a === '--cli') opts.cli = path.resolve(argv[++i]);
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else opts.dir = path.resolve(a);
  }
  if (!(Number.isInteger(opts.runs) && opts.runs > 0)) throw new Error('--runs must be a positive integer');
  if (opts.shape !== 'flat' && opts.shape !== 'wide') throw new Error('--shape must be flat or wide');
  for (const c of opts.channels) if (!CHANNELS.includes(c)) throw new Error(`--channels: unknown channel ${c}`);
  return opts;
}

/** The cached generated code base; its name carries the generator's hash, so edits regenerate it. */
async function generatedCodebase(opts, log) {
  const hash = createHash('sha256').update(fs.readFileSync(GENERATOR)).digest('hex').slice(0, 8);
  const dir = path.join(here, 'out', `gen-${opts.files}-k${opts.kotlinShare}-s${opts.seed}${opts.grpcActuator ? '-ga' : ''}${opts.shape === 'wide' ? '-wide' : ''}-${hash}`);
  if (fs.existsSync(path.join(dir, 'bench-manifest.json'))) return dir;
  log(`generating ${opts.files} files into ${path.relative(repo, dir)} ...`);
  const res = await runChild([GENERATOR, dir, '--files', String(opts.files), '--kotlin-share', String(opts.kotlinShare), '--seed', String(opts.seed), ...(opts.grpcActuator ? ['--grpc-actuator'] : []), '--shape', opts.shape]);
  if (res.code !== 0) throw failure('gen-codebase', res);
  return dir;
}

function readManifest(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'bench-manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- report

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function summarize(runs, files, bytes) {
  const walls = runs.map((r) => r.wallMs);
  const med = median(walls);
  const rss = runs.map((r) => r.rssKb).filter((x) => x !== undefined);
  const known = (xs) => (xs.every((x) => x !== undefined) ? median(xs) : undefined);
  return {
    files, bytes, medianMs: med, bestMs: Math.min(...walls), filesPerSec: files / (med / 1000), mbPerSec: bytes / 1048576 / (med / 1000),
    peakRssMb: rss.length ? Math.max(...rss) / 1024 : undefined,
    cpuMedianMs: known(runs.map((r) => r.cpuMs)), mainThreadCpuMedianMs: known(runs.map((r) => r.mainCpuMs)), minorFaultsMedian: known(runs.map((r) => r.minorFaults)),
  };
}

/** Each in-process phase's median over the runs. */
function medianPhases(runs) {
  const names = Object.keys(runs[0]?.phases ?? {});
  return Object.fromEntries(names.map((n) => [n, median(runs.map((r) => r.phases?.[n] ?? NaN))]));
}

function table(rows) {
  const head = ['', 'files', 'MB', 'endpoints', 'median ms', 'best ms', 'files/s', 'MB/s', 'peak RSS MB'];
  const fmt = (x, d = 0) => (x === undefined || Number.isNaN(x) ? '-' : typeof x === 'number' ? x.toFixed(d) : String(x));
  const body = rows.map((r) => [r.name, fmt(r.files), fmt(r.bytes / 1048576, 1), fmt(r.endpoints), fmt(r.medianMs), fmt(r.bestMs),
    fmt(r.filesPerSec), fmt(r.mbPerSec, 1), fmt(r.peakRssMb, 0)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...body.map(line)].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const log = (s) => process.stderr.write(`${s}\n`);
  const dir = opts.dir ?? (await generatedCodebase(opts, log));
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${dir} is not a folder`);
  const manifest = readManifest(dir);
  if (opts.suite) return suite(opts, dir, manifest, log);

  let scanError;
  if (!fs.existsSync(opts.cli)) {
    scanError = new Error(opts.cli === DEFAULT_CLI ? 'dist/apiscout.mjs not found: run `npm run build` first' : `${opts.cli} not found`);
  }
  const floorRuns = [];
  const scanRuns = [];
  for (let i = 0; i < opts.runs; i++) {
    floorRuns.push(await runFloor(dir));
    if (!scanError) {
      try {
        scanRuns.push(await runScan(opts.cli, dir, opts.endpointsOnly, opts.grpcActuator, opts.noWorker));
      } catch (err) {
        scanError = err;
      }
    }
    log(`run ${i + 1}/${opts.runs}: floor ${floorRuns.at(-1).wallMs.toFixed(0)} ms${scanRuns[i] ? `, scan ${scanRuns[i].wallMs.toFixed(0)} ms` : ''}`);
  }

  const { files, bytes } = floorRuns[0];
  const floor = { name: 'floor (walk + read)', ...summarize(floorRuns, files, bytes) };
  const scan = scanRuns.length === opts.runs ? {
    name: opts.endpointsOnly ? 'scan (endpoints only)' : 'scan (request models)', ...summarize(scanRuns, files, bytes), endpoints: scanRuns[0].endpoints, diagnostics: scanRuns[0].diagnostics,
    filesRead: scanRuns[0].filesRead, filesParsed: scanRuns[0].filesParsed, parsedByWorker: median(scanRuns.map((r) => r.parsedByWorker ?? 0)), rootsByWorker: median(scanRuns.map((r) => r.rootsByWorker ?? 0)),
    worker: !opts.noWorker, inProcessMedianMs: median(scanRuns.map((r) => r.millis ?? NaN)), phasesMedianMs: medianPhases(scanRuns),
  } : undefined;
  // Actuator endpoints count only when the scan looks for them.
  const expectedEndpoints = manifest ? manifest.endpoints + (opts.grpcActuator ? (manifest.actuator?.endpoints ?? 0) : 0) : undefined;
  const report = {
    dir, runs: opts.runs, node: process.version, codebase: { files, bytes, expectedEndpoints, grpc: manifest?.grpc, actuator: manifest?.actuator },
    scan, floor, scanOverFloor: scan ? scan.medianMs / floor.medianMs : undefined, scanError: scanError?.message,
  };

  if (opts.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const out = [`code base: ${dir} (${files} source files, ${(bytes / 1048576).toFixed(1)} MB), ${opts.runs} cold run${opts.runs === 1 ? '' : 's'} each, node ${process.version}`, ''];
    out.push(table(scan ? [scan, floor] : [floor]), '');
    if (scan) {
      out.push(`scan / floor: ${report.scanOverFloor.toFixed(2)}x   in-process scan time (stats.millis, median): ${scan.inProcessMedianMs.toFixed(0)} ms`);
      const ms = (x) => (x === undefined ? '-' : `${x.toFixed(0)} ms`);
      const faults = (r) => (r.minorFaultsMedian === undefined ? '' : `, ${r.minorFaultsMedian} minor page faults`);
      out.push(`CPU (median): all threads ${ms(scan.cpuMedianMs)}, main thread ${ms(scan.mainThreadCpuMedianMs)}${faults(scan)} (floor ${ms(floor.cpuMedianMs)}${faults(floor)}); parse worker ${scan.worker ? `on, parsed ${scan.parsedByWorker} of ${scan.filesParsed} files${scan.rootsByWorker ? `, computed ${scan.rootsByWorker} roots` : ''}` : 'off (--no-worker)'}`);
      out.push(`phases (median): ${Object.entries(scan.phasesMedianMs).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')} ms`);
      out.push(`files read ${scan.filesRead ?? '-'}, parsed ${scan.filesParsed ?? '-'}, diagnostics ${scan.diagnostics}` +
        (manifest ? `, endpoints ${scan.endpoints} of ${expectedEndpoints} generated (java ${manifest.java.endpoints}, kotlin ${manifest.kotlin.endpoints}` +
          (opts.grpcActuator ? `, gRPC ${manifest.grpc.endpoints} in ${manifest.grpc.services} services with ${manifest.grpc.protos} protos, actuator ${manifest.actuator.endpoints})` : ')') : ''));
    }
    if (scanError) out.push(`scan not measured: ${scanError.message}`);
    process.stdout.write(`${out.join('\n')}\n`);
  }
  if (scanError) process.exitCode = 1;
}

/** The done-when figures of issue 24: every measure beside the floor of the same rounds. */
async function suite(opts, dir, manifest, log) {
  if (!fs.existsSync(opts.cli)) throw new Error(`${opts.cli} not found: run \`npm run build\` first`);
  const kinds = ['floor', 'cold', 'warm', 'endpointsOnly', ...opts.channels.map((c) => `export:${c}`)];
  const runs = Object.fromEntries(kinds.map((k) => [k, []]));
  fs.mkdirSync(path.join(here, 'out'), { recursive: true });
  const out = fs.mkdtempSync(path.join(here, 'out', 'export-'));
  try {
    for (let i = 0; i < opts.runs; i++) {
      runs.floor.push(await runFloor(dir));
      runs.cold.push(await runScan(opts.cli, dir, false, opts.grpcActuator, opts.noWorker));
      runs.warm.push(await runScan(opts.cli, dir, false, opts.grpcActuator, opts.noWorker, true));
      runs.endpointsOnly.push(await runScan(opts.cli, dir, true, opts.grpcActuator, opts.noWorker));
      // The endpoints-only scan left a cache too (the same parses, fewer of them): warm it again.
      await runScan(opts.cli, dir, false, opts.grpcActuator, opts.noWorker, true);
      for (const c of opts.channels) runs[`export:${c}`].push(await runExport(opts.cli, dir, c, path.join(out, c)));
      log(`round ${i + 1}/${opts.runs}: ${kinds.map((k) => `${k} ${runs[k].at(-1).wallMs.toFixed(0)}`).join(', ')} ms`);
    }
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
  const med = (k, f = 'wallMs') => median(runs[k].map((r) => r[f]));
  const most = (k, f) => Math.max(...runs[k].map((r) => r[f] ?? NaN));
  const floor = med('floor');
  const warm = med('warm');
  const floorCpu = med('floor', 'cpuMs');
  const warmCpu = med('warm', 'cpuMs');
  // On a shared machine the wall time mostly measures the other processes: CPU ratios beside it.
  const rows = kinds.map((k) => ({
    name: k, medianMs: med(k), cpuMedianMs: med(k, 'cpuMs'), overFloor: med(k) / floor, cpuOverFloor: med(k, 'cpuMs') / floorCpu,
    overWarm: k.startsWith('export:') ? med(k) / warm : undefined, cpuOverWarm: k.startsWith('export:') ? med(k, 'cpuMs') / warmCpu : undefined,
    parsed: runs[k][0].filesParsed, fromCache: runs[k][0].parsedFromCache, endpoints: runs[k][0].endpoints,
    peakRssMb: most(k, 'rssKb') / 1024, minorFaults: med(k, 'minorFaults'),
    phases: runs[k][0].phases ? medianPhases(runs[k]) : undefined,
  }));
  const report = { dir, runs: opts.runs, node: process.version, shape: manifest?.shape ?? opts.shape, files: runs.floor[0].files, bytes: runs.floor[0].bytes, expectedEndpoints: manifest?.endpoints, rows };
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return;
  }
  const fmt = (x, d = 0) => (x === undefined || Number.isNaN(x) ? '-' : x.toFixed(d));
  const lines = [`code base: ${dir} (${report.files} source files, ${(report.bytes / 1048576).toFixed(1)} MB, shape ${report.shape}), ${opts.runs} rounds, node ${process.version}`, ''];
  lines.push(['', 'median ms', '/ floor', '/ warm', 'CPU ms', 'CPU/floor', 'CPU/warm', 'parsed', 'from cache', 'peak MB', 'faults'].map((h, i) => (i ? h.padStart(11) : h.padEnd(20))).join(''));
  const x = (v) => (v === undefined ? '' : `${fmt(v, 2)}x`);
  for (const r of rows) {
    lines.push([r.name.padEnd(20), fmt(r.medianMs).padStart(11), x(r.overFloor).padStart(11), x(r.overWarm).padStart(11), fmt(r.cpuMedianMs).padStart(11),
      x(r.cpuOverFloor).padStart(11), x(r.cpuOverWarm).padStart(11), fmt(r.parsed).padStart(11), fmt(r.fromCache).padStart(11), fmt(r.peakRssMb).padStart(11), fmt(r.minorFaults).padStart(11)].join(''));
  }
  lines.push('');
  for (const r of rows) if (r.phases) lines.push(`phases ${r.name}: ${Object.entries(r.phases).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')} ms`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (process.argv[2] === '--floor-child') {
  floorChild(process.argv[3]);
} else {
  main().catch((err) => {
    process.stderr.write(`bench/scan: ${err.message}\n`);
    process.exit(2);
  });
}

#!/usr/bin/env node
// Export, copy and settings over the sidecar: one warm sidecar with a scanned code base, then the
// round trip of export/run for every channel (all endpoints, files written to a temp folder),
// export/run to text (cURL), copy/text of 50 endpoints, settings/get and env/list; against it,
// `apiscout export` as a process (scan included) for the same channel.
//   node bench/bridge-export.mjs [DIR] [--files 10000] [--runs 5]
// Without DIR the scan benchmark's generated code base is used (generated once, cached).
// The sidecar retains its index inside DIR (.apiscout/): pass a copy, not a checkout you care about.

import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'dist', 'apiscout.mjs');
const CHANNELS = ['markdown', 'yapi', 'postman', 'curl', 'http-client', 'hoppscotch', 'openapi', 'apipost'];

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '5' } },
});
const runs = Number(values.runs);
const dir = positionals[0] ?? generated(Number(values.files));

function generated(files) {
  const out = fs.existsSync(path.join(here, 'out')) ? fs.readdirSync(path.join(here, 'out')).find((d) => d.startsWith(`gen-${files}-k0-s1-`)) : undefined;
  if (out) return path.join(here, 'out', out);
  // bench/scan.mjs owns generation and its cache key.
  execFileSync(process.execPath, [path.join(here, 'scan.mjs'), '--files', String(files), '--runs', '1'], { stdio: 'inherit' });
  return generated(files);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bench-export-'));
const userDir = path.join(work, 'user');
const env = { ...process.env, APISCOUT_CONFIG_DIR: userDir };

const child = spawn(process.execPath, [CLI, 'serve', '--stdio', '--no-ui'], { stdio: ['pipe', 'pipe', 'ignore'], env });
const rpc = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
rpc.listen();
const timed = async (method, params) => {
  const t = performance.now();
  const result = await rpc.sendRequest(method, params);
  return { ms: performance.now() - t, result };
};

try {
  const opened = await rpc.sendRequest('project/open', { root: dir });
  const ready = await rpc.sendRequest('project/wait', { project: opened.project });
  const project = opened.project;
  console.log(`${dir}: ${ready.endpointCount} endpoints, scanned in ${fmt(ready.millis ?? 0)}`);
  await rpc.sendRequest('env/save', { project, environment: { name: 'bench', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }] } });
  await rpc.sendRequest('env/select', { project, name: 'bench' });

  console.log('\nexport/run, every endpoint, files (round trip incl. writing) vs `apiscout export` as a process (scan incl.):');
  for (const channel of CHANNELS) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i < runs; i++) {
      const out = path.join(work, `${channel}-${i}`);
      const { ms, result } = await timed('export/run', { project, channel, selection: { kind: 'all' }, destination: { kind: 'file', directory: out } });
      times.push(ms);
      bytes = result.files.reduce((n, f) => n + f.bytes, 0);
      fs.rmSync(out, { recursive: true, force: true });
    }
    const t = performance.now();
    execFileSync(process.execPath, [CLI, 'export', '--format', channel, '--out', `${path.join(work, `cli-${channel}`)}/`, dir], { env, stdio: 'ignore' });
    const cli = performance.now() - t;
    console.log(`  ${channel.padEnd(12)} median ${fmt(median(times)).padStart(8)}, best ${fmt(Math.min(...times)).padStart(8)}  ${(bytes / 1e6).toFixed(1)} MB   CLI process ${fmt(cli)}`);
  }

  const text = [];
  for (let i = 0; i < runs; i++) text.push((await timed('export/run', { project, channel: 'curl', selection: { kind: 'all' }, destination: { kind: 'text' }, render: 'resolve' })).ms);
  console.log(`\nexport/run cURL to text, resolved: median ${fmt(median(text))}`);

  const { modules } = await rpc.sendRequest('endpoints/tree', { project });
  const ids = modules.flatMap((m) => m.classes.flatMap((c) => c.endpoints.map((e) => e.id))).slice(0, 50);
  for (const what of ['apiUrl', 'path', 'curl']) {
    const times = [];
    for (let i = 0; i < runs * 4; i++) times.push((await timed('copy/text', { project, ids, what })).ms);
    console.log(`copy/text ${what} (50 endpoints): median ${median(times).toFixed(1)} ms`);
  }
  for (const [method, params] of [['settings/get', { project }], ['env/list', { project }]]) {
    const times = [];
    for (let i = 0; i < runs * 4; i++) times.push((await timed(method, params)).ms);
    console.log(`${method}: median ${median(times).toFixed(1)} ms`);
  }
} finally {
  await rpc.sendRequest('shutdown', {}).catch(() => {});
  await rpc.sendNotification('exit').catch(() => {});
  await new Promise((r) => child.on('exit', r));
  rpc.dispose();
  fs.rmSync(work, { recursive: true, force: true });
}

#!/usr/bin/env node
// Send through the sidecar: the round trip of `call/send` for a small GET (64 bytes of JSON on
// loopback), measured by a JSON-RPC client over stdio, against the core caller alone in a
// process of its own (bench/call-run.ts `overhead`), interleaved so load drift hits all alike.
//   npm run build && node bench/sidecar-call.mjs [--runs 300]
// call/send does per call what the request editor needs: reads the settings, the environment and
// the config files, loads (or saves, when a draft is given) the request state, runs the script
// lookup, sends (on the connection the previous Send left open), and remembers the host. The core
// caller's `kept` mode reuses one connection too (the floor); `fresh` opens one per request.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLI = path.join(here, '..', 'dist', 'apiscout.mjs');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('runs', 300);

mkdirSync(path.join(here, 'out'), { recursive: true });
const runner = path.join(here, 'out', 'call-run.mjs');
buildSync({ entryPoints: [path.join(here, 'call-run.ts')], bundle: true, platform: 'node', format: 'esm', outfile: runner, packages: 'external', logLevel: 'error' });

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const fmt = (ms) => `${ms.toFixed(3)} ms`;

const work = mkdtempSync(path.join(tmpdir(), 'apiscout-bench-sidecar-call-'));
const project = path.join(work, 'project');
const files = {
  'pom.xml': '<project><modelVersion>4.0.0</modelVersion><artifactId>bench</artifactId></project>',
  'src/main/java/com/example/bench/SmallController.java': `package com.example.bench;
import org.springframework.web.bind.annotation.*;
@RestController
public class SmallController {
  @GetMapping("/small")
  public String small() { return null; }
}
`,
};
for (const [p, text] of Object.entries(files)) {
  mkdirSync(path.dirname(path.join(project, p)), { recursive: true });
  writeFileSync(path.join(project, p), text);
}
const userDir = path.join(work, 'user');
mkdirSync(userDir);

const server = spawn(process.execPath, [runner, 'server'], { stdio: ['pipe', 'pipe', 'inherit'] });
const port = await new Promise((resolve) => server.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
const host = `http://127.0.0.1:${port}`;

const sidecar = spawn(process.execPath, [CLI, 'serve', '--stdio', '--no-ui'], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, APISCOUT_CONFIG_DIR: userDir } });
const rpc = createMessageConnection(new StreamMessageReader(sidecar.stdout), new StreamMessageWriter(sidecar.stdin));
rpc.listen();

const driver = spawn(process.execPath, [runner, 'overhead', host], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = [];
let waiting;
driver.stdout.setEncoding('utf8');
let buffered = '';
driver.stdout.on('data', (d) => {
  buffered += d;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    answers.push(Number(buffered.slice(0, nl)));
    buffered = buffered.slice(nl + 1);
    waiting?.();
  }
});
const direct = async (mode) => {
  const before = answers.length;
  driver.stdin.write(`${mode}\n`);
  while (answers.length === before) await new Promise((r) => (waiting = r));
  return answers[answers.length - 1];
};

try {
  await rpc.sendRequest('project/open', { root: project });
  await rpc.sendRequest('project/wait', { project });
  const { modules } = await rpc.sendRequest('endpoints/tree', { project });
  const id = modules[0].classes[0].endpoints[0].id;
  const { draft } = await rpc.sendRequest('request/get', { project, id });
  const edited = { ...draft, host };
  await rpc.sendRequest('request/save', { project, id, draft: edited });

  let n = 0;
  const viaSidecar = async (withDraft) => {
    const t = performance.now();
    const result = await rpc.sendRequest('call/send', { project, id, callId: `b${n++}`, ...(withDraft ? { draft: edited } : {}) });
    const ms = performance.now() - t;
    if (result.http?.status !== 200) throw new Error(`unexpected reply: ${JSON.stringify(result).slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < 30; i++) {
    await viaSidecar(i % 2 === 0);
    await direct('fresh');
  }

  const times = { saved: [], draft: [], fresh: [], kept: [] };
  for (let i = 0; i < runs; i++) {
    times.saved.push(await viaSidecar(false));
    times.draft.push(await viaSidecar(true));
    times.fresh.push(await direct('fresh'));
    times.kept.push(await direct('kept'));
  }
  const line = (label, xs) => console.log(`${label.padEnd(58)} median ${fmt(median(xs))}  p90 ${fmt(p90(xs))}`);
  console.log(`call/send round trip, small GET on loopback (${runs} each, interleaved)`);
  line('sidecar call/send, the saved request', times.saved);
  line('sidecar call/send with the draft (saved first)', times.draft);
  line('core HttpCaller in-process, fresh connection', times.fresh);
  line('core HttpCaller in-process, kept-alive connection', times.kept);
  console.log(`sidecar overhead over the core caller (medians, kept-alive connections): ${fmt(median(times.saved) - median(times.kept))} (saved request), ${fmt(median(times.draft) - median(times.kept))} (with draft)`);
} finally {
  await rpc.sendRequest('shutdown', {}).catch(() => {});
  await rpc.sendNotification('exit').catch(() => {});
  await new Promise((r) => (sidecar.exitCode !== null ? r() : sidecar.on('exit', r)));
  rpc.dispose();
  driver.stdin.end();
  server.stdin.end();
  rmSync(work, { recursive: true, force: true });
}

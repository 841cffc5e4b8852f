// Script overhead per call: a before-script and an after-script (the token flow of spec §5.2:
// read localStorage and set a header; parse the JSON response and save a value) around one
// request, each run in a fresh isolated-vm context with its limits, localStorage on disk.
// Reports the median and p90 of the pair, for JavaScript and for the groovy subset, plus the
// first (cold) pair that creates the isolate. Run it with
//   npx vite-node bench/scripts.bench.ts [--runs 500]

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorageStore } from '../core/store/local-storage';
import type { ScriptRequest, ScriptResponse } from '../scripts-sandbox/exchange';
import { ScriptRunner } from '../scripts-sandbox/runner';
import type { ScriptSource } from '../scripts-sandbox/script-source';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 500;

const request: ScriptRequest = {
  method: 'GET',
  url: 'http://127.0.0.1:8080/api/orders?page=1',
  headers: [{ name: 'Accept', value: 'application/json' }],
  body: null,
};
const payload = { access_token: 'tok', items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `item ${i}`, price: i * 3 })) };
const response: ScriptResponse = { status: 200, headers: [{ name: 'Content-Type', value: 'application/json' }], body: new TextEncoder().encode(JSON.stringify(payload)) };

const pairs: Record<string, [ScriptSource, ScriptSource]> = {
  js: [
    { name: 'before.js', language: 'js', code: "request.setHeader('Authorization', 'Bearer ' + (localStorage.get('token') || 'none'))" },
    { name: 'after.js', language: 'js', code: "const body = response.json(); if (body.access_token) localStorage.set('token', body.access_token); logger.info(pm.response.responseSize)" },
  ],
  groovy: [
    { name: 'before.groovy', language: 'groovy', code: 'def token = localStorage.get(\'token\') ?: \'none\'\nrequest.setHeader("Authorization", "Bearer ${token}")' },
    { name: 'after.groovy', language: 'groovy', code: "def body = response.json()\nif (body?.access_token) {\n  localStorage.set('token', body.access_token)\n}\nlogger.info(body.items.findAll { it.price > 10 }.size())" },
  ],
};

const quantile = (xs: number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const fmt = (ms: number): string => `${ms.toFixed(2)} ms`;

console.log(`node ${process.version}, ${runs} before+after pairs per language`);
for (const [language, [before, after]] of Object.entries(pairs)) {
  const project = mkdtempSync(join(tmpdir(), 'apiscout-bench-'));
  const runner = new ScriptRunner();
  const env = { storage: new LocalStorageStore({ projectDir: project }) };
  const times: number[] = [];
  let cold = 0;
  for (let i = 0; i <= runs; i++) {
    const t = performance.now();
    const { request: sent } = await runner.runBefore(before, request, env);
    await runner.runAfter(after, sent, response, env);
    const ms = performance.now() - t;
    if (i === 0) cold = ms;
    else times.push(ms);
  }
  runner.dispose();
  rmSync(project, { recursive: true, force: true });
  console.log(`${language.padEnd(7)} pair: median ${fmt(quantile(times, 0.5))}, p90 ${fmt(quantile(times, 0.9))}, first (isolate created) ${fmt(cold)}`);
}

// The same pair without localStorage writes on disk: the sandbox's own share.
{
  const runner = new ScriptRunner();
  const memory = { read: () => ({ token: 'tok' }), apply: () => {} };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await runner.runBefore(pairs.js![0], request, { storage: memory });
    await runner.runAfter(pairs.js![1], request, response, { storage: memory });
    times.push(performance.now() - t);
  }
  runner.dispose();
  console.log(`js pair, storage in memory: median ${fmt(quantile(times, 0.5))}, p90 ${fmt(quantile(times, 0.9))}`);
}

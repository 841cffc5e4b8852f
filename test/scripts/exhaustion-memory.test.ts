// The sandbox's escape and exhaustion cases (issue 23) run through the real CLI `call`, each in a
// process of its own with the before/after scripts configured for its endpoint: every run ends
// (time or memory limit, or a cap), the process exits normally, and its peak resident memory,
// measured in that child by bench/maxrss-preload.mjs (getrusage's maxrss as it exits), stays
// under 512 MB. A memory bound, not a timing one: a slow machine changes nothing here.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpServer } from '../call/servers';
import type { Running } from '../call/servers';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const MAXRSS = fileURLToPath(new URL('../../bench/maxrss-preload.mjs', import.meta.url));
const MAX_RSS_MB = 512;
const BIG = 1024 * 1024 * 1024; // the 1 GiB body of the issue

/** Endpoint path -> [hook, script, what its stderr must say]. */
const CASES: Record<string, [hook: 'before' | 'after', code: string, expect: RegExp]> = {
  '/loop-logger': ['before', `while (true) logger.info('x')`, /did not finish within \d+ ms|ran out of memory/],
  '/loop-console': ['before', `while (true) console.log({ a: 1 }, [1, 2])`, /did not finish within \d+ ms|ran out of memory/],
  '/loop-message-getter': ['before', `const e = new Error('x'); Object.defineProperty(e, 'message', { get() { while (true) {} } }); throw e`, /did not finish within \d+ ms/],
  '/promise-jobs': ['before', `Promise.resolve().then(function f() { return Promise.resolve().then(f) })`, /did not finish within \d+ ms|ran out of memory/],
  '/local-storage': ['before', `let i = 0; while (true) localStorage.set('k' + (i++ % 10), i)`, /did not finish within \d+ ms|ran out of memory/],
  '/log-join-patch': ['before', `const big = 'y'.repeat(100000); Array.prototype.join = function () { return { length: 0, toString() { return big } } }; for (let i = 0; i < 1500; i++) logger.info(big)`, /info: y{100}/],
  '/thrown-30mb': ['before', `throw 'z'.repeat(30 * 1024 * 1024)`, /threw zzz.*more characters\)|ran out of memory/],
  '/wasm-memory': ['before', `new WebAssembly.Memory({ initial: 16384 })`, /WebAssembly is not defined/],
  '/array-buffers': ['before', `const keep = []; while (true) keep.push(new ArrayBuffer(8 * 1024 * 1024))`, /ran out of memory|did not finish within|Array buffer allocation failed/],
  '/big': ['after', `try { response.body() } catch (e) { logger.warn(e.message) } response.bytes()`, /more than the 16\.0 MB a script may load/],
};

let server: Running;
let project: string;
let userDir: string;
const peaks: Record<string, number> = {};

beforeAll(async () => {
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  server = await httpServer((req, res) => {
    if (req.url !== '/big') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(BIG) });
    let sent = 0;
    const pump = (): void => {
      while (sent < BIG) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  project = mkdtempSync(join(tmpdir(), 'apiscout-exhaustion-cli-'));
  userDir = mkdtempSync(join(tmpdir(), 'apiscout-exhaustion-user-'));
  const methods = Object.keys(CASES).map((p, i) => `  @GetMapping("${p}")\n  public String m${i}() { return ""; }`);
  mkdirSync(join(project, 'src/main/java/com/acme'), { recursive: true });
  writeFileSync(join(project, 'src/main/java/com/acme/HostileController.java'), `package com.acme;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class HostileController {\n${methods.join('\n')}\n}\n`);
  mkdirSync(join(project, '.apiscout'));
  const config = [...Object.entries(CASES).map(([p, [hook, code]]) => `http.call.${hook}[endpoint:GET ${p}]=js:${code}`)];
  writeFileSync(join(project, '.apiscout/config.properties'), `${config.join('\n')}\n`);
});

afterAll(async () => {
  await server?.close();
  process.stderr.write(`script runs through the CLI, peak RSS (MB): ${JSON.stringify(peaks)}\n`);
  rmSync(project, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

function call(path: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', MAXRSS, BIN, 'call', `GET ${path}`, project, '--host', server.url], {
      env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '', https_proxy: '', HTTPS_PROXY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-4096)));
    child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2 * 1024 * 1024)));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

describe('script exhaustion through the CLI call stays under 512 MB', () => {
  for (const [path, [hook, , expected]] of Object.entries(CASES)) {
    it(`${hook} ${path}`, async () => {
      const r = await call(path);
      const rss = /\[bench\] maxrss-kb=(\d+)/.exec(r.stderr);
      expect(rss, r.stderr.slice(-2000)).not.toBeNull();
      peaks[path] = Math.round(Number(rss![1]) / 1024);
      expect(r.signal).toBeNull();
      expect([0, 1]).toContain(r.code);
      expect(r.stderr).toMatch(expected);
      expect(peaks[path]).toBeLessThan(MAX_RSS_MB);
    }, 300_000);
  }
});

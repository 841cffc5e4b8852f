// Escape and exhaustion attempts against the sandbox (issue 23): each run ends within the
// configured time limit plus a margin, fails alone with a clear message, and the next run works.
// Margins are generous (a slow shared machine); without the fixes these runs never end at all.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ScriptError } from '../core/errors';
import type { BodySource, ScriptRequest, ScriptResponse } from './exchange';
import { MAX_SCRIPT_BODY_BYTES, ScriptRunner } from './runner';
import type { RunEnvironment } from './runner';
import { saveBodyWithin } from './save-body';

const LIMIT_MS = 1_000;
/** What a run may take beyond its limit before the test calls it a bypass: slow CI, GC, disposal. */
const MARGIN_MS = 15_000;

const runner = new ScriptRunner({ timeoutMs: LIMIT_MS, memoryLimitMb: 32 });
afterAll(() => runner.dispose());

const request = (): ScriptRequest => ({ method: 'GET', url: 'http://127.0.0.1:1/x', headers: [], body: null });
const env = (): RunEnvironment => ({ storage: { read: () => ({}), apply: () => undefined } });
const js = (code: string) => ({ name: 'hostile.js', language: 'js' as const, code });

async function outcome(p: Promise<unknown>): Promise<{ error?: ScriptError; ms: number; value?: unknown }> {
  const start = Date.now();
  try {
    const value = await p;
    return { value, ms: Date.now() - start };
  } catch (e) {
    expect(e).toBeInstanceOf(ScriptError);
    return { error: e as ScriptError, ms: Date.now() - start };
  }
}

async function nextRunWorks(): Promise<void> {
  const { request: r } = await runner.runBefore(js(`request.setHeader('x-next', 'ok')`), request(), env());
  expect(r.headers).toEqual([{ name: 'x-next', value: 'ok' }]);
}

describe('the wall-clock limit cannot be outlived', () => {
  const endless: Record<string, string> = {
    'a loop of host callbacks (logger)': `while (true) logger.info('x')`,
    'a loop of console calls with objects': `while (true) console.log({ a: 1 }, [1, 2])`,
    "a thrown error whose message getter loops": `const e = new Error('x'); Object.defineProperty(e, 'message', { get() { while (true) {} } }); throw e`,
    'a thrown object whose message getter loops': `throw { get message() { while (true) {} } }`,
    'a thrown error whose stack getter loops': `const e = new Error('x'); Object.defineProperty(e, 'stack', { get() { while (true) {} } }); throw e`,
    'a thrown object whose toJSON loops': `throw { toJSON() { while (true) {} } }`,
    'a planted toJSON that loops while the outcome is copied out': `Object.defineProperty(Object.prototype, 'toJSON', { get() { while (true) {} } })`,
    'a patched Array map that loops when the request is read back': `Array.prototype.map = function () { while (true) {} }`,
    'an endless chain of promise jobs': `Promise.resolve().then(function f() { return Promise.resolve().then(f) })`,
    'a loop of localStorage writes': `let i = 0; while (true) localStorage.set('k' + (i++ % 10), i)`,
  };
  for (const [label, code] of Object.entries(endless)) {
    it(label, async () => {
      const { error, ms } = await outcome(runner.runBefore(js(code), request(), env()));
      // An endless run ends at the time limit, or earlier at the memory limit when it allocates as it
      // loops (promise jobs, localStorage writes) and the machine is fast: either limit must end it.
      expect(error?.message).toMatch(/^hostile\.js: (did not finish within \d+ ms \(an endless loop\?\)|ran out of memory \(limit \d+ MB\))$/);
      expect(ms).toBeLessThan(LIMIT_MS + MARGIN_MS);
      await nextRunWorks();
    }, LIMIT_MS + MARGIN_MS + 10_000);
  }

  it('dispose() during a run ends it as cancelled, and the runner works afterwards', async () => {
    const own = new ScriptRunner({ timeoutMs: 600_000, memoryLimitMb: 32 });
    try {
      const running = outcome(own.runBefore(js(`while (true) logger.info('spin')`), request(), env()));
      // Cancel once the script is surely inside its loop.
      await new Promise((r) => setTimeout(r, 300));
      own.dispose();
      const { error, ms } = await running;
      expect(error?.message).toBe('hostile.js: cancelled');
      expect(ms).toBeLessThan(MARGIN_MS);
      const { request: r } = await own.runBefore(js(`request.setHeader('x-next', 'ok')`), request(), env());
      expect(r.headers).toEqual([{ name: 'x-next', value: 'ok' }]);
    } finally {
      own.dispose();
    }
  }, MARGIN_MS + 10_000);
});

describe('caps measured on the host', () => {
  it('the log cap holds when the script patches Array.prototype.join and String methods', async () => {
    const code = `
      const big = 'y'.repeat(100000);
      Array.prototype.join = function () { return { length: 0, toString() { return big } } };
      String.prototype.slice = function () { return this + this };
      for (let i = 0; i < 1500; i++) { logger.info(big); logger.info('a', 'b'); }`;
    const roomy = new ScriptRunner({ timeoutMs: 60_000, memoryLimitMb: 32 });
    const { value, error } = await outcome(roomy.runBefore(js(code), request(), env())).finally(() => roomy.dispose());
    expect(error?.message).toBeUndefined();
    const { logs } = value as { logs: { text: string }[] };
    expect(logs.length).toBeLessThanOrEqual(1_000);
    expect(logs.reduce((n, l) => n + l.text.length, 0)).toBeLessThanOrEqual(256 * 1024 + 100);
    expect(logs.every((l) => typeof l.text === 'string')).toBe(true);
  }, 120_000);

  it('a thrown 30 MB string is cut in the error', async () => {
    const big = new ScriptRunner({ timeoutMs: 60_000, memoryLimitMb: 128 });
    try {
      const { error } = await outcome(big.runBefore(js(`throw 'z'.repeat(30 * 1024 * 1024)`), request(), env()));
      expect(error!.message.startsWith('hostile.js: threw zzz')).toBe(true);
      expect(error!.message.length).toBeLessThan(10_000);
      expect(error!.message).toMatch(/more characters\)$/);
    } finally {
      big.dispose();
    }
  }, 120_000);

  it('WebAssembly is not available, so its memory cannot escape the heap limit', async () => {
    const { value } = await outcome(runner.runBefore(js(`logger.info(typeof WebAssembly, typeof globalThis.WebAssembly)`), request(), env()));
    expect((value as { logs: { text: string }[] }).logs[0]!.text).toBe('undefined undefined');
    const { error } = await outcome(runner.runBefore(js(`new WebAssembly.Memory({ initial: 16384 })`), request(), env()));
    expect(error!.message).toContain('WebAssembly is not defined');
    await nextRunWorks();
  });

  it('a memory bomb of array buffers ends the run, not the process', async () => {
    const { error, ms } = await outcome(runner.runBefore(js(`const keep = []; while (true) keep.push(new ArrayBuffer(8 * 1024 * 1024))`), request(), env()));
    expect(error!.message).toMatch(/ran out of memory|did not finish within|Array buffer allocation failed/);
    expect(ms).toBeLessThan(LIMIT_MS + MARGIN_MS);
    await nextRunWorks();
  }, LIMIT_MS + MARGIN_MS + 10_000);
});

describe('a spilled response body stays on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-spill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const size = MAX_SCRIPT_BODY_BYTES + 1024 * 1024;
  const file = join(dir, 'spill.bin');
  writeFileSync(file, Buffer.alloc(size, 'a'));
  let reads = 0;
  const spilled = (): ScriptResponse => {
    const body: BodySource = {
      size,
      file,
      read: () => {
        reads++;
        return readFileSync(file);
      },
    };
    return { status: 200, headers: [{ name: 'Content-Type', value: 'text/plain' }], body, text: true };
  };

  for (const call of ['response.body()', 'response.json()', 'pm.response.text()', 'response.bytes()']) {
    it(`${call} on a body over the cap fails with the cap named, without reading it`, async () => {
      const response = call === 'response.bytes()' ? { ...spilled(), text: false } : spilled();
      const { error } = await outcome(runner.runAfter(js(call), request(), response, env()));
      expect(error!.message).toContain(`the body is ${(size / 1024 / 1024).toFixed(1)} MB, more than the 16.0 MB a script may load; response.saveBody(path) writes it to a file`);
      expect(reads).toBe(0);
    });
  }

  it('saveBody copies it file to file', async () => {
    const project = join(dir, 'project');
    const { value } = await outcome(runner.runAfter(js(`response.saveBody('out/body.txt')`), request(), spilled(), { ...env(), saveBody: saveBodyWithin(project) }));
    expect((value as { saved: string[] }).saved).toHaveLength(1);
    expect(statSync(join(project, 'out/body.txt')).size).toBe(size);
    expect(reads).toBe(0);
  });
});

// A cold scan of a large tree boots its parse worker during the walk (when no stored result
// exists) or right after it, before the scanner is loaded (scan.ts), and the scanner adopts it:
// the same decision as the scanner's own, a worker that died or was never adopted never holds the
// scan up, and the result is the one a scan without a worker gives.

import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkProject } from '../../core/scan/files';
import { FrameworkMarkers } from '../../core/scan/framework-markers';
import { createFrameworkScanners } from '../../core/scan/frameworks';
import { ParsePool, READ_CHUNK } from '../../core/scan/parse-pool';
import { bootParseWorker, bootsAt, MIN_FILES_TO_SHARE_READ, startParseWorker, startsWithScan, stopParseWorker } from '../../core/scan/parse-worker-start';
import { readSource } from '../../core/scan/source-read';
import { SourceReader } from '../../core/scan/source-reader';
import { scanProject } from '../../core/scan/scan';
import { tryStoredResult } from '../../core/scan/stored-scan';
import type { ScanOptions } from '../../core/scan/scan';
import { bundleEntry, removeBundle } from '../bundled-entry';
import { FIXTURES } from './fixture-case';

let workerUrl: URL;

/** Waits for `done`, on the event loop: a worker thread's boot takes what the machine gives it. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}
let tmp: string;

beforeAll(() => {
  workerUrl = pathToFileURL(bundleEntry('core/scan/parse-worker.ts'));
  tmp = mkdtempSync(join(tmpdir(), 'apiscout-worker-start-'));
});

afterAll(() => {
  removeBundle(workerUrl && fileURLToPath(workerUrl));
  rmSync(tmp, { recursive: true, force: true });
});

describe('a parse worker started before the scanner', () => {
  it('starts on the scanner\'s rule: enough files and a second core, or always, or never', () => {
    expect(startsWithScan(undefined, MIN_FILES_TO_SHARE_READ, 2)).toBe(true);
    expect(startsWithScan(undefined, MIN_FILES_TO_SHARE_READ - 1, 8)).toBe(false);
    expect(startsWithScan(undefined, 50_000, 1)).toBe(false);
    expect(startsWithScan({ minFilesToShareRead: 10 }, 10, 2)).toBe(true);
    expect(startsWithScan({ minParses: 5 }, 10, 2)).toBe(false);
    expect(startsWithScan(true, 1, 1)).toBe(true);
    expect(startsWithScan(false, 50_000, 8)).toBe(false);
  });

  it('boots during the walk at the count from which it starts with the scan', () => {
    expect(bootsAt(undefined, 2)).toBe(MIN_FILES_TO_SHARE_READ);
    expect(bootsAt(undefined, 1)).toBeUndefined();
    expect(bootsAt({ minFilesToShareRead: 10 }, 2)).toBe(10);
    expect(bootsAt({ minParses: 5 }, 2)).toBe(MIN_FILES_TO_SHARE_READ);
    expect(bootsAt(true, 1)).toBe(0);
    expect(bootsAt(false, 8)).toBeUndefined();
    for (const setting of [undefined, { minFilesToShareRead: 10 }, true] as const) {
      const at = bootsAt(setting, 2)!;
      expect([startsWithScan(setting, at, 2), startsWithScan(setting, at - 1, 2)]).toEqual([true, at === 0]);
    }
  });

  it('is booted before the walk has counted the files, told them later, and shares the read', async () => {
    const walked = walkProject(FIXTURES, { includeTests: true, extensions: ['.java', '.kt'], stat: false }).files;
    const files = walked.map((f) => ({ path: f.path, abs: f.abs, module: '' }));
    const markers = new FrameworkMarkers(createFrameworkScanners({ actuator: false }));
    const booted = bootParseWorker({ workerUrl })!;
    await new Promise<void>((resolve) => booted.worker.once('online', () => resolve()));
    const started = startParseWorker(files.length, { workerUrl, hashes: true }, booted)!;
    expect(started).toBe(booted);
    expect([started.capacity, started.hashes]).toEqual([files.length, true]);
    const pool = ParsePool.adopt(started);
    try {
      pool.shareRead(files, markers, true, false);
      await pool.whenIdle();
      const here = new SourceReader(false);
      for (let c = 0; c < Math.ceil(files.length / READ_CHUNK); c++) {
        expect(pool.claimChunk(c)).toBe(false);
        pool.takeChunk(c)!.forEach((got, k) => expect(got).toEqual(readSource(here, files[c * READ_CHUNK + k]!, { key: true, markers })));
      }
    } finally {
      await pool.close();
    }
  });

  it('is booted from inside the walk only when no stored result exists to answer', async () => {
    const root = join(FIXTURES, 'shop');
    const opts: ScanOptions = { reuseResult: true, cache: { version: 'apiscout test', dir: join(tmp, 'walk-boot') } };
    const reached = (count: number) => {
      let calls = 0;
      const attempt = tryStoredResult(root, opts, { files: count, reached: () => calls++ });
      attempt.store?.close();
      return { calls, answered: attempt.result !== undefined, files: attempt.walk.files.length };
    };
    const first = reached(1);
    expect(first).toEqual({ calls: 1, answered: false, files: first.files });
    expect(reached(first.files + 1).calls).toBe(0);
    await scanProject(root, { ...opts, parseWorker: false });
    expect(reached(1)).toEqual({ calls: 0, answered: true, files: first.files });
  });

  it('boots a worker for each scan that reads (during the walk when cold, after it when the stored result is stale), none for one it answers', async () => {
    const root = join(tmp, 'boots');
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    // The real worker behind a script that notes each boot.
    const marks = join(tmp, 'boots.log');
    const noting = join(tmp, 'noting-worker.mjs');
    writeFileSync(noting, `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(marks)}, 'boot\\n');\nawait import(${JSON.stringify(workerUrl.href)});\n`);
    const boots = () => (existsSync(marks) ? readFileSync(marks, 'utf8').split('\n').filter(Boolean).length : 0);
    const opts: ScanOptions = { reuseResult: true, cache: { version: 'apiscout test', dir: join(tmp, 'boots-state') }, parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: pathToFileURL(noting) };
    const alone = await scanProject(root, { reuseResult: true, cache: { version: 'apiscout test', dir: join(tmp, 'boots-alone') }, parseWorker: false });
    const strip = ({ stats: _s, ...r }: Awaited<ReturnType<typeof scanProject>>) => r;
    const cold = await scanProject(root, opts);
    await until(() => boots() >= 1);
    expect(strip(cold)).toEqual(strip(alone));
    expect(cold.stats.storedResult).toBeUndefined();
    const warm = await scanProject(root, opts);
    expect(warm.stats.storedResult).toBe(true);
    // An edit: the stored result exists but does not answer, and the worker starts after the walk.
    const controller = walkProject(root, { extensions: ['.java'] }).files.find((f) => f.path.endsWith('Controller.java'))!;
    writeFileSync(controller.abs, `${readFileSync(controller.abs, 'utf8')}\n`);
    const edited = await scanProject(root, opts);
    expect(edited.stats.storedResult).toBeUndefined();
    expect(strip(edited)).toEqual(strip(alone));
    await until(() => boots() >= 2);
    // The stored result's answer booted nothing (tryStoredResult's own test above is the strict one:
    // a thread stopped at once may never log its boot).
    expect(boots()).toBe(2);
  });

  it('is adopted once booted and idle, and shares the read as a pool\'s own worker does', async () => {
    const walked = walkProject(FIXTURES, { includeTests: true, extensions: ['.java', '.kt'], stat: false }).files;
    const files = walked.map((f) => ({ path: f.path, abs: f.abs, module: '' }));
    expect(files.length).toBeGreaterThan(4 * READ_CHUNK);
    const markers = new FrameworkMarkers(createFrameworkScanners({ actuator: false }));
    const started = startParseWorker(files.length, { workerUrl })!;
    // Booted with nothing to do, before any pool talks to it.
    await new Promise<void>((resolve) => started.worker.once('online', () => resolve()));
    const pool = ParsePool.adopt(started);
    try {
      pool.shareRead(files, markers, true, false);
      await pool.whenIdle();
      const here = new SourceReader(false);
      for (let c = 0; c < Math.ceil(files.length / READ_CHUNK); c++) {
        expect(pool.claimChunk(c)).toBe(false);
        pool.takeChunk(c)!.forEach((got, k) => expect(got).toEqual(readSource(here, files[c * READ_CHUNK + k]!, { key: true, markers })));
      }
      expect(pool.counts.filesReadByWorker).toBe(files.length);
    } finally {
      await pool.close();
    }
  });

  it('leaves every file to the scanner when it exited before the pool adopted it, and close still settles', async () => {
    const quits = join(tmp, 'quits.mjs');
    writeFileSync(quits, 'process.exit(0);\n');
    const started = startParseWorker(100, { workerUrl: pathToFileURL(quits) })!;
    await started.exited;
    expect(started.gone).toBe(true);
    const pool = ParsePool.adopt(started);
    expect(pool.claimChunk(0)).toBe(true);
    expect(pool.takeChunk(0)).toBeUndefined();
    await pool.close();
  });

  it('exits when stopped without a pool (a scan that failed before its read)', async () => {
    const started = startParseWorker(100, { workerUrl })!;
    await stopParseWorker(started);
    expect(started.gone).toBe(true);
  });

  it('gives a scan the result a scan without a worker gives', async () => {
    const root = join(FIXTURES, 'shop');
    const cache = (name: string) => ({ version: 'apiscout test', dir: join(tmp, name) });
    const scan = async (opts: ScanOptions) => {
      const result = await scanProject(root, { reuseResult: true, ...opts });
      const { millis: _m, phases: _p, parsedByWorker, readByWorker: _r, ...stats } = result.stats;
      return { result: { ...result, stats }, parsedByWorker };
    };
    const alone = await scan({ parseWorker: false, cache: cache('alone') });
    // From the first file on: the worker boots during the walk (no stored result yet), and the scanner adopts it (how
    // much of the read it gets depends on when its thread gets a core).
    const shared = await scan({ parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl, cache: cache('shared') });
    expect(shared.result).toEqual(alone.result);
    expect(alone.parsedByWorker).toBeUndefined();
    expect(shared.parsedByWorker === undefined).toBe(availableParallelism() < 2);
  });
});

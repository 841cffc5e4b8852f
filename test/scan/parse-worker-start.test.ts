// A cold scan of a large tree starts its parse worker right after the walk, before the scanner is
// loaded (scan.ts), and the scanner adopts it: the same decision as the scanner's own, a worker
// that died or was never adopted never holds the scan up, and the result is the one a scan
// without a worker gives.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkProject } from '../../core/scan/files';
import { FrameworkMarkers } from '../../core/scan/framework-markers';
import { createFrameworkScanners } from '../../core/scan/frameworks';
import { ParsePool, READ_CHUNK } from '../../core/scan/parse-pool';
import { MIN_FILES_TO_SHARE_READ, startParseWorker, startsWithScan, stopParseWorker } from '../../core/scan/parse-worker-start';
import { readSource } from '../../core/scan/source-read';
import { SourceReader } from '../../core/scan/source-reader';
import { scanProject } from '../../core/scan/scan';
import type { ScanOptions } from '../../core/scan/scan';
import { bundleEntry, removeBundle } from '../bundled-entry';
import { FIXTURES } from './fixture-case';

let workerUrl: URL;
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
    // From the first file on: the worker starts after the walk, and the scanner adopts it (how
    // much of the read it gets depends on when its thread gets a core).
    const shared = await scan({ parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl, cache: cache('shared') });
    expect(shared.result).toEqual(alone.result);
    expect(alone.parsedByWorker).toBeUndefined();
    expect(shared.parsedByWorker === undefined).toBe(availableParallelism() < 2);
  });
});

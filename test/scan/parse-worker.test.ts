// The parse worker must change nothing but the time: every file it parses decodes to exactly
// the declarations the scanner's own parse gives, and a scan through it gives the same
// endpoints and diagnostics as a scan without it. The worker runs from a bundle built here
// from the current source, as `npm run build` builds dist/parse-worker.mjs.

import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkProject } from '../../core/scan/files';
import { parseJava } from '../../core/scan/java/java-source';
import { parseKotlin } from '../../core/scan/kotlin/kotlin-source';
import { MIN_FILES_TO_SHARE_READ, MIN_PARSES_FOR_WORKER, MIN_PARSES_WITH_MODELS, ParsePool, READ_CHUNK } from '../../core/scan/parse-pool';
import { FrameworkMarkers } from '../../core/scan/framework-markers';
import { createFrameworkScanners } from '../../core/scan/frameworks';
import { readSource } from '../../core/scan/source-read';
import { SourceReader } from '../../core/scan/source-reader';
import { DONE } from '../../core/scan/parse-protocol';
import type { ParseResult } from '../../core/scan/parse-protocol';
import { describeFile } from '../../core/scan/project-index';
import type { FileEntry } from '../../core/scan/project-index';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { SCAN_CACHE_FILE } from '../../core/scan/scan-cache';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { bundleEntry, removeBundle } from '../bundled-entry';
import { FIXTURES } from './fixture-case';
import { untilWorkerParses, untilWorkerReads, withTiming } from './worker-timing';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const GENERATOR = join(REPO, 'bench', 'gen-codebase.mjs');
const execFileAsync = promisify(execFile);
let workerUrl: URL;
let tmp: string;

beforeAll(() => {
  workerUrl = pathToFileURL(bundleEntry('core/scan/parse-worker.ts'));
  tmp = mkdtempSync(join(tmpdir(), 'apiscout-parse-worker-'));
});

afterAll(() => {
  removeBundle(workerUrl && fileURLToPath(workerUrl));
  rmSync(tmp, { recursive: true, force: true });
});

/** Every Java and Kotlin file under `root`, as the scanner's index describes them, with their text. */
function entries(root: string): FileEntry[] {
  return walkProject(root, { includeTests: true, extensions: ['.java', '.kt'] }).files.map((f) => {
    const text = readFileSync(f.abs, 'utf8');
    const entry = describeFile(text, f.path, f.abs, 'm', f.path.endsWith('.kt') ? 'kotlin' : 'java');
    entry.text = text;
    return entry;
  });
}

function parsedHere(entry: FileEntry): ParseResult | undefined {
  try {
    return (entry.lang === 'kotlin' ? parseKotlin : parseJava)(readFileSync(entry.abs, 'utf8'), entry.path, entry.module);
  } catch {
    return undefined;
  }
}

describe('parse worker', () => {
  it('gives the same declarations as parsing in process, for every fixture file', async () => {
    const all = entries(FIXTURES);
    expect(all.filter((e) => e.lang === 'kotlin').length).toBeGreaterThan(20);
    expect(all.filter((e) => e.lang === 'java').length).toBeGreaterThan(200);
    const pool = ParsePool.start(all.length, { workerUrl })!;
    expect(pool).toBeDefined();
    try {
      all.forEach((e) => pool.submit(e));
      await pool.whenIdle();
      for (const e of all) {
        const here = parsedHere(e);
        const there = pool.take(e);
        // Broken files come back unparsed, so the scanner reports them itself.
        expect(there === undefined, e.path).toBe(here === undefined);
        expect(there, e.path).toEqual(here);
        // Types are linked to their file and outer type again, as the front end links them.
        for (const t of there?.file.types ?? []) {
          expect(t.file).toBe(there!.file);
          for (const n of t.nested) expect(n.outer).toBe(t);
        }
      }
      expect(pool.counts.worker).toBeGreaterThan(all.length - 5);
      expect(pool.counts.scanner).toBe(0);
    } finally {
      pool.close();
    }
  });

  it('follows the types of sent files to the files declaring them', async () => {
    const root = join(FIXTURES, 'shop');
    const all = entries(root);
    const controllers = all.filter((e) => e.annotations.has('RestController'));
    const file = (name: string) => all.find((e) => e.path.endsWith(`/${name}.java`))!;
    expect(controllers.length).toBeGreaterThan(1);
    const pool = ParsePool.start(all.length, { workerUrl })!;
    try {
      controllers.forEach((e) => pool.submit(e));
      pool.giveTable(all);
      await pool.whenIdle();
      // Reached through a controller's signature, a DTO's field, a mapping's constant: parsed
      // ahead, the scanner only decodes them.
      expect(pool.take(file('OrderDto'))?.file.types[0]?.name).toBe('OrderDto');
      expect(pool.take(file('OrderLineDto'))?.file.types[0]?.name).toBe('OrderLineDto');
      expect(pool.take(file('ApiPaths'))?.file.types[0]?.name).toBe('ApiPaths');
      expect(pool.counts).toMatchObject({ worker: 3, scanner: 0 });
      // A controller's fields and constructor parameters (services, clients) are not followed.
      expect(pool.take(file('InventoryClient'))).toBeUndefined();
      expect(pool.counts).toMatchObject({ worker: 3, scanner: 1 });
    } finally {
      pool.close();
    }
  });

  it('splits the sent files with the scanner, and follows the types of those the scanner parsed', async () => {
    const all = entries(join(FIXTURES, 'shop'));
    const file = (name: string) => all.find((e) => e.path.endsWith(`/${name}.java`))!;
    const orders = file('OrderController');
    const pool = ParsePool.start(all.length, { workerUrl })!;
    try {
      // The scanner claims the controller before the worker gets to it: the worker skips it.
      pool.giveTable(all);
      expect(pool.claim(orders)).toBe(true);
      pool.submit(orders);
      await pool.whenIdle();
      expect(pool.claim(orders)).toBe(true); // still the scanner's
      expect(pool.take(orders)).toBeUndefined();
      expect(pool.counts).toMatchObject({ worker: 0, scanner: 1 });
      // Parsed on the scanner's thread, its types are followed all the same.
      pool.parsedHere(orders, parsedHere(orders)!.file);
      await pool.whenIdle();
      expect(pool.claim(file('OrderDto'))).toBe(false); // the worker has it
      expect(pool.take(file('OrderDto'))?.file.types[0]?.name).toBe('OrderDto');
      expect(pool.take(file('ApiPaths'))?.file.types[0]?.name).toBe('ApiPaths');
      expect(pool.counts).toMatchObject({ worker: 2, scanner: 1 });
    } finally {
      pool.close();
    }
  });

  it('hashes each parse for a scan cache on its own thread, as the cache hashes a text, only when asked to', async () => {
    const all = entries(join(FIXTURES, 'shop'));
    for (const hashes of [true, false]) {
      const pool = ParsePool.start(all.length, { workerUrl, hashes })!;
      try {
        all.forEach((e) => pool.submit(e));
        await pool.whenIdle();
        for (const e of all) {
          const there = pool.take(e)!;
          expect(there.encoded, e.path).toBeDefined();
          // The SHA-1 of the text's UTF-8 bytes, which the scan cache would otherwise take on the scanner's thread.
          expect(there.encodedHash, e.path).toBe(hashes ? createHash('sha1').update(Buffer.from(there.encoded!, 'utf8')).digest('base64') : undefined);
          // Out of sight of comparisons, as the text is.
          expect(Object.keys(there)).not.toContain('encodedHash');
        }
      } finally {
        pool.close();
      }
    }
  });

  it('leaves a scan cache that a warm scan reads whole, the parses from the worker with their hashes among them', async () => {
    const src = join(tmp, 'hashed-src');
    cpSync(join(FIXTURES, 'shop'), src, { recursive: true });
    const cache = { version: 'apiscout test', dir: join(tmp, 'hashed-cache') };
    const rows = () => {
      const bytes = readFileSync(join(cache.dir, SCAN_CACHE_FILE));
      const eol = bytes.indexOf(0x0a, bytes.indexOf(0x0a) + 1);
      const header = JSON.parse(bytes.toString('utf8', eol + 1, eol + 1 + Number(bytes.toString('latin1', bytes.indexOf(0x0a) + 1, eol)))) as { rows: unknown[][] };
      return new Map(header.rows.map((r) => [r[0], r[6]]));
    };
    const alone = await new ProjectScanner(src, { parseWorker: false, cache }).scan();
    const aloneRows = rows();
    rmSync(cache.dir, { recursive: true, force: true });
    // The scanner waits until the worker has parsed the first file it sent, and for the worker's
    // parses on a busy machine (rather than give it up): the worker's parses are taken.
    const parses = untilWorkerParses(DONE);
    const helped = await withTiming('patient', () => new ProjectScanner(src, { parseWorker: true, parseWorkerUrl: workerUrl, cache }).scan()).finally(parses);
    expect(helped.endpoints).toEqual(alone.endpoints);
    if (availableParallelism() > 1) expect(helped.stats.parsedByWorker).toBeGreaterThan(0);
    // Every body's hash as the scanner alone records it.
    expect(rows()).toEqual(aloneRows);
    const warm = await new ProjectScanner(src, { parseWorker: false, cache: { ...cache, warn: (m) => expect.fail(m) } }).scan();
    expect(warm.stats.parsedFromCache).toBe(alone.stats.filesParsed);
    expect(warm.endpoints).toEqual(alone.endpoints);
  });

  it('stops between two files when closed mid-work: the process lives on, and close settles once the thread is gone', async () => {
    const all = entries(FIXTURES);
    expect(all.length).toBeGreaterThan(200);
    // Closed once the worker has finished the 1st, 3rd, 11th, ... file of hundreds: a moment set
    // by the worker's own progress, never by a clock. Terminating it there would abort this process.
    for (const k of [0, 2, 10, 25, 50]) {
      const pool = ParsePool.start(all.length, { workerUrl })!;
      all.forEach((e) => pool.submit(e));
      const status = (pool as unknown as { status: Int32Array }).status;
      while (Atomics.load(status, k) !== DONE) await new Promise((r) => setImmediate(r));
      await pool.close();
      expect(pool.take(all.at(-1)!)).toBeUndefined();
    }
  });

  it('a CLI scan that ends while the worker parses ahead exits cleanly, every time', async () => {
    const dir = join(tmp, 'gen-ahead');
    // Asynchronous: a test worker blocked in a child process for a minute misses vitest's calls.
    await execFileAsync(process.execPath, [GENERATOR, dir, '--files', '1200', '--seed', '3'], { encoding: 'utf8' });
    // Endpoints only: the scan ends soon after its own parses, often while the worker is still on a sent file.
    const byWorker: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Forced: 1,200 files hold fewer parses than start a worker by default.
      const { stdout: out } = await execFileAsync(process.execPath, [join(REPO, 'dist/apiscout.mjs'), 'scan', '--json', '--endpoints-only', dir], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, APISCOUT_PARSE_WORKER: '1' } });
      const result = JSON.parse(out) as { endpoints: unknown[]; stats: { parsedByWorker?: number } };
      expect(result.endpoints.length).toBeGreaterThan(500);
      // The worker started in every process (the stat is there); on a loaded machine it may not
      // get a core before the scanner is done, so its count may be 0 in some.
      expect(result.stats.parsedByWorker).toBeTypeOf('number');
      byWorker.push(result.stats.parsedByWorker!);
    }
    expect(Math.max(...byWorker), 'files the worker parsed, per run').toBeGreaterThan(0);
    // Seven cold processes on a generated code base: on a loaded machine that takes minutes, not a bug.
  }, 600_000);

  it('is worth starting for enough parses and a second core, whatever the load', () => {
    expect(ParsePool.worthwhile(MIN_PARSES_FOR_WORKER, 2)).toBe(true);
    expect(ParsePool.worthwhile(MIN_PARSES_FOR_WORKER - 1, 8)).toBe(false);
    expect(ParsePool.worthwhile(5000, 1)).toBe(false);
    expect(ParsePool.worthwhile(40, 2, 40)).toBe(true);
  });

  it('starts a worker for parses alone from fewer parses when the scan builds request models than when it finds endpoints only', async () => {
    expect(MIN_PARSES_WITH_MODELS).toBeLessThan(MIN_PARSES_FOR_WORKER);
    const dir = join(tmp, 'gen-policy');
    // About one file in ten holds endpoints: more than MIN_PARSES_WITH_MODELS, far fewer than MIN_PARSES_FOR_WORKER.
    await execFileAsync(process.execPath, [GENERATOR, dir, '--files', '8000', '--seed', '5'], { encoding: 'utf8' });
    // No worker shares the read here: one that does parses from the first file (the next test).
    const scan = (requestModels: boolean) => new ProjectScanner(dir, { requestModels, parseWorker: { minFilesToShareRead: 1e9 }, parseWorkerUrl: workerUrl }).scan();
    const models = await scan(true);
    const endpointsOnly = await scan(false);
    expect(endpointsOnly.stats.filesParsed).toBeGreaterThan(MIN_PARSES_WITH_MODELS);
    expect(endpointsOnly.stats.filesParsed).toBeLessThan(MIN_PARSES_FOR_WORKER);
    expect(endpointsOnly.stats.parsedByWorker).toBeUndefined();
    // The default rule wants a second core; with one, no worker starts at all.
    expect(models.stats.parsedByWorker === undefined).toBe(availableParallelism() < 2);
    // By default a tree this size has a worker share the read, and it parses endpoints-only too.
    const shared = await new ProjectScanner(dir, { requestModels: false, parseWorkerUrl: workerUrl }).scan();
    expect(shared.stats.parsedByWorker === undefined).toBe(availableParallelism() < 2);
    expect(shared.endpoints).toEqual(endpointsOnly.endpoints);
  }, 600_000);

  it('reads its share of the files as the scanner would: the same entries, hashes, stamps and texts', async () => {
    const walked = walkProject(FIXTURES, { includeTests: true, extensions: ['.java', '.kt', '.proto'], stat: false }).files;
    const files = walked.map((f) => ({ path: f.path, abs: f.abs, module: f.path.split('/')[0]! }));
    expect(files.length).toBeGreaterThan(4 * READ_CHUNK);
    expect(files.some((f) => f.path.endsWith('.proto'))).toBe(true);
    const markers = new FrameworkMarkers(createFrameworkScanners({ actuator: true }));
    const pool = ParsePool.start(files.length, { workerUrl })!;
    try {
      pool.shareRead(files, markers, true, true);
      // Reading comes before anything else the worker does: idle, it has read every chunk.
      await pool.whenIdle();
      const here = new SourceReader(true);
      const chunks = Math.ceil(files.length / READ_CHUNK);
      let taken = 0;
      for (let c = 0; c < chunks; c++) {
        expect(pool.claimChunk(c), `chunk ${c}`).toBe(false);
        const theirs = pool.takeChunk(c)!;
        expect(theirs).toHaveLength(Math.min(READ_CHUNK, files.length - c * READ_CHUNK));
        theirs.forEach((got, k) => expect(got, got.path).toEqual(readSource(here, files[c * READ_CHUNK + k]!, { key: true, markers })));
        taken += theirs.length;
      }
      expect(taken).toBe(files.length);
      expect(pool.counts.filesReadByWorker).toBe(files.length);
    } finally {
      await pool.close();
    }
  });

  it('shares the read from the chunk the scanner has not claimed, and gives it back once gone', async () => {
    const walked = walkProject(join(FIXTURES, 'shop'), { includeTests: true, extensions: ['.java', '.kt'], stat: false }).files;
    const files = walked.map((f) => ({ path: f.path, abs: f.abs, module: '' }));
    const markers = new FrameworkMarkers(createFrameworkScanners({ actuator: false }));
    const pool = ParsePool.start(files.length, { workerUrl })!;
    // The scanner claimed every chunk before the worker got to one: it reads them all itself.
    const chunks = Math.ceil(files.length / READ_CHUNK);
    pool.shareRead(files, markers, false, false);
    for (let c = 0; c < chunks; c++) expect(pool.claimChunk(c)).toBe(true);
    await pool.whenIdle();
    expect(pool.counts.filesReadByWorker).toBe(0);
    await pool.close();
    // A closed pool shares nothing: every chunk is the scanner's, and none is waited for.
    expect(pool.claimChunk(0)).toBe(true);
    expect(pool.takeChunk(0)).toBeUndefined();
    expect(ParsePool.sharesRead(MIN_FILES_TO_SHARE_READ, 2)).toBe(true);
    expect(ParsePool.sharesRead(MIN_FILES_TO_SHARE_READ - 1, 8)).toBe(false);
    expect(ParsePool.sharesRead(50_000, 1)).toBe(false);
  });

  it('leaves files it was not asked for to the scanner, and is not waited for once closed', () => {
    const all = entries(join(FIXTURES, 'shop'));
    const pool = ParsePool.start(all.length, { workerUrl })!;
    pool.close();
    expect(pool.take(all[0]!)).toBeUndefined();
    expect(ParsePool.start(all.length, { workerUrl: pathToFileURL(join(tmp, 'missing.mjs')) })).toBeUndefined();
  });

  describe('a scan through the worker equals a scan without it', () => {
    const scan = async (root: string, opts: ScanOptions) => {
      const result = await new ProjectScanner(root, opts).scan();
      const { millis: _m, phases: _p, parsedByWorker, readByWorker, ...stats } = result.stats;
      return { result: { ...result, stats }, parsedByWorker, readByWorker };
    };
    const cases: Array<[string, () => string | Promise<string>, ScanOptions]> = [
      ['shop', () => join(FIXTURES, 'shop'), {}],
      ['kotlin', () => join(FIXTURES, 'kotlin'), {}],
      ['spring-mvc', () => join(FIXTURES, 'spring-mvc'), {}],
      ['jax-rs', () => join(FIXTURES, 'jax-rs'), {}],
      ['spring functional routes', () => join(FIXTURES, 'spring-webflux'), {}],
      ['grpc and actuator', () => join(FIXTURES, 'actuator'), { actuator: true }],
      ['bad input', () => join(FIXTURES, 'bad-input'), {}],
      [
        'a generated code base of 1,500 files, a third Kotlin',
        async () => {
          const dir = join(tmp, 'gen');
          await execFileAsync(process.execPath, [GENERATOR, dir, '--files', '1500', '--kotlin-share', '0.3', '--seed', '7'], { encoding: 'utf8' });
          return dir;
        },
        {},
      ],
    ];
    it('has a worker started for the read parse from the first file, endpoints-only too', async () => {
      const dir = join(FIXTURES, 'spring-mvc');
      for (const requestModels of [false, true]) {
        const alone = await scan(dir, { requestModels, parseWorker: false });
        const shared = await scan(dir, { requestModels, parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl });
        // Far below the parses that start a worker for parsing alone (MIN_PARSES_FOR_WORKER): its
        // start-up was paid for the read, so it is sent every file to parse (on one core none starts).
        expect(alone.result.stats.filesParsed).toBeLessThan(MIN_PARSES_WITH_MODELS);
        expect(shared.parsedByWorker === undefined, `requestModels ${requestModels}`).toBe(availableParallelism() < 2);
        expect(shared.result).toEqual(alone.result);
        // An explicit threshold still rules.
        const never = await scan(dir, { requestModels, parseWorker: { minParses: 1e9, minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl });
        expect(never.parsedByWorker).toBeUndefined();
      }
    });

    for (const [name, root, opts] of cases) {
      it(name, async () => {
        const dir = await root();
        const alone = await scan(dir, { ...opts, parseWorker: false });
        const helped = await scan(dir, { ...opts, parseWorker: true, parseWorkerUrl: workerUrl });
        expect(alone.parsedByWorker).toBeUndefined();
        expect(helped.parsedByWorker).toBeGreaterThanOrEqual(0);
        expect(helped.result.endpoints.length, relative(REPO, dir)).toBe(alone.result.endpoints.length);
        expect(helped.result).toEqual(alone.result);
        // By default the worker starts once the read has found enough files to parse: mid-read
        // here (the generated code base has hundreds), told then of every file read before.
        const late = await scan(dir, { ...opts, parseWorker: { minParses: name.startsWith('a generated') ? 100 : 1 }, parseWorkerUrl: workerUrl });
        // The default rule wants a second core; with one, no worker starts at all.
        expect(late.parsedByWorker === undefined).toBe(availableParallelism() < 2);
        expect(late.result).toEqual(alone.result);
        const never = await scan(dir, { ...opts, parseWorker: { minParses: 1e9 }, parseWorkerUrl: workerUrl });
        expect(never.parsedByWorker).toBeUndefined();
        // The worker reads a share of the files too: the scanner waits until it has read the last
        // chunk, and for it on a busy machine (on one core no worker starts, and the scanner reads them all).
        const readShare = <T>(run: () => Promise<T>) => {
          const reads = untilWorkerReads(DONE);
          return withTiming('patient', run).finally(reads);
        };
        for (const parseWorker of [{ minFilesToShareRead: 1 }, { minParses: 1e9, minFilesToShareRead: 1 }]) {
          const shared = await readShare(() => scan(dir, { ...opts, parseWorker, parseWorkerUrl: workerUrl }));
          expect(shared.result).toEqual(alone.result);
          // The scanner's first chunk is its own: a tree of one chunk has no share for the worker.
          if (availableParallelism() > 1 && alone.result.stats.filesRead > READ_CHUNK) expect(shared.readByWorker, JSON.stringify(parseWorker)).toBeGreaterThan(0);
        }
        // With a scan cache: the worker's hashes key the cache as the scanner's do.
        const state = mkdtempSync(join(tmp, 'state-'));
        const cached = { ...opts, cache: { version: 'test', dir: state } };
        const cold = await readShare(() => scan(dir, { ...cached, parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl }));
        const warm = await scan(dir, { ...cached, parseWorker: false });
        const { parsedFromCache: _n, ...coldStats } = cold.result.stats;
        expect({ ...cold.result, stats: coldStats }).toEqual(alone.result);
        const { parsedFromCache: _c, filesParsed: _f, ...warmStats } = warm.result.stats;
        const { filesParsed: _a, ...aloneStats } = alone.result.stats;
        expect({ ...warm.result, stats: warmStats }).toEqual({ ...alone.result, stats: aloneStats });
        expect(warm.result.stats.parsedFromCache).toBe(alone.result.stats.filesParsed);
        rmSync(state, { recursive: true, force: true });
      });
    }
  });
});

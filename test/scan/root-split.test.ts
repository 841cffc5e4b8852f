// The roots split between the scanner and its parse worker (root-split.ts, root-share.ts) must
// change nothing but the time: a scan with the split forced (the last half of the roots reserved
// for the worker) gives exactly the endpoints, diagnostics and modules of a scan on one thread, on
// every fixture case and on generated code bases; a re-scan after an edit recomputes the same
// roots; and what a worker's root read (a spec) is an input of the stored result. The worker
// runs from a bundle built here from the current source, as dist/parse-worker.mjs is built.

import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { ParsePool } from '../../core/scan/parse-pool';
import { CLAIMED_BY_SCANNER, CLAIMED_BY_WORKER, DONE } from '../../core/scan/parse-protocol';
import type { ShareSetup } from '../../core/scan/parse-protocol';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { RootSplit } from '../../core/scan/root-split';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { SCAN_RESULT_FILE } from '../../core/scan/result-store';
import { SCAN_CACHE_FILE } from '../../core/scan/scan-cache';
import { bundleEntry, removeBundle } from '../bundled-entry';
import { FIXTURES } from './fixture-case';
import { storeIn, tempFolder } from './store-cases';
import { untilWorkerParses, untilWorkerReads, withTiming } from './worker-timing';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const GENERATOR = join(REPO, 'bench', 'gen-codebase.mjs');
const execFileAsync = promisify(execFile);
const tmp = tempFolder('apiscout-root-split-');
let workerUrl: URL;
/** The YAML parsers a bundle loads from beside itself (core/config/yaml-lib.ts), built as rollup.config.mjs builds them. */
const YAML_LIBS = [
  ['yaml.cjs', "export { parse, parseAllDocuments } from 'yaml';"],
  ['spec-yaml.cjs', "export { load, CORE_SCHEMA } from 'js-yaml';"],
] as const;
/** The bundle and its YAML parsers, in a folder of this process's own. */
let bundleDir: string | undefined;

beforeAll(() => {
  const built = bundleEntry('core/scan/parse-worker.ts');
  // Its own folder: the YAML parsers' names are fixed, and node_modules/.cache (node_modules may be
  // shared by several checkouts) holds other processes' bundles, whose test files remove theirs.
  bundleDir = join(dirname(built), `root-split-${process.pid}`);
  mkdirSync(bundleDir, { recursive: true });
  const bundle = join(bundleDir, 'parse-worker.mjs');
  copyFileSync(built, bundle);
  removeBundle(built);
  workerUrl = pathToFileURL(bundle);
  // The worker's share reads specs' and configs' YAML: its parsers go beside the bundle, as in dist/.
  for (const [name, contents] of YAML_LIBS) {
    buildSync({ stdin: { contents, resolveDir: REPO, loader: 'js' }, bundle: true, platform: 'node', format: 'cjs', outfile: join(bundleDir, name), logLevel: 'silent' });
  }
});

afterAll(() => {
  if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
});

/** What a scan gives but the time and the threads' shares. */
function view(result: ScanResult) {
  const { millis: _m, phases: _p, parsedByWorker: _w, readByWorker: _r, rootsByWorker: _s, filesParsed: _f, parsedFromCache: _c, ...stats } = result.stats;
  return JSON.parse(JSON.stringify({ endpoints: result.endpoints, diagnostics: result.diagnostics, modules: result.modules, stats })) as unknown;
}

const split = (opts: ScanOptions = {}): ScanOptions => ({ ...opts, parseWorker: true, parseWorkerUrl: workerUrl, splitRoots: true });
const alone = (opts: ScanOptions = {}): ScanOptions => ({ ...opts, parseWorker: false, splitRoots: false });

/** Scans `root` with the split forced and on one thread: both results, and how many roots the worker computed. */
async function both(root: string, opts: ScanOptions = {}) {
  const one = await new ProjectScanner(root, alone(opts)).scan();
  const two = await new ProjectScanner(root, split(opts)).scan();
  return { one, two, byWorker: two.stats.rootsByWorker ?? 0 };
}

/** Every fixture case: the folders holding an expected.json. */
function fixtureCases(): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    if (existsSync(join(dir, 'expected.json'))) out.push(relative(FIXTURES, dir));
    for (const e of readdirSync(dir, { withFileTypes: true })) if (e.isDirectory() && e.name !== 'node_modules') visit(join(dir, e.name));
  };
  visit(FIXTURES);
  return out.sort();
}

describe('the roots split with the parse worker', { timeout: 600_000 }, () => {
  // These check the worker did its share: on a busy machine the scanner waits for it rather than
  // give it up as stalled (which gives the same result, and is forced below).
  beforeAll(() => void (process.env.APISCOUT_TEST_TIMING = 'patient'));
  afterAll(() => void delete process.env.APISCOUT_TEST_TIMING);

  it('gives what one thread gives on every fixture, with and without models, the actuator on and off', async () => {
    const tops = readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory());
    let shared = 0;
    for (const name of tops) {
      for (const opts of [{}, { requestModels: false }, ...(name === 'actuator' || name === 'spring-boot-app' ? [{ actuator: true }] : [])] as ScanOptions[]) {
        const { one, two, byWorker } = await both(join(FIXTURES, name), opts);
        expect(view(two), `${name} ${JSON.stringify(opts)}`).toEqual(view(one));
        shared += byWorker;
      }
    }
    // The worker computed its half wherever there were two roots or more: the split was real.
    expect(shared).toBeGreaterThan(100);
  });

  // Each case on its own (its own config files, modules and roots), one test per fixture.
  const cases = fixtureCases();
  for (const fixture of new Set(cases.map((c) => c.split('/')[0]!))) {
    it(`gives what one thread gives on every case of fixture ${fixture} on its own`, async () => {
      let splitCases = 0;
      const mine = cases.filter((c) => c === fixture || c.startsWith(`${fixture}/`));
      for (const name of mine) {
        const { one, two, byWorker } = await both(join(FIXTURES, name), { actuator: true });
        expect(view(two), name).toEqual(view(one));
        if (byWorker > 0) splitCases++;
      }
      // Cases with two roots or more: the worker computed its half.
      if (mine.length >= 5) expect(splitCases).toBeGreaterThan(0);
    });
  }

  it('gives what one thread gives on a generated multi-module code base, and the default rule leaves a small one to the scanner', async () => {
    const wide = join(tmp.path, 'wide');
    await execFileAsync(process.execPath, [GENERATOR, wide, '--files', '1200', '--shape', 'wide', '--seed', '4'], { encoding: 'utf8' });
    for (const opts of [{}, { requestModels: false }] as ScanOptions[]) {
      const { one, two, byWorker } = await both(wide, opts);
      expect(view(two)).toEqual(view(one));
      expect(byWorker).toBeGreaterThan(0);
      // The default rule: too few roots to split.
      const byDefault = await new ProjectScanner(wide, { ...opts, parseWorker: true, parseWorkerUrl: workerUrl }).scan();
      expect(byDefault.stats.rootsByWorker).toBeUndefined();
      expect(view(byDefault)).toEqual(view(one));
      // A lower threshold: split by the claims alone (the worker may get no root on a busy machine, the result is the same);
      // endpoints only, never by the rule.
      const lower = await new ProjectScanner(wide, { ...opts, parseWorker: true, parseWorkerUrl: workerUrl, splitRoots: { minRoots: 1 } }).scan();
      expect(view(lower)).toEqual(view(one));
      if (opts.requestModels === false) expect(lower.stats.rootsByWorker).toBeUndefined();
    }
  });

  it('is sent the parses the scanner made or took from the scan cache, encoded as the cache keeps them, and uses them rather than parsing those files again', async () => {
    const root = join(tmp.path, 'sent');
    await execFileAsync(process.execPath, [GENERATOR, root, '--files', '600', '--kotlin-share', '0.3', '--seed', '9'], { encoding: 'utf8' });
    const one = await new ProjectScanner(root, alone()).scan();
    const shareRoots = ParsePool.prototype.shareRoots;
    const share = vi.spyOn(ParsePool.prototype, 'shareRoots');
    try {
      // A cold scan with a cache: the scanner's own parses are encoded for it, and sent to the worker.
      const two = await new ProjectScanner(root, split({ cache: storeIn(join(tmp.path, 'sent-state')).cache })).scan();
      const sent = share.mock.calls[0]![0].parses ?? [];
      expect(sent.length).toBeGreaterThan(0);
      expect(two.stats.rootsByWorker).toBeGreaterThan(0);
      expect(view(two)).toEqual(view(one));
      // Warm, the scanner's parses come from the cache: those are sent as the cache keeps them.
      const warm = await new ProjectScanner(root, split({ cache: storeIn(join(tmp.path, 'sent-state')).cache })).scan();
      expect(warm.stats.parsedFromCache).toBeGreaterThan(0);
      expect(share.mock.calls[1]![0].parses?.length).toBeGreaterThan(0);
      expect(warm.stats.rootsByWorker).toBeGreaterThan(0);
      expect(view(warm)).toEqual(view(one));
      // They are what the worker takes for those files: sent undecodable, its set-up fails, and the scanner computes every root.
      share.mockImplementation(function (this: ParsePool, setup: ShareSetup) {
        return shareRoots.call(this, { ...setup, parses: setup.parses?.map(([path]) => [path, '{'] as [string, string]) });
      });
      const broken = await new ProjectScanner(root, split({ cache: storeIn(join(tmp.path, 'sent-broken-state')).cache })).scan();
      expect(broken.stats.rootsByWorker).toBeUndefined();
      expect(view(broken)).toEqual(view(one));
    } finally {
      share.mockRestore();
    }
  });

  it("brings the files it parsed for its roots into the scan cache: a warm scan after a cold split one parses none", async () => {
    const root = join(tmp.path, 'cached');
    await execFileAsync(process.execPath, [GENERATOR, root, '--files', '600', '--kotlin-share', '0.3', '--seed', '11'], { encoding: 'utf8' });
    const state = join(tmp.path, 'cached-state');
    const share = vi.spyOn(ParsePool.prototype, 'shareRoots');
    try {
      const cold = await new ProjectScanner(root, split({ cache: storeIn(state).cache })).scan();
      expect(cold.stats.rootsByWorker).toBeGreaterThan(0);
      // The worker was sent no parse of some files its roots read: it parsed those itself.
      const sent = new Set((share.mock.calls[0]![0].parses ?? []).map(([path]) => path));
      expect(sent.size).toBeLessThan(cold.stats.filesParsed);
      // On one thread, warm: every file the scan reads (the worker's roots' too) comes from the cache.
      const warm = await new ProjectScanner(root, alone({ cache: storeIn(state).cache })).scan();
      expect(warm.stats.parsedFromCache).toBeGreaterThan(0);
      expect(warm.stats.filesParsed).toBe(warm.stats.parsedFromCache);
      // Split again, warm: the files the worker parses again are the cache's already, so it is not written again.
      const file = join(state, SCAN_CACHE_FILE);
      const before = statSync(file).ino;
      const again = await new ProjectScanner(root, split({ cache: storeIn(state).cache })).scan();
      expect(again.stats.rootsByWorker).toBeGreaterThan(0);
      expect(statSync(file).ino).toBe(before);
      expect(view(again)).toEqual(view(warm));
      expect(view(await new ProjectScanner(root, alone()).scan())).toEqual(view(warm));
      // By the default rule, a worker started to share the read shares the roots though it had nothing to parse.
      if (availableParallelism() > 1) {
        const shared = await new ProjectScanner(root, { cache: storeIn(state).cache, parseWorker: { minFilesToShareRead: 1 }, parseWorkerUrl: workerUrl, splitRoots: true }).scan();
        expect(shared.stats.parsedByWorker ?? 0).toBe(0);
        expect(shared.stats.rootsByWorker).toBeGreaterThan(0);
        expect(view(shared)).toEqual(view(warm));
      }
    } finally {
      share.mockRestore();
    }
  });

  it('is sent the paths alone of the entries it read itself, and finds them among those it kept', async () => {
    const root = join(tmp.path, 'read');
    await execFileAsync(process.execPath, [GENERATOR, root, '--files', '1200', '--kotlin-share', '0.3', '--seed', '5'], { encoding: 'utf8' });
    const one = await new ProjectScanner(root, alone()).scan();
    const share = vi.spyOn(ParsePool.prototype, 'shareRoots');
    // The scanner waits until the worker has read the last chunk, so it reads a share of the files.
    const reads = untilWorkerReads(DONE);
    try {
      // On one core the read is not shared, but a worker still starts for the parses (minParses), and so the split.
      const two = await new ProjectScanner(root, { parseWorker: { minFilesToShareRead: 1, minParses: 1 }, parseWorkerUrl: workerUrl, splitRoots: true }).scan();
      const entries = share.mock.calls[0]![0].entries;
      const paths = entries.filter((e) => typeof e === 'string');
      // A path for each Java or Kotlin source the worker read, never a whole entry of those.
      expect(paths.length).toBeLessThanOrEqual(two.stats.readByWorker ?? 0);
      if (availableParallelism() > 1) expect(paths.length).toBeGreaterThan(0);
      expect(two.stats.rootsByWorker).toBeGreaterThan(0);
      expect(view(two)).toEqual(view(one));
    } finally {
      share.mockRestore();
      reads();
    }
  });

  /** Runs `fn` with a copy of the worker's bundle without the YAML parsers beside it. */
  const withoutYaml = async (fn: (url: URL) => Promise<void>) => {
    const dir = join(dirname(fileURLToPath(workerUrl)), `no-yaml-${process.pid}`);
    mkdirSync(dir, { recursive: true });
    const bundle = join(dir, 'parse-worker.mjs');
    copyFileSync(fileURLToPath(workerUrl), bundle);
    try {
      await fn(pathToFileURL(bundle));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('is given up on when it reads the module settings otherwise: the scanner computes every root', async () => {
    // A worker without the YAML parsers beside it reads no application.yml: its context paths differ.
    await withoutYaml(async (url) => {
      // Its application.yml sets the context path and the actuator's base path.
      const root = join(FIXTURES, 'actuator', 'extensions');
      const one = await new ProjectScanner(root, alone({ actuator: true })).scan();
      const two = await new ProjectScanner(root, { ...split({ actuator: true }), parseWorkerUrl: url }).scan();
      expect(two.stats.rootsByWorker).toBeUndefined();
      expect(view(two)).toEqual(view(one));
    });
  });

  it('is given up on when it cannot load a YAML parser, though its module settings are the same', async () => {
    // Without them (a file gone from beside the bundle) it read application.yaml and specs as
    // unreadable: a @ConfigurationProperties default where the config overrides it, a spec's
    // endpoints and diagnostic missing. Both cases' module settings read the same either way.
    await withoutYaml(async (url) => {
      for (const name of ['spring-mvc/path-prefix-registrations', 'jax-rs/quarkus-spec-first']) {
        const root = join(FIXTURES, name);
        const one = await new ProjectScanner(root, alone({ actuator: true })).scan();
        const two = await new ProjectScanner(root, { ...split({ actuator: true }), parseWorkerUrl: url }).scan();
        expect(two.stats.rootsByWorker, name).toBeUndefined();
        expect(view(two), name).toEqual(view(one));
      }
    });
  });

  it('leaves the scanner what a re-scan needs: an edit to a model a worker root read recomputes the same roots', async () => {
    const root = join(tmp.path, 'edited');
    cpSync(join(FIXTURES, 'spring-mvc'), root, { recursive: true });
    const one = new ProjectScanner(root, alone());
    const two = new ProjectScanner(root, split());
    await one.scan();
    const result = await two.scan();
    expect(result.stats.rootsByWorker).toBeGreaterThan(0);
    // The last endpoint's class is among the worker's roots (it computed the last half): a file its endpoints were built from.
    const last = [...result.endpoints].sort((a, b) => (a.source.file < b.source.file ? 1 : -1))[0]!;
    const model = two.filesBehind(last.source.file).find((f) => f !== last.source.file && f.endsWith('.java'));
    expect(model, `a model behind ${last.source.file}`).toBeDefined();
    expect(two.filesBehind(last.source.file)).toEqual(one.filesBehind(last.source.file));
    const abs = join(root, model!);
    const text = readFileSync(abs, 'utf8');
    const cut = text.lastIndexOf('}');
    writeFileSync(abs, `${text.slice(0, cut)}  public String splitProbe;\n  public String getSplitProbe() { return splitProbe; }\n${text.slice(cut)}`);
    const change = [{ path: model!, kind: 'changed' as const }];
    const a = one.rescan(change);
    const b = two.rescan(change);
    expect(b.rootsRecomputed).toBe(a.rootsRecomputed);
    expect(b.rootsRecomputed).toBeGreaterThan(0);
    expect({ ...b, millis: 0 }).toEqual({ ...a, millis: 0 });
    expect(view(two.result())).toEqual(view(one.result()));
  });

  it("reads the jars from the scanner's Maven repository, set after the worker started, and a re-scan checks them when only the worker's roots read their classes: a SNAPSHOT installed again recomputes its root", async () => {
    const repo = join(tmp.path, 'm2');
    const saved = process.env.APISCOUT_MAVEN_REPO;
    try {
      const install = (extra: string) => {
        const work = join(tmp.path, `xsnap-${extra.length}`);
        mkdirSync(join(work, 'src', 'com', 'xsnap'), { recursive: true });
        mkdirSync(join(work, 'classes'), { recursive: true });
        writeFileSync(join(work, 'src', 'com', 'xsnap', 'Item.java'), `package com.xsnap;\npublic class Item { private String name; public String getName() { return name; }${extra} }\n`);
        execFileSync('javac', ['-g', '-d', join(work, 'classes'), join(work, 'src', 'com', 'xsnap', 'Item.java')]);
        const dir = join(repo, 'com', 'xuxueli', 'xsnap', '1.0-SNAPSHOT');
        mkdirSync(dir, { recursive: true });
        rmSync(join(dir, 'xsnap-1.0-SNAPSHOT.jar'), { force: true });
        execFileSync('jar', ['cf', join(dir, 'xsnap-1.0-SNAPSHOT.jar'), '-C', join(work, 'classes'), 'com']);
      };
      install('');
      const root = join(tmp.path, 'snapshot-split');
      const controller = (name: string, body: string) => `package app;\nimport com.xsnap.Item;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ${name} {\n    ${body}\n}\n`;
      const files: Record<string, string> = {
        'pom.xml': '<project><modelVersion>4.0.0</modelVersion><groupId>com.xuxueli</groupId><artifactId>snap-app</artifactId><version>1</version><dependencies><dependency><groupId>com.xuxueli</groupId><artifactId>xsnap</artifactId><version>1.0-SNAPSHOT</version></dependency></dependencies></project>\n',
        // The first half (the scanner's) reads no jar class; the last root (reserved for the worker) does.
        'src/main/java/app/APlainController.java': controller('APlainController', '@GetMapping("/plain") public String plain() { return null; }'),
        'src/main/java/app/ZItemController.java': controller('ZItemController', '@GetMapping("/item") public Item item() { return null; }'),
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      const properties = (s: ProjectScanner) => Object.keys(s.result().endpoints.find((e) => e.path === '/item')!.response?.schema?.properties ?? {});
      // Set once the worker runs (it starts before the read): its environment, a copy taken at its start, does not have it.
      const onProgress = () => void (process.env.APISCOUT_MAVEN_REPO = repo);
      const two = new ProjectScanner(root, split({ onProgress }));
      const result = await two.scan();
      expect(result.stats.rootsByWorker).toBe(1);
      expect(properties(two)).toEqual(['name']);
      install(' private int stock; public int getStock() { return stock; }');
      expect(two.rescan([]).rootsRecomputed).toBe(1);
      expect(properties(two)).toEqual(['name', 'stock']);
    } finally {
      if (saved === undefined) delete process.env.APISCOUT_MAVEN_REPO;
      else process.env.APISCOUT_MAVEN_REPO = saved;
    }
  });

  it('notices at once a worker whose thread dies mid-split, with no stall limit to wait out: the scanner computes its roots', async () => {
    const root = join(FIXTURES, 'spring-mvc');
    const one = await new ProjectScanner(root, alone()).scan();
    const shareRoots = ParsePool.prototype.shareRoots;
    const share = vi.spyOn(ParsePool.prototype, 'shareRoots').mockImplementation(function (this: ParsePool, setup: ShareSetup) {
      return shareRoots.call(this, { ...setup, exitAfter: 1 });
    });
    const limit = RootSplit.stallLimitMs;
    // A worker showing no progress is never given up on: only its thread's exit can tell the scanner.
    RootSplit.stallLimitMs = 24 * 3_600_000;
    try {
      const two = await new ProjectScanner(root, split()).scan();
      expect(share).toHaveBeenCalledTimes(1);
      expect(two.stats.rootsByWorker ?? 0).toBeLessThanOrEqual(1);
      expect(view(two)).toEqual(view(one));
    } finally {
      RootSplit.stallLimitMs = limit;
      share.mockRestore();
    }
  });

  it('stops the worker when the scan throws after the split started: it takes no further root', async () => {
    const root = join(FIXTURES, 'spring-mvc');
    const share = vi.spyOn(ParsePool.prototype, 'shareRoots');
    try {
      const onProgress = (p: { phase: string }) => {
        if (p.phase === 'endpoints') throw new Error('the scan fails');
      };
      // The scan's failure is out once the worker's thread has exited.
      await expect(new ProjectScanner(root, split({ onProgress })).scan()).rejects.toThrow('the scan fails');
      const { states, keys } = share.mock.calls[0]![0];
      const byWorker = Array.from(new Int32Array(states).slice(0, keys.length)).filter((s) => s === DONE || s === CLAIMED_BY_WORKER);
      // Its last half was reserved for the worker: it finished at most the root it had in hand.
      expect(keys.length).toBeGreaterThan(4);
      expect(byWorker.length).toBeLessThanOrEqual(1);
    } finally {
      share.mockRestore();
    }
  });

  it('journals what a worker root read and tells the scanner of it: a spec only it read, edited, makes the next scan compute again and a re-scan recompute', async () => {
    // Two controllers: the first (the scanner's) uses no model; the second (the worker's) returns models generated from a spec.
    const root = join(tmp.path, 'spec');
    cpSync(join(FIXTURES, 'spring-mvc', 'spec-models-only'), root, { recursive: true });
    const pkg = join(root, 'src/main/java/com/acme/shop');
    rmSync(join(pkg, 'ProductsController.java'));
    rmSync(join(root, 'expected.json'));
    writeFileSync(join(pkg, 'AboutController.java'), 'package com.acme.shop;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class AboutController {\n  @GetMapping("/about")\n  public String about() { return "shop"; }\n}\n');
    const { cache } = storeIn(join(tmp.path, 'spec-state'));
    const opts = split({ cache, reuseResult: true });
    const first = await new ProjectScanner(root, opts).scan();
    expect(first.stats.rootsByWorker).toBe(1);
    expect(existsSync(join(tmp.path, 'spec-state', SCAN_RESULT_FILE))).toBe(true);
    expect(JSON.stringify(first.endpoints)).toContain('Sturdy and quiet.');
    expect((await new ProjectScanner(root, opts).scan()).stats.storedResult).toBe(true);
    // A scanner kept for re-scans (the sidecar's) knows the spec as a file its roots read.
    const live = new ProjectScanner(root, split());
    expect((await live.scan()).stats.rootsByWorker).toBe(1);
    const spec = join(root, 'src/main/resources/openapi/reviews.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('Sturdy and quiet.', 'Loud but sturdy.'));
    const again = await new ProjectScanner(root, opts).scan();
    expect(again.stats.storedResult).toBeUndefined();
    expect(JSON.stringify(again.endpoints)).toContain('Loud but sturdy.');
    const rescanned = live.rescan([{ path: relative(root, spec), kind: 'changed' }]);
    expect(rescanned.updated.length).toBeGreaterThan(0);
    expect(view(live.result())).toEqual(view(again));
    expect(view(again)).toEqual(view(await new ProjectScanner(root, alone()).scan()));
  });
});

describe('the roots split under any timing', { timeout: 600_000 }, () => {
  // The cases the split once got wrong on a busy machine (a config's value, a spec's endpoints), and
  // a fixture of many files and roots, with models: each interleaving the hook forces gives what one thread gives.
  const roots = ['spring-mvc/path-prefix-registrations', 'jax-rs/quarkus-spec-first', 'spring-mvc'].map((c) => join(FIXTURES, c));
  const ones = new Map<string, unknown>();
  const oneOf = async (root: string) => {
    if (!ones.has(root)) ones.set(root, view(await new ProjectScanner(root, alone({ actuator: true })).scan()));
    return ones.get(root);
  };
  /** Every case scanned with the split forced (and the worker reading a share when `read`), under `timing`, while `arrange` holds. */
  const scanEach = async (timing: string, read: boolean, arrange: () => () => void) => {
    const out: Array<{ root: string; result: ScanResult; one: unknown }> = [];
    for (const root of roots) {
      const one = await oneOf(root);
      const restore = arrange();
      try {
        const opts: ScanOptions = { ...split({ actuator: true }), ...(read ? { parseWorker: { minFilesToShareRead: 1 } } : {}) };
        out.push({ root, one, result: await withTiming(timing, () => new ProjectScanner(root, opts).scan()) });
      } finally {
        restore();
      }
    }
    return out;
  };
  const none = () => () => {};
  // A worker held far past the pool's wait limit (the scanner comes to what it holds whenever it
  // does, and gives up after 2 s): it is terminated once the scan closes the pool.

  it('the worker holding a chunk of the read past the wait limit: the scanner closes the pool, reads it and computes every root', async () => {
    for (const { root, result, one } of await scanEach('read=60000', true, () => untilWorkerReads(CLAIMED_BY_WORKER))) {
      expect(view(result), root).toEqual(one);
      expect(result.stats.readByWorker, root).toBeUndefined();
      expect(result.stats.rootsByWorker, root).toBeUndefined();
    }
  });

  it('the worker holding a parse past the wait limit: the scanner closes the pool, parses it and computes every root', async () => {
    for (const { root, result, one } of await scanEach('parse=60000', false, () => untilWorkerParses(CLAIMED_BY_WORKER))) {
      expect(view(result), root).toEqual(one);
      expect(result.stats.rootsByWorker, root).toBeUndefined();
    }
  });

  it('a slow reader, a slow parser, a slow set-up, slow roots: the scanner does more, the worker still its share', async () => {
    for (const [timing, read] of [['read=40,patient', true], ['parse=15,patient', true], ['setup=3,patient', false], ['root=60,patient', true]] as const) {
      for (const { root, result, one } of await scanEach(timing, read, none)) {
        expect(view(result), `${root} ${timing}`).toEqual(one);
        // The last half of the roots is reserved for it (two roots or more), and the scanner waits for them.
        expect(result.stats.rootsByWorker, `${root} ${timing}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('the scanner\'s side of a split', () => {
  /** A pool whose worker took the share (shareRoots) but sends nothing: the test plays the worker on the shared states. */
  const silentPool = () => {
    let setup: ShareSetup | undefined;
    const pool = { shareRoots: (s: ShareSetup) => ((setup = s), true), takeRoot: () => undefined } as unknown as ParsePool;
    return { pool, states: () => new Int32Array(setup!.states) };
  };
  const setup = (keys: string[]) => ({ root: '/', options: { includeTests: false, requestModels: true, actuator: false }, buildFiles: [], prefixRules: [], entries: [], protos: [], keys, modules: '[]', journal: false, caches: { maven: '/m2', gradle: '/gradle' }, cached: false });

  it('gives up on a worker that failed: the scanner computes its roots, and the worker gets no more', () => {
    const { pool, states } = silentPool();
    const split = RootSplit.start(pool, setup(['a', 'b', 'c', 'd']), true)!;
    expect(split.claim(0)).toBe(true);
    expect(split.claim(1)).toBe(true);
    // Reserved for the worker: never the scanner's while the worker may come.
    expect(split.claim(2)).toBe(false);
    Atomics.store(states(), 4 + 1, 1); // the failure flag, after the states and the progress count
    expect(split.take(2)).toBeUndefined();
    expect(split.claim(3)).toBe(true);
    expect(Array.from(states().slice(0, 4))).toEqual([CLAIMED_BY_SCANNER, CLAIMED_BY_SCANNER, CLAIMED_BY_SCANNER, CLAIMED_BY_SCANNER]);
    expect(split.taken).toBe(0);
  });

  it('gives up when a root the worker said was done has no reply (the pool closed)', () => {
    const { pool, states } = silentPool();
    const split = RootSplit.start(pool, setup(['a', 'b']), false)!;
    expect(split.claim(0)).toBe(true);
    Atomics.store(states(), 1, DONE);
    expect(split.claim(1)).toBe(false);
    expect(split.take(1)).toBeUndefined();
    expect(split.claim(1)).toBe(true);
  });
});

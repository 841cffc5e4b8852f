// The scan cache must change nothing but the time: a scan through it (cold, warm, after edits,
// renames and deletions) gives exactly the endpoints, diagnostics and modules of a scan
// without it, and a damaged, foreign or outdated cache is never trusted.

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { hash } from 'node:crypto';
import { parseJava } from '../../core/scan/java/java-source';
import { encodeParse } from '../../core/scan/parse-codec';
import { describeFile } from '../../core/scan/project-index';
import type { FileEntry } from '../../core/scan/project-index';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { byteRuns, SCAN_CACHE_FILE, ScanCache } from '../../core/scan/scan-cache';
import type { ScanCacheOptions } from '../../core/scan/scan-cache';
import { FIXTURES } from './fixture-case';
import { controllers, fixtureNames, generateCodeBase, scanInThread, scanWithoutCaches, storeIn, tempFolder } from './store-cases';

const tmp = tempFolder('apiscout-scan-cache-');

/** A scan's result without what only the time or the cache changes. */
function view(result: ScanResult) {
  const { millis: _m, phases: _p, parsedFromCache, ...stats } = result.stats;
  return { result: { ...result, stats }, parsedFromCache };
}

const scan = async (root: string, opts: ScanOptions = {}) => view(await scanInThread(root, opts));

/** Cache options writing into `dir` (never into the scanned tree), with the warnings kept. */
function cacheIn(dir: string, extra: Partial<ScanCacheOptions> = {}) {
  return { ...storeIn(dir, extra), file: join(dir, SCAN_CACHE_FILE) };
}

describe('scan cache', { timeout: 120_000 }, () => {
  const fixtures = fixtureNames();

  it('covers every fixture', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(8);
  });

  for (const name of fixtures) {
    it(`gives the same scan of fixture ${name} cold, warm and without it`, async () => {
      const root = join(FIXTURES, name);
      const opts: ScanOptions = { actuator: true, includeTests: true };
      const { cache, warnings, file } = cacheIn(join(tmp.path, `fixture-${name}`));
      const without = await scan(root, opts);
      const cold = await scan(root, { ...opts, cache });
      const warm = await scan(root, { ...opts, cache });
      expect(cold.result).toEqual(without.result);
      expect(warm.result).toEqual(without.result);
      expect(cold.parsedFromCache).toBe(0);
      if (without.result.stats.filesParsed > 0) {
        expect(existsSync(file)).toBe(true);
        // Warm, every parse comes from the cache.
        expect(warm.parsedFromCache).toBe(without.result.stats.filesParsed);
      }
      expect(warnings).toEqual([]);
      expect(existsSync(join(root, '.apiscout'))).toBe(false);
      // The spill file of this scan's parses and the temp file of the write are gone.
      if (existsSync(join(tmp.path, `fixture-${name}`))) expect(readdirSync(join(tmp.path, `fixture-${name}`)).filter((f) => f !== SCAN_CACHE_FILE)).toEqual([]);
    });
  }

  // Several scans of 1,500 files each: generous time, for a loaded machine.
  describe('a generated code base of 1,500 files, a third Kotlin', { timeout: 600_000 }, () => {
    let root: string;
    let cache: ScanCacheOptions;
    let warnings: string[];
    let cacheFile: string;
    /** Scans with and without the cache; they must agree, and the cache must have been used. */
    const agree = async (minHits: number) => {
      const without = view(await scanWithoutCaches(root));
      const withCache = await scan(root, { cache });
      expect(withCache.result.endpoints.length).toBe(without.result.endpoints.length);
      expect(withCache.result).toEqual(without.result);
      expect(withCache.parsedFromCache).toBeGreaterThanOrEqual(minHits);
      return { without, withCache };
    };

    beforeAll(() => {
      root = join(tmp.path, 'gen');
      generateCodeBase(root);
      ({ cache, warnings, file: cacheFile } = cacheIn(join(tmp.path, 'gen-state')));
    }, 300_000);

    it('scans cold, then warm with every parse from the cache', async () => {
      const cold = await scan(root, { cache });
      expect(cold.parsedFromCache).toBe(0);
      const { without, withCache } = await agree(1);
      expect(without.result.endpoints.length).toBeGreaterThan(500);
      expect(withCache.parsedFromCache).toBe(without.result.stats.filesParsed);
    });

    it('after an edit, a rename and a deletion', async () => {
      const [first, second, third] = controllers(root);
      // An edit: a new endpoint path.
      const text = readFileSync(first!, 'utf8');
      const edited = text.replace(/"(\/[\w/{}-]+)"/, '"/edited$1"');
      expect(edited).not.toBe(text);
      writeFileSync(first!, edited);
      // A rename: the same class in another file.
      renameSync(second!, second!.replace(/(\w+)\.(java|kt)$/, 'Moved$1.$2'));
      // A deletion.
      rmSync(third!);
      const { withCache, without } = await agree(100);
      expect(withCache.parsedFromCache).toBeLessThan(without.result.stats.filesParsed);
      expect(without.result.endpoints.some((e) => e.path.includes('/edited'))).toBe(true);
      // And warm again after the change.
      await agree(without.result.stats.filesParsed);
    });

    it('an edit that keeps the size and the mtime is caught by the content hash', async () => {
      const file = controllers(root)[3]!;
      const before = statSync(file);
      const text = readFileSync(file, 'utf8');
      const m = /"\/([a-z])/.exec(text)!;
      const swapped = m[1] === 'q' ? 'z' : 'q';
      const edited = text.slice(0, m.index + 2) + swapped + text.slice(m.index + 3);
      expect(edited.length).toBe(text.length);
      writeFileSync(file, edited);
      utimesSync(file, before.atime, before.mtime);
      expect(Math.abs(statSync(file).mtimeMs - before.mtimeMs)).toBeLessThan(1);
      const { without } = await agree(100);
      expect(without.result.endpoints.some((e) => e.source.file.endsWith(file.slice(root.length + 1)) && e.path.includes(`/${swapped}`))).toBe(true);
      expect(warnings).toEqual([]);
    });

    it('a damaged entry is parsed again, with a warning', async () => {
      const bytes = readFileSync(cacheFile);
      // Flip one byte near the end: inside the last entry's body.
      bytes[bytes.length - 10] ^= 0x01;
      writeFileSync(cacheFile, bytes);
      warnings.length = 0;
      await agree(100);
      expect(warnings.some((w) => w.includes('damaged entry') && w.includes(cacheFile))).toBe(true);
      warnings.length = 0;
      await agree(100); // rewritten without the damaged entry
      expect(warnings).toEqual([]);
    });
  });

  it('ignores a corrupt or foreign cache with a warning, and an older version silently', async () => {
    const root = join(FIXTURES, 'shop');
    const { cache, warnings, file } = cacheIn(join(tmp.path, 'corrupt'));
    mkdirSync(join(tmp.path, 'corrupt'));
    const reference = await scan(root);
    const cases: Array<[string, Buffer | string, RegExp]> = [
      ['foreign', '{"endpoints":[]}', /is not an apiscout scan cache/],
      ['truncated header', 'apiscout-scan-cache\n5000\n{"format"', /is truncated/],
      ['bad header', 'apiscout-scan-cache\n3\n{{{', /header does not parse/],
      ['header of another shape', 'apiscout-scan-cache\n2\n{}', /header is not of this format/],
    ];
    for (const [name, content, message] of cases) {
      writeFileSync(file, content);
      warnings.length = 0;
      const r = await scan(root, { cache });
      expect(r.result, name).toEqual(reference.result);
      expect(r.parsedFromCache, name).toBe(0);
      expect(warnings.join('\n'), name).toMatch(message);
      expect(warnings[0], name).toContain(file);
      // Rewritten: the next scan is warm.
      warnings.length = 0;
      expect((await scan(root, { cache })).parsedFromCache, name).toBeGreaterThan(0);
      expect(warnings, name).toEqual([]);
    }
    // Cut short (a crash with the write not yet on disk): its rows point past the end.
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, whole.length - 100));
    warnings.length = 0;
    const cut = await scan(root, { cache });
    expect(cut.result).toEqual(reference.result);
    expect(cut.parsedFromCache).toBe(0);
    expect(warnings.join('\n')).toMatch(/a row points outside the file/);
    warnings.length = 0;
    // Another apiscout's cache: not used, not worth a warning, replaced.
    const other = { ...cache, version: 'apiscout 99.0.0' };
    const r = await scan(root, { cache: other });
    expect(r.parsedFromCache).toBe(0);
    expect(r.result).toEqual(reference.result);
    expect(warnings).toEqual([]);
    expect((await scan(root, { cache: other })).parsedFromCache).toBeGreaterThan(0);
    expect((await scan(root, { cache })).parsedFromCache).toBe(0);
  });

  it('stays within its size bound, and is written only when something changed', async () => {
    const src = join(tmp.path, 'bounded-src');
    cpSync(join(FIXTURES, 'shop'), src, { recursive: true });
    const full = cacheIn(join(tmp.path, 'unbounded'));
    await scan(src, { cache: full.cache });
    const fullSize = statSync(full.file).size;
    const small = cacheIn(join(tmp.path, 'bounded'), { maxBytes: Math.floor(fullSize / 3) });
    const reference = await scan(src);
    expect((await scan(src, { cache: small.cache })).result).toEqual(reference.result);
    expect(statSync(small.file).size).toBeLessThan(fullSize / 2);
    const warm = await scan(src, { cache: small.cache });
    expect(warm.result).toEqual(reference.result);
    expect(warm.parsedFromCache).toBeGreaterThan(0);
    expect(warm.parsedFromCache).toBeLessThan(reference.result.stats.filesParsed);
    // Unchanged project, full cache: not rewritten.
    const mtime = statSync(full.file).mtimeMs;
    const again = await new ProjectScanner(src, { parseWorker: false, cache: full.cache }).scan();
    expect(again.stats.parsedFromCache).toBe(reference.result.stats.filesParsed);
    expect(statSync(full.file).mtimeMs).toBe(mtime);
    // By default the cache lives in the project's state folder.
    await scan(src, { cache: { version: 'apiscout test' } });
    expect(existsSync(join(src, '.apiscout', SCAN_CACHE_FILE))).toBe(true);
    expect(readFileSync(join(src, '.apiscout', '.gitignore'), 'utf8')).toContain('*');
  });
});

describe('scan cache copies', () => {
  it('merges back-to-back bodies of one file into one copy, and only those', () => {
    // A cold scan: every body in the spill file (fd 7), one after the other.
    const spilled = [0, 120, 300, 310].map((from, i, all) => ({ src: 7, from, length: (all[i + 1] ?? 400) - from }));
    expect(byteRuns(spilled)).toEqual([{ src: 7, from: 0, length: 400 }]);
    // Kept old bodies (fd 3) between fresh ones, a gap (a body parsed twice), an old body out of order.
    const mixed = [
      { src: 3, from: 50, length: 10 },
      { src: 3, from: 60, length: 5 },
      { src: 7, from: 0, length: 20 },
      { src: 7, from: 40, length: 10 },
      { src: 3, from: 65, length: 5 },
      { src: 3, from: 0, length: 50 },
    ];
    expect(byteRuns(mixed)).toEqual([
      { src: 3, from: 50, length: 15 },
      { src: 7, from: 0, length: 20 },
      { src: 7, from: 40, length: 10 },
      { src: 3, from: 65, length: 5 },
      { src: 3, from: 0, length: 50 },
    ]);
    // The ranges given are left as they were.
    expect(mixed[0]).toEqual({ src: 3, from: 50, length: 10 });
    expect(byteRuns([])).toEqual([]);
  });
});

describe('scan cache: parses encoded on another thread (putEncoded)', () => {
  const source = (name: string, field: string) => `package a;\npublic class ${name} { private String ${field}; }\n`;
  const entryOf = (name: string, text: string): FileEntry => ({ ...describeFile(text, `a/${name}.java`, join(tmp.path, `${name}.java`), 'm', 'java'), hash: hash('sha1', text, 'base64') });
  /** A parse as the worker sends it: its encoding and the sha1 of that. */
  const encoded = (name: string, text: string): [string, string] => {
    const t = encodeParse(parseJava(text, `a/${name}.java`, 'm'));
    return [t, hash('sha1', t, 'base64')];
  };
  const fieldsOf = (cache: ScanCache, e: FileEntry) => cache.get(e)?.file.types[0]?.fields.map((f) => f.name);

  it('stores them as its own parses, unless this scan stored the file already or the cache holds its content', () => {
    const { cache: opts, warnings } = cacheIn(join(tmp.path, 'encoded'));
    const dto = entryOf('Dto', source('Dto', 'one'));
    const mine = entryOf('Mine', source('Mine', 'two'));
    const first = ScanCache.open(tmp.path, opts);
    first.putEncoded(dto, ...encoded('Dto', source('Dto', 'one')));
    // This scan parsed Mine itself: the other thread's parse of it (here another text) is not taken.
    first.put(mine, parseJava(source('Mine', 'two'), 'a/Mine.java', 'm'));
    first.putEncoded(mine, ...encoded('Mine', source('Mine', 'other')));
    expect(first.counts.stored).toBe(2);
    first.save([dto, mine]);
    const second = ScanCache.open(tmp.path, opts);
    expect(fieldsOf(second, dto)).toEqual(['one']);
    expect(fieldsOf(second, mine)).toEqual(['two']);
    // The cache holds that content already: nothing stored, nothing written.
    second.putEncoded(dto, ...encoded('Dto', source('Dto', 'one')));
    expect(second.counts.stored).toBe(0);
    second.save([dto, mine]);
    expect(second.counts.written).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('holds them with the other parses until release, and keeps the hash it was given (a wrong one is a damaged entry)', () => {
    const { cache: opts, warnings } = cacheIn(join(tmp.path, 'encoded-held'));
    const dto = entryOf('Held', source('Held', 'x'));
    const bad = entryOf('Bad', source('Bad', 'y'));
    const cache = ScanCache.open(tmp.path, opts);
    cache.hold();
    cache.putEncoded(dto, ...encoded('Held', source('Held', 'x')));
    cache.putEncoded(bad, encoded('Bad', source('Bad', 'y'))[0], 'not its hash');
    expect(cache.counts.stored).toBe(0);
    cache.release();
    expect(cache.counts.stored).toBe(2);
    cache.save([dto, bad]);
    const next = ScanCache.open(tmp.path, opts);
    expect(fieldsOf(next, dto)).toEqual(['x']);
    expect(next.get(bad)).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining(`has a damaged entry for a/Bad.java`)]);
  });
});

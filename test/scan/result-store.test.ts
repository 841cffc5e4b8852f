// The stored scan result (result-store.ts) must change nothing but the time: a scan answered from
// it gives exactly what a scan without any cache gives, on every fixture and on a generated code
// base, and any change to what the result depends on (a source edit, rename or deletion, an edit
// that keeps size and mtime, a configuration file, a setting) makes the scan compute again.

import { cpSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { SCAN_RESULT_FILE } from '../../core/scan/result-store';
import type { ScanCacheOptions } from '../../core/scan/scan-cache';
import { FIXTURES } from './fixture-case';
import { controllers, fixtureNames, generateCodeBase, scanInThread, scanWithoutCaches, storeIn as storeOptions, tempFolder } from './store-cases';

const tmp = tempFolder('apiscout-result-store-');

/** A scan's result (endpoints read through JSON, as any consumer sees them) without what only time or caches change. */
function view(result: ScanResult) {
  const { millis: _m, phases: _p, parsedFromCache: _c, storedResult, filesParsed: _f, parsedByWorker: _w, ...stats } = result.stats;
  const same = JSON.parse(JSON.stringify({ endpoints: result.endpoints, diagnostics: result.diagnostics, modules: result.modules, stats })) as unknown;
  return { same, stored: storedResult === true, count: result.endpoints.length };
}

const scan = async (root: string, opts: ScanOptions = {}) => view(await scanInThread(root, opts));

function storeIn(dir: string) {
  return { ...storeOptions(dir), file: join(dir, SCAN_RESULT_FILE) };
}

describe('the stored scan result', { timeout: 120_000 }, () => {
  const fixtures = fixtureNames();

  for (const name of fixtures) {
    it(`answers a second scan of fixture ${name} with what a scan without caches gives`, async () => {
      const root = join(FIXTURES, name);
      const opts: ScanOptions = { actuator: true, includeTests: true };
      const { cache, warnings } = storeIn(join(tmp.path, `fixture-${name}`));
      const without = await scan(root, opts);
      const first = await scan(root, { ...opts, cache, reuseResult: true });
      const second = await scan(root, { ...opts, cache, reuseResult: true });
      expect(first.stored).toBe(false);
      expect(first.same).toEqual(without.same);
      expect(second.same).toEqual(without.same);
      // gRPC fixtures read protos outside what a stored result can check: those always compute.
      if (name !== 'grpc' && name !== 'grpc-call') expect(second.stored).toBe(true);
      expect(warnings).toEqual([]);
    });
  }

  it('computes again when a configuration file or a setting changes, or when one it looked for appears', async () => {
    const root = join(tmp.path, 'shop');
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    const { cache, warnings } = storeIn(join(tmp.path, 'shop-state'));
    const opts = (extra: ScanOptions = {}): ScanOptions => ({ cache, reuseResult: true, ...extra });
    const agree = async (extra: ScanOptions = {}) => {
      const without = await scan(root, extra);
      const withStore = await scan(root, opts(extra));
      expect(withStore.same).toEqual(without.same);
      return { without, withStore };
    };
    await scan(root, opts());
    expect((await agree()).withStore.stored).toBe(true);

    // application.properties did not exist: the scan looked for it, so its appearance counts.
    const props = join(root, 'catalog', 'src', 'main', 'resources', 'application.properties');
    writeFileSync(props, 'server.servlet.context-path=/shop-a\n');
    let r = await agree();
    expect(r.withStore.stored).toBe(false);
    expect(JSON.stringify(r.without.same)).toContain('/shop-a');
    expect((await agree()).withStore.stored).toBe(true);

    // Edited, keeping its size and its mtime.
    const before = statSync(props);
    writeFileSync(props, 'server.servlet.context-path=/shop-b\n');
    utimesSync(props, before.atime, before.mtime);
    r = await agree();
    expect(r.withStore.stored).toBe(false);
    expect(JSON.stringify(r.without.same)).toContain('/shop-b');

    // A setting: the path prefixes, then the actuator and test switches.
    const prefixed = { pathPrefixes: () => ['**=/api2'] };
    r = await agree(prefixed);
    expect(r.withStore.stored).toBe(false);
    expect(r.without.same).not.toEqual((await scan(root)).same);
    expect((await agree(prefixed)).withStore.stored).toBe(true);
    expect((await agree()).withStore.stored).toBe(false);
    expect((await agree({ includeTests: true })).withStore.stored).toBe(false);
    expect((await agree({ requestModels: false })).withStore.stored).toBe(false);
    expect((await agree({ requestModels: false })).withStore.stored).toBe(true);

    // A build file: module names come from it.
    const pom = join(root, 'catalog', 'pom.xml');
    writeFileSync(pom, readFileSync(pom, 'utf8').replace(/<artifactId>([\w-]+)<\/artifactId>/, '<artifactId>$1-renamed</artifactId>'));
    r = await agree();
    expect(r.withStore.stored).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('ignores a damaged or foreign stored result with a warning and computes', async () => {
    const root = join(FIXTURES, 'shop');
    const { cache, warnings, file } = storeIn(join(tmp.path, 'damaged'));
    const without = await scan(root);
    await scan(root, { cache, reuseResult: true });
    const bytes = readFileSync(file);
    bytes[bytes.length - 10] ^= 0x01;
    writeFileSync(file, bytes);
    const damaged = await scan(root, { cache, reuseResult: true });
    expect(damaged.stored).toBe(false);
    expect(damaged.same).toEqual(without.same);
    expect(warnings.join('\n')).toMatch(/is ignored: its body is damaged/);
    warnings.length = 0;
    expect((await scan(root, { cache, reuseResult: true })).stored).toBe(true);
    writeFileSync(file, '{"endpoints":[]}');
    const foreign = await scan(root, { cache, reuseResult: true });
    expect(foreign.same).toEqual(without.same);
    expect(warnings.join('\n')).toMatch(/is not an apiscout scan result/);
  });

  // Several scans of 1,500 files each: generous time, for a loaded machine.
  describe('a generated code base of 1,500 files, a third Kotlin', { timeout: 600_000 }, () => {
    let root: string;
    let cache: ScanCacheOptions;
    let warnings: string[];
    const agree = async () => {
      const without = view(await scanWithoutCaches(root));
      const withStore = await scan(root, { cache, reuseResult: true });
      expect(withStore.count).toBe(without.count);
      expect(withStore.same).toEqual(without.same);
      return withStore.stored;
    };

    beforeAll(() => {
      root = join(tmp.path, 'gen');
      generateCodeBase(root);
      ({ cache, warnings } = storeIn(join(tmp.path, 'gen-state')));
    }, 300_000);

    it('stores, then answers from the store; an edit, a rename, a deletion and a same-size same-mtime edit each compute again', async () => {
      expect(await agree()).toBe(false);
      expect(await agree()).toBe(true);
      const [first, second, third, fourth] = controllers(root);
      const text = readFileSync(first!, 'utf8');
      const edited = text.replace(/"(\/[\w/{}-]+)"/, '"/edited$1"');
      expect(edited).not.toBe(text);
      writeFileSync(first!, edited);
      expect(await agree()).toBe(false);
      expect(await agree()).toBe(true);
      renameSync(second!, second!.replace(/(\w+)\.(java|kt)$/, 'Moved$1.$2'));
      expect(await agree()).toBe(false);
      rmSync(third!);
      expect(await agree()).toBe(false);
      expect(await agree()).toBe(true);
      const before = statSync(fourth!);
      const t4 = readFileSync(fourth!, 'utf8');
      const m = /"\/([a-z])/.exec(t4)!;
      writeFileSync(fourth!, t4.slice(0, m.index + 2) + (m[1] === 'q' ? 'z' : 'q') + t4.slice(m.index + 3));
      utimesSync(fourth!, before.atime, before.mtime);
      expect(await agree()).toBe(false);
      expect(warnings).toEqual([]);
    });
  });
});

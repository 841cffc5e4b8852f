// The stored scan result (result-store.ts) must change nothing but the time: a scan answered from
// it gives exactly what a scan without any cache gives, on every fixture and on a generated code
// base, and any change to what the result depends on (a source edit, rename or deletion, an edit
// that keeps size and mtime, a configuration file, a setting) makes the scan compute again.
// Files whose stat is unchanged are not read (file-stamps.ts): what a stat can miss is read.

import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
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
  const { millis: _m, phases: _p, parsedFromCache: _c, storedResult, filesParsed: _f, parsedByWorker: _w, filesByStat, ...stats } = result.stats;
  const same = JSON.parse(JSON.stringify({ endpoints: result.endpoints, diagnostics: result.diagnostics, modules: result.modules, stats })) as unknown;
  return { same, stored: storedResult === true, count: result.endpoints.length, filesRead: stats.filesRead, byStat: filesByStat ?? 0 };
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

  it('fingerprints a file by its unchanged stat; reads what a stat can miss (an edit keeping size and mtime, a racily clean file, a clock set back)', async () => {
    const root = join(tmp.path, 'stamped');
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    const { cache, warnings, file } = storeIn(join(tmp.path, 'stamped-state'));
    const opts: ScanOptions = { cache, reuseResult: true };
    const agree = async () => {
      const without = await scan(root);
      const withStore = await scan(root, opts);
      expect(withStore.same).toEqual(without.same);
      return withStore;
    };
    // A file changed less than the racy margin (3 s) before a scan is read by the next ones: let the copy age past it.
    await untilAged(root);
    expect((await agree()).stored).toBe(false);
    let r = await agree();
    expect(r.stored).toBe(true);
    expect(r.byStat).toBe(r.filesRead);
    expect(r.filesRead).toBeGreaterThan(10);
    const sources = javaFiles(root);

    // An edit: computed again; the edited file is racily clean for the result stored then, so the next scan reads it.
    const edited = sources.find((f) => /Controller\.java$/.test(f))!;
    const was = readFileSync(edited, 'utf8');
    const now = was.replace(/"(\/[\w/{}-]+)"/, '"/stamped$1"');
    expect(now).not.toBe(was);
    writeFileSync(edited, now);
    r = await agree();
    expect(r.stored).toBe(false);
    expect(JSON.stringify(r.same)).toContain('/stamped');
    r = await agree();
    expect(r.stored).toBe(true);
    expect(r.byStat).toBe(r.filesRead - 1);

    // Same size, same mtime, not touched since long before the stored scan: only the ctime tells.
    const quiet = sources.find((f) => f !== edited && /"\/[a-z]/.test(readFileSync(f, 'utf8')))!;
    const before = statSync(quiet, { bigint: true });
    // The mtime to the nanosecond (utimes from Node rounds it): coreutils copy it from a reference.
    const reference = join(tmp.path, 'stamped-mtime');
    execFileSync('cp', ['--preserve=timestamps', quiet, reference]);
    const text = readFileSync(quiet, 'utf8');
    const m = /"\/([a-z])/.exec(text)!;
    writeFileSync(quiet, text.slice(0, m.index + 2) + (m[1] === 'q' ? 'z' : 'q') + text.slice(m.index + 3));
    execFileSync('touch', ['-m', '-r', reference, quiet]);
    const after = statSync(quiet, { bigint: true });
    expect([after.size, after.mtimeNs, after.ino]).toEqual([before.size, before.mtimeNs, before.ino]);
    expect((await agree()).stored).toBe(false);

    // A rename and a deletion.
    const others = sources.filter((f) => f !== edited && f !== quiet);
    renameSync(others[0]!, others[0]!.replace(/(\w+)\.java$/, 'Moved$1.java'));
    expect((await agree()).stored).toBe(false);
    rmSync(others[1]!);
    expect((await agree()).stored).toBe(false);
    expect((await agree()).stored).toBe(true);

    // The clock set back: now is before the stored scan began, so no stat vouches for anything.
    const bytes = readFileSync(file);
    const since = /"stampsSince":"(\d+)"/.exec(bytes.toString('latin1'))!;
    bytes.write('9'.repeat(since[1]!.length), since.index + '"stampsSince":"'.length, 'latin1');
    writeFileSync(file, bytes);
    r = await agree();
    expect(r.stored).toBe(true);
    expect(r.byStat).toBe(0);
    expect(warnings).toEqual([]);
  });

  it('restamps a stored result whose files it read only because they were racily clean, once they have settled', async () => {
    const root = join(tmp.path, 'restamped');
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    const { cache, warnings, file } = storeIn(join(tmp.path, 'restamped-state'));
    const opts: ScanOptions = { cache, reuseResult: true };
    await untilAged(root);
    const without = await scan(root);
    expect((await scan(root, opts)).stored).toBe(false);
    // As if the stored scan had begun within the racy margin of the files' last change (a checkout
    // just before it): its stamps vouch for none of them.
    const newest = Math.max(...javaFiles(root).map((f) => Number(statSync(f, { bigint: true }).ctimeNs / 1_000_000n)));
    setStampsSince(file, BigInt(newest + 1_000) * 1_000_000n);
    let r = await scan(root, opts);
    expect(r.stored).toBe(true);
    expect(r.byStat).toBe(0);
    expect(r.same).toEqual(without.same);
    // That hit read them all, found them settled, and wrote its own stamps: the next one stats them.
    r = await scan(root, opts);
    expect(r.stored).toBe(true);
    expect(r.byStat).toBe(r.filesRead);
    expect(r.same).toEqual(without.same);
    // Nothing to refresh now: the file is left as it is.
    const before = statSync(file).ino;
    r = await scan(root, opts);
    expect(r.byStat).toBe(r.filesRead);
    expect(statSync(file).ino).toBe(before);
    // An edit after all that is still seen.
    const edited = javaFiles(root).find((f) => /Controller\.java$/.test(f))!;
    writeFileSync(edited, readFileSync(edited, 'utf8').replace(/"(\/[\w/{}-]+)"/, '"/restamped$1"'));
    r = await scan(root, opts);
    expect(r.stored).toBe(false);
    expect(JSON.stringify(r.same)).toContain('/restamped');
    expect(warnings).toEqual([]);
  });

  // A CI job restores the state folder into a fresh clone: every stat differs, the contents do not.
  it('answers a fresh copy of the project at the same path from the stored result, by reading every file', async () => {
    const root = join(tmp.path, 'cloned');
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    const { cache, warnings } = storeIn(join(tmp.path, 'cloned-state'));
    const opts: ScanOptions = { cache, reuseResult: true };
    const without = await scan(root);
    expect((await scan(root, opts)).stored).toBe(false);
    rmSync(root, { recursive: true });
    cpSync(join(FIXTURES, 'shop'), root, { recursive: true });
    const clone = await scan(root, opts);
    expect(clone.stored).toBe(true);
    expect(clone.byStat).toBe(0);
    expect(clone.same).toEqual(without.same);
    // An edit in the clone: computed, not answered.
    const edited = javaFiles(root).find((f) => /Controller\.java$/.test(f))!;
    writeFileSync(edited, readFileSync(edited, 'utf8').replace(/"(\/[\w/{}-]+)"/, '"/cloned$1"'));
    const changed = await scan(root, opts);
    expect(changed.stored).toBe(false);
    expect(JSON.stringify(changed.same)).toContain('/cloned');
    expect(warnings).toEqual([]);
  });

  it('ignores a damaged or foreign stored result with a warning and computes', async () => {
    const root = join(FIXTURES, 'shop');
    const { cache, warnings, file } = storeIn(join(tmp.path, 'damaged'));
    const without = await scan(root);
    await scan(root, { cache, reuseResult: true });
    const bytes = readFileSync(file);
    // The file ends with the stamps, outside the body's hash: a damaged one only costs a read or a miss.
    const stampsAt = bytes.length - storedHeader(bytes).stampsLength;
    bytes[bytes.length - 2] ^= 0x01;
    writeFileSync(file, bytes);
    expect((await scan(root, { cache, reuseResult: true })).same).toEqual(without.same);
    expect(warnings).toEqual([]);
    await scan(root, { cache, reuseResult: true });
    const again = readFileSync(file);
    again[again.length - storedHeader(again).stampsLength - 10] ^= 0x01;
    expect(stampsAt).toBeGreaterThan(0);
    writeFileSync(file, again);
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

/** The .java files under root, sorted. */
function javaFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.java'))
    .map((f) => join(root, f))
    .sort();
}

/** Waits until every file under root was last changed more than the racy margin ago. */
async function untilAged(root: string): Promise<void> {
  const newest = Math.max(...(readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).map((f) => statSync(join(root, f)).ctimeMs));
  while (Date.now() < newest + 3_500) await sleep(100);
}

/** Sets the stored result's `stampsSince` (nanoseconds, of the same number of digits) in place. */
function setStampsSince(file: string, sinceNs: bigint): void {
  const bytes = readFileSync(file);
  const since = /"stampsSince":"(\d+)"/.exec(bytes.toString('latin1'))!;
  expect(String(sinceNs)).toHaveLength(since[1]!.length);
  bytes.write(String(sinceNs), since.index + '"stampsSince":"'.length, 'latin1');
  writeFileSync(file, bytes);
}

/** The stored result's header (result-store.ts: a magic line, the header's length, the header). */
function storedHeader(bytes: Buffer): { stampsLength: number } {
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const length = Number(bytes.toString('latin1', first + 1, second));
  return JSON.parse(bytes.toString('utf8', second + 1, second + 1 + length)) as { stampsLength: number };
}


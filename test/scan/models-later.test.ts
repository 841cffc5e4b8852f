// A scan in two passes (scan({ modelsLater }) then completeModels(), what the sidecar does so the
// explorer's tree comes before the models) must end with exactly the result of one full scan, and
// its first answer must list the same endpoints as an endpoints-only scan.

import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { ScanOptions } from '../../core/scan/project-scanner';
import { FIXTURES, caseFolders } from './fixture-case';

const comparable = (r: ScanResult) => JSON.parse(JSON.stringify({ endpoints: r.endpoints, diagnostics: r.diagnostics, modules: r.modules })) as unknown;

async function bothWays(dir: string, opts: ScanOptions = {}): Promise<void> {
  const whole = await new ProjectScanner(dir, opts).scan();
  const endpointsOnly = await new ProjectScanner(dir, { ...opts, requestModels: false }).scan();
  const twoPass = new ProjectScanner(dir, opts);
  const first = await twoPass.scan(undefined, { modelsLater: true });
  expect(first.endpoints.map((e) => e.id)).toEqual(endpointsOnly.endpoints.map((e) => e.id));
  expect(JSON.parse(JSON.stringify(first.endpoints))).toEqual(JSON.parse(JSON.stringify(endpointsOnly.endpoints)));
  const done = await twoPass.completeModels();
  expect(comparable(done)).toEqual(comparable(whole));
  expect(comparable(twoPass.result())).toEqual(comparable(whole));
}

describe('a scan with its models later', () => {
  const frameworks = ['spring-mvc', 'spring-webflux', 'jax-rs', 'grpc', 'actuator', 'kotlin'];
  for (const framework of frameworks) {
    it(`ends as one full scan on every ${framework} fixture`, async () => {
      for (const name of caseFolders(framework)) {
        await bothWays(join(FIXTURES, framework, name), framework === 'actuator' ? { actuator: true } : {});
      }
    });
  }

  it('ends as one full scan on the shop and the Spring Boot app', async () => {
    await bothWays(join(FIXTURES, 'shop'));
    await bothWays(join(FIXTURES, 'spring-boot-app'));
  });

  const tmp = mkdtempSync(join(tmpdir(), 'apiscout-models-later-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('saves the scan cache with the models pass, and a later scan reads the DTOs from it', async () => {
    const dir = join(tmp, 'shop');
    cpSync(join(FIXTURES, 'shop'), dir, { recursive: true });
    const cache = { version: 'test', warn: (m: string) => expect.fail(m) };
    const whole = await new ProjectScanner(dir).scan();
    const twoPass = new ProjectScanner(dir, { cache });
    await twoPass.scan(undefined, { modelsLater: true });
    const done = await twoPass.completeModels();
    expect(comparable(done)).toEqual(comparable(whole));
    const again = await new ProjectScanner(dir, { cache }).scan();
    expect(comparable(again)).toEqual(comparable(whole));
    // Every file the two passes parsed (the DTOs too) came from the cache.
    expect(again.stats.parsedFromCache).toBe(done.stats.filesParsed);
    expect(again.stats.filesParsed).toBe(done.stats.filesParsed);
  });

  it('encodes no parse for the cache before the first answer; the models pass stores them all', async () => {
    const dir = join(tmp, 'shop-held');
    const state = join(tmp, 'shop-held-state');
    cpSync(join(FIXTURES, 'shop'), dir, { recursive: true });
    const cache = { version: 'test', dir: state, warn: (m: string) => expect.fail(m) };
    const twoPass = new ProjectScanner(dir, { cache });
    const first = await twoPass.scan(undefined, { modelsLater: true });
    expect(first.stats.filesParsed).toBeGreaterThan(0);
    // The cache's spill file (made in its folder with the first parse stored) was never opened.
    expect(existsSync(state)).toBe(false);
    const done = await twoPass.completeModels();
    const again = await new ProjectScanner(dir, { cache }).scan();
    expect(comparable(again)).toEqual(comparable(done));
    expect(again.stats.parsedFromCache).toBe(done.stats.filesParsed);
  });
});

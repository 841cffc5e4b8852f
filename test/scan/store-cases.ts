// What the tests of the scan cache (scan-cache.test.ts) and of the stored scan result
// (result-store.test.ts) share: a temp folder per test file, the fixture projects, store options
// that keep their warnings, the generated code base of 1,500 files with its controllers, and the
// scan without any cache that every cached scan is compared with.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { ScanOptions } from '../../core/scan/project-scanner';
import type { ScanCacheOptions } from '../../core/scan/scan-cache';
import { FIXTURES } from './fixture-case';

const GENERATOR = fileURLToPath(new URL('../../bench/gen-codebase.mjs', import.meta.url));

/** A temp folder for the test file (its `path` is set in beforeAll), removed after its tests. */
export function tempFolder(prefix: string): { path: string } {
  const folder = { path: '' };
  beforeAll(() => {
    folder.path = mkdtempSync(join(tmpdir(), prefix));
  });
  afterAll(() => {
    if (folder.path) rmSync(folder.path, { recursive: true, force: true });
  }, 120_000);
  return folder;
}

/** The names of the fixture projects under test/fixtures. */
export function fixtureNames(): string[] {
  return readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory());
}

/** Store options writing into `dir` (never into the scanned tree), with the warnings kept. */
export function storeIn(dir: string, extra: Partial<ScanCacheOptions> = {}): { cache: ScanCacheOptions; warnings: string[] } {
  const warnings: string[] = [];
  return { cache: { version: 'apiscout test', dir, warn: (m) => warnings.push(m), ...extra }, warnings };
}

/** Writes the generated code base both files edit: 1,500 files, a third Kotlin, always the same (seed 7). */
export function generateCodeBase(root: string): void {
  execFileSync(process.execPath, [GENERATOR, root, '--files', '1500', '--kotlin-share', '0.3', '--seed', '7'], { encoding: 'utf8' });
}

/** The controller sources under root, sorted: the files the tests edit, rename and delete. */
export function controllers(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else if (/Controller\.(java|kt)$/.test(e.name)) out.push(p);
    }
  };
  visit(root);
  return out.sort();
}

/** A scan in this thread (no parse worker), through the caches that `opts` names. */
export function scanInThread(root: string, opts: ScanOptions = {}): Promise<ScanResult> {
  return new ProjectScanner(root, { parseWorker: false, ...opts }).scan();
}

/** Every file's path and content under root: what a scan without caches depends on. */
function treeHash(root: string): string {
  const hash = createHash('sha256');
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) visit(p);
      else hash.update(`${relative(root, p)}\0`).update(readFileSync(p)).update('\0');
    }
  };
  visit(root);
  return hash.digest('hex');
}

const reference = new Map<string, Promise<ScanResult>>();

/**
 * The scan without any cache, default options, of root as its files are now. A tree with the same
 * files as one scanned before gets that scan's result (the scanner without caches reads nothing
 * else), so several comparisons on one state of the tree scan it once.
 */
export function scanWithoutCaches(root: string): Promise<ScanResult> {
  const key = `${root}\0${treeHash(root)}`;
  if (!reference.has(key)) reference.set(key, scanInThread(root));
  return reference.get(key)!;
}

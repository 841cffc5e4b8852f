// The plugin zip carries the sidecar as scripts/stage-sidecar.mjs lays it out (the Gradle build runs
// it). Here the staged copy runs away from the checkout: it must find every package the bundle
// leaves external, load the native ones, serve the explorer's files, and scan as the build does.

import { execFileSync } from 'node:child_process';
import { run } from '../export/files';
import fs from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let stage: string;

beforeAll(async () => {
  stage = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-stage-'));
  // Not execFileSync: copying node_modules on a busy machine can block the worker past vitest's RPC deadline.
  const staged = await run(process.execPath, [path.join(ROOT, 'scripts/stage-sidecar.mjs'), stage], { timeoutMs: 10 * 60_000 });
  if (staged.status !== 0) throw new Error(`stage-sidecar failed (exit ${staged.status}):\n${staged.stderr}`);
}, 600_000);

afterAll(() => fs.rmSync(stage, { recursive: true, force: true }));

it('stages the bundle, the explorer web app and a package.json with the version', () => {
  expect(fs.existsSync(path.join(stage, 'dist/apiscout.mjs'))).toBe(true);
  expect(fs.readdirSync(path.join(stage, 'dist/ui')).sort()).toEqual(fs.readdirSync(path.join(ROOT, 'dist/ui')).filter((f) => !f.endsWith('.map')).sort());
  const pkg = JSON.parse(fs.readFileSync(path.join(stage, 'package.json'), 'utf8'));
  expect(pkg.version).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
  expect(pkg.devDependencies).toBeUndefined();
  // No dev tool came along.
  for (const dev of ['rollup', 'vitest', 'typescript', 'playwright-core']) expect(fs.existsSync(path.join(stage, 'node_modules', dev))).toBe(false);
});

it('resolves every package the bundle imports, and loads the native ones', async () => {
  const bundle = path.join(stage, 'dist/apiscout.mjs');
  // The bundle and the chunks it loads per command.
  const dist = path.join(stage, 'dist');
  const text = fs.readdirSync(dist).filter((f) => f.endsWith('.mjs')).map((f) => fs.readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const imported = new Set([
    ...text.matchAll(/^import\s[^;]*?from\s*'([^'./][^']*)';?$/gm), ...text.matchAll(/\bimport\('([^'./][^']*)'\)/g),
    // Loaded on first use (core/lazy-require.ts): still shipped, still resolved from the stage.
    ...text.matchAll(/\blazyRequire(?:\$\d+)?(?:<[^>]*>)?\('([^'./][^']*)'\)/g),
  ].map((m) => m[1]!));
  const external = [...imported].filter((m) => !m.startsWith('node:') && !builtinModules.includes(m.split('/')[0]!));
  expect(external).toEqual(expect.arrayContaining(['tree-sitter', 'tree-sitter-java', 'tree-sitter-kotlin', 'isolated-vm', 'ws', 'protobufjs', 'protobufjs/ext/protojson.js']));
  const require = createRequire(bundle);
  for (const m of external) expect(require.resolve(m), m).toContain(path.join(stage, 'node_modules'));
  // The native modules load from the staged copy (a stripped build directory would fail here).
  const out = execFileSync(process.execPath, ['-e', "for (const m of ['tree-sitter', 'tree-sitter-java', 'tree-sitter-kotlin', 'isolated-vm']) require(m); console.log('loaded')"], {
    cwd: path.join(stage, 'dist'),
    encoding: 'utf8',
  });
  expect(out.trim()).toBe('loaded');
});

it('scans Java and Kotlin from outside the checkout as the built bundle does', () => {
  const scan = (bundle: string, fixture: string) =>
    JSON.parse(execFileSync(process.execPath, [bundle, 'scan', '--json', path.join(ROOT, 'test/fixtures', fixture)], { cwd: os.tmpdir(), encoding: 'utf8' })) as { endpoints: unknown[] };
  for (const fixture of ['kotlin', 'shop']) {
    const staged = scan(path.join(stage, 'dist/apiscout.mjs'), fixture);
    expect(staged.endpoints.length).toBeGreaterThan(0);
    expect(staged.endpoints).toEqual(scan(path.join(ROOT, 'dist/apiscout.mjs'), fixture).endpoints);
  }
}, 60_000);


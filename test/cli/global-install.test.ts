// `npm install -g .` and `npm link`, the README's ways to have `apiscout` on the PATH: each into
// its own temporary npm prefix, then `apiscout` run by name from a folder outside the clone.
// What is installed is the `npm pack` content (what a clone holds after `npm install`, without
// the sources) with the clone's node_modules linked beside it: the test stays offline, and
// --ignore-scripts skips the prepare build `npm test` has done already.

import { execFile } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHOP = join(ROOT, 'test/fixtures/shop');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

let work: string;
let clone: string;
let elsewhere: string;

/** A command's exit code and output; asynchronous, so the test worker keeps answering vitest meanwhile. */
async function run(file: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { ...options, encoding: 'utf8', maxBuffer: 1 << 26 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string; message: string };
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr || err.message };
  }
}

/** npm with a prefix of its own for global installs, offline, never asking. */
async function npm(args: string[], cwd: string, prefix: string): Promise<void> {
  const r = await run('npm', [...args, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    env: { ...process.env, NPM_CONFIG_PREFIX: prefix, NPM_CONFIG_UPDATE_NOTIFIER: 'false' },
  });
  expect(r.code, `npm ${args.join(' ')}\n${r.stdout}\n${r.stderr}`).toBe(0);
}

/** `apiscout ...` found on the PATH as a shell finds it: the prefix's bin first, then this Node. */
function apiscout(prefix: string, args: string[]) {
  return run('apiscout', args, {
    cwd: elsewhere,
    env: { ...process.env, PATH: [join(prefix, 'bin'), dirname(process.execPath), process.env.PATH].join(delimiter), NO_COLOR: '1', APISCOUT_CONFIG_DIR: join(work, 'user') },
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-global-'));
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, env: process.env });
  expect(packed.code, packed.stderr).toBe(0);
  const untar = await run('tar', ['-xzf', join(work, (JSON.parse(packed.stdout) as Array<{ filename: string }>)[0]!.filename), '-C', work], { cwd: work, env: process.env });
  expect(untar.code, untar.stderr).toBe(0);
  clone = join(work, 'package');
  // Beside the clone, not in it: Node finds the packages there all the same, and npm, which
  // manages a package's own node_modules, has none of the clone's here to touch.
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
  elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
  // A project of the user's, away from the clone.
  cpSync(SHOP, join(elsewhere, 'shop'), { recursive: true });
}, 300_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function runsFromAnywhere(prefix: string): Promise<void> {
  const bin = join(prefix, 'bin', 'apiscout');
  expect(lstatSync(bin).isSymbolicLink()).toBe(true);
  expect(realpathSync(bin)).toBe(realpathSync(join(clone, 'cli/bin.mjs')));
  const version = await apiscout(prefix, ['--version']);
  expect(version.code, version.stderr).toBe(0);
  expect(version.stdout.trim()).toBe(pkg.version);
  const scan = await apiscout(prefix, ['scan', '--json', 'shop']);
  expect(scan.code, scan.stderr).toBe(0);
  const endpoints = (JSON.parse(scan.stdout) as { endpoints: Array<{ address: string }> }).endpoints;
  expect(endpoints.length).toBeGreaterThan(30);
  expect(endpoints.map((e) => e.address)).toContain('POST /api/v1/carts/{cartId}/items');
  // The user's project gets its state; the installed package none.
  expect(existsSync(join(clone, 'test/fixtures/shop/.apiscout'))).toBe(false);
}

describe('apiscout on the PATH', () => {
  it('npm install -g . links the clone into the prefix, and apiscout runs from another folder', async () => {
    const prefix = join(work, 'global');
    await npm(['install', '-g', '.'], clone, prefix);
    await runsFromAnywhere(prefix);
  }, 300_000);

  it('npm link does the same', async () => {
    const prefix = join(work, 'linked');
    await npm(['link'], clone, prefix);
    await runsFromAnywhere(prefix);
  }, 300_000);
});

// The tarball `npm pack` makes holds everything `apiscout` needs to run outside the clone: the
// bundle, the explorer, the bundled sample, the postinstall script. Installed here by unpacking it
// into a temp folder and linking the clone's node_modules in place of the registry's packages
// (the test stays offline), then run from another temp folder.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; name: string };

let work: string;
let installed: string;
let elsewhere: string;

function apiscout(args: string[]) {
  const r = spawnSync(process.execPath, [join(installed, 'cli/bin.mjs'), ...args], {
    cwd: elsewhere,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: join(work, 'user') },
    maxBuffer: 1 << 26,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-pack-'));
  // --ignore-scripts: `npm test` built dist/ already; prepare would only build it again.
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const tarball = join(work, (JSON.parse(out) as Array<{ filename: string }>)[0]!.filename);
  execFileSync('tar', ['-xzf', tarball, '-C', work]);
  installed = join(work, 'package');
  symlinkSync(join(ROOT, 'node_modules'), join(installed, 'node_modules'), 'dir');
  elsewhere = join(work, 'elsewhere');
  mkdirSync(elsewhere);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm pack tarball', () => {
  it('runs apiscout --version and scans the bundled sample from any folder', () => {
    const version = apiscout(['--version']);
    expect(version.code, version.stderr).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
    const scan = apiscout(['scan', '--json', '--endpoints-only']);
    expect(scan.code, scan.stderr).toBe(0);
    expect((JSON.parse(scan.stdout) as { endpoints: unknown[] }).endpoints.length).toBeGreaterThan(30);
  });

  it('writes no state into the installed package', () => {
    const r = apiscout(['search', 'orders']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(installed, 'test/fixtures/shop/.apiscout'))).toBe(false);
  });

  it('leaves the sources, tests and development files out', () => {
    expect(existsSync(join(installed, 'dist/apiscout.mjs'))).toBe(true);
    expect(existsSync(join(installed, 'dist/ui/index.html'))).toBe(true);
    expect(existsSync(join(installed, 'core'))).toBe(false);
    expect(existsSync(join(installed, 'test/cli'))).toBe(false);
  });
});

// npm's prepare (scripts/prepare.mjs) runs on every `npx apiscout`, `npm link` and `npm install -g .`
// in the clone, its output hidden by npm: it must not rebuild a dist/ that is up to date, and
// when it builds it says so on stderr before rollup starts. Checked on a miniature clone in a temp
// folder (no rollup there, so a build it starts fails at once, after its first line).

import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../scripts/prepare.mjs', import.meta.url));
const OUTPUTS = ['dist/apiscout.mjs', 'dist/parse-worker.mjs', 'dist/yaml.cjs', 'dist/spec-yaml.cjs', 'dist/ui/app.js', 'dist/ui/pretty-worker.js', 'dist/ui/search-worker.js', 'dist/ui/index.html'];

let clone: string;

function write(rel: string, at: number): void {
  const file = join(clone, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, '');
  utimesSync(file, at, at);
}

async function prepare(): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [join(clone, 'scripts/prepare.mjs')], { cwd: clone, encoding: 'utf8' });
    return { code: 0, stderr };
  } catch (e) {
    const err = e as { code: number; stderr: string };
    return { code: err.code, stderr: err.stderr };
  }
}

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'apiscout-prepare-'));
  cpSync(SCRIPT, join(clone, 'scripts/prepare.mjs'));
  const past = Date.now() / 1000 - 3600;
  for (const rel of ['core/scan/scan.ts', 'cli/main.ts', 'ide-bridge/ui/app.tsx', 'package.json']) write(rel, past);
  for (const rel of OUTPUTS) write(rel, past + 60);
});
afterAll(() => rmSync(clone, { recursive: true, force: true }));

describe('prepare', () => {
  it('leaves a dist/ built after the last change of the sources alone, and says so', async () => {
    const r = await prepare();
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('apiscout: dist/ is up to date with the sources; not rebuilding.\n');
  });

  it('a test file changed later does not count: it is not in the bundle', async () => {
    write('core/scan/scan.test.ts', Date.now() / 1000);
    expect((await prepare()).stderr).toContain('up to date');
  });

  it('builds when a source changed after the build, saying so before rollup starts', async () => {
    write('core/scan/scan.ts', Date.now() / 1000);
    const r = await prepare();
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe('apiscout: building dist/ with rollup (1-5 minutes; once after each change of the sources)...');
    // No rollup in the miniature clone: the build fails, and says how to see why.
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('apiscout: the build failed');
  });

  it('builds when an output is missing', async () => {
    write('core/scan/scan.ts', Date.now() / 1000 - 7200);
    rmSync(join(clone, 'dist/ui/app.js'));
    expect((await prepare()).stderr).toMatch(/^apiscout: building dist\//);
  });
});

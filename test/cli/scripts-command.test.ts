// `apiscout scripts`: the bundled CLI loads isolated-vm (external to the rollup bundle) and checks
// every configured script without running it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const project = mkdtempSync(join(tmpdir(), 'apiscout-scripts-cli-'));
const userDir = mkdtempSync(join(tmpdir(), 'apiscout-scripts-user-'));
afterAll(() => {
  rmSync(project, { recursive: true, force: true });
  rmSync(userDir, { recursive: true, force: true });
});

function run(dir: string) {
  const r = spawnSync(process.execPath, [BIN, 'scripts', dir], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: userDir } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('apiscout scripts', () => {
  it('lists the configured scripts and reports the ones that do not compile, with their line', () => {
    mkdirSync(join(project, '.apiscout'), { recursive: true });
    writeFileSync(
      join(project, '.apiscout/config.properties'),
      [
        "http.call.before=js:request.setHeader('X-A', '1')",
        'http.call.after[class:OrderController]=groovy:```',
        'def token = response.json()?.token',
        'localStorage.set("token", token ?: "none")',
        '```',
        'http.call.after[folder:Orders]=groovy:```',
        'def n = 1',
        'def r = 1..n',
        '```',
      ].join('\n'),
    );
    const r = run(project);
    expect(r.stdout).toBe(
      [
        'ok   http.call.after[class:OrderController] (.apiscout/config.properties) (groovy, 2 lines)',
        'FAIL http.call.after[folder:Orders] (.apiscout/config.properties), line 2: a range (a..b) is outside the groovy subset apiscout runs',
        'ok   http.call.before (.apiscout/config.properties) (js, 1 line)',
        '3 scripts, 1 failed',
        '',
      ].join('\n'),
    );
    expect(r.code).toBe(1);
  });

  it('passes a project whose scripts all compile, and one without scripts', () => {
    writeFileSync(join(project, '.apiscout/config.properties'), "http.call.before=js:```\nrequest.setQuery('a', 1)\n```\n");
    expect(run(project)).toMatchObject({ code: 0, stdout: 'ok   http.call.before (.apiscout/config.properties) (js, 1 line)\n1 script, 0 failed\n' });
    const empty = mkdtempSync(join(tmpdir(), 'apiscout-scripts-empty-'));
    expect(run(empty)).toMatchObject({ code: 0, stdout: `no request scripts configured in ${empty}\n` });
    rmSync(empty, { recursive: true, force: true });
  });

  it('a JavaScript syntax error names its line', () => {
    writeFileSync(join(project, '.apiscout/config.properties'), "http.call.after=js:```\nconst a = 1\nconst = 2\n```\n");
    const r = run(project);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL http.call.after (.apiscout/config.properties), line 2: SyntaxError');
  });
});

// `apiscout settings` as a user runs it: the built bundle in a child process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

describe('apiscout settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-settings-cli-'));
  const userDir = mkdtempSync(join(tmpdir(), 'apiscout-settings-user-'));
  const settings = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'settings', ...args, '--dir', dir], { encoding: 'utf8', env: { ...process.env, APISCOUT_CONFIG_DIR: userDir } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('lists every setting with its source, and sets user and project values', () => {
    const all = settings().stdout;
    expect(all).toMatch(/^actuator\.enabled +false +\(default\) +Actuator support$/m);
    expect(all).toMatch(/^curl\.renderMode +"keep" +\(default\)/m);
    // Columns line up: every value, source and label starts where the others do.
    const lines = all.trimEnd().split('\n');
    const columns = (l: string) => {
      const m = /^(\S+ +)(\S+ +)(\((?:default|user|project)\) +)\S/.exec(l)!;
      return [m[1]!.length, m[1]!.length + m[2]!.length, m[1]!.length + m[2]!.length + m[3]!.length];
    };
    expect(new Set(lines.map((l) => columns(l).join()))).toEqual(new Set([columns(lines[0]!).join()]));
    expect(settings('set', 'curl.renderMode', 'resolve').code).toBe(0);
    expect(settings('set', 'actuator.enabled', 'true', '--project').code).toBe(0);
    expect(settings('set', 'sync.postmanApiToken', 'PMAK-secret').code).toBe(0);
    const after = settings().stdout;
    expect(after).toMatch(/^curl\.renderMode +"resolve" +\(user\)/m);
    expect(after).toMatch(/^actuator\.enabled +true +\(project\)/m);
    expect(after).toMatch(/^sync\.postmanApiToken +"\*\*\*\*\*\*" +\(user\)/m);
    expect(after).not.toContain('PMAK-secret');
    expect(JSON.parse(readFileSync(join(dir, '.apiscout/settings.json'), 'utf8'))).toEqual({ 'actuator.enabled': true });
    expect(settings('get', 'curl.renderMode').stdout).toBe('"resolve"\n');
    expect(settings('unset', 'curl.renderMode').code).toBe(0);
    expect(settings('get', 'curl.renderMode').stdout).toBe('"keep"\n');
  });

  it('rejects unknown keys, invalid values and secrets in the project file', () => {
    expect(settings('get', 'no.such').stderr).toContain("unknown setting 'no.such'");
    const bad = settings('set', 'http.timeoutMs', 'soon');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'http.timeoutMs' must be an integer from 0 to 86400000");
    expect(settings('set', 'sync.postmanApiToken', 'x', '--project').stderr).toContain('per-user setting');
  });
});

// `apiscout env` as a user runs it: the built bundle in a child process, on a temp project.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvironmentStore } from '../../core/env/environments';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

describe('apiscout env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-env-cli-'));
  const userDir = mkdtempSync(join(tmpdir(), 'apiscout-env-user-'));
  const env = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, 'env', ...args, '--dir', dir], { encoding: 'utf8', env: { ...process.env, APISCOUT_CONFIG_DIR: userDir, NO_COLOR: '1' } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('creates, sets (secrets apart), selects, renames and deletes', () => {
    expect(env('create', 'dev', 'host=http://127.0.0.1:8080').code).toBe(0);
    expect(env('set', 'dev', 'token=tok-123', '--secret').code).toBe(0);
    expect(env('create', 'prod').code).toBe(0);
    expect(env('use', 'dev').code).toBe(0);
    expect(env('list').stdout).toBe('* dev  (2 variables)\n  prod  (0 variables)\n');
    expect(env('show', 'dev').stdout).toBe('host=http://127.0.0.1:8080\ntoken=******  (secret)\n');
    expect(readFileSync(join(dir, '.apiscout/environments.json'), 'utf8')).not.toContain('tok-123');
    const userFile = join(userDir, 'projects', readdirSync(join(userDir, 'projects'))[0]!);
    expect(readFileSync(userFile, 'utf8')).toContain('tok-123');
    expect(new EnvironmentStore({ projectDir: dir, userDir }).active()!.variables).toContainEqual({ key: 'token', value: 'tok-123', secret: true });

    expect(env('rename', 'dev', 'local').code).toBe(0);
    expect(env('list').stdout).toBe('* local  (2 variables)\n  prod  (0 variables)\n');
    expect(env('unset', 'local', 'host').code).toBe(0);
    expect(env('show', 'local').stdout).toBe('token=******  (secret)\n');
    expect(env('use', '--none').code).toBe(0);
    expect(env('delete', 'prod').code).toBe(0);
    expect(env('list').stdout).toBe('  local  (1 variable)\n');
  });

  it('names the problem on bad input', () => {
    const missing = env('use', 'qa');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("no environment named 'qa'");
    expect(env('create', 'x', 'novalue').stderr).toContain("expected KEY=VALUE, got 'novalue'");
    expect(env('frobnicate').code).toBe(2);
  });
});

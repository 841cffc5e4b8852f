// Concurrent writers of the environment files (issue 23): separate `apiscout env set` processes
// changing different keys of one environment at the same time all keep their values, secret ones
// too. Each variable is read and written inside the file's lock.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const base = mkdtempSync(join(tmpdir(), 'apiscout-env-concurrent-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function runSync(dir: string, userDir: string, args: string[]) {
  return spawnSync(process.execPath, [BIN, 'env', ...args, '--dir', dir], { encoding: 'utf8', env: { ...process.env, APISCOUT_CONFIG_DIR: userDir, NO_COLOR: '1' } });
}

/** One writer: sets its keys one `env set` process after another; resolves with the keys confirmed (exit 0). */
async function writer(dir: string, userDir: string, prefix: string, count: number, secret: boolean): Promise<string[]> {
  const confirmed: string[] = [];
  for (let i = 0; i < count; i++) {
    const key = `${prefix}${i}`;
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [BIN, 'env', 'set', 'dev', `${key}=v-${key}`, ...(secret ? ['--secret'] : []), '--dir', dir], {
        stdio: 'ignore',
        env: { ...process.env, APISCOUT_CONFIG_DIR: userDir, NO_COLOR: '1' },
      });
      child.on('exit', resolve);
    });
    if (code === 0) confirmed.push(key);
  }
  return confirmed;
}

describe('two concurrent env set processes', () => {
  for (const secret of [false, true]) {
    it(`keep every confirmed value${secret ? ' (--secret)' : ''}`, async () => {
      const dir = mkdtempSync(join(base, 'project-'));
      const userDir = mkdtempSync(join(base, 'user-'));
      expect(runSync(dir, userDir, ['create', 'dev']).status).toBe(0);
      const [a, b] = await Promise.all([writer(dir, userDir, 'a', 8, secret), writer(dir, userDir, 'b', 8, secret)]);
      expect(a.length + b.length).toBe(16);
      const shown = runSync(dir, userDir, ['show', 'dev']);
      expect(shown.status).toBe(0);
      for (const key of [...a, ...b]) expect(shown.stdout).toContain(secret ? `${key}=******  (secret)` : `${key}=v-${key}`);
      if (secret) {
        // The values themselves, resolved as a request would: every one is still there.
        const { EnvironmentStore } = await import('../../core/env/environments');
        const env = new EnvironmentStore({ projectDir: dir, userDir }).require('dev');
        for (const key of [...a, ...b]) expect(env.variables).toContainEqual({ key, value: `v-${key}`, secret: true });
      }
    }, 240_000);
  }
});

import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSyncToken, saveSyncToken, syncStatus, TOKEN_ENV } from './sync-token';

const dirs: string[] = [];
const userDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'apiscout-token-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('the Postman API key', () => {
  it('is missing until set, and sync says how to set it', () => {
    const dir = userDir();
    expect(readSyncToken(dir, {})).toBeUndefined();
    const status = syncStatus(dir, {});
    expect(status.enabled).toBe(false);
    expect(!status.enabled && status.reason).toContain(`Set ${TOKEN_ENV}, or run 'apiscout env token'`);
  });

  it('is stored owner-only in the user settings, and the environment variable wins', async () => {
    const dir = userDir();
    const path = await saveSyncToken(dir, '  PMAK-from-file \n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readSyncToken(dir, {})).toEqual({ token: 'PMAK-from-file', source: path });
    expect(readSyncToken(dir, { [TOKEN_ENV]: 'PMAK-from-env' })).toEqual({ token: 'PMAK-from-env', source: TOKEN_ENV });
    expect(syncStatus(dir, {})).toEqual({ enabled: true, source: path });
    await saveSyncToken(dir, undefined);
    expect(readFileSync(path, 'utf8')).not.toContain('PMAK');
    expect(readSyncToken(dir, {})).toBeUndefined();
  });

  it('is refused from a file others can read, and must be one printable word', async () => {
    const dir = userDir();
    const path = await saveSyncToken(dir, 'PMAK-x');
    chmodSync(path, 0o640);
    expect(() => readSyncToken(dir, {})).toThrow(`others can read it (mode 640); run chmod 600 ${path}`);
    expect(syncStatus(dir, {})).toMatchObject({ enabled: false });
    await expect(saveSyncToken(dir, 'two words')).rejects.toThrow('the API key must be a single word of printable characters');
  });
});

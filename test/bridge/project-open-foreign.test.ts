// project/open on the real sidecar through a symlink to a folder that is not the user's (owned by
// another uid, or a system folder like /etc): the decision is made on the real path, so the state
// lands in the user folder and nothing is written in the target.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalStateDir, projectStateDir } from '../../core/config/user-dir';
import { SidecarClient } from './sidecar-client';
import { restoreEnv } from '../restore-env';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

let tmp: string;
let userDir: string;
let client: SidecarClient;
const savedEnv = { ...process.env };

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-foreign-open-'));
  userDir = path.join(tmp, 'user');
  process.env.APISCOUT_CONFIG_DIR = userDir;
  client = new SidecarClient(['serve', '--stdio', '--no-ui']);
});

afterAll(async () => {
  restoreEnv(savedEnv);
  expect(await client.close()).toBe(0);
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('project/open through a symlink', () => {
  it.skipIf(process.platform === 'win32')('to a folder owned by another user keeps the state in the user folder', async () => {
    const target = path.join(tmp, 'theirs');
    fs.cpSync(path.join(FIXTURES, 'bad-input', 'base'), target, { recursive: true });
    // As root every folder is writable: another owner is what makes it not ours. As a user, a
    // read-only folder is the same case.
    if (process.getuid?.() === 0) fs.chownSync(target, 65534, 65534);
    fs.chmodSync(target, 0o555);
    const link = path.join(tmp, 'link');
    fs.symlinkSync(target, link);
    try {
      await client.request('project/open', { root: link });
      const scanned = await client.request('project/wait', { project: link });
      expect(scanned.endpointCount).toBeGreaterThan(0);
      const state = externalStateDir(link, { APISCOUT_CONFIG_DIR: userDir });
      expect(fs.readdirSync(state)).toContain('index.json');
      expect(fs.existsSync(path.join(target, '.apiscout'))).toBe(false);
    } finally {
      fs.chmodSync(target, 0o755);
    }
  });

  it.skipIf(process.platform === 'win32')('to /etc never chooses /etc/.apiscout, even for root', () => {
    const link = path.join(tmp, 'etc-link');
    fs.symlinkSync('/etc', link);
    expect(projectStateDir('/etc')).not.toMatch(/^\/etc\//);
    expect(projectStateDir(link)).toBe(externalStateDir(link));
    expect(projectStateDir(link).startsWith(userDir + path.sep)).toBe(true);
  });
});

// The sidecar's scans keep the scan cache in the project's state folder, so the scan after the
// retained index's first tree is warm on the next start; the "scan.cache" setting (project or
// user) turns it off, and so does `serve --no-cache`'s environment twin, APISCOUT_SCAN_CACHE=0.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SidecarClient } from './sidecar-client';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
let tmp: string;
let env: NodeJS.ProcessEnv;

const cacheOf = (project: string) => path.join(project, '.apiscout', 'scan-cache.bin');

function copyShop(name: string): string {
  const dir = path.join(tmp, name);
  fs.cpSync(SHOP, dir, { recursive: true });
  return dir;
}

async function scanIn(client: SidecarClient, root: string) {
  await client.request('project/open', { root });
  return client.request('project/wait', { project: root });
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-bridge-scan-cache-'));
  // The test run turns the cache off for every child (vitest.config.ts): on again here.
  env = { ...process.env, APISCOUT_CONFIG_DIR: path.join(tmp, 'user'), APISCOUT_SCAN_CACHE: '' };
});

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
}, 120_000);

// Sidecar processes scanning: generous time, for a loaded machine.
describe('the sidecar and the scan cache', { timeout: 300_000 }, () => {
  it('writes it on the first start; the next start shows the retained index first, then scans warm to the same endpoints', async () => {
    const shop = copyShop('warm');
    const first = new SidecarClient(['serve', '--stdio', '--no-ui'], env);
    let before: unknown[];
    try {
      expect((await scanIn(first, shop)).state).toBe('ready');
      before = (await first.request('endpoints/tree', { project: shop })).modules;
    } finally {
      expect(await first.close()).toBe(0);
    }
    expect(fs.existsSync(cacheOf(shop))).toBe(true);
    const written = fs.statSync(cacheOf(shop)).mtimeMs;

    const second = new SidecarClient(['serve', '--stdio', '--no-ui'], env);
    try {
      const opened = await second.request('project/open', { root: shop });
      // The first tree: the retained index, at once.
      expect(opened.fromRetainedIndex).toBe(true);
      expect(opened.endpointCount).toBe(34);
      const status = await second.request('project/wait', { project: shop });
      expect(status.state).toBe('ready');
      expect(status.fromRetainedIndex).toBe(false);
      expect((await second.request('endpoints/tree', { project: shop })).modules).toEqual(before);
    } finally {
      expect(await second.close()).toBe(0);
    }
    // Every parse came from the cache: nothing new to write.
    expect(fs.statSync(cacheOf(shop)).mtimeMs).toBe(written);
  });

  it('keeps none with the scan.cache setting off, or with APISCOUT_SCAN_CACHE=0', async () => {
    const off = copyShop('setting-off');
    fs.mkdirSync(path.join(off, '.apiscout'));
    fs.writeFileSync(path.join(off, '.apiscout', 'settings.json'), JSON.stringify({ 'scan.cache': false }));
    const byEnv = copyShop('env-off');
    const client = new SidecarClient(['serve', '--stdio', '--no-ui'], env);
    const envOff = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...env, APISCOUT_SCAN_CACHE: '0' });
    try {
      expect((await scanIn(client, off)).endpointCount).toBeGreaterThan(10);
      expect((await scanIn(envOff, byEnv)).endpointCount).toBeGreaterThan(10);
    } finally {
      expect(await client.close()).toBe(0);
      expect(await envOff.close()).toBe(0);
    }
    expect(fs.existsSync(cacheOf(off))).toBe(false);
    expect(fs.existsSync(cacheOf(byEnv))).toBe(false);
  });
});

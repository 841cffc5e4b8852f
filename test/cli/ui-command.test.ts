// `apiscout ui`: opens the explorer with the platform's opener, or prints the URL when there is
// none; bad input exits 2 naming it. The opener is a stand-in on PATH that records its argument.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let tmp: string;
let shop: string;

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'apiscout-ui-cli-'));
  shop = path.join(tmp, 'shop');
  fs.cpSync(SHOP, shop, { recursive: true });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Runs `apiscout ui` until its output says `until`, then stops it with Ctrl+C. */
async function runUntil(args: string[], env: NodeJS.ProcessEnv, until: RegExp): Promise<{ out: string; code: number | null }> {
  const child = spawn(process.execPath, [BIN, 'ui', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 20_000;
  while (!until.test(out) && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 25));
  child.kill('SIGINT');
  return { out, code: await exited };
}

describe.skipIf(process.platform !== 'linux')('apiscout ui', () => {
  it('opens the URL with xdg-open', async () => {
    const bin = path.join(tmp, 'with-opener');
    fs.mkdirSync(bin);
    const record = path.join(tmp, 'opened.txt');
    fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > '${record}'\n`, { mode: 0o755 });
    const { out, code } = await runUntil([shop], { ...process.env, PATH: bin }, /Ctrl\+C/);
    expect(code).toBe(0);
    const url = /http:\/\/127\.0\.0\.1:\d+\/[\w-]+\//.exec(out)![0];
    expect(fs.readFileSync(record, 'utf8').trim()).toBe(url);
    expect(out).not.toContain('No browser could be opened');
  });

  it('prints the URL and says so when no browser can be opened', async () => {
    const empty = path.join(tmp, 'no-opener');
    fs.mkdirSync(empty);
    const { out, code } = await runUntil([shop], { ...process.env, PATH: empty }, /Ctrl\+C/);
    expect(code).toBe(0);
    expect(out).toMatch(/API Explorer for .*shop\n {2}http:\/\/127\.0\.0\.1:\d+\/[\w-]{32}\/\n/);
    expect(out).toContain('No browser could be opened here: open the URL above in one.');
  });

  it('exits 2 naming a bad directory or port', () => {
    const missing = spawnSync(process.execPath, [BIN, 'ui', '--no-open', path.join(tmp, 'missing')], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    // As scan says it: a missing folder is missing, a file is not a directory.
    expect(missing.stderr).toBe(`apiscout ui: cannot read ${path.join(tmp, 'missing')}: no such directory\n`);
    const file = spawnSync(process.execPath, [BIN, 'ui', '--no-open', path.join(shop, 'pom.xml')], { encoding: 'utf8' });
    expect(file.status).toBe(2);
    expect(file.stderr).toBe(`apiscout ui: ${path.join(shop, 'pom.xml')} is not a directory\n`);
    const port = spawnSync(process.execPath, [BIN, 'ui', '--no-open', '--port', 'http', shop], { encoding: 'utf8' });
    expect(port.status).toBe(2);
    expect(port.stderr).toContain("--port wants a port number, got 'http'");
  });
});

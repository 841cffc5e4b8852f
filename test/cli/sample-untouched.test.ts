// The README's first command runs on the bundled sample: `ui`, `search`, `call` and `export` on
// test/fixtures/shop itself (not a copy) leave the tree unchanged, and their state goes to the user
// folder keyed by the project's path, so the tests that copy the sample never copy state with it.

import { spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalStateDir } from '../../core/config/user-dir';
import type { Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';
import { BIN, runCli, type CliRun } from './run-cli';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let work: string;
let userDir: string;
let server: Running;

function env(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _ignored, ...rest } = process.env;
  return { ...rest, NO_COLOR: '1', APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '', PATH: join(work, 'no-opener') };
}

/** Every path under `dir` with its size and modification time. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else {
        const st = statSync(p);
        out.push(`${relative(dir, p)} ${st.size} ${st.mtimeMs}`);
      }
    }
    out.push(`${relative(dir, d)}/`);
  };
  walk(dir);
  return out.sort();
}

function run(args: string[]): Promise<CliRun> {
  return runCli(args, env());
}

let before: string[];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-sample-'));
  userDir = join(work, 'user');
  mkdirSync(join(work, 'no-opener'));
  server = await httpServer(echo);
  before = snapshot(SHOP);
});
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the bundled sample', () => {
  it('is unchanged after ui, search, call and export; their state is in the user folder', async () => {
    const state = externalStateDir(SHOP, { APISCOUT_CONFIG_DIR: userDir });

    // `ui` until its scan has retained the index, then Ctrl+C.
    const ui = spawn(process.execPath, [BIN, 'ui', SHOP, '--no-open'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => ui.once('exit', resolve));
    const deadline = Date.now() + 120_000;
    while (!existsSync(join(state, 'index.json')) && Date.now() < deadline && ui.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    ui.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(existsSync(join(state, 'index.json'))).toBe(true);

    const search = await run(['search', 'orders', SHOP]);
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toContain('GET /api/v1/orders');

    const call = await run(['call', 'GET /api/v1/orders/{orderId}', SHOP, '--host', server.url, '--param', 'orderId=42']);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('"url": "/api/v1/orders/42"');
    expect(existsSync(join(state, 'requests.json'))).toBe(true);

    const out = join(work, 'export');
    const exported = await run(['export', '--format', 'openapi', '--out', out, SHOP]);
    expect(exported.code, exported.stderr).toBe(0);

    expect(existsSync(join(SHOP, '.apiscout'))).toBe(false);
    expect(snapshot(SHOP)).toEqual(before);
  });

  it.skipIf(process.platform === 'win32')('keeps the state of a read-only or foreign project in the user folder', async () => {
    const project = join(work, 'readonly-shop');
    cpSync(SHOP, project, { recursive: true });
    // root may write anywhere: a folder owned by another user is what it cannot call its own.
    if (process.getuid?.() === 0) chownSync(project, 65534, 65534);
    chmodSync(project, 0o555);
    try {
      const r = await run(['search', 'orders', project]);
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(project, '.apiscout'))).toBe(false);
      expect(existsSync(join(externalStateDir(project, { APISCOUT_CONFIG_DIR: userDir }), 'index.json'))).toBe(true);
    } finally {
      chmodSync(project, 0o755);
    }
  });
});

// Bad input on every command: one line naming the input, at most one hint line, exit code 2
// (README "Exit codes"); `--out` failures in words, without the temp file or an errno.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fsReason } from '../../core/errors';
import type { Running } from '../call/servers';
import { echo, httpServer } from '../call/servers';
import { runCli, type CliRun } from './run-cli';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let work: string;
let server: Running;

function run(args: string[]): Promise<CliRun> {
  return runCli(args, { http_proxy: '', HTTP_PROXY: '' });
}

/** Exit 2, a first line that names `input`, and at most one hint line after it. */
async function badInput(args: string[], input: string): Promise<string[]> {
  const r = await run(args);
  const lines = r.stderr.trimEnd().split('\n');
  expect(r.code, r.stderr).toBe(2);
  expect(lines.length, r.stderr).toBeLessThanOrEqual(2);
  expect(lines[0]).toContain(input);
  if (lines[1]) expect(lines[1]).toMatch(/^Run 'apiscout /);
  expect(r.stderr).not.toMatch(/\bE[A-Z]{3,}\b|\.tmp\b|Usage:/);
  return lines;
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-errors-'));
  server = await httpServer(echo);
});
afterAll(async () => {
  await server.close();
  chmodSync(work, 0o755);
  rmSync(work, { recursive: true, force: true });
});

describe('bad input, one line and a hint', () => {
  it('an unknown command or option', async () => {
    await badInput(['frobnicate'], "'frobnicate'");
    const lines = await badInput(['scan', '--frobnicate', SHOP], "'--frobnicate'");
    expect(lines[0]).toBe("apiscout scan: Unknown option '--frobnicate'");
  });

  it('scan: a missing folder', async () => {
    await badInput(['scan', join(work, 'nowhere')], 'nowhere');
  });

  it('search: no query, and a bad --limit', async () => {
    await badInput(['search'], 'query');
    await badInput(['search', 'x', SHOP, '--limit', 'many'], "'many'");
    // A value that starts with a dash: parseArgs's three lines become one that says how to write it.
    const dash = await badInput(['search', 'x', SHOP, '--limit', '-1'], "'--limit'");
    expect(dash[0]).toBe("apiscout search: Option '--limit' argument is ambiguous: a value that starts with a dash is written '--limit=-XYZ'");
  });

  it('show: an unknown id', async () => {
    await badInput(['show', 'no-such-endpoint-anywhere', SHOP], "'no-such-endpoint-anywhere'");
  });

  it('call: an unknown id, a path parameter without a value, an --out that cannot be written', async () => {
    await badInput(['call', 'no-such-endpoint-anywhere', SHOP], "'no-such-endpoint-anywhere'");
    const file = join(work, 'a-file');
    writeFileSync(file, '');
    const lines = await badInput(['call', 'GET /api/v1/orders/{orderId}', SHOP, '--host', server.url, '--param', 'orderId=1', '--out', join(file, 'body.json')], join(file, 'body.json'));
    expect(lines[0]).toContain('a parent is not a directory');
  });

  it('export: an unknown format, an --out under a file or in a folder that cannot be written', async () => {
    await badInput(['export', '--format', 'nope', SHOP], "'nope'");
    const file = join(work, 'b-file');
    writeFileSync(file, '');
    const lines = await badInput(['export', '--format', 'openapi', '--out', join(file, 'api.json'), SHOP], join(file, 'api.json'));
    expect(lines[0]).toMatch(/a parent is not a directory$/);
    if (process.getuid?.() !== 0) {
      const locked = join(work, 'locked');
      mkdirSync(locked);
      chmodSync(locked, 0o555);
      const denied = await badInput(['export', '--format', 'openapi', '--out', join(locked, 'api.json'), SHOP], join(locked, 'api.json'));
      expect(denied[0]).toMatch(/permission denied$/);
    }
  });

  it('ui, env, settings, scripts, serve: bad arguments', async () => {
    await badInput(['ui', SHOP, '--port', 'abc', '--no-open'], "'abc'");
    await badInput(['env', 'frob'], "'frob'");
    await badInput(['settings', 'frob'], "'frob'");
    await badInput(['scripts', SHOP, SHOP], 'directory');
    await badInput(['serve'], '--stdio');
  });

  it('names a file system failure in words', () => {
    const err = (code: string, syscall = 'open') => Object.assign(new Error(`${code}: failed, ${syscall} '/x/.api.json.1.tmp'`), { code, syscall });
    expect(fsReason(err('EROFS'))).toBe('read-only file system');
    expect(fsReason(err('EPERM'))).toBe('permission denied');
    expect(fsReason(err('EACCES'))).toBe('permission denied');
    expect(fsReason(err('EEXIST', 'mkdir'))).toBe('a parent is not a directory');
    expect(fsReason(err('EWHATEVER'))).toBe('failed');
  });
});

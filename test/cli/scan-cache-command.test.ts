// The scan cache as a user meets it: the built CLI keeps it in the project's state folder,
// scan and export reuse it, --no-cache and APISCOUT_SCAN_CACHE=0 leave it alone, and a damaged
// one is reported and replaced.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
let tmp: string;
let shop: string;
let cacheFile: string;
let resultFile: string;

/** The test run turns the cache off for every child (vitest.config.ts); these turn it back on. */
function run(args: string[], env: Record<string, string> = { APISCOUT_SCAN_CACHE: '' }) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 1 << 26 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function scanJson(...extra: string[]) {
  const r = run(['scan', '--json', ...extra, shop]);
  expect(r.code, r.stderr).toBe(0);
  const out = JSON.parse(r.stdout) as { endpoints: unknown[]; diagnostics: unknown[]; modules: unknown[]; stats: { parsedFromCache?: number; filesParsed: number; storedResult?: boolean } };
  return { out, stderr: r.stderr, same: { endpoints: out.endpoints, diagnostics: out.diagnostics } };
}

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/apiscout.mjs'))) execFileSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: 'ignore' });
  tmp = mkdtempSync(join(tmpdir(), 'apiscout-scan-cache-cli-'));
  shop = join(tmp, 'shop');
  cpSync(SHOP, shop, { recursive: true });
  cacheFile = join(shop, '.apiscout', 'scan-cache.bin');
  resultFile = join(shop, '.apiscout', 'scan-result.bin');
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
}, 120_000);

// Several CLI processes per test: generous time, for a loaded machine.
describe('the scan cache in the CLI', { timeout: 300_000 }, () => {
  it('is written by a scan and read by the next, which gives the same result', () => {
    const reference = scanJson('--no-cache');
    expect(reference.out.stats.parsedFromCache).toBeUndefined();
    expect(existsSync(cacheFile)).toBe(false);
    const cold = scanJson();
    expect(cold.out.stats.parsedFromCache).toBe(0);
    expect(existsSync(cacheFile)).toBe(true);
    // Nothing changed: the whole result is the one the cold scan stored.
    const stored = scanJson();
    expect(stored.out.stats.storedResult).toBe(true);
    expect(stored.out.stats.filesParsed).toBe(0);
    // Without the stored result, every parse comes from the cache.
    rmSync(resultFile);
    const warm = scanJson();
    expect(warm.out.stats.parsedFromCache).toBe(reference.out.stats.filesParsed);
    expect(cold.same).toEqual(reference.same);
    expect(warm.same).toEqual(reference.same);
    expect(stored.same).toEqual(reference.same);
    // The very text of a scan without caches, but for the stats.
    const text = (s: string) => s.replace(/"stats":\{.*\}/s, '');
    expect(text(run(['scan', '--json', shop]).stdout)).toBe(text(run(['scan', '--json', '--no-cache', shop]).stdout));
    // Personal state: the state folder's .gitignore keeps it out of version control.
    expect(readFileSync(join(shop, '.apiscout', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
  });

  it('serves export, whose output is the same with and without it', () => {
    const mtime = statSync(cacheFile).mtimeMs;
    const withCache = run(['export', '--format', 'openapi', shop]);
    const without = run(['export', '--format', 'openapi', '--no-cache', shop]);
    expect(withCache.code, withCache.stderr).toBe(0);
    expect(withCache.stdout).toBe(without.stdout);
    expect(withCache.stdout).toContain('openapi:');
    // Nothing changed: the cache is read, not rewritten.
    expect(statSync(cacheFile).mtimeMs).toBe(mtime);
  });

  it('prints a stored result whole to a reader that pauses, and ends quietly when the reader leaves early', async () => {
    const reference = scanJson();
    expect(scanJson().out.stats.storedResult).toBe(true);
    const env = { ...process.env, NO_COLOR: '1', APISCOUT_SCAN_CACHE: '' };
    // A reader that waits lets a shell pipe (64 KB) fill: the writer must wait for room, not fail.
    const slow = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" scan --json "${shop}" | (sleep 1; cat)`], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let slowErr = '';
    slow.stdout.on('data', (d: Buffer) => chunks.push(d));
    slow.stderr.on('data', (d: Buffer) => (slowErr += d.toString()));
    expect(await new Promise((resolve) => slow.on('close', resolve))).toBe(0);
    expect(slowErr).toBe('');
    const out = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { endpoints: unknown[]; stats: { storedResult?: boolean } };
    expect(out.stats.storedResult).toBe(true);
    expect(Buffer.concat(chunks).length).toBeGreaterThan(64 * 1024);
    expect(out.endpoints).toEqual(reference.out.endpoints);

    const early = spawn(process.execPath, [BIN, 'scan', '--json', shop], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    early.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    early.stdout.once('data', () => early.stdout.destroy());
    expect(await new Promise((resolve) => early.on('close', resolve))).toBe(0);
    expect(stderr).not.toContain('EPIPE');
  });

  // A pipe is written through a second, blocking opening of it (cli/io.ts); a named FIFO and a
  // reader that left before the stored text is written must keep fd 1's own handling.
  it('prints a stored result whole into a named FIFO, and ends quietly into a pipe nobody reads', async () => {
    const reference = scanJson();
    expect(scanJson().out.stats.storedResult).toBe(true);
    const env = { ...process.env, NO_COLOR: '1', APISCOUT_SCAN_CACHE: '' };
    const fifo = join(tmp, 'out.fifo');
    execFileSync('mkfifo', [fifo]);
    const sh = (script: string) => spawn('sh', ['-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const reader = sh(`cat "${fifo}"`);
    const writer = sh(`"${process.execPath}" "${BIN}" scan --json "${shop}" > "${fifo}"`);
    const chunks: Buffer[] = [];
    let writerErr = '';
    reader.stdout.on('data', (d: Buffer) => chunks.push(d));
    writer.stderr.on('data', (d: Buffer) => (writerErr += d.toString()));
    const codes = await Promise.all([reader, writer].map((p) => new Promise((resolve) => p.on('close', resolve))));
    expect(codes).toEqual([0, 0]);
    expect(writerErr).toBe('');
    expect((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { endpoints: unknown[] }).endpoints).toEqual(reference.out.endpoints);

    // `true` exits at once: the pipe has no reader by the time the endpoints are written.
    const gone = sh(`("${process.execPath}" "${BIN}" scan --json "${shop}"; echo "status $?" >&2) | true`);
    let goneErr = '';
    gone.stderr.on('data', (d: Buffer) => (goneErr += d.toString()));
    expect(await new Promise((resolve) => gone.on('close', resolve))).toBe(0);
    expect(goneErr.trim()).toBe('status 0');
  });

  it('is neither read nor written with --no-cache or APISCOUT_SCAN_CACHE=0', () => {
    rmSync(cacheFile);
    expect(scanJson('--no-cache').out.stats.parsedFromCache).toBeUndefined();
    expect(run(['search', 'orders', '--refresh', '--no-cache', shop]).code).toBe(0);
    expect(run(['export', '--format', 'markdown', '--no-cache', shop]).code).toBe(0);
    const off = run(['scan', '--json', shop], { APISCOUT_SCAN_CACHE: '0' });
    expect(off.code).toBe(0);
    expect(existsSync(cacheFile)).toBe(false);
  });

  it('is named in the help of every command that scans', () => {
    expect(run(['scan', '--help']).stdout).toMatch(/--no-cache +neither read nor write the scan cache/);
    expect(run(['export', '--help']).stdout).toMatch(/--no-cache +neither read nor write the scan cache/);
    expect(run(['search', '--help']).stdout).toMatch(/--no-cache +neither read nor write the scan cache/);
    expect(run(['ui', '--help']).stdout).toMatch(/--no-cache +neither read nor write the scan cache/);
  });

  it('reports a damaged cache in one line naming the file, scans as without it, and replaces it', () => {
    const reference = scanJson('--no-cache');
    writeFileSync(cacheFile, 'not a cache at all');
    rmSync(resultFile, { force: true });
    const damaged = scanJson();
    expect(damaged.same).toEqual(reference.same);
    expect(damaged.out.stats.parsedFromCache).toBe(0);
    const warnings = damaged.stderr.split('\n').filter((l) => l.includes('scan cache'));
    expect(warnings).toEqual([`warning: the scan cache ${cacheFile} is ignored: it is not an apiscout scan cache; it is rewritten after this scan`]);
    rmSync(resultFile);
    const again = scanJson();
    expect(again.stderr).not.toContain('scan cache');
    expect(again.out.stats.parsedFromCache).toBe(reference.out.stats.filesParsed);
  });

  it('answers scan, export and search from the stored result until a source or configuration file changes', () => {
    const reference = scanJson('--no-cache');
    scanJson();
    expect(scanJson().out.stats.storedResult).toBe(true);
    const md = (extra: string[]) => run(['export', '--format', 'markdown', ...extra, shop]);
    const exported = md([]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(md(['--no-cache']).stdout);
    expect(run(['search', 'orders', '--refresh', shop]).stdout).toBe(run(['search', 'orders', '--refresh', '--no-cache', shop]).stdout);
    // A context path in a new application.properties: the next scan computes, and agrees with one without caches.
    mkdirSync(join(shop, 'orders', 'src', 'main', 'resources'), { recursive: true });
    writeFileSync(join(shop, 'orders', 'src', 'main', 'resources', 'application.properties'), 'server.servlet.context-path=/orders-app\n');
    const changed = scanJson();
    expect(changed.out.stats.storedResult).toBeUndefined();
    const without = scanJson('--no-cache');
    expect(changed.same).toEqual(without.same);
    expect(changed.out.modules).toEqual(without.out.modules);
    expect(JSON.stringify(changed.out.modules)).toContain('/orders-app');
    expect(changed.out.modules).not.toEqual(reference.out.modules);
    expect(scanJson().out.stats.storedResult).toBe(true);
  });
});

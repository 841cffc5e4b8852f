// The hostile-source suite (issue 23): one generated project of hostile files next to untouched
// ones, scanned by the real command in a child process. The process survives, every hostile
// file is either read (its endpoint listed) or named by a diagnostic, every untouched endpoint is
// listed, and the scan's peak resident memory stays under 512 MB. No timing is asserted: the
// timeout only stops a scan that would never end.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeHostileProject } from './hostile-sources';
import type { HostileProject } from './hostile-sources';
import { SidecarClient } from '../bridge/sidecar-client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const MAXRSS = fileURLToPath(new URL('../../bench/maxrss-preload.mjs', import.meta.url));
const MAX_RSS_MB = 512;

interface ScanJson {
  endpoints: { method: string; path: string; requestBody?: unknown }[];
  diagnostics: { file: string; line?: number; message: string }[];
}

const root = mkdtempSync(join(tmpdir(), 'apiscout-hostile-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let project: HostileProject;
let result: ScanJson;
let run: ReturnType<typeof spawnSync>;
let rssMb: number;

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/apiscout.mjs'))) execFileSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: 'ignore' });
  project = writeHostileProject(root);
  // With the scan cache and the stored result, as a user runs it: both are written on this scan.
  const env = { ...process.env };
  delete env.APISCOUT_SCAN_CACHE;
  run = spawnSync(process.execPath, ['--import', MAXRSS, BIN, 'scan', root, '--json'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, timeout: 900_000, env });
  const rss = /\[bench\] maxrss-kb=(\d+)/.exec(String(run.stderr));
  rssMb = rss ? Number(rss[1]) / 1024 : NaN;
  result = JSON.parse(String(run.stdout)) as ScanJson;
  process.stderr.write(`hostile scan: peak RSS ${rssMb.toFixed(0)} MB, ${result.endpoints.length} endpoints, ${result.diagnostics.length} diagnostics\n`);
}, 960_000);

const listed = (): Set<string> => new Set(result.endpoints.map((e) => `${e.method} ${e.path}`));

describe('a scan of hostile sources', () => {
  it('ends normally, under 512 MB peak RSS, having written the scan cache and the stored result', () => {
    expect(run.signal).toBeNull();
    expect(run.status).toBe(0);
    expect(rssMb).toBeLessThan(MAX_RSS_MB);
    expect(existsSync(join(root, '.apiscout', 'scan-cache.bin'))).toBe(true);
    expect(existsSync(join(root, '.apiscout', 'scan-result.bin'))).toBe(true);
  });

  it('lists every untouched endpoint', () => {
    const all = listed();
    expect(project.untouched.filter((a) => !all.has(a))).toEqual([]);
  });

  it('reads or names every hostile file: nothing disappears silently', () => {
    const all = listed();
    const silent = project.hostile.filter((h) => !all.has(h.address) && !result.diagnostics.some((d) => d.file === h.file));
    expect(silent.map((h) => h.kind)).toEqual([]);
  });

  it('names the deep nesting that would crash the parser, the Kotlin template among them', () => {
    for (const kind of ['java parens', 'java blocks', 'java annotation-arrays', 'kotlin templates', 'kotlin raw-templates', 'kotlin parens', 'kotlin lambdas']) {
      const h = project.hostile.find((x) => x.kind === kind)!;
      expect(result.diagnostics.find((d) => d.file === h.file)?.message, kind).toMatch(/nesting over 256 levels deep at line \d+/);
    }
  });

  it('lists the handler beside a 100,000-term string concatenation; no file fails on a stack overflow', () => {
    expect(listed().has(project.hostile.find((x) => x.kind === 'java string-concat-one-liner')!.address)).toBe(true);
    expect(result.diagnostics.filter((d) => /call stack/i.test(d.message))).toEqual([]);
  });

  it('names the file and line of a brace mutation that swallowed a package-private handler', () => {
    for (const kind of ['java swallowed-package-private', 'java swallowed-annotated-generic', 'java swallowed-void']) {
      const h = project.hostile.find((x) => x.kind === kind)!;
      const d = result.diagnostics.find((x) => x.file === h.file);
      expect(d?.message, kind).toMatch(/^syntax error/);
      expect(d?.line, kind).toBeGreaterThan(8);
    }
  });

  it('names every deep or broken proto, and still lists the sound proto service', () => {
    const named = project.protos.filter((p) => result.diagnostics.some((d) => d.file === p.file)).map((p) => p.kind);
    expect(named).toEqual(project.protos.map((p) => p.kind));
    const message = (kind: string) => result.diagnostics.find((d) => d.file === project.protos.find((p) => p.kind === kind)!.file)?.message;
    expect(message('proto nested-messages')).toMatch(/nesting over 256 levels deep at line \d+/);
    expect(message('proto nested-options')).toMatch(/nesting over 256 levels deep at line \d+/);
    expect(message('proto unterminated-string')).toContain('unterminated string at line 3');
    expect(message('proto import-cycle')).toContain('import cycle');
    expect(message('proto missing-import')).toContain('import "nowhere/gone.proto" not found');
    expect(listed().has('gRPC /hostile.good.Good/Get')).toBe(true);
  });

  it('cuts a file of 120,000 declarations at the budget, with a diagnostic', () => {
    for (const kind of ['java declarations', 'java members', 'java fields', 'kotlin members']) {
      const h = project.hostile.find((x) => x.kind === kind)!;
      expect(result.diagnostics.find((d) => d.file === h.file)?.message, kind).toMatch(/^more than 10000 declarations in one file: only those up to line \d+ are read$/);
    }
    // Endpoints declared before the cut are read: the members come before the handler in the file, so it is cut away and named.
    const types = project.hostile.find((x) => x.kind === 'java declarations')!;
    expect(listed().has(types.address)).toBe(true);
  });

  it('turns constant chains, doubling and cycles into diagnostics and keeps their endpoints', () => {
    const messages = (kind: string) => result.diagnostics.filter((d) => d.file === project.hostile.find((h) => h.kind === kind)!.file).map((d) => d.message);
    expect(messages('java constant-chain').join()).toContain('a chain of more than 200 constants');
    expect(messages('kotlin constant-chain').join()).toContain('a chain of more than 200 constants');
    expect(messages('java constant-doubling').join()).toContain('longer than 65536 characters');
    expect(messages('java constant-cycle').join()).toContain('cannot resolve A');
    expect(result.endpoints.some((e) => e.path.includes('${C1799}'))).toBe(true);
  });

  it('bounds the schema of a recursive generic body, cut with x-truncated', () => {
    const e = result.endpoints.find((x) => x.path === '/hostile/java/recursive-body')!;
    const text = JSON.stringify(e);
    expect(text.length).toBeLessThan(2_000_000);
    expect(text).toContain('recurs inside itself with new type arguments');
  });
});

describe('the sidecar opening the hostile project', () => {
  it('answers project/open and project/wait, lists the untouched endpoints, and peaks under 512 MB', async () => {
    const userDir = mkdtempSync(join(tmpdir(), 'apiscout-hostile-user-'));
    // The sidecar's scan cache is on (its default setting), as for a user.
    const client = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir });
    try {
      await client.request('hello', {});
      const opened = await client.request('project/open', { root });
      const ready = await client.request('project/wait', { project: opened.project });
      expect(ready.endpointCount).toBeGreaterThanOrEqual(project.untouched.length);
      // The child's own high-water mark, read while it is still alive: the scan is over by now.
      const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${client.process.pid}/status`, 'utf8'))?.[1]) / 1024;
      process.stderr.write(`hostile project in the sidecar: peak RSS ${hwm.toFixed(0)} MB, ${ready.endpointCount} endpoints\n`);
      expect(hwm).toBeLessThan(MAX_RSS_MB);
    } finally {
      expect(await client.close()).toBe(0);
      rmSync(userDir, { recursive: true, force: true });
    }
  }, 900_000);
});

// The real command, as a user runs it: the built bundle in a child process.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

function run(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url)))) {
    execFileSync('npx', ['rollup', '-c'], { cwd: ROOT, stdio: 'ignore' });
  }
});

describe('apiscout scan', () => {
  it('scans the bundled sample shop when no directory is given and prints a plain tree', () => {
    const r = run(['scan']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toContain('catalog');
    expect(r.stdout).toMatch(/^  com\.acme\.shop\.[\w.]+Controller$/m);
    expect(r.stdout).toMatch(/^    GET +\/\S+/m);
    expect(r.stdout).not.toMatch(/\x1b\[/); // not a terminal: no colours
    expect(lines.at(-1)).toMatch(/^\d+ endpoints in \d+ modules · \d+ files read, \d+ parsed · \d+ ms$/);
  });

  it('shows gRPC methods with their streaming indicators, and actuator endpoints only with --actuator', () => {
    const r = run(['scan', SHOP]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^    gRPC:U +\/acme\.shop\.inventory\.v1\.StockService\/GetStock +Current stock/m);
    expect(r.stdout).toMatch(/^    gRPC:S +\/acme\.shop\.inventory\.v1\.StockService\/WatchStock/m);
    expect(r.stdout).toMatch(/^    gRPC:C +\/acme\.shop\.inventory\.v1\.StockService\/RecordCounts/m);
    expect(r.stdout).toMatch(/^    gRPC:B +\/acme\.shop\.inventory\.v1\.StockService\/PickSession/m);
    expect(r.stdout).not.toContain('/ops/catalogCache');
    const withActuator = run(['scan', SHOP, '--actuator']);
    expect(withActuator.stdout).toMatch(/^    DELETE +\/ops\/catalogCache\/\{region\} +Empties one cache region$/m);
    const json = JSON.parse(run(['scan', SHOP, '--json', '--actuator']).stdout) as { endpoints: { framework: string; streaming?: string }[]; modules: { name: string; actuatorBasePath?: string }[] };
    expect(json.endpoints.filter((e) => e.framework === 'grpc').map((e) => e.streaming)).toEqual(['U', 'S', 'C', 'B']);
    expect(json.modules.find((m) => m.name === 'catalog')?.actuatorBasePath).toBe('/ops');
  });

  it('lists actuator endpoints when the Actuator support setting is on, like --actuator', () => {
    const tmp = mkdtempSync(join(tmpdir(), 'apiscout-actuator-setting-'));
    try {
      const shop = join(tmp, 'shop');
      cpSync(SHOP, shop, { recursive: true });
      const env = { APISCOUT_CONFIG_DIR: join(tmp, 'user') };
      expect(run(['scan', shop], env).stdout).not.toContain('/ops/catalogCache');
      mkdirSync(join(shop, '.apiscout'), { recursive: true });
      writeFileSync(join(shop, '.apiscout', 'settings.json'), JSON.stringify({ 'actuator.enabled': true }));
      expect(run(['scan', shop], env).stdout).toMatch(/^    DELETE +\/ops\/catalogCache\/\{region\}/m);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('colours methods as the spec says when colour is forced', () => {
    const r = run(['scan', SHOP], { FORCE_COLOR: '1' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\x1b[34mGET'); // blue
    expect(r.stdout).toContain('\x1b[32mPOST'); // green
    expect(r.stdout).toContain('\x1b[31mDELETE'); // red
  });

  it('prints the documented JSON contract with --json', () => {
    const r = run(['scan', '--json', SHOP]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { endpoints: Record<string, unknown>[]; diagnostics: unknown[]; stats: Record<string, number> };
    expect(Object.keys(out)).toEqual(['endpoints', 'diagnostics', 'modules', 'stats']);
    expect(out.endpoints.length).toBeGreaterThan(10);
    for (const e of out.endpoints) {
      expect(Object.keys(e).slice(0, 12)).toEqual(['id', 'protocol', 'framework', 'method', 'path', 'address', 'name', 'description', 'folder', 'className', 'module', 'source']);
      expect(e.address).toBe(`${e.method} ${e.path}`);
      expect(Object.keys(e.source as object)).toEqual(['file', 'line', 'column', 'member']);
      expect((e.source as { file: string }).file).not.toMatch(/^\/|\\/);
    }
    expect(out.stats.filesRead).toBeGreaterThan(0);
    // Piped: one endpoint a line. --pretty: the very text JSON.stringify would give.
    expect(r.stdout.split('\n').slice(1, 3).every((line) => line.startsWith('{"id":'))).toBe(true);
    const pretty = run(['scan', '--json', '--pretty', SHOP]);
    expect(pretty.stdout).toBe(`${JSON.stringify(JSON.parse(pretty.stdout), null, 2)}\n`);
    expect(JSON.parse(pretty.stdout).endpoints).toEqual(out.endpoints);
    const empty = run(['scan', '--json', mkdtempSync(join(tmpdir(), 'apiscout-empty-'))]);
    expect(JSON.parse(empty.stdout).endpoints).toEqual([]);
  });

  it('reads Kotlin sources through the bundle (tree-sitter-kotlin is loaded at run time)', () => {
    const r = run(['scan', '--json', fileURLToPath(new URL('../fixtures/kotlin/spring-mvc/mixed-java-kotlin', import.meta.url))]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { endpoints: Array<{ address: string; source: { file: string; line: number } }>; diagnostics: unknown[] };
    expect(out.diagnostics).toEqual([]);
    expect(out.endpoints.map((e) => `${e.address} ${e.source.file.split('/').pop()}:${e.source.line}`).sort()).toEqual([
      'GET /api/customers/version CustomerController.java:30',
      'GET /api/customers/{id} CustomerController.java:20',
      'GET /api/invoices InvoiceController.kt:20',
      'GET /api/invoices/{number} InvoiceController.kt:17',
      'POST /api/customers CustomerController.java:25',
    ]);
  });

  it('exits 2 naming the directory when it does not exist or is a file', () => {
    const missing = run(['scan', 'no/such/dir']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no/such/dir');
    const file = run(['scan', 'package.json']);
    expect(file.code).toBe(2);
    expect(file.stderr).toContain('package.json is not a directory');
  });

  it('says so when the folder holds no Java or Kotlin source at all (the wrong folder), not when its code has no endpoints', () => {
    const work = mkdtempSync(join(tmpdir(), 'apiscout-scan-empty-'));
    try {
      const docs = join(work, 'docs');
      mkdirSync(docs);
      writeFileSync(join(docs, 'README.md'), '# docs\n');
      const empty = run(['scan', docs]);
      expect(empty.code).toBe(0);
      expect(empty.stdout).toBe('0 endpoints in 0 modules · 0 files read, 0 parsed · ' + /\d+ ms/.exec(empty.stdout)![0] + '\n');
      expect(empty.stderr).toBe(`note: no Java or Kotlin source under ${docs}: is it the project's folder? (test sources need --include-tests)\n`);
      const library = join(work, 'lib');
      mkdirSync(join(library, 'src/main/java/com/acme'), { recursive: true });
      writeFileSync(join(library, 'src/main/java/com/acme/Util.java'), 'package com.acme;\npublic class Util {}\n');
      const quiet = run(['scan', library]);
      expect(quiet.code).toBe(0);
      expect(quiet.stdout).toMatch(/^0 endpoints in 0 modules · 1 file read/);
      expect(quiet.stderr).toBe('');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('exits 2 on bad usage with a message naming the problem', () => {
    const extra = run(['scan', 'a', 'b']);
    expect(extra.code).toBe(2);
    expect(extra.stderr).toContain('at most one directory');
    const option = run(['scan', '--frobnicate']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('--frobnicate');
    const command = run(['scna']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain("unknown command 'scna'");
  });

  it('prints help and the version', () => {
    expect(run(['scan', '--help']).stdout).toContain('Usage: apiscout scan');
    // The usage line names every option the help lists (--pretty and --no-cache were missing).
    for (const command of ['scan', 'search']) {
      const help = run([command, '--help']).stdout;
      const usage = help.split('\n')[0]!;
      const options = [...help.slice(help.indexOf('Options:')).matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]!).filter((o) => o !== '--help');
      expect(options.filter((o) => !usage.includes(o)), command).toEqual([]);
    }
    expect(run(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  // util-linux `script` gives the command a real terminal; Debian ships it with the base system.
  const hasScript = spawnSync('script', ['--version']).status === 0;
  it.runIf(hasScript)('shows a progress line on a terminal and clears it before the tree', () => {
    const r = spawnSync('script', ['-qec', `${process.execPath} ${BIN} scan ${SHOP}`, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/\r\x1b\[2Kreading 0\/\d+ files/);
    expect(r.stdout).toMatch(/\r\x1b\[2K\x1b\[1mcatalog/); // cleared, then the (coloured) tree
  });

  it('ends quietly when the reader closes the pipe early (apiscout scan | head)', async () => {
    const child = spawn(process.execPath, [BIN, 'scan', '--json', '--pretty', SHOP], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).not.toContain('EPIPE');
  });

  // The process exits as soon as its output is out (cli/exit-when-written.ts): what the stream
  // still holds for a full pipe must be written first, and the exit code kept.
  it('prints the whole JSON to a reader that pauses before it exits, and keeps its exit code', async () => {
    const whole = run(['scan', '--json', '--pretty', '--no-cache', SHOP]);
    expect(whole.code).toBe(0);
    // The pretty text goes through process.stdout, which queues what a full 64 KB pipe cannot take.
    expect(whole.stdout.length).toBeGreaterThan(128 * 1024);
    const slow = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" scan --json --pretty --no-cache "${SHOP}" | (sleep 1; cat)`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    slow.stdout.on('data', (d: Buffer) => chunks.push(d));
    slow.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    expect(await new Promise((resolve) => slow.on('close', resolve))).toBe(0);
    expect(stderr).toBe('');
    const printed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const expected = JSON.parse(whole.stdout);
    expect(printed.endpoints).toEqual(expected.endpoints);
    expect(printed.diagnostics).toEqual(expected.diagnostics);
    const missing = run(['scan', '--json', join(tmpdir(), 'apiscout-no-such-folder')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`apiscout scan: cannot read ${join(tmpdir(), 'apiscout-no-such-folder')}: no such directory\n`);
  });
});

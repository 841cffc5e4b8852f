// `apiscout search` as a user runs it: the built bundle in a child process, on a copy of the shop.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STATE_GITIGNORE } from '../../core/config/user-dir';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function shopCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-search-'));
  cpSync(SHOP, dir, { recursive: true });
  return dir;
}

interface JsonResult {
  results: { endpoint: { address: string; name: string }; score: number; kind: string; ranges: unknown[] }[];
}

describe('apiscout search', () => {
  it('scans once, retains the index in .apiscout/ and answers from it next time', () => {
    const dir = shopCopy();
    const first = run(['search', 'GET /api/v1/orders/42', dir, '--json']);
    expect(first.code).toBe(0);
    const hits = (JSON.parse(first.stdout) as JsonResult).results;
    expect(hits[0]!.endpoint.address).toBe('GET /api/v1/orders/{orderId}');
    expect(existsSync(join(dir, '.apiscout/index.json'))).toBe(true);
    expect(readFileSync(join(dir, '.apiscout/.gitignore'), 'utf8')).toBe(STATE_GITIGNORE);

    // Prove the second run reads the index: change the source, and the retained answer stays
    // until --refresh scans again.
    const source = join(dir, 'orders/src/main/java/com/acme/shop/orders/web/OrderController.java');
    writeFileSync(source, readFileSync(source, 'utf8').replace('"/{orderId}/cancel"', '"/{orderId}/abort"'));
    expect(run(['search', 'cancel', dir]).stdout).toContain('/api/v1/orders/{orderId}/cancel');
    const refreshed = run(['search', 'abort', dir, '--refresh']).stdout;
    expect(refreshed).toContain('/api/v1/orders/{orderId}/abort');
    expect(run(['search', 'cancel', dir]).stdout).not.toContain('/{orderId}/cancel');
  });

  it('searches the six fields of spec §4.3.2: a class name and a pasted path with a context path find endpoints', () => {
    const dir = shopCopy();
    const byClass = JSON.parse(run(['search', 'OrderController', dir, '--json']).stdout) as JsonResult;
    expect(byClass.results.length).toBeGreaterThan(0);
    expect(byClass.results.every((r) => r.endpoint.address.includes('/orders'))).toBe(true);
    // `/shop` is a context path the endpoint does not declare; the literal address still comes first.
    const pasted = JSON.parse(run(['search', '/shop/api/v1/orders/42', dir, '--json']).stdout) as JsonResult;
    expect(pasted.results[0]?.endpoint.address).toBe('GET /api/v1/orders/{orderId}');
  });

  it('finds gRPC methods by service path, and actuator endpoints when a scan runs with --actuator', () => {
    const dir = shopCopy();
    const grpc = run(['search', 'grpc StockService', dir]);
    expect(grpc.stdout.split('\n')[0]).toMatch(/^gRPC \/acme\.shop\.inventory\.v1\.StockService\/\w+ \(gRPC:[USCB]\)/);
    // The index was built without actuator endpoints: the user is told how to get them.
    const stale = run(['search', 'catalogCache', dir, '--actuator']);
    expect(stale.stderr).toContain('add --refresh');
    const fresh = run(['search', 'catalogCache', dir, '--actuator', '--refresh']);
    expect(fresh.stdout).toContain('DELETE /ops/catalogCache/{region}');
    expect(run(['search', 'catalogCache', dir, '--actuator']).stderr).not.toContain('add --refresh');
  });

  it('rebuilds a corrupt index with a warning that names the file', () => {
    const dir = shopCopy();
    run(['search', 'x', dir]);
    writeFileSync(join(dir, '.apiscout/index.json'), '{"format":"apiscout-index","version":1,"endpo');
    const r = run(['search', 'cancel', dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(join(dir, '.apiscout/index.json'));
    expect(r.stdout).toContain('POST /api/v1/orders/{orderId}/cancel');
  });

  it('ranks literal hits before fuzzy ones and prints address, name, class and location', () => {
    const r = run(['search', 'prod']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^GET \/api\/v1\/catalog\/products  List products  com\.acme\.shop\.catalog\.web\.ProductController catalog\/src\/main\/java\/\S+\.java:\d+$/);
    const firstFuzzy = lines.findIndex((l) => !l.includes('product'));
    if (firstFuzzy >= 0) expect(lines.slice(firstFuzzy).every((l) => !l.includes('/products'))).toBe(true);
  });

  it('never writes state into the bundled sample project', () => {
    run(['search', 'orders']);
    expect(existsSync(join(SHOP, '.apiscout'))).toBe(false);
  });

  it('exits 2 on bad usage', () => {
    expect(run(['search']).code).toBe(2);
    const limit = run(['search', 'x', '--limit', 'many']);
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain("--limit must be a whole number of at least 1, got 'many'");
  });
});

// A source growing past the 2 MB limit or becoming unreadable, or back: a re-scan skips it and
// says so as a fresh scan's read does, and reads it again once it is usable, without the old problem.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-source-limit-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const file = 'src/main/java/com/acme/OrderController.java';
const source = 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class OrderController {\n    @GetMapping("/orders") public String list() { return ""; }\n}\n';
const padded = source + '// generated\n'.repeat(200_000); // 2.5 MB

describe('a source the read skips (over the size limit, unreadable), re-scanned', () => {
  it('is skipped with the walk\'s diagnostic when it grows past it, and read again when back under', async () => {
    const root = join(tmp, 'grows');
    mkdirSync(join(root, 'src/main/java/com/acme'), { recursive: true });
    writeFileSync(join(root, file), source);
    const scanner = await scanned(root);
    writeFileSync(join(root, file), padded);
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: file, kind: 'changed' }]);
    expect(fresh.endpoints).toEqual([]);
    expect(fresh.diagnostics).toEqual([{ file, message: 'skipped: 2.5 MB is over the 2 MB limit' }]);
    writeFileSync(join(root, file), source);
    await rescanEqualsFreshScan(scanner, root, [{ path: file, kind: 'changed' }]);
    expect(scanner.result().endpoints).toHaveLength(1);
  });

  it('read again when a scan found it over the limit and an edit brings it under', async () => {
    const root = join(tmp, 'shrinks');
    mkdirSync(join(root, 'src/main/java/com/acme'), { recursive: true });
    writeFileSync(join(root, file), padded);
    const scanner = await scanned(root);
    expect(scanner.result().diagnostics).toHaveLength(1);
    writeFileSync(join(root, file), source);
    await rescanEqualsFreshScan(scanner, root, [{ path: file, kind: 'changed' }]);
    expect(scanner.result().diagnostics).toEqual([]);
  });

  it('an unreadable one: in the read\'s words, as a fresh scan says it', async () => {
    const root = join(tmp, 'unreadable');
    mkdirSync(join(root, 'src/main/java/com/acme'), { recursive: true });
    writeFileSync(join(root, file), source);
    chmodSync(tmp, 0o755);
    const scanner = await scanned(root);
    chmodSync(join(root, file), 0o000);
    // As root, permission bits do not bind: the re-scan and the fresh scan read as `nobody`.
    const asUser = async <T>(fn: () => Promise<T>): Promise<T> => {
      if (process.geteuid?.() !== 0) return fn();
      process.seteuid!(65534);
      try {
        return await fn();
      } finally {
        process.seteuid!(0);
      }
    };
    const fresh = await asUser(() => rescanEqualsFreshScan(scanner, root, [{ path: file, kind: 'changed' }]));
    expect(fresh.diagnostics).toEqual([{ file, message: 'cannot read file: permission denied (EACCES)' }]);
  });
});

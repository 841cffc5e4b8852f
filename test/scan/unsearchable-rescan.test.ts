// A change reported below a folder the scan may not search (mode 000): a fresh scan says it
// cannot read that folder and lists nothing in it; a re-scan of the change gives the same,
// where it threw EACCES from the walk's look at a link.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-unsearchable-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const controller = (name: string, path: string) =>
  `package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ${name} {\n    @GetMapping("${path}")\n    public String get() { return ""; }\n}\n`;

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(tmp, rel)), { recursive: true });
  writeFileSync(join(tmp, rel), text);
}

/** Runs `fn` as an unprivileged user where the tests run as root (root may search any folder). */
async function asUnprivileged<T>(fn: () => Promise<T>): Promise<T> {
  if (process.geteuid?.() !== 0) return fn();
  chmodSync(tmp, 0o755);
  process.setegid!(65534);
  process.seteuid!(65534);
  try {
    return await fn();
  } finally {
    process.seteuid!(0);
    process.setegid!(0);
  }
}

it('a folder or file reported below an unsearchable folder re-scans as a fresh scan reads it', async () => {
  const J = 'src/main/java/com/acme/';
  write(`${J}OrderController.java`, controller('OrderController', '/orders'));
  write(`${J}secret/sub/HiddenController.java`, controller('HiddenController', '/hidden'));
  chmodSync(join(tmp, `${J}secret`), 0o000);
  try {
    await asUnprivileged(async () => {
      const scanner = await scanned(tmp);
      expect(scanner.result().endpoints.map((e) => e.address)).toEqual(['GET /orders']);
      const fresh = await rescanEqualsFreshScan(scanner, tmp, [
        { path: `${J}secret/sub`, kind: 'created' },
        { path: `${J}secret/sub/HiddenController.java`, kind: 'changed' },
      ]);
      expect(fresh.diagnostics.map((d) => d.message)).toContain('cannot read folder: permission denied (EACCES)');
    });
  } finally {
    chmodSync(join(tmp, `${J}secret`), 0o755);
  }
});

// The scanner hashes each file once (project-scanner.ts): the stored result's per-file key is
// taken as the scan cache's content key, so the two must be the same function of the bytes.

import { describe, expect, it } from 'vitest';
import { InputDigest } from './result-store';
import { ScanCache } from './scan-cache';

describe('per-file content keys', () => {
  it('the stored result digest keys a file as the scan cache does', () => {
    for (const text of ['', 'class A {}', 'package a;\n// é ü 中文\nclass B {}\n', 'x'.repeat(300_000)]) {
      const bytes = Buffer.from(text, 'utf8');
      expect(new InputDigest().file('a/B.java', bytes)).toBe(ScanCache.hashOf(bytes));
    }
    // An unreadable file has no content key: the cache hashes nothing then.
    expect(new InputDigest().file('a/C.java', 'EACCES')).toBeUndefined();
  });
});

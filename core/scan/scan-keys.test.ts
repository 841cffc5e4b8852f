// The scanner hashes each file once, on whichever thread read it (source-read.ts): that key is
// the stored result's per-file key and the scan cache's content key, so a file read by the
// parse worker must feed the digest exactly as one the scanner read itself.

import { describe, expect, it } from 'vitest';
import { keyOf } from './file-stamps';
import { InputDigest } from './result-store';

describe('per-file content keys', () => {
  const texts = ['', 'class A {}', 'package a;\n// é ü 中文\nclass B {}\n', 'x'.repeat(300_000)];

  it('the stored result digest keys a file by keyOf its bytes', () => {
    for (const text of texts) {
      const bytes = Buffer.from(text, 'utf8');
      expect(new InputDigest().file('a/B.java', bytes)).toBe(keyOf(bytes));
    }
    // An unreadable file has no content key: the cache hashes nothing then.
    expect(new InputDigest().file('a/C.java', 'EACCES')).toBeUndefined();
  });

  it('a file hashed elsewhere digests as one read here, stamps included', () => {
    const read = new InputDigest();
    const keyed = new InputDigest();
    for (const [i, text] of texts.entries()) {
      const bytes = Buffer.from(text, 'utf8');
      read.file(`a/F${i}.java`, bytes, `${bytes.length} 1 2 ${i}`);
      keyed.keyed(`a/F${i}.java`, keyOf(bytes), `${bytes.length} 1 2 ${i}`);
    }
    const digest = read.digest();
    expect(keyed.digest()).toBe(digest);
    expect(keyed.files).toBe(read.files);
    expect(keyed.stamps.text()).toBe(read.stamps.text());
    // The same files under another key (an edit) give another digest.
    const edited = new InputDigest();
    for (const [i] of texts.entries()) edited.keyed(`a/F${i}.java`, keyOf(Buffer.from(`edit ${i}`)));
    expect(edited.digest()).not.toBe(digest);
  });
});

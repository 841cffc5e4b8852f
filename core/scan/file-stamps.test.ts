import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StampRecorder, StoredStamps, stampOf } from './file-stamps';

const dir = mkdtempSync(join(tmpdir(), 'apiscout-stamps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NS = 1_000_000n;

describe('file stamps', () => {
  const file = join(dir, 'A.java');
  writeFileSync(file, 'class A {}');
  const st = statSync(file, { bigint: true });
  // A scan that began an hour after the file's last change, and one that began just after it.
  const later = st.ctimeNs + 3_600_000n * NS;
  const stored = (since: bigint, now = since + 1000n * NS, key = 'K') => {
    const rec = new StampRecorder();
    rec.add('src/A.java', stampOf(st), key);
    return new StoredStamps(rec.text(), since, now);
  };

  it('vouches for a file whose stat is unchanged and older than the storing scan', () => {
    expect(stored(later).keyFor('src/A.java', st)).toBe('K');
    expect(stored(later).keyFor('src/B.java', st)).toBeUndefined();
  });

  it('does not vouch for a file changed within the racy margin before the storing scan', () => {
    expect(stored(st.ctimeNs + 1000n * NS).keyFor('src/A.java', st)).toBeUndefined();
    expect(stored(st.ctimeNs).keyFor('src/A.java', st)).toBeUndefined();
  });

  it('does not vouch for anything when the clock is behind the storing scan', () => {
    expect(stored(later, later - 1n).keyFor('src/A.java', st)).toBeUndefined();
  });

  it('does not vouch when size, mtime, ctime or inode differ', () => {
    for (const field of ['size', 'mtimeNs', 'ctimeNs', 'ino'] as const) {
      const other = { ...st, [field]: st[field] + 1n } as typeof st;
      expect(stored(later).keyFor('src/A.java', other), field).toBeUndefined();
    }
  });

  it('keeps no stamp for a path the line format cannot hold', () => {
    const rec = new StampRecorder();
    rec.add('a\tb.java', stampOf(st), 'K');
    rec.add('a\nb.java', stampOf(st), 'K');
    expect(rec.text()).toBe('');
  });
});

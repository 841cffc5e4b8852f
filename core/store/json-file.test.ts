import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile, withFileLock, writeFileAtomic } from './json-file';

const isObject = (d: unknown): d is Record<string, unknown> => !!d && typeof d === 'object' && !Array.isArray(d);

describe('writeFileAtomic', () => {
  it('replaces the file and leaves no temp file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-json-'));
    const path = join(dir, 'nested/state.json');
    writeFileAtomic(path, '{"a":1}');
    writeFileAtomic(path, '{"a":2}');
    expect(readFileSync(path, 'utf8')).toBe('{"a":2}');
    expect(readdirSync(join(dir, 'nested'))).toEqual(['state.json']);
  });

  it('removes temp files a killed writer left behind, but not one another writer is still filling', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-json-'));
    const path = join(dir, 'secrets.json');
    const stale = join(dir, '.secrets.json.4242.deadbeef.tmp');
    const inFlight = join(dir, '.secrets.json.4343.cafebabe.tmp');
    const other = join(dir, '.other.json.4242.deadbeef.tmp');
    for (const f of [stale, inFlight, other]) writeFileSync(f, '{"token":"s3cret"}', { mode: 0o600 });
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(stale, old, old);
    utimesSync(other, old, old);
    writeFileAtomic(path, '{"a":1}');
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(inFlight)).toBe(true);
    expect(existsSync(other)).toBe(true); // another store's file: its own writer cleans it
    expect(readFileSync(path, 'utf8')).toBe('{"a":1}');
  });
});

describe('readJsonFile', () => {
  it('is undefined for a missing file, and moves a rejected one aside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-json-'));
    const warnings: string[] = [];
    expect(readJsonFile(join(dir, 'none.json'), isObject, (m) => warnings.push(m))).toBeUndefined();
    writeFileSync(join(dir, 'list.json'), '[1,2]');
    expect(readJsonFile(join(dir, 'list.json'), isObject, (m) => warnings.push(m))).toBeUndefined();
    expect(warnings).toEqual([expect.stringMatching(/list\.json could not be read \(unexpected content\); moved it aside to .*list\.json\.corrupt-/)]);
    expect(existsSync(join(dir, 'list.json'))).toBe(false);
  });
});

describe('readJsonFile on a file that holds secrets', () => {
  it('warns without quoting the text: JSON.parse puts an excerpt of it in its message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-json-secret-'));
    for (const [name, text] of [
      ['mid.json', '{"secrets": {"dev": {"token": sk-live-0123456789}}}'],
      ['start.json', 'sk-live-0123456789'],
    ]) {
      const path = join(dir, name!);
      writeFileSync(path, text!);
      const warnings: string[] = [];
      expect(readJsonFile(path, (_: unknown): _ is unknown => true, (m) => warnings.push(m))).toBeUndefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('not valid JSON');
      expect(warnings[0]).not.toMatch(/sk-live|0123/);
    }
  });
});

describe('withFileLock', () => {
  it('breaks a lock whose owner process is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-lock-'));
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(dir, 'f.json.lock'), `${dead} abc`);
    expect(await withFileLock(join(dir, 'f.json'), () => 'ran')).toBe('ran');
    expect(existsSync(join(dir, 'f.json.lock'))).toBe(false);
  });

  it('waits for a live owner and names the file when it gives up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-lock-'));
    writeFileSync(join(dir, 'f.json.lock'), `${process.pid} held-elsewhere`);
    await expect(withFileLock(join(dir, 'f.json'), () => 'ran', { timeoutMs: 100 })).rejects.toThrow(/timed out waiting for .*f\.json\.lock: another apiscout process is writing .*f\.json/);
  });

  it('runs one holder at a time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-lock-'));
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withFileLock(join(dir, 'f.json'), async () => {
          most = Math.max(most, ++inside);
          await new Promise((r) => setTimeout(r, 5));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});

// Reading the stored result a line at a time (core/scan/stored-lines.ts): the lines that come
// back are exactly the values that were joined by `,\n`, wherever the reading buffer's edges
// fall, for lines longer than the buffer, for non-ASCII text, and inside a larger file; a file
// that ends early is an error, never a shorter list.

import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forEachStoredLine } from '../../core/scan/stored-lines';

const dir = mkdtempSync(join(tmpdir(), 'apiscout-stored-lines-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines read back from `values` stored as the result store writes them, between other bytes. */
function roundTrip(values: unknown[], bufferSize?: number, cut = 0): string[] {
  const text = Buffer.from(values.map((v) => JSON.stringify(v)).join(',\n'), 'utf8');
  const before = Buffer.from('header bytes\n{"x":1},\n');
  const file = join(dir, `lines-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, Buffer.concat([before, text.subarray(0, text.length - cut), Buffer.from(cut ? '' : '\nstamps after')]));
  const fd = openSync(file, 'r');
  try {
    const lines: string[] = [];
    forEachStoredLine(fd, before.length, text.length, (l) => lines.push(l), bufferSize);
    return lines;
  } finally {
    closeSync(fd);
  }
}

const values = [
  { a: 'short' },
  { b: 'x'.repeat(100), nested: { list: [1, 2, 3], text: 'line\nbreak and "quotes", commas,' } },
  { c: 'naïve café ☕ 城市', d: '\u0000 7' },
  { e: 'y'.repeat(37) },
  'a string value',
  42,
  { f: 'z'.repeat(300) },
];

describe('reading the stored lines', () => {
  it('gives back every value, whatever the buffer size', () => {
    const expected = values.map((v) => JSON.stringify(v));
    for (const size of [1, 2, 7, 16, 33, 64, 128, 1000, 256 * 1024]) expect(roundTrip(values, size)).toEqual(expected);
    expect(roundTrip(values).map((l) => JSON.parse(l) as unknown)).toEqual(values);
  });

  it('reads nothing from an empty segment, and one value without a separator', () => {
    expect(roundTrip([])).toEqual([]);
    expect(roundTrip([{ only: 1 }], 4)).toEqual(['{"only":1}']);
  });

  it('throws when the file ends before the segment does', () => {
    expect(() => roundTrip(values, 16, 10)).toThrow(/cut short/);
  });
});

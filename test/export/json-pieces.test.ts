import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonConstant, JsonItems, contentPieces, fileOfPieces, jsonPieces } from '../../core/export/json-pieces';
import { writeExportFiles } from '../../core/export/write';

describe('jsonPieces', () => {
  it('writes lists stringified item by item exactly as one JSON.stringify(…, null, 2) of the whole', () => {
    const items = [{ a: 1, b: [1, 2, { c: 'x\ny "q"' }], e: {} }, 'text', 3, [], null, { nested: [[{ deep: true }]] }];
    const top = new JsonItems(1);
    for (const i of items) top.push(i);
    const inner = items.map((i) => [i, { k: 'v' }]);
    const categories = inner.map((list) => {
      const l = new JsonItems(2);
      for (const i of list) l.push(i);
      return { name: 'c', list: l };
    });
    const empty = new JsonItems(1);
    const doc = { head: 'h', apis: top, empty, tail: [1, 2] };
    expect(jsonPieces(doc, [top, empty]).join('')).toBe(JSON.stringify({ head: 'h', apis: items, empty: [], tail: [1, 2] }, null, 2));
    const lists = categories.map((c) => c.list);
    expect(jsonPieces(categories, lists).join('')).toBe(JSON.stringify(inner.map((list) => ({ name: 'c', list })), null, 2));
  });

  it('finds each list by a mark no content can take, and says so when a list is missing', () => {
    const list = new JsonItems(1);
    list.push(1);
    // Text that looks like the mark of another list is content like any other.
    const doc = { a: 'apiscout-json-items:00000000-0000-0000-0000-000000000000', list };
    expect(jsonPieces(doc, [list]).join('')).toBe(JSON.stringify({ a: doc.a, list: [1] }, null, 2));
    expect(() => jsonPieces({ other: 1 }, [list])).toThrow(/internal error/);
  });

  it('gives a file whose content is its pieces joined, and hands the pieces to the writer', () => {
    const file = fileOfPieces('a.json', ['{', '"a": 1', '}']);
    expect(contentPieces(file)).toEqual(['{', '"a": 1', '}']);
    expect(file.content).toBe('{"a": 1}');
    expect(JSON.parse(JSON.stringify(file))).toEqual({ path: 'a.json', content: '{"a": 1}' });
    expect(contentPieces({ path: 'b', content: 'x' })).toEqual(['x']);
  });

  it('splices a constant into every item at its indentation, as a value and as an array element', () => {
    const value = { type: 'inherit', kv: { key: '', in: 'header' }, list: [1, { a: [] }], empty: {}, quote: 'a "b"\n' };
    const constant = new JsonConstant(value);
    const items = [{ request: { auth: constant, n: 1 } }, [constant, 2, [constant]], constant, { other: 'x', deep: { deeper: { auth: constant } } }];
    const plain = [{ request: { auth: value, n: 1 } }, [value, 2, [value]], value, { other: 'x', deep: { deeper: { auth: value } } }];
    const list = new JsonItems(1);
    for (const i of items) list.push(i, [constant]);
    expect(jsonPieces({ apis: list }, [list]).join('')).toBe(JSON.stringify({ apis: plain }, null, 2));
  });

  it('writes several constants where each stands, in any order within an item', () => {
    const a = { kind: 'a', list: [1, 2] };
    const b = ['b', { deep: { x: 'é' } }];
    const ca = new JsonConstant(a);
    const cb = new JsonConstant(b);
    const items = [{ first: cb, second: ca, third: [cb, ca] }, { only: ca }, 'none', [[cb]]];
    const plain = [{ first: b, second: a, third: [b, a] }, { only: a }, 'none', [[b]]];
    const list = new JsonItems(1);
    for (const i of items) list.push(i, [ca, cb]);
    expect(jsonPieces({ apis: list }, [list]).join('')).toBe(JSON.stringify({ apis: plain }, null, 2));
  });

  it('keeps the items as UTF-8 the writer writes as they are, non-ASCII and past many chunks included', () => {
    const list = new JsonItems(1);
    const items = Array.from({ length: 3000 }, (_, i) => ({ i, text: `Grüße 😀 ${'x'.repeat(i % 700)}`, lone: '\ud800' }));
    for (const i of items) list.push(i);
    const file = fileOfPieces('a.json', [...jsonPieces({ list }, [list]), '\n']);
    const expected = `${JSON.stringify({ list: items }, null, 2)}\n`;
    expect(contentPieces(file).some((p) => typeof p !== 'string')).toBe(true);
    expect(file.content).toBe(expected);
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-json-pieces-'));
    try {
      const [written] = writeExportFiles([file], dir);
      expect(readFileSync(join(dir, 'a.json')).equals(Buffer.from(expected, 'utf8'))).toBe(true);
      expect(written!.bytes).toBe(Buffer.byteLength(expected));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

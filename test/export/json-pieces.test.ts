import { describe, expect, it } from 'vitest';
import { JsonItems, contentPieces, fileOfPieces, jsonPieces } from '../../core/export/json-pieces';

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
});

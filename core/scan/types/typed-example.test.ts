import { describe, expect, it } from 'vitest';
import { typedExample } from './property-rules';

describe('typedExample', () => {
  const times = { type: 'array' as const, items: { type: 'string' as const, format: 'date-time' } };

  it('reads comma-separated items, with or without the brackets of a written list', () => {
    expect(typedExample('1,2,3', { type: 'array', items: { type: 'integer' } })).toEqual([1, 2, 3]);
    // springdoc examples often read like Java's List.toString(): not JSON, the items unquoted.
    expect(typedExample('[2022-07-01 00:00:00, 2022-07-01 23:59:59]', times)).toEqual(['2022-07-01 00:00:00', '2022-07-01 23:59:59']);
    expect(typedExample('[1024, 2048]', { type: 'array', items: { type: 'integer' } })).toEqual([1024, 2048]);
    expect(typedExample('["a", "b"]', { type: 'array', items: { type: 'string' } })).toEqual(['a', 'b']);
  });
});

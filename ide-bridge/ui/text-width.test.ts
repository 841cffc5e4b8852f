import { describe, expect, it } from 'vitest';
import { widthEm } from './text-width';

describe('widthEm', () => {
  it('counts a wide character as 1em, any other as 0.65em, up to the limit', () => {
    expect(widthEm('')).toBe(0);
    expect(widthEm('商品列表')).toBe(4);
    expect(widthEm('Search')).toBe(3.9);
    expect(widthEm('根据id获取')).toBe(5.3);
    expect(widthEm('𠀀')).toBe(1);
    expect(widthEm('Lists the attributes of a category')).toBe(8);
    expect(widthEm('x'.repeat(100), 7)).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { resolvePlaceholders } from './spring-placeholders';

describe('resolvePlaceholders', () => {
  const props = new Map([
    ['a', '1'],
    ['b', '${a}0'],
    ['loop', '${loop}'],
    ['empty', ''],
  ]);
  const fill = (v: string) => resolvePlaceholders(v, props);

  it('fills keys from the same properties, through other keys', () => {
    expect(fill('${a}')).toBe('1');
    expect(fill('x${b}y')).toBe('x10y');
    expect(fill('${empty:d}')).toBe('');
  });

  it("takes the default when the key is not set, and leaves a placeholder with neither as written", () => {
    expect(fill('${PORT:8081}')).toBe('8081');
    expect(fill('${ctx:}')).toBe('');
    expect(fill('${PORT}')).toBe('${PORT}');
    expect(fill('plain')).toBe('plain');
    expect(resolvePlaceholders(undefined, props)).toBeUndefined();
  });

  it('stops on a key that refers to itself', () => {
    expect(fill('${loop}')).toBe('${loop}');
    expect(fill('${loop:d}')).toBe('d');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanDocComment, parseDoc } from './doc-comment';

describe('cleanDocComment', () => {
  it('strips the comment frame and star gutters', () => {
    expect(cleanDocComment('/**\n   * Get a user.\n   *   indented\n   */')).toBe('Get a user.\n  indented');
    expect(cleanDocComment('/** One line */')).toBe('One line');
    expect(cleanDocComment('/** */')).toBeUndefined();
  });

  it('gives what the regular expressions it replaced gave, on edge cases and random comments', () => {
    // The implementation before the index walk, kept as the reference.
    const reference = (raw: string): string | undefined => {
      const inner = raw.replace(/^\/\*\*+/, '').replace(/\*+\/$/, '');
      const lines = inner.split(/\r?\n/).map((l) => l.replace(/^\s*\*(?!\/)\s?/, '').trimEnd());
      while (lines.length && lines[0]!.trim() === '') lines.shift();
      while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
      const text = lines.join('\n').trim();
      return text === '' ? undefined : text;
    };
    const cases = [
      '/**/', '/***/', '/****/', '/**', '/** a **/', '/** a*/', '/**\r\n * a\r\n *\r\n * b\r\n */', '/**\n *\n */',
      '/**\n * a\n\n\n * b\n */', '/**\n *   indented\n * x\n */', '/**\n */ tail', '/**\n*/\n */', '/** a\r */', '/**\r * a\r */',
      '/**\u00a0* a\u2028 * b\ufeff*/', '/**\n\t*\tb\n\t */', '/**\n * * b\n */', 'no frame * at all', '', '*/', '/** *\/ */',
      '/**\n * 获取用户详情。\n */', '/**\n * a\r\r\n * b */',
    ];
    for (const c of cases) expect(cleanDocComment(c), JSON.stringify(c)).toBe(reference(c));
    const alphabet = ['/', '*', '*', ' ', ' ', '\t', '\r', '\n', '\n', '\u00a0', '\u2028', '\u3000', '\ufeff', 'a', 'b', '@', 'é'];
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 20000; k++) {
      let raw = random(4) === 0 ? '' : '/**';
      for (let i = random(24); i > 0; i--) raw += alphabet[random(alphabet.length)];
      if (random(3) > 0) raw += random(2) ? '*/' : '**/';
      expect(cleanDocComment(raw), JSON.stringify(raw)).toBe(reference(raw));
    }
  });
});

describe('parseDoc', () => {
  it('splits the first sentence at a period followed by white space', () => {
    const d = parseDoc('Get a user by id. Loads it from\nthe {@code users} table.\n@param id the id\n@return the user');
    expect(d.summary).toBe('Get a user by id');
    expect(d.details).toBe('Loads it from the users table.');
    expect(d.params).toEqual({ id: 'the id' });
    expect(d.returns).toBe('the user');
  });

  it('does not split at a period inside a word or version', () => {
    expect(parseDoc('Returns v1.2 data').summary).toBe('Returns v1.2 data');
  });

  it('ends a period-less summary at the first line break', () => {
    const d = parseDoc('List orders\nnewest first');
    expect(d.summary).toBe('List orders');
    expect(d.details).toBe('newest first');
  });

  it('ends a summary at the end of its paragraph, before a later sentence end', () => {
    const d = parseDoc('关键字提醒\n<p>\n当用户输入关键字一部分时，可以推荐系统中合适的关键字。\n\n@param keyword 关键字');
    expect(d.summary).toBe('关键字提醒');
    expect(d.details).toBe('当用户输入关键字一部分时，可以推荐系统中合适的关键字。');
    expect(parseDoc('List orders\n\nNewest first. Paged.').summary).toBe('List orders');
  });

  it('ends a CJK summary at an ideographic full stop', () => {
    const d = parseDoc('获取用户详情。根据编号查询');
    expect(d.summary).toBe('获取用户详情');
    expect(d.details).toBe('根据编号查询');
  });

  it('renders links with their label and drops HTML', () => {
    expect(parseDoc('See {@link Foo#bar the bar}. <p>More</p>').details).toBe('More');
    expect(parseDoc('Uses {@link Foo#bar}').summary).toBe('Uses Foo#bar');
    // The parameter list of a method reference is the reference's, spaces and all.
    expect(parseDoc('Same as {@link Foo#bar(String, Integer, Integer)} (as JSON). More.').summary).toBe('Same as Foo#bar(String, Integer, Integer) (as JSON)');
    expect(parseDoc('Same as {@link #bar(String, int) the bar}.').summary).toBe('Same as the bar');
  });

  it('handles comments that are only tags', () => {
    const d = parseDoc('@param x the x');
    expect(d.summary).toBe('');
    expect(d.params.x).toBe('the x');
  });
});

describe('parseDoc summaries across lines', () => {
  it('lets a sentence run over a line break until its period', () => {
    const d = parseDoc('Subscribes an address to\nthe newsletter. A mail is sent.');
    expect(d.summary).toBe('Subscribes an address to the newsletter');
    expect(d.details).toBe('A mail is sent.');
  });
});

import { describe, expect, it } from 'vitest';
import { checkNesting, MAX_NESTING, NestingError } from './nesting-guard';

const errorOf = (text: string, lang: 'java' | 'kotlin', limit?: number): NestingError | undefined => {
  try {
    checkNesting(text, lang, limit);
    return undefined;
  } catch (e) {
    return e as NestingError;
  }
};

describe('checkNesting', () => {
  it('counts brackets, blocks and strings open at once', () => {
    expect(checkNesting('class A { void f() { g(new int[] {1}); } }', 'java')).toBe(4);
    expect(checkNesting('class A { String s = "x"; }', 'java')).toBe(2);
    expect(checkNesting('', 'java')).toBe(0);
  });

  it('does not count brackets inside strings, char literals, text blocks and comments', () => {
    expect(checkNesting('class A { String s = "(((["; char c = \'{\'; char d = \'\\\'\'; }', 'java')).toBe(2);
    expect(checkNesting('class A { /* {{{{ */ // ((((\n String t = """\n {{{ \\""" \n"""; }', 'java')).toBe(2);
    expect(checkNesting('class A { String s = "a\\"(("; }', 'java')).toBe(2);
    // An unterminated string ends at its line.
    expect(checkNesting('class A { String s = "((\n int x; }', 'java')).toBe(2);
    // Non-ASCII text is plain text.
    expect(checkNesting('class A { String s = "é€😀"; // 😀 {\n int ü = 1; }', 'java')).toBe(2);
  });

  it('follows Kotlin string templates into their code and back', () => {
    expect(checkNesting('val s = "a${f(g("b${x}"))}c"', 'kotlin')).toBe(6);
    expect(checkNesting('val s = """a${ listOf(1) }"""', 'kotlin')).toBe(3);
    // Java has no templates.
    expect(checkNesting('String s = "a${f(x)}";', 'java')).toBe(1);
  });

  it('names the line where the limit is passed, counting lines in comments and strings', () => {
    const deep = `${'('.repeat(MAX_NESTING + 1)}`;
    expect(errorOf(`class A {\n/* a\nb\n*/\n String s = "x";\n // c\n${deep}`, 'java')?.line).toBe(7);
    expect(errorOf(`a\r\n\r\n${deep}`, 'java')?.line).toBe(3);
    expect(errorOf('((( ((', 'java', 4)).toMatchObject({ name: 'NestingError', depth: 5, line: 1 });
    expect(errorOf('((((', 'java', 4)).toBeUndefined();
  });
});

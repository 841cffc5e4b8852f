import { describe, expect, it } from 'vitest';
import { docText } from './descriptions';

describe('docText', () => {
  it('puts a comment on one line: every run of white space one space, whatever its kind', () => {
    expect(docText('The customer’s name.')).toBe('The customer’s name.');
    expect(docText('  Padded on both sides.  ')).toBe('Padded on both sides.');
    expect(docText('Two  spaces and\ta tab.')).toBe('Two spaces and a tab.');
    expect(docText('First line\nsecond line.\r\nThird.')).toBe('First line second line. Third.');
    // No-break and other Unicode spaces are white space too (a one-line comment is left as it is only when its spaces are single ASCII ones).
    expect(docText('No\u00a0break, em\u2003space.')).toBe('No break, em space.');
    expect(docText('Ends with a no-break space\u00a0')).toBe('Ends with a no-break space');
  });

  it('keeps the main text before the block tags, markup removed', () => {
    expect(docText('The id.\n@deprecated use key')).toBe('The id.');
    expect(docText('Uses {@code Long} ids.')).toBe('Uses Long ids.');
    expect(docText(' \n ')).toBeUndefined();
    expect(docText(undefined)).toBeUndefined();
  });
});

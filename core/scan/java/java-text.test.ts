import { describe, expect, it } from 'vitest';
import { readImport } from './java-text';

describe('readImport', () => {
  // The reading by regular expressions alone, kept as the reference for the plain statements read by index.
  const reference = (statement: string) => {
    const text = statement.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const m = /^import\s+(static\s+)?([\w$.\s]+?)(\.\s*\*)?\s*;?\s*$/.exec(text);
    return { name: m?.[2]?.replace(/\s+/g, '') ?? '', isStatic: m?.[1] !== undefined, wildcard: m?.[3] !== undefined };
  };

  it('reads single-type, static and wildcard imports', () => {
    expect(readImport('import a.b.C;')).toEqual({ name: 'a.b.C', isStatic: false, wildcard: false });
    expect(readImport('import static a.b.C.x;')).toEqual({ name: 'a.b.C.x', isStatic: true, wildcard: false });
    expect(readImport('import a.b.*;')).toEqual({ name: 'a.b', isStatic: false, wildcard: true });
    expect(readImport('import  static /* c */ a . b\n.*;')).toEqual({ name: 'a.b', isStatic: true, wildcard: true });
  });

  it('gives what the regular expressions give, for plain and odd statements alike', () => {
    const cases = [
      'import a.b.C;', 'import static a.b.C.x;', 'import a.b.*;', 'import static a.*;', 'import static;', 'import staticx.Y;',
      'import *;', 'import .*;', 'import a..b;', 'import a.;', 'import $a._b.C1;', 'import a.b.C', 'import\ta.b.C;', 'import a.b.C ;',
      'import static  a.B;', 'import a.b.Ü;', 'import a/*x*/.b;', 'import a.b.C; // c', 'import ;', 'import a.b.**;', 'import a.b*;',
    ];
    for (const c of cases) expect(readImport(c), c).toEqual(reference(c));
    const alphabet = ['a', 'b', '.', '.', '*', ' ', '$', '_', '1', ';', 's', 'static ', '\t', 'é', '/'];
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 5000; k++) {
      let s = 'import ';
      for (let i = random(10); i > 0; i--) s += alphabet[random(alphabet.length)];
      if (random(4) > 0) s += ';';
      expect(readImport(s), JSON.stringify(s)).toEqual(reference(s));
    }
  });
});

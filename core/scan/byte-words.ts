// Several words looked for in every file of the tree at once. Buffer.indexOf finds a word by its
// first byte and compares from there: a word starting with a common letter (`addSecurityItem`,
// `setDefaultProperties`) costs up to five times one starting with a rare one, and each word is a
// pass over the file of its own. Here words share a pass over the occurrences of a capital letter
// they hold (capitals are rare in code), each word checked in place around it.

interface Word {
  text: string;
  bytes: Buffer;
  /** The offset of the pass's letter in the word. */
  at: number;
}

interface Pass {
  letter: number;
  /** The words to check at an occurrence of the letter, by the byte after it (most of a capital's occurrences in code are `String`'s: none to check). */
  byNext: Word[][];
}

export class ByteWords {
  private readonly passes: Pass[] = [];

  /** `words`: ASCII, each holding a capital letter. */
  constructor(words: readonly string[]) {
    let left = [...new Set(words)];
    while (left.length) {
      // The capital most of the words left hold: as few passes as can be.
      const counts = new Map<string, number>();
      for (const w of left) for (const c of new Set(w.match(/[A-Z]/g))) counts.set(c, (counts.get(c) ?? 0) + 1);
      const letter = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      if (letter === undefined) throw new Error(`no capital letter in ${left.join(', ')}`);
      const byNext = Array.from({ length: 256 }, (): Word[] => []);
      for (const text of left.filter((w) => w.includes(letter))) {
        const at = text.indexOf(letter);
        const word = { text, bytes: Buffer.from(text, 'latin1'), at };
        // A word ending with the letter is checked whatever follows.
        const next = text.charCodeAt(at + 1);
        for (const list of Number.isNaN(next) ? byNext : [byNext[next]!]) list.push(word);
      }
      this.passes.push({ letter: letter.charCodeAt(0), byNext });
      left = left.filter((w) => !w.includes(letter));
    }
  }

  /** The words `b` holds, in no particular order. */
  found(b: Buffer): string[] {
    const out: string[] = [];
    for (const { letter, byNext } of this.passes) {
      for (let k = b.indexOf(letter); k >= 0; k = b.indexOf(letter, k + 1)) {
        for (const word of byNext[b[k + 1] ?? 0]!) {
          if (holdsAt(b, k - word.at, word.bytes) && !out.includes(word.text)) out.push(word.text);
        }
      }
    }
    return out;
  }
}

function holdsAt(b: Buffer, start: number, word: Buffer): boolean {
  if (start < 0 || start + word.length > b.length) return false;
  for (let i = 0; i < word.length; i++) if (b[start + i] !== word[i]) return false;
  return true;
}

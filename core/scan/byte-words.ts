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

export class ByteWords {
  /** One pass per letter, with the words checked at it. */
  private readonly passes: { letter: number; words: Word[] }[] = [];

  /** `words`: ASCII, each holding a capital letter. */
  constructor(words: readonly string[]) {
    let left = [...new Set(words)];
    while (left.length) {
      // The capital most of the words left hold: as few passes as can be.
      const counts = new Map<string, number>();
      for (const w of left) for (const c of new Set(w.match(/[A-Z]/g))) counts.set(c, (counts.get(c) ?? 0) + 1);
      const letter = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0];
      if (letter === undefined) throw new Error(`no capital letter in ${left.join(', ')}`);
      const mine = left.filter((w) => w.includes(letter));
      this.passes.push({ letter: letter.charCodeAt(0), words: mine.map((text) => ({ text, bytes: Buffer.from(text, 'latin1'), at: text.indexOf(letter) })) });
      left = left.filter((w) => !w.includes(letter));
    }
  }

  /** The words `b` holds, in no particular order. */
  found(b: Buffer): string[] {
    const out: string[] = [];
    for (const { letter, words } of this.passes) {
      let left = words.length;
      const seen = new Array<boolean>(words.length).fill(false);
      for (let k = b.indexOf(letter); k >= 0 && left > 0; k = b.indexOf(letter, k + 1)) {
        for (let i = 0; i < words.length; i++) {
          if (!seen[i] && holdsAt(b, k - words[i]!.at, words[i]!.bytes)) {
            seen[i] = true;
            out.push(words[i]!.text);
            left--;
          }
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

// Pretty for a JSON response body. The indenter reads tokens, not values: a body the sidecar cut
// at 500,000 characters (no longer valid JSON) is indented as far as it goes, numbers and escapes
// stay as the server wrote them, and a compact text comes out as JSON.stringify(value, null, 2)
// would lay it out. Linear, with no value tree: what a multi-megabyte body needs.

const SPACE = new Set([' ', '\n', '\r', '\t']);
const STOPS = new Set([',', ':', '{', '}', '[', ']', '"', ' ', '\n', '\r', '\t']);

export function indentJson(text: string): string {
  const out: string[] = [];
  let depth = 0;
  let i = 0;
  const n = text.length;
  const newline = () => `\n${'  '.repeat(depth)}`;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      // A string, escapes and all, copied as one piece.
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    if (SPACE.has(c)) {
      i++;
      continue;
    }
    if (c === '{' || c === '[') {
      // An empty object or array stays on its line: `[]`, `{}`.
      let j = i + 1;
      while (j < n && SPACE.has(text[j]!)) j++;
      if (text[j] === (c === '{' ? '}' : ']')) {
        out.push(c, text[j]!);
        i = j + 1;
        continue;
      }
      depth++;
      out.push(c, newline());
    } else if (c === '}' || c === ']') {
      depth = Math.max(0, depth - 1);
      out.push(newline(), c);
    } else if (c === ',') {
      out.push(',', newline());
    } else if (c === ':') {
      out.push(': ');
    } else {
      // A number, true, false or null: up to the next structural character.
      let j = i + 1;
      while (j < n && !STOPS.has(text[j]!)) j++;
      out.push(text.slice(i, j));
      i = j;
      continue;
    }
    i++;
  }
  return out.join('');
}

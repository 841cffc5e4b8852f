// POSIX shell quoting (Shell Command Language §2.2.2): inside single quotes every character is
// literal and only `'` itself cannot appear, so each word is wrapped in `'…'` and each embedded
// `'` written as `'\''`. Safe for any character, newlines and non-ASCII included; only NUL
// cannot reach a command's arguments at all.

const BARE = /^[A-Za-z0-9_@%+=:,./-]+$/;

export function shQuote(word: string): string {
  if (BARE.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function hasNul(word: string): boolean {
  return word.includes('\0');
}

// A string that satisfies a `@Pattern(regexp)`: examples must pass the application's own
// validation (Bean Validation matches the whole value), and OpenAPI linters check them against
// `pattern`. Covers the expressions DTOs use (literals, classes, escapes, groups, alternation,
// quantifiers); anything else gives undefined and the caller keeps its plain example.

/**
 * A plausible string the whole of `pattern` matches, within the length bounds: the property's
 * name in capitals or cut to length when that fits (`currency` under `[A-Z]{3}` is `CUR`), else
 * the shortest string written from the expression; undefined when none is found.
 */
export function stringMatching(pattern: string, minLength?: number, maxLength?: number, name?: string): string | undefined {
  let whole: RegExp;
  try {
    whole = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return undefined; // a Java-only construct
  }
  let written: string;
  try {
    written = new Writer(pattern).alternatives();
  } catch {
    return undefined;
  }
  if (name) {
    const size = written.length;
    for (const candidate of [name.toUpperCase(), name.toLowerCase(), name.toUpperCase().slice(0, size), name.toLowerCase().slice(0, size)]) {
      if (candidate && whole.test(candidate) && candidate.length >= (minLength ?? 0) && candidate.length <= (maxLength ?? Infinity)) return candidate;
    }
  }
  // Stretch or cut to the @Size bounds by repeating or dropping the last character, if that still matches.
  if (minLength !== undefined && written.length < minLength && written.length > 0) {
    const longer = written.padEnd(minLength, written.at(-1));
    if (whole.test(longer)) written = longer;
  }
  if (maxLength !== undefined && written.length > maxLength) written = written.slice(0, maxLength);
  return whole.test(written) ? written : undefined;
}

class Writer {
  private i = 0;
  constructor(private readonly p: string) {}

  /** `a|b|c`: the first alternative. */
  alternatives(): string {
    const first = this.sequence();
    while (this.p[this.i] === '|') {
      this.i++;
      this.sequence();
    }
    return first;
  }

  private sequence(): string {
    let out = '';
    while (this.i < this.p.length && this.p[this.i] !== '|' && this.p[this.i] !== ')') {
      const atom = this.atom();
      const [min] = this.quantifier();
      out += atom.repeat(min);
    }
    return out;
  }

  private atom(): string {
    const c = this.p[this.i++]!;
    switch (c) {
      case '^':
      case '$':
        return '';
      case '.':
        return 'a';
      case '(': {
        if (this.p[this.i] === '?') {
          // (?:x) (?<name>x): the group's content; look-arounds are not supported.
          if (this.p[this.i + 1] === ':') this.i += 2;
          else if (this.p[this.i + 1] === '<' && /[A-Za-z]/.test(this.p[this.i + 2] ?? '')) this.i = this.p.indexOf('>', this.i) + 1;
          else throw new Error('unsupported group');
        }
        const inner = this.alternatives();
        if (this.p[this.i++] !== ')') throw new Error('unclosed group');
        return inner;
      }
      case '[':
        return this.charClass();
      case '\\':
        return this.escape(false);
      default:
        return c;
    }
  }

  /** `{n}`, `{n,}`, `{n,m}`, `?`, `*`, `+` (lazy and possessive forms too): the count to write. */
  private quantifier(): [number] {
    const c = this.p[this.i];
    let min = 1;
    if (c === '?' || c === '*') {
      min = 0;
      this.i++;
    } else if (c === '+') {
      this.i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(?:,(\d*))?\}/.exec(this.p.slice(this.i));
      if (!m) return [1];
      min = Number(m[1]);
      this.i += m[0].length;
    } else return [1];
    if (this.p[this.i] === '?' || this.p[this.i] === '+') this.i++;
    return [min];
  }

  private charClass(): string {
    const negated = this.p[this.i] === '^';
    if (negated) this.i++;
    const members: string[] = [];
    let first = true;
    while (this.i < this.p.length && (this.p[this.i] !== ']' || first)) {
      first = false;
      let c = this.p[this.i++]!;
      if (c === '\\') c = this.escape(true);
      if (this.p[this.i] === '-' && this.p[this.i + 1] !== ']' && this.i + 1 < this.p.length) {
        this.i++;
        let end = this.p[this.i++]!;
        if (end === '\\') end = this.escape(true);
        members.push(`${esc(c)}-${esc(end)}`);
      } else members.push(esc(c));
    }
    if (this.p[this.i++] !== ']') throw new Error('unclosed class');
    const cls = new RegExp(`[${negated ? '^' : ''}${members.join('')}]`, 'u');
    // Prefer letters and digits a person would write; a range's first member otherwise.
    for (const candidate of 'aA0x_-. @') if (cls.test(candidate)) return candidate;
    const plain = members[0]?.replace(/^\\/, '');
    if (!negated && plain) return plain[0]!;
    throw new Error('no member');
  }

  /** After a backslash: a class escape gives one member, anything else the character itself. */
  private escape(inClass: boolean): string {
    const c = this.p[this.i++]!;
    switch (c) {
      case 'd':
        return '0';
      case 'w':
        return 'a';
      case 's':
        return ' ';
      case 'D':
      case 'W':
      case 'S':
        return c === 'D' ? 'a' : '-';
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'p':
      case 'P':
        throw new Error('unicode classes are not supported');
      case 'b':
      case 'B':
      case 'A':
      case 'z':
      case 'Z':
        if (inClass) throw new Error('unsupported');
        return '';
      default:
        if (/[0-9]/.test(c)) throw new Error('back references are not supported');
        return c;
    }
  }
}

function esc(c: string): string {
  return /[\]\\^-]/.test(c) ? `\\${c}` : c;
}

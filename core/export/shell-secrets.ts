// Secret variables in a written cURL script (api.sh in Resolve mode): the value never lands in the
// file. Each secret is rendered as a marker while the command is built (the marker is made of
// characters no URL, JSON or shell encoding changes), and each marker is then written as a double-
// quoted reference to a shell variable the script reads from the environment (`"${API_TOKEN}"`),
// with a check at the top of the script that names every variable to export.

import type { Environment } from '../model/environment';
import { encodeSegment, formEncode } from './request-template';

export interface ShellSecret {
  /** The environment variable's key (`{{bearerToken}}`). */
  key: string;
  /** The shell variable the script reads it from (`BEARER_TOKEN`): unique in the script. */
  shell: string;
  value: string;
}

/** Variables the shell itself or every script relies on: a secret is never read into one of these. */
const RESERVED = new Set(['PATH', 'HOME', 'USER', 'SHELL', 'PWD', 'OLDPWD', 'IFS', 'PS1', 'PS2', 'PS4', 'LANG', 'TERM', 'TMPDIR', 'HOSTNAME', 'LOGNAME', 'MAIL', 'OPTIND', 'OPTARG', 'PPID', 'LINENO', 'ENV', 'CDPATH', 'LC_ALL']);

/**
 * A marker ends in the form its value takes there: `X` where a placeholder was resolved (the
 * word's place decides, curl.ts secretEncodings), or, for a value found in the text by
 * markSecretValues, the form it was found in: `R` as it is, `U` percent-encoded, `J` JSON-escaped.
 */
const MARKER = /APISCOUTSECRET([0-9a-f]+)([XRUJ])/g;

const FOUND_AS: Record<string, SecretEncoding> = { R: 'raw', U: 'url', J: 'json' };

/** The marker a secret's value is rendered as: letters and hex digits survive every encoding. */
export function secretMarker(key: string, form: 'X' | 'R' | 'U' | 'J' = 'X'): string {
  return `APISCOUTSECRET${[...new TextEncoder().encode(key)].map((b) => b.toString(16).padStart(2, '0')).join('')}${form}`;
}

function keyOfMarker(hex: string): string {
  return new TextDecoder().decode(Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16)));
}

/**
 * The environment's secret variables that have a value, each with a shell variable name derived
 * from its key (`bearerToken` → `BEARER_TOKEN`, `api-key` → `API_KEY`): stable for the same
 * environment, made unique with a numeric suffix, never a variable the shell uses itself.
 * `credentials`: variables a scheme takes its credential from (auth.ts credentialVariables), secret
 * whether the user marked them or not, as in the environment files.
 */
export function shellSecrets(environment: Environment | undefined, credentials: ReadonlySet<string> = new Set()): ShellSecret[] {
  const taken = new Set<string>();
  const out: ShellSecret[] = [];
  for (const v of environment?.variables ?? []) {
    if (!(v.secret || credentials.has(v.key)) || v.value === '' || out.some((s) => s.key === v.key)) continue;
    let base = v.key
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .toUpperCase();
    if (!base) base = 'SECRET';
    if (/^\d/.test(base)) base = `SECRET_${base}`;
    if (RESERVED.has(base)) base = `${base}_SECRET`;
    let shell = base;
    for (let n = 2; taken.has(shell); n++) shell = `${base}_${n}`;
    taken.add(shell);
    out.push({ key: v.key, shell, value: v.value });
  }
  return out;
}

/**
 * A rendered word with every secret value replaced by its marker: a value that reached the word
 * another way than its placeholder (a pre-request script copied it, a variable's value names it)
 * is written as its variable all the same, as it is, URL- or form-encoded or JSON-escaped.
 *
 * Values shorter than four characters are left alone, and cannot be caught by value without
 * false positives: one to three characters (`1`, `ab`, `x-1`) recur in text that has nothing to
 * do with them (a `page=1`, a JSON key, a path segment, the hex digits of another marker), and
 * even a whole field equal to one can be a coincidence (a secret PIN `123` and an id `123`),
 * whose rewriting would make the script send whatever the user exports instead. What can be
 * closed is closed by place, not value: a variable naming a secret resolves that reference to the
 * marker (curl.ts resolverFor). The rest, a pre-request script copying a short value into the
 * request, gets a warning naming the variable (shortSecretFields).
 */
export function markSecretValues(word: string, secrets: readonly ShellSecret[]): string {
  // Markers already in the word are kept whole: a value (`746f`, `SECRET`) can be part of one.
  // parts: literal text at even indices, markers at odd ones.
  let parts: string[] = [];
  let last = 0;
  for (const m of word.matchAll(MARKER)) {
    parts.push(word.slice(last, m.index), m[0]);
    last = m.index + m[0].length;
  }
  parts.push(word.slice(last));
  for (const s of [...secrets].sort((a, b) => b.value.length - a.value.length)) {
    if (s.value.length < 4) continue;
    // The forms a value takes in a command: as it is, in a URL, in a form body (encodeURIComponent, as a
    // scripted request's; URLSearchParams, a space as `+`), in JSON.
    // A form equal to an earlier one (a value nothing escapes) keeps the earlier's letter: the same bytes either way.
    const forms = new Map<string, 'R' | 'U' | 'J'>();
    for (const [text, as] of [[s.value, 'R'], [encodeSegment(s.value), 'U'], [encodeURIComponent(s.value), 'U'], [formEncode(s.value), 'U'], [JSON.stringify(s.value).slice(1, -1), 'J']] as const) if (!forms.has(text)) forms.set(text, as);
    for (const [form, as] of forms) {
      parts = parts.flatMap((part, i) => (i % 2 === 1 ? [part] : part.split(form).flatMap((piece, j) => (j ? [secretMarker(s.key, as), piece] : [piece]))));
    }
  }
  return parts.join('');
}

/** The word with each marker written back as its `{{key}}` placeholder (Keep mode). */
export function markersAsPlaceholders(word: string): string {
  return word.replace(MARKER, (_, hex: string) => `{{${keyOfMarker(hex)}}}`);
}

/**
 * The keys of the secrets under four characters (markSecretValues leaves them) that a request a
 * pre-request script left holds as a whole field: a header value (or what follows its scheme,
 * `Bearer x`), a cookie, a query parameter, a form field or a JSON string.
 */
export function shortSecretFields(request: { url: string; headers: ReadonlyArray<{ name: string; value: string }>; body: string | null }, secrets: readonly ShellSecret[]): string[] {
  const short = secrets.filter((s) => s.value.length > 0 && s.value.length < 4);
  if (!short.length) return [];
  const fields = new Set<string>();
  for (const h of request.headers) {
    fields.add(h.value).add(h.value.replace(/^\S+\s+/, ''));
    if (h.name.toLowerCase() === 'cookie') for (const c of h.value.split(/;\s*/)) fields.add(c.slice(c.indexOf('=') + 1));
  }
  try {
    for (const [, v] of new URL(request.url).searchParams) fields.add(v);
  } catch {
    // not a URL yet (a placeholder host): its query is not read
  }
  if (request.body !== null) {
    try {
      strings(JSON.parse(request.body), fields);
    } catch {
      for (const [, v] of new URLSearchParams(request.body)) fields.add(v);
    }
  }
  return short.filter((s) => fields.has(s.value)).map((s) => s.key);
}

function strings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
}

/** The keys whose markers a word holds. */
export function markedKeys(word: string): string[] {
  return [...word.matchAll(MARKER)].map((m) => keyOfMarker(m[1]!));
}

/**
 * How a secret is written where it lands: as it is (a header, a cookie, a form field curl encodes
 * itself), percent-encoded (a URL, a form body sent as it is) or JSON-escaped (inside a JSON
 * string). The value comes from the shell at run time, so the script encodes it (SHELL_ENCODERS).
 */
export type SecretEncoding = 'raw' | 'url' | 'json';

/** The shell functions that encode a value read from the environment, by the encoding they give. */
export const SHELL_ENCODERS: Record<Exclude<SecretEncoding, 'raw'>, { name: string; lines: string[] }> = {
  // Byte by byte in the C locale (awk's length and substr count bytes there): every byte but
  // RFC 3986's unreserved ones as %XX, so `&`, `#`, `+`, `%`, a space or UTF-8 stay the value's.
  // ENVIRON, not `-v`: awk would read a backslash in a `-v` value as an escape.
  url: {
    name: 'apiscout_urlencode',
    lines: [
      '# Percent-encodes its argument for a URL or a form body.',
      `apiscout_urlencode() { LC_ALL=C APISCOUT_VALUE=$1 awk 'BEGIN { s = ENVIRON["APISCOUT_VALUE"]; for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i; for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); if (c ~ /[A-Za-z0-9._~-]/) printf "%s", c; else printf "%%%02X", ord[c] } }'; }`,
    ],
  },
  // `"` and `\` escaped, control characters as \u00XX; other bytes (UTF-8) as they are.
  json: {
    name: 'apiscout_json',
    lines: [
      '# Escapes its argument for the inside of a JSON string.',
      `apiscout_json() { LC_ALL=C APISCOUT_VALUE=$1 awk 'BEGIN { s = ENVIRON["APISCOUT_VALUE"]; for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i; for (i = 1; i <= length(s); i++) { c = substr(s, i, 1); if (c == "\\\\" || c == "\\"") printf "\\\\%s", c; else if (ord[c] < 32) printf "\\\\u%04x", ord[c]; else printf "%s", c } }'; }`,
    ],
  },
};

/**
 * A word quoted for sh with each marker as `"${NAME}"` (or, encoded, `"$(apiscout_urlencode
 * "${NAME}")"`): the literal parts single-quoted (quote), the references double-quoted so the
 * shell expands them into one word without splitting. `encoding`: what the word's markers stand
 * for where a placeholder put them (by a marker's index, where it differs within the word); a
 * value found in the text keeps the form it was found in. The encoders used are added to `used`.
 */
export function quoteWithSecrets(word: string, secrets: readonly ShellSecret[], quote: (literal: string) => string, encoding: SecretEncoding | ((at: number) => SecretEncoding) = 'raw', used?: Set<SecretEncoding>): string {
  if (!word.includes('APISCOUTSECRET')) return quote(word);
  const parts: string[] = [];
  let last = 0;
  for (const m of word.matchAll(MARKER)) {
    const secret = secrets.find((s) => s.key === keyOfMarker(m[1]!));
    if (!secret) continue;
    if (m.index > last) parts.push(quote(word.slice(last, m.index)));
    const how = FOUND_AS[m[2]!] ?? (typeof encoding === 'function' ? encoding(m.index) : encoding);
    parts.push(how === 'raw' ? `"\${${secret.shell}}"` : `"$(${SHELL_ENCODERS[how].name} "\${${secret.shell}}")"`);
    used?.add(how);
    last = m.index + m[0].length;
  }
  if (last < word.length) parts.push(quote(word.slice(last)));
  return parts.join('');
}

/**
 * The script's preamble for the secrets it uses: which variables to export, and a check that stops
 * the script with that message before any request goes out without its credential.
 */
export function secretsPreamble(used: readonly ShellSecret[], environment: string | undefined, comments: boolean, encodings: ReadonlySet<SecretEncoding> = new Set()): string[] {
  if (!used.length) return [];
  const from = environment ? ` of environment ${environment.replace(/\s+/g, ' ')}` : '';
  const lines: string[] = [];
  if (comments) {
    lines.push('', `# Secret values are not written in this file: export them before running it.`);
    for (const s of used) lines.push(`#   export ${s.shell}='...'   # the value of {{${s.key}}}${from}`);
  }
  // The message names the shell variable alone: a key's braces or `$` would end or expand the word.
  for (const s of used) lines.push(`: "\${${s.shell}:?export ${s.shell} before running this script}"`);
  for (const e of ['url', 'json'] as const) if (encodings.has(e)) lines.push(...SHELL_ENCODERS[e].lines.slice(comments ? 0 : 1));
  return lines;
}

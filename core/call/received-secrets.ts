// What of a response, and of what request scripts logged around it, to show masked: the request
// side's rules (sent-secrets.ts) applied to the way back. Response headers or gRPC metadata that
// hand out credentials (Set-Cookie, Authentication-Info, X-Auth-Token…) or carry a secret
// variable's value are masked by name. Script log lines and script errors have every secret value
// known to the call masked: the secret variables', the credentials the request sent and the
// response handed out, and what scripts keep in localStorage under a credential-like key (a login
// token an after-script saved is a secret from then on). Screens keep the real text beside the
// masked one for the user's own reveal; terminals and logs get the masked text only.

import { isCredentialHeader } from './credential-names';
import { LocalStorageStore } from '../store/local-storage';
import { MASK, maskSecrets, maskedQuery, secretValuesOf } from './sent-secrets';

/** Response headers that hand out a credential, whatever their value. */
const HANDED_OUT = new Set(['set-cookie', 'set-cookie2', 'authentication-info', 'proxy-authentication-info']);

/** A response header or metadata key whose value is a credential. */
export function isCredentialResponseHeader(name: string): boolean {
  return HANDED_OUT.has(name.toLowerCase()) || isCredentialHeader(name);
}

/** Names (lower case) of the response headers, gRPC headers or trailers to show masked. */
export function maskedResponseHeaders(pairs: ReadonlyArray<readonly [string, string]>, secrets: readonly string[]): string[] {
  const names = pairs.filter(([n, v]) => isCredentialResponseHeader(n) || secrets.some((s) => s !== '' && v.includes(s))).map(([n]) => n.toLowerCase());
  return [...new Set(names)];
}

/** An authorization scheme stays readable: "Bearer ••••••••" says which kind of credential it is. */
const SCHEME = /^(Bearer|Basic|Digest|Token|ApiKey|Negotiate|NTLM|AWS4-HMAC-SHA256)\s+/i;
const COOKIES = new Set(['set-cookie', 'set-cookie2', 'cookie']);

/**
 * The value split into what stays readable around the secret part: a cookie's name and attributes
 * (`SESSION=` … `; Path=/; HttpOnly`), an authorization scheme; the whole value otherwise.
 */
export function secretPart(name: string, value: string): { prefix: string; secret: string; suffix: string } {
  const lower = name.toLowerCase();
  if (lower === 'set-cookie' || lower === 'set-cookie2') {
    const eq = value.indexOf('=');
    const semi = value.indexOf(';');
    if (eq > 0 && (semi < 0 || eq < semi)) {
      const end = semi < 0 ? value.length : semi;
      return { prefix: value.slice(0, eq + 1), secret: value.slice(eq + 1, end), suffix: value.slice(end) };
    }
  }
  const scheme = SCHEME.exec(value)?.[0] ?? '';
  return { prefix: scheme, secret: value.slice(scheme.length), suffix: '' };
}

/** The header's value as a terminal shows it: the secret part masked (a Cookie header's every value). */
export function maskedHeaderText(name: string, value: string): string {
  if (name.toLowerCase() === 'cookie') return value.replace(/(^|;\s*)([^=;]+=)[^;]*/g, (_, sep: string, key: string) => `${sep}${key}${MASK}`);
  const { prefix, secret, suffix } = secretPart(name, value);
  return secret === '' ? value : `${prefix}${MASK}${suffix}`;
}

/** Below this length a value found in a credential header is not hunted for in free text: "1" would mask every digit. */
const MIN_FOUND = 4;

/** The secret values that credential headers (by name), or the query parameters of `url` (access_token…), carry. */
export function credentialValues(pairs: ReadonlyArray<readonly [string, string]>, url?: string): string[] {
  const out: string[] = [];
  for (const [name, value] of pairs) {
    if (!isCredentialResponseHeader(name)) continue;
    if (COOKIES.has(name.toLowerCase())) {
      const cookies = name.toLowerCase() === 'cookie' ? value.split(';') : [value.split(';')[0]!];
      for (const c of cookies) out.push(c.slice(c.indexOf('=') + 1).trim());
    } else {
      out.push(secretPart(name, value).secret.trim());
    }
  }
  if (url) {
    try {
      const params = new URL(url).searchParams;
      for (const n of maskedQuery(url, [])) out.push(...params.getAll(n));
    } catch {
      // not a URL: no query to read
    }
  }
  return found(out);
}

/** A localStorage key that names a credential: token, accessToken, jwt, session_id, apiKey, password… */
const CREDENTIAL_KEY = /token|secret|passw|jwt|session|cookie|credential|api[-_]?key|auth(?!or)/i;

/** The values scripts keep in localStorage under a credential-like key (strings and numbers, or such fields of an object). */
export function storedSecrets(values: Readonly<Record<string, unknown>>): string[] {
  const out: string[] = [];
  const walk = (key: string, v: unknown, depth: number) => {
    if (typeof v === 'string' || typeof v === 'number') {
      if (CREDENTIAL_KEY.test(key)) out.push(String(v));
    } else if (v && typeof v === 'object' && depth < 4) {
      for (const [k, inner] of Object.entries(v)) walk(CREDENTIAL_KEY.test(key) && Array.isArray(v) ? key : k, inner, depth + 1);
    }
  };
  for (const [k, v] of Object.entries(values)) walk(k, v, 0);
  return found(out);
}

function found(values: string[]): string[] {
  return [...new Set(values.filter((v) => v.length >= MIN_FOUND))];
}

export interface LogLine {
  script: string;
  level: string;
  text: string;
}

/** Log lines with secret values masked in `text`; `secretText` keeps the line as logged, only where it differs. */
export function maskedLogs<L extends LogLine>(logs: readonly L[], secrets: readonly string[]): Array<L & { secretText?: string }> {
  return logs.map((l) => {
    const text = maskSecrets(l.text, secrets);
    return text === l.text ? l : { ...l, text, secretText: l.text };
  });
}

/** What a call knows to be secret: the parts of the exchange to look for masked-worthy values in. */
export interface CallSecretSources {
  environment?: { variables: ReadonlyArray<{ value: string; secret?: boolean }> };
  /** The project whose scripts' localStorage is read (after the scripts ran, so a token just saved counts). */
  projectDir?: string;
  /** Headers and metadata sent or received, each with the URL it went to when there is one. */
  exchanges?: ReadonlyArray<{ headers: ReadonlyArray<readonly [string, string]>; url?: string }>;
}

/** Every secret value the text around a call may hold, for masking it (longest first is maskSecrets' job). */
export function callSecrets(sources: CallSecretSources): string[] {
  const all = [...secretValuesOf(sources.environment)];
  for (const x of sources.exchanges ?? []) all.push(...credentialValues(x.headers, x.url));
  if (sources.projectDir !== undefined) {
    try {
      all.push(...storedSecrets(new LocalStorageStore({ projectDir: sources.projectDir }).read()));
    } catch {
      // an unreadable store: its values reached no script either
    }
  }
  return [...new Set(all)];
}

/**
 * URLs in the text with the password of their user info masked (`http://bob:••••••••@host`): it
 * goes out as Basic credentials (request-builder.ts). The password runs to the last `@` before
 * the path, as URL parsers read `http://bob:p@ss@host`.
 */
export function maskUserInfo(text: string): string {
  return text.replace(/(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^/\s]+@/gi, `$1${MASK}@`);
}

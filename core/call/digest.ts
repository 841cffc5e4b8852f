// HTTP Digest (RFC 7616) for Send: a request whose endpoint's scheme is Digest goes out without
// credentials, and the caller answers the server's 401 challenge once with the computed
// `Authorization: Digest ...` (http.ts). MD5, SHA-256 and SHA-512-256, their -sess variants,
// qop `auth` (or `auth-int` over the body the request already holds), userhash, and a UTF-8
// user name (`username*`). The password never goes on the wire, only the hash.

import { createHash, randomBytes } from 'node:crypto';

/** A Basic-like user and password, resolved from the scheme's variables (send-auth.ts). */
export interface DigestCredential {
  user: string;
  password: string;
}

/** One challenge of a WWW-Authenticate header: its scheme and parameters (names lower-cased). */
export interface Challenge {
  scheme: string;
  params: Record<string, string>;
}

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;
/** A token68 after a scheme (`Negotiate abc==`), ending the challenge: not a parameter's `name=`. */
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*(?=[ \t]*(,|$))/y;

/**
 * The challenges of WWW-Authenticate values (RFC 9110 §11.6.1): `Scheme param=value, param="quoted",
 * Other ...`, several per header and several headers. A token68 (`Negotiate abc==`) is skipped.
 */
export function parseChallenges(values: readonly string[]): Challenge[] {
  const out: Challenge[] = [];
  for (const text of values) {
    let at = 0;
    let current: Challenge | undefined;
    const skip = (chars: RegExp) => {
      while (at < text.length && chars.test(text[at]!)) at++;
    };
    const sticky = (re: RegExp): string | undefined => {
      re.lastIndex = at;
      const m = re.exec(text);
      if (m) at += m[0].length;
      return m?.[0];
    };
    const quoted = (): string => {
      let value = '';
      for (at++; at < text.length && text[at] !== '"'; at++) value += text[at] === '\\' && at + 1 < text.length ? text[++at] : text[at];
      at++;
      return value;
    };
    for (skip(/[\s,]/); at < text.length; skip(/[\s,]/)) {
      const name = sticky(TOKEN);
      if (!name) {
        at++; // a stray character
        continue;
      }
      skip(/[ \t]/);
      if (current && text[at] === '=') {
        at++;
        skip(/[ \t]/);
        current.params[name.toLowerCase()] = text[at] === '"' ? quoted() : (sticky(TOKEN) ?? '');
        continue;
      }
      current = { scheme: name, params: {} };
      out.push(current);
      sticky(TOKEN68);
    }
  }
  return out;
}

const ALGORITHMS: Record<string, string> = { 'MD5': 'md5', 'SHA-256': 'sha256', 'SHA-512-256': 'sha512-256' };

/** The hash an algorithm name (`SHA-256-sess`) uses; undefined for one this client does not know. */
function hashOf(algorithm: string): string | undefined {
  return ALGORITHMS[algorithm.toUpperCase().replace(/-SESS$/, '')];
}

/**
 * The Digest challenge to answer among the response's: the strongest algorithm this client
 * knows (SHA-512-256, SHA-256, then MD5, as RFC 7616 §3.7 asks a client to prefer), with a
 * nonce and a quality of protection it can give (`auth`, `auth-int`, or none for RFC 2069).
 */
export function digestChallenge(challenges: readonly Challenge[]): Challenge | undefined {
  const usable = challenges.filter((c) => c.scheme.toLowerCase() === 'digest' && c.params.nonce !== undefined && hashOf(c.params.algorithm ?? 'MD5') && qopOf(c) !== null);
  const rank = (c: Challenge) => ['sha512-256', 'sha256', 'md5'].indexOf(hashOf(c.params.algorithm ?? 'MD5')!);
  return [...usable].sort((a, b) => rank(a) - rank(b))[0];
}

/** `auth` when offered, else `auth-int`; undefined when the challenge has no qop (RFC 2069); null when it offers only others. */
function qopOf(c: Challenge): 'auth' | 'auth-int' | undefined | null {
  if (c.params.qop === undefined) return undefined;
  const offered = c.params.qop.split(',').map((q) => q.trim().toLowerCase());
  return offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : null;
}

export interface DigestRequest {
  method: string;
  /** The request-target: path and query, as the request line has it. */
  uri: string;
  body?: Uint8Array | undefined;
}

/** The Authorization header value answering the challenge (RFC 7616 §3.4). `cnonce` for tests only. */
export function digestAuthorization(challenge: Challenge, credential: DigestCredential, request: DigestRequest, cnonce = randomBytes(16).toString('hex')): string {
  const p = challenge.params;
  const algorithm = p.algorithm ?? 'MD5';
  const hash = hashOf(algorithm)!;
  const H = (data: string | Uint8Array) => createHash(hash).update(data).digest('hex');
  const realm = p.realm ?? '';
  const nonce = p.nonce!;
  const qop = qopOf(challenge);
  const nc = '00000001';
  let ha1 = H(`${credential.user}:${realm}:${credential.password}`);
  if (/-sess$/i.test(algorithm)) ha1 = H(`${ha1}:${nonce}:${cnonce}`);
  const ha2 = qop === 'auth-int' ? H(`${request.method}:${request.uri}:${H(request.body ?? new Uint8Array())}`) : H(`${request.method}:${request.uri}`);
  const response = qop ? H(`${ha1}:${nonce}:${nc}:${cnonce}:${qop}:${ha2}`) : H(`${ha1}:${nonce}:${ha2}`);
  const userhash = p.userhash?.toLowerCase() === 'true';
  const fields: string[] = [];
  if (userhash) fields.push(`username=${quote(H(`${credential.user}:${realm}`))}`);
  // A name a quoted string cannot carry as it is goes as RFC 8187's UTF-8 extended value (§3.4.4).
  else if (/^[\x20-\x7e]*$/.test(credential.user)) fields.push(`username=${quote(credential.user)}`);
  else fields.push(`username*=UTF-8''${encodeRfc8187(credential.user)}`);
  fields.push(`realm=${quote(realm)}`, `uri=${quote(request.uri)}`, `algorithm=${algorithm}`, `nonce=${quote(nonce)}`);
  if (qop) fields.push(`nc=${nc}`, `cnonce=${quote(cnonce)}`, `qop=${qop}`);
  fields.push(`response=${quote(response)}`);
  if (p.opaque !== undefined) fields.push(`opaque=${quote(p.opaque)}`);
  if (userhash) fields.push('userhash=true');
  return `Digest ${fields.join(', ')}`;
}

function quote(s: string): string {
  return `"${s.replace(/["\\]/g, '\\$&')}"`;
}

/** RFC 8187 value-chars: attr-char as is, every other UTF-8 byte percent-encoded. */
function encodeRfc8187(s: string): string {
  return [...new TextEncoder().encode(s)].map((b) => (/[A-Za-z0-9!#$&+.^_`|~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

// Credentials typed into a request stay out of the project tree. A saved request keeps, in the
// project's requests.json, each credential row with `secret: true` and no value; the values go to
// a per-user file (mode 0600), as secret environment variables do. Credential rows: headers and
// gRPC metadata named like credentials (Authorization, Cookie, X-Api-Key, *-Token…), query and form
// fields named so (access_token, password, apiKey…), every cookie, and a URL's password; a JSON
// body with such a field (a login's `{"username", "password"}`) moves whole. Only literal values
// move: `{{token}}` or `Bearer {{token}}` holds nothing secret.

import { isCredentialHeader, isCredentialName } from '../call/credential-names';
import { withoutPlaceholders } from '../env/placeholders';
import type { GrpcRequestDraft, HttpRequestDraft, NameValue, RequestDraft } from '../model/request-state';

/** A row as the project file keeps it: a moved value is empty and marked. */
export type StoredRow = NameValue & { secret?: true };

/** One request's moved values, keyed `<list>.<index>` (`headers.0`), `host` or `body`. */
export type DraftSecrets = Record<string, string>;

const LISTS = ['headers', 'query', 'cookies', 'form', 'metadata'] as const;
type ListName = (typeof LISTS)[number];

const AUTH_SCHEME = /^(bearer|basic|digest|token|apikey|negotiate)\b/i;

/** Does the value hold more than placeholders (and an auth scheme's name)? */
export function holdsLiteral(value: string): boolean {
  return withoutPlaceholders(value).trim().replace(AUTH_SCHEME, '').trim() !== '';
}

function isCredentialRow(list: ListName, row: NameValue): boolean {
  if (list === 'cookies') return true;
  if (list === 'form' && (row as { file?: boolean }).file) return false;
  return isCredentialName(row.name) || ((list === 'headers' || list === 'metadata') && isCredentialHeader(row.name));
}

/** Does a JSON body hold a literal value under a credential-named field (at any depth)? */
function bodyHoldsCredential(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const walk = (v: unknown, depth: number): boolean => {
    if (!v || typeof v !== 'object' || depth > 8) return false;
    return Object.entries(v).some(([k, inner]) => (typeof inner === 'string' && !Array.isArray(v) && isCredentialName(k) && holdsLiteral(inner)) || walk(inner, depth + 1));
  };
  return walk(parsed, 0);
}

/** The draft as the project file keeps it, and the values moved out of it. */
export function splitSecrets(draft: RequestDraft): { stored: RequestDraft; secrets: DraftSecrets } {
  const secrets: DraftSecrets = {};
  const stored = { ...draft } as Record<string, unknown>;
  for (const list of LISTS) {
    const rows = stored[list] as StoredRow[] | undefined;
    if (!rows) continue;
    stored[list] = rows.map((row, i) => {
      if (row.secret || !isCredentialRow(list, row) || !holdsLiteral(row.value)) return row;
      secrets[`${list}.${i}`] = row.value;
      return { ...row, value: '', secret: true };
    });
  }
  const host = withoutPassword(draft.host);
  if (host !== draft.host) {
    secrets.host = draft.host;
    stored.host = host;
  }
  const http = draft as HttpRequestDraft;
  if (http.bodyMode === 'json' && !(stored as { bodySecret?: true }).bodySecret && bodyHoldsCredential(http.body)) {
    secrets.body = http.body;
    stored.body = '';
    stored.bodySecret = true;
  }
  return { stored: stored as unknown as RequestDraft, secrets };
}

/** The draft with its moved values back; a value this user does not have is empty. */
export function joinSecrets(stored: RequestDraft, secrets: DraftSecrets | undefined): RequestDraft {
  const draft = { ...stored } as Record<string, unknown>;
  for (const list of LISTS) {
    const rows = draft[list] as StoredRow[] | undefined;
    if (!rows?.some((r) => r.secret)) continue;
    draft[list] = rows.map(({ secret, ...row }, i) => (secret ? { ...row, value: secrets?.[`${list}.${i}`] ?? '' } : row));
  }
  if (secrets?.host !== undefined && withoutPassword(secrets.host) === stored.host) draft.host = secrets.host;
  if (draft.bodySecret) {
    delete draft.bodySecret;
    draft.body = secrets?.body ?? '';
  }
  return draft as unknown as HttpRequestDraft | GrpcRequestDraft;
}

/** `http://user:pw@host` without the password (`http://user@host`); anything else as it is. */
export function withoutPassword(host: string): string {
  // The last `@` before the path ends the user info, as URL parsers read it.
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/:@]*):([^/]*)@/i.exec(host);
  if (!m || !holdsLiteral(m[3]!)) return host;
  return `${m[1]}${m[2]}${host.slice(m[0].length - 1)}`;
}

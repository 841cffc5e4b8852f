// Which parts of a request as sent a screen should show masked: values that carry a secret
// variable's value (found by value, so a secret reached through another variable, or put there by
// a before-script, counts too), and headers or query parameters that carry credentials by name
// (Authorization, Cookie, X-Api-Key, access_token, accessToken…) whatever their value came from. Text that goes
// to a terminal or a CI log (`call --verbose`) has the secret values themselves masked.

import { isCredentialHeader, isCredentialName } from './credential-names';

/** The non-empty values of the environment's secret variables. */
export function secretValuesOf(environment: { variables: ReadonlyArray<{ value: string; secret?: boolean }> } | undefined): string[] {
  return (environment?.variables ?? []).filter((v) => v.secret && v.value !== '').map((v) => v.value);
}

const carriesSecret = (value: string, secrets: readonly string[]): boolean => secrets.some((s) => s !== '' && value.includes(s));

/** Names (lower case) of the headers or metadata entries to mask. */
export function maskedHeaders(pairs: ReadonlyArray<readonly [string, string]>, secrets: readonly string[]): string[] {
  const names = pairs.filter(([n, v]) => isCredentialHeader(n) || carriesSecret(v, secrets)).map(([n]) => n.toLowerCase());
  return [...new Set(names)];
}

/** Names (as written, decoded) of the URL's query parameters to mask. */
export function maskedQuery(url: string, secrets: readonly string[]): string[] {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    return [];
  }
  const names = [...params].filter(([n, v]) => isCredentialHeader(n) || isCredentialName(n) || carriesSecret(v, secrets)).map(([n]) => n);
  return [...new Set(names)];
}

/** What a masked value shows, whatever the secret's length. */
export const MASK = '••••••••';

/** The text with every secret value in it masked (the longest first, so one inside another goes whole). */
export function maskSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of [...secrets].filter((v) => v !== '').sort((a, b) => b.length - a.length)) out = out.split(s).join(MASK);
  return out;
}

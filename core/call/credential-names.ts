// Names that say a header, parameter or field carries a credential. One list for what is not
// forwarded on a redirect, what a screen masks, and what a saved request keeps out of the project.

/** Headers that carry credentials. */
const CREDENTIALS = new Set(['authorization', 'cookie', 'proxy-authorization']);
/** Names that carry a credential by convention (X-Api-Key, X-Auth-Token, Client-Secret…): treated like Authorization. */
const SECRET_NAME = /(^|[-_])(api[-_]?key|key|token|secret|password|passwd|session|auth)$/i;

/** A header not to forward to another origin on a redirect, and to mask. */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIALS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}

/** The last word (or two) of a field name that says it holds a credential: `password`, `accessToken`, `api_key`, `client-secret`… */
const CREDENTIAL_WORDS = new Set(['password', 'passwd', 'pwd', 'pass', 'passphrase', 'secret', 'token', 'apikey', 'accesskey', 'secretkey', 'privatekey', 'credential', 'credentials', 'sessionid', 'jsessionid', 'authorization']);

/** A query parameter, form field or JSON property holding a credential, in any case style (`accessToken`, `access_token`, `client-secret`). */
export function isCredentialName(name: string): boolean {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const last = words.at(-1) ?? '';
  return CREDENTIAL_WORDS.has(last) || CREDENTIAL_WORDS.has(`${words.at(-2) ?? ''}${last}`);
}

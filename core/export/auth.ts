// The credential a secured endpoint's request carries in the request exports (Postman,
// Hoppscotch, ApiPost, YApi, cURL, .http) and in the explorer's Send (core/call/send-auth.ts):
// one scheme of its `security` its module declares, with the secret as a variable named after
// the scheme's kind, never a value. Each channel writes it its own way; this module decides
// which scheme and which variables.

import type { Endpoint, ModuleSummary, SecuritySchemeDecl } from '../model/endpoint';
import type { Environment } from '../model/environment';
import type { NameValue, RequestTemplate } from './request-template';

export type RequestAuth = (
  /** `Authorization: Bearer {{variable}}`: http bearer, and oauth2/openIdConnect with a token obtained elsewhere. */
  | { kind: 'bearer'; scheme: SecuritySchemeDecl; variable: string }
  /** `Authorization: Basic base64(user:password)`. */
  | { kind: 'basic'; scheme: SecuritySchemeDecl; user: string; password: string }
  /** HTTP Digest (RFC 7616): user and password answer the server's challenge; the client computes the header. */
  | { kind: 'digest'; scheme: SecuritySchemeDecl; user: string; password: string }
  /** The key as the header, query parameter or cookie `name`. */
  | { kind: 'apiKey'; scheme: SecuritySchemeDecl; in: 'header' | 'query' | 'cookie'; name: string; variable: string }
) & {
  /** The requirement's other declared schemes (any one suffices): not written, named in the description. */
  alternatives?: string[];
};

/** Whether a variable has a value (the export's or the call's environment): picks among alternative schemes. */
export type DefinedVariable = (name: string) => boolean;

export interface AuthVariable {
  name: string;
  description: string;
}

export const BEARER_TOKEN = 'bearerToken';
export const BASIC_USER = 'basicUser';
export const BASIC_PASSWORD = 'basicPassword';
export const DIGEST_USER = 'digestUser';
export const DIGEST_PASSWORD = 'digestPassword';

/**
 * The credential an endpoint's request sends: of the schemes of its requirement (any one
 * suffices) that its module declares, the first whose variables all have a value (`defined`),
 * else the first declared; the others are its alternatives. None for a public endpoint
 * (`security: []`), one that declares nothing, or one whose schemes no declaration describes.
 */
export function requestAuth(e: Endpoint, modules: readonly ModuleSummary[] | undefined, defined?: DefinedVariable): RequestAuth | undefined {
  const all = requestAuths(e, modules);
  const chosen = (defined && all.find((a) => variablesOf(a).every((v) => defined(v.name)))) ?? all[0];
  if (!chosen || all.length === 1) return chosen;
  return { ...chosen, alternatives: all.filter((a) => a !== chosen).map((a) => a.scheme.name) };
}

/** Each scheme of the endpoint's requirement its module declares, in the requirement's order. */
export function requestAuths(e: Endpoint, modules: readonly ModuleSummary[] | undefined): RequestAuth[] {
  if (!e.security?.length || e.protocol !== 'http') return [];
  const schemes = modules?.find((m) => m.name === e.module)?.securitySchemes ?? [];
  return e.security.flatMap((name) => schemes.filter((x) => x.name === name).slice(0, 1).map((s) => authOf(s, schemes)));
}

/** An environment's variables with a non-empty value, for requestAuth's choice among alternatives. */
export function definedIn(environment: { variables: ReadonlyArray<{ key: string; value: string }> } | undefined): DefinedVariable | undefined {
  if (!environment) return undefined;
  const keys = new Set(environment.variables.filter((v) => v.value !== '').map((v) => v.key));
  return (name) => keys.has(name);
}

/** The auth a request's export writes: the export's environment picks among alternative schemes. */
export function authOfExport(e: Endpoint, options: { modules?: readonly ModuleSummary[] | undefined; environment?: Environment | undefined }): RequestAuth | undefined {
  return exportedAuth(e, options.modules, definedIn(options.environment));
}

/** What a request's description says of its credential's alternatives; '' when it has none. */
export function alternativesNote(auth: RequestAuth | undefined): string {
  if (!auth?.alternatives?.length) return '';
  return `Credentials: sent with security scheme ${auth.scheme.name}; the endpoint also accepts ${auth.alternatives.join(', ')}.`;
}

function authOf(s: SecuritySchemeDecl, declared: readonly SecuritySchemeDecl[]): RequestAuth {
  if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic') return { kind: 'basic', scheme: s, user: BASIC_USER, password: BASIC_PASSWORD };
  if (s.type === 'http' && s.scheme?.toLowerCase() === 'digest') return { kind: 'digest', scheme: s, user: DIGEST_USER, password: DIGEST_PASSWORD };
  if (s.type === 'apiKey') {
    const name = s.paramName ?? s.name;
    return { kind: 'apiKey', scheme: s, in: s.in ?? 'header', name, variable: apiKeyVariable(s.name, declared) };
  }
  return { kind: 'bearer', scheme: s, variable: BEARER_TOKEN };
}

/**
 * An API key's variable: the scheme's name as an identifier every channel's `{{name}}` accepts
 * (`apiKey`, `X-API-Key` → `XAPIKey`), so two keys of different schemes stay apart. A name with
 * no ASCII letter or digit (`ключ`) is `apiKey_` and a hash of the name; a name that loses
 * characters and then meets another key scheme of the module (`x-key`, `x key`) gets the hash
 * too: unique, and the same for the same name in every export.
 */
function apiKeyVariable(scheme: string, declared: readonly SecuritySchemeDecl[]): string {
  const id = identifierOf(scheme);
  if (!id) return `apiKey_${nameHash(scheme)}`;
  const clash = id !== scheme && declared.some((d) => d.type === 'apiKey' && d.name !== scheme && identifierOf(d.name) === id);
  return clash ? `${id}_${nameHash(scheme)}` : id;
}

function identifierOf(scheme: string): string {
  const parts = scheme.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  const id = parts.map((p, i) => (i ? p.charAt(0).toUpperCase() + p.slice(1) : p)).join('');
  return /^\d/.test(id) ? `_${id}` : id;
}

/** FNV-1a of the name's UTF-8 bytes, 8 hex digits: no Node import, so the request view can load this module. */
function nameHash(name: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(name)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** The variables an auth uses, each with what to put in it. */
export function variablesOf(auth: RequestAuth): AuthVariable[] {
  switch (auth.kind) {
    case 'basic':
      return [
        { name: auth.user, description: `User name for HTTP basic authentication (security scheme ${auth.scheme.name})` },
        { name: auth.password, description: `Password for HTTP basic authentication (security scheme ${auth.scheme.name})` },
      ];
    case 'digest':
      return [
        { name: auth.user, description: `User name for HTTP digest authentication (security scheme ${auth.scheme.name})` },
        { name: auth.password, description: `Password for HTTP digest authentication (security scheme ${auth.scheme.name})` },
      ];
    case 'apiKey':
      return [{ name: auth.variable, description: `API key sent as the ${auth.in} ${auth.name} (security scheme ${auth.scheme.name})` }];
    case 'bearer':
      return [{ name: auth.variable, description: bearerDescription(auth.scheme) }];
  }
}

function bearerDescription(s: SecuritySchemeDecl): string {
  if (s.type === 'oauth2') {
    const tokenUrl = Object.values(s.flows ?? {}).find((f) => f.tokenUrl)?.tokenUrl;
    return `Access token for OAuth 2 security scheme ${s.name}, sent as a bearer token; obtain it from the authorization server${tokenUrl ? ` (${tokenUrl})` : ''}`;
  }
  if (s.type === 'openIdConnect') return `Access token for OpenID Connect security scheme ${s.name}, sent as a bearer token; obtain it from the provider${s.openIdConnectUrl ? ` (${s.openIdConnectUrl})` : ''}`;
  return `Bearer token${s.bearerFormat ? ` (${s.bearerFormat})` : ''} for security scheme ${s.name}`;
}

/** Every variable the endpoints' credentials use, once each, in first-use order. */
export function authVariables(endpoints: readonly Endpoint[], modules: readonly ModuleSummary[] | undefined, defined?: DefinedVariable): AuthVariable[] {
  const out = new Map<string, AuthVariable>();
  for (const e of endpoints) {
    const auth = exportedAuth(e, modules, defined);
    if (auth) for (const v of variablesOf(auth)) if (!out.has(v.name)) out.set(v.name, v);
  }
  return [...out.values()];
}

/**
 * The variables any scheme of the endpoints' requirements takes its credential from (a bearer
 * token, a Basic or Digest user and password, an API key), alternatives included: secrets
 * whether or not the user marked them so, so an environment file writes them empty, never their value.
 */
export function credentialVariables(endpoints: readonly Endpoint[], modules: readonly ModuleSummary[] | undefined): Set<string> {
  return new Set(endpoints.flatMap((e) => requestAuths(e, modules).flatMap((a) => variablesOf(a).map((v) => v.name))));
}

/**
 * Whether the request already sends what the scheme sets (a declared `Authorization` header
 * parameter, or the key's own parameter): the declared value is the credential, not sent twice.
 */
export function declaredByRequest(auth: RequestAuth, e: Endpoint): boolean {
  const params = e.request?.params ?? [];
  const [where, name] = auth.kind === 'apiKey' ? [auth.in, auth.name] : ['header', 'Authorization'];
  const fold = where !== 'query' && where !== 'cookie';
  return params.some((p) => p.in === where && (fold ? p.name.toLowerCase() === name.toLowerCase() : p.name === name));
}

/** The auth a request's export writes, or none when public or the request declares it itself. */
export function exportedAuth(e: Endpoint, modules: readonly ModuleSummary[] | undefined, defined?: DefinedVariable): RequestAuth | undefined {
  const auth = requestAuth(e, modules, defined);
  return auth && !declaredByRequest(auth, e) ? auth : undefined;
}

/**
 * The template with the credential as one more header, query or cookie row, for channels that
 * write the credential as a plain part of the request (cURL, .http). Basic is not a row: each
 * tool encodes it its own way.
 */
export function withAuthRow(t: RequestTemplate, auth: RequestAuth | undefined): RequestTemplate {
  const row = auth && authRows(auth);
  if (!row) return t;
  const added: NameValue = { name: row.name, value: row.value, description: variablesOf(auth).map((v) => v.description).join('; '), required: true, enabled: true };
  if (row.in === 'header') return { ...t, headers: [...t.headers, added] };
  if (row.in === 'query') return { ...t, query: [...t.query, added] };
  return { ...t, cookies: [...t.cookies, added] };
}

/**
 * The credential as plain header / query / cookie rows with `{{variable}}` placeholders, for
 * channels without an auth object of their own (cURL, .http, YApi). Basic and Digest are left to
 * the caller: each tool has its own way to encode (or answer) them.
 */
export function authRows(auth: RequestAuth): { in: 'header' | 'query' | 'cookie'; name: string; value: string } | undefined {
  switch (auth.kind) {
    case 'bearer':
      return { in: 'header', name: 'Authorization', value: `Bearer {{${auth.variable}}}` };
    case 'apiKey':
      return { in: auth.in, name: auth.name, value: `{{${auth.variable}}}` };
    case 'basic':
    case 'digest':
      return undefined;
  }
}

/**
 * What a request's description says of a Digest credential a channel cannot express (`format`:
 * its name): which scheme and variables, so the user sets it in the tool. '' for any other auth.
 */
export function digestNote(auth: RequestAuth | undefined, format: string): string {
  if (auth?.kind !== 'digest') return '';
  return `Credentials: security scheme ${auth.scheme.name} is HTTP Digest, which ${format} cannot express: set Digest authentication with {{${auth.user}}} and {{${auth.password}}} in the client.`;
}

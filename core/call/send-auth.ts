// The credential the explorer's Send and Copy as cURL add to an edited request (a draft): the
// endpoint's scheme as the exports choose it (core/export/auth.ts requestAuth), carried only when
// the environment (or the config) defines its variable(s), never over a header, query
// parameter or cookie of that name the user set. Added to a copy of the draft just before it is
// prepared, never to the draft saved: the value stays out of the state file and the history.
// Pure (no Node imports): the request view shows the same decision as its hint.

import { requestAuths, variablesOf } from '../export/auth';
import type { Endpoint, ModuleSummary } from '../model/endpoint';
import type { HttpRequestDraft, NameValue } from '../model/request-state';

/** One scheme the endpoint accepts, as the request view receives it (request/get): serialisable. */
export interface CredentialCandidate {
  /** The security scheme's name. */
  scheme: string;
  /** `digest`: Send adds no header up front; it answers the server's Digest challenge (digestCredentialOf). */
  kind: 'bearer' | 'basic' | 'digest' | 'apiKey';
  /** The variables the credential is made of, in order (user, password for Basic). */
  variables: string[];
  /** Where it goes: the Authorization header, or the API key's header, query parameter or cookie. */
  target: { in: 'header' | 'query' | 'cookie'; name: string };
}

export interface CredentialPlan extends CredentialCandidate {
  /** Those of `variables` without a value: nothing is added while any is missing. */
  missing: string[];
  /** The request sets that header, parameter or cookie itself: the user's value is sent. */
  userSet: boolean;
  /** The request has a row of that name the user unticked: they meant "send none", so none is added. */
  declined: boolean;
}

/** The schemes of the endpoint's requirement its module declares, any one suffices; none when public. */
export function credentialCandidates(e: Endpoint, modules: readonly ModuleSummary[] | undefined): CredentialCandidate[] {
  return requestAuths(e, modules).map((auth) => ({
    scheme: auth.scheme.name,
    kind: auth.kind,
    variables: variablesOf(auth).map((v) => v.name),
    target: auth.kind === 'apiKey' ? { in: auth.in, name: auth.name } : { in: 'header', name: 'Authorization' },
  }));
}

/**
 * What Send does for a credential with this draft and these variables (`has`: the variable has
 * a non-empty value): the first scheme whose variables all have a value, else the first one
 * (reported as missing); none for a public or undeclared endpoint. Private: every caller goes
 * through credentialPlanFrom, so the hint, Send and Copy as cURL read `has` the same way.
 */
function credentialPlan(candidates: readonly CredentialCandidate[], draft: HttpRequestDraft, has: (name: string) => boolean): CredentialPlan | undefined {
  const chosen = candidates.find((c) => c.variables.every(has)) ?? candidates[0];
  if (!chosen) return undefined;
  const userSet = userSets(draft, chosen.target);
  return { ...chosen, missing: chosen.variables.filter((v) => !has(v)), userSet, declined: !userSet && unticks(draft, chosen.target) };
}

/** Whether the draft has a row of that header / query parameter / cookie name the user unticked. */
function unticks(d: HttpRequestDraft, target: CredentialCandidate['target']): boolean {
  const named = (r: NameValue) => r.enabled === false && (target.in === 'header' ? r.name.toLowerCase() === target.name.toLowerCase() : r.name === target.name);
  return (target.in === 'header' ? d.headers : target.in === 'query' ? d.query : d.cookies).some(named);
}

/** An environment's variables as the credential needs them (the explorer's list and Send's environment alike). */
type EnvironmentVariables = { variables: ReadonlyArray<{ key: string; value: string; secret?: boolean }> } | undefined;

/**
 * Those of the candidates' variables the config reader has a value for: what the request view
 * receives with the candidates (request/get), so its hint decides from the same sources as Send.
 */
export function configDefinedOf(candidates: readonly CredentialCandidate[], config: (name: string) => string | undefined): string[] {
  return [...new Set(candidates.flatMap((c) => c.variables))].filter((v) => (config(v) ?? '') !== '');
}

/**
 * The plan Send follows and the request view shows, from the same sources in the lookup's order
 * (core/env/placeholders variableLookup): the environment's value, where a secret this user has
 * no value for counts as absent and an empty plain one as empty; then the config reader's.
 */
export function credentialPlanFrom(candidates: readonly CredentialCandidate[], draft: HttpRequestDraft, environment: EnvironmentVariables, configDefined: readonly string[]): CredentialPlan | undefined {
  return credentialPlan(candidates, draft, (name) => {
    const v = environment?.variables.find((x) => x.key === name);
    if (v && !(v.secret && v.value === '')) return v.value !== '';
    return configDefined.includes(name);
  });
}

const sent = (r: NameValue): boolean => r.enabled !== false && r.name !== '';

/**
 * The plan for one endpoint's draft as Send and Copy as cURL follow it: its candidates, the
 * environment, and the config reader alone (`config`, the lookup's second source), through
 * credentialPlanFrom as the request view's hint decides it.
 */
export function endpointCredentialPlan(e: Endpoint, modules: readonly ModuleSummary[] | undefined, draft: HttpRequestDraft, environment: EnvironmentVariables, config: (name: string) => string | undefined): CredentialPlan | undefined {
  const candidates = credentialCandidates(e, modules);
  return credentialPlanFrom(candidates, draft, environment, configDefinedOf(candidates, config));
}

/** Whether the draft sends that header / query parameter / cookie itself (with a value). */
function userSets(d: HttpRequestDraft, target: CredentialCandidate['target']): boolean {
  const given = (rows: NameValue[], fold: boolean) => rows.some((r) => sent(r) && r.value !== '' && (fold ? r.name.toLowerCase() === target.name.toLowerCase() : r.name === target.name));
  if (target.in === 'query') return given(d.query, false) || new RegExp(`[?&]${escapeRegExp(encodeURIComponent(target.name))}=`).test(d.path);
  if (target.in === 'cookie') {
    const cookieHeaders = d.headers.filter((h) => sent(h) && h.name.toLowerCase() === 'cookie');
    return given(d.cookies, false) || cookieHeaders.some((h) => h.value.split(/;\s*/).some((c) => c.startsWith(`${target.name}=`)));
  }
  // `http://user:pass@host` is the user's own Basic credential (request-builder.ts sends it).
  const userInfo = target.name.toLowerCase() === 'authorization' && /^\s*[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(d.host);
  return given(d.headers, true) || userInfo;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The draft to send: a copy with the credential as one more row (a `{{variable}}` placeholder
 * the request builder resolves, so a secret variable's value is masked like any other), or the
 * draft itself when the plan adds nothing. Basic needs its variables' values (`lookup`): the
 * header is base64 of `user:password`. Rows of that name the user left empty give way.
 */
export function withCredential(draft: HttpRequestDraft, plan: CredentialPlan | undefined, lookup: (name: string) => string | undefined): HttpRequestDraft {
  if (!plan || plan.userSet || plan.declined || plan.kind === 'digest' || plan.missing.length) return draft;
  const { kind, variables, target } = plan;
  const value = kind === 'basic' ? `Basic ${base64(variables.map((v) => lookup(v) ?? '').join(':'))}` : kind === 'bearer' ? `Bearer {{${variables[0]}}}` : `{{${variables[0]}}}`;
  const row = { name: target.name, value };
  const fold = target.in === 'header';
  const others = (rows: NameValue[]) => rows.filter((r) => !(fold ? r.name.toLowerCase() === target.name.toLowerCase() : r.name === target.name));
  if (target.in === 'header') return { ...draft, headers: [...others(draft.headers), row] };
  if (target.in === 'query') return { ...draft, query: [...others(draft.query), row] };
  return { ...draft, cookies: [...others(draft.cookies), row] };
}

/**
 * The user and password a Digest plan answers the server's challenge with (http.ts), resolved:
 * none when the plan adds nothing (the request sets its own Authorization, unticked it, or a
 * variable has no value). Only the caller holds it: the draft, the state and the history never do.
 */
export function digestCredentialOf(plan: CredentialPlan | undefined, lookup: (name: string) => string | undefined): { user: string; password: string } | undefined {
  if (plan?.kind !== 'digest' || plan.userSet || plan.declined || plan.missing.length) return undefined;
  return { user: lookup(plan.variables[0]!) ?? '', password: lookup(plan.variables[1]!) ?? '' };
}

/** UTF-8 then base64, as curl and browsers encode Basic credentials; no Buffer, so the UI can load this module. */
function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The plan in a line for the request view and `call --verbose`: which variable(s), where, and whether it is sent. */
export function credentialHint(plan: CredentialPlan): string {
  const vars = plan.variables.map((v) => `{{${v}}}`).join(' and ');
  const where = `${plan.target.in} ${plan.target.name}`;
  const scheme = `security scheme ${plan.scheme}`;
  if (plan.userSet) return `Credential: the request's own ${where} is sent (${scheme} would use ${vars})`;
  if (plan.declined) return `Credential: the ${where} is unticked, so none is sent (${scheme} would use ${vars})`;
  if (plan.missing.length) return `Credential: ${vars} not defined, so no ${where} is added (${scheme})`;
  if (plan.kind === 'digest') return `Credential: ${vars} answer the server's HTTP Digest challenge with the ${where} (${scheme})`;
  return `Credential: ${vars} sent as the ${where} (${scheme})`;
}

// Dropwizard authentication (io.dropwizard.auth): an Application's `run` registers
// `new AuthDynamicFeature(new BasicCredentialAuthFilter.Builder<User>()...buildAuthFilter())`
// (or OAuthCredentialAuthFilter's), and the feature puts that filter in front of every resource
// method taking an `@Auth` principal or carrying `@RolesAllowed` / `@PermitAll` / `@DenyAll`
// (the class's `@RolesAllowed` / `@PermitAll` too). The filter is a security scheme, read from
// the code's text as springdoc's OpenAPI bean is (openapi-bean-security.ts); which methods it
// guards is `guardedBy` below, Dropwizard's own rule.

import type { SecuritySchemeDecl } from '../../../model/endpoint';
import type { MethodSite } from '../../hierarchy';
import { findAnnotation, simpleName } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import { callsIn } from '../../code-calls';
import { matching } from '../../config-text';

/** What a file registering Dropwizard's auth feature holds (project-index.ts looks for it as bytes). */
export const DROPWIZARD_AUTH_NEEDLE = 'AuthDynamicFeature';

const FILTERS = /(?:\bnew\s+)?\b(BasicCredentialAuthFilter|OAuthCredentialAuthFilter)\s*\.\s*Builder\b/g;

/**
 * The auth filters a file builds for an `AuthDynamicFeature`: one scheme per filter kind and
 * prefix (the builder's `setPrefix`, "Basic" unless set, is the word before the credentials in
 * the Authorization header). `value` reads a literal or constant argument.
 */
export function dropwizardAuthSchemes(code: string, value: (arg: string | undefined) => string | undefined): SecuritySchemeDecl[] {
  if (!code.includes(DROPWIZARD_AUTH_NEEDLE)) return [];
  const out: SecuritySchemeDecl[] = [];
  for (const m of code.matchAll(FILTERS)) {
    const chain = builderChain(code, m.index + m[0].length);
    const prefix = value(callsIn(chain, 'setPrefix', true)[0]?.[0]) ?? 'Basic';
    const realm = value(callsIn(chain, 'setRealm', true)[0]?.[0]);
    const s = schemeOf(m[1]!, prefix, realm);
    if (!out.some((o) => o.name === s.name)) out.push(s);
  }
  return out;
}

/** The builder calls after `Builder`, to its `buildAuthFilter()` (or the end of the statement). */
function builderChain(code: string, from: number): string {
  let i = from;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '(' || c === '<') {
      const close = c === '(' ? matching(code, i) : code.indexOf('>', i);
      if (close < 0) break;
      i = close + 1;
      continue;
    }
    if (c === ';') break;
    if (code.startsWith('buildAuthFilter', i)) break;
    i++;
  }
  return code.slice(from, i);
}

function schemeOf(filter: string, prefix: string, realm: string | undefined): SecuritySchemeDecl {
  const where = `Dropwizard's ${filter}${realm ? ` (realm "${realm}")` : ''}`;
  const basic = filter === 'BasicCredentialAuthFilter';
  if (basic && prefix.toLowerCase() === 'basic') return { name: 'basicAuth', type: 'http', scheme: 'basic', description: `HTTP basic authentication, checked by ${where}.` };
  if (!basic && prefix.toLowerCase() === 'bearer') return { name: 'bearerAuth', type: 'http', scheme: 'bearer', description: `A bearer token, checked by ${where}.` };
  // Another word before the credentials is no standard HTTP scheme: the header is the key, as sent.
  const credentials = basic ? 'base64(user:password)' : '<token>';
  return {
    name: `${prefix.replace(/[^\w.-]/g, '').replace(/^./, (c) => c.toLowerCase()) || 'custom'}Auth`,
    type: 'apiKey',
    in: 'header',
    paramName: 'Authorization',
    description: `The Authorization header as "${prefix} ${credentials}", checked by ${where}.`,
  };
}

/**
 * Whether Dropwizard's auth feature guards the method: `'required'` when a call needs
 * credentials, `'optional'` for an `@Auth Optional<User>` (the filter lets a call without them
 * through), undefined when the feature leaves the method alone.
 */
export function guardedBy(type: TypeDecl, chain: readonly MethodSite[]): 'required' | 'optional' | undefined {
  // Dropwizard reads the resource method's own parameters first.
  const params = chain[0]?.method.params ?? [];
  for (let i = 0; i < params.length; i++) {
    const auth = chain.some((s) => s.method.params[i] && findAnnotation(s.method.params[i]!.annotations, 'Auth'));
    if (auth) return simpleName(params[i]!.type.name) === 'Optional' ? 'optional' : 'required';
  }
  const methods = chain.map((s) => s.method.annotations);
  if (methods.some((a) => findAnnotation(a, 'RolesAllowed', 'PermitAll', 'DenyAll'))) return 'required';
  // The class's own: the JSR-250 annotations are not @Inherited.
  if (findAnnotation(type.annotations, 'RolesAllowed', 'PermitAll')) return 'required';
  return undefined;
}

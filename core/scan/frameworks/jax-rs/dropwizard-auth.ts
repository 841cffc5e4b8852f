// Dropwizard authentication (io.dropwizard.auth): an Application's `run` registers
// `new AuthDynamicFeature(new BasicCredentialAuthFilter.Builder<User>()...buildAuthFilter())`
// (or OAuthCredentialAuthFilter's), and the feature puts that filter in front of every resource
// method taking an `@Auth` principal or carrying `@RolesAllowed` / `@PermitAll` / `@DenyAll`
// (the class's `@RolesAllowed` / `@PermitAll` too). The filter is a security scheme, read from
// the code's text as springdoc's OpenAPI bean is (openapi-bean-security.ts); which methods it
// guards is `guardedBy` below, Dropwizard's own rule. A filter of the project's own (a subclass of
// `AuthFilter` with its `AuthFilterBuilder`, or one made with `new`) is a scheme too: the header,
// query parameter or cookie its code reads, else the prefix its builder sets, else "custom", named
// for the class. The resources the application registers (`register(new OrderResource(..))`) are
// guarded wherever their module is (security-docs.ts).

import type { SecuritySchemeDecl } from '../../../model/endpoint';
import type { MethodSite } from '../../hierarchy';
import { findAnnotation, simpleName } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import { callsIn } from '../../code-calls';
import { matching } from '../../config-text';

/** What a file registering Dropwizard's auth feature holds (project-index.ts looks for it as bytes). */
export const DROPWIZARD_AUTH_NEEDLE = 'AuthDynamicFeature';

const FILTERS = /(?:\bnew\s+)?\b(BasicCredentialAuthFilter|OAuthCredentialAuthFilter)\s*\.\s*Builder\b/g;
/** Dropwizard's filters a project filter may extend. */
export const DROPWIZARD_FILTERS = new Set(['AuthFilter', 'BasicCredentialAuthFilter', 'OAuthCredentialAuthFilter']);
/** `X.Builder` or `new X(`: maybe a filter class of the project. */
const PROJECT_FILTERS = /(?:\bnew\s+)?\b([A-Z][\w$]*)\s*(?:\.\s*(Builder)\b|(?:<[^;(){}]*>)?\s*\()/g;

/** A project class a file names as its auth filter: the Dropwizard filter it extends (through project classes) and its code. */
export interface ProjectFilter {
  name: string;
  base: string;
  code: string;
  /** Reads a literal or constant argument of its code (its own constants); the registering file's reader when absent. */
  value?: (arg: string | undefined) => string | undefined;
}

/** The names of what a credential is read from: a header, a query parameter, a cookie. */
const READS: Array<{ in: 'header' | 'query' | 'cookie'; re: RegExp }> = [
  { in: 'header', re: /\b(?:getHeaderString|getHeaders\s*\(\s*\)\s*\.\s*getFirst|getRequestHeader)\s*\(\s*([^()]+?)\s*\)/ },
  { in: 'query', re: /\bgetQueryParameters\s*\(\s*\)\s*\.\s*getFirst\s*\(\s*([^()]+?)\s*\)/ },
  { in: 'cookie', re: /\bgetCookies\s*\(\s*\)\s*\.\s*get\s*\(\s*([^()]+?)\s*\)/ },
];

/**
 * The auth filters a file builds for an `AuthDynamicFeature`: one scheme per filter kind and
 * prefix (the builder's `setPrefix`, "Basic" unless set, is the word before the credentials in
 * the Authorization header). `value` reads a literal or constant argument.
 */
export function dropwizardAuthSchemes(
  code: string,
  value: (arg: string | undefined) => string | undefined,
  projectFilter: (name: string) => ProjectFilter | undefined = () => undefined,
): SecuritySchemeDecl[] {
  if (!code.includes(DROPWIZARD_AUTH_NEEDLE)) return [];
  const out: SecuritySchemeDecl[] = [];
  const add = (s: SecuritySchemeDecl) => {
    if (!out.some((o) => o.name === s.name)) out.push(s);
  };
  for (const m of code.matchAll(FILTERS)) {
    const chain = builderChain(code, m.index + m[0].length);
    const prefix = value(callsIn(chain, 'setPrefix', true)[0]?.[0]) ?? 'Basic';
    const realm = value(callsIn(chain, 'setRealm', true)[0]?.[0]);
    add(schemeOf(m[1]!, prefix, realm));
  }
  // The project's own filters, built in the file as Dropwizard's are (a ChainedAuthFilter's list,
  // a helper method making them, too).
  for (const m of code.matchAll(PROJECT_FILTERS)) {
    if (!m[2] && !/^new\b/.test(m[0])) continue;
    const filter = projectFilter(m[1]!);
    if (!filter) continue;
    const chain = m[2] ? builderChain(code, m.index + m[0].length) : '';
    const prefix = value(callsIn(chain, 'setPrefix', true)[0]?.[0]);
    const realm = value(callsIn(chain, 'setRealm', true)[0]?.[0]);
    add(projectSchemeOf(filter, prefix, realm, value));
  }
  return out;
}

/**
 * A project filter's scheme: a Basic or OAuth filter's subclass as that filter; else what its
 * code reads the credential from, else the prefix set on its builder, else "custom".
 */
function projectSchemeOf(filter: ProjectFilter, prefix: string | undefined, realm: string | undefined, value: (arg: string | undefined) => string | undefined): SecuritySchemeDecl {
  if (filter.base !== 'AuthFilter') return schemeOf(filter.base, prefix ?? 'Basic', realm, filter.name);
  const where = `the project's ${filter.name} (a Dropwizard AuthFilter)${realm ? `, realm "${realm}"` : ''}`;
  for (const r of READS) {
    const m = r.re.exec(filter.code);
    const name = m && (/^(?:HttpHeaders\.)?AUTHORIZATION$/.test(m[1]!.trim()) ? 'Authorization' : (filter.value ?? value)(m[1]));
    if (!name) continue;
    if (r.in === 'header' && name.toLowerCase() === 'authorization') {
      if (prefix) return schemeOf(prefix.toLowerCase() === 'bearer' ? 'OAuthCredentialAuthFilter' : 'BasicCredentialAuthFilter', prefix, realm, filter.name);
      break;
    }
    return { name: schemeName(filter.name), type: 'apiKey', in: r.in, paramName: name, description: `The ${r.in === 'header' ? 'header' : r.in === 'query' ? 'query parameter' : 'cookie'} "${name}", checked by ${where}.` };
  }
  if (prefix) return schemeOf(prefix.toLowerCase() === 'bearer' ? 'OAuthCredentialAuthFilter' : 'BasicCredentialAuthFilter', prefix, realm, filter.name);
  // How the filter reads its credentials is its code's: the scheme says so rather than guess a header.
  return {
    name: schemeName(filter.name),
    type: 'apiKey',
    in: 'header',
    paramName: 'Authorization',
    description: `Custom: checked by ${where}; where it reads the credentials from is not known (the Authorization header is a guess).`,
  };
}

/** `ApiKeyAuthFilter` -> `apiKeyAuth`, `TokenFilter` -> `tokenAuth`. */
function schemeName(filter: string): string {
  const stem = filter.replace(/Filter$/, '').replace(/Auth$/, '') || filter;
  return `${stem.replace(/^./, (c) => c.toLowerCase())}Auth`;
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

function schemeOf(filter: string, prefix: string, realm: string | undefined, project?: string): SecuritySchemeDecl {
  const where = `${project ? `the project's ${project}, a` : "Dropwizard's"} ${filter}${realm ? ` (realm "${realm}")` : ''}`;
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

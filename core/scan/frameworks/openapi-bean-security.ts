// springdoc security declared in code: an `@Bean OpenAPI` building
// `Components().addSecuritySchemes("basicAuth", SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("basic"))`
// and the document-wide requirement `.addSecurityItem(SecurityRequirement().addList("basicAuth"))` or
// `.security(listOf(SecurityRequirement().addList(A), ...))`. springdoc merges these with the
// `@SecurityScheme` annotations, so they are read into the same declarations. Method bodies are not in
// the source model: the file's text is read, names and values as literals or constants. Dropwizard's
// auth filters registered in code are read here too (jax-rs/dropwizard-auth.ts), for the same re-scans.

import { readFileSync } from 'node:fs';
import type { SecuritySchemeDecl } from '../../model/endpoint';
import type { FileEntry, ProjectIndex, Scope } from '../project-index';
import { blankComments, matching, splitTop } from '../config-text';
import { callsIn, literalValue } from '../code-calls';
import { inTestSources } from '../source-files';
import { simpleName } from '../source-model';
import { DROPWIZARD_AUTH_NEEDLE, DROPWIZARD_FILTERS, dropwizardAuthSchemes } from './jax-rs/dropwizard-auth';
import type { ProjectFilter } from './jax-rs/dropwizard-auth';
import { DOCKET_NEEDLE, concreteClasses, docketsOf, topLevelEnd } from './springfox-security';
import type { SpringfoxDocket } from './springfox-security';

/** `FileEntry.creates` of a file that may declare springdoc security (or Dropwizard's auth filters, or a springfox Docket) in code. */
export const OPENAPI_SECURITY = 'OpenApiSecurity';
/** Words one of which such a file holds (the index looks for them as bytes). */
export const OPENAPI_SECURITY_NEEDLES = ['addSecuritySchemes', 'addSecurityItem', DROPWIZARD_AUTH_NEEDLE, DOCKET_NEEDLE];

/** springdoc's SecuritySchemeType / SecuritySchemeIn and OpenAPI's flow names, by enum constant: the annotations (security-docs.ts) and the `OpenAPI` bean read them alike. */
export const SCHEME_TYPES: Record<string, SecuritySchemeDecl['type']> = { HTTP: 'http', APIKEY: 'apiKey', OAUTH2: 'oauth2', OPENIDCONNECT: 'openIdConnect' };
export const KEY_LOCATIONS: Record<string, 'header' | 'query' | 'cookie'> = { HEADER: 'header', QUERY: 'query', COOKIE: 'cookie' };
export const FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const;

export interface CodeSecurity {
  schemes: SecuritySchemeDecl[];
  /** The document-wide requirement: any one of these schemes. */
  global: string[];
  /** Of `schemes`, Dropwizard's auth filters: they guard the methods its auth feature picks. */
  guards: string[];
  /**
   * With `guards`: the classes of other modules the file names (`register(new OrderResource(..))`,
   * `X.class`) by qualified name, which the application's filters guard as they guard its own module's.
   */
  serves: string[];
  /** springfox Dockets the file's class builds, one per concrete class defining or inheriting it (springfox-security.ts). */
  dockets: SpringfoxDocket[];
}

/** `new X(` and `X.class`: a class an application registers. */
const NAMED = /\b([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\.class\b|\bnew\s+([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*[(<]/g;

/**
 * What the project's code declares, file by file in path order (test sources left out), each with
 * its file's module and the modules of the classes inheriting it (`alsoIn`). Its names may be constants of any file: the scanner compares it on a re-scan.
 */
export function codeSecurity(index: ProjectIndex): ReadonlyArray<CodeSecurity & { module: string; alsoIn: string[] }> {
  // Read once per state of the tree: the scanner and each framework's security docs all ask, and a
  // change to any of these files re-scans every root (the scanner compares the result).
  return index.derived('code-security', () =>
    [...index.files.values()]
      .filter((e) => e.creates?.includes(OPENAPI_SECURITY) && !inTestSources(e.path))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((entry) => {
        const found = codeSecurityOf(index, entry);
        return { module: entry.module, ...found, alsoIn: found.schemes.length || found.global.length ? subclassModules(index, entry) : [] };
      }),
  );
}

/**
 * The other modules whose classes extend the file's class: a shared module's base configuration
 * declares the bean each application's subclass defines (springdoc's reach as a springfox Docket's).
 */
function subclassModules(index: ProjectIndex, entry: FileEntry): string[] {
  const declaring = index.parse(entry)?.types.find((t) => t.kind === 'class');
  if (!declaring) return [];
  return [...new Set(concreteClasses(index, declaring).map((t) => t.file.module))].filter((m) => m !== entry.module);
}

/** What one file's code declares; empty when it declares nothing readable. */
function codeSecurityOf(index: ProjectIndex, entry: FileEntry): CodeSecurity {
  const out: CodeSecurity = { schemes: [], global: [], guards: [], serves: [], dockets: [] };
  let text: string;
  try {
    text = entry.text ?? readFileSync(entry.abs, 'utf8');
  } catch {
    return out;
  }
  // Kotlin escapes the keyword: SecurityScheme().`in`(SecurityScheme.In.HEADER).
  const code = blankComments(text).replace(/`(\w+)`/g, '$1');
  const file = index.parse(entry);
  const scope: Scope | undefined = file ? { type: file.types[0], file } : undefined;
  const value = (arg: string | undefined) => (arg === undefined ? undefined : literalValue(arg.trim(), index, scope));

  for (const args of callsIn(code, 'addSecuritySchemes', true)) {
    const name = value(args[0]);
    const scheme = args[1] ? schemeOf(helperBody(code, args[1]) ?? args[1], value) : undefined;
    if (name && scheme && !out.schemes.some((s) => s.name === name)) out.schemes.push({ name, ...scheme });
  }
  // Each requirement is one alternative; its first addList names the scheme.
  const requirements = [...callsIn(code, 'addSecurityItem', true).map((a) => a[0] ?? ''), ...callsIn(code, 'security', true).flatMap((a) => splitTop(unwrapList(a[0] ?? ''), ','))];
  for (const req of requirements) {
    for (const args of callsIn(req, 'addList', true)) {
      const name = value(args[0]);
      if (name && !out.global.includes(name)) out.global.push(name);
    }
  }
  for (const s of dropwizardAuthSchemes(code, value, (name) => projectFilter(index, name, scope))) {
    if (out.schemes.some((o) => o.name === s.name)) continue;
    out.schemes.push(s);
    out.guards.push(s.name);
  }
  if (out.guards.length && scope) {
    for (const m of code.matchAll(NAMED)) {
      const named = index.resolveType((m[1] ?? m[2])!, scope);
      if (named && named.file.module !== entry.module && !out.serves.includes(named.fqn)) out.serves.push(named.fqn);
    }
  }
  out.dockets = docketsOf(index, entry, code);
  return out;
}

/** A project class `name` that extends one of Dropwizard's auth filters (through project classes), with its file's code. */
function projectFilter(index: ProjectIndex, name: string, scope: Scope | undefined): ProjectFilter | undefined {
  const decl = scope && index.resolveType(name, scope);
  if (!decl) return undefined;
  // An interface, record or enum named with `new` is no filter.
  const top = [decl, ...index.ancestors(decl)].filter((t) => t.kind === 'class').at(-1);
  const base = top?.superclass && simpleName(top.superclass.name);
  if (!top || !base || !DROPWIZARD_FILTERS.has(base) || index.resolveType(top.superclass!.name, { type: top, file: top.file })) return undefined;
  const entry = index.files.get(decl.file.path);
  let text: string | undefined;
  try {
    text = entry && (entry.text ?? readFileSync(entry.abs, 'utf8'));
  } catch {
    text = undefined;
  }
  const own: Scope = { type: decl, file: decl.file };
  return { name: decl.name, base, code: text === undefined ? '' : blankComments(text), value: (arg) => (arg === undefined ? undefined : literalValue(arg.trim(), index, own)) };
}

/**
 * The body of the class's own no-argument method a scheme is built in (`addSecuritySchemes("apikey",
 * securityScheme())` with `SecurityScheme securityScheme() { return new SecurityScheme()...; }`,
 * RuoYi's SwaggerConfig), or undefined when the argument is no such call.
 */
function helperBody(code: string, arg: string): string | undefined {
  const name = /^(?:this\s*\.\s*)?([A-Za-z_$][\w$]*)\s*\(\s*\)$/.exec(arg.trim())?.[1];
  if (!name) return undefined;
  // A declaration: the name after a return type (Java) or `fun` (Kotlin), then `()`, then a body or `=`.
  const decl = new RegExp(`(?:[\\w$>\\]?]\\s+|\\bfun\\s+)${name.replace(/\$/g, '\\$')}\\s*\\(\\s*\\)[^;{}=]*?(\\{|=)`).exec(code);
  if (!decl) return undefined;
  const at = decl.index + decl[0].length - 1;
  // Kotlin's expression body: the chain may go on over the lines below.
  if (decl[1] === '=') return code.slice(at + 1, topLevelEnd(code, at + 1));
  const close = matching(code, at);
  return close < 0 ? undefined : code.slice(at + 1, close);
}

/** `SecurityScheme().type(..).scheme(..)...` as the declaration's fields; undefined without a readable type. */
function schemeOf(text: string, value: (arg: string | undefined) => string | undefined): Omit<SecuritySchemeDecl, 'name'> | undefined {
  const first = (name: string) => callsIn(text, name, true)[0]?.[0];
  const type = SCHEME_TYPES[lastSegment(first('type'))?.toUpperCase() ?? ''];
  if (!type) return undefined;
  const s: Omit<SecuritySchemeDecl, 'name'> = { type };
  const description = value(first('description'));
  if (description) s.description = description;
  if (type === 'http') {
    s.scheme = value(first('scheme')) ?? 'bearer';
    const format = value(first('bearerFormat'));
    if (format) s.bearerFormat = format;
  } else if (type === 'apiKey') {
    s.in = KEY_LOCATIONS[lastSegment(first('in'))?.toUpperCase() ?? ''] ?? 'header';
    const param = value(first('name'));
    if (param) s.paramName = param;
  } else if (type === 'openIdConnect') {
    s.openIdConnectUrl = value(first('openIdConnectUrl')) ?? '';
  } else {
    s.flows = {};
    for (const f of FLOWS) {
      const flow = first(f);
      if (flow === undefined) continue;
      const entry: NonNullable<SecuritySchemeDecl['flows']>[string] = { scopes: {} };
      for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
        const v = value(callsIn(flow, key, true)[0]?.[0]);
        if (v) entry[key] = v;
      }
      for (const args of callsIn(flow, 'addString', true)) {
        const scopeName = value(args[0]);
        if (scopeName) entry.scopes[scopeName] = value(args[1]) ?? '';
      }
      s.flows[f] = entry;
    }
  }
  return s;
}

/** `listOf(a, b)` / `List.of(a, b)` / `Arrays.asList(a, b)` as `a, b`; anything else as it is. */
function unwrapList(text: string): string {
  const m = /^(?:listOf|mutableListOf|List\.of|Arrays\.asList)\s*\(/.exec(text.trim());
  return m ? text.trim().slice(m[0].length, text.trim().lastIndexOf(')')) : text;
}

function lastSegment(text: string | undefined): string | undefined {
  return text?.trim().split('.').pop();
}

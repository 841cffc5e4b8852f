// springfox security declared on a `Docket` bean (Swagger 2 / springfox 3): the schemes of
// `docket.securitySchemes(list)` (`ApiKey`, `BasicAuth`, `OAuth`/`OAuthBuilder`, springfox 3's
// `HttpAuthenticationScheme` builders) and the `securityContexts(list)` saying which operations need
// which of them (`forPaths(PathSelectors.regex|ant|any)` or `operationSelector(oc ->
// oc.requestMappingPattern().matches(R))`); the first context selecting an operation's path gives
// its requirement, and without contexts schemes are declared but required nowhere (springfox's rules).
// The bean is often built in a shared module's abstract base class and activated by each
// application's `@Configuration` subclass, which sets its values through a builder
// (`SwaggerProperties.builder().apiBasePackage("..").enableSecurity(true)`): a docket is read once
// per concrete class defining or inheriting it, and applies to that class's module, limited to the
// controllers under `RequestHandlerSelectors.basePackage(X)` when X is readable. Method bodies are
// not in the source model: the files' text is read, helper methods of the classes inlined.

import { readFileSync } from 'node:fs';
import type { SecuritySchemeDecl } from '../../model/endpoint';
import type { FileEntry, ProjectIndex, Scope } from '../project-index';
import type { Annotation, TypeDecl } from '../source-model';
import type { MethodSite } from '../hierarchy';
import { simpleName } from '../source-model';
import { blankComments, matching, splitTop } from '../config-text';
import { callsIn, foldedString } from '../code-calls';
import { antMatch } from '../ant-match';

/**
 * The word a file building a Docket with security holds (openapi-bean-security.ts gates files on
 * it): a Docket declaring no scheme needs no reading, and the word shares the index's pass over
 * capital S with springdoc's (byte-words.ts), where `Docket` would have added one over D.
 */
export const DOCKET_NEEDLE = 'securitySchemes';

export type PathSelector =
  | { kind: 'any' }
  | { kind: 'none' }
  | { kind: 'regex'; pattern: string }
  | { kind: 'ant'; pattern: string }
  | { kind: 'not'; of: PathSelector }
  | { kind: 'or' | 'and'; of: PathSelector[] };

export interface DocketContext {
  /** The schemes the selected operations accept, any one of them: springfox writes each reference as a requirement of its own (mapAuthorizations). */
  refs: string[];
  selector: PathSelector;
}

/** `RequestHandlerSelectors`' predicates on a handler method, and their combinations. */
export type HandlerSelector =
  | { kind: 'any' }
  | { kind: 'none' }
  | { kind: 'package'; name: string }
  | { kind: 'classAnnotation' | 'methodAnnotation'; name: string }
  | { kind: 'not'; of: HandlerSelector }
  | { kind: 'or' | 'and'; of: HandlerSelector[] };

export interface SpringfoxDocket {
  /** The module of the configuration class defining or inheriting the bean: its controllers are documented. */
  module: string;
  /** The handler methods documented (`select().apis(..)`); undefined: all of the module's. */
  handlers?: HandlerSelector;
  /** The request mapping patterns documented (`select().paths(..)`); undefined: all. */
  paths?: PathSelector;
  schemes: SecuritySchemeDecl[];
  contexts: DocketContext[];
  /** What could not be read, and what was assumed instead. */
  notes: Array<{ file: string; line: number; message: string }>;
}

/** The text of a class and of its file, and a scope to read its constants in. */
interface ClassText {
  code: string;
  scope: Scope;
}

const MAX_DEPTH = 8;

/** The dockets one file's classes build, once per concrete class defining or inheriting each. */
export function docketsOf(index: ProjectIndex, entry: FileEntry, code: string): SpringfoxDocket[] {
  if (!/\bDocket\s*\(/.test(code)) return [];
  const file = index.parse(entry);
  const declaring = file?.types.find((t) => t.kind === 'class');
  if (!file || !declaring) return [];
  const out: SpringfoxDocket[] = [];
  const methods = docketMethods(code);
  for (const concrete of concreteClasses(index, declaring)) {
    // The most derived class first: its overrides (the builder values) are the ones called.
    const texts = [concrete, ...index.ancestors(concrete)].map((t) => classText(index, t)).filter((t): t is ClassText => t !== undefined);
    for (const { at, open } of methods) {
      // Kotlin's expression body (`fun api(): Docket = Docket(..)\n    .select()..`) ends where its statement does.
      const body = code[open] === '{' ? code.slice(open + 1, Math.max(open + 1, matching(code, open))) : code.slice(open + 1, topLevelEnd(code, open + 1));
      const line = code.slice(0, at).split('\n').length;
      out.push(readDocket(index, body, texts, concrete.file.module, { file: entry.path, line }));
    }
  }
  return out;
}

/**
 * Each method returning a Docket: where it starts, and the `{` of its block or the `=` of its
 * Kotlin expression. Its parameters may hold parentheses (`@Value("${..}") boolean on`), and a
 * Kotlin one may leave its type to the `Docket(..)` it returns.
 */
function docketMethods(code: string): Array<{ at: number; open: number }> {
  const out: Array<{ at: number; open: number }> = [];
  const java = /\s*(?:throws\s+[\w.$,\s]+)?\{/y;
  const kotlin = /\s*(?::\s*Docket\s*(?:=|\{)|=(?=\s*Docket\s*\())/y;
  for (const m of code.matchAll(/\bDocket\s+\w+\s*\(|\bfun\s+\w+\s*\(/g)) {
    const close = matching(code, m.index + m[0].length - 1);
    if (close < 0) continue;
    const rest = m[0].startsWith('fun') ? kotlin : java;
    rest.lastIndex = close + 1;
    const found = rest.exec(code);
    if (found) out.push({ at: m.index, open: close + found[0].length });
  }
  return out;
}

/** The class itself unless abstract, and every concrete class extending it (transitively). */
export function concreteClasses(index: ProjectIndex, base: TypeDecl): TypeDecl[] {
  const out: TypeDecl[] = [];
  const seen = new Set<TypeDecl>();
  const queue = [base];
  while (queue.length) {
    const t = queue.shift()!;
    if (seen.has(t)) continue;
    seen.add(t);
    if (!t.modifiers.includes('abstract') && t.kind === 'class') out.push(t);
    for (const e of index.filesExtending(t.name)) {
      for (const sub of index.parse(e)?.types ?? []) if (index.superTypes(sub).includes(t)) queue.push(sub);
    }
  }
  return out.sort((a, b) => (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0));
}

function classText(index: ProjectIndex, t: TypeDecl): ClassText | undefined {
  const entry = index.files.get(t.file.path);
  if (!entry) return undefined;
  try {
    return { code: blankComments(entry.text ?? readFileSync(entry.abs, 'utf8')).replace(/`(\w+)`/g, '$1'), scope: { type: t, file: t.file } };
  } catch {
    return undefined;
  }
}

function readDocket(index: ProjectIndex, body: string, texts: ClassText[], module: string, at: { file: string; line: number }): SpringfoxDocket {
  const docket: SpringfoxDocket = { module, schemes: [], contexts: [], notes: [] };
  // The code quoted in a message on one line, as written but for its line breaks.
  const note = (message: string) => docket.notes.push({ ...at, message: message.replace(/\s+/g, ' ') });
  const r = new Reader(index, texts);

  // The selection: `select().apis(handlers).paths(paths)`; an unreadable one documents everything.
  const apis = callsIn(body, 'apis', true)[0]?.[0];
  if (apis !== undefined) {
    const handlers = r.handlerSelector(apis, body);
    if (handlers) docket.handlers = handlers;
    else note(`springfox Docket: the handler selector ${apis.trim()} is not readable; the docket is taken to document every controller of module ${module}`);
  }
  const paths = callsIn(body, 'paths', true)[0]?.[0];
  if (paths !== undefined) {
    const selector = r.pathSelector(paths, body);
    if (selector) docket.paths = selector;
    else note(`springfox Docket: the path selector ${paths.trim()} is not readable; the docket is taken to document every path`);
  }

  const enabled = (call: string): boolean => {
    const cond = enclosingCondition(body, call);
    if (cond === undefined) return true;
    const v = r.condition(cond, body);
    if (v === undefined) note(`springfox Docket: the condition ${cond.trim()} of its ${call} is not readable; taken as true`);
    return v ?? true;
  };

  const schemesArg = callsIn(body, 'securitySchemes', true)[0]?.[0];
  if (schemesArg !== undefined && enabled('securitySchemes')) {
    const items = r.items(schemesArg, body);
    if (!items) note(`springfox Docket: its securitySchemes(${schemesArg.trim()}) is not a readable list`);
    for (const item of items ?? []) {
      const s = r.scheme(item.text, item.body);
      if (s && !docket.schemes.some((o) => o.name === s.name)) docket.schemes.push(s);
      else if (!s) note(`springfox Docket: the security scheme ${item.text.trim()} is not readable`);
    }
  }
  const contextsArg = callsIn(body, 'securityContexts', true)[0]?.[0];
  if (contextsArg !== undefined && enabled('securityContexts')) {
    const items = r.items(contextsArg, body);
    if (!items) note(`springfox Docket: its securityContexts(${contextsArg.trim()}) is not a readable list`);
    for (const item of items ?? []) {
      const c = r.context(item.text, item.body, note);
      if (c) docket.contexts.push(c);
      else note(`springfox Docket: the security context ${item.text.trim()} is not readable`);
    }
  }
  return docket;
}

/** The condition of the `if` whose block holds the docket's `.call(`; undefined when none does. */
function enclosingCondition(body: string, call: string): string | undefined {
  const at = body.search(new RegExp(`\\.\\s*${call}\\s*\\(`));
  if (at < 0) return undefined;
  let found: string | undefined;
  for (const m of body.matchAll(/\bif\s*\(/g)) {
    const open = m.index + m[0].length - 1;
    const close = matching(body, open);
    if (close < 0 || close > at) continue;
    const rest = body.slice(close + 1);
    const brace = /^\s*\{/.exec(rest);
    const end = brace ? matching(body, close + 1 + brace[0].length - 1) : body.indexOf(';', close);
    if (end > at) found = body.slice(open + 1, close); // the innermost: the last opened before the call
  }
  return found;
}

/** Reads expressions of the docket's classes: helper methods inlined, locals followed, builder values found. */
class Reader {
  constructor(
    private readonly index: ProjectIndex,
    private readonly texts: ClassText[],
  ) {}

  /** `helper(args)` as its return expression (parameters replaced by the arguments), a local as its initializer. */
  expand(expr: string, body: string, depth = 0): string {
    const e = expr.trim();
    if (depth > MAX_DEPTH) return e;
    const local = /^[A-Za-z_$][\w$]*$/.test(e) ? localInit(body, e) : undefined;
    if (local !== undefined) return this.expand(local, body, depth + 1);
    const call = /^(?:this\s*\.\s*)?([A-Za-z_$][\w$]*)\s*\(/.exec(e);
    if (call && matching(e, call[0].length - 1) === e.length - 1) {
      const inlined = this.inline(call[1]!, splitTop(e.slice(call[0].length, -1), ','));
      if (inlined) {
        const listed = listFromAdds(inlined.body, inlined.returned);
        return listed ?? this.expand(withLocalArgs(inlined.body, inlined.returned), inlined.body, depth + 1);
      }
    }
    return e;
  }

  /** A method of the classes (most derived first) called with `args`: its body and return expression, parameters replaced. */
  private inline(name: string, args: string[]): { body: string; returned: string } | undefined {
    const re = new RegExp(`(?:[\\w$>\\]]\\s+|\\bfun\\s+)${name.replace(/\$/g, '\\$')}\\s*\\(([^()]*)\\)\\s*(?::\\s*[\\w$.<>?, ]+)?\\s*(?:throws\\s+[\\w.$,\\s]+)?([{=])`, 'g');
    for (const { code } of this.texts) {
      for (const m of code.matchAll(re)) {
        const params = splitTop(m[1]!, ',').map((p) => /([A-Za-z_$][\w$]*)\s*(?::[^,]*)?$/.exec(p.trim().replace(/\s*:\s*[\w$.<>?]+$/, ''))?.[1]).filter((p): p is string => !!p);
        if (params.length !== args.filter((a) => a.trim() !== '').length) continue;
        const at = m.index + m[0].length - 1;
        let body: string;
        let returned: string | undefined;
        if (m[2] === '{') {
          const close = matching(code, at);
          if (close < 0) continue;
          body = code.slice(at + 1, close);
          const rets = [...body.matchAll(/\breturn\b/g)];
          const last = rets[rets.length - 1];
          if (last) returned = body.slice(last.index + 6, topLevelEnd(body, last.index + 6));
        } else {
          body = '';
          returned = code.slice(at + 1, topLevelEnd(code, at + 1));
        }
        if (returned === undefined) continue;
        const bind = (s: string) => params.reduce((t, p, i) => t.replace(new RegExp(`(?<![\\w$."])${p.replace(/\$/g, '\\$')}(?![\\w$])`, 'g'), args[i]!.trim()), s);
        return { body: bind(body), returned: bind(returned) };
      }
    }
    return undefined;
  }

  /** A list's items: `Arrays.asList(a, b)`, `List.of`, `singletonList`, `newArrayList`, an array, or a list filled with `add`. */
  items(expr: string, body: string, depth = 0): Array<{ text: string; body: string }> | undefined {
    const e = this.expand(expr, body);
    const m = /^(?:(?:java\.util\.)?(?:Arrays\s*\.\s*asList|List\s*\.\s*of|Collections\s*\.\s*singletonList|(?:Lists\s*\.\s*)?newArrayList|Stream\s*\.\s*of|Sets\s*\.\s*newHashSet)|asList|singletonList|listOf|mutableListOf|arrayListOf|arrayOf)\s*\(/.exec(e);
    const arr = /^new\s+[\w$.]+(?:<[^>]*>)?\s*\[\s*\]\s*\{/.exec(e);
    if (m || arr) {
      const open = (m ?? arr)![0].length - 1;
      const close = matching(e, open);
      const items = splitTop(e.slice(open + 1, close), ',').filter((s) => s.trim() !== '');
      return items.map((text) => ({ text: this.expand(text, body), body }));
    }
    const copy = /^new\s+(?:java\.util\.)?(?:ArrayList|LinkedList)\s*(?:<[^>]*>)?\s*\(([\s\S]+)\)$/.exec(e);
    if (copy && depth < MAX_DEPTH) return this.items(copy[1]!, body, depth + 1);
    // A single value where a list belongs (springfox 3's `securitySchemes(List)` takes none, `Docket.securityContexts` neither)
    return undefined;
  }

  /**
   * A string value: a literal, a constant, a sum of them, or a builder value (`props.getX()` set as
   * `.x("..")`). `seen`: the builder values this one was reached through (`.a(p.getB()).b(p.getA())` comes round).
   */
  value(expr: string, body: string, seen: ReadonlySet<string> = new Set()): string | undefined {
    const e = this.expand(expr, body);
    // A Java string may hold a `$` (a regex's end), which code-calls reads as a Kotlin template.
    const java = this.texts[0]?.scope.file.lang === 'java' ? /^"((?:[^"\\]|\\.)*)"$/.exec(e) : null;
    if (java) return java[1]!.replace(/\\(.)/g, '$1');
    if (this.texts[0]?.scope.file.lang === 'kotlin' && /^"(?:[^"\\]|\\.)*"$/.test(e) && e.includes('$')) return this.template(e.slice(1, -1));
    for (const { scope } of this.texts) {
      const v = foldedString(e, this.index, scope);
      if (v !== undefined) return v;
    }
    const set = this.builderValue(e);
    if (set !== undefined && set !== e && !seen.has(set)) return this.value(set, '', new Set([...seen, e]));
    return undefined;
  }

  /** A Kotlin string template's value: `$NAME` and `${NAME}` as the constants they name; undefined when one is not. */
  private template(text: string): string | undefined {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') {
        out += text[++i] ?? '';
        continue;
      }
      const ref = c === '$' ? /^\$(?:\{\s*([A-Za-z_][\w.]*)\s*\}|([A-Za-z_]\w*))/.exec(text.slice(i)) : null;
      if (!ref) {
        out += c;
        continue;
      }
      const name = ref[1] ?? ref[2]!;
      const v = this.texts.map(({ scope }) => foldedString(name, this.index, scope)).find((x) => x !== undefined) ?? this.builderValue(name);
      if (v === undefined) return undefined;
      out += v;
      i += ref[0].length - 1;
    }
    return out;
  }

  /** A boolean condition: `true`/`false`, a negation, or a builder value. */
  condition(expr: string, body: string): boolean | undefined {
    const e = this.expand(expr, body);
    if (e === 'true' || e === 'false') return e === 'true';
    const not = /^!\s*([\s\S]+)$/.exec(e);
    if (not) {
      const v = this.condition(not[1]!, body);
      return v === undefined ? undefined : !v;
    }
    const set = this.builderValue(e);
    return set === 'true' || set === 'false' ? set === 'true' : undefined;
  }

  /** `x.getFoo()` / `x.isFoo()` / `x.foo` as the argument of the classes' `.foo(..)` builder call, if one sets it. */
  private builderValue(expr: string): string | undefined {
    const m = /^[A-Za-z_$][\w$]*(?:\(\))?\s*\.\s*(?:(?:get|is)([A-Z][\w$]*)\s*\(\s*\)|([a-z][\w$]*))$/.exec(expr.trim());
    if (!m) return undefined;
    const prop = m[1] ? m[1][0]!.toLowerCase() + m[1].slice(1) : m[2]!;
    for (const { code } of this.texts) {
      // Not a call reading the value: `RequestHandlerSelectors.basePackage(props.getBasePackage())` sets nothing.
      const args = callsIn(code, prop, true).find((c) => !/\b(?:RequestHandlerSelectors|PathSelectors)\s*$/.test(c.before) && c[0]?.trim() !== expr.trim());
      if (args?.length === 1) return args[0]!.trim();
    }
    return undefined;
  }

  /** A springfox `SecurityScheme` expression as the model's declaration. */
  scheme(expr: string, body: string): SecuritySchemeDecl | undefined {
    const e = this.expand(expr, body);
    const ctor = (type: string) => {
      const m = new RegExp(`^(?:new\\s+)?(?:[\\w$]+\\.)*${type}\\s*\\(`).exec(e);
      return m && matching(e, m[0].length - 1) === e.length - 1 ? splitTop(e.slice(m[0].length, -1), ',') : undefined;
    };
    const apiKey = ctor('ApiKey');
    if (apiKey && apiKey.length >= 3) {
      const [name, key, passAs] = apiKey.map((a) => this.value(a, body));
      if (!name || !key) return undefined;
      const where = passAs?.toLowerCase();
      return { name, type: 'apiKey', in: where === 'query' ? 'query' : where === 'cookie' ? 'cookie' : 'header', paramName: key };
    }
    const basic = ctor('BasicAuth');
    if (basic) {
      const name = this.value(basic[0] ?? '', body);
      return name ? { name, type: 'http', scheme: 'basic' } : undefined;
    }
    // springfox 3: HttpAuthenticationScheme.JWT_BEARER_BUILDER.name("JWT").build()
    const http = /^(?:HttpAuthenticationScheme\s*\.\s*)?(JWT_BEARER_BUILDER|BASIC_AUTH_BUILDER)\b/.exec(e);
    if (http) {
      const name = this.value(callsIn(e, 'name', true)[0]?.[0] ?? '', body);
      if (!name) return undefined;
      return http[1] === 'BASIC_AUTH_BUILDER' ? { name, type: 'http', scheme: 'basic' } : { name, type: 'http', scheme: 'bearer', bearerFormat: 'JWT' };
    }
    const oauth = ctor('OAuth');
    const builder = /^(?:new\s+)?OAuthBuilder\s*\(\s*\)/.test(e);
    if (oauth || builder) {
      const name = this.value((oauth ? oauth[0] : callsIn(e, 'name', true)[0]?.[0]) ?? '', body);
      if (!name) return undefined;
      const scopesArg = oauth ? oauth[1] : callsIn(e, 'scopes', true)[0]?.[0];
      const grantsArg = oauth ? oauth[2] : callsIn(e, 'grantTypes', true)[0]?.[0];
      const scopes: Record<string, string> = {};
      for (const item of scopesArg === undefined ? [] : (this.items(scopesArg, body) ?? [])) {
        const args = /^(?:new\s+)?AuthorizationScope\s*\(([\s\S]*)\)$/.exec(item.text);
        const [scope, description] = args ? splitTop(args[1]!, ',').map((a) => this.value(a, item.body)) : [];
        if (scope) scopes[scope] = description ?? '';
      }
      const flows: NonNullable<SecuritySchemeDecl['flows']> = {};
      for (const item of grantsArg === undefined ? [] : (this.items(grantsArg, body) ?? [])) {
        const grant = this.grant(item.text, item.body);
        if (grant) flows[grant.flow] = { ...grant.urls, scopes: { ...scopes } };
      }
      return { name, type: 'oauth2', flows };
    }
    return undefined;
  }

  /** A springfox `GrantType` as an OpenAPI flow and its URLs. */
  private grant(expr: string, body: string): { flow: string; urls: { authorizationUrl?: string; tokenUrl?: string } } | undefined {
    const e = this.expand(expr, body);
    const args = (type: string) => {
      const m = new RegExp(`^(?:new\\s+)?${type}\\s*\\(`).exec(e);
      return m && matching(e, m[0].length - 1) === e.length - 1 ? splitTop(e.slice(m[0].length, -1), ',') : undefined;
    };
    // The first argument of `new TokenEndpoint(url, ..)` / `new LoginEndpoint(url)` and the like.
    const url = (a: string | undefined, type: string) => {
      if (a === undefined) return undefined;
      const x = this.expand(a, body);
      const m = new RegExp(`^(?:new\\s+)?${type}\\s*\\(([\\s\\S]*)\\)$`).exec(x);
      return m ? this.value(splitTop(m[1]!, ',')[0] ?? '', body) : undefined;
    };
    const password = args('ResourceOwnerPasswordCredentialsGrant');
    if (password) return { flow: 'password', urls: defined({ tokenUrl: this.value(password[0] ?? '', body) }) };
    const client = args('ClientCredentialsGrant');
    if (client) return { flow: 'clientCredentials', urls: defined({ tokenUrl: this.value(client[0] ?? '', body) }) };
    const implicit = args('ImplicitGrant');
    if (implicit) return { flow: 'implicit', urls: defined({ authorizationUrl: url(implicit[0], 'LoginEndpoint') }) };
    const code = args('AuthorizationCodeGrant');
    if (code) return { flow: 'authorizationCode', urls: defined({ authorizationUrl: url(code[0], 'TokenRequestEndpoint'), tokenUrl: url(code[1], 'TokenEndpoint') }) };
    if (/^(?:new\s+)?AuthorizationCodeGrantBuilder\s*\(/.test(e)) {
      return { flow: 'authorizationCode', urls: defined({ authorizationUrl: url(callsIn(e, 'tokenRequestEndpoint', true)[0]?.[0], 'TokenRequestEndpoint'), tokenUrl: url(callsIn(e, 'tokenEndpoint', true)[0]?.[0], 'TokenEndpoint') }) };
    }
    return undefined;
  }

  /** A `SecurityContext.builder()...build()` as the schemes it references and the paths it selects. */
  context(expr: string, body: string, note: (message: string) => void): DocketContext | undefined {
    const e = this.expand(expr, body);
    if (!/^(?:SecurityContext\s*\.\s*)?builder\s*\(\s*\)/.test(e) && !/^(?:new\s+)?SecurityContextBuilder\s*\(/.test(e)) return undefined;
    const refs: string[] = [];
    for (const args of callsIn(e, 'securityReferences', true)) {
      for (const item of this.items(args[0] ?? '', body) ?? []) {
        const ctor = /^(?:new\s+)?SecurityReference\s*\(([\s\S]*)\)$/.exec(item.text);
        const name = ctor ? this.value(splitTop(ctor[1]!, ',')[0] ?? '', item.body) : /^SecurityReference\s*\.\s*builder\s*\(/.test(item.text) ? this.value(callsIn(item.text, 'reference', true)[0]?.[0] ?? '', item.body) : undefined;
        if (name && !refs.includes(name)) refs.push(name);
        else if (!name) note(`springfox Docket: the security reference ${item.text.trim()} is not readable`);
      }
    }
    const forPaths = callsIn(e, 'forPaths', true)[0]?.[0];
    const operations = callsIn(e, 'operationSelector', true)[0]?.[0] ?? trailingLambda(e, 'operationSelector');
    let selector: PathSelector | undefined = { kind: 'any' };
    let written = '';
    if (operations !== undefined) {
      written = operations.trim();
      selector = this.operationSelector(written, body);
    } else if (forPaths !== undefined) {
      written = forPaths.trim();
      selector = this.pathSelector(written, body);
    }
    if (!selector) {
      note(`springfox Docket: the operation selector ${written} is not readable; the context is taken to select every path`);
      selector = { kind: 'any' };
    }
    for (const pattern of regexesOf(selector)) {
      if (!javaRegex(pattern)) note(`springfox Docket: the path regex "${pattern}" uses Java syntax JavaScript reads otherwise; taken to select every path`);
    }
    return { refs, selector };
  }

  /** `PathSelectors.regex(R)` / `ant(P)` / `any()` / `none()`, Guava's or a Predicate's `not`/`or`/`and`. */
  pathSelector(expr: string, body: string, depth = 0): PathSelector | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const e = this.expand(expr, body);
    const call = /^(?:(?:PathSelectors|Predicates|Predicate)\s*\.\s*)?(regex|ant|any|none|not|or|and)\s*\(/.exec(e);
    if (call && matching(e, call[0].length - 1) === e.length - 1) {
      const args = splitTop(e.slice(call[0].length, -1), ',').filter((a) => a.trim() !== '');
      const kind = call[1]!;
      if (kind === 'any' || kind === 'none') return { kind };
      if (kind === 'regex' || kind === 'ant') {
        const pattern = this.value(args[0] ?? '', body);
        return pattern === undefined ? undefined : { kind, pattern };
      }
      const of = args.map((a) => this.pathSelector(a, body, depth + 1));
      if (of.some((s) => !s)) return undefined;
      return kind === 'not' ? (of.length === 1 ? { kind, of: of[0]! } : undefined) : { kind: kind as 'or' | 'and', of: of as PathSelector[] };
    }
    // Java's Predicate combinators: `regex(a).negate()`, `a.or(b)`, `a.and(b)`.
    return combined(e, (x) => this.pathSelector(x, body, depth + 1));
  }

  /**
   * `RequestHandlerSelectors.basePackage(P)` / `withClassAnnotation(A.class)` /
   * `withMethodAnnotation(A.class)` / `any()` / `none()`, Guava's `Predicates.not|or|and` and
   * Java's `.negate()` / `.and(x)` / `.or(x)` of them; undefined when not readable.
   */
  handlerSelector(expr: string, body: string, depth = 0): HandlerSelector | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const e = this.expand(expr, body);
    const call = /^(?:(?:RequestHandlerSelectors|Predicates|Predicate)\s*\.\s*)?(basePackage|withClassAnnotation|withMethodAnnotation|any|none|not|or|and)\s*\(/.exec(e);
    if (call && matching(e, call[0].length - 1) === e.length - 1) {
      const args = splitTop(e.slice(call[0].length, -1), ',');
      const kind = call[1]!;
      if (kind === 'any' || kind === 'none') return { kind };
      if (kind === 'basePackage') {
        const name = this.value(args[0] ?? '', body);
        return name === undefined ? undefined : { kind: 'package', name };
      }
      if (kind === 'withClassAnnotation' || kind === 'withMethodAnnotation') {
        // `Api.class`, Kotlin's `Api::class.java`: the annotation's simple name.
        const name = /^(?:[\w$]+\.)*([A-Za-z_$][\w$]*)\s*(?:\.\s*class|::\s*class(?:\s*\.\s*java)?)$/.exec(args[0]?.trim() ?? '')?.[1];
        return name === undefined ? undefined : { kind: kind === 'withClassAnnotation' ? 'classAnnotation' : 'methodAnnotation', name };
      }
      const of = args.map((a) => this.handlerSelector(a, body, depth + 1));
      if (of.length === 0 || of.some((x) => !x)) return undefined;
      return kind === 'not' ? (of.length === 1 ? { kind, of: of[0]! } : undefined) : { kind: kind as 'or' | 'and', of: of as HandlerSelector[] };
    }
    return combined(e, (x) => this.handlerSelector(x, body, depth + 1));
  }

  /** `oc -> oc.requestMappingPattern().matches(R)` (or `!`, `startsWith(P)`, `PathSelectors.x(..).test(oc.requestMappingPattern())`). */
  operationSelector(expr: string, body: string): PathSelector | undefined {
    let e = this.expand(expr, body);
    // Kotlin: `{ oc -> .. }`, `{ it.requestMappingPattern().. }`, `Predicate<OperationContext> { .. }`.
    const kotlin = /^(?:Predicate\s*(?:<[^<>]*>)?\s*)?\{([\s\S]*)\}$/.exec(e);
    if (kotlin && matching(e, e.indexOf('{')) === e.length - 1) e = /^\s*[A-Za-z_$][\w$]*\s*(?::[^-]*)?->/.test(kotlin[1]!) ? kotlin[1]!.trim() : `it -> ${kotlin[1]!.trim()}`;
    const lambda = /^\(?\s*([A-Za-z_$][\w$]*)\s*(?::[^)]*)?\)?\s*->\s*([\s\S]+)$/.exec(e);
    if (!lambda) return undefined;
    const [, param, rawBody] = lambda;
    let text = rawBody!.trim();
    const block = /^\{\s*return\s+([\s\S]+?);?\s*\}$/.exec(text);
    if (block) text = block[1]!.trim();
    const pattern = `${param}\\s*\\.\\s*requestMappingPattern\\s*\\(\\s*\\)`;
    const one = (t: string): PathSelector | undefined => {
      const s = t.trim();
      const not = /^!\s*([\s\S]+)$/.exec(s);
      if (not) {
        const of = one(not[1]!);
        return of && { kind: 'not', of };
      }
      const matches = new RegExp(`^${pattern}\\s*\\.\\s*(matches|startsWith)\\s*\\(([\\s\\S]*)\\)$`).exec(s);
      if (matches) {
        const v = this.value(matches[2]!, body);
        if (v === undefined) return undefined;
        return matches[1] === 'matches' ? { kind: 'regex', pattern: v } : { kind: 'regex', pattern: `${javaQuote(v)}.*` };
      }
      const test = new RegExp(`^([\\s\\S]+)\\.\\s*test\\s*\\(\\s*${pattern}\\s*\\)$`).exec(s);
      if (test) return this.pathSelector(test[1]!, body);
      const paren = /^\(([\s\S]*)\)$/.exec(s);
      if (paren && matching(s, 0) === s.length - 1) return one(paren[1]!);
      for (const [op, kind] of [['||', 'or'], ['&&', 'and']] as const) {
        const parts = splitTop(s, op);
        if (parts.length > 1) {
          const of = parts.map(one);
          return of.some((x) => !x) ? undefined : { kind, of: of as PathSelector[] };
        }
      }
      return undefined;
    };
    return one(text);
  }
}

/** `a.negate()`, `a.and(b)`, `a.or(b)` (chained left to right, as Java's `Predicate` defaults apply) with `read` reading each operand. */
function combined<T extends PathSelector | HandlerSelector>(e: string, read: (operand: string) => T | undefined): T | undefined {
  const segments = splitTop(e, '.');
  let first = segments.length;
  while (first > 1 && /^(?:and|or|negate)\s*\(/.test(segments[first - 1]!)) first--;
  if (first === segments.length) return undefined;
  let out = read(segments.slice(0, first).join('.'));
  for (const segment of segments.slice(first)) {
    if (!out) return undefined;
    const op = /^(and|or|negate)\s*\(/.exec(segment)!;
    if (matching(segment, op[0].length - 1) !== segment.length - 1) return undefined;
    const arg = segment.slice(op[0].length, -1).trim();
    if (op[1] === 'negate') {
      if (arg !== '') return undefined;
      out = { kind: 'not', of: out } as T;
      continue;
    }
    const other = read(arg);
    if (!other) return undefined;
    out = { kind: op[1] as 'and' | 'or', of: [out, other] } as T;
  }
  return out;
}

/** A Java regex matching `text` literally (what `Pattern.quote` gives, in a form JS reads too). */
function javaQuote(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The initializer of a local `Type name = init;` (or Kotlin's `val name = init`) in the body. */
function localInit(body: string, name: string): string | undefined {
  const re = new RegExp(`(?:[\\w$>\\]]\\s+|\\b(?:val|var)\\s+)${name.replace(/\$/g, '\\$')}\\s*(?::\\s*[\\w$.<>?, ]+)?=(?!=)`, 'g');
  const m = re.exec(body);
  if (!m) return undefined;
  const start = m.index + m[0].length;
  return body.slice(start, topLevelEnd(body, start)).trim();
}

/** `List<X> list = new ArrayList<>(); list.add(a); return list;` as `Arrays.asList(a)`; undefined otherwise. */
function listFromAdds(body: string, returned: string): string | undefined {
  const name = returned.trim();
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const init = localInit(body, name);
  if (init === undefined || !/^(?:new\s+(?:java\.util\.)?(?:ArrayList|LinkedList)\s*(?:<[^>]*>)?\s*\(\s*\)|(?:Lists\s*\.\s*)?newArrayList\s*\(\s*\)|mutableListOf\s*\(\s*\)|arrayListOf\s*\(\s*\))$/.test(init)) return undefined;
  const added = callsIn(body, 'add', true).filter((c) => new RegExp(`(?<![\\w$.])${name}\\s*$`).test(c.before) && c.length === 1);
  return `Arrays.asList(${added.map((c) => inlineLocals(body, c[0]!.trim())).join(', ')})`;
}

/** Kotlin's `.name { .. }`: the lambda passed after the call's name, braces kept; undefined when none is. */
function trailingLambda(code: string, name: string): string | undefined {
  const m = new RegExp(`\\.\\s*${name}\\s*\\{`).exec(code);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const close = matching(code, open);
  return close < 0 ? undefined : code.slice(open, close + 1);
}

/** `listOf(key, other)` with the arguments that are locals of `body` as their initializers: the call leaves the body it was written in. */
function withLocalArgs(body: string, expr: string): string {
  const e = expr.trim();
  const call = /^[\w$.]+\s*(?:<[^<>]*>\s*)?\(/.exec(e);
  if (!call || matching(e, call[0].length - 1) !== e.length - 1) return e;
  const args = splitTop(e.slice(call[0].length, -1), ',');
  return `${call[0]}${args.map((a) => inlineLocals(body, a)).join(', ')})`;
}

/** A local named as an item, as its initializer (the item leaves the body it was declared in). */
function inlineLocals(body: string, item: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(item) ? (localInit(body, item) ?? item) : item;
}

/** Where a statement starting at `from` ends: the first `;` (or line end in Kotlin) outside brackets and strings. */
export function topLevelEnd(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return i;
      depth--;
    } else if (c === ';' && depth === 0) return i;
    else if (c === '\n' && depth === 0 && !/^\s*[.?:]/.test(text.slice(i + 1, i + 40)) && !/[=(,.+\-&|]\s*$/.test(text.slice(Math.max(from, i - 40), i))) {
      // Kotlin ends a statement at a line end unless the next line continues the chain.
      if (text.slice(from, i).trim() !== '') return i;
    }
  }
  return text.length;
}

function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

// ---- selecting paths -----------------------------------------------------------------------

/** Constructs Java's regex has and JavaScript's has not (or reads otherwise): such a pattern is not evaluated. */
const JAVA_ONLY = /\\[AZzGQEh]|\\p\{(?:java|In|Is)|[*+?}][+]|\(\?[a-zA-Z]*[idmsux-][a-zA-Z-]*[:)]|&&\[|\\[vR]/;

/** Compiled once per pattern: every operation of an application is tested against the same few. */
const REGEXES = new Map<string, RegExp | undefined>();

/** A regex as Java reads it, for a whole-string match; undefined when JavaScript would read it otherwise. */
export function javaRegex(pattern: string): RegExp | undefined {
  if (REGEXES.has(pattern)) return REGEXES.get(pattern);
  let re: RegExp | undefined;
  try {
    re = JAVA_ONLY.test(pattern) ? undefined : new RegExp(`^(?:${pattern})$`);
  } catch {
    re = undefined;
  }
  if (REGEXES.size > 1000) REGEXES.clear();
  REGEXES.set(pattern, re);
  return re;
}

function regexesOf(s: PathSelector): string[] {
  return s.kind === 'regex' ? [s.pattern] : s.kind === 'not' ? regexesOf(s.of) : s.kind === 'or' || s.kind === 'and' ? s.of.flatMap(regexesOf) : [];
}

/** Whether a selector accepts a request mapping pattern; a regex JavaScript cannot evaluate accepts (`unreadable` is told). */
export function selects(s: PathSelector, path: string, unreadable?: (pattern: string) => void): boolean {
  switch (s.kind) {
    case 'any':
      return true;
    case 'none':
      return false;
    case 'regex': {
      const re = javaRegex(s.pattern);
      if (!re) unreadable?.(s.pattern);
      return re ? re.test(path) : true;
    }
    case 'ant':
      return antMatch(s.pattern, path, '/');
    case 'not': {
      // Negated, an unreadable regex would select nothing: it selects every path, as the context's note says.
      const unread = regexesOf(s.of).filter((p) => !javaRegex(p));
      unread.forEach((p) => unreadable?.(p));
      return unread.length > 0 || !selects(s.of, path, unreadable);
    }
    case 'or':
      return s.of.some((x) => selects(x, path, unreadable));
    case 'and':
      return s.of.every((x) => selects(x, path, unreadable));
  }
}

/** What a handler selector asks of a handler method: its class (dotted name) and the annotations of each. */
export interface Handler {
  className: string;
  /** Whether the controller class (or one it extends), else the method (or one it overrides), carries annotation `name`, meta-annotations followed. */
  classAnnotated(name: string): boolean;
  methodAnnotated(name: string): boolean;
}

export function handles(s: HandlerSelector, h: Handler): boolean {
  switch (s.kind) {
    case 'any':
      return true;
    case 'none':
      return false;
    case 'package':
      // springfox compares the class's package with startsWith; a package name, not a prefix, is meant.
      return s.name === '' || h.className.startsWith(`${s.name}.`);
    case 'classAnnotation':
      return h.classAnnotated(s.name);
    case 'methodAnnotation':
      return h.methodAnnotated(s.name);
    case 'not':
      return !handles(s.of, h);
    case 'or':
      return s.of.some((x) => handles(x, h));
    case 'and':
      return s.of.every((x) => handles(x, h));
  }
}

/** Whether a docket documents an operation: its handler selector selects the handler and its path selector the request mapping pattern. */
export function documents(docket: SpringfoxDocket, handler: Handler, path: string): boolean {
  return (!docket.handlers || handles(docket.handlers, handler)) && (!docket.paths || selects(docket.paths, path));
}

/** Spring's own annotations and the ones they carry (`AnnotatedElementUtils` finds those too). */
const SPRING_META: Record<string, string[]> = {
  RestController: ['Controller', 'ResponseBody', 'Component'],
  Controller: ['Component'],
  GetMapping: ['RequestMapping'],
  PostMapping: ['RequestMapping'],
  PutMapping: ['RequestMapping'],
  DeleteMapping: ['RequestMapping'],
  PatchMapping: ['RequestMapping'],
};

/** A Spring handler method as handler selectors see it: the controller `type`, the method and the ones it overrides (`chain`). */
export function handlerOf(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[]): Handler {
  return {
    className: type.fqn,
    classAnnotated: (name) => [type, ...index.ancestors(type)].some((t) => carries(index, t.annotations, { type: t, file: t.file }, name, 0)),
    methodAnnotated: (name) => chain.some((s) => carries(index, s.method.annotations, { type: s.owner, file: s.owner.file }, name, 0)),
  };
}

/** Whether annotations carry `name` themselves or as a meta-annotation (of Spring's or of the project's own annotation types). */
function carries(index: ProjectIndex, anns: readonly Annotation[], scope: Scope, name: string, depth: number): boolean {
  for (const a of anns) {
    const simple = simpleName(a.name);
    if (simple === name || SPRING_META[simple]?.includes(name)) return true;
  }
  if (depth >= 3) return false;
  for (const a of anns) {
    const decl = SPRING_META[simpleName(a.name)] ? undefined : index.resolveType(a.name, scope);
    if (decl?.kind === 'annotation' && carries(index, decl.annotations, { type: decl, file: decl.file }, name, depth + 1)) return true;
  }
  return false;
}

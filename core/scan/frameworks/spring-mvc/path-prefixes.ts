// Path prefixes Spring MVC adds in code: `WebMvcConfigurer.configurePathMatch` (or WebFlux's
// `WebFluxConfigurer.configurePathMatch`) calling
// `addPathPrefix(prefix, predicate)` or `setPathPrefixes(map)`. Method bodies are not in the
// source model, so the configurer's text is read and the two arguments are interpreted:
//   prefix     a literal, a constant, or a getter chain on a @ConfigurationProperties bean
//              (`api.getPrefix()`), its value from application.yml/properties or the field's
//              initializer (`new Api("/admin-api", "**.controller.admin.**")`);
//   predicate  `HandlerTypePredicate.forAnnotation/forBasePackage/forBasePackageClass/
//              forAssignableType`, or a lambda of `isAnnotationPresent(X.class)`,
//              `antPathMatcher.match(pattern, clazz.getPackage().getName())`, package
//              `startsWith`, joined by && / ||.
// A helper method taking the configurer and the properties (`configurePathMatch(c, props.getAdminApi())`)
// is followed to each of its call sites. What cannot be read is a diagnostic naming the call.

import { readFileSync } from 'node:fs';
import type { Diagnostic } from '../../../model/endpoint';
import type { ProjectIndex, Scope } from '../../project-index';
import { blankComments, lineOf, matching, resolvePlaceholders, skipString, splitTop } from '../../config-text';
import { findAnnotation, simpleName } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import { antMatch } from '../../ant-match';

export interface PrefixRule {
  prefix: string;
  matches(type: TypeDecl): boolean;
}

/** Supertypes of a class that can configure path matching (WebFlux's PathMatchConfigurer has the same addPathPrefix). */
export const CONFIGURER_SUPERS = [
  'WebMvcConfigurer', 'WebMvcConfigurationSupport', 'DelegatingWebMvcConfiguration', 'WebMvcRegistrations',
  'WebFluxConfigurer', 'WebFluxConfigurationSupport', 'DelegatingWebFluxConfiguration',
];

export interface PrefixContext {
  index: ProjectIndex;
  diagnostics: Diagnostic[];
  /** A Spring Boot property of any module (relaxed names), when set. */
  property(key: string): string | undefined;
  /** Whether a type carries a stereotype annotation (direct or composed), by simple name. */
  hasAnnotation(type: TypeDecl, name: string): boolean;
}

/** The prefix rules one configurer class declares ([] when it declares none). */
export function readPrefixRules(type: TypeDecl, abs: string, ctx: PrefixContext, anonymousSupers?: readonly string[]): PrefixRule[] {
  const supers = [type.superclass, ...type.interfaces].filter((t) => t !== undefined).map((t) => simpleName(t!.name));
  // A @Bean method may return the configurer as an anonymous class: `return new WebMvcRegistrations() {`.
  const anonymous = anonymousSupers?.some((s) => CONFIGURER_SUPERS.includes(s)) ?? false;
  if (!anonymous && !supers.some((s) => CONFIGURER_SUPERS.includes(s))) return [];
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch {
    return [];
  }
  if (!text.includes('addPathPrefix') && !text.includes('setPathPrefixes')) return [];
  // Kotlin spells a class literal `X::class.java`.
  const code = blankComments(text).replace(/::class\.java\b/g, '.class').replace(/::class\b/g, '.class');
  const rules: PrefixRule[] = [];
  const scope: Scope = { type, file: type.file };
  for (const call of calls(code, 'addPathPrefix')) {
    const [prefixText, predicateText] = call.args;
    if (prefixText === undefined || predicateText === undefined) continue;
    for (const subst of substitutions(code, call.at)) {
      addRule(rules, apply(prefixText, subst), apply(predicateText, subst), type, scope, ctx, lineOf(code, call.at));
    }
  }
  for (const call of calls(code, 'setPathPrefixes')) {
    const arg = call.args[0]?.trim() ?? '';
    const m = /^(?:Map\.of|Collections\.singletonMap|ImmutableMap\.of)\s*\(/.exec(arg);
    const pairs = m ? splitArgs(arg.slice(m[0].length, arg.lastIndexOf(')'))) : [];
    for (let i = 0; i + 1 < pairs.length; i += 2) addRule(rules, pairs[i]!, pairs[i + 1]!, type, scope, ctx, lineOf(code, call.at));
    if (m) continue;
    // A map variable filled with put(prefix, predicate), possibly in a helper called once per group.
    for (const put of calls(code, 'put')) {
      if (put.args.length !== 2) continue;
      for (const subst of substitutions(code, put.at)) {
        addRule(rules, apply(put.args[0]!, subst), apply(put.args[1]!, subst), type, scope, ctx, lineOf(code, put.at));
      }
    }
  }
  return rules;
}

function addRule(rules: PrefixRule[], prefixText: string, predicateText: string, type: TypeDecl, scope: Scope, ctx: PrefixContext, line: number): void {
  const say = (what: string) =>
    ctx.diagnostics.push({ file: type.file.path, line, message: `path prefix: cannot read ${what}; endpoints are listed without this prefix (the project setting paths.prefixes can add it)` });
  const prefix = valueOf(prefixText.trim(), scope, ctx);
  if (prefix === undefined) {
    say(`the prefix ${oneLine(prefixText)}`);
    return;
  }
  const predicate = predicateOf(predicateText.trim(), scope, ctx);
  if (predicate === undefined) {
    say(`which controllers ${oneLine(predicateText)} selects`);
    return;
  }
  rules.push({ prefix, matches: predicate });
}

// ---- values --------------------------------------------------------------------------------

/** What a getter chain has reached: a bean with a properties key and/or constructor values. */
interface BeanValue {
  decl: TypeDecl;
  key?: string;
  /** Property -> initializer text, from `new X(args)`. */
  init?: Map<string, string>;
  scope: Scope;
}

function valueOf(text: string, scope: Scope, ctx: PrefixContext): string | undefined {
  const parts = splitTop(text, '+');
  if (parts.length > 1) {
    let out = '';
    for (const p of parts) {
      const v = valueOf(p.trim(), scope, ctx);
      if (v === undefined) return undefined;
      out += v;
    }
    return out;
  }
  const lit = /^"((?:[^"\\]|\\.)*)"$/.exec(text);
  if (lit) return lit[1]!.replace(/\\(.)/g, '$1');
  if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(text)) {
    const r = ctx.index.evalString({ kind: 'name', name: text }, scope);
    if ('value' in r) return r.value;
    const field = fieldValue(text, scope, ctx);
    if (typeof field === 'string') return field;
    return undefined;
  }
  const chain = /^([A-Za-z_$][\w$]*)((?:\s*\.\s*(?:get|is)[A-Z]\w*\s*\(\s*\))+)$/.exec(text);
  if (!chain) return undefined;
  let cur: string | BeanValue | undefined = fieldValue(chain[1]!, scope, ctx);
  for (const g of chain[2]!.matchAll(/(?:get|is)([A-Z]\w*)/g)) {
    if (cur === undefined || typeof cur === 'string') return undefined;
    cur = property(cur, lowerFirst(g[1]!), ctx);
  }
  return typeof cur === 'string' ? cur : undefined;
}

/** A field of the configurer: a @ConfigurationProperties bean, an @Value string, or a constant. */
function fieldValue(name: string, scope: Scope, ctx: PrefixContext): string | BeanValue | undefined {
  if (!scope.type) return undefined;
  for (const t of [scope.type, ...ctx.index.ancestors(scope.type)]) {
    const f = t.fields.find((x) => x.name === name);
    if (!f) continue;
    const value = findAnnotation(f.annotations, 'Value');
    const placeholder = value?.args.value?.kind === 'string' ? value.args.value.value : undefined;
    if (placeholder !== undefined) return resolvePlaceholders(placeholder, (k) => ctx.property(k));
    const decl = ctx.index.resolveType(f.type.name, { type: t, file: t.file });
    if (!decl) return undefined;
    return beanOf(decl, ctx);
  }
  // A parameter instead: the properties bean injected into the @Bean method (`apiRegistrations(ApiProperties properties)`).
  const declared = declaredType(name, scope.type, ctx);
  return declared && findAnnotation(declared.annotations, 'ConfigurationProperties') ? beanOf(declared, ctx) : undefined;
}

/** The type a parameter or local variable `name` is declared with in the configurer's text. */
function declaredType(name: string, owner: TypeDecl, ctx: PrefixContext): TypeDecl | undefined {
  const code = codeOf(owner, ctx);
  if (code === undefined) return undefined;
  const re = new RegExp(`([A-Z][\\w$]*(?:\\.[A-Z][\\w$]*)*)\\s+${name}\\s*[,)=;]`, 'g');
  for (const m of code.matchAll(re)) {
    const decl = ctx.index.resolveType(m[1]!, { type: owner, file: owner.file });
    if (decl) return decl;
  }
  return undefined;
}

function codeOf(owner: TypeDecl, ctx: PrefixContext): string | undefined {
  const abs = ctx.index.files.get(owner.file.path)?.abs;
  if (!abs) return undefined;
  try {
    return blankComments(readFileSync(abs, 'utf8'));
  } catch {
    return undefined;
  }
}

function beanOf(decl: TypeDecl, ctx: PrefixContext): BeanValue {
  const cp = findAnnotation(decl.annotations, 'ConfigurationProperties');
  const key = cp ? ctx.index.evalString(cp.args.prefix ?? cp.args.value ?? { kind: 'string', value: '' }, { type: decl, file: decl.file }) : undefined;
  const bean: BeanValue = { decl, scope: { type: decl, file: decl.file } };
  if (key && 'value' in key && key.value) bean.key = key.value;
  return bean;
}

function property(bean: BeanValue, name: string, ctx: PrefixContext): string | BeanValue | undefined {
  const key = bean.key ? `${bean.key}.${name}` : undefined;
  const set = key !== undefined ? ctx.property(key) : undefined;
  const field = [bean.decl, ...ctx.index.ancestors(bean.decl)].flatMap((t) => t.fields.map((f) => ({ f, t }))).find((x) => x.f.name === name);
  const initText = bean.init?.get(name);
  const type = field && ctx.index.resolveType(field.f.type.name, { type: field.t, file: field.t.file });
  if (type && type.kind !== 'enum' && simpleName(type.name) !== 'String') {
    // A nested bean: its own values come from deeper keys, else from `new X(...)`.
    const nested: BeanValue = { decl: type, scope: { type, file: type.file } };
    if (key !== undefined) nested.key = key;
    const creation = initText ?? initializerText(field!.f.initializer) ?? fieldInitializer(field!.t, name, ctx);
    if (creation) nested.init = constructorValues(creation, type);
    return nested;
  }
  if (set !== undefined) return set;
  if (initText !== undefined) return valueOf(initText, bean.scope, ctx);
  const init = field?.f.initializer ?? field?.f.defaultValue;
  if (init) {
    const r = ctx.index.evalString(init, { type: field!.t, file: field!.t.file });
    if ('value' in r) return r.value;
  }
  // Instance field initializers are not in the source model: read the declaration's text.
  const text = field && fieldInitializer(field.t, name, ctx);
  return text !== undefined ? valueOf(text, { type: field!.t, file: field!.t.file }, ctx) : undefined;
}

/** `private Api adminApi = new Api(...);` -> `new Api(...)`, from the declaring file's text. */
function fieldInitializer(owner: TypeDecl, name: string, ctx: PrefixContext): string | undefined {
  const code = codeOf(owner, ctx);
  if (code === undefined) return undefined;
  const m = new RegExp(`[\\w>\\]]\\s+${name}\\s*=\\s*`).exec(code);
  if (!m) return undefined;
  const start = m.index + m[0].length;
  let depth = 0;
  for (let i = start; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"' || c === "'") i = skipString(code, i);
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') depth--;
    else if (c === ';' && depth === 0) return code.slice(start, i).trim();
  }
  return undefined;
}

function initializerText(e: { kind: string; text?: string } | undefined): string | undefined {
  return e?.kind === 'other' ? e.text : undefined;
}

/** `new Api("/admin-api", "**.controller.admin.**")` -> field name -> argument text, by the constructor of that arity (or the field order Lombok's @AllArgsConstructor uses). */
function constructorValues(text: string, type: TypeDecl): Map<string, string> | undefined {
  const m = /^new\s+[\w.$<>]+\s*\(/.exec(text.trim());
  if (!m) return undefined;
  const body = text.trim().slice(m[0].length, text.trim().lastIndexOf(')'));
  const args = body.trim() ? splitArgs(body) : [];
  const ctor = type.constructors.find((c) => c.length === args.length) ?? type.components.length === args.length ? type.components : undefined;
  const names = ctor ? ctor.map((p) => p.name) : type.fields.filter((f) => !f.modifiers.includes('static')).map((f) => f.name);
  if (names.length !== args.length) return undefined;
  return new Map(names.map((n, i) => [n, args[i]!.trim()]));
}


// ---- predicates ----------------------------------------------------------------------------

type Predicate = (type: TypeDecl) => boolean;

function predicateOf(text: string, scope: Scope, ctx: PrefixContext): Predicate | undefined {
  const lambda = /^\(?\s*(?:[\w.<>?]+\s+)?([A-Za-z_$][\w$]*)\s*\)?\s*->\s*([\s\S]*)$/.exec(text);
  if (lambda) {
    let body = lambda[2]!.trim();
    const block = /^\{\s*return\s+([\s\S]*?);?\s*\}$/.exec(body);
    if (block) body = block[1]!;
    return booleanOf(body, lambda[1]!, scope, ctx);
  }
  return handlerTypePredicate(text, scope, ctx);
}

function booleanOf(text: string, v: string, scope: Scope, ctx: PrefixContext): Predicate | undefined {
  text = stripParens(text.trim());
  const ors = splitTop(text, '||');
  if (ors.length > 1) {
    const ps = ors.map((o) => booleanOf(o, v, scope, ctx));
    return ps.every((p) => p) ? (t) => ps.some((p) => p!(t)) : undefined;
  }
  const ands = splitTop(text, '&&');
  if (ands.length > 1) {
    const ps = ands.map((a) => booleanOf(a, v, scope, ctx));
    return ps.every((p) => p) ? (t) => ps.every((p) => p!(t)) : undefined;
  }
  if (text === 'true') return () => true;
  if (text.startsWith('!')) {
    const p = booleanOf(text.slice(1), v, scope, ctx);
    return p && ((t) => !p(t));
  }
  const pkg = `(?:${v}\\s*\\.\\s*getPackage\\(\\)\\s*\\.\\s*getName\\(\\)|${v}\\s*\\.\\s*getPackageName\\(\\))`;
  const present = new RegExp(`^${v}\\s*\\.\\s*isAnnotationPresent\\s*\\(\\s*([\\w.]+)\\.class\\s*\\)$`).exec(text)
    ?? new RegExp(`^(?:AnnotatedElementUtils|AnnotationUtils)\\s*\\.\\s*\\w+\\s*\\(\\s*${v}\\s*,\\s*([\\w.]+)\\.class\\s*\\)$`).exec(text);
  if (present) {
    const name = simpleName(present[1]!);
    return (t) => ctx.hasAnnotation(t, name);
  }
  const ant = new RegExp(`^[\\w$.]+\\s*\\.\\s*match\\s*\\(([\\s\\S]+),\\s*${pkg}\\s*\\)$`).exec(text);
  if (ant) {
    const pattern = valueOf(ant[1]!.trim(), scope, ctx);
    return pattern === undefined ? undefined : (t) => antMatch(pattern, packageOf(t));
  }
  const starts = new RegExp(`^${pkg}\\s*\\.\\s*startsWith\\s*\\(([\\s\\S]+)\\)$`).exec(text);
  if (starts) {
    const prefix = valueOf(starts[1]!.trim(), scope, ctx);
    return prefix === undefined ? undefined : (t) => packageOf(t).startsWith(prefix);
  }
  return handlerTypePredicate(text, scope, ctx);
}

/** `HandlerTypePredicate.forAnnotation(RestController.class)` and its siblings. */
function handlerTypePredicate(text: string, scope: Scope, ctx: PrefixContext): Predicate | undefined {
  const m = /^HandlerTypePredicate\s*\.\s*(forAnnotation|forBasePackage|forBasePackageClass|forAssignableType|forAnyHandlerType)\s*\(([\s\S]*)\)$/.exec(text);
  if (!m) return undefined;
  const args = m[2]!.trim() ? splitArgs(m[2]!).map((a) => a.trim()) : [];
  const classes = args.map((a) => /^([\w.]+)\.class$/.exec(a)?.[1]);
  switch (m[1]) {
    case 'forAnyHandlerType':
      return () => true;
    case 'forAnnotation':
      if (classes.some((c) => !c)) return undefined;
      return (t) => classes.some((c) => ctx.hasAnnotation(t, simpleName(c!)));
    case 'forBasePackage': {
      const pkgs = args.map((a) => valueOf(a, scope, ctx));
      if (pkgs.some((p) => p === undefined)) return undefined;
      return (t) => pkgs.some((p) => inPackage(packageOf(t), p!));
    }
    case 'forBasePackageClass': {
      const pkgs = classes.map((c) => (c ? ctx.index.resolveType(c, scope)?.file.pkg : undefined));
      if (pkgs.some((p) => p === undefined)) return undefined;
      return (t) => pkgs.some((p) => inPackage(packageOf(t), p!));
    }
    case 'forAssignableType': {
      const types = classes.map((c) => (c ? ctx.index.resolveType(c, scope) : undefined));
      if (types.some((x) => !x)) return undefined;
      return (t) => types.some((x) => x === t || ctx.index.ancestors(t).includes(x!));
    }
    default:
      return undefined;
  }
}

function packageOf(t: TypeDecl): string {
  return t.file.pkg;
}

function inPackage(pkg: string, base: string): boolean {
  return base === '' || pkg === base || pkg.startsWith(`${base}.`);
}

// ---- text ----------------------------------------------------------------------------------

interface Call {
  at: number;
  args: string[];
}

/** Every `.name(` call in the code with its top-level arguments. */
function calls(code: string, name: string): Call[] {
  const out: Call[] = [];
  const re = new RegExp(`\\.\\s*${name}\\s*\\(`, 'g');
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const open = m.index + m[0].length - 1;
    const close = matching(code, open);
    if (close < 0) continue;
    const args = splitArgs(code.slice(open + 1, close));
    // Kotlin's trailing lambda: `addPathPrefix("/api") { it.isAnnotationPresent(...) }`.
    const rest = code.slice(close + 1);
    const brace = /^\s*\{/.exec(rest);
    if (brace) {
      const start = close + 1 + brace[0].length - 1;
      const end = matching(code, start);
      if (end > 0) {
        const body = code.slice(start + 1, end).trim();
        const named = /^([A-Za-z_]\w*)\s*->\s*([\s\S]*)$/.exec(body);
        args.push(named ? `${named[1]} -> ${named[2]}` : `it -> ${body}`);
      }
    }
    out.push({ at: m.index, args });
  }
  return out;
}

/**
 * Parameter -> argument text for each call of the method enclosing `at` (one empty map when the
 * enclosing method is an override such as configurePathMatch, called by Spring itself).
 */
function substitutions(code: string, at: number): Array<Map<string, string>> {
  const header = /(?:private|protected|public|static|final|\s)*\s[\w<>[\],.? ]+\s+(\w+)\s*\(([^()]*)\)\s*(?:throws [\w., ]+)?\{/g;
  let enclosing: { name: string; params: string[] } | undefined;
  for (let m = header.exec(code); m && m.index < at; m = header.exec(code)) {
    if (['if', 'for', 'while', 'switch', 'catch', 'synchronized'].includes(m[1]!)) continue;
    const params = m[2]!.trim() ? withoutTypeArguments(m[2]!).split(',').map((p) => p.trim().split(/\s+/).pop()!) : [];
    enclosing = { name: m[1]!, params };
  }
  if (!enclosing || (enclosing.name === 'configurePathMatch' && enclosing.params.length === 1) || enclosing.params.length === 0) return [new Map()];
  const out: Array<Map<string, string>> = [];
  const re = new RegExp(`(?<![\\w.])${enclosing.name}\\s*\\(`, 'g');
  for (let m = re.exec(code); m; m = re.exec(code)) {
    const open = m.index + m[0].length - 1;
    const close = matching(code, open);
    if (close < 0) continue;
    const after = code.slice(close + 1).trimStart();
    if (after.startsWith('{') || after.startsWith('throws')) continue; // the declaration itself
    const args = splitArgs(code.slice(open + 1, close));
    if (args.length !== enclosing.params.length) continue;
    out.push(new Map(enclosing.params.map((p, i) => [p, args[i]!.trim()])));
  }
  return out.length ? out : [new Map()];
}

/** `Map<String, Predicate<Class<?>>> out` -> `Map out`: the commas inside type arguments are not parameter separators. */
function withoutTypeArguments(params: string): string {
  let out = params;
  for (let prev = ''; prev !== out; ) {
    prev = out;
    out = out.replace(/<[^<>]*>/g, '');
  }
  return out;
}

function apply(text: string, subst: Map<string, string>): string {
  let out = text;
  for (const [param, arg] of subst) out = out.replace(new RegExp(`(?<![\\w.$])${param}(?![\\w$])`, 'g'), arg);
  return out;
}

function splitArgs(text: string): string[] {
  return splitTop(text, ',');
}

function stripParens(text: string): string {
  while (text.startsWith('(') && matching(text, 0) === text.length - 1) text = text.slice(1, -1).trim();
  return text;
}

function lowerFirst(s: string): string {
  return s[0]!.toLowerCase() + s.slice(1);
}

function oneLine(s: string): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > 80 ? `${t.slice(0, 77)}...` : t;
}

// What a handler answers, read from the values its `return` statements build, where the code says
// it plainly. JAX-RS methods declared to return `Response`: `return Response.ok(x).build()`,
// `Response.ok(x, type)`, `Response.status(..).entity(x).build()`, `Response.created(uri).entity(x)`,
// `noContent()`, and a `ResponseBuilder` kept in a local and built at the return. A return choosing
// between builders (`found ? Response.ok(u).build() : Response.status(404).build()`, Kotlin's
// `if (found) .. else ..`) answers each; a return calling a project method declared to return
// `Response` (`ok(user)` of this class or a superclass, a utility's `Responses.created(x)`,
// statically imported or not) answers what that helper's returns build, its parameters standing
// for the call's arguments, two helpers deep at most; a helper returning a `ResponseBuilder` the
// caller finishes (`accepted(x).header(..).build()`) is read when its one return is a `Response`
// chain of its parameters and constants. Spring handlers declared to return a `ResponseEntity`
// naming no body type: `new ResponseEntity<>(x, HttpStatus.OK)`, `ResponseEntity.ok(x)`,
// `status(..).body(x)`, a `ResponseEntity` local, `Mono.just(..)` of one. Spring handlers declared
// `Object` / `Any` / a `Map`: the value returned, typically a map literal (`mapOf("user" to user)`,
// `Map.of("token", t)`, a local `HashMap` given `put`s) or what a helper method of the class builds
// (one or two levels). The entity's type is a local's or parameter's declared type, `new X(..)`, a
// field's, or what a method of this class (or of a field's, local's or parameter's project class)
// declares it returns. One return built any other way (a status read at run time, a helper calling
// itself, an overload the arguments do not pick) leaves the method's answer unknown.

import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import type { TypeDecl, TypeRef } from '../source-model';
import { simpleName } from '../source-model';
import { readMethodBody } from '../method-body';
import { codeOnly } from '../body-facts';
import { blankComments, matching, skipString, splitTop } from '../config-text';
import { unescapeJava } from '../java/java-text';
import { HTTP_STATUS, reasonPhrase } from '../http-status';
import { methodReturn } from './delegated-return';
import { isRawBytesPayload, responseModel } from './payload';
import type { DeclaredResponse, JsonSchema, ResponseModel } from '../../model/request';
import { responseExampleOf } from '../types/example';
import { foldString } from '../types/attribute';
import type { SchemaBuilder, TypeBindings } from '../types/type-schema';

/** What one return hands the client as its entity. */
export type Entity =
  | { kind: 'none' }
  /** A String: text, or JSON or XML the method serialized itself, which names no model. */
  | { kind: 'text' }
  /** `own`: the names are the resource method's (its class's type bindings apply). */
  | { kind: 'type'; ref: TypeRef; scope: Scope; own: boolean }
  /** A map built in the code (`mapOf("k" to v)`, `Map.of(..)`, a local given `put`s): Jackson writes its entries. */
  | { kind: 'map'; entries: [string, Entity][] }
  /** A literal number or boolean, a collection's size. */
  | { kind: 'scalar'; type: 'integer' | 'boolean' }
  | { kind: 'unknown' };

export interface BuiltReturn {
  status: string;
  entity: Entity;
}

/** `Response.<name>(..)` starters and the status each fixes; `status(..)` reads its argument. */
const STARTERS: Record<string, string> = {
  ok: '200', created: '201', accepted: '202', noContent: '204', notModified: '304', seeOther: '303', temporaryRedirect: '307', serverError: '500', notAcceptable: '406',
};
/** Starters whose first argument is the entity. */
const ENTITY_STARTERS = new Set(['ok', 'accepted']);
/** Builder calls that change neither the status nor the entity. */
const DECORATIONS = new Set([
  'type', 'header', 'cookie', 'language', 'location', 'contentLocation', 'tag', 'lastModified', 'expires', 'cacheControl', 'allow',
  'variant', 'variants', 'links', 'link', 'encoding', 'replaceAll',
]);
/** Entity types whose JSON no class tells. */
const OPAQUE = new Set(['Object', 'Response', 'StreamingOutput', 'InputStream', 'File', 'Path', 'GenericEntity', '?']);
const TEXT = new Set(['String', 'CharSequence']);
const KEYWORDS = new Set(['return', 'new', 'throw', 'else', 'case', 'yield', 'instanceof', 'package', 'import']);
const FQN_PREFIX = /\b(?:javax|jakarta)\s*\.\s*ws\s*\.\s*rs\s*\.\s*core\s*\.\s*/g;
const MAX_DEPTH = 4;
/** How many helper methods deep a return is followed: to the map they build, or a JAX-RS `ok(x)` calling `respond(200, x)`. */
const MAX_HELPERS = 2;
/** Map types a local or a helper is declared with, whose entries the code that builds it tells. */
const MAPS = new Set(['Map', 'HashMap', 'LinkedHashMap', 'TreeMap', 'SortedMap', 'ConcurrentHashMap', 'ConcurrentMap', 'MutableMap', 'AbstractMap']);
/** What a map local starts empty as (or a literal of entries, read as one). */
const MAP_START = /^(?:new\s+(?:java\s*\.\s*util\s*\.\s*)?(?:Hash|LinkedHash|Tree|ConcurrentHash)Map\s*(?:<[^;{}()]*>)?\s*\(\s*(?:\d*\s*)\)|(?:Hash|LinkedHash|Tree|ConcurrentHash)Map\s*(?:<[^;{}()]*>)?\s*\(\s*\)|(?:mutableMapOf|hashMapOf|linkedMapOf)\s*(?:<[^;{}()]*>)?\s*\(|Maps\s*\.\s*new(?:Hash|LinkedHash|Tree)Map\s*\(\s*\))/;
/** A map subclass filled by its initializer block: Java's "double brace" map. */
const DOUBLE_BRACE = /^new\s+(?:java\s*\.\s*util\s*\.\s*)?(?:Hash|LinkedHash|Tree|ConcurrentHash)Map\s*(?:<[^;{}()]*>)?\s*\(\s*\d*\s*\)\s*\{\s*\{/;
const KOTLIN_MAP_OF = /^(?:mapOf|mutableMapOf|hashMapOf|linkedMapOf)\s*(?:<[^;{}()]*>)?\s*\(/;
const JAVA_MAP_OF = /^(?:(?:Map|ImmutableMap)\s*\.\s*(?:<[^;{}()]*>\s*)?of|Collections\s*\.\s*singletonMap)\s*\(/;
/** Types whose `size` is a count. */
const COLLECTIONS = new Set(['List', 'ArrayList', 'LinkedList', 'Set', 'HashSet', 'LinkedHashSet', 'TreeSet', 'Collection', 'MutableList', 'MutableSet', 'Map', 'HashMap', 'LinkedHashMap', 'Array', 'String']);
const SPRING_FQN_PREFIX = /\borg\s*\.\s*springframework\s*\.\s*http\s*\.\s*/g;
/** `ResponseEntity.<name>(..)` starters and the status each fixes; `status(..)` reads its argument, `ok(x)` takes the body. */
const SPRING_STARTERS: Record<string, string> = {
  ok: '200', created: '201', accepted: '202', noContent: '204', badRequest: '400', notFound: '404', unprocessableEntity: '422', internalServerError: '500',
};
/** `ResponseEntity` builder calls that change neither the status nor the body. */
const SPRING_DECORATIONS = new Set(['header', 'headers', 'contentType', 'contentLength', 'eTag', 'lastModified', 'location', 'cacheControl', 'allow', 'varyBy']);
/** Java locals' declared types that tell nothing of the value: the values they are given do. */
const OBJECT_LOCALS = new Set(['Object']);
/** Java locals holding a Spring handler's answer, given it in branches. */
const SPRING_LOCALS = new Set(['ResponseEntity', 'Mono']);
/** The types of `new ResponseEntity<>(headers, status)`'s headers (a `MultiValueMap<String, String>`). */
const SPRING_HEADERS = new Set(['HttpHeaders', 'MultiValueMap', 'LinkedMultiValueMap']);

/** Each return of the method's body as built; undefined when one of them is not a builder read here. */
export function builtReturns(index: ProjectIndex, resource: TypeDecl, site: MethodSite): BuiltReturn[] | undefined {
  return readReturns(index, resource, site, undefined);
}

/** How a helper's body is read for the call that reaches it. */
interface HelperCall {
  /** The helper's parameters: the call's argument texts, read by the caller's reader. */
  bound: Map<string, { text: string; reader: BodyReader }>;
  /** The helpers on the way here (`owner#name/arity`): one met again is recursion. */
  visiting: Set<string>;
  /** Whether the helper's names are the resource method's class's (its type bindings apply). */
  own: boolean;
}

function readReturns(index: ProjectIndex, resource: TypeDecl, site: MethodSite, call: HelperCall | undefined): BuiltReturn[] | undefined {
  const body = readMethodBody(index, site.owner, site.method);
  // No `Response` in the text is no builder, but may be a helper's call (`return ok(user);`).
  if (!body) return undefined;
  const blank = (text: string) => staticStarters(index, resource, site, text.replace(FQN_PREFIX, (m) => ' '.repeat(m.length)));
  const reader = BodyReader.of(index, resource, site, body.text, blank, 0, call);
  const exprs = reader.returns(body.expression);
  if (!exprs?.length) return undefined;
  const out: BuiltReturn[] = [];
  for (const e of exprs) {
    const built = reader.reading(e).builtAll(e.text);
    if (!built) return undefined;
    out.push(...built);
  }
  return out;
}

/**
 * Each return of a Spring handler declared to return a `ResponseEntity` that names no body type
 * (`ResponseEntity<Object>`, `<?>`, raw: eladmin's controllers), or a `Mono` of one, as built:
 * `new ResponseEntity<>(body, HttpStatus.OK)`, `new ResponseEntity<>(HttpStatus.NO_CONTENT)`,
 * `ResponseEntity.ok(body)`, `ResponseEntity.status(..).body(..)`, `noContent().build()`, a local
 * holding one, `Mono.just(..)` of one. The body's type is read as for a JAX-RS entity; undefined
 * when one return is built any other way.
 */
export function springBuiltReturns(index: ProjectIndex, controller: TypeDecl, site: MethodSite): BuiltReturn[] | undefined {
  const body = readMethodBody(index, site.owner, site.method);
  if (!body || !body.text.includes('ResponseEntity')) return undefined;
  const reader = BodyReader.of(index, controller, site, body.text, (text) => text.replace(SPRING_FQN_PREFIX, (m) => ' '.repeat(m.length)));
  const exprs = reader.returns(body.expression);
  if (!exprs?.length) return undefined;
  const out: BuiltReturn[] = [];
  for (const e of exprs) {
    const built = reader.reading(e).springBuiltAll(e.text);
    if (!built) return undefined;
    out.push(...built);
  }
  return out;
}

/**
 * What each return of a Spring handler declared `Object`, `Any` or a `Map` hands Jackson, as a
 * 200 (a map literal, a map local given `put`s, what a helper method of the class returns), but
 * `null`; undefined when a return is not read, or none returns anything else.
 */
export function springReturnedValues(index: ProjectIndex, controller: TypeDecl, site: MethodSite): BuiltReturn[] | undefined {
  const body = readMethodBody(index, site.owner, site.method);
  if (!body) return undefined;
  const reader = BodyReader.of(index, controller, site, body.text, (text) => text);
  const exprs = reader.returns(body.expression);
  if (!exprs?.length) return undefined;
  const out: BuiltReturn[] = [];
  for (const entity of exprs.flatMap((e) => reader.reading(e).entities(e.text))) {
    if (entity.kind === 'unknown') return undefined;
    // `return null` (a stub, or nothing found) says nothing of the body the other returns write.
    if (entity.kind !== 'none') out.push({ status: '200', entity });
  }
  return out.length ? out : undefined;
}

/**
 * `import static javax.ws.rs.core.Response.ok;` (or `.*`): `ok().entity(x)` is `Response.ok()..`,
 * unless the class has a method of that name, which Java calls instead.
 */
function staticStarters(index: ProjectIndex, resource: TypeDecl, site: MethodSite, code: string): string {
  const names = new Set<string>();
  for (const imp of site.owner.file.imports) {
    if (!imp.isStatic || !/(?:^|\.)ws\.rs\.core\.Response(?:\.|$)/.test(imp.name)) continue;
    if (imp.wildcard && imp.name.endsWith('.Response')) for (const n of [...Object.keys(STARTERS), 'status']) names.add(n);
    else if (!imp.wildcard) names.add(simpleName(imp.name));
  }
  const own = [resource, ...index.ancestors(resource)].flatMap((t) => t.methods.map((m) => m.name));
  for (const n of names) if (!own.includes(n) && (STARTERS[n] || n === 'status')) code = code.replace(new RegExp(`(?<![\\w$.])${n}(?=\\s*\\()`, 'g'), `Response.${n}`);
  return code;
}

/** A returned expression, and where its `return` stands in the body. */
interface Returned {
  text: string;
  at: number;
}

/** The expressions of the body's `return` statements; undefined when one cannot be delimited. */
function returnExpressions(code: string, kotlin: boolean): Returned[] | undefined {
  const out: Returned[] = [];
  // Kotlin's `return@label` returns from a lambda: not the method's answer, and not read here.
  for (const m of code.matchAll(/(?<![\w$.])return(?![\w$])(@)?/g)) {
    if (m[1]) return undefined;
    const from = m.index! + m[0].length;
    const end = kotlin ? kotlinStatementEnd(code, from) : statementEnd(code, from);
    if (end < 0) return undefined;
    out.push({ text: code.slice(from, end).trim(), at: m.index! });
  }
  return out;
}

/** Whether a block's text ends with a `return` or `throw` statement: code in it does not reach what follows the block. */
function endsByLeaving(block: string): boolean {
  return /(?:^|[;{}\n])\s*(?:return|throw)(?![\w$])[^;{}]*$/.test(block.trimEnd().replace(/;$/, ''));
}

/** The `;` ending the statement starting at `from`, outside brackets; -1 when none. */
function statementEnd(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (--depth < 0) return -1;
    } else if (c === ';' && depth === 0) return i;
  }
  return -1;
}

/**
 * The end of the Kotlin statement starting at `from`: a `;`, or the end of a line outside
 * brackets that the next line does not continue (`.build()` on a line of its own); -1 at a
 * bracket closing one opened before it.
 */
function kotlinStatementEnd(code: string, from: number): number {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i]!;
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0 && c === '}') return i; // the block ends with the statement
      if (--depth < 0) return -1;
    } else if (depth === 0 && (c === ';' || (c === '\n' && !continuesOnNextLine(code, from, i) && !/[.,(=+\-*/&|]\s*$/.test(code.slice(from, i))))) return i;
  }
  return depth === 0 ? code.length : -1;
}

/**
 * Whether the line after the newline at `at` continues the statement begun at `from`: a call
 * chain's `.build()`, or the `else` of an `if` expression still waiting for it (not the `else` of
 * an enclosing `if` statement: `if (found) return ok(u)` then `else return notFound()`).
 */
function continuesOnNextLine(code: string, from: number, at: number): boolean {
  const next = code.slice(at + 1);
  if (/^\s*\??\./.test(next)) return true;
  if (!/^\s*else(?![\w$])/.test(next)) return false;
  const statement = code.slice(from, at);
  const count = (re: RegExp) => statement.match(re)?.length ?? 0;
  return count(/(?<![\w$])if\s*\(/g) > count(/(?<![\w$])else(?![\w$])/g);
}

/** `name(args)` links of a call chain: `Response.ok(x).header(..).build()`. */
interface Link {
  name: string;
  args: string[];
}

/** A chain `head.a(..).b(..)` (head a name, possibly dotted); undefined when the text is not one. */
function chainOf(text: string): { head: string; links: Link[] } | undefined {
  const head = /^\s*([A-Za-z_$][\w$]*)\s*/.exec(text);
  if (!head) return undefined;
  const links: Link[] = [];
  let at = head[0].length;
  for (;;) {
    // Kotlin's explicit type arguments (`build<Any>()`) or Java's (`.<Item>body(x)`) change nothing read here.
    const m = /^\s*\.\s*(?:<[^;(){}]*>\s*)?([A-Za-z_$][\w$]*)\s*(?:<[^;(){}]*>\s*)?(\()?/.exec(text.slice(at));
    if (!m) break;
    if (!m[2]) return undefined; // a field read in the chain: not a builder call
    const open = at + m[0].length - 1;
    const close = matching(text, open);
    if (close < 0) return undefined;
    links.push({ name: m[1]!, args: splitTop(text.slice(open + 1, close), ',') });
    at = close + 1;
  }
  return text.slice(at).trim() === '' ? { head: head[1]!, links } : undefined;
}

/** A builder's state: the status (null: not read) and the entity expressions given to it. */
interface BuilderState {
  status: string | null;
  entities: string[];
}

class BodyReader {
  private readonly scope: Scope;
  /** Where the `return` being read stands in `code` (`reading`); undefined when reading no one return. */
  private returnAt?: number;

  /**
   * `code`: the body with comments and string contents blanked; `raw`: with comments blanked
   * only, at the same offsets (where map keys are read). `helpers`: how many helper methods deep
   * this body is from the handler.
   */
  private constructor(
    private readonly index: ProjectIndex,
    private readonly resource: TypeDecl,
    private readonly site: MethodSite,
    private readonly code: string,
    private readonly raw: string,
    private readonly kotlin: boolean,
    private readonly helpers: number,
    /** Set when this body is a JAX-RS helper's, read for a call to it. */
    private readonly call?: HelperCall,
  ) {
    this.scope = { type: site.owner, file: site.owner.file };
  }

  /** A reader of `text`, the body of `site`'s method; `blank` replaces names at equal lengths (FQN prefixes). */
  static of(index: ProjectIndex, resource: TypeDecl, site: MethodSite, text: string, blank: (text: string) => string, helpers = 0, call?: HelperCall): BodyReader {
    return new BodyReader(index, resource, site, blank(codeOnly(text)), blankComments(text), site.owner.file.path.endsWith('.kt'), helpers, call);
  }

  /** The expressions the body returns; undefined when one cannot be delimited. */
  returns(expression: boolean): Returned[] | undefined {
    return expression ? [{ text: this.code.trim(), at: this.code.length }] : returnExpressions(this.code, this.kotlin);
  }

  /** This reader for one of the body's returns: a map local holds the entries put on the way to it (`mapLocal`). */
  reading(returned: Returned): BodyReader {
    const reader = Object.create(this) as BodyReader;
    reader.returnAt = returned.at;
    return reader;
  }

  /** The entity a returned expression is. */
  entity(expr: string): Entity {
    return this.entityOf(expr, 0);
  }

  /**
   * The entities a returned expression may be: each branch of a choice (`?:`, Kotlin's `if`/`when`),
   * also through a `val` given one (`val r = if (c) a else b; return r`).
   */
  entities(expr: string, depth = 0): Entity[] {
    const e = unparenthesized(expr.trim());
    const branches = depth <= MAX_DEPTH ? this.branches(e) : undefined;
    if (branches) return branches.flatMap((b) => this.entities(b, depth + 1));
    if (depth <= MAX_DEPTH && /^[a-z_$][\w$]*$/.test(e) && !this.site.method.params.some((p) => p.name === e)) {
      // Java `Object r = c ? a : b;`, or `Object r; if (c) r = a; else r = b;`: each value given.
      // A map started empty is left to the reading of its `put`s.
      const values = this.assignedValues(e, OBJECT_LOCALS);
      if (values && !values.some((v) => MAP_START.test(v) || DOUBLE_BRACE.test(v))) return values.flatMap((v) => this.entities(v, depth + 1));
      const init = this.localDeclaration(e)?.init?.trim();
      const choice = init !== undefined ? this.branches(unparenthesized(init)) : undefined;
      // Given once, never again: its initializer is what is returned.
      if (choice && [...this.code.matchAll(new RegExp(`(?<![\\w$.])${e.replace(/\$/g, '\\$')}\\s*=(?!=)`, 'g'))].length === 1) return choice.flatMap((b) => this.entities(b, depth + 1));
    }
    return [this.entityOf(e, depth)];
  }

  /**
   * What a returned expression builds: one builder, or each value a `Response` local is given
   * (`Response response; if (..) response = ok(x).build(); else response = ..; return response;`).
   */
  builtAll(expr: string): BuiltReturn[] | undefined {
    const name = /^[a-z_$][\w$]*$/.test(expr) ? expr : undefined;
    const n = name?.replace(/\$/g, '\\$');
    const declared = n && new RegExp(this.kotlin ? `\\bva[lr]\\s+${n}\\s*(?::\\s*Response\\??\\s*)?=(?!=)` : `(?<![\\w$.])Response\\s+${n}\\s*[=;]`).test(this.code);
    if (!declared) return this.builtExpr(expr);
    const out: BuiltReturn[] = [];
    for (const m of this.code.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*=(?!=)`, 'g'))) {
      const from = m.index! + m[0].length;
      const end = this.end(from);
      if (end < 0) return undefined;
      const value = this.code.slice(from, end).trim();
      if (value === 'null') continue; // a start value the branches replace
      const some = this.builtExpr(value);
      if (!some) return undefined;
      out.push(...some);
    }
    return out.length ? out : undefined;
  }

  /** What an expression builds: a builder, each branch of a `?:` (Kotlin's `if`/`when`), or the returns of a helper it calls. */
  private builtExpr(expr: string): BuiltReturn[] | undefined {
    const e = unparenthesized(expr.trim());
    const branches = this.branches(e);
    if (branches) return allOf(branches.map((b) => this.builtExpr(b)));
    const one = this.built(e);
    return one ? [one] : this.helperReturns(e);
  }

  /** The values an expression chooses between: a `?:`, Kotlin's `if (..) a else b` or a `when` of values; undefined when it is not a choice. */
  private branches(e: string): string[] | undefined {
    return this.kotlin ? (kotlinIfElse(e) ?? kotlinWhen(e)) : ternary(e);
  }

  /** What a returned Spring `ResponseEntity` expression builds, each branch of a choice between them; undefined when one is not read. */
  springBuiltAll(expr: string, depth = 0): BuiltReturn[] | undefined {
    const e = unparenthesized(expr.trim());
    const branches = depth <= MAX_DEPTH ? this.branches(e) : undefined;
    if (branches) return allOf(branches.map((b) => this.springBuiltAll(b, depth + 1)));
    // A local given a choice (`val r = if (found) ok(u) else notFound().build(); return r`).
    const init = depth <= MAX_DEPTH && /^[a-z_$][\w$]*$/.test(e) ? this.springLocal(e) : undefined;
    if (init !== undefined) return this.springBuiltAll(init, depth + 1);
    // `ResponseEntity<?> r; if (found) r = ok(u); else r = status(CONFLICT).body(e); return r;`
    const values = depth <= MAX_DEPTH && /^[a-z_$][\w$]*$/.test(e) ? this.assignedValues(e, SPRING_LOCALS) : undefined;
    if (values) return allOf(values.map((v) => this.springBuiltAll(v, depth + 1)));
    const one = this.springBuilt(e, depth);
    return one && [one];
  }

  /**
   * `ok(user)`, `this.ok(user)`, `super.ok(user)`, `Responses.created(x)`: a project method
   * declared to return `Response`, found as Java finds it (the class and its superclasses, then
   * the static imports), read with its parameters bound to the arguments. Undefined when the
   * call is not one, its overloads of that arity are several, or it recurses or goes too deep.
   */
  private helperReturns(e: string): BuiltReturn[] | undefined {
    const call = this.helperCall(e);
    if (!call || call.end !== e.length - 1) return undefined;
    const { found, args } = call;
    if (simpleName(found.method.returnType?.name ?? '') !== 'Response') return undefined;
    const key = `${found.owner.fqn}#${found.method.name}/${args.length}`;
    const visiting = this.call?.visiting ?? new Set<string>();
    if (visiting.has(key) || visiting.size >= MAX_HELPERS) return undefined;
    const bound = new Map(found.method.params.map((p, i) => [p.name, { text: args[i]!, reader: this as BodyReader }]));
    // A helper of the resource's own hierarchy reads its fields and methods as the resource's.
    const inHierarchy = found.owner === this.resource || this.index.ancestors(this.resource).includes(found.owner);
    const own = (this.call?.own ?? true) && found.owner === this.site.owner;
    return readReturns(this.index, inHierarchy ? this.resource : found.owner, found, { bound, visiting: new Set([...visiting, key]), own });
  }

  /** The project method a call at the start of `e` reaches, its arguments, and where the call's `)` is. */
  private helperCall(e: string): { found: MethodSite; args: string[]; end: number } | undefined {
    const m = /^(?:(this|super)\s*\.\s*|([A-Z][\w$]*(?:\s*\.\s*[A-Z][\w$]*)*)\s*\.\s*)?([a-z_$][\w$]*)\s*\(/.exec(e);
    const end = m ? matching(e, m[0].length - 1) : -1;
    if (!m || end < 0) return undefined;
    const args = splitTop(e.slice(m[0].length, end), ',');
    const name = m[3]!;
    let owners: TypeDecl[];
    if (m[1] === 'this') owners = [this.resource, ...this.index.ancestors(this.resource)];
    else if (m[1] === 'super') owners = this.index.ancestors(this.site.owner);
    else if (m[2]) {
      const t = this.index.resolveType(m[2].replace(/\s+/g, ''), this.scope);
      owners = t ? [t, ...this.index.ancestors(t)] : [];
    } else owners = [this.resource, ...this.index.ancestors(this.resource)];
    let found = pick(owners, name, args.length);
    if (found === undefined && !m[1] && !m[2]) {
      // Not the class's own: a static import of a project class.
      const imported = this.site.owner.file.imports.flatMap((imp) => {
        if (!imp.isStatic || (!imp.wildcard && simpleName(imp.name) !== name)) return [];
        const t = this.index.typeByFqn(imp.wildcard ? imp.name : imp.name.slice(0, imp.name.lastIndexOf('.')), this.site.owner.file.module);
        return t ? [t] : [];
      });
      found = pick(imported, name, args.length);
    }
    return found && { found, args, end };
  }

  /**
   * `created(item).header(..).build()`: a helper declared to return a `ResponseBuilder` whose one
   * return is a `Response.x(..)` chain of its parameters and constants only, as the chain it
   * starts with the call's arguments in their places; undefined for any other.
   */
  private helperBuilder(e: string): { head: string; links: Link[] } | undefined {
    const call = this.helperCall(e);
    const rest = call && chainOf(`Response${e.slice(call.end + 1)}`);
    if (!call || !rest || simpleName(call.found.method.returnType?.name ?? '') !== 'ResponseBuilder') return undefined;
    const body = readMethodBody(this.index, call.found.owner, call.found.method);
    const code = body && codeOnly(body.text).replace(FQN_PREFIX, (m) => ' '.repeat(m.length));
    const kotlin = call.found.owner.file.path.endsWith('.kt');
    const returns = code && (body.expression ? [code.trim()] : returnExpressions(code, kotlin)?.map((r) => r.text));
    const chain = returns?.length === 1 ? chainOf(returns[0]!) : undefined;
    if (!chain || chain.head !== 'Response') return undefined;
    const params = call.found.method.params.map((p) => p.name);
    const links: Link[] = [];
    for (const link of chain.links) {
      const args: string[] = [];
      for (const a of link.args) {
        const at = params.indexOf(a);
        if (at >= 0) args.push(call.args[at]!);
        else if (/^(?:\d+|"[^"]*")$/.test(a) || statusOf(a) !== null) args.push(a);
        else return undefined; // a name of the helper's own scope: not read in the caller's
      }
      links.push({ name: link.name, args });
    }
    return { head: 'Response', links: [...links, ...rest.links] };
  }

  /** What `expr` builds; undefined when it is not a builder read here. */
  private built(expr: string): BuiltReturn | undefined {
    const plain = chainOf(expr);
    // `Responses.accepted(x).build()` reads as a chain on a name, but starts with a helper's call.
    const chain = plain?.head === 'Response' ? plain : (this.helperBuilder(expr) ?? plain);
    if (!chain || chain.links.at(-1)?.name !== 'build' || chain.links.at(-1)!.args.length) return undefined;
    const links = chain.links.slice(0, -1);
    let state: BuilderState | undefined;
    if (chain.head === 'Response') state = this.apply(undefined, links);
    else if (/^[a-z_$][\w$]*$/.test(chain.head) && !links.length) state = this.local(chain.head);
    if (!state || state.status === null) return undefined;
    const distinct = [...new Set(state.entities)];
    if (distinct.length > 1) return { status: state.status, entity: { kind: 'unknown' } };
    return { status: state.status, entity: distinct.length ? this.entityOf(distinct[0]!, 0) : { kind: 'none' } };
  }

  /** What a returned Spring `ResponseEntity` expression builds; undefined when it is not one read here. */
  springBuilt(expr: string, depth: number): BuiltReturn | undefined {
    if (depth > MAX_DEPTH) return undefined;
    // WebFlux: `Mono.just(ResponseEntity.ok(x))`.
    const just = /^Mono\s*\.\s*just\s*\(/.exec(expr);
    if (just) {
      const open = just[0].length - 1;
      return matching(expr, open) === expr.length - 1 ? this.springBuilt(expr.slice(open + 1, -1).trim(), depth + 1) : undefined;
    }
    // A local holding the answer: `ResponseEntity<Object> r = ResponseEntity.ok(x); return r;`.
    if (/^[a-z_$][\w$]*$/.test(expr)) {
      const init = this.springLocal(expr);
      return init === undefined ? undefined : this.springBuilt(init, depth + 1);
    }
    const created = (this.kotlin ? /^(?:new\s+)?ResponseEntity\s*(?:<[^;{}()]*>)?\s*\(/ : /^new\s+ResponseEntity\s*(?:<[^;{}()]*>)?\s*\(/).exec(expr);
    if (created) {
      const open = created[0].length - 1;
      if (matching(expr, open) !== expr.length - 1) return undefined;
      const args = splitTop(expr.slice(open + 1, -1), ',').map((a) => a.trim()).filter(Boolean);
      // (status), (body, status), (body, headers, status), (headers, status): the status is last.
      const status = args.length ? springStatusOf(args.at(-1)!) : null;
      if (status === null) return undefined;
      if (args.length === 1) return { status, entity: { kind: 'none' } };
      const entity = this.entityOf(args[0]!, 0);
      if (args.length === 2 && this.springHeaders(args[0]!, entity)) return { status, entity: { kind: 'none' } };
      return { status, entity };
    }
    const chain = chainOf(expr);
    if (!chain || chain.head !== 'ResponseEntity' || !chain.links.length) return undefined;
    const [first, ...rest] = chain.links;
    let status: string | null;
    let entity: string | undefined;
    if (first!.name === 'status' && first!.args.length === 1) status = springStatusOf(first!.args[0]!);
    else if (SPRING_STARTERS[first!.name]) {
      status = SPRING_STARTERS[first!.name]!;
      if (first!.name === 'ok' && first!.args.length === 1) entity = first!.args[0];
    } else return undefined;
    if (status === null) return undefined;
    let ended = entity !== undefined;
    for (const link of rest) {
      if (ended) return undefined;
      if (link.name === 'body' && link.args.length === 1) [entity, ended] = [link.args[0], true];
      else if (link.name === 'build' && !link.args.length) ended = true;
      else if (!SPRING_DECORATIONS.has(link.name)) return undefined;
    }
    if (!ended) return undefined;
    return { status, entity: entity === undefined ? { kind: 'none' } : this.entityOf(entity, 0) };
  }

  /** The initializer of a `ResponseEntity` (or `Mono`) local declared once and never assigned again; undefined when `name` is not one. */
  private springLocal(name: string): string | undefined {
    const n = name.replace(/\$/g, '\\$');
    const declared = new RegExp(this.kotlin ? `\\bva[lr]\\s+${n}\\s*(?::\\s*(?:ResponseEntity|Mono)\\b[^=]*)?=(?!=)` : `(?<![\\w$.])(?:ResponseEntity|Mono|var)\\s*(?:<[^;=(){}]*>)?\\s+${n}\\s*=(?!=)`, 'g');
    const decls = [...this.code.matchAll(declared)];
    const from = decls.length === 1 ? decls[0]!.index! + decls[0]![0].length : -1;
    if (from < 0 || [...this.code.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*=(?!=)`, 'g'))].some((m) => m.index! < decls[0]!.index! || m.index! >= from)) return undefined;
    const end = this.end(from);
    return end < 0 ? undefined : this.code.slice(from, end).trim();
  }

  /**
   * Every value a Java local declared once as one of `types` (or `var`) is given: its initializer
   * and each later `name = ..` (the branches of an `if` assigning it before the return). A `null`
   * start value the branches replace is left out. Undefined when `name` is no such local, is
   * given nothing, or a value cannot be delimited; Kotlin's `val r = if ..` is read as a choice.
   */
  private assignedValues(name: string, types: ReadonlySet<string>): string[] | undefined {
    if (this.kotlin || this.call?.bound.has(name) || this.site.method.params.some((p) => p.name === name)) return undefined;
    const n = name.replace(/\$/g, '\\$');
    const decls = [...this.code.matchAll(new RegExp(`(?<![\\w$.])(?:final\\s+)?([A-Za-z_$][\\w$.]*)\\s*(?:<[^;=(){}]*>)?\\s+${n}\\s*(?=[=;])(?!==)`, 'g'))]
      .filter((m) => !KEYWORDS.has(m[1]!));
    const decl = decls.length === 1 ? decls[0]! : undefined;
    if (!decl || !(decl[1] === 'var' || types.has(simpleName(decl[1]!)))) return undefined;
    const values: string[] = [];
    for (const m of this.code.matchAll(new RegExp(`(?<![\\w$.])${n}\\s*=(?!=)`, 'g'))) {
      // Given before it is declared: another variable of that name, in a block before.
      if (m.index! < decl.index!) return undefined;
      const from = m.index! + m[0].length;
      const end = this.end(from);
      if (end < 0) return undefined;
      values.push(this.code.slice(from, end).trim());
    }
    const given = values.filter((v) => v !== 'null');
    return !values.length ? undefined : given.length ? given : ['null'];
  }

  /**
   * Whether `(arg, status)` is `ResponseEntity(headers, status)`: headers made there, a name
   * saying so (`headers`, `responseHeaders`), or a local of any name holding them
   * (`HttpHeaders h = new HttpHeaders()`, Kotlin's `val h = HttpHeaders()`).
   */
  private springHeaders(arg: string, entity: Entity): boolean {
    const made = /^(?:new\s+)?(?:HttpHeaders|(?:Linked)?MultiValueMap)\b/;
    if (made.test(arg) || /^(?:[a-z_$][\w$]*)?[hH]eaders\b/.test(arg)) return true;
    if (entity.kind === 'type') return SPRING_HEADERS.has(simpleName(entity.ref.name));
    const init = /^[a-z_$][\w$]*$/.test(arg) ? this.localDeclaration(arg)?.init : undefined;
    return init !== undefined && made.test(init.trim());
  }

  /** Applies builder calls; `start` undefined: the first link is a `Response.x(..)` starter. */
  private apply(start: BuilderState | undefined, links: readonly Link[]): BuilderState | undefined {
    let state = start;
    let rest = links;
    if (!state) {
      const first = links[0];
      if (!first) return undefined;
      const fixed = STARTERS[first.name];
      if (first.name === 'status' && first.args.length === 1) state = { status: this.statusOf(first.args[0]!), entities: [] };
      else if (fixed) state = { status: fixed, entities: ENTITY_STARTERS.has(first.name) && first.args[0] ? [first.args[0]] : [] };
      else return undefined;
      rest = links.slice(1);
    }
    state = { status: state.status, entities: [...state.entities] };
    for (const link of rest) {
      if (link.name === 'entity' && link.args.length >= 1) state.entities = [link.args[0]!];
      else if (link.name === 'status' && link.args.length === 1) state.status = this.statusOf(link.args[0]!);
      else if (!DECORATIONS.has(link.name)) return undefined;
    }
    return state;
  }

  /**
   * A `ResponseBuilder` local built at the return: its initializer, then every `b.entity(..)` /
   * `b = b.status(..)` made on it; entities set in several places are all kept (then unknown
   * unless the same), a status set in two ways is not read.
   */
  private local(name: string): BuilderState | undefined {
    const n = name.replace(/\$/g, '\\$');
    const decls = [...this.code.matchAll(new RegExp(`\\b(?:ResponseBuilder|var|val)\\s+${n}\\s*(?::\\s*(?:Response\\s*\\.\\s*)?ResponseBuilder\\s*)?=`, 'g'))];
    if (decls.length !== 1) return undefined;
    const declAt = decls[0]!.index! + decls[0]![0].length;
    const end = this.end(declAt);
    if (end < 0) return undefined;
    const init = chainOf(this.code.slice(declAt, end));
    let state = init?.head === 'Response' ? this.apply(undefined, init.links) : undefined;
    if (!state) return undefined;
    const statuses = new Set([state.status]);
    const entities = new Set(state.entities);
    // Every other mention: `b.x(..)...;`, `b = b.x(..)...;` or the `b.build()` returned.
    for (const m of this.code.matchAll(new RegExp(`(?<![\\w$.])${n}(?![\\w$])`, 'g'))) {
      if (m.index! < declAt) continue;
      const stop = this.end(m.index!);
      if (stop < 0) return undefined;
      let statement = this.code.slice(m.index!, stop);
      const reassigned = new RegExp(`^${n}\\s*=(?!=)\\s*`).exec(statement);
      if (reassigned) statement = statement.slice(reassigned[0].length);
      const chain = chainOf(statement);
      if (!chain || chain.head !== name) {
        // The reassignment's own mention of `b` is the next match; anything else is not read.
        if (reassigned) return undefined;
        continue;
      }
      if (chain.links.length === 1 && chain.links[0]!.name === 'build') continue;
      const next = this.apply({ status: state.status, entities: [] }, chain.links.at(-1)?.name === 'build' ? chain.links.slice(0, -1) : chain.links);
      if (!next) return undefined;
      statuses.add(next.status);
      for (const e of next.entities) entities.add(e);
      state = next;
    }
    if (statuses.size !== 1) return { status: null, entities: [] };
    return { status: [...statuses][0]!, entities: [...entities] };
  }

  /** A status argument, a helper's parameter read as the argument its caller gave. */
  statusOf(arg: string): string | null {
    const bound = this.call?.bound.get(arg.trim());
    return bound ? bound.reader.statusOf(bound.text) : statusOf(arg);
  }

  /** The entity an expression is. */
  entityOf(text: string, depth: number): Entity {
    const e = text.trim();
    if (depth > MAX_DEPTH) return { kind: 'unknown' };
    if (e === 'null') return { kind: 'none' };
    // A string literal, or text joined to one.
    if (/^"/.test(e) || splitTop(e, '+').some((p) => /^"/.test(p))) return { kind: 'text' };
    if (/^-?\d+[lL]?$/.test(e)) return { kind: 'scalar', type: 'integer' };
    if (e === 'true' || e === 'false') return { kind: 'scalar', type: 'boolean' };
    const literal = this.mapLiteral(e, depth);
    if (literal) return literal;
    const mapped = this.lambdaValue(e, depth);
    if (mapped) return mapped;
    // `list.size` (Kotlin), `list.size()`: a collection's size.
    const size = /^([a-z_$][\w$]*)\s*\.\s*(?:size|length)\s*(?:\(\s*\))?$/.exec(e);
    if (size) {
      const of = this.variable(size[1]!, false, depth + 1);
      return of.kind === 'type' && (of.ref.dims > 0 || COLLECTIONS.has(simpleName(of.ref.name))) ? { kind: 'scalar', type: 'integer' } : { kind: 'unknown' };
    }
    const created = /^new\s+([\w$.]+\s*(?:<[^;{}()]*>)?\s*(?:\[\s*\]\s*)*)\s*\(/.exec(e);
    if (created) {
      const open = created[0].length - 1;
      const close = matching(e, open);
      // `new X(..) { .. }`: an anonymous subclass, whose JSON may differ.
      if (close < 0 || e.slice(close + 1).trim() !== '') return { kind: 'unknown' };
      const ref = typeRefOf(created[1]!);
      if (!ref) return { kind: 'unknown' };
      // `new X<>(..)`: the arguments are the compiler's to infer.
      if (/<\s*>/.test(created[1]!)) {
        const decl = this.index.resolveType(ref.name, this.scope);
        if (!decl || decl.typeParams.length) return { kind: 'unknown' };
      }
      return this.typed(ref, this.scope, true);
    }
    // Kotlin creates without `new`: `Item(id, name)`, a project class.
    const constructed = this.kotlin ? /^([A-Z][\w$]*)\s*\(/.exec(e) : null;
    if (constructed) {
      const decl = matching(e, constructed[0].length - 1) === e.length - 1 ? this.index.resolveType(constructed[1]!, this.scope) : undefined;
      return decl && !decl.typeParams.length ? this.typed({ name: constructed[1]!, args: [], dims: 0 }, this.scope, true) : { kind: 'unknown' };
    }
    const name = /^(?:this\s*\.\s*)?([A-Za-z_$][\w$]*)$/.exec(e);
    if (name) return this.variable(name[1]!, e.startsWith('this'), depth);
    // `ArticleView.from(article)`: a static method (Kotlin: of the companion) of a project class.
    const statik = /^([A-Z][\w$]*)\s*\.\s*([a-z_$][\w$]*)\s*\(/.exec(e);
    if (statik) {
      const close = matching(e, statik[0].length - 1);
      const decl = close === e.length - 1 ? this.index.resolveType(statik[1]!, this.scope) : undefined;
      if (!decl) return { kind: 'unknown' };
      const args = splitTop(e.slice(statik[0].length, close), ',').map((a) => a.trim()).filter(Boolean).map((a) => this.argType(a, depth));
      const companion = decl.nested.find((n) => n.name === 'Companion');
      const found = methodReturn(this.index, decl, statik[2]!, args) ?? (companion && methodReturn(this.index, companion, statik[2]!, args));
      return found ? this.typed(found.ref, { type: found.owner, file: found.owner.file }, false) : { kind: 'unknown' };
    }
    const call = /^(?:(?:this\s*\.\s*)?([a-z_$][\w$]*)\s*\.\s*)?([a-z_$][\w$]*)\s*\(/.exec(e);
    if (call) {
      const close = matching(e, call[0].length - 1);
      if (close < 0 || close !== e.length - 1) return { kind: 'unknown' };
      const args = splitTop(e.slice(call[0].length, close), ',').map((a) => a.trim()).filter(Boolean);
      const on = call[1] ? this.receiverType(call[1], depth) : this.resource;
      const found = on && methodReturn(this.index, on, call[2]!, args.map((a) => this.argType(a, depth)));
      const typed = found ? this.typed(found.ref, { type: found.owner, file: found.owner.file }, false) : { kind: 'unknown' as const };
      // A helper of this class answering a map or an undeclared type (`fun view(user: User) = mapOf("user" to user)`): what its returns build.
      if (!call[1] && (typed.kind === 'unknown' || (typed.kind === 'type' && MAPS.has(simpleName(typed.ref.name))))) return this.helper(call[2]!, args.length) ?? typed;
      return typed;
    }
    return { kind: 'unknown' };
  }

  /**
   * A value built in a lambda, where what the lambda returns tells its type: Kotlin's
   * `x.map { Dto(it) }` (`mapNotNull`, then `toList()` or not) as a list of it, `x.let { Dto(it) }`
   * (`run`) as it, `x.also { .. }` (`apply`) as `x`; Java's `x.stream().map(Dto::new)` or
   * `.map(u -> new Dto(u))` collected to a list. Undefined when `e` is none of these.
   */
  private lambdaValue(e: string, depth: number): Entity | undefined {
    const body = e.replace(/\s*\.\s*(?:toList|toMutableList)\s*\(\s*\)$|\s*\.\s*collect\s*\(\s*(?:Collectors\s*\.\s*)?toList\s*\(\s*\)\s*\)$/, '');
    const listed = body !== e;
    const call = this.kotlin ? /\.\s*(let|run|also|apply|map|mapNotNull)\s*\{/g : /\.\s*(map)\s*\(/g;
    for (const m of body.matchAll(call)) {
      const open = m.index! + m[0].length - 1;
      if (matching(body, open) !== body.length - 1) continue;
      const receiver = body.slice(0, m.index!).trim();
      const kind = m[1]!;
      if (kind === 'also' || kind === 'apply') return listed ? { kind: 'unknown' } : this.entityOf(receiver, depth + 1);
      // Java maps a stream (`mapper.map(user)` is a method of the mapper's, read as any call); a Kotlin collection or sequence maps itself.
      if (!this.kotlin && !/\.\s*stream\s*\(\s*\)$/.test(receiver)) return undefined;
      const value = this.kotlin ? lambdaResult(body.slice(open + 1, -1)) : javaLambdaResult(body.slice(open + 1, -1));
      if (value === undefined) return { kind: 'unknown' };
      const entity = this.entityOf(value, depth + 1);
      if (kind === 'let' || kind === 'run') return listed ? { kind: 'unknown' } : entity;
      // A Java stream not collected is no list.
      if (entity.kind !== 'type' || (!this.kotlin && !listed)) return { kind: 'unknown' };
      return { ...entity, ref: { name: 'java.util.List', args: [entity.ref], dims: 0 } };
    }
    return undefined;
  }

  /** A parameter, a local (its declared type, or `var x = ` what it is given) or a field. */
  private variable(name: string, fieldOnly: boolean, depth: number): Entity {
    if (!fieldOnly) {
      // A helper's parameter is what its caller gave.
      const bound = this.call?.bound.get(name);
      if (bound) return bound.reader.entityOf(bound.text, depth + 1);
      const param = this.site.method.params.find((p) => p.name === name);
      if (param) return this.typed(param.type, this.scope, true);
      const local = this.localDeclaration(name);
      if (local === null) return { kind: 'unknown' };
      if (local && ((local.type && MAPS.has(simpleName(local.type.name))) || (local.init !== undefined && MAP_START.test(local.init.trim())))) {
        const map = this.mapLocal(name, depth);
        if (map) return map;
      }
      if (local?.type) return this.typed(local.type, this.scope, true);
      if (local?.init !== undefined) return this.entityOf(local.init, depth + 1);
    }
    const field = this.index.fieldOf(this.resource, name);
    return field ? this.typed(field.field.type, { type: field.owner, file: field.owner.file }, field.owner === this.site.owner) : { kind: 'unknown' };
  }

  /** A simple type name for an argument, to pick among overloads; undefined when not known. */
  private argType(text: string, depth: number): string | undefined {
    const entity = this.entityOf(text, depth + 1);
    if (entity.kind === 'text') return 'String';
    return entity.kind === 'type' && entity.ref.dims === 0 ? simpleName(entity.ref.name) : undefined;
  }

  /**
   * A map literal: Kotlin `mapOf("k" to v, ..)` (and the mutable, hash and linked ones), Java
   * `Map.of("k", v, ..)`, `ImmutableMap.of(..)`, `Collections.singletonMap(..)`. Unknown when a key
   * is not a string literal; undefined when the text is not one.
   */
  private mapLiteral(e: string, depth: number): Entity | undefined {
    const m = (this.kotlin ? KOTLIN_MAP_OF : JAVA_MAP_OF).exec(e);
    if (!m) return undefined;
    const open = m[0].length - 1;
    if (matching(e, open) !== e.length - 1) return undefined;
    const raw = this.rawOf(e);
    if (raw === undefined) return { kind: 'unknown' };
    const args = splitTop(e.slice(open + 1, -1), ',');
    const rawArgs = splitTop(raw.slice(open + 1, -1), ',');
    if (args.length !== rawArgs.length) return { kind: 'unknown' };
    const pairs: [string, string, string][] = [];
    if (this.kotlin) {
      for (let i = 0; i < args.length; i++) {
        if (!args[i]!.trim() && i === args.length - 1) break; // a trailing comma
        const [k, v, ...more] = splitTop(args[i]!, ' to ');
        const rawKey = splitTop(rawArgs[i]!, ' to ')[0];
        if (v === undefined || more.length || rawKey === undefined) return { kind: 'unknown' };
        pairs.push([k!, rawKey, v]);
      }
    } else {
      if (args.length % 2 || !args[0]!.trim()) return args.length === 1 && !args[0]!.trim() ? { kind: 'map', entries: [] } : { kind: 'unknown' };
      for (let i = 0; i < args.length; i += 2) pairs.push([args[i]!, rawArgs[i]!, args[i + 1]!]);
    }
    const entries = new Map<string, Entity>();
    for (const [, rawKey, value] of pairs) {
      const key = this.keyOf(rawKey);
      if (key === undefined) return { kind: 'unknown' };
      putEntry(entries, key, this.entityOf(value, depth + 1));
    }
    return { kind: 'map', entries: [...entries] };
  }

  /**
   * A map local given its entries in the body: `Map<String, Object> m = new HashMap<>(); m.put("k", v);`,
   * `val m = mutableMapOf<String, Any>(); m["k"] = v`. Undefined when the map is handed anywhere
   * else (a call that may fill it, another variable) or given a key that is not a string literal.
   */
  private mapLocal(name: string, depth: number): Entity | undefined {
    const n = name.replace(/\$/g, '\\$');
    const entries = new Map<string, Entity>();
    let declared = false;
    for (const m of this.code.matchAll(new RegExp(`(?<![\\w$.])${n}(?![\\w$])`, 'g'))) {
      const at = m.index!;
      const after = this.code.slice(at + m[0].length);
      const before = this.code.slice(0, at);
      const init = /^\s*(?::[^=;\n]*)?=(?!=)/.exec(after);
      if (!declared && init && /(?:\bva[lr]|[\w$>\]])\s*$/.test(before)) {
        declared = true;
        const from = at + m[0].length + init[0].length;
        const end = this.end(from);
        if (end < 0) return undefined;
        const start = this.code.slice(from, end).trim();
        const literal = this.mapLiteral(start, depth);
        if (literal?.kind === 'map') for (const [k, v] of literal.entries) putEntry(entries, k, v);
        else if (literal) return undefined;
        else if (DOUBLE_BRACE.test(start)) {
          const at = this.code.indexOf(start, from);
          if (!this.doubleBrace(at, at + start.length, entries, depth)) return undefined;
        } else if (!new RegExp(`(?:${MAP_START.source})$`).test(start) || !/\)$/.test(start)) return undefined;
        continue;
      }
      const put = /^\s*\.\s*put\s*\(/.exec(after);
      const set = /^\s*\[/.exec(after);
      // A put after the return, or in a branch that returns first, is not in the map it answers.
      if ((put || set) && !this.reaches(at)) continue;
      if (put || set) {
        const open = at + m[0].length + (put ?? set)![0].length - 1;
        const close = matching(this.code, open);
        if (close < 0) return undefined;
        let key: string;
        let value: string;
        if (put) {
          const args = splitTop(this.code.slice(open + 1, close), ',');
          if (args.length !== 2) return undefined;
          key = this.raw.slice(open + 1, open + 1 + args[0]!.length);
          value = args[1]!;
        } else {
          const assign = /^\s*=(?!=)/.exec(this.code.slice(close + 1));
          if (!assign) return undefined;
          const from = close + 1 + assign[0].length;
          const end = this.end(from);
          if (end < 0) return undefined;
          key = this.raw.slice(open + 1, close);
          value = this.code.slice(from, end);
        }
        const k = this.keyOf(key);
        if (k === undefined) return undefined;
        putEntry(entries, k, this.entityOf(value, depth + 1));
        continue;
      }
      // Reads leave it as it is; the answer hands it to the client.
      if (/^\s*\.\s*(?:get|getOrDefault|containsKey|containsValue|isEmpty|size|keys|values|entries|keySet|entrySet)\b/.test(after)) continue;
      if (this.answers(before) && /^\s*(?:[;,)}\n]|$)/.test(after)) continue;
      return undefined;
    }
    return declared ? { kind: 'map', entries: [...entries] } : undefined;
  }

  /**
   * Whether the code at `at` runs before the return being read: it stands before it, and not in a
   * block (a branch) left by a `return` or `throw` of its own without reaching it. An early
   * `if (missing) { map.put("message", ..); return notFound(map); }` puts nothing in the map the
   * later return answers, and the later `map.put("url", ..)` nothing in the 404's.
   */
  private reaches(at: number): boolean {
    const to = this.returnAt;
    if (to === undefined) return true;
    if (at > to) return false;
    let closed = 0;
    for (let i = at; i >= 0; i--) {
      const c = this.code[i];
      if (c === '}') closed++;
      else if (c === '{' && closed) closed--;
      else if (c === '{') {
        const close = matching(this.code, i);
        if (close < 0 || close > to) return true; // the block holding the return too
        if (endsByLeaving(this.code.slice(i + 1, close))) return false;
      }
    }
    return true;
  }

  /**
   * `new HashMap<String, Object>(2) {{ put("token", t); put("user", u); }}` between `from` and
   * `to` (eladmin's AuthController): the entries its initializer block puts; false when the block
   * does anything else.
   */
  private doubleBrace(from: number, to: number, entries: Map<string, Entity>, depth: number): boolean {
    const outer = this.code.indexOf('{', from);
    const inner = this.code.indexOf('{', outer + 1);
    const innerEnd = matching(this.code, inner);
    if (outer < 0 || inner < 0 || innerEnd < 0 || matching(this.code, outer) !== to - 1 || this.code.slice(innerEnd + 1, to - 1).trim()) return false;
    let at = inner + 1;
    for (;;) {
      const put = /^\s*(?:this\s*\.\s*)?put\s*\(/.exec(this.code.slice(at, innerEnd));
      if (!put) return this.code.slice(at, innerEnd).trim() === '';
      const open = at + put[0].length - 1;
      const close = matching(this.code, open);
      if (close < 0 || close > innerEnd || !/^\s*;/.test(this.code.slice(close + 1))) return false;
      const args = splitTop(this.code.slice(open + 1, close), ',');
      const key = args.length === 2 ? this.keyOf(this.raw.slice(open + 1, open + 1 + args[0]!.length)) : undefined;
      if (key === undefined) return false;
      putEntry(entries, key, this.entityOf(args[1]!, depth + 1));
      at = this.code.indexOf(';', close) + 1;
    }
  }

  /** A map key: a string literal, or a constant holding one (`KEY`, `Keys.ID`, a Kotlin `const val`); undefined for any other. */
  private keyOf(raw: string): string | undefined {
    const literal = keyOf(raw, this.kotlin);
    if (literal !== undefined) return literal;
    const name = raw.trim().replace(/\s+/g, '');
    if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(name) || this.site.method.params.some((p) => p.name === name) || this.localDeclaration(name) !== undefined) return undefined;
    return foldString(this.index, { kind: 'name', name }, this.scope);
  }

  /** Whether a mention of a value after `before` is in what the method answers (a return, a builder's body), not an argument to any other call. */
  private answers(before: string): boolean {
    return /(?:\breturn|(?:\b(?:ok|body|entity)|\bResponseEntity\s*(?:<[^;=(){}]*>)?)\s*\()\s*$/.test(before);
  }

  /** The text of `e` with its string literals, when every place `e` is written in the body reads the same. */
  private rawOf(e: string): string | undefined {
    let found: string | undefined;
    for (let at = this.code.indexOf(e); at >= 0; at = this.code.indexOf(e, at + 1)) {
      const raw = this.raw.slice(at, at + e.length);
      if (found !== undefined && raw !== found) return undefined;
      found = raw;
    }
    return found;
  }

  /** What a helper method of the class, called with `count` arguments, returns (one or two helpers deep). */
  private helper(name: string, count: number): Entity | undefined {
    if (this.helpers >= MAX_HELPERS) return undefined;
    for (const t of [this.resource, ...this.index.ancestors(this.resource)]) {
      const named = t.methods.filter((m) => m.name === name);
      if (!named.length) continue;
      const byCount = named.filter((m) => m.params.length === count);
      if (byCount.length !== 1) return undefined;
      const site = { owner: t, method: byCount[0]! };
      const body = readMethodBody(this.index, t, site.method);
      if (!body) return undefined;
      const reader = BodyReader.of(this.index, this.resource, site, body.text, (text) => text, this.helpers + 1);
      const exprs = reader.returns(body.expression);
      if (!exprs?.length) return undefined;
      const entity = agreed(exprs.map((x) => reader.reading(x).entity(x.text)));
      return entity && entity.kind !== 'unknown' ? entity : undefined;
    }
    return undefined;
  }

  /** The project class a call's receiver (a parameter, local or field) is. */
  private receiverType(name: string, depth: number): TypeDecl | undefined {
    const entity = this.variable(name, false, depth + 1);
    return entity.kind === 'type' && entity.ref.dims === 0 ? this.index.resolveType(entity.ref.name, entity.scope) : undefined;
  }

  /**
   * A local's declaration in the body: `X<Y> name =`, `X name;`, `X name :` (a for-each), or
   * `var name = init`; null when declared twice in different ways (two blocks), undefined when not a local.
   */
  private localDeclaration(name: string): { type?: TypeRef; init?: string } | null | undefined {
    const n = name.replace(/\$/g, '\\$');
    const found: { type?: TypeRef; init?: string }[] = [];
    const typed = new RegExp(`(?<![\\w$.])([A-Za-z_$][\\w$.]*\\s*(?:<[^;=(){}]*>)?\\s*(?:\\[\\s*\\]\\s*)*)\\s+${n}\\s*(?=[=;:,)])(?!==)`, 'g');
    for (const m of this.code.matchAll(typed)) {
      const word = m[1]!.trim();
      if (KEYWORDS.has(word)) continue;
      if (word === 'var' || word === 'val' || word === 'final') {
        const from = m.index! + m[0].length;
        // Kotlin `val x: List<Item> = ..`: the declared type.
        const declared = /^\s*:\s*([\w$.]+\s*(?:<[^=(){}\n]*>)?)\s*\??\s*=/.exec(this.code.slice(from));
        const type = declared && typeRefOf(declared[1]!);
        if (type) {
          found.push({ type });
          continue;
        }
        const eq = /^\s*=/.exec(this.code.slice(from));
        const end = eq ? this.end(from + eq[0].length) : -1;
        found.push(end < 0 ? {} : { init: this.code.slice(from + eq![0].length, end) });
        continue;
      }
      const type = typeRefOf(word);
      found.push(type ? { type } : {});
    }
    if (!found.length) return undefined;
    const first = JSON.stringify(found[0]);
    return found.every((f) => JSON.stringify(f) === first) ? found[0] : null;
  }

  /** The end of the statement starting at `from`, as the body's language delimits it. */
  private end(from: number): number {
    return this.kotlin ? kotlinStatementEnd(this.code, from) : statementEnd(this.code, from);
  }

  private typed(ref: TypeRef, scope: Scope, own: boolean): Entity {
    const simple = simpleName(ref.name);
    if (ref.dims === 0 && TEXT.has(simple)) return { kind: 'text' };
    if (OPAQUE.has(simple) && ref.dims === 0) return { kind: 'unknown' };
    // A type variable of the method: what it stands for is the caller's.
    if (this.site.method.typeParams.some((p) => p.name === ref.name)) return { kind: 'unknown' };
    return { kind: 'type', ref, scope, own: own && (this.call?.own ?? true) };
  }
}

/** The one method of `name` taking `arity` arguments of the first type declaring any; undefined when none or several. */
function pick(owners: readonly TypeDecl[], name: string, arity: number): MethodSite | undefined {
  for (const owner of owners) {
    const named = owner.methods.filter((m) => m.name === name && m.params.length === arity);
    if (named.length) return named.length === 1 ? { owner, method: named[0]! } : undefined;
  }
  return undefined;
}

/** `(e)` as `e`, as often as it is wrapped. */
function unparenthesized(e: string): string {
  while (e.startsWith('(') && matching(e, 0) === e.length - 1) e = e.slice(1, -1).trim();
  return e;
}

/** A Java `c ? a : b` at the top of the expression as `[a, b]` (a nested one stays in its branch); undefined when none. */
function ternary(e: string): [string, string] | undefined {
  let depth = 0;
  let question = -1;
  let open = 0;
  for (let i = 0; i < e.length; i++) {
    const c = e[i]!;
    if (c === '"' || c === "'") i = skipString(e, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth !== 0) continue;
    else if (c === '?') {
      if (question < 0) question = i;
      open++;
    } else if (c === ':' && e[i + 1] === ':') i++; // a method reference
    else if (c === ':' && question >= 0 && --open === 0) return [e.slice(question + 1, i).trim(), e.slice(i + 1).trim()];
  }
  return undefined;
}

/** A Kotlin `if (c) a else b` expression (braces around a branch holding only its value) as `[a, b]`; undefined when not one. */
function kotlinIfElse(e: string): [string, string] | undefined {
  const head = /^if\s*\(/.exec(e);
  if (!head) return undefined;
  const close = matching(e, head[0].length - 1);
  if (close < 0) return undefined;
  const rest = e.slice(close + 1);
  let depth = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '"' || c === "'") i = skipString(rest, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && /^else(?![\w$])/.test(rest.slice(i)) && /[\s})]$/.test(rest.slice(0, i))) {
      const yes = branchValue(rest.slice(0, i));
      const no = branchValue(rest.slice(i + 4));
      return yes !== undefined && no !== undefined ? [yes, no] : undefined;
    }
  }
  return undefined;
}

/**
 * A Kotlin `when (..) { a -> x; else -> y }` (or `when { .. }`) whose branches are each a value
 * (braces holding only it) as those values; undefined when not one, or a branch does more. Without
 * an `else` the `when` is a statement, not the return's value.
 */
function kotlinWhen(e: string): string[] | undefined {
  const head = /^when\s*(\()?/.exec(e);
  if (!head) return undefined;
  let at = head[0].length;
  if (head[1]) {
    const close = matching(e, at - 1);
    if (close < 0) return undefined;
    at = close + 1;
  }
  const open = e.indexOf('{', at);
  if (open < 0 || e.slice(at, open).trim() || matching(e, open) !== e.length - 1) return undefined;
  const body = e.slice(open + 1, -1);
  const out: string[] = [];
  let hasElse = false;
  // Each branch: `conditions -> value`, the value ending at the line's end outside brackets.
  let from = 0;
  while (from < body.length) {
    const arrow = topIndex(body, '->', from);
    if (arrow < 0) {
      if (body.slice(from).trim()) return undefined;
      break;
    }
    const condition = body.slice(from, arrow).trim();
    let end = arrow + 2;
    let depth = 0;
    for (; end < body.length; end++) {
      const c = body[end]!;
      if (c === '"' || c === "'") end = skipString(body, end);
      else if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ')' || c === ']' || c === '}') depth--;
      else if (depth === 0 && (c === ';' || (c === '\n' && body.slice(arrow + 2, end).trim() && !/^\s*\??\./.test(body.slice(end + 1))))) break;
    }
    const value = branchValue(body.slice(arrow + 2, end));
    if (value === undefined || !condition) return undefined;
    if (condition === 'else') hasElse = true;
    out.push(value);
    from = end + 1;
  }
  return hasElse && out.length ? out : undefined;
}

/** The first `token` at `from` or after it outside brackets and strings; -1 when none. */
function topIndex(text: string, token: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = skipString(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (depth === 0 && text.startsWith(token, i)) return i;
  }
  return -1;
}

/**
 * What a Kotlin lambda's body returns: its last statement, after the parameters' `x ->`; undefined
 * when that is a `return` (of the method, not the lambda) or empty.
 */
function lambdaResult(body: string): string | undefined {
  const arrow = topIndex(body, '->', 0);
  const statements = (arrow >= 0 && /^\s*[\w$,\s()]*$/.test(body.slice(0, arrow)) ? body.slice(arrow + 2) : body).split(/[;\n]/);
  // The last statement: a chain continued on the next line (`.build()`) is joined first.
  const joined = statements.reduce<string[]>((out, line) => {
    if (/^\s*\??\./.test(line) && out.length) out[out.length - 1] += line;
    else if (line.trim()) out.push(line);
    return out;
  }, []);
  const last = joined.at(-1)?.trim();
  return last && !/^return\b/.test(last) && balanced(last) ? last : undefined;
}

/** A Java lambda's or method reference's value: `u -> new Dto(u)`, `(u) -> ..`, `Dto::new` as `new Dto()`; undefined for a block body. */
function javaLambdaResult(arg: string): string | undefined {
  const ref = /^\s*([A-Z][\w$.]*)\s*::\s*new\s*$/.exec(arg);
  if (ref) return `new ${ref[1]}()`;
  const m = /^\s*(?:[a-z_$][\w$]*|\(\s*[\w$\s,]*\))\s*->\s*/.exec(arg);
  const value = m ? arg.slice(m[0].length).trim() : undefined;
  return value && !value.startsWith('{') ? value : undefined;
}

/** Brackets balanced within the text. */
function balanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") i = skipString(text, i);
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth < 0) return false;
  }
  return depth === 0;
}

/** Every branch's answers; undefined when one branch is not read. */
function allOf(branches: ReadonlyArray<BuiltReturn[] | undefined>): BuiltReturn[] | undefined {
  return branches.every((b) => b !== undefined) ? branches.flat() : undefined;
}

/** A Kotlin branch's value: the expression, or the one statement of its braces; undefined for a block doing more. */
function branchValue(text: string): string | undefined {
  const t = text.trim();
  if (!t.startsWith('{')) return t || undefined;
  if (matching(t, 0) !== t.length - 1) return undefined;
  const inner = t.slice(1, -1).trim();
  return inner && !/[;\n]/.test(inner.replace(/\n\s*\./g, '.')) ? inner : undefined;
}

/**
 * The method's answer from its returns: the success status's entity as the response (a class's
 * schema, no body; a String is text under a text/* type, else unknown: JSON or XML the method
 * serialized itself), and the classes the returns of its other statuses give
 * (`status(CONFLICT).entity(existing)`) on those entries of `responses` the annotations leave
 * without a schema (entries replaced, not changed: the caller's may be shared), also when none
 * succeeds. Undefined when a return is not read, when none succeeds, or when the success's
 * returns disagree on the entity. `status` is the success status the returns build (what
 * `Response.ok(x).status(201)` answers, which no `Response.status(..)` names).
 */
export function builtResponse(
  returns: readonly BuiltReturn[] | undefined,
  media: { contentType: string; declared: boolean },
  scope: Scope,
  bindings: TypeBindings,
  schemas: SchemaBuilder,
  description: string,
  responses: DeclaredResponse[],
  /** Whose returns: a JAX-RS `Response`'s, a Spring `ResponseEntity`'s, or the values a Spring handler returns as they are. */
  framework: 'jax-rs' | 'spring' | 'spring-value' = 'jax-rs',
): { response: ResponseModel; status: string } | undefined {
  const all = returns ?? [];
  const successes = all.filter((r) => r.status.startsWith('2'));
  // As visibleResponses picks it: 200 when the body builds one, else the first success.
  const main = successes.some((r) => r.status === '200') ? '200' : successes[0]?.status;
  const { contentType } = media;
  const model = (status: string): ResponseModel | undefined => {
    const entity = agreed(all.filter((r) => r.status === status).map((r) => r.entity));
    if (!entity || entity.kind === 'unknown') return undefined;
    if (entity.kind === 'none') return { contentType, description: description || 'No body.' };
    if (entity.kind === 'text') {
      // As a method declared to return String answers: plain text is what it is.
      if (/^text\//i.test(contentType)) return responseModel({ kind: 'body', ref: { name: 'String', args: [], dims: 0 }, array: false }, contentType, scope, new Map(), schemas, description);
      const schema = { description: TEXT_BODIES[framework], 'x-unresolved': true };
      return { contentType, schema, description: description || schema.description };
    }
    if (entity.kind === 'map' || entity.kind === 'scalar') {
      const schema = entitySchema(entity, schemas, bindings);
      return { contentType, schema, example: responseExampleOf(schema), description };
    }
    const payload = { kind: 'body', ref: entity.ref, array: false } as const;
    // A byte[] entity goes out as it is (both frameworks' byte array writers), unless a type is declared.
    const type = !media.declared && isRawBytesPayload(payload) ? 'application/octet-stream' : contentType;
    return responseModel(payload, type, entity.scope, entity.own ? bindings : new Map(), schemas, description);
  };
  // A status only a helper's builder names (`return found ? ok(u) : notFound();`) is one of the answers too.
  for (const status of new Set(all.map((r) => r.status))) {
    if (status !== main && !responses.some((r) => r.status === status)) responses.push({ status, description: reasonPhrase(status) });
  }
  for (const [i, r] of responses.entries()) {
    if (r.schema || r.status === main || !all.some((s) => s.status === r.status)) continue;
    const other = model(r.status);
    // A copy: an entry may be an exception handler's, which every endpoint throwing it shares.
    if (other?.schema && other.schema['x-unresolved'] !== true) responses[i] = { ...r, schema: other.schema, contentType: r.contentType ?? other.contentType };
  }
  // A handler answering only errors (`return ResponseEntity.badRequest().body(err)`) names no success's body.
  if (main === undefined) return undefined;
  const response = model(main);
  return response && { response, status: main };
}

/** Spring writes a String body with its String converter, as it is: no model names it. */
const TEXT_BODIES = {
  'jax-rs': 'Unknown: the Response\'s entity is a String the method builds (JSON or XML it serialized itself, or text).',
  spring: 'Unknown: the ResponseEntity\'s body is a String the handler builds (text, or JSON it serialized itself), which Spring\'s String converter writes as it is.',
  'spring-value': 'Unknown: the handler returns a String it builds (text, or JSON it serialized itself), which Spring\'s String converter writes as it is.',
};

/** The one entity several returns agree on; undefined when they differ. */
function agreed(entities: readonly Entity[]): Entity | undefined {
  const first = entities[0];
  return first && entities.every((e) => entityKey(e) === entityKey(first)) ? first : undefined;
}

/** A Spring status argument: `HttpStatus.OK`, `OK` (statically imported), `HttpStatusCode.valueOf(201)`, `201`; null when not one of those. */
function springStatusOf(arg: string): string | null {
  const a = arg.replace(/\s+/g, '');
  const code = /^HttpStatus(?:Code)?\.valueOf\((\d{3})\)$/.exec(a);
  if (code) return statusOf(code[1]!);
  const m = /^(?:HttpStatus\.)?([A-Z][A-Z_]*)$/.exec(a);
  return m ? statusOf(m[1]!) : /^\d{3}$/.test(a) ? statusOf(a) : null;
}

/** A status argument: `Response.Status.CREATED`, `Status.CREATED`, `CREATED` (imported), `201`; null when not one. */
function statusOf(arg: string): string | null {
  const a = arg.replace(/\s+/g, '');
  if (/^\d{3}$/.test(a)) return Number(a) >= 100 && Number(a) <= 599 ? a : null;
  const m = /^(?:(?:Response\.)?Status\.)?([A-Z][A-Z_]*)$/.exec(a);
  const code = m && HTTP_STATUS[m[1]!];
  return code ? String(code) : null;
}

/** A type as written (`List<Item>`, `Item[]`, `Map<String, List<Item>>`); undefined for wildcards and the like. */
export function typeRefOf(text: string): TypeRef | undefined {
  let at = 0;
  const s = text.replace(/\s+/g, '');
  const read = (): TypeRef | undefined => {
    const m = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*/.exec(s.slice(at));
    if (!m) return undefined;
    at += m[0].length;
    const args: TypeRef[] = [];
    if (s[at] === '<') {
      at++;
      if (s[at] === '>') at++; // the diamond: no arguments written
      else {
        for (;;) {
          const arg = read();
          if (!arg) return undefined;
          args.push(arg);
          if (s[at] === ',') at++;
          else if (s[at] === '>') {
            at++;
            break;
          } else return undefined;
        }
      }
    }
    let dims = 0;
    while (s.startsWith('[]', at)) {
      dims++;
      at += 2;
    }
    return { name: m[0], args, dims };
  };
  const ref = read();
  return ref && at === s.length ? ref : undefined;
}

/** A map key written as a string literal (no Kotlin template: a `$` is plain text in Java); undefined otherwise. */
function keyOf(raw: string, kotlin: boolean): string | undefined {
  const m = (kotlin ? /^"((?:[^"\\$\n]|\\.)*)"$/ : /^"((?:[^"\\\n]|\\.)*)"$/).exec(raw.trim());
  return m ? unescapeJava(m[1]!) : undefined;
}

/** Adds an entry; a key given two different values keeps an unknown one. */
function putEntry(entries: Map<string, Entity>, key: string, value: Entity): void {
  const known = entries.get(key);
  entries.set(key, known && entityKey(known) !== entityKey(value) ? { kind: 'unknown' } : value);
}

/** Equal for entities that are the same. */
function entityKey(e: Entity): string {
  if (e.kind === 'type') return JSON.stringify([e.ref, e.scope.file.path, e.own]);
  if (e.kind === 'map') return `map:${JSON.stringify(e.entries.map(([k, v]) => [k, entityKey(v)]))}`;
  if (e.kind === 'scalar') return `scalar:${e.type}`;
  return e.kind;
}

/** The JSON schema of a value in a map built in the code: any JSON where its type is not known. */
function entitySchema(e: Entity, schemas: SchemaBuilder, bindings: TypeBindings): JsonSchema {
  switch (e.kind) {
    case 'type':
      return schemas.schemaOf(e.ref, e.scope, e.own ? bindings : new Map());
    case 'text':
      return { type: 'string' };
    case 'scalar':
      return { type: e.type };
    case 'map':
      return { type: 'object', properties: Object.fromEntries(e.entries.map(([k, v]) => [k, entitySchema(v, schemas, bindings)])) };
    default:
      return {};
  }
}

// Query parameters and headers a handler reads in code from the servlet request it takes:
// `request.getParameter("page")`, or through a helper of the project it hands the request to
// (Nacos' `WebUtils.required(request, CommonParams.SERVICE_NAME)`, whose own body calls
// `req.getParameter(key)`), or to an object that reads it (Nacos' `HttpRequestInstanceBuilder
// .newBuilder().setRequest(request)`). Legacy handlers take their whole input this way, with no
// annotation saying so; without this they list no parameters at all. Only names the code spells
// out (a literal or a constant) count. A read makes a parameter required only when the code
// refuses to go on without it (`if (StringUtils.isEmpty(value)) throw ...`, `Assert.hasText(..)`,
// `Objects.requireNonNull(..)`): otherwise the code may fall back when it is missing.

import type { Param, ParamLocation, RequestBody } from '../../model/request';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import type { Scope } from '../project-index';
import type { Expr, MethodDecl, RequestRead, TypeDecl } from '../source-model';
import { simpleName } from '../source-model';
import { makeParam } from './params';
import { subtypesOf } from '../direct-subtypes';

/**
 * Calls followed from the handler: enough for a builder's setter handing the request to a private
 * method of its own that hands it to a utility (Nacos: setRequest -> setAttributesToBuilder ->
 * WebUtils.required), few enough to stay cheap.
 */
const MAX_DEPTH = 4;

/**
 * The parameters `site`'s body reads from its request parameter `request`, skipping those
 * `existing` already lists. `form`: a parameter read goes in the form body (the handler consumes
 * a form), not the query string.
 */
export function paramsReadInCode(index: ProjectIndex, site: MethodSite, request: string, existing: readonly Param[], form: boolean): Param[] {
  const out: Param[] = [];
  const seen = new Set(existing.map((p) => `${p.in}\n${p.name.toLowerCase()}`));
  const found: { name: string; read: Read }[] = [];
  follow(index, site, request, undefined, (name, read) => found.push({ name, read }), 0, new Set());
  // A file part read makes the request multipart: its other parameters are form fields then.
  const multipart = found.some((f) => f.read.in === 'file');
  const where = (read: Read): ParamLocation => (read.in === 'header' ? 'header' : form || multipart ? 'form' : 'query');
  // One read the code insists on makes the parameter required, wherever it comes in the body.
  const required = new Set(found.filter((f) => f.read.required).map((f) => `${where(f.read)}\n${f.name.toLowerCase()}`));
  for (const { name, read } of found) {
    if (read.in === 'body') continue;
    const location = where(read);
    const key = `${location}\n${name.toLowerCase()}`;
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    const one = read.in === 'file' ? { type: 'string' as const, format: 'binary' } : { type: 'string' as const };
    const schema = read.many ? { type: 'array' as const, items: one } : one;
    const how = read.in === 'header' ? 'getHeader' : read.in === 'file' ? 'a file part' : 'getParameter';
    out.push(makeParam(name, location, schema, required.has(key), `Read in code (${how})`, read.in === 'file' ? { file: true } : {}));
  }
  return out;
}

/**
 * The body a handler reads raw: any JSON when it consumes JSON (the code parses it, no type says
 * into what), else text.
 */
export function rawBodyReadInCode(contentType: string): RequestBody {
  const json = /[/+]json\b/.test(contentType);
  return { contentType, schema: json ? {} : { type: 'string' }, example: json ? {} : '', description: 'Read in code (getInputStream)', required: false };
}

type Read = { in: 'query' | 'header' | 'file' | 'body'; many?: boolean; required?: true };

/**
 * Whether `site`'s body reads the raw request body from its parameter `request`, itself or through
 * a helper of the project (Atlas' `Servlets.getRequestPayload(request)` copying
 * `request.getInputStream()`): the handler takes a body no parameter declares.
 */
export function bodyReadInCode(index: ProjectIndex, site: MethodSite, request: string): boolean {
  let body = false;
  follow(index, site, request, undefined, (_name, read) => (body ||= read.in === 'body'), 0, new Set());
  return body;
}

/**
 * Walks the reads of `site` from its parameter `request`. `bound`: the caller's argument for each
 * of the method's parameters (a helper's `key` is the caller's literal or constant).
 */
function follow(
  index: ProjectIndex,
  site: MethodSite,
  request: string,
  bound: { args: Expr[]; scope: Scope } | undefined,
  add: (name: string, read: Read) => void,
  depth: number,
  visiting: Set<MethodDecl>,
): void {
  const reads = site.method.requestReads;
  if (!reads || visiting.has(site.method)) return;
  visiting.add(site.method);
  const scope: Scope = { type: site.owner, file: site.owner.file };
  // A name the method takes as a parameter is what its caller passed there.
  const valueOf = (e: Expr): string | undefined => {
    if (e.kind === 'string') return e.value;
    if (e.kind !== 'name') return undefined;
    const param = bound ? site.method.params.findIndex((p) => p.name === e.name) : -1;
    if (param >= 0) {
      const arg = bound!.args[param];
      return arg && (arg.kind === 'string' || arg.kind === 'name') ? constantOf(index, arg, bound!.scope) : undefined;
    }
    return constantOf(index, e, scope);
  };
  for (const read of reads) {
    if (read.from !== request) continue;
    if ('key' in read) {
      const name = valueOf(read.key);
      if (name !== undefined) add(name, read);
      continue;
    }
    if ('in' in read) {
      add('', read);
      continue;
    }
    if (depth >= MAX_DEPTH) continue;
    const callees = calleesOf(index, read, site);
    // Several implementations: a value one of them insists on may not be needed by the one that runs.
    const addFrom = callees.length > 1 ? (name: string, r: Read) => add(name, { ...r, required: undefined }) : add;
    const at = read.args.findIndex((a) => a.kind === 'name' && a.name === request);
    // Arguments naming the caller's own parameters are resolved where the caller was called.
    const args = read.args.map((a): Expr => {
      const v = a.kind === 'string' || a.kind === 'name' ? valueOf(a) : undefined;
      return v === undefined ? a : { kind: 'string', value: v };
    });
    for (const callee of callees) {
      const param = callee.method.params[at];
      if (param) follow(index, callee, param.name, { args, scope }, addFrom, depth + 1, visiting);
    }
  }
  visiting.delete(site.method);
}

/** A constant's value (a literal's own); undefined when it is not one the index can fold. */
function constantOf(index: ProjectIndex, e: Expr, scope: Scope): string | undefined {
  if (e.kind === 'string') return e.value;
  const r = index.evalString(e, scope);
  return 'value' in r ? r.value : undefined;
}

/**
 * The project method a call names, taking as many arguments: `helper(..)` and `this.helper(..)`
 * on the method's class or its ancestors, `Util.helper(..)` on a class, `field.helper(..)` on the
 * field's type, a call on a builder chain or a local on the receiver's class.
 */
function calleesOf(index: ProjectIndex, read: Extract<RequestRead, { call: string }>, site: MethodSite): MethodSite[] {
  const found = calleeOf(index, read, site);
  if (!found || found.method.requestReads) return found ? [found] : [];
  // A method without a body (an interface's, an abstract one): what its implementations read.
  return implementations(index, found, read.args.length);
}

/** At most this many implementations are followed: more is a plugin point, not the handler's code. */
const MAX_IMPLEMENTATIONS = 4;

/**
 * The overrides of an abstract method that read the request, in the project's subtypes of its
 * class (found through the header scan, a dependency a re-scan follows), nearest first.
 */
function implementations(index: ProjectIndex, abstract: MethodSite, arity: number): MethodSite[] {
  const out: MethodSite[] = [];
  const seen = new Set<TypeDecl>([abstract.owner]);
  const queue: TypeDecl[] = [abstract.owner];
  while (queue.length && out.length <= MAX_IMPLEMENTATIONS) {
    for (const t of subtypesOf(index, queue.shift()!)) {
      if (seen.has(t)) continue;
      seen.add(t);
      queue.push(t);
      const method = t.methods.find((m) => m.name === abstract.method.name && m.params.length === arity && m.requestReads);
      if (method) out.push({ method, owner: t });
    }
  }
  return out.length > MAX_IMPLEMENTATIONS ? [] : out;
}

function calleeOf(index: ProjectIndex, read: Extract<RequestRead, { call: string }>, site: MethodSite): MethodSite | undefined {
  const scope: Scope = { type: site.owner, file: site.owner.file };
  const dot = read.call.lastIndexOf('.');
  const name = read.call.slice(dot + 1);
  const target = dot < 0 ? 'this' : read.call.slice(0, dot);
  let owner: TypeDecl | undefined;
  if (read.receiver) owner = index.resolveType(read.receiver, scope);
  else if (target === 'this' || target === 'super') owner = site.owner;
  else if (/^[A-Z]/.test(simpleName(target))) owner = index.resolveType(target, scope);
  else if (!target.includes('.')) {
    const field = index.resolveField(target, scope);
    if (field) owner = index.resolveType(field.field.type.name, { type: field.owner, file: field.owner.file });
  }
  if (!owner) return undefined;
  let declared: MethodSite | undefined;
  for (const t of [owner, ...index.ancestors(owner)]) {
    const named = t.methods.filter((m) => m.name === name && m.params.length === read.args.length);
    const method = named.find((m) => m.requestReads);
    if (method) return { method, owner: t };
    // Declared without reading anything: its implementations may (an interface's method, an abstract one).
    const bodiless = named.find((m) => t.kind === 'interface' || m.modifiers.includes('abstract'));
    if (bodiless && !declared) declared = { method: bodiless, owner: t };
  }
  return declared;
}

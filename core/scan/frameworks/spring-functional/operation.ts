// springdoc's operation customizer, the extra argument SpringdocRouteBuilder's verbs take
// (`builder -> builder.operationId("listPets").summary("List pets").tag("pets")`): the names it
// gives, where they are literal (or class constants, or locals of the router method), and the
// parameters and request body it documents (`.parameter(parameterBuilder().in(ParameterIn.QUERY)
// .name("page"))`, `.requestBody(requestBodyBuilder().implementation(Foo.class))`).

import type { ProjectIndex } from '../../project-index';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { bodyRange } from '../../method-body';
import { RouteSyntax, dottedName } from './route-syntax';
import type { Env } from './route-eval';
import type { Node, Stmt } from './route-syntax';

export interface OperationNames {
  operationId?: string;
  summary?: string;
  description?: string;
  tag?: string;
  deprecated?: boolean;
  params?: OperationParam[];
  body?: OperationBody;
  /** The success response it documents (`.response(responseBuilder().implementation(Foo.class))`). */
  response?: OperationResponse;
}

export interface OperationResponse {
  type: string;
  array: boolean;
  /** A 2xx code other than 200 (`responseCode("201")`). */
  status?: string;
  contentType?: string;
  description: string;
  where: TypeDecl;
}

export interface OperationParam {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  description: string;
  /** The class of `implementation(Foo.class)`, as written, and the type whose code wrote it. */
  type?: string;
  /** `implementationArray(Foo.class)`: a list of them (a repeated query parameter). */
  array?: boolean;
  where: TypeDecl;
}

export interface OperationBody {
  /** As written (`Foo`, `a.b.Foo`), and the type whose code wrote it. */
  type: string;
  where: TypeDecl;
  array: boolean;
  contentType?: string;
  required: boolean;
  description: string;
}

const LOCATIONS: Record<string, OperationParam['in']> = { QUERY: 'query', PATH: 'path', HEADER: 'header', COOKIE: 'cookie' };

const KEYS = new Set(['operationId', 'summary', 'description', 'tag']);

/** What reading another class's helper needs: the index and the text of a project file. */
export interface OperationSources {
  index: ProjectIndex;
  readText(path: string): string | undefined;
}

/** Helpers calling helpers (`SortableRequest.buildParameters` calls `IListRequest.buildParameters`): a bound. */
const MAX_FOLLOW = 8;

export function operationNames(operation: Node, env: Env, sources: OperationSources): OperationNames {
  const { index } = sources;
  const out: OperationNames = {};
  let depth = 0;
  const visit = (n: Node | undefined, env: Env) => {
    if (!n) return;
    if (n.k === 'call') {
      visit(n.target, env);
      // The outermost call is read last: an inner parameter's `description(...)` must not win.
      if (n.target && KEYS.has(n.name) && n.args.length === 1 && chainedOnParam(n)) {
        const value = stringOf(n.args[0]!, env, index);
        if (value !== undefined) out[n.name as 'operationId' | 'summary' | 'description' | 'tag'] ??= value;
      }
      if (n.target && n.args.length === 1 && chainedOnParam(n)) {
        if (n.name === 'deprecated' && isTrue(n.args[0]!)) out.deprecated = true;
        if (n.name === 'parameter') {
          const p = parameterOf(n.args[0]!, env, sources, 0);
          if (p && !out.params?.some((q) => q.name === p.name && q.in === p.in)) (out.params ??= []).push(p);
        }
        if (n.name === 'requestBody') out.body ??= bodyOf(n.args[0]!, env, index);
        if (n.name === 'response') out.response ??= responseOf(n.args[0]!, env, index);
      }
      // `SortableRequest.buildParameters(builder)`: a helper handed the operation adds to it.
      if (depth < MAX_FOLLOW && n.args.some((a) => a.k === 'name')) {
        const helper = calledMethod(n, env, sources);
        if (helper) {
          depth++;
          try {
            helper.body.forEach((s) => visit(s.value, helper.env));
          } finally {
            depth--;
          }
        }
      }
    } else if (n.k === 'lambda') n.body.forEach((s: Stmt) => visit(s.value, env));
  };
  visit(operation, env);
  return out;
}

/**
 * The method a call names, with its body read: `Type.m(..)` of a project type, `m(..)` of the
 * class or a static import. Undefined for library calls and for the operation builder's own methods.
 */
function calledMethod(n: Extract<Node, { k: 'call' }>, env: Env, sources: OperationSources): { body: Stmt[]; env: Env } | undefined {
  const scope = { type: env.type, file: env.type.file };
  let owner: TypeDecl | undefined;
  if (n.target) {
    const name = dottedName(n.target);
    if (!name) return undefined;
    // `this.attachmentHandler.buildDoc(builder)`, `handler.buildDoc(builder)`: a field's class.
    const field = /^(?:this\.)?([a-z_$][\w$]*)$/.exec(name)?.[1];
    if (field) {
      const hit = sources.index.fieldOf(env.type, field);
      owner = hit ? sources.index.resolveType(hit.field.type.name, { type: hit.owner, file: hit.owner.file }) : undefined;
    } else if (/^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1))) owner = sources.index.resolveType(name, scope);
    else return undefined;
  } else {
    const imported = env.type.file.imports.find((i) => i.isStatic && !i.wildcard && i.name.endsWith(`.${n.name}`));
    owner = imported ? sources.index.typeByFqn(imported.name.slice(0, imported.name.lastIndexOf('.')), env.type.file.module) : env.type;
  }
  if (!owner) return undefined;
  // A static helper inherited from a superclass is called through the subclass's name too.
  let method: MethodDecl | undefined;
  for (const t of [owner, ...sources.index.ancestors(owner)]) {
    method = t.methods.find((m) => m.name === n.name && m.params.length === n.args.length);
    if (method) {
      owner = t;
      break;
    }
  }
  if (!method) return undefined;
  const text = sources.readText(owner.file.path);
  const kotlin = owner.file.lang === 'kotlin';
  const range = text === undefined ? undefined : bodyRange(text, method, kotlin);
  if (!text || !range) return undefined;
  const syntax = new RouteSyntax(text, range.from, range.to, kotlin);
  return { body: range.expression ? syntax.expressionBody() : syntax.statements(), env: { type: owner, method, text, locals: new Map() } };
}

/** A call chained on the customizer's own parameter (`builder.operationId(..).tag(..)`), not on a nested parameter builder. */
function chainedOnParam(n: Extract<Node, { k: 'call' }>): boolean {
  let t: Node | undefined = n.target;
  while (t?.k === 'call') t = t.target;
  return t?.k === 'name';
}

function stringOf(n: Node, env: Env, index: ProjectIndex): string | undefined {
  if (n.k === 'str') return n.value;
  if (n.k === 'binary' && n.op === '+') {
    const l = stringOf(n.left, env, index);
    const r = stringOf(n.right, env, index);
    return l !== undefined && r !== undefined ? l + r : undefined;
  }
  if (n.k === 'name') {
    for (let e: Env | undefined = env; e; e = e.parent) {
      const local = e.locals.get(n.name);
      if (local) return local.v === 'str' ? local.value : undefined;
    }
  }
  if (n.k === 'name' || n.k === 'field') {
    const name = n.k === 'name' ? n.name : dottedName(n);
    if (!name) return undefined;
    const r = index.evalString({ kind: 'name', name }, { type: env.type, file: env.type.file });
    return 'value' in r ? r.value : undefined;
  }
  return undefined;
}


/** The calls of a builder chain, outermost last: `parameterBuilder().in(..).name(..)`. */
function chainCalls(n: Node): Array<Extract<Node, { k: 'call' }>> {
  const out: Array<Extract<Node, { k: 'call' }>> = [];
  for (let t: Node | undefined = n; t?.k === 'call'; t = t.target) out.unshift(t);
  return out;
}

function isTrue(n: Node): boolean {
  return n.k === 'name' && n.name === 'true';
}

/** `Foo.class`, `a.b.Foo.class`, Kotlin `Foo::class.java`: the class as written. */
function classLiteral(n: Node): string | undefined {
  if (n.k === 'field' && n.name === 'class') return dottedName(n.target);
  if (n.k === 'field' && n.name === 'java' && n.target.k === 'ref' && n.target.name === 'class' && n.target.target) return dottedName(n.target.target);
  return undefined;
}

function parameterOf(arg: Node, env: Env, sources: OperationSources, depth: number): OperationParam | undefined {
  const { index } = sources;
  // `QueryParamBuildUtil.sortParameter()`: a helper returning the parameter builder.
  const calls = chainCalls(arg);
  if (calls.length === 1 && !calls[0]!.name.endsWith('Builder') && depth < MAX_FOLLOW) {
    const helper = calledMethod(calls[0]!, env, sources);
    const returned = helper?.body.find((s) => s.k === 'return');
    return returned ? parameterOf(returned.value, helper!.env, sources, depth + 1) : undefined;
  }
  let name: string | undefined;
  let where: OperationParam['in'] | undefined;
  let required = false;
  let description = '';
  let type: string | undefined;
  let array = false;
  for (const c of calls) {
    const a = c.args[0];
    if (!a) continue;
    if (c.name === 'name') name = stringOf(a, env, index);
    else if (c.name === 'in') where = LOCATIONS[(dottedName(a) ?? '').split('.').pop() ?? ''];
    else if (c.name === 'required') required = isTrue(a);
    else if (c.name === 'description') description = stringOf(a, env, index) ?? '';
    else if (c.name === 'implementation' || c.name === 'implementationArray') {
      type = classLiteral(a);
      array = c.name === 'implementationArray';
    }
  }
  if (!name || !where) return undefined;
  const out: OperationParam = { name, in: where, required: required || where === 'path', description, where: env.type };
  if (type) out.type = type;
  if (array) out.array = true;
  return out;
}

/** `requestBodyBuilder()...implementation(Foo.class)`, or the class a nested content/schema builder names. */
function bodyOf(arg: Node, env: Env, index: ProjectIndex): OperationBody | undefined {
  let found: { type: string; array: boolean } | undefined;
  let contentType: string | undefined;
  let required = false;
  let description = '';
  const visit = (n: Node, top: boolean) => {
    if (n.k !== 'call') return;
    if (n.target) visit(n.target, top);
    const a = n.args[0];
    if ((n.name === 'implementation' || n.name === 'implementationArray') && a) {
      const type = classLiteral(a);
      if (type) found ??= { type, array: n.name === 'implementationArray' };
    } else if (n.name === 'mediaType' && a) contentType ??= stringOf(a, env, index);
    else if (top && n.name === 'required' && a) required = isTrue(a);
    else if (top && n.name === 'description' && a) description = stringOf(a, env, index) ?? '';
    for (const x of n.args) visit(x, false);
  };
  visit(arg, true);
  if (!found) return undefined;
  const out: OperationBody = { ...found, where: env.type, required, description };
  if (contentType) out.contentType = contentType;
  return out;
}

/** A documented success response: the first `response(...)` with a 2xx code, or none given, that names its class. */
function responseOf(arg: Node, env: Env, index: ProjectIndex): OperationResponse | undefined {
  const calls = chainCalls(arg);
  const code = calls.find((c) => c.name === 'responseCode' && c.args[0]);
  const status = code ? stringOf(code.args[0]!, env, index) : undefined;
  if (status !== undefined && !/^2\d\d$/.test(status)) return undefined;
  const body = bodyOf(arg, env, index);
  if (!body) return undefined;
  const out: OperationResponse = { type: body.type, array: body.array, description: body.description, where: env.type };
  if (status && status !== '200') out.status = status;
  if (body.contentType) out.contentType = body.contentType;
  return out;
}

/**
 * An operationId for a route no method names (a lambda handler), as openapi-generator derives one
 * for an operation without any, read as words: `/password-reset/email/{resetToken}` GET ->
 * `passwordResetEmailResetTokenGet`, `/` -> `rootGet`. Unique per method and path.
 */
export function pathOperationId(path: string, method: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return [...(words.length ? words : ['root']), method.toLowerCase()]
    .map((w, i) => (i === 0 ? w[0]!.toLowerCase() : w[0]!.toUpperCase()) + w.slice(1))
    .join('');
}

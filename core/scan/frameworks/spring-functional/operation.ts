// springdoc's operation customizer, the extra argument SpringdocRouteBuilder's verbs take
// (`builder -> builder.operationId("listPets").summary("List pets").tag("pets")`): the names it
// gives, where they are literal (or class constants, or locals of the router method), and the
// parameters and request body it documents (`.parameter(parameterBuilder().in(ParameterIn.QUERY)
// .name("page"))`, `.requestBody(requestBodyBuilder().implementation(Foo.class))`).

import type { ProjectIndex } from '../../project-index';
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
}

export interface OperationParam {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  description: string;
  /** The class of `implementation(Foo.class)`, as written. */
  type?: string;
}

export interface OperationBody {
  /** As written: `Foo`, `a.b.Foo`. */
  type: string;
  array: boolean;
  contentType?: string;
  required: boolean;
  description: string;
}

const LOCATIONS: Record<string, OperationParam['in']> = { QUERY: 'query', PATH: 'path', HEADER: 'header', COOKIE: 'cookie' };

const KEYS = new Set(['operationId', 'summary', 'description', 'tag']);

export function operationNames(operation: Node, env: Env, index: ProjectIndex): OperationNames {
  const out: OperationNames = {};
  const visit = (n: Node | undefined) => {
    if (!n) return;
    if (n.k === 'call') {
      visit(n.target);
      // The outermost call is read last: an inner parameter's `description(...)` must not win.
      if (n.target && KEYS.has(n.name) && n.args.length === 1 && chainedOnParam(n)) {
        const value = stringOf(n.args[0]!, env, index);
        if (value !== undefined) out[n.name as 'operationId' | 'summary' | 'description' | 'tag'] ??= value;
      }
      if (n.target && n.args.length === 1 && chainedOnParam(n)) {
        if (n.name === 'deprecated' && isTrue(n.args[0]!)) out.deprecated = true;
        if (n.name === 'parameter') {
          const p = parameterOf(n.args[0]!, env, index);
          if (p && !out.params?.some((q) => q.name === p.name && q.in === p.in)) (out.params ??= []).push(p);
        }
        if (n.name === 'requestBody') out.body ??= bodyOf(n.args[0]!, env, index);
      }
    } else if (n.k === 'lambda') n.body.forEach((s: Stmt) => visit(s.value));
  };
  visit(operation);
  return out;
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
    const name = n.k === 'name' ? n.name : dotted(n);
    if (!name) return undefined;
    const r = index.evalString({ kind: 'name', name }, { type: env.type, file: env.type.file });
    return 'value' in r ? r.value : undefined;
  }
  return undefined;
}

function dotted(n: Node): string | undefined {
  if (n.k === 'name') return n.name;
  if (n.k === 'field') {
    const head = dotted(n.target);
    return head && `${head}.${n.name}`;
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
  if (n.k === 'field' && n.name === 'class') return dotted(n.target);
  if (n.k === 'field' && n.name === 'java' && n.target.k === 'ref' && n.target.name === 'class' && n.target.target) return dotted(n.target.target);
  return undefined;
}

function parameterOf(arg: Node, env: Env, index: ProjectIndex): OperationParam | undefined {
  let name: string | undefined;
  let where: OperationParam['in'] | undefined;
  let required = false;
  let description = '';
  let type: string | undefined;
  for (const c of chainCalls(arg)) {
    const a = c.args[0];
    if (!a) continue;
    if (c.name === 'name') name = stringOf(a, env, index);
    else if (c.name === 'in') where = LOCATIONS[(dotted(a) ?? '').split('.').pop() ?? ''];
    else if (c.name === 'required') required = isTrue(a);
    else if (c.name === 'description') description = stringOf(a, env, index) ?? '';
    else if (c.name === 'implementation') type = classLiteral(a);
  }
  if (!name || !where) return undefined;
  const out: OperationParam = { name, in: where, required: required || where === 'path', description };
  if (type) out.type = type;
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
  const out: OperationBody = { ...found, required, description };
  if (contentType) out.contentType = contentType;
  return out;
}

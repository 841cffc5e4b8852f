// springdoc's operation customizer, the extra argument SpringdocRouteBuilder's verbs take
// (`builder -> builder.operationId("listPets").summary("List pets").tag("pets")`): the names it
// gives, where they are literal (or class constants, or locals of the router method).

import type { ProjectIndex } from '../../project-index';
import type { Env } from './route-eval';
import type { Node, Stmt } from './route-syntax';

export interface OperationNames {
  operationId?: string;
  summary?: string;
  description?: string;
  tag?: string;
}

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
        if (value !== undefined) out[n.name as keyof OperationNames] ??= value;
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

// The method a route's handler reference names: `handler::list` with `handler` a parameter of the
// router method, a field or constructor property of its class, or a local made with `new`;
// `this::list` and Kotlin's `::list` in the router's own class; `PetHandler::list` by type.

import type { MethodSite } from '../../hierarchy';
import type { ProjectIndex } from '../../project-index';
import type { TypeDecl, TypeRef } from '../../source-model';
import type { Env, Handler } from './route-eval';
import { dottedName } from './route-syntax';
import type { Node } from './route-syntax';

export type ResolvedHandler = MethodSite;

export function resolveHandler(index: ProjectIndex, handler: Extract<Handler, { k: 'ref' }>): ResolvedHandler | undefined {
  const owner = targetType(index, handler.target, handler.env);
  if (!owner) return undefined;
  for (const t of [owner, ...index.ancestors(owner)]) {
    // Overloads: the one taking the request (a HandlerFunction has one parameter).
    const named = t.methods.filter((m) => m.name === handler.name);
    // A delegating lambda's call may leave parameters with defaults out.
    const method =
      handler.arity !== undefined
        ? named.find((m) => m.params.length === handler.arity)
        : handler.delegated !== undefined
          ? (named.find((m) => m.params.length === handler.delegated) ?? named.find((m) => m.params.length > handler.delegated!))
          : (named.find((m) => m.params.length === 1) ?? named[0]);
    if (method) return { owner: t, method };
  }
  return undefined;
}

/**
 * The class a call's or reference's target is an instance (or the name) of: `this`, a parameter,
 * field or local made with `new`, `new Foo(..)`, Kotlin's `Foo(..)` and `ref<Foo>()`, or `Foo`.
 */
export function targetType(index: ProjectIndex, target: Node | undefined, env: Env): TypeDecl | undefined {
  const scope = { type: env.type, file: env.type.file };
  if (!target || (target.k === 'name' && target.name === 'this')) return env.type;
  if (target.k === 'new') return index.resolveType(target.type, scope);
  if (target.k === 'call' && !target.target && /^[A-Z]/.test(target.name)) return index.resolveType(target.name, scope);
  if (target.k === 'field' && target.target.k === 'name' && target.target.name === 'this') return memberType(index, env.type, target.name);
  if (target.k === 'name') {
    const name = target.name;
    for (let e: Env | undefined = env; e; e = e.parent) {
      const created = e.created?.get(name);
      if (created) return index.resolveType(created, scope);
      if (e.locals.has(name)) {
        const param = e.method.params.find((p) => p.name === name);
        if (param) return typeOf(index, param.type, e.type);
      }
    }
    const member = memberType(index, env.type, name);
    if (member) return member;
  }
  const name = dottedName(target);
  return name && /^[A-Z]/.test(name.slice(name.lastIndexOf('.') + 1)) ? index.resolveType(name, scope) : undefined;
}

/** A field (Java, Kotlin property) or Kotlin constructor property of the class or its supertypes. */
function memberType(index: ProjectIndex, type: TypeDecl, name: string): TypeDecl | undefined {
  const field = index.fieldOf(type, name);
  if (field) return typeOf(index, field.field.type, field.owner);
  for (const t of [type, ...index.ancestors(type)]) {
    const prop = t.components.find((c) => c.name === name);
    if (prop) return typeOf(index, prop.type, t);
  }
  return undefined;
}

function typeOf(index: ProjectIndex, ref: TypeRef, where: TypeDecl): TypeDecl | undefined {
  return index.resolveType(ref.name, { type: where, file: where.file });
}


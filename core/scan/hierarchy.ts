// Which declaration of a method applies in a class hierarchy. Frameworks inherit mapping
// annotations from superclasses and interfaces when an override carries none of its own, so
// each method of a concrete type is seen as its chain of declarations, most specific first.

import type { ProjectIndex } from './project-index';
import { simpleName } from './source-model';
import type { MethodDecl, TypeDecl } from './source-model';

export interface MethodSite {
  method: MethodDecl;
  owner: TypeDecl;
}

export interface MethodChain {
  /** The most specific declaration: where the user navigates and the endpoint's source. */
  site: MethodSite;
  /** Every declaration of the method, most specific first (site included). */
  chain: MethodSite[];
}

/**
 * Methods a concrete type exposes, including inherited ones, excluding static and (unless
 * `privateToo`) private ones. Overloads stay apart; a declaration joins an inherited one when
 * names, arity and erased parameter types agree, a type variable agreeing with anything
 * (`save(T)` is overridden by `save(User)`). A private method overrides nothing and is never
 * overridden: it is a chain of its own.
 */
export function methodChains(index: ProjectIndex, type: TypeDecl, privateToo = false): MethodChain[] {
  const byName = new Map<string, MethodChain[]>();
  const all: MethodChain[] = [];
  for (const owner of [type, ...index.ancestors(type)]) {
    for (const method of owner.methods) {
      if (method.modifiers.includes('static')) continue;
      if (method.modifiers.includes('private')) {
        if (privateToo && owner.kind !== 'interface') all.push({ site: { method, owner }, chain: [{ method, owner }] });
        continue;
      }
      const key = `${method.name}/${method.params.length}`;
      const site = { method, owner };
      const group = byName.get(key) ?? [];
      const chain = group.find((c) => !c.chain.some((s) => s.owner === owner) && sameSignature(c.site, site));
      if (chain) chain.chain.push(site);
      else {
        const fresh = { site, chain: [site] };
        group.push(fresh);
        all.push(fresh);
        byName.set(key, group);
      }
    }
  }
  return all;
}

function sameSignature(a: MethodSite, b: MethodSite): boolean {
  return a.method.params.every((pa, i) => {
    const pb = b.method.params[i]!;
    const ta = simpleName(pa.type.name);
    const tb = simpleName(pb.type.name);
    if (isTypeVariable(ta, a) || isTypeVariable(tb, b)) return true;
    return ta === tb && pa.type.dims === pb.type.dims;
  });
}

function isTypeVariable(name: string, site: MethodSite): boolean {
  for (let t: TypeDecl | undefined = site.owner; t; t = t.outer) if (t.typeParams.some((p) => p.name === name)) return true;
  return site.method.typeParams.some((p) => p.name === name);
}

/** The first declaration in the type and its ancestors for which `pick` yields a value. */
export function firstInHierarchy<T>(index: ProjectIndex, type: TypeDecl, pick: (t: TypeDecl) => T | undefined): T | undefined {
  for (const t of [type, ...index.ancestors(type)]) {
    const v = pick(t);
    if (v !== undefined) return v;
  }
  return undefined;
}

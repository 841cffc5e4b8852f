// Which declaration of a method applies in a class hierarchy. Frameworks inherit mapping
// annotations from superclasses and interfaces when an override carries none of its own, so
// each method of a concrete type is seen as its chain of declarations, most specific first.

import type { ProjectIndex } from './project-index';
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

/** Methods a concrete type exposes, including inherited ones, excluding static and private. */
export function methodChains(index: ProjectIndex, type: TypeDecl): MethodChain[] {
  const chains = new Map<string, MethodChain>();
  for (const owner of [type, ...index.ancestors(type)]) {
    for (const method of owner.methods) {
      if (method.modifiers.includes('static') || method.modifiers.includes('private')) continue;
      const key = `${method.name}/${method.params.length}`;
      const site = { method, owner };
      const chain = chains.get(key);
      if (chain) chain.chain.push(site);
      else chains.set(key, { site, chain: [site] });
    }
  }
  return [...chains.values()];
}

/** The first declaration in the type and its ancestors for which `pick` yields a value. */
export function firstInHierarchy<T>(index: ProjectIndex, type: TypeDecl, pick: (t: TypeDecl) => T | undefined): T | undefined {
  for (const t of [type, ...index.ancestors(type)]) {
    const v = pick(t);
    if (v !== undefined) return v;
  }
  return undefined;
}

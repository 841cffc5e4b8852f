// Handler parameters the application fills itself: a `HandlerMethodArgumentResolver` of the
// project decides which parameters it supports, usually by an annotation of the project
// (litemall's `@LoginUser Integer userId`, read from a token header) or by the parameter's type.
// Spring asks such resolvers before it falls back to binding a plain parameter from the query,
// so those parameters are nothing a client sends. Which annotation or type a resolver supports
// is in the body of `supportsParameter`, which the source model does not keep: the resolver's
// text is searched for the project's types it names as `X.class` / `X::class`.
// Resolver files are global (spring-mvc's `globalSupers`): editing one re-scans every endpoint.

import { readFileSync } from 'node:fs';
import { blankComments } from '../../config-text';
import type { ProjectIndex, Scope } from '../../project-index';
import { directSubtypes } from '../../direct-subtypes';
import type { ParamDecl } from '../../source-model';

export const ARGUMENT_RESOLVER_SUPERS = ['HandlerMethodArgumentResolver'] as const;

/** The fully qualified names of the project's annotations and types some resolver of the project fills parameters by. */
export function resolvedByApplication(index: ProjectIndex): ReadonlySet<string> {
  return index.derived('argument-resolver-types', () => {
    const out = new Set<string>();
    const read = new Set<string>();
    for (const { type: resolver, file, entry } of directSubtypes(index, ARGUMENT_RESOLVER_SUPERS)) {
      // The file's text once, in the scope of its first resolver.
      if (read.has(entry.path)) continue;
      read.add(entry.path);
      let text: string;
      try {
        text = blankComments(readFileSync(entry.abs, 'utf8'));
      } catch {
        continue;
      }
      for (const m of text.matchAll(/\b([A-Z][\w$]*(?:\.[A-Z][\w$]*)*)\s*(?:\.class\b|::class\b)/g)) {
        const decl = index.resolveType(m[1]!, { type: resolver, file });
        if (decl && decl !== resolver) out.add(decl.fqn);
      }
    }
    return out;
  });
}

/** A parameter one of the project's resolvers fills: annotated with, or of, a project type a resolver names. */
export function filledByResolver(index: ProjectIndex, param: ParamDecl, scope: Scope): boolean {
  const resolved = resolvedByApplication(index);
  if (resolved.size === 0) return false;
  const named = (name: string) => {
    const decl = index.resolveType(name, scope);
    return decl !== undefined && resolved.has(decl.fqn);
  };
  return param.annotations.some((a) => named(a.name)) || named(param.type.name);
}

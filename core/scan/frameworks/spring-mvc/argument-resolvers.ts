// Handler parameters the application fills itself: a `HandlerMethodArgumentResolver` of the
// project decides which parameters it supports, usually by an annotation of the project
// (litemall's `@LoginUser Integer userId`, read from a token header) or by the parameter's type.
// Spring asks such resolvers before it falls back to binding a plain parameter from the query,
// so those parameters are nothing a client sends (provider-named-types.ts).
// Resolver files are global (spring-mvc's `globalSupers`): editing one re-scans every endpoint.

import type { ProjectIndex, Scope } from '../../project-index';
import type { ParamDecl } from '../../source-model';
import { namesOneOf, typesNamedByProviders } from '../provider-named-types';

export const ARGUMENT_RESOLVER_SUPERS = ['HandlerMethodArgumentResolver'] as const;

/** A parameter one of the project's resolvers fills: annotated with, or of, a project type a resolver names. */
export function filledByResolver(index: ProjectIndex, param: ParamDecl, scope: Scope): boolean {
  return namesOneOf(index, typesNamedByProviders(index, 'argument-resolver-types', ARGUMENT_RESOLVER_SUPERS), param, scope);
}

// The statuses a handler shows by its code, beside what its annotations declare
// (declared-responses.ts): codes its body names, `@ResponseStatus` on the exceptions it declares or
// throws, `@ExceptionHandler`s (the controller's own and its advice's) that handle them, and the
// fixed statuses of JAX-RS's own exceptions.

import type { DeclaredResponse } from '../../model/request';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { TypeDecl } from '../source-model';
import { stringAttr } from '../types/attribute';
import { arrayItems } from '../annotation-values';
import { reasonPhrase } from '../http-status';
import { statusCode } from './declared-responses';

/** What one exception answers with: `@ResponseStatus(code, reason)` on it or on the handler that handles it. */
type ExceptionResponse = DeclaredResponse;

/** Spring stereotypes of classes whose `@ExceptionHandler`s apply to every controller. */
export const ADVICE_MARKERS = ['ControllerAdvice', 'RestControllerAdvice'];

/**
 * `@ExceptionHandler(X.class)` methods carrying `@ResponseStatus` in a type: exception (its
 * qualified name when it is in the tree, else as written) -> response. Without a value the
 * handler handles the exceptions its parameters name, as in Spring.
 */
export function exceptionHandlers(index: ProjectIndex, type: TypeDecl, into = new Map<string, ExceptionResponse>()): Map<string, ExceptionResponse> {
  for (const m of type.methods) {
    const handler = findAnnotation(m.annotations, 'ExceptionHandler');
    const status = handler && findAnnotation(m.annotations, 'ResponseStatus');
    if (!handler || !status) continue;
    const scope = { type, file: type.file };
    const code = statusCode(index, status.args.code ?? status.args.value, scope);
    if (!code) continue;
    const names = arrayItems(handler.args.value).flatMap((e) => (e.kind === 'class' ? [e.type.name] : []));
    if (!names.length) for (const p of m.params) if (/(?:Exception|Error|Throwable)$/.test(simpleName(p.type.name))) names.push(p.type.name);
    const reason = stringAttr(index, status, 'reason', scope);
    for (const n of names) {
      const key = index.fqnOf(n, scope) ?? simpleName(n);
      if (!into.has(key)) into.set(key, { status: code, description: reason || reasonPhrase(code) });
    }
  }
  return into;
}

/** The status JAX-RS's own `WebApplicationException` subclasses answer with. */
export const JAX_RS_EXCEPTIONS: Record<string, string> = {
  BadRequestException: '400', NotAuthorizedException: '401', ForbiddenException: '403', NotFoundException: '404', NotAllowedException: '405',
  NotAcceptableException: '406', NotSupportedException: '415', InternalServerErrorException: '500', ServiceUnavailableException: '503',
};

/**
 * The statuses a handler shows besides its annotations: codes its body names (body-facts.ts), and
 * for each exception it declares or throws, the handler of that exception or one of its
 * superclasses (`handlers`: advice, then the controller's own) or the `@ResponseStatus` on the
 * class, nearest first (Spring asks the handlers before the annotation). `builtin` names library
 * exceptions whose status is fixed. The success code is the first 2xx the body names, unless it
 * names 200 or `explicit` (`@ResponseStatus` on the handler) says otherwise.
 */
export function visibleResponses(
  index: ProjectIndex,
  chain: readonly MethodSite[],
  explicit: string | undefined,
  handlers: ReadonlyMap<string, ExceptionResponse>,
  builtin: Readonly<Record<string, string>> = {},
): { status: string | undefined; responses: DeclaredResponse[] } {
  const codes: string[] = [];
  const fromExceptions: DeclaredResponse[] = [];
  for (const { method, owner } of chain) {
    for (const c of method.statuses ?? []) if (!codes.includes(c)) codes.push(c);
    for (const name of method.thrown ?? []) {
      const r = exceptionResponse(index, name, { type: owner, file: owner.file }, handlers, builtin);
      if (r) fromExceptions.push(r);
    }
  }
  const success = explicit ?? (codes.includes('200') ? undefined : codes.find((c) => c.startsWith('2')));
  const out: DeclaredResponse[] = [];
  const seen = new Set([success ?? '200']);
  for (const c of codes) {
    if (seen.has(c)) continue;
    seen.add(c);
    out.push({ status: c, description: reasonPhrase(c) });
  }
  for (const r of fromExceptions) {
    if (seen.has(r.status)) continue;
    seen.add(r.status);
    out.push(r);
  }
  return { status: success, responses: out };
}

/** Declared responses, then the visible ones whose status none of them declares. */
export function withVisible(declared: DeclaredResponse[], visible: readonly DeclaredResponse[]): DeclaredResponse[] {
  const have = new Set(declared.map((r) => r.status));
  return [...declared, ...visible.filter((r) => !have.has(r.status))];
}

function exceptionResponse(index: ProjectIndex, name: string, scope: Scope, handlers: ReadonlyMap<string, ExceptionResponse>, builtin: Readonly<Record<string, string>>): ExceptionResponse | undefined {
  const decl = index.resolveType(name, scope);
  const chain = decl ? [decl, ...index.ancestors(decl)] : [];
  for (const t of chain) {
    const handled = handlers.get(t.fqn);
    if (handled) return handled;
    const ann = findAnnotation(t.annotations, 'ResponseStatus');
    const code = ann && statusCode(index, ann.args.code ?? ann.args.value, { type: t, file: t.file });
    if (ann && code) return { status: code, description: stringAttr(index, ann, 'reason', { type: t, file: t.file }) || reasonPhrase(code) };
  }
  // Outside the tree: a handler of the library type (by the name written), or its fixed status.
  const outside = chain.length ? chain[chain.length - 1]!.superclass?.name : name;
  if (!outside) return undefined;
  const handled = handlers.get(simpleName(outside));
  if (handled) return handled;
  const fixed = builtin[simpleName(outside)];
  return fixed ? { status: fixed, description: reasonPhrase(fixed) } : undefined;
}

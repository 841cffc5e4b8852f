// Reading annotation attributes as constant values, folded through the project index.

import type { Diagnostic } from '../model/endpoint';
import { MAX_CONSTANT_CHARS } from './project-index';
import type { ProjectIndex, Scope } from './project-index';
import { simpleName } from './source-model';
import type { Annotation, Expr } from './source-model';

/** The attribute's values: a single value or an array literal, each folded to a string. */
export function stringValues(
  index: ProjectIndex,
  ann: Annotation,
  keys: readonly string[],
  scope: Scope,
  diagnostics?: Diagnostic[],
): string[] | undefined {
  const expr = keys.map((k) => ann.args[k]).find((e) => e !== undefined);
  if (!expr) return undefined;
  const items = expr.kind === 'array' ? expr.items : [expr];
  return items.map((item) => {
    const r = index.evalString(item, scope);
    if ('value' in r) return r.value;
    const partly = r.reason ? undefined : foldKeepingUnresolved(index, item, scope);
    diagnostics?.push({
      file: scope.file.path,
      line: ann.line,
      message: `@${ann.name}: cannot resolve ${r.unresolved} to a constant${r.reason ? ` (${r.reason})` : ''}; kept as \${${r.unresolved}}`,
    });
    return partly ?? `\${${r.unresolved}}`;
  });
}

/**
 * A concatenation folded part by part, each part that is no constant of the tree kept as
 * `${NAME}`: `KMSRESTConstants.KEY_RESOURCE + "/{name:.*}"` (a library's constant) keeps its
 * `/{name}` template. Undefined for anything but a concatenation.
 */
function foldKeepingUnresolved(index: ProjectIndex, expr: Expr, scope: Scope): string | undefined {
  if (expr.kind !== 'concat') return undefined;
  let out = '';
  for (const part of expr.parts) {
    const r = index.evalString(part, scope);
    if ('value' in r) out += r.value;
    else if (r.reason) return undefined;
    else out += `\${${r.unresolved}}`;
    if (out.length > MAX_CONSTANT_CHARS) return undefined;
  }
  return out;
}

/**
 * One attribute folded to a string. A constant that cannot be folded is never turned into a
 * name: the value is undefined (callers fall back to the code's own name) and, given
 * `diagnostics`, the scan says which constant it could not read.
 */
export function stringValue(index: ProjectIndex, ann: Annotation, keys: readonly string[], scope: Scope, diagnostics?: Diagnostic[]): string | undefined {
  const expr = keys.map((k) => ann.args[k]).find((e) => e !== undefined);
  if (!expr) return undefined;
  const first = expr.kind === 'array' ? expr.items[0] : expr;
  if (!first) return undefined;
  const r = index.evalString(first, scope);
  if ('value' in r) return r.value;
  diagnostics?.push({ file: scope.file.path, line: ann.line, message: `@${ann.name}: cannot resolve ${r.unresolved} to a constant; the code's own name is used` });
  return undefined;
}

/** Enum-like attribute values by their last name segment: `RequestMethod.GET` -> `GET`. */
export function enumNames(expr: Expr | undefined): string[] {
  if (!expr) return [];
  const items = expr.kind === 'array' ? expr.items : [expr];
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'name') out.push(item.name.slice(item.name.lastIndexOf('.') + 1));
    else if (item.kind === 'string') out.push(item.value);
  }
  return out;
}

export function isTrue(expr: Expr | undefined): boolean {
  return expr?.kind === 'literal' && expr.value === 'true';
}

/** An attribute's items: those of an array literal (`{A.class, B.class}`), else the one value. */
export function arrayItems(e: Expr | undefined): Expr[] {
  if (!e) return [];
  return e.kind === 'array' ? e.items : [e];
}

/** Annotations of the given names, a container's (`@ApiResponses({...})`) items included. */
export function annotationsNamed(anns: readonly Annotation[], single: string, container: string): Annotation[] {
  const out: Annotation[] = [];
  for (const a of anns) {
    const n = simpleName(a.name);
    if (n === single) out.push(a);
    else if (n === container) for (const item of arrayItems(a.args.value)) if (item.kind === 'annotation' && simpleName(item.annotation.name) === single) out.push(item.annotation);
  }
  return out;
}

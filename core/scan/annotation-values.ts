// Reading annotation attributes as constant values, folded through the project index.

import type { Diagnostic } from '../model/endpoint';
import type { ProjectIndex, Scope } from './project-index';
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
    diagnostics?.push({
      file: scope.file.path,
      line: ann.line,
      message: `@${ann.name}: cannot resolve ${r.unresolved} to a constant${r.reason ? ` (${r.reason})` : ''}; kept as \${${r.unresolved}}`,
    });
    return `\${${r.unresolved}}`;
  });
}

export function stringValue(index: ProjectIndex, ann: Annotation, keys: readonly string[], scope: Scope): string | undefined {
  const values = stringValues(index, ann, keys, scope);
  return values?.[0];
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

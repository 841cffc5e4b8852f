// Annotation attributes read as constant values for schemas: strings folded through the
// project's constants, numbers, booleans, enum constants and class literals. An attribute
// that cannot be folded reads as absent: a schema keyword is better missing than invented.

import type { ProjectIndex, Scope } from '../project-index';
import type { Annotation, Expr, FieldDecl, TypeDecl } from '../source-model';
import { simpleName } from '../source-model';

export function stringAttr(index: ProjectIndex, a: Annotation | undefined, key: string, scope: Scope): string | undefined {
  const e = a?.args[key];
  if (!e) return undefined;
  return foldString(index, e.kind === 'array' && e.items.length === 1 ? e.items[0]! : e, scope);
}

export function stringsAttr(index: ProjectIndex, a: Annotation | undefined, key: string, scope: Scope): string[] {
  const e = a?.args[key];
  if (!e) return [];
  const out: string[] = [];
  for (const item of e.kind === 'array' ? e.items : [e]) {
    const v = foldString(index, item, scope);
    if (v !== undefined) out.push(v);
  }
  return out;
}

export function foldString(index: ProjectIndex, e: Expr, scope: Scope): string | undefined {
  const r = index.evalString(e, scope);
  return 'value' in r ? r.value : undefined;
}

export function numberAttr(index: ProjectIndex, a: Annotation | undefined, key: string, scope: Scope): number | undefined {
  const e = a?.args[key];
  return e ? foldNumber(index, e, scope) : undefined;
}

/**
 * A numeric constant expression: literals, numeric strings (`@DecimalMin("0.01")`), sums, and
 * constants across classes. `+` adds here: the string folding would concatenate.
 */
export function foldNumber(index: ProjectIndex, e: Expr, scope: Scope, seen: Set<FieldDecl> = new Set()): number | undefined {
  switch (e.kind) {
    case 'literal':
    case 'string': {
      if (e.value.trim() === '') return undefined;
      const n = Number(e.value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'concat': {
      let sum = 0;
      for (const part of e.parts) {
        const n = foldNumber(index, part, scope, seen);
        if (n === undefined) return undefined;
        sum += n;
      }
      return sum;
    }
    case 'name': {
      const dot = e.name.lastIndexOf('.');
      let hit: { field: FieldDecl; owner: TypeDecl } | undefined;
      if (dot < 0) hit = index.resolveField(e.name, scope);
      else {
        const owner = index.resolveType(e.name.slice(0, dot), scope);
        hit = owner ? index.fieldOf(owner, e.name.slice(dot + 1)) : undefined;
      }
      if (!hit?.field.initializer || seen.has(hit.field)) return undefined;
      seen.add(hit.field);
      return foldNumber(index, hit.field.initializer, { type: hit.owner, file: hit.owner.file }, seen);
    }
    default:
      return undefined;
  }
}

export function boolAttr(a: Annotation | undefined, key: string): boolean | undefined {
  const e = a?.args[key];
  return e?.kind === 'literal' && (e.value === 'true' || e.value === 'false') ? e.value === 'true' : undefined;
}

/** `Schema.RequiredMode.REQUIRED` -> `REQUIRED`. */
export function enumAttr(a: Annotation | undefined, key: string): string | undefined {
  const e = a?.args[key];
  return e?.kind === 'name' ? simpleName(e.name) : undefined;
}

/** Simple names of the class literals of an attribute: `{Create.class, Default.class}` -> [Create, Default]. */
export function classesAttr(a: Annotation | undefined, key: string): string[] {
  const e = a?.args[key];
  if (!e) return [];
  const out: string[] = [];
  for (const item of e.kind === 'array' ? e.items : [e]) if (item.kind === 'class') out.push(simpleName(item.type.name));
  return out;
}

/** The annotations of a declaration by simple name; the first of a name wins (field before getter before setter). */
export function bySimpleName(annotations: readonly Annotation[]): Map<string, Annotation> {
  const out = new Map<string, Annotation>();
  for (const a of annotations) {
    const n = simpleName(a.name);
    if (!out.has(n)) out.set(n, a);
  }
  return out;
}

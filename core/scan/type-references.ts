// Which other files a parsed file will likely make the scanner parse: the files declaring the
// types its declarations name (supertypes, fields, parameters, return types, type arguments)
// and the constants its annotations name. A parse worker follows these ahead of the scanner;
// a guess costs only a parse nobody asks for, a miss only a parse on the scanner's thread, so
// the answer may over-approximate and never changes a result.

import type { Annotation, Expr, SourceFile, TypeDecl, TypeRef } from './source-model';

/** The header facts needed to find a file by a type name: what the scanner's index knows before any parse. */
export interface DeclaringFile {
  id: number;
  pkg: string;
}

/** Files by each simple type name they declare. */
export type DeclarationTable = Map<string, DeclaringFile[]>;

/**
 * Ids of the files that may declare a type named in `file`, itself excluded. For a file that
 * serves endpoints only the method signatures and supertypes count: its fields are services and
 * repositories, which no request model reads.
 */
export function referencedFiles(file: SourceFile, table: DeclarationTable, self: number, serves: boolean): Set<number> {
  const names = new Set<string>();
  const own = new Set<string>();
  const visitType = (t: TypeDecl) => {
    own.add(t.name);
    if (t.superclass) typeNames(t.superclass, names);
    for (const r of t.interfaces) typeNames(r, names);
    for (const p of t.typeParams) for (const b of p.bounds) typeNames(b, names);
    annotationNames(t.annotations, names);
    if (!serves) {
      for (const f of t.fields) {
        typeNames(f.type, names);
        annotationNames(f.annotations, names);
      }
      for (const p of t.components) typeNames(p.type, names);
      for (const c of t.constructors) for (const p of c) typeNames(p.type, names);
    }
    for (const m of t.methods) {
      if (m.returnType) typeNames(m.returnType, names);
      annotationNames(m.annotations, names);
      for (const p of m.typeParams) for (const b of p.bounds) typeNames(b, names);
      for (const p of m.params) {
        typeNames(p.type, names);
        annotationNames(p.annotations, names);
      }
    }
    t.nested.forEach(visitType);
  };
  file.types.forEach(visitType);

  // The packages a name can come from: the file's own, and every import (with its prefixes,
  // since an import may name a nested type or a type's members).
  const pkgs = new Set<string>([file.pkg]);
  for (const imp of file.imports) {
    for (let name = imp.name; name; name = name.slice(0, Math.max(0, name.lastIndexOf('.')))) pkgs.add(name);
  }
  const out = new Set<number>();
  for (const name of names) {
    const segs = name.split('.');
    const head = segs[0]!;
    if (own.has(head)) continue;
    // A qualified name `a.b.C.D` may mean package `a.b`, type `C`: try every split.
    for (let i = 0; i < segs.length; i++) {
      const pkg = segs.slice(0, i).join('.');
      for (const f of table.get(segs[i]!) ?? []) {
        if (f.id !== self && (i > 0 ? f.pkg === pkg : pkgs.has(f.pkg))) out.add(f.id);
      }
    }
  }
  return out;
}

function typeNames(ref: TypeRef, out: Set<string>): void {
  if (ref.name !== '?') out.add(ref.name);
  for (const a of ref.args) typeNames(a, out);
  if (ref.bound) typeNames(ref.bound.type, out);
}

function annotationNames(list: readonly Annotation[], out: Set<string>): void {
  for (const a of list) for (const value of Object.values(a.args)) exprNames(value, out);
}

/** Dotted constant names (`Paths.API` -> `Paths`) and class literals in an annotation argument. */
function exprNames(e: Expr, out: Set<string>): void {
  switch (e.kind) {
    case 'name': {
      const dot = e.name.lastIndexOf('.');
      if (dot > 0) out.add(e.name.slice(0, dot));
      break;
    }
    case 'class':
      typeNames(e.type, out);
      break;
    case 'concat':
      e.parts.forEach((p) => exprNames(p, out));
      break;
    case 'array':
      e.items.forEach((p) => exprNames(p, out));
      break;
    case 'annotation':
      annotationNames([e.annotation], out);
      break;
    default:
  }
}

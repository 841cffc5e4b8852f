// The project's classes that name one of a few library supertypes directly (`implements
// HandlerMethodArgumentResolver`, `implements Converter<String, X>`), found through the supertype
// names the header scan recorded, in path order so that what is derived from them does not depend
// on the order of the walk.

import { ProjectIndex } from './project-index';
import type { FileEntry } from './project-index';
import { simpleName } from './source-model';
import type { SourceFile, TypeDecl, TypeRef } from './source-model';

export interface DirectSubtype<N extends string> {
  type: TypeDecl;
  file: SourceFile;
  entry: FileEntry;
  /** Which of the supertypes it names, and the reference as written (its type arguments). */
  name: N;
  ref: TypeRef;
}

export function* directSubtypes<N extends string>(index: ProjectIndex, supers: readonly N[]): Generator<DirectSubtype<N>> {
  for (const name of supers) {
    for (const entry of [...index.filesExtending(name)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const file = index.parse(entry);
      if (!file) continue;
      for (const type of ProjectIndex.allTypes(file)) {
        for (const ref of [type.superclass, ...type.interfaces]) if (ref && simpleName(ref.name) === name) yield { type, file, entry, name, ref };
      }
    }
  }
}

/**
 * The source types that extend or implement `d` directly, by file path. The lookup is a
 * dependency (`filesExtending` records it): a re-scan follows a subclass file added or removed.
 */
export function subtypesOf(index: ProjectIndex, d: TypeDecl): TypeDecl[] {
  const out: TypeDecl[] = [];
  for (const entry of [...index.filesExtending(d.name)].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const file = index.parse(entry);
    if (!file) continue;
    for (const t of ProjectIndex.allTypes(file)) if (t !== d && index.superTypes(t).includes(d)) out.push(t);
  }
  return out;
}

// Type arguments a concrete class fixes for the generic ancestors it inherits methods from:
// `ProductController extends AbstractCrudController<ProductDto, Long>` makes `T get(ID id)`
// read as `ProductDto get(Long id)`.

import type { MethodSite } from '../hierarchy';
import type { ProjectIndex } from '../project-index';
import type { TypeDecl } from '../source-model';
import type { SchemaBuilder, TypeBindings } from './type-schema';

const NONE: TypeBindings = new Map();

/** Bindings of `ancestor`'s type parameters as seen from `concrete` (empty when not generic). */
export function bindingsFor(index: ProjectIndex, schemas: SchemaBuilder, concrete: TypeDecl, ancestor: TypeDecl): TypeBindings {
  if (concrete === ancestor || ancestor.typeParams.length === 0) return NONE;
  // Breadth-first up the hierarchy, carrying the bindings of each step.
  const queue: Array<{ type: TypeDecl; bindings: TypeBindings }> = [{ type: concrete, bindings: NONE }];
  const seen = new Set<TypeDecl>([concrete]);
  while (queue.length) {
    const { type, bindings } = queue.shift()!;
    const scope = type.outer ? { type: type.outer, file: type.file } : { file: type.file };
    for (const ref of type.superclass ? [type.superclass, ...type.interfaces] : type.interfaces) {
      const decl = index.resolveType(ref.name, scope);
      if (!decl || seen.has(decl)) continue;
      seen.add(decl);
      // Arguments are written in the subtype: resolve them there, with its own bindings.
      const next = schemas.bind(decl, ref, { type, file: type.file }, bindings);
      if (decl === ancestor) return next;
      queue.push({ type: decl, bindings: next });
    }
  }
  return NONE;
}

/** Bindings for reading a method's signature from `concrete`: its class's arguments plus its own type variables. */
export function methodBindingsFor(index: ProjectIndex, schemas: SchemaBuilder, concrete: TypeDecl, site: MethodSite): TypeBindings {
  return schemas.methodBindings(site.method, { type: site.owner, file: site.owner.file }, bindingsFor(index, schemas, concrete, site.owner));
}

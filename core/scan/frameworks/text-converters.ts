// Types the application converts from request text with a converter of its own: Spring's
// `Converter<String, X>` and `Formatter<X>` (beans, or registered in `addFormatters`) and JAX-RS's
// `ParamConverter<X>`. A parameter or bean property of such a type is one string on the wire, not
// the fields of X: petclinic's pet form posts `type=cat`, which PetTypeFormatter turns into a
// PetType, where the fields would have said `type.id` and `type.name`.
// The converters' files are global (each framework's `globalSupers`): editing, adding or removing
// one re-scans every endpoint, so the set is derived once per state of the tree.

import type { ProjectIndex } from '../project-index';
import { directSubtypes } from '../direct-subtypes';
import { simpleName } from '../source-model';
import type { TypeRef } from '../source-model';

/** The supertypes that make a class a converter from text. */
export const CONVERTER_SUPERS = ['Converter', 'Formatter', 'ParamConverter'] as const;

/** The fully qualified names of the project's types some converter of the project reads from text. */
export function textConvertedTypes(index: ProjectIndex): ReadonlySet<string> {
  return index.derived('text-converted-types', () => {
    const out = new Set<string>();
    for (const { type, file, name, ref } of directSubtypes(index, CONVERTER_SUPERS)) {
      const target = convertedType(name, ref);
      const decl = target && index.resolveType(target.name, { type, file });
      if (decl) out.add(decl.fqn);
    }
    return out;
  });
}

/** X of `Converter<String, X>` (from String only: an entity-to-DTO converter reads no text), `Formatter<X>`, `ParamConverter<X>`. */
function convertedType(name: (typeof CONVERTER_SUPERS)[number], s: TypeRef): TypeRef | undefined {
  if (name !== 'Converter') return s.args.length === 1 ? s.args[0] : undefined;
  const [from, to] = s.args;
  return from && to && simpleName(from.name) === 'String' && from.dims === 0 ? to : undefined;
}

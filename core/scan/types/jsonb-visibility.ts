// Which of a Java class's fields JSON-B sees as properties. JSON-B's default visibility (spec 3.7.1,
// Yasson) differs from Jackson's: only public fields and public accessors count, whatever
// annotations a field carries. A field is written through its getter when it has one (a non-public
// getter hides it, even a public field), else only when it is public; read through its setter
// likewise. So a private `@JsonbProperty` field with no public accessor is no property.
// `@JsonbVisibility` names a strategy of the project's own that may see private fields: its class
// is left as Jackson's rules read it, as is every class of a package annotated so (package-info.java),
// and every class where the application's JsonbConfig sets `withPropertyVisibilityStrategy`. Lombok's `@Data` / `@Getter` / `@Setter` / `@Value` generate
// public accessors unless told another AccessLevel. A `@JsonbCreator`'s parameters are read too:
// JSON-B 1.0 and 2.0 require every one, 3.0 made them optional (a missing one is null).

import { readFileSync } from 'node:fs';
import { blankComments } from '../config-text';
import { JSONB_VISIBILITY } from '../project-index';
import type { ProjectIndex } from '../project-index';
import type { Annotation, ParamDecl, TypeDecl, TypeRef } from '../source-model';
import { findAnnotation } from '../source-model';
import { getterProperty, setterProperty } from './naming';

/** A property candidate: its Java-side name, and the field's own name where a getter renames it. */
interface Candidate {
  implicit: string;
  field?: boolean;
  renamedField?: string;
}

/** How JSON-B reaches a property: both ways, only writing it (`read`-only), only reading it, or not at all; `required` when its creator must be given it. */
export interface JsonbAccess {
  access: 'both' | 'read' | 'write' | 'none';
  required?: boolean;
}

/**
 * How JSON-B with its default visibility reaches the field `m` of `decl`; `creatorParamsRequired`:
 * the build says JSON-B 2.0; `ownVisibility`: a strategy of the project's own decides (the
 * application's JsonbConfig, or the class's package).
 */
export function jsonbAccess(decl: TypeDecl, m: Candidate, creatorParamsRequired = false, ownVisibility = false): JsonbAccess {
  if (!m.field || decl.kind !== 'class' || decl.file.lang !== 'java') return { access: 'both' };
  if (ownVisibility || findAnnotation(decl.annotations, 'JsonbVisibility')) return { access: 'both' };
  const field = decl.fields.find((f) => f.name === (m.renamedField ?? m.implicit));
  if (!field) return { access: 'both' };
  const names = new Set([m.implicit.toLowerCase(), field.name.toLowerCase()]);
  const fieldName = jsonbName(field.annotations);
  const created = creatorParams(decl).some((p) => names.has(p.name.toLowerCase()) || (fieldName !== undefined && jsonbName(p.annotations) === fieldName));
  // JSON-B 1.0 (javax.json.bind) and 2.0 fail without every creator parameter; 3.0 passes null. A
  // jakarta import may be 2.0's or 3.0's: the build says which, else 3.0's default stands.
  const required = created && (creatorParamsRequired || decl.file.imports.some((i) => i.name.startsWith('javax.json.bind')));
  const own = decl.methods.filter((x) => !x.modifiers.includes('static'));
  const getters = own.filter((x) => x.params.length === 0 && x.returnType && names.has(getterProperty(x.name, isPrimitiveBoolean(x.returnType))?.toLowerCase() ?? ''));
  const setters = own.filter((x) => x.params.length === 1 && names.has(setterProperty(x.name)?.toLowerCase() ?? ''));
  const fieldPublic = field.modifiers.includes('public');
  const mutable = !field.modifiers.includes('final');
  const lombok = (...names: string[]) => publicLombok(findAnnotation(field.annotations, ...names) ?? findAnnotation(decl.annotations, ...names));
  const readable = getters.length ? getters.some((g) => g.modifiers.includes('public')) : fieldPublic || lombok('Getter', 'Data', 'Value');
  const writable = created || (setters.length ? setters.some((s) => s.modifiers.includes('public')) : mutable && (fieldPublic || lombok('Setter', 'Data')));
  const access = readable && writable ? 'both' : readable ? 'read' : writable ? 'write' : 'none';
  return required ? { access, required } : { access };
}

/**
 * The parameters of the class's JSON-B creator: a static `@JsonbCreator` method's, or a
 * `@JsonbCreator` constructor's (its parameters named by `@JsonbProperty` or, JSON-B 3.0, by their
 * own names); a constructor's whose every parameter `@JsonbProperty` names, in a file that imports
 * JsonbCreator, where no annotations of the constructors were read.
 */
function creatorParams(decl: TypeDecl): readonly ParamDecl[] {
  const factory = decl.methods.find((x) => x.modifiers.includes('static') && findAnnotation(x.annotations, 'JsonbCreator'));
  if (factory) return factory.params;
  const annotated = decl.constructors.find((_, i) => findAnnotation(decl.constructorAnnotations?.[i] ?? [], 'JsonbCreator'));
  if (annotated) return annotated;
  if (!decl.file.imports.some((i) => /^(?:javax|jakarta)\.json\.bind\.annotation(?:\.JsonbCreator)?$/.test(i.name) && (i.wildcard || i.name.endsWith('.JsonbCreator')))) return [];
  return decl.constructors.find((params) => params.length > 0 && params.every((p) => findAnnotation(p.annotations, 'JsonbProperty'))) ?? [];
}

/** The name `@JsonbProperty` gives, where written as a literal. */
function jsonbName(annotations: readonly Annotation[]): string | undefined {
  const value = findAnnotation(annotations, 'JsonbProperty')?.args.value;
  return value?.kind === 'string' ? value.value : undefined;
}

/** A Lombok annotation generating public accessors: no AccessLevel, or `AccessLevel.PUBLIC`. */
function publicLombok(a: Annotation | undefined): boolean {
  if (!a) return false;
  const text = JSON.stringify(a.args);
  return !/AccessLevel/.test(text) || /AccessLevel\.PUBLIC\b|"PUBLIC"/.test(text);
}

function isPrimitiveBoolean(t: TypeRef): boolean {
  return t.name === 'boolean' && t.dims === 0;
}

/** The packages a package-info.java annotates `@JsonbVisibility` (main sources and tests alike: a package is one). */
export function visibilityPackages(index: ProjectIndex): ReadonlySet<string> {
  return index.derived('jsonb-visibility-packages', () => {
    const out = new Set<string>();
    for (const entry of index.files.values()) {
      if (!entry.creates?.includes(JSONB_VISIBILITY)) continue;
      let text: string;
      try {
        text = blankComments(readFileSync(entry.abs, 'utf8'));
      } catch {
        continue;
      }
      // The annotation written before the package declaration.
      const head = text.slice(0, Math.max(0, text.search(/\bpackage\s+[\w.]+\s*;/)));
      if (/@(?:[\w.]*\.)?JsonbVisibility\b/.test(head)) out.add(entry.pkg);
    }
    return out;
  });
}

// Which of a Java class's fields JSON-B sees as properties. JSON-B's default visibility (spec 3.7.1,
// Yasson) differs from Jackson's: only public fields and public accessors count, whatever
// annotations a field carries. A field is written through its getter when it has one (a non-public
// getter hides it, even a public field), else only when it is public; read through its setter
// likewise. So a private `@JsonbProperty` field with no public accessor is no property.
// `@JsonbVisibility` names a strategy of the project's own that may see private fields: its class
// is left as Jackson's rules read it. Lombok's `@Data` / `@Getter` / `@Setter` / `@Value` generate
// public accessors unless told another AccessLevel.

import type { Annotation, TypeDecl, TypeRef } from '../source-model';
import { findAnnotation } from '../source-model';
import { getterProperty, setterProperty } from './naming';

/** A property candidate: its Java-side name, and the field's own name where a getter renames it. */
interface Candidate {
  implicit: string;
  field?: boolean;
  renamedField?: string;
}

/** How JSON-B with its default visibility reaches the field `m` of `decl`: both ways, only writing it (`read`-only), only reading it, or not at all. */
export function jsonbAccess(decl: TypeDecl, m: Candidate): 'both' | 'read' | 'write' | 'none' {
  if (!m.field || decl.kind !== 'class' || decl.file.lang !== 'java') return 'both';
  if (findAnnotation(decl.annotations, 'JsonbVisibility')) return 'both';
  const field = decl.fields.find((f) => f.name === (m.renamedField ?? m.implicit));
  if (!field) return 'both';
  const names = new Set([m.implicit.toLowerCase(), field.name.toLowerCase()]);
  const own = decl.methods.filter((x) => !x.modifiers.includes('static'));
  const getters = own.filter((x) => x.params.length === 0 && x.returnType && names.has(getterProperty(x.name, isPrimitiveBoolean(x.returnType))?.toLowerCase() ?? ''));
  const setters = own.filter((x) => x.params.length === 1 && names.has(setterProperty(x.name)?.toLowerCase() ?? ''));
  const fieldPublic = field.modifiers.includes('public');
  const mutable = !field.modifiers.includes('final');
  const lombok = (...names: string[]) => publicLombok(findAnnotation(field.annotations, ...names) ?? findAnnotation(decl.annotations, ...names));
  const readable = getters.length ? getters.some((g) => g.modifiers.includes('public')) : fieldPublic || lombok('Getter', 'Data', 'Value');
  const writable = setters.length ? setters.some((s) => s.modifiers.includes('public')) : mutable && (fieldPublic || lombok('Setter', 'Data'));
  return readable && writable ? 'both' : readable ? 'read' : writable ? 'write' : 'none';
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

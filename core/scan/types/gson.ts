// Bodies as Gson writes and reads them, for an application whose HTTP JSON is Gson's (json-mapper.ts
// says which). Gson knows nothing of getters, setters, builders or Jackson's annotations: a class is
// its non-static, non-transient fields, the class's own before its superclasses' (ReflectiveTypeAdapterFactory
// walks up from the class), each named by `@SerializedName` or else by the FieldNamingPolicy; with
// excludeFieldsWithoutExposeAnnotation only `@Expose` fields count, `serialize = false` ones only
// in requests and `deserialize = false` ones only in responses. Enums are their names, or a
// constant's `@SerializedName`. Checked against gson 2.11.

import type { Annotation, FieldDecl, TypeDecl } from '../source-model';
import { findAnnotation, simpleName } from '../source-model';
import { boolAttr } from './attribute';

/** How the application's Gson is configured (Spring Boot's `spring.gson.*`, or a GsonBuilder in code). */
export interface GsonSettings {
  /** A FieldNamingPolicy constant (`LOWER_CASE_WITH_UNDERSCORES`); IDENTITY when absent. */
  naming?: string;
  /** excludeFieldsWithoutExposeAnnotation(). */
  exposeOnly?: boolean;
  /** LongSerializationPolicy.STRING: longs are written as strings. */
  longAsString?: boolean;
  /** The pattern `java.util.Date` is written in (setDateFormat / spring.gson.date-format). */
  dateFormat?: string;
}

/** The pattern Gson's default DateFormat (DateFormat.DEFAULT, US locale) writes `java.util.Date` in. */
export const GSON_DEFAULT_DATE = 'MMM d, y, h:mm:ss a';

/** One field as Gson sees it. */
export interface GsonField {
  field: FieldDecl | { name: string; type: FieldDecl['type']; annotations: Annotation[]; doc?: string };
  /** Written in responses / read from requests, as `@Expose` says under excludeFieldsWithoutExposeAnnotation. */
  serialize: boolean;
  deserialize: boolean;
}

/** The fields Gson reads and writes of one declaration (not its superclasses'), in declaration order. */
export function gsonFields(decl: TypeDecl, settings: GsonSettings): GsonField[] {
  const fields = decl.kind === 'record'
    ? decl.components.map((c) => ({ name: c.name, type: c.type, annotations: c.annotations }))
    : decl.kind === 'class' || decl.kind === 'object' || decl.kind === 'enum'
      ? decl.fields.filter((f) => !f.modifiers.includes('static') && !f.modifiers.includes('transient') && !f.computed && !kotlinTransient(decl, f))
      : [];
  const out: GsonField[] = [];
  for (const field of fields) {
    const expose = findAnnotation(field.annotations, 'Expose');
    if (settings.exposeOnly && !expose) continue;
    // `@Expose` says anything only where the builder excludes the fields without it.
    const serialize = !settings.exposeOnly || boolAttr(expose, 'serialize') !== false;
    const deserialize = !settings.exposeOnly || boolAttr(expose, 'deserialize') !== false;
    if (serialize || deserialize) out.push({ field, serialize, deserialize });
  }
  return out;
}

/** Packages with a `@Transient` of their own that a wildcard import brings in: JPA's, Spring Data's. */
const OTHER_TRANSIENTS = /^(?:(?:javax|jakarta)\.persistence|org\.springframework\.data\.annotation)$/;

/**
 * Kotlin's `@Transient` (kotlin.jvm, imported by default) makes the backing field transient;
 * another of the name (JPA's, Spring Data's), imported or written qualified, does not.
 */
function kotlinTransient(decl: TypeDecl, f: FieldDecl): boolean {
  const ann = findAnnotation(f.annotations, 'Transient');
  if (decl.file.lang !== 'kotlin' || !ann) return false;
  if (ann.name.includes('.')) return ann.name === 'kotlin.jvm.Transient';
  return !decl.file.imports.some((i) => (i.wildcard ? OTHER_TRANSIENTS.test(i.name) : (i.alias ?? simpleName(i.name)) === 'Transient' && i.name !== 'kotlin.jvm.Transient'));
}

/** A field's JSON name under a FieldNamingPolicy (`@SerializedName` is the caller's). */
export function gsonFieldName(name: string, policy: string | undefined): string {
  switch (policy) {
    case 'UPPER_CAMEL_CASE':
      return upperFirst(name);
    case 'UPPER_CAMEL_CASE_WITH_SPACES':
      return upperFirst(separated(name, ' '));
    case 'UPPER_CASE_WITH_UNDERSCORES':
      return separated(name, '_').toUpperCase();
    case 'LOWER_CASE_WITH_UNDERSCORES':
      return separated(name, '_').toLowerCase();
    case 'LOWER_CASE_WITH_DASHES':
      return separated(name, '-').toLowerCase();
    case 'LOWER_CASE_WITH_DOTS':
      return separated(name, '.').toLowerCase();
    default:
      return name;
  }
}

/** Gson's separateCamelCase: the separator before every upper-case letter but a leading one (`aURL` -> `a_U_R_L`). */
function separated(name: string, sep: string): string {
  let out = '';
  for (const c of name) {
    if (out.length > 0 && c !== c.toLowerCase() && c === c.toUpperCase()) out += sep;
    out += c;
  }
  return out;
}

/** Gson's upperCaseFirstLetter: the first letter (after any leading non-letters) upper-cased. */
function upperFirst(name: string): string {
  const i = [...name].findIndex((c) => c.toLowerCase() !== c.toUpperCase());
  return i < 0 ? name : name.slice(0, i) + name[i]!.toUpperCase() + name.slice(i + 1);
}

/** Annotations Gson ignores and the Jackson rules would read (`@JsonProperty`, `@JsonFormat`, fastjson's `@JSONField`); Gson's own `@JsonAdapter` stays. */
export function withoutJacksonAnnotations(anns: ReadonlyMap<string, Annotation>): Map<string, Annotation> {
  const out = new Map<string, Annotation>();
  for (const [name, a] of anns) if (!/^(?:Json(?!Adapter$)|JSONField$)/.test(simpleName(name))) out.set(name, a);
  return out;
}

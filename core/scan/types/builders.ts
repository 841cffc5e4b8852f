// Classes Jackson reads through a builder rather than as a bean: a request body's properties are
// then the builder's, not the class's fields or setters (each rule checked against Jackson 2.17):
// - `@JsonDeserialize(builder = X.Builder.class)`: the builder's one-argument methods named with
//   its `@JsonPOJOBuilder(withPrefix = ...)` ("with" by default), the property named after the
//   prefix and typed by the parameter; a builder constructor whose parameters all carry
//   `@JsonProperty` (a creator) adds those; a method marked `@JsonProperty` counts whatever its
//   name; a base builder class's methods count too. dolphinscheduler's `PluginParams` and
//   `Validate`, graylog's AutoValue builders.
// - Lombok `@Builder` (or `@SuperBuilder`, superclasses' fields included) with `@Jacksonized`, or
//   with a builder named by `@JsonDeserialize(builder)` that Lombok fills in: a method per field,
//   named as the field (no prefix, so `boolean isActive` is `isActive`, where the getter makes it
//   `active`), with the field's Jackson annotations copied onto it. A field's initializer is the
//   default only under `@Builder.Default`; a final field with one is not in the builder at all.

import type { ProjectIndex } from '../project-index';
import type { Annotation, Expr, TypeDecl, TypeRef } from '../source-model';
import { findAnnotation } from '../source-model';
import { classesAttr, stringAttr } from './attribute';
import { docText } from './descriptions';
import { classAnnotations } from './mixins';
import { builderProperty } from './naming';

/** How Jackson reads a class that has a builder. */
export type JacksonBuilder = { kind: 'class'; builder: TypeDecl; prefix: string } | { kind: 'lombok'; superBuilder: boolean };

/** A property a builder takes, shaped as the schema builder's property candidates. */
export interface BuilderProperty {
  implicit: string;
  type: TypeRef;
  annotations: Annotation[];
  description?: string | undefined;
  field?: boolean;
  defaultValue?: Expr;
}

const NONE = new Set(['Void', 'NoClass', 'java.lang.Void']);

/** The builder Jackson reads `decl` through; undefined when it reads a bean. */
export function jacksonBuilder(index: ProjectIndex, decl: TypeDecl): JacksonBuilder | undefined {
  const lombok = findAnnotation(decl.annotations, 'Builder', 'SuperBuilder');
  const superBuilder = lombok !== undefined && findAnnotation(decl.annotations, 'SuperBuilder') !== undefined;
  const named = classesAttr(findAnnotation(classAnnotations(index, decl), 'JsonDeserialize'), 'builder')[0];
  if (named && !NONE.has(named)) {
    // Lombok generates the methods of a builder the class only declares (for its `@JsonPOJOBuilder`).
    if (lombok) return { kind: 'lombok', superBuilder };
    // AutoValue's generated `AutoValue_Foo.Builder` extends the `Foo.Builder` declared, whose annotated methods it inherits.
    const builder = index.resolveType(named, { type: decl, file: decl.file }) ?? decl.nested.find((n) => n.name === named.slice(named.lastIndexOf('.') + 1));
    if (!builder) return undefined;
    const pojo = findAnnotation(builder.annotations, 'JsonPOJOBuilder');
    const prefix = stringAttr(index, pojo, 'withPrefix', { type: builder, file: builder.file }) ?? 'with';
    return { kind: 'class', builder, prefix };
  }
  if (lombok && findAnnotation(decl.annotations, 'Jacksonized')) return { kind: 'lombok', superBuilder };
  return undefined;
}

/**
 * The properties one class of a hand-written builder's hierarchy takes: its creator's parameters
 * (`creator`: the builder itself, whose constructor Jackson calls), then its prefixed methods.
 */
export function builderClassProperties(builder: TypeDecl, prefix: string, creator = true): BuilderProperty[] {
  const byName = new Map<string, BuilderProperty>();
  const fieldDefault = (name: string) => builder.fields.find((f) => f.name === name && !f.modifiers.includes('static'))?.defaultValue;
  const add = (p: BuilderProperty) => {
    const prev = byName.get(p.implicit);
    if (prev) prev.annotations.push(...p.annotations);
    else byName.set(p.implicit, p);
  };
  for (const params of creator ? builder.constructors : []) {
    if (params.length === 0 || !params.every((p) => findAnnotation(p.annotations, 'JsonProperty'))) continue;
    for (const p of params) add({ implicit: p.name, type: p.type, annotations: [...p.annotations] });
  }
  for (const m of builder.methods) {
    if (m.modifiers.includes('static') || !m.returnType || m.params.length !== 1) continue;
    const marked = findAnnotation(m.annotations, 'JsonProperty', 'JsonSetter') !== undefined;
    const name = builderProperty(m.name, prefix) ?? (marked ? m.name : undefined);
    if (!name) continue;
    const p: BuilderProperty = { implicit: name, type: m.params[0]!.type, annotations: [...m.annotations], description: docText(m.doc) };
    const value = fieldDefault(name);
    if (value) p.defaultValue = value;
    add(p);
  }
  return [...byName.values()];
}

/** The properties of one class's Lombok builder: its fields, by their own names. */
export function lombokBuilderProperties(decl: TypeDecl): BuilderProperty[] {
  const out: BuilderProperty[] = [];
  for (const f of decl.fields) {
    if (f.modifiers.includes('static')) continue;
    const defaulted = findAnnotation(f.annotations, 'Builder.Default', 'Default') !== undefined;
    // Only constant initializers are read: `final List<String> x = new ArrayList<>()` stays in.
    if (f.modifiers.includes('final') && (f.initializer ?? f.defaultValue) && !defaulted) continue;
    const p: BuilderProperty = { implicit: f.name, type: f.type, annotations: [...f.annotations], description: docText(f.doc), field: true };
    if (defaulted && f.defaultValue) p.defaultValue = f.defaultValue;
    out.push(p);
  }
  return out;
}

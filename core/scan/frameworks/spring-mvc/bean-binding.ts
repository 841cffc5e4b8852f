// A @ModelAttribute (or unannotated) bean parameter as Spring's data binder fills it: one request
// parameter per *writable* property (a setter, a Lombok-generated setter, a Kotlin `var`, a
// constructor-bound record / Kotlin constructor property), nested beans in dot notation
// (`dept.deptId`), maps as `params[key]`. Read-only and internal (`@JsonIgnore`) properties and
// nested collections of beans are not parameters. Each is optional, with no example, so a client
// sends only the filters it sets, unless the declaration requires it (`@Schema(required = true)`,
// a Kotlin constructor property neither nullable nor defaulted) or a validation constraint
// (`@NotBlank`) does where Spring checks it: on a `@Valid` / `@Validated` bean, and in nested beans
// through fields marked `@Valid`. A required one carries an example: an empty value is refused.

import type { JsonSchema, Param, ParamLocation } from '../../../model/request';
import type { ProjectIndex, Scope } from '../../project-index';
import { findAnnotation } from '../../source-model';
import type { TypeDecl, TypeRef } from '../../source-model';
import { boolAttr, enumAttr } from '../../types/attribute';
import { setterProperty } from '../../types/naming';
import { exampleOf, withinOwnBounds } from '../../types/example';
import type { SchemaBuilder, TypeBindings } from '../../types/type-schema';
import { fromTextSchema, isScalar } from '../params';

const MAX_NESTING = 2;

interface Writable {
  /** Property name -> the declared type, when the declaration says it (fields, setter arguments). */
  names: Map<string, TypeRef | undefined>;
  /** The declaring type of each name, to resolve nested types in its scope. */
  owners: Map<string, TypeDecl>;
  ignored: Set<string>;
}

export function boundBeanParams(
  index: ProjectIndex,
  beanSchemas: SchemaBuilder,
  ref: TypeRef,
  scope: Scope,
  bindings: TypeBindings,
  location: ParamLocation,
  validated: boolean,
): Param[] {
  const out: Param[] = [];
  collect(index, beanSchemas, ref, scope, bindings, location, '', 0, out, new Set(), validated);
  return out;
}

function collect(
  index: ProjectIndex,
  beanSchemas: SchemaBuilder,
  ref: TypeRef,
  scope: Scope,
  bindings: TypeBindings,
  location: ParamLocation,
  prefix: string,
  depth: number,
  out: Param[],
  seen: Set<string>,
  validated: boolean,
): void {
  const decl = index.resolveType(ref.name, scope);
  const schema = beanSchemas.schemaOf(ref, scope, depth === 0 ? bindings : undefined);
  const props = schema.properties ?? {};
  if (!decl) {
    // A library bean: its properties are all we know; list the simple ones.
    for (const [name, prop] of Object.entries(props)) if (isScalar(prop)) out.push(param(prefix + name, location, prop, validated && (schema.required ?? []).includes(name)));
    return;
  }
  if (seen.has(decl.fqn)) return;
  seen.add(decl.fqn);
  const writable = writableProperties(index, decl);
  // A validation constraint (`@NotBlank`) makes a property mandatory where Spring validates the
  // bean; every other one is an optional filter. Without `@Valid` the binder checks nothing: a
  // search form over an entity with @NotBlank fields (petclinic's GET /owners) takes any subset.
  const required = new Set((schema.required ?? []).filter((name) => validated || declaredRequired(decl, index, name)));
  for (const [name, prop] of Object.entries(props)) {
    if (writable.ignored.has(name)) continue;
    const canWrite = writable.names.has(name);
    if (isScalar(prop)) {
      if (canWrite) out.push(param(prefix + name, location, prop, required.has(name)));
      continue;
    }
    if (prop.type === 'object' && !prop.properties && prop.additionalProperties !== undefined) {
      // Spring binds `params[beginTime]=...` into a Map property.
      out.push({ name: `${prefix}${name}[key]`, in: location, schema: { type: 'string' }, required: false, description: prop.description || `An entry of the ${name} map: replace key with the entry's name` });
      continue;
    }
    if (prop.type === 'array') continue;
    const owner = writable.owners.get(name);
    const nestedRef = writable.names.get(name) ?? readableType(decl, index, name);
    if (!nestedRef) continue;
    const nestedScope = owner ? { type: owner, file: owner.file } : { type: decl, file: decl.file };
    // A class the binder converts from text is one parameter, not its fields (`type=cat`).
    const text = fromTextSchema(index, nestedRef, nestedScope, prop);
    if (text !== prop) {
      if (canWrite) out.push(param(prefix + name, location, text, required.has(name)));
      continue;
    }
    if (depth >= MAX_NESTING) continue;
    const cascades = validated && validCascade(owner ?? decl, index, name);
    collect(index, beanSchemas, nestedRef, nestedScope, bindings, location, `${prefix}${name}.`, depth + 1, out, seen, cascades);
  }
  seen.delete(decl.fqn);
}

function param(name: string, location: ParamLocation, schema: JsonSchema, required = false): Param {
  const p: Param = { name, in: location, schema, required, description: schema.description ?? '' };
  const leaf = name.slice(name.lastIndexOf('.') + 1);
  // A property's initializer is the value when it passes the property's own rules; a Kotlin
  // `= ""` under @NotEmpty would be sent and refused, so the example stands in for it.
  if (schema.default === undefined) {
    if (required) p.example = exampleOf(schema, leaf);
    return p;
  }
  if (withinOwnBounds(schema, schema.default)) p.default = String(schema.default);
  else p.example = exampleOf(schema, leaf);
  return p;
}

/** The properties the data binder can set on `decl` and its superclasses. */
function writableProperties(index: ProjectIndex, decl: TypeDecl): Writable {
  const w: Writable = { names: new Map(), owners: new Map(), ignored: new Set() };
  for (const t of [decl, ...index.ancestors(decl)]) {
    const lombokSetters = findAnnotation(t.annotations, 'Data', 'Setter') !== undefined;
    const kotlin = t.file.lang === 'kotlin';
    const add = (name: string, type: TypeRef | undefined) => {
      if (!w.names.has(name)) {
        w.names.set(name, type);
        w.owners.set(name, t);
      }
    };
    // Records and Kotlin classes are constructor-bound: their constructor properties are parameters.
    for (const c of t.components) add(c.name, c.type);
    for (const f of t.fields) {
      if (f.modifiers.includes('static')) continue;
      if (findAnnotation(f.annotations, 'JsonIgnore')) {
        w.ignored.add(f.name);
        continue;
      }
      const final = f.modifiers.includes('final');
      if (final) continue;
      if (kotlin || lombokSetters || findAnnotation(f.annotations, 'Setter')) add(f.name, f.type);
    }
    for (const m of t.methods) {
      if (m.params.length !== 1 || m.modifiers.includes('static') || m.modifiers.includes('private')) continue;
      const prop = setterProperty(m.name);
      if (prop) add(prop, m.params[0]!.type);
    }
  }
  for (const n of w.ignored) w.names.delete(n);
  return w;
}

/** Required by the declaration itself, whether or not the bean is validated. */
function declaredRequired(decl: TypeDecl, index: ProjectIndex, name: string): boolean {
  for (const t of [decl, ...index.ancestors(decl)]) {
    const c = t.components.find((x) => x.name === name);
    if (c && t.file.lang === 'kotlin' && !c.optional) return true;
    const anns = (c ?? t.fields.find((x) => x.name === name && !x.modifiers.includes('static')))?.annotations;
    if (!anns) continue;
    const schema = findAnnotation(anns, 'Schema');
    if (schema && (boolAttr(schema, 'required') || enumAttr(schema, 'requiredMode') === 'REQUIRED')) return true;
    return boolAttr(findAnnotation(anns, 'ApiModelProperty'), 'required') === true;
  }
  return false;
}

/** Bean Validation descends into a nested bean only through a property marked `@Valid`. */
function validCascade(decl: TypeDecl, index: ProjectIndex, name: string): boolean {
  for (const t of [decl, ...index.ancestors(decl)]) {
    const f = t.fields.find((x) => x.name === name && !x.modifiers.includes('static'));
    if (f) return findAnnotation(f.annotations, 'Valid') !== undefined;
    const c = t.components.find((x) => x.name === name);
    if (c) return findAnnotation(c.annotations, 'Valid') !== undefined;
  }
  return false;
}

/** A nested bean reached through a getter only: Spring still binds into the object it returns. */
function readableType(decl: TypeDecl, index: ProjectIndex, name: string): TypeRef | undefined {
  for (const t of [decl, ...index.ancestors(decl)]) {
    const f = t.fields.find((x) => x.name === name && !x.modifiers.includes('static'));
    if (f) return f.type;
  }
  return undefined;
}

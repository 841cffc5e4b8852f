// Jackson polymorphic types: `@JsonTypeInfo` and `@JsonSubTypes`, read from source as Jackson
// reads them, so a body declared as an abstract base is described (and sent) as one of its
// subtypes with the type id Jackson needs to pick it.
//
// - Class annotations are inherited: the nearest `@JsonTypeInfo` in the hierarchy applies
//   (`use = NONE` there switches it off), and every `@JsonSubTypes` of the type and its
//   supertypes is read, then those of the subtypes listed, transitively.
// - A declared type reads as the concrete listed types assignable to it (itself included when
//   concrete): more than that one type makes a `oneOf` (type-schema.ts builds the branches).
// - Each type's id: NAME / SIMPLE_NAME the `@JsonSubTypes.Type` name(s), else `@JsonTypeName`,
//   else the class name (NAME: binary name after the package, `Outer$Inner`; SIMPLE_NAME: `Inner`);
//   CLASS the binary name; MINIMAL_CLASS that name relative to the package of the type declaring
//   `@JsonTypeInfo` (`.Circle`; Jackson takes the declared type's package, which is that type's
//   in the usual case of a body declared as the base); DEDUCTION none.
// - Inclusion: PROPERTY adds the id property first (replacing a same-named field, as
//   `visible = true` makes common); EXISTING_PROPERTY narrows the class's own property to the
//   ids; WRAPPER_OBJECT is `{"<id>": {...}}`; WRAPPER_ARRAY `["<id>", {...}]`. EXTERNAL_PROPERTY
//   is only meaningful on a property; on a class Jackson falls back to PROPERTY, and so do we.
// - On a property (field or accessor), `@JsonTypeInfo` replaces the class's for the value there
//   (the elements of a collection or map), and its `@JsonSubTypes` lists subtypes before the
//   class's. EXTERNAL_PROPERTY is meaningful there: the id is a sibling property of the holder.
// - A class's mix-in adds its class annotations (mixins.ts); subtypes registered in code
//   (`registerSubtypes`, jackson-registrations.ts) count as listed, after the annotations' ones.

import type { JsonSchema } from '../../model/request';
import type { ProjectIndex } from '../project-index';
import type { Scope } from '../project-index';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { subtypesOf } from '../direct-subtypes';
import { findAnnotation } from '../source-model';
import { classesAttr, enumAttr, stringAttr } from './attribute';
import { registeredSubtypes } from './jackson-registrations';
import { classAnnotations } from './mixins';

export type IdKind = 'NAME' | 'SIMPLE_NAME' | 'CLASS' | 'MINIMAL_CLASS' | 'DEDUCTION';
export type Inclusion = 'PROPERTY' | 'EXISTING_PROPERTY' | 'WRAPPER_OBJECT' | 'WRAPPER_ARRAY' | 'EXTERNAL_PROPERTY';

export interface TypeInfo {
  /** The declaration carrying `@JsonTypeInfo`. */
  owner: TypeDecl;
  use: IdKind;
  include: Inclusion;
  /** The id property (PROPERTY, EXISTING_PROPERTY, EXTERNAL_PROPERTY); '' for the other inclusions. */
  property: string;
  /** `defaultImpl` is set: a body without an id is read as that class. */
  optional: boolean;
}

/** What a declared type means to Jackson's polymorphic handling. */
export interface Polymorphism {
  info: TypeInfo;
  /** The declared type's own ids (it may be a concrete subtype used directly). */
  ids: string[];
  /** The concrete types a body of the declared type may be, when more than the type itself; absent otherwise. */
  branches?: TypeDecl[];
  /** The ids of any type in the hierarchy, under this `@JsonTypeInfo`. */
  idsOf(d: TypeDecl): string[];
}

const DEFAULT_PROPERTY: Record<IdKind, string> = { NAME: '@type', SIMPLE_NAME: '@type', CLASS: '@class', MINIMAL_CLASS: '@c', DEDUCTION: '' };
const INCLUSIONS = new Set<string>(['PROPERTY', 'EXISTING_PROPERTY', 'WRAPPER_OBJECT', 'WRAPPER_ARRAY']);

/** A property's own `@JsonTypeInfo` and `@JsonSubTypes`, with the scope their attributes are read in. */
export interface PropertyTyping {
  typeInfo: Annotation;
  subTypes?: Annotation;
  scope: Scope;
}

/**
 * Jackson's polymorphic handling of a declared type (at a property with `property`'s annotations),
 * or undefined when no `@JsonTypeInfo` applies.
 */
export function polymorphismOf(index: ProjectIndex, decl: TypeDecl, property?: PropertyTyping): Polymorphism | undefined {
  const info = property ? readTypeInfo(index, property.typeInfo, decl, property.scope, true) : typeInfoOf(index, decl);
  if (!info) return undefined;
  const registry = subtypeRegistry(index, decl, info, property);
  const out: Polymorphism = { info, ids: typeIds(index, decl, info, registry), idsOf: (d) => typeIds(index, d, info, registry) };
  const assignable = [...registry.keys()].filter((d) => d === decl || index.ancestors(d).includes(decl));
  const concrete = assignable.filter(isConcrete);
  if (isConcrete(decl) && !concrete.includes(decl)) concrete.push(decl);
  // A concrete subtype with subtypes of its own is a `oneOf` itself: its subtypes are not listed twice.
  const branches = concrete.filter((d) => !concrete.some((o) => o !== d && o !== decl && index.ancestors(d).includes(o)));
  if (branches.length > 1 || (branches.length === 1 && branches[0] !== decl)) out.branches = branches;
  // An abstract type whose subtypes are not in the source (in a library, or registered where not read):
  // no id of it would be read, and the right ones are unknown, so none is written.
  else if (!isConcrete(decl)) return undefined;
  return out;
}

function typeInfoOf(index: ProjectIndex, decl: TypeDecl): TypeInfo | undefined {
  for (const d of [decl, ...index.ancestors(decl)]) {
    const a = findAnnotation(classAnnotations(index, d), 'JsonTypeInfo');
    if (a) return readTypeInfo(index, a, d, { type: d, file: d.file }, false);
  }
  return undefined;
}

/** `@JsonTypeInfo` read for `owner`; `onProperty` keeps EXTERNAL_PROPERTY (on a class it is PROPERTY). */
function readTypeInfo(index: ProjectIndex, a: Annotation, owner: TypeDecl, scope: Scope, onProperty: boolean): TypeInfo | undefined {
  const use = enumAttr(a, 'use') ?? 'NAME';
  if (use !== 'NAME' && use !== 'SIMPLE_NAME' && use !== 'CLASS' && use !== 'MINIMAL_CLASS' && use !== 'DEDUCTION') return undefined; // NONE, CUSTOM
  const written = enumAttr(a, 'include') ?? 'PROPERTY';
  const include = (INCLUSIONS.has(written) || (onProperty && written === 'EXTERNAL_PROPERTY') ? written : 'PROPERTY') as Inclusion;
  const byProperty = use !== 'DEDUCTION' && (include === 'PROPERTY' || include === 'EXISTING_PROPERTY' || include === 'EXTERNAL_PROPERTY');
  const property = byProperty ? stringAttr(index, a, 'property', scope) || DEFAULT_PROPERTY[use] : '';
  const defaultImpl = classesAttr(a, 'defaultImpl')[0];
  const optional = defaultImpl !== undefined && defaultImpl !== 'Void' && defaultImpl !== 'NoClass';
  return { owner, use, include, property, optional };
}

/**
 * The types the `@JsonSubTypes` of `decl`, its supertypes and (transitively) the listed types
 * name, in the order met, each with the names given to it (`name`, `names`). Below `decl`, the
 * subtypes Jackson finds without a listing are added after them: any subclass in the source
 * when the id is the class name (CLASS, MINIMAL_CLASS), the subclasses of a Kotlin sealed class
 * (jackson-module-kotlin registers them).
 */
function subtypeRegistry(index: ProjectIndex, decl: TypeDecl, info: TypeInfo, property?: PropertyTyping): Map<TypeDecl, string[]> {
  const out = new Map<TypeDecl, string[]>();
  const visited = new Set<TypeDecl>();
  const queue = [decl, ...index.ancestors(decl)];
  const byClassName = info.use === 'CLASS' || info.use === 'MINIMAL_CLASS';
  const list = (listing: Annotation | undefined, scope: Scope) => {
    for (const entry of entries(listing?.args.value)) {
      const cls = entry.args.value ?? entry.args.type;
      if (cls?.kind !== 'class') continue;
      const sub = index.resolveType(cls.type.name, scope);
      if (!sub) continue;
      const names = out.get(sub) ?? [];
      const name = stringAttr(index, entry, 'name', scope);
      if (name) names.push(name);
      const many = entry.args.names;
      for (const e of many?.kind === 'array' ? many.items : many ? [many] : []) {
        const n = index.evalString(e, scope);
        if ('value' in n && n.value) names.push(n.value);
      }
      out.set(sub, [...new Set(names)]);
      queue.push(sub);
    }
  };
  if (property) list(property.subTypes, property.scope);
  while (queue.length) {
    const d = queue.shift()!;
    if (visited.has(d)) continue;
    visited.add(d);
    list(findAnnotation(classAnnotations(index, d), 'JsonSubTypes'), { type: d, file: d.file });
    // Subtypes registered in code (`registerSubtypes`) below a type met, in their order.
    for (const [sub, names] of registeredSubtypes(index, d)) {
      if (out.has(sub)) continue;
      out.set(sub, [...names]);
      queue.push(sub);
    }
    if ((byClassName || (d.file.lang === 'kotlin' && d.modifiers.includes('sealed'))) && (d === decl || index.ancestors(d).includes(decl))) {
      for (const sub of subtypesOf(index, d)) {
        if (!out.has(sub)) out.set(sub, []);
        queue.push(sub);
      }
    }
  }
  return out;
}

function entries(e: Expr | undefined): Annotation[] {
  if (!e) return [];
  const items = e.kind === 'array' ? e.items : [e];
  return items.flatMap((x) => (x.kind === 'annotation' ? [x.annotation] : []));
}

function typeIds(index: ProjectIndex, decl: TypeDecl, info: TypeInfo, registry: ReadonlyMap<TypeDecl, string[]>): string[] {
  switch (info.use) {
    case 'DEDUCTION':
      return [];
    case 'CLASS':
      return [binaryName(decl)];
    case 'MINIMAL_CLASS': {
      const name = binaryName(decl);
      const pkg = info.owner.file.pkg;
      return [pkg && name.startsWith(`${pkg}.`) ? name.slice(pkg.length) : name];
    }
    case 'NAME':
    case 'SIMPLE_NAME': {
      const listed = registry.get(decl);
      if (listed?.length) return listed;
      const own = stringAttr(index, findAnnotation(classAnnotations(index, decl), 'JsonTypeName'), 'value', { type: decl, file: decl.file });
      if (own) return [own];
      if (info.use === 'SIMPLE_NAME') return [decl.name];
      const binary = binaryName(decl);
      return [decl.file.pkg ? binary.slice(decl.file.pkg.length + 1) : binary];
    }
  }
}

/** `com.acme.Outer$Inner`: the name `Class.getName()` gives. */
function binaryName(decl: TypeDecl): string {
  let name = decl.name;
  for (let o = decl.outer; o; o = o.outer) name = `${o.name}$${name}`;
  return decl.file.pkg ? `${decl.file.pkg}.${name}` : name;
}

function isConcrete(d: TypeDecl): boolean {
  return d.kind !== 'interface' && d.kind !== 'annotation' && !d.modifiers.includes('abstract') && !d.modifiers.includes('sealed');
}

/**
 * A type's own schema as Jackson writes it with its type id. `schema` is not changed; a schema
 * of DEDUCTION is returned as it is.
 */
export function withTypeId(schema: JsonSchema, info: TypeInfo, ids: readonly string[]): JsonSchema {
  if (info.use === 'DEDUCTION' || info.include === 'EXTERNAL_PROPERTY' || ids.length === 0) return schema;
  const id: JsonSchema = { type: 'string', enum: [...ids] };
  switch (info.include) {
    case 'PROPERTY':
    case 'EXISTING_PROPERTY': {
      const name = info.property;
      const own = schema.properties?.[name];
      let properties: Record<string, JsonSchema>;
      if (own && info.include === 'EXISTING_PROPERTY') {
        // The class's own property, narrowed to the ids; sent even when the class only writes it.
        const { examples: _e, default: _d, readOnly: _r, ...rest } = own;
        properties = { ...schema.properties, [name]: { ...rest, type: 'string', enum: [...ids] } };
      } else {
        // Jackson writes the id first; a field of the same name (`visible = true`) is that id.
        if (own?.description) id.description = own.description;
        properties = { [name]: id };
        for (const [k, v] of Object.entries(schema.properties ?? {})) if (k !== name) properties[k] = v;
      }
      // Same key order as any object schema: `required` right after `properties`.
      const out: JsonSchema = {};
      for (const [k, v] of Object.entries(schema)) {
        if (k === 'required') continue;
        (out as Record<string, unknown>)[k] = k === 'properties' ? properties : v;
        if (k === 'properties' && !info.optional) out.required = [name, ...(schema.required ?? []).filter((r) => r !== name)];
        else if (k === 'properties' && schema.required) out.required = schema.required;
      }
      return out;
    }
    case 'WRAPPER_OBJECT': {
      // Untitled: the title (and the name of an exported component) stays the subtype's, inside.
      const wrapper: JsonSchema = { type: 'object' };
      wrapper.properties = Object.fromEntries(ids.map((i) => [i, schema]));
      if (ids.length === 1) wrapper.required = [...ids];
      else {
        wrapper.minProperties = 1;
        wrapper.maxProperties = 1;
      }
      wrapper.additionalProperties = false;
      return wrapper;
    }
    case 'WRAPPER_ARRAY': {
      const wrapper: JsonSchema = { type: 'array' };
      wrapper.prefixItems = [id, schema];
      wrapper.minItems = 2;
      wrapper.maxItems = 2;
      return wrapper;
    }
  }
}

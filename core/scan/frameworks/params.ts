// Parameter facts shared by the HTTP frameworks: which declaration of a parameter carries its
// annotations, its description (Javadoc `@param`, Swagger `@Parameter` / `@ApiParam`), and
// turning a bean's properties into individual parameters.

import type { JsonSchema, Param, ParamLocation } from '../../model/request';
import { stringValue } from '../annotation-values';
import { parseDoc } from '../doc-comment';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, ParamDecl, TypeRef } from '../source-model';
import { exampleOf, pathVariableExample } from '../types/example';
import { typedExample, typedValue } from '../types/property-rules';
import { stringsAttr } from '../types/attribute';
import { textConvertedTypes } from './text-converters';

export interface ParamSite {
  /** The declaration whose annotations apply (the most specific one that has any). */
  param: ParamDecl;
  site: MethodSite;
  index: number;
  /** Javadoc `@param` text from the first declaration that documents it. */
  doc: string;
}

/** Each parameter of a method with the declaration that annotates it, as frameworks inherit them. */
export function paramSites(chain: readonly MethodSite[], annotated: (a: readonly Annotation[]) => boolean): ParamSite[] {
  const first = chain[0]!;
  return first.method.params.map((own, i) => {
    let chosen: ParamSite | undefined;
    for (const site of chain) {
      const p = site.method.params[i];
      if (p && annotated(p.annotations)) {
        chosen = { param: p, site, index: i, doc: '' };
        break;
      }
    }
    chosen ??= { param: own, site: first, index: i, doc: '' };
    for (const site of chain) {
      const name = site.method.params[i]?.name;
      const text = name ? parseDoc(site.method.doc).params[name] : undefined;
      if (text) {
        chosen.doc = text;
        break;
      }
    }
    return chosen;
  });
}

export interface SwaggerParam {
  description?: string;
  required?: boolean;
  example?: string;
  hidden?: boolean;
  /** `@Parameter(schema = @Schema(allowableValues = {...}))`, `@ApiParam(allowableValues = "a,b")`. */
  allowableValues?: string[];
}

/** OpenAPI 3 `@Parameter` or Swagger 2 `@ApiParam` on a parameter. */
export function swaggerParam(index: ProjectIndex, p: ParamSite): SwaggerParam {
  const scope = { type: p.site.owner, file: p.site.owner.file };
  const out: SwaggerParam = {};
  const parameter = findAnnotation(p.param.annotations, 'Parameter');
  const apiParam = findAnnotation(p.param.annotations, 'ApiParam');
  const ann = parameter ?? apiParam;
  // A parameter's own `@Schema(description)` (Signal-Server's `@QueryParam("deviceId") @Schema(...)`): what springdoc shows beside it.
  const ownSchema = findAnnotation(p.param.annotations, 'Schema');
  const schemaDescription = ownSchema ? stringValue(index, ownSchema, ['description'], scope) : undefined;
  if (schemaDescription) out.description = schemaDescription;
  if (!ann) return out;
  const description = stringValue(index, ann, parameter ? ['description'] : ['value', 'name'], scope);
  if (description && parameter) out.description = description;
  if (apiParam) {
    const v = stringValue(index, apiParam, ['value'], scope);
    if (v) out.description = v;
  }
  const required = ann.args.required;
  if (required?.kind === 'literal') out.required = required.value === 'true';
  const example = stringValue(index, ann, ['example'], scope);
  if (example !== undefined) out.example = example;
  if (ann.args.hidden?.kind === 'literal' && ann.args.hidden.value === 'true') out.hidden = true;
  const schemaArg = parameter?.args.schema;
  let allowed = schemaArg?.kind === 'annotation' ? stringsAttr(index, schemaArg.annotation, 'allowableValues', scope) : [];
  if (!allowed.length && apiParam) {
    // Swagger 2 writes a list as one text ("asc,desc"); a range ("range[1, 5]") is no list of values.
    const text = stringValue(index, apiParam, ['allowableValues'], scope);
    if (text && !/^range[[(]/i.test(text.trim())) allowed = text.split(',').map((v) => v.trim()).filter(Boolean);
  }
  if (allowed.length) out.allowableValues = allowed;
  return out;
}

/**
 * The values a parameter's Swagger annotation allows, as the enum of its schema (of its items for
 * a list), so the explorer offers them and the exports list them. A schema with an enum of its
 * own (a Java enum type) keeps it.
 */
export function withAllowableValues(schema: JsonSchema, values: readonly string[] | undefined): JsonSchema {
  if (!values?.length) return schema;
  if (schema.type === 'array' && schema.items && isScalar(schema.items) && !schema.items.enum) {
    return { ...schema, items: withAllowableValues(schema.items, values) };
  }
  if (!isScalar(schema) || schema.type === 'array' || schema.enum) return schema;
  return { ...schema, enum: values.map((v) => typedValue(v, schema)) };
}

/**
 * An annotation's example text (`@Parameter(example = "20")`) as a value of the parameter's type
 * (`20`); undefined when it is none (`"FLOW"` on an int), so the type's own example is used.
 */
export function paramExample(text: string, schema: JsonSchema): unknown {
  return typedExample(text, schema);
}

/** A scalar a framework binds from one string: what a query or path parameter can be. */
export function isScalar(schema: JsonSchema): boolean {
  const t = schema.type;
  if (t === 'string' || t === 'integer' || t === 'number' || t === 'boolean') return true;
  return t === 'array' && schema.items !== undefined && isScalar(schema.items);
}

export function makeParam(name: string, location: ParamLocation, schema: JsonSchema, required: boolean, description: string, extra: Partial<Param> = {}): Param {
  const param: Param = { name, in: location, schema, required, description, ...extra };
  if (typeof param.example === 'string') param.example = paramExample(param.example, schema);
  if (param.example === undefined) {
    // A string's example is its name (`"name": "name"`); a path variable's is a value of it (`sku-1`).
    const example = location === 'path' ? pathVariableExample(name, schema) : exampleOf(schema, name);
    if (example !== undefined) param.example = example;
  }
  return param;
}

/**
 * A project class or interface the framework converts from the parameter's text (JAX-RS and Spring both use a
 * public `X(String)` constructor or a static `valueOf` / `fromString` taking a String), or one a
 * converter of the project reads from text (text-converters.ts): on the wire it is a string, not
 * the object its fields describe.
 */
export function fromTextSchema(index: ProjectIndex, ref: TypeRef, scope: Scope, schema: JsonSchema): JsonSchema {
  // A list parameter (`@RequestHeader List<MediaType> accept`) converts each of its values.
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) {
    const item = ref.dims > 0 ? { ...ref, dims: ref.dims - 1 } : ref.args.length === 1 ? ref.args[0]! : undefined;
    const items = item ? fromTextSchema(index, item, scope, schema.items) : schema.items;
    return items === schema.items ? schema : { ...schema, items };
  }
  if (ref.dims > 0 || schema.type !== 'object') return schema;
  // `Optional<Anonymous>`: Jersey and Spring convert the value inside.
  if (simpleName(ref.name) === 'Optional' && ref.args.length === 1) return fromTextSchema(index, ref.args[0]!, scope, schema);
  const library = schema['x-unresolved'] === true ? schema['x-java-type'] : undefined;
  if (typeof library === 'string' && LIBRARY_TEXT_TYPES.has(library)) return textSchema(library, {});
  const decl = index.resolveType(ref.name, scope);
  if (!decl || decl.kind === 'enum' || decl.kind === 'annotation') return schema;
  if (textConvertedTypes(index).has(decl.fqn)) return textSchema(decl.fqn, schema);
  if (decl.kind !== 'class' && decl.kind !== 'record' && decl.kind !== 'interface') return schema;
  const stringParam = (ps: readonly { type: TypeRef }[]) => ps.length === 1 && ps[0]!.type.dims === 0 && simpleName(ps[0]!.type.name) === 'String';
  const byConstructor = decl.kind !== 'interface' && (decl.constructors.some(stringParam) || (decl.components.length > 0 && stringParam(decl.components)));
  // An interface's static `valueOf` serves too (reflection finds it; it is public without saying so).
  const byFactory = decl.methods.some((m) => m.modifiers.includes('static') && ['valueOf', 'fromString'].includes(m.name) && stringParam(m.params));
  return byConstructor || byFactory ? textSchema(decl.fqn, schema) : schema;
}

/**
 * Library types outside the source tree that Spring and JAX-RS build from a parameter's text (a
 * static `valueOf(String)` or a String constructor), though Jackson writes them as objects in a
 * body: `@RequestHeader(ACCEPT) List<MediaType>` is the header's text, not MediaType's fields.
 */
const LIBRARY_TEXT_TYPES: ReadonlySet<string> = new Set([
  'org.springframework.http.MediaType',
  'org.springframework.util.MimeType',
  'org.springframework.http.HttpMethod',
  'javax.ws.rs.core.MediaType',
  'jakarta.ws.rs.core.MediaType',
  'javax.ws.rs.core.EntityTag',
  'jakarta.ws.rs.core.EntityTag',
  'javax.ws.rs.core.CacheControl',
  'jakarta.ws.rs.core.CacheControl',
  'java.nio.charset.Charset',
]);

function textSchema(fqn: string, schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { type: 'string', 'x-java-type': fqn };
  if (schema.description) out.description = schema.description;
  return out;
}

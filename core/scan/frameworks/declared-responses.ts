// What the docs annotations declare of an operation's responses and body beyond its signature:
// springdoc and Swagger 2 `@ApiResponse(s)` (MicroProfile's `@APIResponse(s)` on JAX-RS
// resources), `@Operation(responses, requestBody)`, Swagger's method-level `@RequestBody(content)`,
// and Spring's `@ResponseStatus` on the handler.

import type { DeclaredResponse, JsonSchema, ResponseModel } from '../../model/request';
import { responseExampleOf } from '../types/example';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { foldNumber, stringAttr } from '../types/attribute';
import { annotationsNamed, arrayItems } from '../annotation-values';
import { HTTP_STATUS } from '../http-status';
import type { SchemaBuilder, TypeBindings } from '../types/type-schema';

/** `@ResponseStatus(HttpStatus.CREATED)` / `(code = ...)` on the handler: its success status. */
export function responseStatus(index: ProjectIndex, chain: readonly MethodSite[]): string | undefined {
  for (const { method, owner } of chain) {
    const ann = findAnnotation(method.annotations, 'ResponseStatus');
    if (!ann) continue;
    const code = statusCode(index, ann.args.code ?? ann.args.value, { type: owner, file: owner.file });
    if (code) return code;
  }
  return undefined;
}

/**
 * Responses declared on the method: springdoc `@ApiResponse(responseCode, description, content =
 * @Content(schema = @Schema(implementation = X.class)))` (also in `@ApiResponses` and
 * `@Operation(responses)`), Swagger 2 `@ApiResponse(code, message, response = X.class)`.
 */
export function declaredResponses(
  index: ProjectIndex,
  schemas: SchemaBuilder,
  chain: readonly MethodSite[],
  bindings: TypeBindings,
  produces: string | undefined,
): DeclaredResponse[] {
  for (const { method, owner } of chain) {
    const scope = { type: owner, file: owner.file };
    // MicroProfile OpenAPI (JAX-RS) spells them `@APIResponse(s)`, with springdoc's attributes.
    const anns: Annotation[] = [...annotationsNamed(method.annotations, 'ApiResponse', 'ApiResponses'), ...annotationsNamed(method.annotations, 'APIResponse', 'APIResponses')];
    const op = findAnnotation(method.annotations, 'Operation');
    for (const item of arrayItems(op?.args.responses)) if (item.kind === 'annotation') anns.push(item.annotation);
    // Swagger 2's `@ApiOperation(response = X.class, code = 200)`: the body of that status, which an
    // `@ApiResponse` of the same code without a `response` of its own keeps (Gaffer's `Response` methods).
    const apiOp = findAnnotation(method.annotations, 'ApiOperation');
    const opClass = apiOp && schemaClass(apiOp);
    const opStatus = apiOp && opClass ? (statusCode(index, apiOp.args.code, scope) ?? '200') : undefined;
    if (!anns.length && !opStatus) continue;
    const out: DeclaredResponse[] = [];
    const codes = anns.map((ann) => stringAttr(index, ann, 'responseCode', scope) ?? statusCode(index, ann.args.code, scope));
    if (opStatus && !codes.includes(opStatus)) {
      codes.unshift(opStatus);
      anns.unshift(apiOp!);
    }
    for (const [i, ann] of anns.entries()) {
      const status = codes[i];
      if (!status) continue;
      const r: DeclaredResponse = { status, description: ann === apiOp ? '' : (stringAttr(index, ann, 'description', scope) ?? stringAttr(index, ann, 'message', scope) ?? '') };
      const cls = schemaClass(ann) ?? (status === opStatus ? opClass : undefined);
      if (cls) {
        r.contentType = cls.mediaType ?? produces ?? 'application/json';
        const type = cls.array ? { ...cls.expr.type, dims: cls.expr.type.dims + 1 } : cls.expr.type;
        r.schema = schemas.schemaOf(type, scope, bindings);
      } else {
        const typed = schemaType(index, ann, scope);
        if (typed) {
          r.schema = typed.schema;
          const contentType = typed.mediaType ?? produces;
          if (contentType) r.contentType = contentType;
        }
      }
      out.push(r);
    }
    return out;
  }
  return [];
}

/**
 * The request body a method declares for the docs: Swagger's method-level `@RequestBody(content =
 * @Content(schema = @Schema(implementation = X.class)))`, also as `@Operation(requestBody = ...)`
 * (Apache Fineract's handlers take the JSON as a hidden `String` and declare its class this way).
 */
export function declaredRequestBody(
  schemas: SchemaBuilder,
  chain: readonly MethodSite[],
  bindings: TypeBindings,
): { schema: JsonSchema; mediaType?: string } | undefined {
  for (const { method, owner } of chain) {
    const op = findAnnotation(method.annotations, 'Operation');
    const fromOp = op?.args.requestBody?.kind === 'annotation' ? op.args.requestBody.annotation : undefined;
    const ann = findAnnotation(method.annotations, 'RequestBody') ?? fromOp;
    if (ann && schemaClass(ann)) return declaredBodyOf(schemas, ann, owner, bindings);
  }
  return undefined;
}

/**
 * The class one Swagger `@RequestBody(content = ...)` declares, on the method or on the body
 * parameter beside Spring's own `@RequestBody`; `implementation = Object.class` says no more than
 * the parameter does.
 */
export function declaredBodyOf(
  schemas: SchemaBuilder,
  ann: Annotation,
  owner: TypeDecl,
  bindings: TypeBindings,
): { schema: JsonSchema; mediaType?: string } | undefined {
  const cls = schemaClass(ann);
  if (!cls) return undefined;
  const type = cls.array ? { ...cls.expr.type, dims: cls.expr.type.dims + 1 } : cls.expr.type;
  const schema = schemas.schemaOf(type, { type: owner, file: owner.file }, bindings, 'request');
  if (untypedSchema(schema)) return undefined;
  return cls.mediaType !== undefined ? { schema, mediaType: cls.mediaType } : { schema };
}

/**
 * The class a response annotation names for its body, with the media type `@Content` gives: a list
 * of them for springdoc's `array = @ArraySchema(schema = @Schema(implementation = X.class))`,
 * Swagger 2's `responseContainer = "List"` and MicroProfile's `@Schema(type = SchemaType.ARRAY)`.
 */
function schemaClass(ann: Annotation): { expr: Extract<Expr, { kind: 'class' }>; mediaType?: string; array: boolean } | undefined {
  if (ann.args.response?.kind === 'class') {
    const name = simpleName(ann.args.response.type.name);
    const container = ann.args.responseContainer;
    const array = container?.kind === 'string' && /^(List|Set|Array)$/i.test(container.value);
    return name === 'Void' ? undefined : { expr: ann.args.response, array };
  }
  for (const { content, schema: direct, mediaType } of contents(ann)) {
    const arraySchema = annotationArg(content, 'array');
    const inArray = arraySchema && annotationArg(arraySchema, 'schema');
    const schema = inArray ?? direct;
    const impl = schema?.args.implementation;
    if (impl?.kind !== 'class') continue;
    const typed = schema?.args.type;
    const array = inArray !== undefined || (typed?.kind === 'name' && /(^|\.)ARRAY$/.test(typed.name));
    return mediaType !== undefined ? { expr: impl, mediaType, array } : { expr: impl, array };
  }
  return undefined;
}

/** Each `@Content` of a response annotation, with its `schema = @Schema(...)` and `mediaType`. */
function* contents(ann: Annotation): Generator<{ content: Annotation; schema?: Annotation; mediaType?: string }> {
  for (const item of arrayItems(ann.args.content)) {
    if (item.kind !== 'annotation') continue;
    const content = item.annotation;
    const media = content.args.mediaType;
    yield { content, schema: annotationArg(content, 'schema'), mediaType: media?.kind === 'string' ? media.value : undefined };
  }
}

function annotationArg(a: Annotation, name: string): Annotation | undefined {
  const v = a.args[name];
  return v?.kind === 'annotation' ? v.annotation : undefined;
}

/** The JSON types `@Schema(type = ...)` names alone (springdoc's strings, MicroProfile's `SchemaType.X`). */
const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * A body `@Content(schema = @Schema(type = "string", format = ...))` declares by its type alone,
 * with no implementation class (Kill Bill's `Response` handlers that return text).
 */
function schemaType(index: ProjectIndex, ann: Annotation, scope: Scope): { schema: JsonSchema; mediaType?: string } | undefined {
  for (const { schema, mediaType } of contents(ann)) {
    const typed = schema?.args.type;
    const name = typed?.kind === 'name' ? simpleName(typed.name).toLowerCase() : typed ? stringAttr(index, schema!, 'type', scope) : undefined;
    if (!name || !SCALAR_TYPES.has(name)) continue;
    const out: JsonSchema = { type: name as JsonSchema['type'] };
    const format = stringAttr(index, schema!, 'format', scope);
    if (format) out.format = format;
    return mediaType !== undefined ? { schema: out, mediaType } : { schema: out };
  }
  return undefined;
}

/**
 * A schema that says nothing of the JSON's fields: a string, any object, a tree (`JsonNode`,
 * `JsonElement`), a map of anything, an unknown class.
 */
export function untypedSchema(schema: JsonSchema): boolean {
  if (schema['x-unresolved'] === true) return true;
  if (schema.type === 'string') return schema.format === undefined && schema.enum === undefined;
  const values = schema.additionalProperties;
  const anyValues = values === undefined || values === true || (typeof values === 'object' && Object.keys(values).length === 0);
  return schema.type === 'object' && schema.properties === undefined && schema.oneOf === undefined && anyValues;
}

/**
 * A handler returning `Response` or `ResponseEntity<?>` does not say what its body is, nor does one
 * returning the JSON as a `String` it serialized itself (Apache Fineract) or any `Object`; its
 * declared success response (`@ApiResponse(responseCode = "200", content = @Content(...))`) may.
 */
export function withDeclaredBody(response: ResponseModel | undefined, declared: readonly DeclaredResponse[]): ResponseModel | undefined {
  const schema = response?.schema;
  // An unresolved class of a library keeps its name: only the wrappers that name none give way.
  const wrapper = schema?.['x-unresolved'] === true && schema['x-java-type'] === undefined;
  // Text or any object gives way to a declared class of fields, not to `implementation = Object.class`.
  const untyped = schema !== undefined && !wrapper && schema['x-unresolved'] !== true && untypedSchema(schema);
  if (!response || (!wrapper && !untyped)) return response;
  const ok = declared.find((r) => /^2\d\d$/.test(r.status) && r.schema && !(untyped && untypedSchema(r.schema)));
  if (!ok?.schema) {
    // Only `204 No Content` declared as the success: there is no body to guess (a String or an
    // object a handler returns is written whatever the docs say).
    const successes = declared.filter((r) => /^2\d\d$/.test(r.status));
    if (wrapper && successes.length && successes.every((r) => r.status === '204')) return { contentType: response.contentType, description: successes[0]!.description || 'No body.' };
    return response;
  }
  const description = response.description.startsWith('Unknown:') ? ok.description : response.description;
  return { contentType: ok.contentType ?? response.contentType, schema: ok.schema, example: responseExampleOf(ok.schema), description };
}

/** A status written as `HttpStatus.CREATED`, a number or a constant holding one. */
export function statusCode(index: ProjectIndex, e: Expr | undefined, scope: Scope): string | undefined {
  if (!e) return undefined;
  if (e.kind === 'name') {
    const known = HTTP_STATUS[simpleName(e.name)];
    if (known) return String(known);
  }
  const n = foldNumber(index, e, scope);
  return n !== undefined && Number.isInteger(n) && n >= 100 && n <= 599 ? String(n) : undefined;
}

// JAX-RS resource method parameters -> the request model: @PathParam, @QueryParam,
// @HeaderParam, @CookieParam, @FormParam, @MatrixParam, @BeanParam (annotated fields and
// setters), @DefaultValue; the one unannotated parameter is the entity body; @Context and
// Dropwizard's @Auth (the authenticated principal) are not part of the request, nor what a Jersey value
// provider of the project fills (provider-named-types.ts). Quarkus REST's (RESTEasy Reactive's) @RestPath, @RestQuery, @RestHeader,
// @RestCookie, @RestForm and @RestMatrix bind as their JAX-RS namesakes, named after the
// parameter when they give no name (a header's hyphenated: userAgent is User-Agent), and, as
// Quarkus REST does, an unannotated parameter named as a template of the path binds that template.
// Jersey's multipart @FormDataParam is a form part; a part of a stream or file type is a file.
// A parameter with @NotNull / @NotEmpty / @NotBlank and no @DefaultValue is required (validated).

import type { Diagnostic } from '../../../model/endpoint';
import type { Param, RequestBody, RequestModel } from '../../../model/request';
import { stringValue } from '../../annotation-values';
import type { MethodSite } from '../../hierarchy';
import type { ProjectIndex, Scope } from '../../project-index';
import { findAnnotation, simpleName } from '../../source-model';
import type { Annotation, TypeDecl, TypeRef } from '../../source-model';
import { methodBindingsFor } from '../../types/bindings';
import { requestExampleOf } from '../../types/example';
import type { SchemaBuilder, TypeBindings } from '../../types/type-schema';
import { fromTextSchema, makeParam, paramExample, paramSites, swaggerParam, withAllowableValues } from '../params';
import { bodyReadInCode, paramsReadInCode, rawBodyReadInCode } from '../request-reads';
import { isRawBytes, rawBytesBody } from '../raw-bytes-body';
import { bodyParsedInCode } from '../body-parsed-in-code';
import { withRequiredChecks } from '../body-checked-in-code';
import { withBodyKeysRead } from '../body-keys-read-in-code';
import { declaredBodyOf, declaredRequestBody, untypedSchema } from '../declared-responses';
import { namesOneOf, typesNamedByProviders } from '../provider-named-types';

const LOCATIONS: Record<string, Param['in']> = {
  PathParam: 'path',
  QueryParam: 'query',
  HeaderParam: 'header',
  CookieParam: 'cookie',
  FormParam: 'form',
  MatrixParam: 'path',
  RestPath: 'path',
  RestQuery: 'query',
  RestHeader: 'header',
  RestCookie: 'cookie',
  RestForm: 'form',
  RestMatrix: 'path',
  FormDataParam: 'form', // Jersey multipart
};
/** Filled by the runtime, not from the request: Dropwizard's `@Auth User user` is the principal its authenticator made. */
const INJECTED = ['Context', 'Suspended', 'Auth'];
/**
 * Jersey's value providers: a project's subclass fills the parameters carrying the annotation or
 * type it names (Signal-Server's `@WebSocketSession WebSocketSessionContext`), never the entity.
 */
export const VALUE_PROVIDER_SUPERS = ['AbstractValueParamProvider', 'ValueParamProvider', 'AbstractValueFactoryProvider', 'ValueFactoryProvider'];
const ALL = [...Object.keys(LOCATIONS), 'BeanParam', 'DefaultValue', ...INJECTED];
/** A form part of one of these types is a file: Jersey's and Quarkus REST's uploads, streams, files. */
const FILE_TYPES = new Set(['InputStream', 'File', 'Path', 'FileUpload', 'FormDataBodyPart', 'EntityPart']);
/**
 * Types a runtime injects, never the entity: JAX-RS's @Context types, the servlet's, and those
 * Quarkus REST injects with no annotation at all (Vert.x's RoutingContext and request, SSE).
 */
const CONTEXT_TYPES = new Set([
  'UriInfo', 'HttpHeaders', 'Request', 'SecurityContext', 'Providers', 'ResourceContext', 'ResourceInfo', 'SimpleResourceInfo', 'Configuration', 'Application',
  'HttpServletRequest', 'HttpServletResponse', 'HttpSession', 'ServletContext', 'ServletConfig', 'RoutingContext', 'HttpServerRequest', 'HttpServerResponse', 'ServerRequestContext',
  'Sse', 'SseEventSink', 'AsyncResponse', 'ContainerRequestContext',
]);
/** Bean Validation constraints a missing (null) parameter fails. */
const PRESENCE_CONSTRAINTS = ['NotNull', 'NotEmpty', 'NotBlank'];
/** The headers of a Jersey part named by another parameter (`@FormDataParam("file") FormDataContentDisposition`): not a part itself. */
const PART_METADATA = new Set(['FormDataContentDisposition', 'ContentDisposition']);

export interface JaxRsRequestInput {
  type: TypeDecl;
  site: MethodSite;
  chain: readonly MethodSite[];
  consumes: readonly string[];
  /** Where an annotation naming a parameter by an unresolvable constant is reported. */
  diagnostics?: Diagnostic[];
  /** The endpoint's path, whose `{templates}` an unannotated parameter of the same name binds. */
  path?: string;
}

/**
 * `schemas` writes Jackson names (the entity, a multipart part); `textSchemas` Java names, with no
 * registered serializer: a path, query, header, cookie or form value the runtime converts from text.
 */
export function jaxRsRequest(index: ProjectIndex, schemas: SchemaBuilder, textSchemas: SchemaBuilder, input: JaxRsRequestInput): RequestModel {
  const params: Param[] = [];
  let body: RequestBody | undefined;
  const annotated = (a: readonly Annotation[]) => a.some((x) => ALL.includes(simpleName(x.name)));
  const readers: { site: MethodSite; name: string }[] = [];
  for (const p of paramSites(input.chain, annotated)) {
    const owner = p.site.owner;
    const scope = { type: owner, file: owner.file };
    const bindings = methodBindingsFor(index, schemas, input.type, p.site);
    const anns = p.param.annotations;
    // A project's value provider fills a parameter by its type or annotation, unless a JAX-RS
    // annotation already says where the value comes from (`@QueryParam Foo foo`).
    const provided = !annotated(anns) && namesOneOf(index, typesNamedByProviders(index, 'jersey-value-provider-types', VALUE_PROVIDER_SUPERS), p.param, scope);
    if (findAnnotation(anns, ...INJECTED) || provided) {
      // `@Context HttpServletRequest request`: what the body reads from it by name (request-reads.ts).
      if (simpleName(p.param.type.name) === 'HttpServletRequest') {
        const at = p.site.method.params.indexOf(p.param);
        const withBody = input.chain.find((c) => c.method.requestReads) ?? p.site;
        const name = withBody.method.params[at]?.name;
        if (name) readers.push({ site: withBody, name });
      }
      continue;
    }
    const swagger = swaggerParam(index, p);
    // Hiding the entity from the docs (`@Parameter(hidden = true) String json`) does not make the
    // request carry it any less: only a bound parameter is left out.
    if (swagger.hidden && (annotated(anns) || findAnnotation(anns, 'BeanParam'))) continue;
    const description = swagger.description ?? p.doc;
    const bean = findAnnotation(anns, 'BeanParam');
    if (bean) {
      params.push(...beanParamFields(index, schemas, textSchemas, p.param.type, scope, bindings));
      continue;
    }
    if (findAnnotation(anns, 'FormDataParam') && PART_METADATA.has(simpleName(p.param.type.name))) continue;
    const bound = boundParam(index, schemas, textSchemas, anns, p.param.type, p.param.name, scope, bindings, description, input.diagnostics);
    if (bound && swagger.allowableValues && !bound.file) {
      bound.schema = withAllowableValues(bound.schema, swagger.allowableValues);
      // The example was made before the values were known: one of them now (the default when allowed).
      const values = bound.schema.enum ?? bound.schema.items?.enum;
      if (values && !values.includes(bound.example as never)) {
        const first = bound.default !== undefined && values.map(String).includes(bound.default) ? values[values.map(String).indexOf(bound.default)] : values[0];
        bound.example = bound.schema.type === 'array' ? [first] : first;
      }
    }
    if (bound) {
      if (swagger.example !== undefined) {
        const example = paramExample(swagger.example, bound.schema);
        if (example !== undefined) bound.example = example;
      }
      // Jersey and RESTEasy validate a resource method's parameters: `@QueryParam("q") @NotEmpty`
      // refuses a request without q (400), so q is required unless a @DefaultValue fills it.
      if (bound.in !== 'path' && bound.default === undefined && findAnnotation(anns, ...PRESENCE_CONSTRAINTS)) bound.required = true;
      if (swagger.required !== undefined) bound.required = swagger.required;
      // Jersey hands one part to several parameters (`@FormDataParam("file") InputStream` and
      // `@FormDataParam("file") FormDataBodyPart`): the request still carries it once, as the first declares it.
      if (!params.some((q) => q.in === bound.in && q.name === bound.name)) params.push(bound);
      continue;
    }
    // Quarkus REST binds an unannotated parameter named as a template of the path to it
    // (getSingle(String name) under @Path("{name}")); plain JAX-RS would leave that template
    // unbound and take the parameter as the entity, which no resource means.
    if (input.path && templateNames(input.path).includes(p.param.name) && !params.some((q) => q.in === 'path' && q.name === p.param.name)) {
      params.push(makeParam(p.param.name, 'path', fromTextSchema(index, p.param.type, scope, textSchemas.schemaOf(p.param.type, scope, bindings)), true, description));
      continue;
    }
    // A class of the project's own of one of those names (a DTO called Request) is still the entity.
    if (p.param.type.dims === 0 && CONTEXT_TYPES.has(simpleName(p.param.type.name)) && !index.resolveType(p.param.type.name, scope)) continue;
    // A class whose fields carry @RestForm / @FormParam / @QueryParam... is a bean parameter without
    // @BeanParam (Quarkus REST's multipart form POJO, RESTEasy's @MultipartForm): its fields are the
    // parts, not a JSON rendering of the class sent as multipart/form-data; a Quarkus REST
    // container of `@RestQuery` fields is its query parameters. A class whose only such member is
    // a path parameter is the entity still: Apache Syncope's TOs carry `@PathParam("key")` on a
    // setter and travel as JSON.
    const members = p.param.type.dims === 0 ? beanParamFields(index, schemas, textSchemas, p.param.type, scope, bindings) : [];
    if (members.some((m) => m.in !== 'path')) {
      params.push(...members);
      continue;
    }
    // A String entity the method parses itself is the class it parses it into.
    const parsed = simpleName(p.param.type.name) === 'String' && p.param.type.dims === 0 ? bodyParsedInCode(index, p.site, p.param.name) : undefined;
    let schema = schemas.schemaOf(parsed ?? p.param.type, scope, bindings, 'request');
    // An entity the method takes as text or as any object: the class its docs declare, on the
    // parameter or the method, when they do.
    const swaggerBody = anns.find((a) => simpleName(a.name) === 'RequestBody' && a.args.content !== undefined);
    const declared = !parsed && untypedSchema(schema)
      ? (swaggerBody && declaredBodyOf(schemas, swaggerBody, owner, bindings)) || declaredRequestBody(schemas, input.chain, bindings)
      : undefined;
    if (declared) schema = declared.schema;
    schema = withRequiredChecks(index, p.site, p.param.name, schema);
    if (!declared) schema = schemas.rootWrapped(withBodyKeysRead(index, p.site, p.param.name, schema), scope, 'request');
    // A byte[] or InputStream entity: read raw by the built-in providers, of any media type.
    if (isRawBytes(schema)) body = rawBytesBody(input.consumes, description, !p.param.optional);
    else body = { contentType: input.consumes[0] ?? 'application/json', schema, example: requestExampleOf(schema), description, required: !p.param.optional };
  }
  const form = input.consumes.some((c) => c.startsWith('application/x-www-form-urlencoded'));
  for (const r of readers) params.push(...paramsReadInCode(index, r.site, r.name, params, form));
  if (!body && !params.some((p) => p.in === 'form') && readers.some((r) => bodyReadInCode(index, r.site, r.name))) body = rawBodyReadInCode(input.consumes[0] ?? 'application/json');
  const consumes = input.consumes.length
    ? [...input.consumes]
    : params.some((p) => p.file)
      ? ['multipart/form-data']
      : params.some((p) => p.in === 'form')
        ? ['application/x-www-form-urlencoded']
        : body
          ? [body.schema.format === 'binary' ? body.contentType : 'application/json'] // raw bytes: octet-stream
          : [];
  if (body && !input.consumes.length) body.contentType = consumes[0]!;
  const model: RequestModel = { params, consumes };
  if (body) model.body = body;
  return model;
}

/** One parameter bound by a JAX-RS annotation, or undefined when none applies. */
function boundParam(
  index: ProjectIndex,
  schemas: SchemaBuilder,
  textSchemas: SchemaBuilder,
  anns: readonly Annotation[],
  type: TypeRef,
  fallbackName: string,
  scope: Scope,
  bindings: TypeBindings,
  description: string,
  diagnostics?: Diagnostic[],
): Param | undefined {
  for (const ann of anns) {
    const location = LOCATIONS[simpleName(ann.name)];
    if (!location) continue;
    const kind = simpleName(ann.name);
    // @RestQuery and its kin have value "" when no name is given: the parameter's own name then.
    const name = stringValue(index, ann, ['value'], scope, diagnostics) || (kind === 'RestHeader' ? headerName(fallbackName) : fallbackName);
    const dflt = findAnnotation(anns, 'DefaultValue');
    const extra: Partial<Param> = {};
    const defaultValue = dflt ? stringValue(index, dflt, ['value'], scope) : undefined;
    if (defaultValue !== undefined) extra.default = defaultValue;
    const file = location === 'form' && type.dims === 0 && FILE_TYPES.has(simpleName(type.name)) && !index.resolveType(type.name, scope);
    if (file) extra.file = true;
    // A value converted from text (ParamConverter, valueOf, a String constructor): Jackson's
    // registered serializers and names play no part; a multipart part of a class is read as JSON.
    const part = location === 'form' && index.resolveType(type.name, scope) !== undefined;
    const schema = file ? { type: 'string' as const, format: 'binary' } : fromTextSchema(index, type, scope, (part ? schemas : textSchemas).schemaOf(type, scope, bindings));
    const matrix = kind === 'MatrixParam' || kind === 'RestMatrix';
    const param = makeParam(name, location, schema, location === 'path' && !matrix, matrix ? `${description}${description ? ' ' : ''}(matrix parameter: ;${name}=...)`.trim() : description, extra);
    return param;
  }
  return undefined;
}

/** The variables of a path's templates: `{id}`, `{ id : \\d+ }` and `{month : \\d{4}}` give id, id and month. */
function templateNames(path: string): string[] {
  return [...path.matchAll(/\{\s*([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!);
}

/** The header a nameless `@RestHeader` reads, as Quarkus names it: `userAgent` is `User-Agent`. */
function headerName(parameter: string): string {
  return parameter
    .split(/(?=[A-Z])/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

/** `@BeanParam`: the annotated fields and setters of the bean class, as parameters. */
function beanParamFields(index: ProjectIndex, schemas: SchemaBuilder, textSchemas: SchemaBuilder, ref: TypeRef, scope: Scope, bindings: TypeBindings): Param[] {
  const decl = index.resolveType(ref.name, scope);
  return decl ? annotatedMembers(index, schemas, textSchemas, decl, bindings) : [];
}

/** Fields and setters of a resource class itself that JAX-RS injects per request (`@PathParam String id;`). */
export function resourceFieldParams(index: ProjectIndex, schemas: SchemaBuilder, textSchemas: SchemaBuilder, type: TypeDecl): Param[] {
  return annotatedMembers(index, schemas, textSchemas, type, new Map());
}

function annotatedMembers(index: ProjectIndex, schemas: SchemaBuilder, textSchemas: SchemaBuilder, decl: TypeDecl, bindings: TypeBindings): Param[] {
  const out: Param[] = [];
  for (const t of [decl, ...index.ancestors(decl)]) {
    const tScope = { type: t, file: t.file };
    for (const field of t.fields) {
      if (field.modifiers.includes('static') || hiddenMember(field.annotations)) continue;
      const p = boundParam(index, schemas, textSchemas, field.annotations, field.type, field.name, tScope, bindings, field.doc ?? '');
      if (p) out.push(p);
    }
    for (const method of t.methods) {
      const arg = method.params[0];
      if (method.params.length !== 1 || !arg || !/^set[A-Z]/.test(method.name) || hiddenMember(method.annotations)) continue;
      const name = method.name[3]!.toLowerCase() + method.name.slice(4);
      const p = boundParam(index, schemas, textSchemas, method.annotations, arg.type, name, tScope, bindings, method.doc ?? '');
      if (p) out.push(p);
    }
  }
  return out;
}

/** `@Parameter(hidden = true)` / `@ApiParam(hidden = true)` on a bean member: left out, as on a method's parameter. */
function hiddenMember(annotations: readonly Annotation[]): boolean {
  const ann = findAnnotation(annotations, 'Parameter', 'ApiParam');
  return ann?.args.hidden?.kind === 'literal' && ann.args.hidden.value === 'true';
}

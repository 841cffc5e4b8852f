// Spring MVC handler parameters -> the request model: @PathVariable, @RequestParam,
// @RequestHeader, @CookieValue, @RequestBody, @RequestPart / MultipartFile, @ModelAttribute and
// plain bean parameters, Pageable, and the `params=` / `headers=` conditions of the mapping.
// Parameters the application's own argument resolvers fill are left out (argument-resolvers.ts).

import type { Diagnostic } from '../../../model/endpoint';
import type { Param, RequestBody, RequestModel } from '../../../model/request';
import { stringValue } from '../../annotation-values';
import { parseDoc } from '../../doc-comment';
import type { MethodSite } from '../../hierarchy';
import type { ProjectIndex, Scope } from '../../project-index';
import { findAnnotation, simpleName } from '../../source-model';
import type { Annotation, Expr, TypeDecl, TypeRef } from '../../source-model';
import { methodBindingsFor } from '../../types/bindings';
import { requestExampleOf } from '../../types/example';
import type { SchemaBuilder } from '../../types/type-schema';
import { bodyParsedInCode } from '../body-parsed-in-code';
import { declaredBodyOf, declaredRequestBody, untypedSchema } from '../declared-responses';
import { withRequiredChecks } from '../body-checked-in-code';
import { withBodyKeysRead } from '../body-keys-read-in-code';
import { fromTextSchema, isScalar, makeParam, paramSites, swaggerParam, withAllowableValues } from '../params';
import { filledByResolver } from './argument-resolvers';
import { boundBeanParams } from './bean-binding';
import { bodyReadInCode, paramsReadInCode, rawBodyReadInCode } from '../request-reads';
import { isRawBytes, rawBytesBody } from '../raw-bytes-body';
import { REQUEST_OBJECT_TYPES } from '../../body-facts';

const BINDING_ANNOTATIONS = ['PathVariable', 'RequestParam', 'RequestHeader', 'CookieValue', 'RequestBody', 'RequestPart', 'ModelAttribute'];
/** Parameters Spring fills from the server side, never from the request a client builds. */
const IGNORED_ANNOTATIONS = ['AuthenticationPrincipal', 'RequestAttribute', 'SessionAttribute', 'CurrentSecurityContext', 'Value'];
const IGNORED_TYPES = new Set([
  'HttpServletRequest', 'HttpServletResponse', 'ServletRequest', 'ServletResponse', 'HttpSession', 'WebRequest', 'NativeWebRequest',
  'MultipartHttpServletRequest', 'Principal', 'Authentication', 'BindingResult', 'Errors', 'Model', 'ModelMap', 'RedirectAttributes', 'SessionStatus',
  'Locale', 'TimeZone', 'ZoneId', 'UriComponentsBuilder', 'ServletUriComponentsBuilder', 'ServerWebExchange', 'ServerHttpRequest',
  'ServerHttpResponse', 'HttpMethod', 'InputStream', 'Reader', 'OutputStream', 'Writer', 'HttpHeaders', 'Sort.Direction',
]);
const FILE_TYPES = new Set(['MultipartFile', 'Part', 'FilePart']);

export interface SpringRequestInput {
  type: TypeDecl;
  site: MethodSite;
  chain: readonly MethodSite[];
  consumes: readonly string[];
  /** `params=` and `headers=` conditions of the class and method mappings. */
  conditions: { params: string[]; headers: string[] };
  /** Where an annotation naming a parameter by an unresolvable constant is reported. */
  diagnostics?: Diagnostic[];
}

/** `schemas` writes Jackson names (bodies); `beanSchemas` Java names (bound beans). */
export function springRequest(index: ProjectIndex, schemas: SchemaBuilder, beanSchemas: SchemaBuilder, input: SpringRequestInput): RequestModel {
  const params: Param[] = [];
  let body: RequestBody | undefined;
  let multipart = false;
  const formConsumed = input.consumes.some((c) => c.startsWith('application/x-www-form-urlencoded') || c.startsWith('multipart/'));
  const readers: { site: MethodSite; name: string }[] = [];
  const annotated = (a: readonly Annotation[]) => a.some((x) => BINDING_ANNOTATIONS.includes(simpleName(x.name)) || IGNORED_ANNOTATIONS.includes(simpleName(x.name)));

  for (const p of paramSites(input.chain, annotated)) {
    const owner = p.site.owner;
    const scope = { type: owner, file: owner.file };
    const bindings = methodBindingsFor(index, schemas, input.type, p.site);
    const anns = p.param.annotations;
    if (anns.some((a) => IGNORED_ANNOTATIONS.includes(simpleName(a.name)))) continue;
    const typeName = simpleName(p.param.type.name);
    const swagger = swaggerParam(index, p);
    if (swagger.hidden) continue;
    const description = swagger.description ?? p.doc;
    const named = (a: Annotation) => stringValue(index, a, ['value', 'name'], scope, input.diagnostics) || p.param.name;
    const required = (a: Annotation, byDefault: boolean) => {
      const r = a.args.required;
      if (swagger.required !== undefined) return swagger.required;
      if (r?.kind === 'literal') return r.value === 'true';
      // Spring treats a Kotlin parameter that is nullable or has a default as optional.
      return byDefault && a.args.defaultValue === undefined && !p.param.optional;
    };
    const defaultOf = (a: Annotation) => (a.args.defaultValue ? stringValue(index, a, ['defaultValue'], scope) : declaredDefault(index, p.param.defaultValue, scope));
    const extra = (a: Annotation) => {
      const d = defaultOf(a);
      const e: Partial<Param> = {};
      if (d !== undefined) e.default = d;
      if (swagger.example !== undefined) e.example = swagger.example;
      return e;
    };
    // A value Spring converts from text: Jackson's registered serializers and names play no part.
    const schemaOfParam = () => beanSchemas.schemaOf(p.param.type, scope, bindings);
    // A body or part Jackson reads into the parameter.
    const readSchema = () => schemas.schemaOf(p.param.type, scope, bindings, 'request');
    // A value read from text: a class Spring converts from a String is a string on the wire.
    const textSchema = () => withAllowableValues(fromTextSchema(index, p.param.type, scope, schemaOfParam()), swagger.allowableValues);

    const pathVariable = findAnnotation(anns, 'PathVariable');
    if (pathVariable) {
      params.push(makeParam(named(pathVariable), 'path', textSchema(), true, description, extra(pathVariable)));
      continue;
    }
    const header = findAnnotation(anns, 'RequestHeader');
    if (header) {
      if (typeName !== 'Map' && typeName !== 'MultiValueMap' && typeName !== 'HttpHeaders') {
        params.push(makeParam(named(header), 'header', textSchema(), required(header, true), description, extra(header)));
      }
      continue;
    }
    const cookie = findAnnotation(anns, 'CookieValue');
    if (cookie) {
      params.push(makeParam(named(cookie), 'cookie', textSchema(), required(cookie, true), description, extra(cookie)));
      continue;
    }
    const requestBody = findAnnotation(anns, 'RequestBody');
    const entity = requestBody ? undefined : entityBodyType(index, p.param.type, scope);
    if (requestBody || entity) {
      // The type Spring reads the body into: the parameter's, or an HttpEntity's type argument.
      const bodyType = entity ?? p.param.type;
      const bodyTypeName = simpleName(bodyType.name);
      const bodyRequired = requestBody ? required(requestBody, true) : false;
      // Spring reads a String body raw (StringHttpMessageConverter), whatever its type: sent as
      // JSON, `"a@b.c"` would arrive with its quotes. One the method parses itself is JSON of that class.
      const parsed = bodyTypeName === 'String' && bodyType.dims === 0 ? bodyParsedInCode(index, p.site, p.param.name) : undefined;
      let schema = withRequiredChecks(index, p.site, p.param.name, parsed ? schemas.schemaOf(parsed, scope, bindings, 'request') : schemas.schemaOf(bodyType, scope, bindings, 'request'));
      // A body taken as text or as any object (String, Object, Map, JsonNode): the class Swagger's
      // @RequestBody beside Spring's, or its method-level one / @Operation(requestBody), declares.
      const swaggerBody = anns.find((a) => simpleName(a.name) === 'RequestBody' && a.args.content !== undefined);
      const declared = !parsed && untypedSchema(schema)
        ? (swaggerBody && declaredBodyOf(schemas, swaggerBody, owner, bindings)) || declaredRequestBody(schemas, input.chain, bindings)
        : undefined;
      if (declared) schema = declared.schema;
      else schema = schemas.rootWrapped(withBodyKeysRead(index, p.site, p.param.name, schema), scope, 'request');
      const raw = bodyTypeName === 'String' && bodyType.dims === 0 && !parsed && !declared;
      if (isRawBytes(schema)) {
        // byte[] / ByteArray, an InputStream or a Resource: the bytes as sent, of any media type.
        body = rawBytesBody(input.consumes, description, bodyRequired);
        continue;
      }
      body = { contentType: input.consumes[0] ?? declared?.mediaType ?? (raw ? 'text/plain' : 'application/json'), schema, example: requestExampleOf(schema), description, required: bodyRequired };
      continue;
    }
    const part = findAnnotation(anns, 'RequestPart');
    const requestParam = findAnnotation(anns, 'RequestParam');
    if (part || FILE_TYPES.has(typeName) || FILE_TYPES.has(elementName(p.param.type))) {
      multipart = true;
      const ann = part ?? requestParam;
      const name = ann ? named(ann) : p.param.name;
      const isFile = FILE_TYPES.has(typeName) || FILE_TYPES.has(elementName(p.param.type));
      const schema = isFile ? fileSchema(p.param.type.dims > 0 || typeName !== elementName(p.param.type)) : readSchema();
      params.push(makeParam(name, 'form', schema, ann ? required(ann, true) : true, description, isFile ? { file: true } : {}));
      continue;
    }
    if (requestParam) {
      if (typeName === 'Map' || typeName === 'MultiValueMap') {
        // Binds every query parameter: nothing to list one by one.
        params.push(makeParam(p.param.name, formConsumed ? 'form' : 'query', { type: 'object', additionalProperties: { type: 'string' }, description: 'Any parameters (bound as a map)' }, false, description));
        continue;
      }
      params.push(makeParam(named(requestParam), formConsumed ? 'form' : 'query', textSchema(), required(requestParam, true), description, extra(requestParam)));
      continue;
    }
    if (IGNORED_TYPES.has(typeName)) {
      if (REQUEST_OBJECT_TYPES.has(typeName)) readers.push({ site: p.site, name: p.param.name });
      continue;
    }
    if (filledByResolver(index, p.param, scope)) continue;
    if (typeName === 'Pageable') {
      params.push(...pageableParams());
      continue;
    }
    const modelAttribute = findAnnotation(anns, 'ModelAttribute');
    const schema = schemaOfParam();
    if (!modelAttribute && isScalar(schema)) {
      // Spring binds an unannotated simple parameter as an optional request parameter.
      params.push(makeParam(p.param.name, formConsumed ? 'form' : 'query', schema, false, description));
      continue;
    }
    // @ModelAttribute or a plain bean: its properties, by their Java names, are separate parameters.
    const validated = findAnnotation(anns, 'Valid', 'Validated') !== undefined;
    const bound = boundBeanParams(index, beanSchemas, p.param.type, scope, bindings, formConsumed ? 'form' : 'query', validated);
    // A MultipartFile property is bound only from a multipart request: every property is then a part.
    if (bound.some(isFileParam)) {
      multipart = true;
      for (const b of bound) {
        b.in = 'form';
        if (isFileParam(b)) b.file = true;
      }
    }
    for (const b of bound) addBound(params, b);
  }

  // What the body reads from a request object it takes, after everything declared.
  // The body is the most specific declaration's that has one (an interface's mapping has none).
  let rawBody = false;
  for (const r of readers) {
    const at = r.site.method.params.findIndex((q) => q.name === r.name);
    const body = input.chain.find((c) => c.method.requestReads) ?? r.site;
    const name = body.method.params[at]?.name;
    const read = name ? paramsReadInCode(index, body, name, params, formConsumed) : [];
    if (read.some((q) => q.file)) multipart = true;
    params.push(...read);
    rawBody ||= !!name && bodyReadInCode(index, body, name);
  }
  if (rawBody && !body && !multipart && !params.some((p) => p.in === 'form')) body = rawBodyReadInCode(input.consumes[0] ?? 'application/json');
  params.push(...conditionParams(input.conditions, params));
  const consumes = input.consumes.length ? [...input.consumes] : multipart ? ['multipart/form-data'] : params.some((p) => p.in === 'form') ? ['application/x-www-form-urlencoded'] : body ? [body.contentType] : [];
  const model: RequestModel = { params, consumes };
  if (body) model.body = body;
  return model;
}

/**
 * `@PathVariable` parameters of the class's `@ModelAttribute` and `@InitBinder` methods (inherited
 * and private ones included: Spring finds them by reflection). Spring resolves them from the
 * handler's path before the handler runs, so a class-level `@RequestMapping("/owners/{ownerId}")`
 * read only by `findOwner(@PathVariable int ownerId)` types `ownerId` as an int.
 */
export function boundPathParams(index: ProjectIndex, schemas: SchemaBuilder, type: TypeDecl, diagnostics?: Diagnostic[]): Param[] {
  const out: Param[] = [];
  for (const owner of [type, ...index.ancestors(type)]) {
    for (const method of owner.methods) {
      if (!findAnnotation(method.annotations, 'ModelAttribute') && !findAnnotation(method.annotations, 'InitBinder')) continue;
      const site = { method, owner };
      const scope = { type: owner, file: owner.file };
      for (const param of method.params) {
        const ann = findAnnotation(param.annotations, 'PathVariable');
        if (!ann) continue;
        const name = stringValue(index, ann, ['value', 'name'], scope, diagnostics) || param.name;
        if (out.some((p) => p.name === name)) continue;
        const schema = schemas.schemaOf(param.type, scope, methodBindingsFor(index, schemas, type, site));
        out.push(makeParam(name, 'path', schema, true, parseDoc(method.doc).params[param.name] ?? ''));
      }
    }
  }
  return out;
}

/**
 * `HttpEntity<T>` / `RequestEntity<T>` (a library type, not a project class of that name): Spring's
 * HttpEntityMethodProcessor reads the request body into T; a raw one is read as any object.
 */
function entityBodyType(index: ProjectIndex, ref: TypeRef, scope: Scope): TypeRef | undefined {
  if (!ENTITY_TYPES.has(simpleName(ref.name)) || ref.dims > 0 || index.resolveType(ref.name, scope)) return undefined;
  const arg = ref.args[0];
  if (arg && arg.name === '?') return arg.bound?.kind === 'extends' ? arg.bound.type : ANY;
  return arg ?? ANY;
}
const ENTITY_TYPES = new Set(['HttpEntity', 'RequestEntity']);
const ANY: TypeRef = { name: 'Object', args: [], dims: 0 };

/** A Kotlin parameter's default (`size: Int = 20`) as the text a client would send, when it is a constant. */
function declaredDefault(index: ProjectIndex, e: Expr | undefined, scope: Scope): string | undefined {
  if (!e || (e.kind === 'literal' && e.value === 'null')) return undefined;
  const r = index.evalString(e, scope);
  return 'value' in r ? r.value : undefined;
}

/**
 * The binder fills every bean from the same request parameters: an `id` that two beans have
 * (petclinic's owner and pet) is one parameter, required when either bean requires it.
 */
function addBound(params: Param[], bound: Param): void {
  const i = params.findIndex((q) => q.in === bound.in && q.name === bound.name);
  if (i < 0) params.push(bound);
  else if (bound.required && !params[i]!.required) params[i] = bound;
}

function elementName(ref: { name: string; args: { name: string }[] }): string {
  const n = simpleName(ref.name);
  return (n === 'List' || n === 'Collection' || n === 'Set') && ref.args[0] ? simpleName(ref.args[0].name) : n;
}

function isFileParam(p: Param): boolean {
  const s = p.schema.type === 'array' ? p.schema.items : p.schema;
  return s !== undefined && !Array.isArray(s) && s.type === 'string' && s.format === 'binary';
}

function fileSchema(many: boolean) {
  const file = { type: 'string' as const, format: 'binary' };
  return many ? { type: 'array' as const, items: file } : file;
}

function pageableParams(): Param[] {
  return [
    makeParam('page', 'query', { type: 'integer', format: 'int32', minimum: 0, default: 0 }, false, 'Zero-based page index', { default: '0' }),
    makeParam('size', 'query', { type: 'integer', format: 'int32', minimum: 1, default: 20 }, false, 'Page size', { default: '20' }),
    makeParam('sort', 'query', { type: 'array', items: { type: 'string' } }, false, 'Sort criteria: property(,asc|desc); repeatable', { example: ['id,asc'] }),
  ];
}

/**
 * `params = {"type=card", "debug", "!legacy"}` and `headers = "X-Api-Version=2"`: required
 * parameters (with their fixed value), absent ones (`!`) listed nowhere.
 */
function conditionParams(conditions: { params: string[]; headers: string[] }, existing: readonly Param[]): Param[] {
  const out: Param[] = [];
  const add = (expr: string, location: 'query' | 'header') => {
    const m = /^\s*([^!=\s][^=!]*?)\s*(!?=)\s*(.*)$/.exec(expr) ?? /^\s*([^!=\s].*?)\s*$/.exec(expr);
    if (!m || expr.trim().startsWith('!')) return;
    const name = m[1]!;
    if (existing.some((p) => p.in === location && p.name.toLowerCase() === name.toLowerCase())) return;
    const negated = m[2] === '!=';
    const value = m[2] === '=' ? m[3] : undefined;
    const schema = value !== undefined ? { type: 'string' as const, enum: [value] } : { type: 'string' as const };
    const description = value !== undefined ? `Must be ${value} (mapping condition)` : negated ? `Must not be ${m[3]} (mapping condition)` : 'Must be present (mapping condition)';
    out.push(makeParam(name, location, schema, true, description, value !== undefined ? { example: value } : {}));
  };
  conditions.params.forEach((p) => add(p, 'query'));
  // Content-Type and Accept conditions are consumes/produces, not headers to send by hand.
  conditions.headers.filter((h) => !/^\s*(content-type|accept)\s*=/i.test(h)).forEach((h) => add(h, 'header'));
  return out;
}

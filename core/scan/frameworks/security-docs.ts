// What springdoc / Swagger 2 / Spring annotations say about an operation's security and its
// responses beyond the return type: `@SecurityScheme(s)` and `@OpenAPIDefinition(security)` on any
// class, `@SecurityRequirement(s)` and `@Operation(security)`, Swagger 2 `@Api(authorizations)` /
// `@ApiOperation(authorizations)`, springdoc and Swagger 2 `@ApiResponse(s)`, `@ResponseStatus`;
// the MicroProfile OpenAPI forms JAX-RS resources use (`@APIResponse(s)`, `@SecurityScheme(
// securitySchemeName)`), springdoc's OpenAPI bean built in code (openapi-bean-security.ts), and
// the statuses a handler shows: codes its body names, `@ResponseStatus` on the exceptions it
// throws and `@ExceptionHandler`s that handle them.

import type { SecuritySchemeDecl } from '../../model/endpoint';
import type { DeclaredResponse, JsonSchema, ResponseModel } from '../../model/request';
import { exampleOf } from '../types/example';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { foldNumber, stringAttr } from '../types/attribute';
import { codeSecurity } from './openapi-bean-security';
import { HTTP_STATUS, reasonPhrase } from '../http-status';
import type { SchemaBuilder, TypeBindings } from '../types/type-schema';

/** Class annotations that declare schemes or a global requirement: files using them are always read. */
export const SECURITY_DECLARATIONS = ['SecurityScheme', 'SecuritySchemes', 'OpenAPIDefinition'];

const SCHEME_TYPES: Record<string, SecuritySchemeDecl['type']> = { HTTP: 'http', APIKEY: 'apiKey', OAUTH2: 'oauth2', OPENIDCONNECT: 'openIdConnect' };
const KEY_LOCATIONS: Record<string, 'header' | 'query' | 'cookie'> = { HEADER: 'header', QUERY: 'query', COOKIE: 'cookie' };
const FLOWS = ['implicit', 'password', 'clientCredentials', 'authorizationCode'];

/** The `@SecurityScheme`s a class declares (directly or in `@SecuritySchemes`). */
export function securitySchemesOf(index: ProjectIndex, type: TypeDecl): SecuritySchemeDecl[] {
  const scope = { type, file: type.file };
  const out: SecuritySchemeDecl[] = [];
  for (const ann of annotationsNamed(type.annotations, 'SecurityScheme', 'SecuritySchemes')) {
    // MicroProfile OpenAPI names the scheme `securitySchemeName`.
    const name = stringAttr(index, ann, 'name', scope) ?? stringAttr(index, ann, 'securitySchemeName', scope);
    const type_ = SCHEME_TYPES[enumName(ann.args.type) ?? ''];
    if (!name || !type_) continue; // springdoc itself skips a scheme without a name or type
    const s: SecuritySchemeDecl = { name, type: type_ };
    const text = (key: string) => {
      const v = stringAttr(index, ann, key, scope);
      return v ? v : undefined;
    };
    const description = text('description');
    if (description) s.description = description;
    if (type_ === 'http') {
      s.scheme = text('scheme') ?? 'bearer';
      const format = text('bearerFormat');
      if (format) s.bearerFormat = format;
    } else if (type_ === 'apiKey') {
      s.in = KEY_LOCATIONS[enumName(ann.args.in) ?? ''] ?? 'header';
      s.paramName = text('paramName') ?? text('apiKeyName') ?? name;
    } else if (type_ === 'openIdConnect') {
      s.openIdConnectUrl = text('openIdConnectUrl') ?? '';
    } else {
      const flows = ann.args.flows?.kind === 'annotation' ? ann.args.flows.annotation : undefined;
      s.flows = {};
      for (const f of FLOWS) {
        const flow = flows?.args[f]?.kind === 'annotation' ? (flows.args[f] as { annotation: Annotation }).annotation : undefined;
        if (!flow) continue;
        const scopes: Record<string, string> = {};
        for (const item of items(flow.args.scopes)) {
          if (item.kind !== 'annotation') continue;
          const scopeName = stringAttr(index, item.annotation, 'name', scope);
          if (scopeName) scopes[scopeName] = stringAttr(index, item.annotation, 'description', scope) ?? '';
        }
        const entry: NonNullable<SecuritySchemeDecl['flows']>[string] = { scopes };
        for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
          const v = stringAttr(index, flow, key, scope);
          if (v) entry[key] = v;
        }
        s.flows[f] = entry;
      }
    }
    out.push(s);
  }
  return out;
}

/**
 * What a scan's classes declare, by module: the `@SecurityScheme`s (first of a name wins) and the
 * `@OpenAPIDefinition(security)` requirement. One per framework scanner, fed from its `collect`.
 */
export class SecurityDeclarations {
  private readonly schemes = new Map<string, Map<string, SecuritySchemeDecl>>();
  private readonly global = new Map<string, string[]>();

  /** Whether the `@Bean OpenAPI` code of the index has been read (once per scan, before any class). */
  private codeRead = false;

  collect(index: ProjectIndex, type: TypeDecl): void {
    if (!this.codeRead) this.collectCode(index);
    const module = type.file.module;
    for (const s of securitySchemesOf(index, type)) {
      const byName = this.schemes.get(module) ?? this.schemes.set(module, new Map()).get(module)!;
      if (!byName.has(s.name)) byName.set(s.name, s);
    }
    const global = globalSecurityOf(index, type);
    if (global.length && !this.global.has(module)) this.global.set(module, global);
  }

  /** Schemes and the document-wide requirement springdoc's OpenAPI bean builds in code (openapi-bean-security.ts). */
  private collectCode(index: ProjectIndex): void {
    this.codeRead = true;
    for (const { module, schemes, global } of codeSecurity(index)) {
      for (const s of schemes) {
        const byName = this.schemes.get(module) ?? this.schemes.set(module, new Map()).get(module)!;
        if (!byName.has(s.name)) byName.set(s.name, s);
      }
      if (global.length && !this.global.has(module)) this.global.set(module, global);
    }
  }

  byModule(): Map<string, SecuritySchemeDecl[]> {
    return new Map([...this.schemes].map(([m, byName]) => [m, [...byName.values()]]));
  }

  names(module: string): string[] {
    return [...(this.schemes.get(module)?.keys() ?? [])];
  }

  globalOf(module: string): string[] | undefined {
    return this.global.get(module);
  }

  /**
   * The schemes an operation needs: its own or its class's `@SecurityRequirement`; else, where the
   * module declares schemes, JSR-250's `@PermitAll` is public and `@RolesAllowed` needs a signed-in
   * caller (the `@OpenAPIDefinition` requirement, else any declared scheme); else the module
   * default. JAX-RS reads JSR-250, and so does Spring Security with `jsr250Enabled`.
   */
  requiredBy(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[]): string[] | undefined {
    const declared = operationSecurity(index, type, chain);
    if (declared) return declared;
    const module = type.file.module;
    const global = this.globalOf(module);
    const known = this.names(module);
    if (known.length) {
      for (const anns of [...chain.map((s) => s.method.annotations), ...[type, ...index.ancestors(type)].map((t) => t.annotations)]) {
        if (findAnnotation(anns, 'PermitAll')) return [];
        if (findAnnotation(anns, 'RolesAllowed')) return global ?? known;
      }
    }
    return global;
  }
}

/** `@OpenAPIDefinition(security = @SecurityRequirement(name = ...))` on a class: the module-wide requirement. */
export function globalSecurityOf(index: ProjectIndex, type: TypeDecl): string[] {
  const def = findAnnotation(type.annotations, 'OpenAPIDefinition');
  return def ? requirementNames(index, def.args.security, { type, file: type.file }) : [];
}

/**
 * The scheme names an operation needs: the method's own declaration wins over its class's
 * (springdoc's rule); undefined when neither declares one.
 */
export function operationSecurity(index: ProjectIndex, type: TypeDecl, chain: readonly MethodSite[]): string[] | undefined {
  for (const { method, owner } of chain) {
    const found = declaredOn(index, method.annotations, { type: owner, file: owner.file });
    if (found) return found;
  }
  for (const t of [type, ...index.ancestors(type)]) {
    const found = declaredOn(index, t.annotations, { type: t, file: t.file });
    if (found) return found;
  }
  return undefined;
}

function declaredOn(index: ProjectIndex, anns: readonly Annotation[], scope: Scope): string[] | undefined {
  const names: string[] = [];
  let declared = false;
  // An empty `@SecurityRequirements` declares the operation public.
  if (findAnnotation(anns, 'SecurityRequirements')) declared = true;
  for (const ann of annotationsNamed(anns, 'SecurityRequirement', 'SecurityRequirements')) {
    declared = true;
    names.push(...requirementNames(index, { kind: 'annotation', annotation: ann }, scope));
  }
  const op = findAnnotation(anns, 'Operation');
  if (op?.args.security) {
    declared = true;
    names.push(...requirementNames(index, op.args.security, scope));
  }
  // Swagger 2: @Api(authorizations = @Authorization("x")), @ApiOperation(authorizations = ...).
  const api = findAnnotation(anns, 'ApiOperation', 'Api');
  for (const item of items(api?.args.authorizations)) {
    if (item.kind !== 'annotation') continue;
    const name = stringAttr(index, item.annotation, 'value', scope);
    declared = true;
    if (name) names.push(name);
  }
  return declared ? [...new Set(names)] : undefined;
}

function requirementNames(index: ProjectIndex, e: Expr | undefined, scope: Scope): string[] {
  const out: string[] = [];
  for (const item of items(e)) {
    if (item.kind !== 'annotation') continue;
    const a = item.annotation;
    if (simpleName(a.name) === 'SecurityRequirements') out.push(...requirementNames(index, a.args.value, scope));
    else {
      const name = stringAttr(index, a, 'name', scope);
      if (name) out.push(name);
    }
  }
  return out;
}

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
    for (const item of items(op?.args.responses)) if (item.kind === 'annotation') anns.push(item.annotation);
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
  for (const item of items(ann.args.content)) {
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
  return { contentType: ok.contentType ?? response.contentType, schema: ok.schema, example: exampleOf(ok.schema), description };
}

function statusCode(index: ProjectIndex, e: Expr | undefined, scope: Scope): string | undefined {
  if (!e) return undefined;
  if (e.kind === 'name') {
    const known = HTTP_STATUS[simpleName(e.name)];
    if (known) return String(known);
  }
  const n = foldNumber(index, e, scope);
  return n !== undefined && Number.isInteger(n) && n >= 100 && n <= 599 ? String(n) : undefined;
}


/** What one exception answers with: `@ResponseStatus(code, reason)` on it or on the handler that handles it. */
type ExceptionResponse = DeclaredResponse;

/** Spring stereotypes of classes whose `@ExceptionHandler`s apply to every controller. */
export const ADVICE_MARKERS = ['ControllerAdvice', 'RestControllerAdvice'];

/**
 * `@ExceptionHandler(X.class)` methods carrying `@ResponseStatus` in a type: exception (its
 * qualified name when it is in the tree, else as written) -> response. Without a value the
 * handler handles the exceptions its parameters name, as in Spring.
 */
export function exceptionHandlers(index: ProjectIndex, type: TypeDecl, into = new Map<string, ExceptionResponse>()): Map<string, ExceptionResponse> {
  for (const m of type.methods) {
    const handler = findAnnotation(m.annotations, 'ExceptionHandler');
    const status = handler && findAnnotation(m.annotations, 'ResponseStatus');
    if (!handler || !status) continue;
    const scope = { type, file: type.file };
    const code = statusCode(index, status.args.code ?? status.args.value, scope);
    if (!code) continue;
    const names = items(handler.args.value).flatMap((e) => (e.kind === 'class' ? [e.type.name] : []));
    if (!names.length) for (const p of m.params) if (/(?:Exception|Error|Throwable)$/.test(simpleName(p.type.name))) names.push(p.type.name);
    const reason = stringAttr(index, status, 'reason', scope);
    for (const n of names) {
      const key = index.resolveType(n, scope)?.fqn ?? simpleName(n);
      if (!into.has(key)) into.set(key, { status: code, description: reason || reasonPhrase(code) });
    }
  }
  return into;
}

/** The status JAX-RS's own `WebApplicationException` subclasses answer with. */
export const JAX_RS_EXCEPTIONS: Record<string, string> = {
  BadRequestException: '400', NotAuthorizedException: '401', ForbiddenException: '403', NotFoundException: '404', NotAllowedException: '405',
  NotAcceptableException: '406', NotSupportedException: '415', InternalServerErrorException: '500', ServiceUnavailableException: '503',
};

/**
 * The statuses a handler shows besides its annotations: codes its body names (body-facts.ts), and
 * for each exception it declares or throws, the handler of that exception or one of its
 * superclasses (`handlers`: advice, then the controller's own) or the `@ResponseStatus` on the
 * class, nearest first (Spring asks the handlers before the annotation). `builtin` names library
 * exceptions whose status is fixed. The success code is the first 2xx the body names, unless it
 * names 200 or `explicit` (`@ResponseStatus` on the handler) says otherwise.
 */
export function visibleResponses(
  index: ProjectIndex,
  chain: readonly MethodSite[],
  explicit: string | undefined,
  handlers: ReadonlyMap<string, ExceptionResponse>,
  builtin: Readonly<Record<string, string>> = {},
): { status: string | undefined; responses: DeclaredResponse[] } {
  const codes: string[] = [];
  const fromExceptions: DeclaredResponse[] = [];
  for (const { method, owner } of chain) {
    for (const c of method.statuses ?? []) if (!codes.includes(c)) codes.push(c);
    for (const name of method.thrown ?? []) {
      const r = exceptionResponse(index, name, { type: owner, file: owner.file }, handlers, builtin);
      if (r) fromExceptions.push(r);
    }
  }
  const success = explicit ?? (codes.includes('200') ? undefined : codes.find((c) => c.startsWith('2')));
  const out: DeclaredResponse[] = [];
  const seen = new Set([success ?? '200']);
  for (const c of codes) {
    if (seen.has(c)) continue;
    seen.add(c);
    out.push({ status: c, description: reasonPhrase(c) });
  }
  for (const r of fromExceptions) {
    if (seen.has(r.status)) continue;
    seen.add(r.status);
    out.push(r);
  }
  return { status: success, responses: out };
}

/** Declared responses, then the visible ones whose status none of them declares. */
export function withVisible(declared: DeclaredResponse[], visible: readonly DeclaredResponse[]): DeclaredResponse[] {
  const have = new Set(declared.map((r) => r.status));
  return [...declared, ...visible.filter((r) => !have.has(r.status))];
}

function exceptionResponse(index: ProjectIndex, name: string, scope: Scope, handlers: ReadonlyMap<string, ExceptionResponse>, builtin: Readonly<Record<string, string>>): ExceptionResponse | undefined {
  const decl = index.resolveType(name, scope);
  const chain = decl ? [decl, ...index.ancestors(decl)] : [];
  for (const t of chain) {
    const handled = handlers.get(t.fqn);
    if (handled) return handled;
    const ann = findAnnotation(t.annotations, 'ResponseStatus');
    const code = ann && statusCode(index, ann.args.code ?? ann.args.value, { type: t, file: t.file });
    if (ann && code) return { status: code, description: stringAttr(index, ann, 'reason', { type: t, file: t.file }) || reasonPhrase(code) };
  }
  // Outside the tree: a handler of the library type (by the name written), or its fixed status.
  const last = chain.length ? chain[chain.length - 1]!.superclass?.name : name;
  for (const n of decl ? [last] : [name]) {
    if (!n) continue;
    const handled = handlers.get(simpleName(n));
    if (handled) return handled;
    const fixed = builtin[simpleName(n)];
    if (fixed) return { status: fixed, description: reasonPhrase(fixed) };
  }
  return undefined;
}

/** Annotations of the given names, a container's (`@ApiResponses({...})`) items included. */
function annotationsNamed(anns: readonly Annotation[], single: string, container: string): Annotation[] {
  const out: Annotation[] = [];
  for (const a of anns) {
    const n = simpleName(a.name);
    if (n === single) out.push(a);
    else if (n === container) for (const item of items(a.args.value)) if (item.kind === 'annotation' && simpleName(item.annotation.name) === single) out.push(item.annotation);
  }
  return out;
}

function items(e: Expr | undefined): Expr[] {
  if (!e) return [];
  return e.kind === 'array' ? e.items : [e];
}

function enumName(e: Expr | undefined): string | undefined {
  if (e?.kind !== 'name') return undefined;
  return e.name.slice(e.name.lastIndexOf('.') + 1).toUpperCase();
}

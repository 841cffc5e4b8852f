// What springdoc / Swagger 2 / Spring annotations say about an operation's security and its
// responses beyond the return type: `@SecurityScheme(s)` and `@OpenAPIDefinition(security)` on any
// class, `@SecurityRequirement(s)` and `@Operation(security)`, Swagger 2 `@Api(authorizations)` /
// `@ApiOperation(authorizations)`, springdoc and Swagger 2 `@ApiResponse(s)`, `@ResponseStatus`.

import type { SecuritySchemeDecl } from '../../model/endpoint';
import type { DeclaredResponse } from '../../model/request';
import type { MethodSite } from '../hierarchy';
import type { ProjectIndex, Scope } from '../project-index';
import { findAnnotation, simpleName } from '../source-model';
import type { Annotation, Expr, TypeDecl } from '../source-model';
import { foldNumber, stringAttr } from '../types/attribute';
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
    const name = stringAttr(index, ann, 'name', scope);
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
      s.paramName = text('paramName') ?? name;
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
    const anns: Annotation[] = [...annotationsNamed(method.annotations, 'ApiResponse', 'ApiResponses')];
    const op = findAnnotation(method.annotations, 'Operation');
    for (const item of items(op?.args.responses)) if (item.kind === 'annotation') anns.push(item.annotation);
    if (!anns.length) continue;
    const out: DeclaredResponse[] = [];
    for (const ann of anns) {
      const status = stringAttr(index, ann, 'responseCode', scope) ?? statusCode(index, ann.args.code, scope);
      if (!status) continue;
      const r: DeclaredResponse = { status, description: stringAttr(index, ann, 'description', scope) ?? stringAttr(index, ann, 'message', scope) ?? '' };
      const cls = schemaClass(ann);
      if (cls) {
        r.contentType = cls.mediaType ?? produces ?? 'application/json';
        r.schema = schemas.schemaOf(cls.expr.type, scope, bindings);
      }
      out.push(r);
    }
    return out;
  }
  return [];
}

/** The class a response annotation names for its body, with the media type `@Content` gives. */
function schemaClass(ann: Annotation): { expr: Extract<Expr, { kind: 'class' }>; mediaType?: string } | undefined {
  if (ann.args.response?.kind === 'class') {
    const name = simpleName(ann.args.response.type.name);
    return name === 'Void' ? undefined : { expr: ann.args.response };
  }
  for (const item of items(ann.args.content)) {
    if (item.kind !== 'annotation') continue;
    const content = item.annotation;
    const schema = content.args.schema?.kind === 'annotation' ? content.args.schema.annotation : undefined;
    const impl = schema?.args.implementation;
    if (impl?.kind !== 'class') continue;
    const media = content.args.mediaType;
    return media?.kind === 'string' ? { expr: impl, mediaType: media.value } : { expr: impl };
  }
  return undefined;
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

/** Spring's `HttpStatus` constants a handler commonly names. */
const HTTP_STATUS: Record<string, number> = {
  OK: 200, CREATED: 201, ACCEPTED: 202, NON_AUTHORITATIVE_INFORMATION: 203, NO_CONTENT: 204, RESET_CONTENT: 205, PARTIAL_CONTENT: 206,
  MOVED_PERMANENTLY: 301, FOUND: 302, SEE_OTHER: 303, NOT_MODIFIED: 304, TEMPORARY_REDIRECT: 307, PERMANENT_REDIRECT: 308,
  BAD_REQUEST: 400, UNAUTHORIZED: 401, PAYMENT_REQUIRED: 402, FORBIDDEN: 403, NOT_FOUND: 404, METHOD_NOT_ALLOWED: 405, NOT_ACCEPTABLE: 406,
  REQUEST_TIMEOUT: 408, CONFLICT: 409, GONE: 410, PRECONDITION_FAILED: 412, PAYLOAD_TOO_LARGE: 413, UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422, LOCKED: 423, TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500, NOT_IMPLEMENTED: 501, BAD_GATEWAY: 502, SERVICE_UNAVAILABLE: 503, GATEWAY_TIMEOUT: 504,
};

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

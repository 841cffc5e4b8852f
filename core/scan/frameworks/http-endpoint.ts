// The one way an HTTP framework turns "this method of this class serves VERB /path" into an
// Endpoint: source location, signature and media types are filled the same for all.

import { createEndpoint } from '../../model/endpoint';
import type { Endpoint, FrameworkId } from '../../model/endpoint';
import type { DeclaredResponse, Param, RequestModel, ResponseModel } from '../../model/request';
import type { MethodSite } from '../hierarchy';
import type { TypeDecl } from '../source-model';
import type { NameAndDescription } from './naming';
import { makeParam } from './params';

export interface HttpEndpointInit extends NameAndDescription {
  framework: FrameworkId;
  /** The concrete class serving the endpoint. */
  type: TypeDecl;
  /** The most specific declaration of the method: where the user navigates. */
  site: MethodSite;
  method: string;
  path: string;
  folder: string;
  /** The `@Tag` / `@Api` description of the folder, '' when none. */
  folderDescription?: string | undefined;
  consumes?: string[] | undefined;
  produces?: string[] | undefined;
  request?: RequestModel | undefined;
  response?: ResponseModel | undefined;
  deprecated?: boolean | undefined;
  security?: string[] | undefined;
  securityOptional?: boolean | undefined;
  status?: string | undefined;
  operationId?: string | undefined;
  responses?: DeclaredResponse[] | undefined;
  /**
   * Path variables the class binds outside the handler (`@PathVariable int ownerId` of a
   * `@ModelAttribute` or `@InitBinder` method): typed like the handler's own, used for a
   * `{name}` of the path no handler parameter declares.
   */
  boundPathParams?: readonly Param[] | undefined;
}

/**
 * Where the user navigates for an endpoint: the method's most specific declaration, or, for one a
 * class inherits from a dependency jar's compiled class (no source here), the class serving it.
 */
export function endpointSource(site: MethodSite, type: TypeDecl): Endpoint['source'] {
  if (site.owner.file.jar && !type.file.jar) return { file: type.file.path, line: type.line, column: type.column, member: site.method.name };
  return { file: site.owner.file.path, line: site.method.line, column: site.method.column, member: site.method.name };
}

export function httpEndpoint(init: HttpEndpointInit): Endpoint {
  const { site, type } = init;
  const endpoint = createEndpoint({
    protocol: 'http',
    framework: init.framework,
    method: init.method,
    path: init.path,
    name: init.name,
    description: init.description,
    folder: init.folder,
    className: type.fqn,
    module: type.file.module,
    source: endpointSource(site, type),
    signature: site.method.params.map((p) => p.type.name + '[]'.repeat(p.type.dims)),
  });
  if (init.consumes?.length) endpoint.consumes = init.consumes;
  if (init.produces?.length) endpoint.produces = init.produces;
  const request = withPathTemplates(init.request, init.path, init.boundPathParams ?? []);
  if (request) endpoint.request = request;
  if (init.response) endpoint.response = init.response;
  if (init.deprecated) endpoint.deprecated = true;
  if (init.status) endpoint.status = init.status;
  if (init.operationId) endpoint.operationId = init.operationId;
  if (init.responses?.length) endpoint.responses = init.responses;
  if (init.security) endpoint.security = init.security;
  if (init.security?.length && init.securityOptional) endpoint.securityOptional = true;
  if (init.folderDescription) endpoint.folderDescription = init.folderDescription;
  return endpoint;
}

/**
 * Every `{name}` of the path is a path parameter of the model, also when no handler parameter
 * declares it: a class-level `@RequestMapping("/owners/{ownerId}")` read by `@ModelAttribute` or
 * `@InitBinder` methods, or a JAX-RS field. Without it `call --param`, environments and the
 * exports could not give it a value. One added goes before the declared path parameters that come
 * later in the path, so the form asks for them in the order of the address. A declared path
 * parameter the path has no template for (`@PathParam("envId")` of a resource also reached from a
 * root without `{envId}`) can never be sent: the runtime passes null, so it is left out.
 */
export function withPathTemplates(request: RequestModel | undefined, path: string, bound: readonly Param[]): RequestModel | undefined {
  const order = new Map<string, number>();
  for (const m of path.matchAll(/\{\*?([^{}/*]+)\}/g)) if (!order.has(m[1]!)) order.set(m[1]!, order.size);
  // Required: a JAX-RS matrix parameter is a path parameter too, optional and without a template.
  const unsendable = (p: Param) => p.in === 'path' && p.required && !order.has(p.name);
  const params = (request?.params ?? []).filter((p) => !unsendable(p));
  const declared = new Set(params.filter((p) => p.in === 'path').map((p) => p.name));
  const missing = [...order.keys()].filter((name) => !declared.has(name));
  if (!missing.length) return request && params.length !== request.params.length ? { ...request, params } : request;
  // A path variable is always required, also where the binding method says `required = false`
  // (petclinic's OwnerController does, so the same method serves `/owners/new`).
  const added = missing.map((name) => {
    const typed = bound.find((p) => p.name === name);
    return typed ? { ...typed, required: true } : makeParam(name, 'path', { type: 'string' }, true, '');
  });
  for (const a of added) {
    const at = params.findIndex((p) => p.in === 'path' && (order.get(p.name) ?? -1) > order.get(a.name)!);
    if (at < 0) params.push(a);
    else params.splice(at, 0, a);
  }
  return request ? { ...request, params } : { params, consumes: [] };
}

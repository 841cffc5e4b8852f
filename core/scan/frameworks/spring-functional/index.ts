// Spring's functional endpoints: RouterFunctions built in code rather than annotated controllers
// (WebFlux and WebMvc.fn, Java builders and static forms, Kotlin's router DSL, springdoc's
// SpringdocRouteBuilder). A router is a `@Bean` method, or a method of a Spring component,
// returning a RouterFunction (Kotlin: any method whose routes come from a `router { }` block, as
// Kotlin registers beans in code, `beans { bean { } }` included, and so any property initialized
// with those blocks, `val beans = beans { }`), or a method of any class calling
// `registerBean(RouterFunction.class, supplier)`; its body is read as text (route-syntax.ts) and
// evaluated (route-eval.ts), following other classes' router methods it calls; a router that is no
// bean and that another router composes is listed only there (mounts.ts). Each route points at its
// handler method when the handler is a method reference, else at the call registering it.

import type { Endpoint } from '../../../model/endpoint';
import { createEndpoint } from '../../../model/endpoint';
import { findAnnotation, isAbstract } from '../../source-model';
import type { TypeDecl } from '../../source-model';
import { joinPaths } from '../../paths';
import type { FrameworkScanner, ScanContext } from '../framework';
import { folderOf, nameAndDescription } from '../naming';
import { withPathTemplates } from '../http-endpoint';
import { lineColumnAt } from './route-syntax';
import type { Route } from './route-eval';
import { fileTexts, readRouters } from './router-reading';
import type { RoutersRead } from './router-reading';
import { mountedElsewhere } from './mounts';
import { resolveHandler } from './handlers';
import type { ResolvedHandler } from './handlers';
import { handlerRequest } from './handler-request';
import { handlerResponse } from './handler-response';
import { operationNames, pathOperationId } from './operation';
import type { OperationNames } from './operation';
import type { JsonSchema, RequestModel } from '../../../model/request';
import { makeParam } from '../params';
import { requestExampleOf, responseExampleOf } from '../../types/example';

export function createSpringFunctionalScanner(): FrameworkScanner {
  return {
    id: 'spring-mvc',
    markers: () => [],
    mentionMarkers: () => ['RouterFunction', 'router'],
    metaMarkers: () => [],
    learnAnnotation: () => false,

    endpoints(type, ctx) {
      if (isAbstract(type) || type.kind === 'enum' || type.kind === 'annotation') return [];
      const entry = ctx.index.files.get(type.file.path);
      if (!entry?.mentions) return [];
      // Handlers' files are read for what their bodies show: once each per router class.
      const readText = fileTexts(ctx.index);
      const out: Endpoint[] = [];
      let read: RoutersRead | undefined;
      try {
        read = readRouters(type, ctx.index, readText);
        if (!read) return [];
        const { routers, evaluator } = read;
        // Spring serves every RouterFunction bean at its own paths (RouterFunctionMapping collects
        // the beans of that type), whoever else composes it: a @Bean router is listed as it is and
        // again under each router mounting it. A method's result that is no bean (a component's
        // method, a Kotlin router { } function) is served only inside a bean that includes it: once
        // a router of this class or another is seen composing it, it is listed only there, under
        // that router's prefixes. One nobody is seen composing keeps its own paths: the application
        // collects it in a way the source does not show (halo's CustomEndpoint beans).
        const parts = routers.map((r) => r.method).filter((m) => !findAnnotation(m.annotations, 'Bean'));
        const mounted = mountedElsewhere(type, parts.filter((m) => !evaluator.followed.has(m)), ctx.index, readText);
        for (const { method, routes } of routers) {
          if (parts.includes(method) && (evaluator.followed.has(method) || mounted.has(method))) continue;
          for (const route of routes) out.push(endpointOf(route, type, ctx, readText));
        }
      } catch (e) {
        // Code nested beyond what the reader's recursion allows: the class's routes are not listed.
        ctx.diagnostics.push({ file: type.file.path, line: type.line, message: `${type.name}: its routes cannot be read (${(e as Error).message}); they are not listed` });
        return [];
      }
      for (const u of read.evaluator.unread) {
        const { line } = lineColumnAt(u.env.text, u.at);
        ctx.diagnostics.push({ file: u.env.type.file.path, line, message: `${u.env.type.name}.${u.env.method.name}(): the route this ${u.call}(...) registers has a path the source does not show (a pattern passed in, or a predicate made elsewhere): it is not listed` });
      }
      return out;
    },
  };
}

/**
 * A route as an endpoint. Its router is the class whose method registers it (another class's,
 * when one was followed), its module the one of the router being read: the application serving it.
 */
function endpointOf(route: Route, root: TypeDecl, ctx: ScanContext, readText: (path: string) => string | undefined): Endpoint {
  const { type: router, text } = route.env;
  const handler: ResolvedHandler | undefined = route.handler.k === 'ref' ? resolveHandler(ctx.index, route.handler) : undefined;
  const path = joinPaths(route.path || '/');
  const ops = route.operation ? operationNames(route.operation, route.env, { index: ctx.index, readText }) : {};
  const owner = handler?.owner ?? router;
  const names = handler ? nameAndDescription(ctx.index, [handler]) : { name: route.env.method.name, description: '' };
  const where = route.handler.k === 'inline' || !handler ? lineColumnAt(text, route.call.at) : undefined;
  const source = handler
    ? { file: handler.owner.file.path, line: handler.method.line, column: handler.method.column, member: handler.method.name }
    : { file: router.file.path, line: where!.line, column: where!.column, member: route.call.name };
  const endpoint = createEndpoint({
    protocol: 'http',
    framework: 'spring-mvc',
    method: route.method,
    path,
    name: ops.summary ?? (handler?.method.doc ? names.name : undefined) ?? ops.operationId ?? names.name,
    description: ops.description ?? names.description,
    folder: ops.tag ?? folderOf(ctx.index, owner),
    className: owner.fqn,
    module: root.file.module,
    source,
    signature: signatureOf(handler, router, source),
  });
  if (route.consumes.length) endpoint.consumes = [...route.consumes];
  if (route.produces.length) endpoint.produces = [...route.produces];
  if (ops.deprecated) endpoint.deprecated = true;
  if (ops.operationId) endpoint.operationId = ops.operationId;
  // No method names the route (a lambda, or a handler a factory method makes): the OpenAPI export
  // would call it `Router_GET`, `Router_GET_2`; it gets one made of its path and verb instead.
  else if (!handler || route.handler.k !== 'ref' || route.handler.arity !== undefined || route.handler.delegated !== undefined) endpoint.operationId = pathOperationId(path, route.method);
  const read = ctx.requestModels && handler ? handlerRequest(ctx, handler, route.consumes, readText) : undefined;
  const documented = ctx.requestModels ? withOperation(read, ops, route, path, ctx) : read;
  const request = withPathTemplates(documented, path, []);
  if (request) endpoint.request = request;
  if (ctx.requestModels && ops.response) {
    const r = ops.response;
    const item = ctx.schemas.schemaOf({ name: r.type, args: [], dims: 0 }, { type: r.where, file: r.where.file });
    const schema: JsonSchema = r.array ? { type: 'array', items: item } : item;
    endpoint.response = { contentType: r.contentType ?? route.produces[0] ?? 'application/json', schema, example: responseExampleOf(schema), description: r.description };
  } else if (ctx.requestModels && handler) {
    const written = handlerResponse(ctx, handler, route.produces, readText);
    if (written) endpoint.response = written;
  }
  if (ops.response?.status) endpoint.status = ops.response.status;
  return endpoint;
}

/**
 * The handler's request with what springdoc's operation documents: its parameters (with their
 * descriptions, over the same ones the handler body showed) and, when the body showed none, its
 * request body.
 */
function withOperation(read: RequestModel | undefined, ops: OperationNames, route: Route, path: string, ctx: ScanContext): RequestModel | undefined {
  if (!ops.params?.length && !ops.body) return read;
  // A path parameter the path has no template for (documented on another route) is not one here.
  const documented = (ops.params ?? [])
    .filter((p) => p.in !== 'path' || path.includes(`{${p.name}}`))
    .map((p) => {
      const item = p.type ? ctx.schemas.schemaOf({ name: p.type, args: [], dims: 0 }, { type: p.where, file: p.where.file }) : { type: 'string' as const };
      return makeParam(p.name, p.in, p.array ? { type: 'array', items: item } : item, p.required, p.description);
    });
  const params = [...documented, ...(read?.params ?? []).filter((p) => !documented.some((d) => d.name === p.name && d.in === p.in))];
  const model: RequestModel = { params, consumes: read?.consumes ?? [...route.consumes] };
  if (read?.body) model.body = read.body;
  else if (ops.body) {
    const where = ops.body.where;
    const item = ctx.schemas.schemaOf({ name: ops.body.type, args: [], dims: 0 }, { type: where, file: where.file }, undefined, 'request');
    const schema: JsonSchema = ops.body.array ? { type: 'array', items: item } : item;
    const contentType = ops.body.contentType ?? route.consumes[0] ?? 'application/json';
    model.body = { contentType, schema, example: requestExampleOf(schema), description: ops.body.description, required: ops.body.required };
    if (!model.consumes.length) model.consumes = [contentType];
  }
  return model;
}

/**
 * What tells the endpoint's id apart: the handler's parameter types, and the router when the
 * handler lives elsewhere (two routers may mount one handler at one path: halo's console and
 * user-center attachment endpoints do, under different group prefixes); for an inline handler,
 * where it is written.
 */
function signatureOf(handler: ResolvedHandler | undefined, router: TypeDecl, source: { line: number; column: number }): string[] {
  if (!handler) return [`${source.line}:${source.column}`];
  const params = handler.method.params.map((p) => p.type.name + '[]'.repeat(p.type.dims));
  return handler.owner === router ? params : [...params, `router=${router.fqn}`];
}

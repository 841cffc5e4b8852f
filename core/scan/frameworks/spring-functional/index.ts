// Spring's functional endpoints: RouterFunctions built in code rather than annotated controllers
// (WebFlux and WebMvc.fn, Java builders and static forms, Kotlin's router DSL, springdoc's
// SpringdocRouteBuilder). A router is a `@Bean` method, or a method of a Spring component,
// returning a RouterFunction (Kotlin: any method whose routes come from a `router { }` block, as
// Kotlin registers beans in code, `beans { bean { } }` included), or a method of any class calling
// `registerBean(RouterFunction.class, supplier)`; its body is read as text (route-syntax.ts) and
// evaluated (route-eval.ts), following other classes' router methods it calls. Each route points
// at its handler method when the handler is a method reference, else at the call registering it.

import { readFileSync } from 'node:fs';
import type { Endpoint } from '../../../model/endpoint';
import { createEndpoint } from '../../../model/endpoint';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { MethodDecl, TypeDecl } from '../../source-model';
import { joinPaths } from '../../paths';
import type { FrameworkScanner, ScanContext } from '../framework';
import { folderOf, nameAndDescription } from '../naming';
import { withPathTemplates } from '../http-endpoint';
import { RouteSyntax, lineColumnAt } from './route-syntax';
import { bodyRange } from './method-body';
import type { Stmt } from './route-syntax';
import { RouteEvaluator } from './route-eval';
import type { Route } from './route-eval';
import { resolveHandler } from './handlers';
import type { ResolvedHandler } from './handlers';
import { handlerRequest } from './handler-request';
import { operationNames, pathOperationId } from './operation';
import type { OperationNames } from './operation';
import type { JsonSchema, RequestModel } from '../../../model/request';
import { makeParam } from '../params';
import { exampleOf, requestExampleOf } from '../../types/example';

/** Annotations making a class a Spring bean whose RouterFunction-returning methods are routers. */
const BEAN_CLASSES = ['Component', 'Configuration', 'Service', 'Controller', 'RestController', 'Repository', 'SpringBootApplication', 'SpringBootConfiguration', 'AutoConfiguration'];

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
      const texts = new Map<string, string | undefined>();
      const readText = (path: string): string | undefined => {
        if (!texts.has(path)) {
          const abs = ctx.index.files.get(path)?.abs;
          let text: string | undefined;
          try {
            text = abs === undefined ? undefined : readFileSync(abs, 'utf8');
          } catch {
            text = undefined;
          }
          texts.set(path, text);
        }
        return texts.get(path);
      };
      const text = readText(type.file.path);
      if (text === undefined) return [];
      const routers = type.methods.map((m) => ({ method: m, kind: isRouter(type, m) || registersRouter(text, type, m) })).filter((r) => r.kind);
      if (!routers.length) return [];
      const bodies = new Map<MethodDecl, Stmt[] | undefined>();
      // Another class's router method (`.add(other.routes())`) is read from its own file.
      const textOf = (owner: TypeDecl) => (owner === type ? text : readText(owner.file.path));
      const evaluator = new RouteEvaluator({
        index: ctx.index,
        textOf,
        bodyOf: (owner, method) => {
          if (!bodies.has(method)) {
            const source = textOf(owner);
            bodies.set(method, source === undefined ? undefined : readBody(source, method, owner.file.lang === 'kotlin'));
          }
          return bodies.get(method);
        },
      });
      const out: Endpoint[] = [];
      try {
        const found = routers.map(({ method, kind }) => {
          evaluator.usedDsl = false;
          const routes = [...evaluator.routesOf(type, method, text), ...evaluator.registered.splice(0)];
          return { method, routes: kind === 'dsl' && !evaluator.usedDsl ? [] : routes };
        });
        for (const { method, routes } of found) {
          // A helper another router calls is part of that router, not one of its own.
          if (evaluator.followed.has(method) && !findAnnotation(method.annotations, 'Bean')) continue;
          for (const route of routes) out.push(endpointOf(route, type, ctx, readText));
        }
      } catch (e) {
        // Code nested beyond what the reader's recursion allows: the class's routes are not listed.
        ctx.diagnostics.push({ file: type.file.path, line: type.line, message: `${type.name}: its routes cannot be read (${(e as Error).message}); they are not listed` });
        return [];
      }
      for (const u of evaluator.unread) {
        const { line } = lineColumnAt(u.env.text, u.at);
        ctx.diagnostics.push({ file: u.env.type.file.path, line, message: `${u.env.type.name}.${u.env.method.name}(): the route this ${u.call}(...) registers has a path the source does not show (a pattern passed in, or a predicate made elsewhere): it is not listed` });
      }
      return out;
    },
  };
}

/**
 * `@Bean RouterFunction<ServerResponse> routes(...)`, or such a method of a Spring component
 * (`bean`); in Kotlin, any method counts whose routes come from a `router { }` DSL block (`dsl`).
 * A method returning a `Supplier` of routes is followed from the router using it, not read alone.
 */
function isRouter(type: TypeDecl, m: MethodDecl): 'bean' | 'dsl' | false {
  const returned = m.returnType ? simpleName(m.returnType.name) : undefined;
  // Kotlin's `fun routes() = router { }` declares no type (`?`): its body tells.
  if (returned !== 'RouterFunction' && !(type.file.lang === 'kotlin' && returned === '?')) return false;
  if (findAnnotation(m.annotations, 'Bean') !== undefined || BEAN_CLASSES.some((a) => findAnnotation(type.annotations, a) !== undefined)) return 'bean';
  // Kotlin registers beans in code too (`beans { bean { Routes(ref()).router() } }`): a router { }
  // block is written to be registered, whichever class (or file) holds it.
  return type.file.lang === 'kotlin' ? 'dsl' : false;
}

/**
 * A method calling `registerBean(RouterFunction.class, supplier)` (functional bean registration,
 * in an ApplicationContextInitializer or the like): whichever class holds it, it registers routers.
 */
function registersRouter(text: string, type: TypeDecl, m: MethodDecl): 'register' | false {
  if (!text.includes('registerBean')) return false;
  const body = bodyRange(text, m, type.file.lang === 'kotlin');
  const code = body && text.slice(body.from, body.to);
  return code && code.includes('registerBean') && code.includes('RouterFunction') ? 'register' : false;
}

/** The statements of a method's body. */
function readBody(text: string, m: MethodDecl, kotlin: boolean): Stmt[] | undefined {
  const body = bodyRange(text, m, kotlin);
  if (!body) return undefined;
  const syntax = new RouteSyntax(text, body.from, body.to, kotlin);
  return body.expression ? syntax.expressionBody() : syntax.statements();
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
  else if (!handler || route.handler.k !== 'ref' || route.handler.arity !== undefined) endpoint.operationId = pathOperationId(path, route.method);
  const read = ctx.requestModels && handler ? handlerRequest(ctx, handler, route.consumes, readText) : undefined;
  const documented = ctx.requestModels ? withOperation(read, ops, route, path, ctx) : read;
  const request = withPathTemplates(documented, path, []);
  if (request) endpoint.request = request;
  if (ctx.requestModels && ops.response) {
    const r = ops.response;
    const item = ctx.schemas.schemaOf({ name: r.type, args: [], dims: 0 }, { type: r.where, file: r.where.file });
    const schema: JsonSchema = r.array ? { type: 'array', items: item } : item;
    endpoint.response = { contentType: r.contentType ?? route.produces[0] ?? 'application/json', schema, example: exampleOf(schema), description: r.description };
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

// Spring Boot actuator endpoints (only when the actuator setting is on, spec §2.6 and §4.9):
// `@Endpoint` / `@WebEndpoint` classes whose `@ReadOperation` (GET), `@WriteOperation` (POST)
// and `@DeleteOperation` (DELETE) methods are served at `<base>/<id>`, one more segment per
// `@Selector` parameter; `@EndpointWebExtension` / `@EndpointExtension` classes merge their
// operations into the endpoint they extend (theirs win); `@RestControllerEndpoint` /
// `@ControllerEndpoint` methods keep their `@GetMapping`... paths under `<base>/<id>`;
// a `@ServletEndpoint` is one servlet at `<base>/<id>`. `<base>` is `/actuator` unless
// `management.endpoints.web.base-path` moves it. Not endpoints: `@JmxEndpoint` (not HTTP) and
// Spring-WS's `@Endpoint` (a SOAP endpoint in another package, without an id).

import type { Endpoint } from '../../../model/endpoint';
import type { Param, RequestBody, RequestModel, ResponseModel } from '../../../model/request';
import type { JsonSchema } from '../../../model/request';
import { enumNames, stringValue, stringValues } from '../../annotation-values';
import { methodChains } from '../../hierarchy';
import type { MethodChain, MethodSite } from '../../hierarchy';
import { joinPaths } from '../../paths';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { Annotation, TypeDecl } from '../../source-model';
import { methodBindingsFor } from '../../types/bindings';
import { exampleOf } from '../../types/example';
import { parseDoc } from '../../doc-comment';
import type { FrameworkScanner, ScanContext } from '../framework';
import { httpEndpoint } from '../http-endpoint';
import { folderOf, nameAndDescription } from '../naming';
import { makeParam, paramSites } from '../params';
import { responseModel, unwrapReturn } from '../payload';
import { springRequest } from '../spring-mvc/request';

const BOOT_PACKAGE = 'org.springframework.boot.actuate';
const DEFAULT_BASE = '/actuator';
/** Annotation -> how the class serves its endpoint. */
const ENDPOINT_KINDS: Record<string, 'operations' | 'controller' | 'rest-controller' | 'servlet'> = {
  Endpoint: 'operations',
  WebEndpoint: 'operations',
  ControllerEndpoint: 'controller',
  RestControllerEndpoint: 'rest-controller',
  ServletEndpoint: 'servlet',
};
const EXTENSIONS = ['EndpointWebExtension', 'EndpointExtension'];
const OPERATIONS: Record<string, string> = { ReadOperation: 'GET', WriteOperation: 'POST', DeleteOperation: 'DELETE' };
const MAPPINGS: Record<string, string[]> = {
  RequestMapping: [],
  GetMapping: ['GET'],
  PostMapping: ['POST'],
  PutMapping: ['PUT'],
  DeleteMapping: ['DELETE'],
  PatchMapping: ['PATCH'],
};
/**
 * Operation parameters the actuator fills itself, never from the request; also enums
 * implementing `Producible`, chosen from the Accept header (Boot's own `TextOutputFormat`).
 */
const INJECTED_TYPES = new Set(['SecurityContext', 'WebServerNamespace', 'ApiVersion', 'Principal', 'TextOutputFormat']);
/** Ids of Spring Boot's own endpoints, for extensions of endpoints that are not in the tree. */
const BOOT_ENDPOINT_IDS: Record<string, string> = {
  AuditEventsEndpoint: 'auditevents',
  BeansEndpoint: 'beans',
  CachesEndpoint: 'caches',
  ConditionsReportEndpoint: 'conditions',
  ConfigurationPropertiesReportEndpoint: 'configprops',
  EnvironmentEndpoint: 'env',
  FlywayEndpoint: 'flyway',
  HealthEndpoint: 'health',
  HeapDumpWebEndpoint: 'heapdump',
  HttpExchangesEndpoint: 'httpexchanges',
  InfoEndpoint: 'info',
  IntegrationGraphEndpoint: 'integrationgraph',
  LiquibaseEndpoint: 'liquibase',
  LogFileWebEndpoint: 'logfile',
  LoggersEndpoint: 'loggers',
  MappingsEndpoint: 'mappings',
  MetricsEndpoint: 'metrics',
  PrometheusScrapeEndpoint: 'prometheus',
  QuartzEndpoint: 'quartz',
  ScheduledTasksEndpoint: 'scheduledtasks',
  SessionsEndpoint: 'sessions',
  SbomEndpoint: 'sbom',
  ShutdownEndpoint: 'shutdown',
  StartupEndpoint: 'startup',
  ThreadDumpEndpoint: 'threaddump',
};

interface EndpointClass {
  kind: (typeof ENDPOINT_KINDS)[string];
  id: string;
}

export function createActuatorScanner(): FrameworkScanner {
  /** Extended endpoint class (fqn) -> the extension classes in the tree. */
  const extensions = new Map<string, TypeDecl[]>();

  function endpointClass(type: TypeDecl, ctx: ScanContext): EndpointClass | undefined {
    for (const ann of type.annotations) {
      const kind = ENDPOINT_KINDS[simpleName(ann.name)];
      if (!kind || !isBootAnnotation(ann, type)) continue;
      const id = stringValue(ctx.index, ann, ['id', 'value'], { type, file: type.file });
      // Spring Boot's endpoint annotations always carry an id; Spring-WS's @Endpoint never does.
      if (id) return { kind, id };
    }
    return undefined;
  }

  function extended(type: TypeDecl, ctx: ScanContext): { target?: TypeDecl; targetName: string } | undefined {
    const ann = type.annotations.find((a) => EXTENSIONS.includes(simpleName(a.name)) && isBootAnnotation(a, type));
    const ref = ann?.args.endpoint;
    if (ref?.kind !== 'class') return undefined;
    const target = ctx.index.resolveType(ref.type.name, { type, file: type.file });
    return target ? { target, targetName: ref.type.name } : { targetName: ref.type.name };
  }

  function base(type: TypeDecl, ctx: ScanContext, id: string): string {
    const module = ctx.modules.find((m) => m.name === type.file.module);
    const segment = module?.actuatorPathMapping?.[id] ?? id;
    return joinPaths(module?.actuatorBasePath ?? DEFAULT_BASE, segment);
  }

  /**
   * The `@ReadOperation`... endpoints declared by `type` under the endpoint `id`, listed as the
   * endpoint class `owner`'s (an extension's operations join the endpoint they extend).
   */
  function operationEndpoints(type: TypeDecl, owner: TypeDecl, id: string, ctx: ScanContext): Endpoint[] {
    const out: Endpoint[] = [];
    const folder = folderOf(ctx.index, owner);
    for (const c of methodChains(ctx.index, type)) {
      const op = operationOf(c);
      if (!op) continue;
      const { verb, annotation } = op;
      const params = paramSites(c.chain, (a) => findAnnotation(a, 'Selector') !== undefined);
      const segments: string[] = [];
      for (const p of params) {
        const selector = findAnnotation(p.param.annotations, 'Selector');
        if (!selector) continue;
        const all = enumNames(selector.args.match).includes('ALL_REMAINING');
        segments.push(all ? `{*${p.param.name}}` : `{${p.param.name}}`);
      }
      const path = joinPaths(base(owner, ctx, id), ...segments);
      const produces = stringValues(ctx.index, annotation, ['produces'], { type: c.site.owner, file: c.site.owner.file });
      const request = ctx.requestModels ? operationRequest(ctx, type, c, verb) : undefined;
      const response = ctx.requestModels ? operationResponse(ctx, type, c.site, c.chain, produces) : undefined;
      out.push(httpEndpoint({ framework: 'actuator', type: owner, site: c.site, method: verb, path, folder, ...nameAndDescription(ctx.index, c.chain), produces, request, response }));
    }
    return out;
  }

  /** `@RestControllerEndpoint` / `@ControllerEndpoint`: Spring MVC mappings under `<base>/<id>`. */
  function controllerEndpoints(type: TypeDecl, id: string, rest: boolean, ctx: ScanContext): Endpoint[] {
    const out: Endpoint[] = [];
    const folder = folderOf(ctx.index, type);
    for (const c of methodChains(ctx.index, type)) {
      let mapping: { ann: Annotation; owner: TypeDecl } | undefined;
      for (const s of c.chain) {
        const ann = s.method.annotations.find((a) => simpleName(a.name) in MAPPINGS);
        if (ann) {
          mapping = { ann, owner: s.owner };
          break;
        }
      }
      if (!mapping) continue;
      const scope = { type: mapping.owner, file: mapping.owner.file };
      const fixed = MAPPINGS[simpleName(mapping.ann.name)]!;
      const declared = enumNames(mapping.ann.args.method).map((v) => v.toUpperCase());
      const verbs = fixed.length ? fixed : declared.length ? declared : ['ALL'];
      const paths = stringValues(ctx.index, mapping.ann, ['value', 'path'], scope, ctx.diagnostics) ?? [''];
      const consumes = stringValues(ctx.index, mapping.ann, ['consumes'], scope);
      const produces = stringValues(ctx.index, mapping.ann, ['produces'], scope);
      const names = nameAndDescription(ctx.index, c.chain);
      const request = ctx.requestModels
        ? springRequest(ctx.index, ctx.schemas, ctx.beanSchemas, { type, site: c.site, chain: c.chain, consumes: consumes ?? [], conditions: { params: [], headers: [] } })
        : undefined;
      const body = rest || c.chain.some((s) => findAnnotation(s.method.annotations, 'ResponseBody'));
      const response = ctx.requestModels
        ? body
          ? operationResponse(ctx, type, c.site, c.chain, produces)
          : { contentType: 'text/html', description: 'A view rendered by the server (the controller does not write the body itself).' }
        : undefined;
      for (const p of paths.length ? paths : ['']) {
        for (const verb of verbs) {
          out.push(httpEndpoint({ framework: 'actuator', type, site: c.site, method: verb, path: joinPaths(base(type, ctx, id), p), folder, ...names, consumes, produces, request, response }));
        }
      }
    }
    return out;
  }

  /** A `@ServletEndpoint` is one servlet answering every method at `<base>/<id>`. */
  function servletEndpoint(type: TypeDecl, id: string, ctx: ScanContext): Endpoint[] {
    const getter = type.methods.find((m) => m.name === 'get' && m.params.length === 0);
    const method = getter ?? { name: type.name, modifiers: [], annotations: [], typeParams: [], params: [], returnType: null, line: type.line, column: type.column, ...(type.doc ? { doc: type.doc } : {}) };
    const site: MethodSite = { method, owner: type };
    const doc = parseDoc(type.doc);
    return [
      httpEndpoint({
        framework: 'actuator',
        type,
        site,
        method: 'ALL',
        path: base(type, ctx, id),
        folder: folderOf(ctx.index, type),
        name: doc.summary || id,
        description: doc.details,
        ...(ctx.requestModels ? { request: { params: [], consumes: [] }, response: { contentType: '*/*', schema: { description: 'Unknown: a servlet writes its own response.', 'x-unresolved': true }, description: 'A servlet writes its own response.' } } : {}),
      }),
    ];
  }

  return {
    id: 'actuator',

    markers: () => [...Object.keys(ENDPOINT_KINDS), ...EXTENSIONS],

    metaMarkers: () => [],

    // Extensions change the endpoints of the class they extend, wherever it is declared.
    globalMarkers: () => EXTENSIONS,

    learnAnnotation: () => false,

    collect(type, ctx) {
      const ext = extended(type, ctx);
      if (!ext?.target) return;
      const list = extensions.get(ext.target.fqn) ?? [];
      if (!list.includes(type)) list.push(type);
      extensions.set(ext.target.fqn, list);
    },

    endpoints(type, ctx) {
      if (isAbstract(type) || type.kind === 'enum') return [];
      const ext = extended(type, ctx);
      if (ext) {
        // Merged into the extended endpoint when that is in the tree.
        if (ext.target && endpointClass(ext.target, ctx)) return [];
        const id = ext.target ? undefined : BOOT_ENDPOINT_IDS[simpleName(ext.targetName)];
        if (!id) {
          ctx.diagnostics.push({ file: type.file.path, line: type.line, message: `${type.name} extends endpoint ${ext.targetName}, whose id is not known: its operations are not listed` });
          return [];
        }
        return operationEndpoints(type, type, id, ctx);
      }
      const info = endpointClass(type, ctx);
      if (!info) return [];
      switch (info.kind) {
        case 'servlet':
          return servletEndpoint(type, info.id, ctx);
        case 'controller':
        case 'rest-controller':
          return controllerEndpoints(type, info.id, info.kind === 'rest-controller', ctx);
        case 'operations': {
          const own = operationEndpoints(type, type, info.id, ctx);
          const merged = (extensions.get(type.fqn) ?? []).flatMap((e) => {
            ctx.index.noteFiles([e.file.path]);
            return operationEndpoints(e, type, info.id, ctx);
          });
          // An extension's operation replaces the endpoint's own for the same method and path.
          const replaced = new Set(merged.map((e) => e.address));
          return [...own.filter((e) => !replaced.has(e.address)), ...merged];
        }
      }
    },
  };
}

function operationOf(c: MethodChain): { verb: string; annotation: Annotation } | undefined {
  if (c.site.method.returnType === null) return undefined;
  for (const s of c.chain) {
    for (const a of s.method.annotations) {
      const verb = OPERATIONS[simpleName(a.name)];
      if (verb) return { verb, annotation: a };
    }
  }
  return undefined;
}

/**
 * Whether an annotation is Spring Boot's: qualified, imported, or on-demand imported from the
 * actuator packages. An unqualified name with no import saying otherwise counts (same package
 * in a fixture, say); one imported from elsewhere (Spring-WS) does not.
 */
function isBootAnnotation(ann: Annotation, type: TypeDecl): boolean {
  if (ann.name.includes('.')) return ann.name.startsWith(BOOT_PACKAGE);
  const imports = type.file.imports.filter((i) => !i.isStatic);
  const single = imports.find((i) => !i.wildcard && simpleName(i.name) === ann.name);
  if (single) return single.name.startsWith(BOOT_PACKAGE);
  const wildcards = imports.filter((i) => i.wildcard);
  if (wildcards.some((i) => i.name.startsWith(BOOT_PACKAGE))) return true;
  return !wildcards.some((i) => i.name.startsWith('org.springframework.ws'));
}

/** Selectors are path parameters; the rest are query parameters (read, delete) or JSON body fields (write). */
function operationRequest(ctx: ScanContext, type: TypeDecl, c: MethodChain, verb: string): RequestModel {
  const params: Param[] = [];
  const fields: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const bodyDocs: string[] = [];
  for (const p of paramSites(c.chain, (a) => findAnnotation(a, 'Selector', 'Nullable', 'OptionalParameter') !== undefined)) {
    const scope = { type: p.site.owner, file: p.site.owner.file };
    if (INJECTED_TYPES.has(simpleName(p.param.type.name)) || isProducible(ctx, p.param.type.name, scope)) continue;
    const schema = ctx.schemas.schemaOf(p.param.type, scope, methodBindingsFor(ctx.index, ctx.schemas, type, p.site));
    const optional = findAnnotation(p.param.annotations, 'Nullable', 'OptionalParameter') !== undefined;
    if (findAnnotation(p.param.annotations, 'Selector')) {
      params.push(makeParam(p.param.name, 'path', schema, true, p.doc));
    } else if (verb === 'POST') {
      fields[p.param.name] = p.doc ? { ...schema, description: p.doc } : schema;
      if (!optional) required.push(p.param.name);
      if (p.doc) bodyDocs.push(`${p.param.name}: ${p.doc}`);
    } else {
      params.push(makeParam(p.param.name, 'query', schema, !optional, p.doc));
    }
  }
  const model: RequestModel = { params, consumes: [] };
  if (Object.keys(fields).length) {
    const schema: JsonSchema = { type: 'object', properties: fields };
    if (required.length) schema.required = required;
    const body: RequestBody = { contentType: 'application/json', schema, example: exampleOf(schema), description: bodyDocs.join('\n'), required: required.length > 0 };
    model.body = body;
    model.consumes = ['application/json'];
  }
  return model;
}

function isProducible(ctx: ScanContext, name: string, scope: { type: TypeDecl; file: TypeDecl['file'] }): boolean {
  const t = ctx.index.resolveType(name, scope);
  return t?.kind === 'enum' && t.interfaces.some((i) => simpleName(i.name) === 'Producible');
}

function operationResponse(ctx: ScanContext, type: TypeDecl, site: MethodSite, chain: readonly MethodSite[], produces: string[] | undefined): ResponseModel {
  const doc = parseDoc(chain.find((s) => s.method.doc)?.method.doc).returns ?? '';
  let ret = site.method.returnType;
  // WebEndpointResponse<T> carries a status beside the body.
  if (ret && simpleName(ret.name) === 'WebEndpointResponse') ret = ret.args[0] ?? { name: 'Object', args: [], dims: 0 };
  const scope = { type: site.owner, file: site.owner.file };
  const payload = unwrapReturn(ret, (name) => ctx.index.resolveType(name, scope) !== undefined);
  return responseModel(payload, produces?.[0] ?? 'application/json', scope, methodBindingsFor(ctx.index, ctx.schemas, type, site), ctx.schemas, doc);
}

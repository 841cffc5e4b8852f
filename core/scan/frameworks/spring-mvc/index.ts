// Spring MVC: @Controller / @RestController classes (and annotations meta-annotated with them)
// whose methods carry @RequestMapping or a composed mapping annotation, possibly inherited from
// interfaces and base classes.

import type { Endpoint } from '../../../model/endpoint';
import { enumNames, stringValues } from '../../annotation-values';
import { methodChains } from '../../hierarchy';
import { ARGUMENT_RESOLVER_SUPERS } from './argument-resolvers';
import { joinPaths } from '../../paths';
import type { Scope } from '../../project-index';
import { parseDoc } from '../../doc-comment';
import type { MethodSite } from '../../hierarchy';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { ResponseModel } from '../../../model/request';
import { methodBindingsFor } from '../../types/bindings';
import { isRawBytesPayload, responseModel, unwrapReturn } from '../payload';
import { delegatedReturn } from '../delegated-return';
import { builtResponse, springBuiltReturns, springReturnedValues } from '../built-response';
import { withFactoryEntries } from '../map-factory-keys';
import { boundPathParams, springRequest } from './request';
import { requestForVerb } from '../verb-bodies';
import type { Annotation, Expr, MethodDecl, TypeDecl } from '../../source-model';
import type { FrameworkScanner, ScanContext } from '../framework';
import { httpEndpoint } from '../http-endpoint';
import { bodyParamNames, mergeOperationParams, operationDocs } from '../operation-docs';
import { CONFIGURER_SUPERS, readPrefixRules } from './path-prefixes';
import { HANDLER_MAPPING_SUPERS, handlerAnnotations } from './handler-mappings';
import type { PrefixRule } from './path-prefixes';
import { folderDescriptionOf, folderOf, nameAndDescription } from '../naming';
import { SECURITY_DECLARATIONS, SecurityDeclarations } from '../security-docs';
import { declaredResponses, responseStatus, withDeclaredBody } from '../declared-responses';
import { ADVICE_MARKERS, exceptionHandlers, visibleResponses, withVisible } from '../exception-responses';
import type { DeclaredResponse } from '../../../model/request';
import { GeneratedApis } from '../openapi-generated';
import { inheritedHandler, libraryBaseOf } from './library-bases';
import { CONVERTER_SUPERS } from '../text-converters';
import { resolvePlaceholders } from '../../config-text';

/** Return types Spring hands to a view, even under @ResponseBody. */
const VIEW_TYPES = new Set(['ModelAndView', 'View', 'RedirectView', 'Rendering']);
/**
 * Return types Spring MVC writes as the body without @ResponseBody, in a plain @Controller too:
 * entities, emitters, and reactive types of many values (streamed; a `Mono` is a view name).
 */
const BODY_WRITERS = new Set(['ResponseEntity', 'HttpEntity', 'ResponseBodyEmitter', 'SseEmitter', 'StreamingResponseBody', 'Flux', 'Flowable', 'Observable', 'Flow', 'Publisher']);
const VERBS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']);

/** A mapping annotation type: the verbs it fixes and the attributes its meta-annotation set. */
interface MappingKind {
  verbs: string[];
  /** Set when a composed annotation's own meta-annotation declares paths. */
  paths?: string[];
  consumes?: string[];
  produces?: string[];
}

/** A controller stereotype: whether it implies @ResponseBody, and the class-level mapping a composed one carries. */
interface Stereotype {
  rest: boolean;
  mapping?: Mapping;
  /** The composed annotation's own attributes that `@AliasFor` the mapping's `path` / `value`. */
  pathAttrs?: string[];
}

/** What one mapping annotation use says. */
interface Mapping {
  paths: string[];
  verbs: string[];
  consumes?: string[];
  produces?: string[];
  /** `params=` and `headers=` request conditions. */
  params: string[];
  headers: string[];
}

export function createSpringMvcScanner(generated = new GeneratedApis()): FrameworkScanner {
  const mappingKinds = new Map<string, MappingKind>([
    ['RequestMapping', { verbs: [] }],
    ['GetMapping', { verbs: ['GET'] }],
    ['PostMapping', { verbs: ['POST'] }],
    ['PutMapping', { verbs: ['PUT'] }],
    ['DeleteMapping', { verbs: ['DELETE'] }],
    ['PatchMapping', { verbs: ['PATCH'] }],
  ]);
  /** Stereotype annotation -> whether it implies @ResponseBody, and the class-level mapping a composed stereotype carries. */
  /** Prefixes configurers add in code, in the order Spring consults them: the first match wins. */
  const prefixRules: PrefixRule[] = [];
  // By module: the @SecurityScheme declarations and the @OpenAPIDefinition(security) requirement.
  const security = new SecurityDeclarations();
  // `@ExceptionHandler`s with `@ResponseStatus` in `@ControllerAdvice` classes: exception -> response.
  const advice = new Map<string, DeclaredResponse>();
  const stereotypes = new Map<string, Stereotype>([
    ['Controller', { rest: false }],
    ['RestController', { rest: true }],
  ]);

  function readMapping(ann: Annotation, scope: Scope, ctx: ScanContext): Mapping | undefined {
    const kind = mappingKinds.get(simpleName(ann.name));
    if (!kind) return undefined;
    // Spring resolves `${sse.path}` against the environment; one it cannot resolve stays as written.
    const paths = (stringValues(ctx.index, ann, ['value', 'path'], scope, ctx.diagnostics) ?? kind.paths ?? []).map((p) =>
      p.includes('${') ? (resolvePlaceholders(p, (key) => ctx.appProperty?.(key)) ?? p) : p,
    );
    const declared = enumNames(ann.args.method).map((v) => v.toUpperCase()).filter((v) => VERBS.has(v));
    const mapping: Mapping = {
      paths,
      verbs: kind.verbs.length ? kind.verbs : declared,
      params: stringValues(ctx.index, ann, ['params'], scope) ?? [],
      headers: stringValues(ctx.index, ann, ['headers'], scope) ?? [],
    };
    const consumes = stringValues(ctx.index, ann, ['consumes'], scope) ?? kind.consumes;
    const produces = stringValues(ctx.index, ann, ['produces'], scope) ?? kind.produces;
    if (consumes?.length) mapping.consumes = consumes;
    if (produces?.length) mapping.produces = produces;
    return mapping;
  }

  function mappingOn(annotations: readonly Annotation[], scope: Scope, ctx: ScanContext): Mapping | undefined {
    for (const ann of annotations) {
      const m = readMapping(ann, scope, ctx);
      if (m) return m;
    }
    return undefined;
  }

  function stereotypeOf(type: TypeDecl): { found: boolean; rest: boolean; mapping?: Mapping; pathAttrs?: string[]; use?: Annotation } {
    for (const ann of type.annotations) {
      const s = stereotypes.get(simpleName(ann.name));
      if (s) return { found: true, ...s, use: ann, rest: s.rest || findAnnotation(type.annotations, 'ResponseBody') !== undefined };
    }
    return { found: false, rest: false };
  }

  /** Spring finds class-level mappings on the class, its stereotype, then up the hierarchy. */
  function classMapping(type: TypeDecl, ctx: ScanContext): Mapping | undefined {
    for (const t of [type, ...ctx.index.ancestors(type)]) {
      const direct = mappingOn(t.annotations, { type: t, file: t.file }, ctx);
      if (direct) return direct;
      const s = stereotypeOf(t);
      if (!s.mapping) continue;
      // `@ResourceApi("/plugins")`: an attribute aliased to the meta @RequestMapping's path sets the class path.
      const paths = s.use && s.pathAttrs?.length ? stringValues(ctx.index, s.use, s.pathAttrs, { type: t, file: t.file }, ctx.diagnostics) : undefined;
      return paths ? { ...s.mapping, paths } : s.mapping;
    }
    const library = libraryBaseOf(type, ctx.index);
    if (!library) return undefined;
    return { paths: [resolvePlaceholders(library.classPath, (key) => ctx.appProperty?.(key)) ?? library.classPath], verbs: [], params: [], headers: [] };
  }

  return {
    id: 'spring-mvc',

    markers: () => stereotypes.keys(),

    // A WebMvcConfigurer may add path prefixes (configurePathMatch): parse it and read them.
    superMarkers: () => ({ names: CONFIGURER_SUPERS }),

    // A HandlerMethodArgumentResolver is read for the parameters it fills (argument-resolvers.ts).
    globalSupers: () => [...CONFIGURER_SUPERS, ...CONVERTER_SUPERS, ...ARGUMENT_RESOLVER_SUPERS, ...HANDLER_MAPPING_SUPERS],

    // A handler mapping whose `isHandler` accepts classes with a custom annotation makes that
    // annotation a stereotype (without @ResponseBody: the class or method says so, as in Spring).
    teacherSupers: () => HANDLER_MAPPING_SUPERS,

    learnFromFile(file) {
      let learned = false;
      for (const name of handlerAnnotations(file.abs)) {
        if (stereotypes.has(name) || mappingKinds.has(name)) continue;
        stereotypes.set(name, { rest: false });
        learned = true;
      }
      return learned;
    },

    // `@JsonMixin` and `@JsonComponent` (Boot 4: `@JacksonMixin`, `@JacksonComponent`) change how Jackson writes a model anywhere (types/mixins.ts, types/jackson-registrations.ts).
    globalMarkers: () => [...SECURITY_DECLARATIONS, ...ADVICE_MARKERS, 'JsonMixin', 'JsonComponent', 'JacksonMixin', 'JacksonComponent'],

    securitySchemes: () => security.byModule(),

    collect(type, ctx) {
      security.collect(ctx.index, type, { modules: ctx.modules, read: ctx.readProjectFile });
      if (findAnnotation(type.annotations, ...ADVICE_MARKERS)) exceptionHandlers(ctx.index, type, advice);
      const entry = ctx.index.files.get(type.file.path);
      if (!entry || type.outer) return;
      const rules = readPrefixRules(type, entry.abs, {
        index: ctx.index,
        diagnostics: ctx.diagnostics,
        property: (key) => ctx.appProperty?.(key),
        hasAnnotation: (t, name) => [t, ...ctx.index.ancestors(t)].some((x) => findAnnotation(x.annotations, name) !== undefined),
      }, entry.anonymous);
      prefixRules.push(...rules);
    },

    metaMarkers: () => [...stereotypes.keys(), ...mappingKinds.keys()],

    learnAnnotation(decl, ctx) {
      if (decl.kind !== 'annotation' || stereotypes.has(decl.name) || mappingKinds.has(decl.name)) return false;
      const scope = { type: decl, file: decl.file };
      const stereotype = stereotypeOf(decl);
      if (stereotype.found) {
        const mapping = mappingOn(decl.annotations, scope, ctx) ?? stereotype.mapping;
        const learned: Stereotype = mapping ? { rest: stereotype.rest, mapping } : { rest: stereotype.rest };
        const pathAttrs = mapping ? aliasedPathAttributes(decl, (n) => mappingKinds.has(n)) : [];
        if (pathAttrs.length) learned.pathAttrs = pathAttrs;
        stereotypes.set(decl.name, learned);
        return true;
      }
      const meta = mappingOn(decl.annotations, scope, ctx);
      if (meta) {
        const kind: MappingKind = { verbs: meta.verbs };
        if (meta.paths.length) kind.paths = meta.paths;
        if (meta.consumes) kind.consumes = meta.consumes;
        if (meta.produces) kind.produces = meta.produces;
        mappingKinds.set(decl.name, kind);
        return true;
      }
      return false;
    },

    endpoints(type, ctx) {
      const stereotype = stereotypeOf(type);
      if (isAbstract(type) || type.kind === 'enum') return [];
      // openapi-generator's delegate pattern: the generated controller calls a bean implementing `XxxApiDelegate`.
      if (!stereotype.found) return generated.endpoints(type, ctx, 'spring-mvc', '', { delegatesOnly: true });
      const base = classMapping(type, ctx);
      const library = libraryBaseOf(type, ctx.index);
      const codePrefix = prefixRules.find((r) => r.matches(type))?.prefix ?? '';
      const folder = folderOf(ctx.index, type);
      const folderDescription = folderDescriptionOf(ctx.index, type, folder);
      const out: Endpoint[] = [];
      // The controller's own @ExceptionHandlers win over the advice's, as in Spring.
      const handlers = new Map<string, DeclaredResponse>();
      for (const t of [type, ...ctx.index.ancestors(type)]) exceptionHandlers(ctx.index, t, handlers);
      for (const [k, v] of advice) if (!handlers.has(k)) handlers.set(k, v);
      const bound = ctx.requestModels ? boundPathParams(ctx.index, ctx.schemas, type, ctx.diagnostics) : [];
      // Spring maps private handler methods too (it finds them by reflection and makes them
      // accessible): Kotlin controllers often declare `private fun` handlers.
      for (const { site, chain } of methodChains(ctx.index, type, true)) {
        let mapping: Mapping | undefined;
        for (const s of chain) {
          mapping = mappingOn(s.method.annotations, { type: s.owner, file: s.owner.file }, ctx);
          if (mapping) break;
        }
        if (!mapping && library) {
          const inherited = inheritedHandler(library, site.method);
          if (inherited) mapping = { paths: [], verbs: [], params: [], headers: [], ...(inherited.produces ? { produces: inherited.produces } : {}) };
        }
        if (!mapping) continue;
        const verbs = union(base?.verbs ?? [], mapping.verbs);
        const classPaths = base?.paths.length ? base.paths : [''];
        const methodPaths = mapping.paths.length ? mapping.paths : [''];
        const docs = operationDocs(ctx.index, type, chain, ctx.diagnostics);
        if (docs.hidden) continue;
        const names = nameAndDescription(ctx.index, chain);
        const consumes = mapping.consumes ?? base?.consumes;
        const produces = mapping.produces ?? base?.produces;
        const request = ctx.requestModels ? springRequest(ctx.index, ctx.schemas, ctx.beanSchemas, {
          type,
          site,
          chain,
          consumes: consumes ?? [],
          conditions: { params: [...(base?.params ?? []), ...mapping.params], headers: [...(base?.headers ?? []), ...mapping.headers] },
          diagnostics: ctx.diagnostics,
        }) : undefined;
        if (request) request.params = mergeOperationParams(request.params, docs, bodyParamNames(chain));
        const rest = stereotype.rest || chain.some((s) => findAnnotation(s.method.annotations, 'ResponseBody'));
        const visible = visibleResponses(ctx.index, chain, responseStatus(ctx.index, chain), handlers);
        const status = visible.status;
        const responses = ctx.requestModels ? withVisible(declaredResponses(ctx.index, ctx.schemas, chain, methodBindingsFor(ctx.index, ctx.schemas, type, site), produces?.[0]), visible.responses) : [];
        // The bodies the handler's returns build for its other statuses fill those of `responses`.
        const response = ctx.requestModels ? springResponse(ctx, type, site, chain, produces, rest, responses) : undefined;
        const body = withDeclaredBody(response, responses);
        for (const cp of classPaths) {
          for (const mp of methodPaths) {
            const path = joinPaths(codePrefix, cp, mp);
            const required = security.requiredBy(ctx.index, type, chain, path);
            for (const verb of verbs.length ? verbs : ['ALL']) {
              out.push(httpEndpoint({ framework: 'spring-mvc', type, site, method: verb, path, folder: docs.tags[0] ?? folder, folderDescription: docs.tags[0] && docs.tags[0] !== folder ? folderDescriptionOf(ctx.index, type, docs.tags[0]) : folderDescription, ...names, consumes, produces, request: requestForVerb(request, verb, verbs, consumes ?? []), response: body, deprecated: docs.deprecated, operationId: docs.operationId, security: required, status, responses, boundPathParams: bound }));
            }
          }
        }
      }
      // A controller implementing an interface openapi-generator writes at build time.
      out.push(...generated.endpoints(type, ctx, 'spring-mvc', codePrefix, base?.paths.length ? { classPaths: base.paths } : {}));
      return out;
    },
  };
}

/**
 * The body a handler writes: unwrapped return type, or a rendered view for a plain @Controller.
 * A `ResponseEntity`'s returns built with other statuses (`badRequest().body(err)`) give those
 * entries of `responses` their bodies.
 */
function springResponse(ctx: ScanContext, type: TypeDecl, site: MethodSite, chain: readonly MethodSite[], produces: string[] | undefined, rest: boolean, responses: DeclaredResponse[]): ResponseModel {
  const doc = parseDoc(chain.find((s) => s.method.doc)?.method.doc).returns ?? '';
  // Kotlin `= service.find(id)`: the service's declared type, its names read in the service's file.
  const delegated = delegatedReturn(ctx.index, site);
  const ret = delegated?.ref ?? site.method.returnType;
  const retName = ret ? simpleName(ret.name) : 'void';
  // A ModelAndView / View goes to its view whether or not the controller writes bodies.
  const library = (names: ReadonlySet<string>) => names.has(retName) && !ctx.index.resolveType(ret!.name, { type: site.owner, file: site.owner.file });
  const view = library(VIEW_TYPES);
  if (!view && writesItself(site.method)) {
    // Taking the response marks the request handled (no view), whether or not a body is written.
    const use = site.method.params.every((p) => !RESPONSE_WRITERS.has(simpleName(p.type.name)) || SERVLET_RESPONSES.has(simpleName(p.type.name))) ? site.method.responseUse : undefined;
    if (use) return { contentType: produces?.[0] ?? 'application/json', description: doc || (use === 'redirect' ? 'No body: the handler redirects (response.sendRedirect).' : 'No body: the handler only sets headers, cookies or the status.') };
    return { contentType: produces?.[0] ?? '*/*', schema: { description: 'Unknown: the handler writes its own response.', 'x-unresolved': true }, description: doc || 'The handler writes its own response (it takes the response and returns nothing).' };
  }
  if ((!rest && !library(BODY_WRITERS)) || view) {
    // The view is rendered as the mapping's `produces` type when it declares one (a CSS or JS template).
    return { contentType: produces?.[0] ?? 'text/html', description: doc || 'A view rendered by the server (the controller does not write the body itself).' };
  }
  const scope = delegated ? { type: delegated.owner, file: delegated.owner.file } : { type: site.owner, file: site.owner.file };
  const payload = unwrapReturn(ret, (name) => ctx.index.resolveType(name, scope) !== undefined);
  const bindings = methodBindingsFor(ctx.index, ctx.schemas, type, site);
  const stringBody = payload.kind === 'body' && !payload.array && payload.ref.dims === 0 && simpleName(payload.ref.name) === 'String';
  const contentType = produces?.[0] ?? (stringBody ? 'text/plain' : isRawBytesPayload(payload) ? 'application/octet-stream' : 'application/json');
  const media = { contentType, declared: !!produces?.length };
  // `ResponseEntity<Object>` (or a Mono of one): the body its returns build (`new ResponseEntity<>(service.find(id), HttpStatus.OK)`).
  const entityWrapper = retName === 'ResponseEntity' || (retName === 'Mono' && ret!.args.length === 1 && simpleName(ret!.args[0]!.name) === 'ResponseEntity');
  // A typed `ResponseEntity<Dto>` is read only where the body names another status (`status(CONFLICT).body(existing)`);
  // a `ResponseEntity<Void>` has no body whatever its status (`accepted().build()`: reading it cost 5% of a scan).
  const otherStatuses = payload.kind !== 'none' && (site.method.statuses?.some((c) => c !== '200') ?? false);
  const built = entityWrapper && !delegated && (payload.kind === 'unknown' || otherStatuses)
    ? builtResponse(springBuiltReturns(ctx.index, type, site), media, scope, bindings, ctx.schemas, doc, responses, 'spring')
    : undefined;
  if (built && payload.kind === 'unknown') return built.response;
  // `Object` / `Any` / a `Map` (or undeclared, Kotlin `= view(user)`): the value returned, a map literal or what a helper builds.
  const loose = !delegated && ret && (ret.name === '?' || (ret.dims === 0 && LOOSE_BODIES.has(retName) && !ctx.index.resolveType(ret.name, scope)));
  const returned = loose ? builtResponse(springReturnedValues(ctx.index, type, site), media, scope, bindings, ctx.schemas, doc, [], 'spring-value') : undefined;
  // A declared Map keeps its schema unless the returns tell its keys.
  if (returned && (LOOSE_ANY.has(retName) || ret!.name === '?' || returned.response.schema?.properties)) return returned.response;
  const model = withFactoryEntries(ctx.index, site, responseModel(payload, contentType, scope, bindings, ctx.schemas, doc));
  // A Resource (a download) is written by Spring's resource converter, as the file's own type or
  // application/octet-stream: never as JSON.
  if (!produces?.length && model.schema?.type === 'string' && model.schema.format === 'binary') model.contentType = 'application/octet-stream';
  return model;
}

/** Declared bodies that say little of what is written: the values returned tell more. */
const LOOSE_ANY = new Set(['Object', 'Any']);
const LOOSE_BODIES = new Set([...LOOSE_ANY, 'Map', 'HashMap', 'LinkedHashMap', 'MutableMap']);

/** Arguments through which a handler writes the response itself (Spring MVC, WebFlux). */
const RESPONSE_WRITERS = new Set(['HttpServletResponse', 'ServletResponse', 'OutputStream', 'Writer', 'ServerHttpResponse', 'ServerWebExchange']);
/** The servlet response, which a handler may also take only to set headers or cookies, or to redirect. */
const SERVLET_RESPONSES = new Set(['HttpServletResponse', 'ServletResponse']);
/** Return types that hand no value back: the request is complete when the handler (or its Mono) is. */
const NOTHING = new Set(['void', 'Void', 'Unit']);

/**
 * Spring treats a handler returning nothing (void, or WebFlux's `Mono<Void>`) that takes the
 * response, its stream or the exchange as having handled the request: neither a view nor a body.
 */
function writesItself(method: MethodDecl): boolean {
  const ret = method.returnType;
  const name = ret ? simpleName(ret.name) : 'void';
  const nothing = NOTHING.has(name) || (name === 'Mono' && ret!.args.length === 1 && NOTHING.has(simpleName(ret!.args[0]!.name)));
  return nothing && method.params.some((p) => RESPONSE_WRITERS.has(simpleName(p.type.name)));
}

/**
 * The members of an annotation type declared `@AliasFor(annotation = RequestMapping.class, attribute
 * = "path")` (or `value`, or the member's own name when `attribute` is left out): what a use of it
 * sets as the path.
 */
function aliasedPathAttributes(decl: TypeDecl, isMapping: (simpleName: string) => boolean): string[] {
  const out: string[] = [];
  for (const m of decl.methods) {
    const alias = findAnnotation(m.annotations, 'AliasFor');
    const target = alias?.args.annotation;
    if (!alias || target?.kind !== 'class' || !isMapping(simpleName(target.type.name))) continue;
    const attr = stringLiteral(alias.args.attribute) ?? stringLiteral(alias.args.value) ?? m.name;
    if (attr === 'path' || attr === 'value') out.push(m.name);
  }
  return out;
}

function stringLiteral(expr: Expr | undefined): string | undefined {
  return expr?.kind === 'string' ? expr.value : undefined;
}

function union(a: readonly string[], b: readonly string[]): string[] {
  if (a.length === 0) return b as string[];
  if (b.length === 0) return a as string[];
  return [...new Set([...a, ...b])];
}

// JAX-RS (javax.ws.rs and jakarta.ws.rs): root resources are concrete classes with @Path (own or
// inherited), resource methods carry a request-method designator, sub-resource locators (@Path
// without a designator) are followed into the class they return. @ApplicationPath prefixes all.
// Statuses come from the Response builders in a method's body, the exceptions it throws, and the
// project's ExceptionMappers of those exceptions. An application that registers its resources by
// name makes a located class with its own @Path a sub-resource only (registrations.ts).

import type { Endpoint } from '../../../model/endpoint';
import { stringValue, stringValues } from '../../annotation-values';
import { methodChains } from '../../hierarchy';
import type { MethodSite } from '../../hierarchy';
import { moduleDependencies } from '../../module-dependencies';
import { joinPaths, normalisePath } from '../../paths';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { Annotation, TypeDecl, TypeRef } from '../../source-model';
import type { FrameworkScanner, ScanContext } from '../framework';
import { parseDoc } from '../../doc-comment';
import { methodBindingsFor } from '../../types/bindings';
import { httpEndpoint } from '../http-endpoint';
import { mergeOperationParams, operationDocs } from '../operation-docs';
import { isRawBytesPayload, responseModel, unwrapReturn } from '../payload';
import { delegatedReturn } from '../delegated-return';
import { withFactoryEntries } from '../map-factory-keys';
import { jaxRsRequest, resourceFieldParams, VALUE_PROVIDER_SUPERS } from './request';
import type { Param, RequestModel } from '../../../model/request';
import { folderDescriptionOf, folderOf, nameAndDescription } from '../naming';
import { WEB_XML, mountOf, registrationMount, webXmlApplicationMounts, webXmlMount } from './servlet-mounts';
import type { ArgValue } from './servlet-mounts';
import { foldedString } from '../../code-calls';
import { SECURITY_DECLARATIONS, SecurityDeclarations } from '../security-docs';
import { declaredResponses, withDeclaredBody } from '../declared-responses';
import { JAX_RS_EXCEPTIONS, visibleResponses, withVisible } from '../exception-responses';
import type { DeclaredResponse } from '../../../model/request';
import { GENERATED_API_SUFFIXES, GeneratedApis } from '../openapi-generated';
import { resolvePlaceholders } from '../../config-text';
import { reasonPhrase } from '../../http-status';
import { CONVERTER_SUPERS } from '../text-converters';
import { APPLICATION_SUPERS, classesNamedBy, LOCATOR_ANNOTATION, ResourceRegistrations, locatedMarker } from './registrations';
import { ProjectIndex, SERVLET_MODULE } from '../../project-index';
import type { FileEntry } from '../../project-index';
import { CXF_SERVER, cxfServers } from './cxf-servers';
import { builtResponse, builtReturns } from '../built-response';
import type { CxfServer } from './cxf-servers';

const MAX_LOCATOR_DEPTH = 16;
/** The index's derived map: class -> files whose sub-resource locators return it. */
const LOCATED_KEY = 'jax-rs:located-by';
const EXCEPTION_MAPPER = 'ExceptionMapper';

/**
 * `class M implements ExceptionMapper<X>`: the one status its `toResponse` builds becomes what
 * resources throwing X (or a subclass) answer. A mapper building several statuses (chosen at run
 * time) claims none.
 */
function exceptionMapper(ctx: ScanContext, type: TypeDecl, into: Map<string, DeclaredResponse>): void {
  const mapped = type.interfaces.find((i) => simpleName(i.name) === EXCEPTION_MAPPER)?.args[0];
  if (!mapped) return;
  const statuses = type.methods.find((m) => m.name === 'toResponse' && m.params.length === 1)?.statuses;
  if (statuses?.length !== 1) return;
  const key = ctx.index.fqnOf(mapped.name, { type, file: type.file }) ?? simpleName(mapped.name);
  if (!into.has(key)) into.set(key, { status: statuses[0]!, description: reasonPhrase(statuses[0]!) });
}

export function createJaxRsScanner(generated = new GeneratedApis()): FrameworkScanner {
  /** Request-method designators: annotation simple name -> HTTP verb. */
  const designators = new Map<string, string>(
    ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'].map((v) => [v, v]),
  );
  /** @ApplicationPath prefix per module name. */
  const appPaths = new Map<string, string>();
  // By module, as for Spring: the @SecurityScheme declarations (Swagger or MicroProfile) and the @OpenAPIDefinition(security) requirement.
  const security = new SecurityDeclarations();
  /** What `ExceptionMapper<X>`s of the project answer: exception (qualified when in the tree) -> response. */
  const mappers = new Map<string, DeclaredResponse>();
  const registrations = new ResourceRegistrations();

  const verbOf = (annotations: readonly Annotation[]): string | undefined => {
    for (const a of annotations) {
      const v = designators.get(simpleName(a.name));
      if (v) return v;
    }
    return undefined;
  };
  const hasJaxRs = (annotations: readonly Annotation[]) =>
    verbOf(annotations) !== undefined || findAnnotation(annotations, 'Path') !== undefined;

  /**
   * A constant the tree cannot fold (a library's) stays in the path as `${NAME}` and is reported
   * (as Spring MVC paths do), rather than dropped: dropping it put every method of Ranger's KMS
   * resource at the one address `/kms`. `report` is off outside the endpoint pass.
   */
  function pathOf(ann: Annotation | undefined, owner: TypeDecl, ctx: ScanContext, report = true): string {
    if (!ann) return '';
    return stringValues(ctx.index, ann, ['value'], { type: owner, file: owner.file }, report ? ctx.diagnostics : undefined)?.[0] ?? '';
  }

  /** The class a sub-resource locator returns (`Class<T>` too: the runtime instantiates it), when it is in the tree. */
  function locatorTarget(owner: TypeDecl, ret: TypeRef | null | undefined, ctx: ScanContext): TypeDecl | undefined {
    const returned = ret && ret.dims === 0 && simpleName(ret.name) === 'Class' && ret.args[0] ? ret.args[0] : ret;
    return returned && returned.dims === 0 ? ctx.index.resolveType(returned.name, { type: owner, file: owner.file }) : undefined;
  }

  /** The class-level `@Path` (own or inherited) and the type declaring it. */
  function classPath(type: TypeDecl, ctx: ScanContext, report = true): { path: string; owner: TypeDecl } | undefined {
    for (const t of [type, ...ctx.index.ancestors(type)]) {
      const ann = findAnnotation(t.annotations, 'Path');
      if (ann) return { path: pathOf(ann, t, ctx, report), owner: t };
    }
    return undefined;
  }

  /**
   * A class-level `@Produces` / `@Consumes` as Jersey reads it: on the class that carries the
   * resource's `@Path` (the class itself, or the interface or base class it takes it from), and,
   * the annotations being `@Inherited`, on that class's superclasses (helix-rest's accessors take
   * theirs from `AbstractResource`). Interfaces pass none on to their implementations.
   */
  function classMediaTypes(type: TypeDecl, name: string, ctx: ScanContext): string[] | undefined {
    const annotated = classPath(type, ctx, false)?.owner ?? type;
    const chain = annotated.kind === 'interface' ? [annotated] : [annotated, ...ctx.index.ancestors(annotated).filter((t) => t.kind !== 'interface')];
    for (const t of chain) {
      const found = mediaTypes(t.annotations, name, t, ctx);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * Whether a sub-resource locator of the tree returns the type, or the type whose `@Path` it
   * carries (a locator returning an interface builds its implementation). The files of those
   * locators are dependencies; a file that comes to locate it sets off locatedMarker.
   */
  function located(type: TypeDecl, pathOwner: TypeDecl, ctx: ScanContext): boolean {
    const byTarget = ctx.index.derived(LOCATED_KEY, () => {
      const out = new Map<string, string[]>();
      for (const entry of ctx.index.files.values()) {
        if (!entry.annotations.has(LOCATOR_ANNOTATION)) continue;
        const file = ctx.index.parse(entry);
        for (const t of file ? ProjectIndex.allTypes(file) : []) {
          for (const m of t.methods) {
            if (!findAnnotation(m.annotations, LOCATOR_ANNOTATION) || verbOf(m.annotations)) continue;
            const target = locatorTarget(t, m.returnType, ctx);
            if (!target) continue;
            const list = out.get(target.fqn) ?? out.set(target.fqn, []).get(target.fqn)!;
            if (!list.includes(entry.path)) list.push(entry.path);
          }
        }
      }
      return out;
    });
    ctx.index.noteMissing([locatedMarker(type.name), locatedMarker(pathOwner.name)]);
    const paths = [...(byTarget.get(type.fqn) ?? []), ...(byTarget.get(pathOwner.fqn) ?? [])];
    // Also keeps the class's result when it lists nothing (a root without endpoints or dependencies is not remembered).
    ctx.index.noteFiles(paths);
    return paths.length > 0;
  }

  /** Servlet mounts by module (web.xml), read once per scan. */
  let mounts: Map<string, string> | undefined;

  function prefixFor(module: string, ctx: ScanContext): string {
    const own = appPaths.get(module);
    if (own !== undefined) return own;
    if (!mounts) {
      mounts = new Map();
      for (const m of ctx.modules) {
        const xml = ctx.readProjectFile?.(m.dir ? `${m.dir}/${WEB_XML}` : WEB_XML);
        const mount = xml !== undefined ? webXmlMount(xml) : undefined;
        if (mount !== undefined) mounts.set(m.name, mount);
      }
      // Code registering the servlet, Spring's or an embedded container's (the header scan noted which files do).
      // Its registering file re-scans every root; so does the holder of a constant the URL names.
      for (const entry of ctx.index.files.values()) {
        if (!entry.creates?.some((c) => c === 'ServletRegistrationBean' || c === 'addServlet' || c === SERVLET_MODULE) || mounts.has(entry.module)) continue;
        const text = ctx.readProjectFile?.(entry.path);
        const mount = text !== undefined ? ctx.index.projectWide(() => registrationMount(text, constantsOf(entry, ctx))) : undefined;
        if (mount !== undefined) mounts.set(entry.module, mount);
      }
      const property = (key: string) => ctx.appProperty?.(key);
      // Quarkus' REST root stands in for @ApplicationPath the same way (under quarkus.http.root-path,
      // the module's context path): quarkus.rest.path, its names before Quarkus 3.9, classic RESTEasy's.
      const set = property('spring.jersey.application-path') ?? property('cxf.path') ?? property('quarkus.rest.path') ?? property('quarkus.resteasy-reactive.path') ?? property('quarkus.resteasy.path');
      const boot = set !== undefined ? resolvePlaceholders(set, property) : undefined;
      if (boot !== undefined && mounts.size === 0) mounts.set('', mountOf(boot));
    }
    // The properties of the module's application (its own, or those of the application serving it).
    const fromProperties = mounts.has(module) ? undefined : ctx.modules.find((m) => m.name === module)?.jaxRsPath;
    if (fromProperties !== undefined) return mountOf(fromProperties);
    const mounted = mounts.get(module) ?? (mounts.size === 1 ? [...mounts.values()][0] : servingMount(module, mounts, ctx));
    if (mounted !== undefined) return mounted;
    // An application class in another module (a shared `app` module) serves all when it is the only one.
    return appPaths.size === 1 ? [...appPaths.values()][0]! : '';
  }

  /**
   * The mount of the modules that build against `module` and mount a servlet (a war whose web.xml
   * serves the jar of resources in its WEB-INF/lib), when they agree; undefined when none does or
   * they differ.
   */
  function servingMount(module: string, mounts: ReadonlyMap<string, string>, ctx: ScanContext): string | undefined {
    const found = new Set<string>();
    for (const [war, mount] of mounts) if (war !== module && servedBy(war, module, ctx)) found.add(mount);
    return found.size === 1 ? [...found][0] : undefined;
  }

  /** Whether module `war` builds against `module` (its pom's or Gradle build's dependencies, followed through). */
  function servedBy(war: string, module: string, ctx: ScanContext): boolean {
    return moduleDependencies(war, ctx.modules, ctx.readProjectFile).has(module);
  }

  /** Per module, the servlets of its web.xml that each name their application class, with the classes each application registers. */
  let applicationMounts: Map<string, Array<{ mount: string; classes: Set<string> }>> | undefined;

  /**
   * Where the servlets of the applications registering the resource mount it, when the module's
   * web.xml maps several applications (`ApplicationConfigV1` at /v1, `ApplicationConfigV2` at /v2):
   * each application's mount, in the web.xml's order, for a resource two of them register; none
   * otherwise, and for a resource none of them names.
   */
  function applicationMountsOf(type: TypeDecl, pathOwner: TypeDecl, ctx: ScanContext): string[] {
    // Read once for every root: a class the applications name coming, going or moving re-scans every root.
    applicationMounts ??= ctx.index.projectWide(() => {
      const byModule = new Map<string, Array<{ mount: string; classes: Set<string> }>>();
      for (const m of ctx.modules) {
        const xml = ctx.readProjectFile?.(m.dir ? `${m.dir}/${WEB_XML}` : WEB_XML);
        const apps = xml !== undefined ? webXmlApplicationMounts(xml) : undefined;
        if (!apps || apps.size < 2) continue;
        const list: Array<{ mount: string; classes: Set<string> }> = [];
        for (const [app, mount] of apps) {
          const decl = ctx.index.typeByFqn(app);
          if (decl) list.push({ mount, classes: classesNamedBy(decl, ctx) });
        }
        byModule.set(m.name, list);
      }
      return byModule;
    });
    // The module's own web.xml, else those of the wars building against it.
    const module = type.file.module;
    const lists = applicationMounts.has(module) ? [applicationMounts.get(module)!] : [...applicationMounts].filter(([war]) => servedBy(war, module, ctx)).map(([, list]) => list);
    const apps = lists.flat().filter((a) => a.classes.has(type.fqn) || a.classes.has(pathOwner.fqn));
    return [...new Set(apps.map((a) => a.mount))];
  }

  /** A string argument's value in the file: a literal, a constant, a concatenation of them. */
  function constantsOf(entry: FileEntry, ctx: ScanContext): ArgValue {
    const file = ctx.index.parse(entry);
    const scope = file ? { type: file.types[0], file } : undefined;
    return (arg) => foldedString(arg, ctx.index, scope);
  }

  /** The CXF servers built in code, by the file building them: read once per scan (a change to such a file re-scans all). */
  let cxfServerFiles: Array<{ path: string; servers: CxfServer[] }> | undefined;

  /** The address a CXF server built in code gives the resource (its own type or a supertype), or ''. */
  function cxfAddressOf(type: TypeDecl, ctx: ScanContext): string {
    if (!cxfServerFiles) {
      cxfServerFiles = [];
      for (const entry of ctx.index.files.values()) {
        if (!entry.creates?.includes(CXF_SERVER)) continue;
        const text = ctx.readProjectFile?.(entry.path);
        const servers = text !== undefined ? ctx.index.projectWide(() => cxfServers(text, constantsOf(entry, ctx))) : [];
        if (servers.length) cxfServerFiles.push({ path: entry.path, servers });
      }
    }
    if (cxfServerFiles.length === 0) return '';
    // The classes named are resolved on each call, not kept: one written after the first scan is
    // served there on a re-scan as on a fresh scan.
    const addresses = new Map<string, string>();
    for (const { path, servers } of cxfServerFiles) {
      const entry = ctx.index.files.get(path);
      const scope = entry ? ctx.index.parse(entry)?.types[0] : undefined;
      if (!scope) continue;
      for (const server of servers) {
        for (const name of server.types) {
          const t = ctx.index.resolveType(name, { type: scope, file: scope.file });
          // A resource served by two servers keeps neither address: which one is meant is unknown.
          if (t) addresses.set(t.fqn, addresses.has(t.fqn) && addresses.get(t.fqn) !== server.address ? '' : server.address);
        }
      }
    }
    for (const t of [type, ...ctx.index.ancestors(type)]) {
      const address = addresses.get(t.fqn);
      if (address !== undefined) return address;
    }
    return '';
  }

  /**
   * The declaration whose JAX-RS annotations apply: the most specific one that has any. Only
   * public methods can be resource methods (interface methods are implicitly public).
   */
  function effective(site: MethodSite, chain: readonly MethodSite[]): MethodSite | undefined {
    if (site.owner.kind !== 'interface' && !site.method.modifiers.includes('public')) return undefined;
    return chain.find((s) => hasJaxRs(s.method.annotations));
  }

  function collectResources(
    type: TypeDecl,
    base: string,
    stack: TypeDecl[],
    ctx: ScanContext,
    out: Endpoint[],
    /** Parameters bound by the locators on the way here (`@PathParam("id")` of the parent's locator). */
    inherited: readonly Param[] = [],
  ): void {
    // A resource's own annotated fields bind parameters for every method of it; a template the
    // chain above already binds (each resource on it may inject `@PathParam("id")` again) is one parameter.
    const fromFields = ctx.requestModels ? withInherited({ params: resourceFieldParams(ctx.index, ctx.schemas, ctx.beanSchemas, type), consumes: [] }, inherited).params : [];
    // Sub-resources keep their own folder: the tree groups endpoints by the class serving them.
    const folder = folderOf(ctx.index, type);
    const folderDescription = folderDescriptionOf(ctx.index, type, folder);
    for (const { site, chain } of methodChains(ctx.index, type)) {
      const eff = effective(site, chain);
      if (!eff) continue;
      const sub = pathOf(findAnnotation(eff.method.annotations, 'Path'), eff.owner, ctx);
      const path = joinPaths(base, sub);
      const verb = verbOf(eff.method.annotations);
      if (verb) {
        const docs = operationDocs(ctx.index, type, chain, ctx.diagnostics);
        if (docs.hidden) continue;
        const consumes = mediaTypes(eff.method.annotations, 'Consumes', eff.owner, ctx) ?? classMediaTypes(type, 'Consumes', ctx);
        const produces = mediaTypes(eff.method.annotations, 'Produces', eff.owner, ctx) ?? classMediaTypes(type, 'Produces', ctx);
        const request = ctx.requestModels ? withInherited(jaxRsRequest(ctx.index, ctx.schemas, ctx.beanSchemas, { type, site, chain, consumes: consumes ?? [], diagnostics: ctx.diagnostics, path }), fromFields) : undefined;
        if (request) request.params = mergeOperationParams(request.params, docs);
        const doc = parseDoc(chain.find((s) => s.method.doc)?.method.doc).returns ?? '';
        // `@Suspended AsyncResponse`: the method returns nothing and answers later with what it resumes.
        const suspended = site.method.params.some((p) => simpleName(p.type.name) === 'AsyncResponse');
        // Kotlin `= service.find(id)`: the service's declared type, its names read in the service's file.
        const delegated = delegatedReturn(ctx.index, site);
        const ret = delegated?.ref ?? site.method.returnType;
        const scope = delegated ? { type: delegated.owner, file: delegated.owner.file } : { type: site.owner, file: site.owner.file };
        const payload = unwrapReturn(ret, (name) => ctx.index.resolveType(name, scope) !== undefined);
        const response = ctx.requestModels && (suspended && isVoid(ret)
          ? { contentType: produces?.[0] ?? 'application/json', schema: { description: 'Unknown: answered later through an AsyncResponse.', 'x-unresolved': true }, description: doc || 'Unknown: answered later through an AsyncResponse.' }
          : withFactoryEntries(ctx.index, site, responseModel(
          payload,
          produces?.[0] ?? (isRawBytesPayload(payload) ? 'application/octet-stream' : 'application/json'),
          scope,
          methodBindingsFor(ctx.index, ctx.schemas, type, site),
          ctx.schemas,
          doc,
        )));
        // JAX-RS has no @ResponseStatus: the codes are the ones the body builds or its exceptions carry.
        const visible = visibleResponses(ctx.index, chain, undefined, mappers, JAX_RS_EXCEPTIONS);
        const responses = ctx.requestModels ? withVisible(declaredResponses(ctx.index, ctx.schemas, chain, methodBindingsFor(ctx.index, ctx.schemas, type, site), produces?.[0]), visible.responses) : [];
        // A void resource method answers 204 No Content (JAX-RS 3.3.3), unless the docs declare otherwise.
        const declaresSuccess = responses.some((r) => r.status.startsWith('2'));
        let answer = withDeclaredBody(response || undefined, responses);
        let status = visible.status ?? ((!ret || ret.name === 'void') && !declaresSuccess && !suspended ? '204' : undefined);
        // `Response` says nothing of its entity; the builders the method returns may, and their status.
        // Read too where the answer is No Content only because a 204 the body builds is the one success listed
        // (`if (found) return ok(x).build(); return noContent().build();`): the 200 it builds is the answer.
        const unread = (m: typeof answer) => m?.schema?.['x-unresolved'] === true && m.schema['x-java-type'] === undefined;
        const onlyBuilt204 = !!answer && !answer.schema && unread(response || undefined) && !responses.some((r) => r.status.startsWith('2') && !visible.responses.includes(r));
        if (ctx.requestModels && answer && payload.kind === 'unknown' && ret && simpleName(ret.name) === 'Response' && (unread(answer) || onlyBuilt204)) {
          const built = builtResponse(builtReturns(ctx.index, type, site), { contentType: answer.contentType, declared: !!produces?.length }, { type: site.owner, file: site.owner.file }, methodBindingsFor(ctx.index, ctx.schemas, type, site), ctx.schemas, doc, responses);
          if (built && (!onlyBuilt204 || built.response.schema)) {
            answer = built.response;
            status = built.status === '200' ? undefined : built.status;
            // A code the body's other builders put among the others is now the success.
            const listed = responses.findIndex((r) => r.status === built.status && visible.responses.includes(r));
            if (listed >= 0) responses.splice(listed, 1);
          }
        }
        out.push(httpEndpoint({ framework: 'jax-rs', type, site, method: verb, path, folder: docs.tags[0] ?? folder, folderDescription: docs.tags[0] && docs.tags[0] !== folder ? folderDescriptionOf(ctx.index, type, docs.tags[0]) : folderDescription, ...nameAndDescription(ctx.index, chain), consumes, produces, request, response: answer, deprecated: docs.deprecated, operationId: docs.operationId, security: security.requiredBy(ctx.index, type, chain), securityOptional: security.optionalBy(ctx.index, type, chain), status, responses }));
        continue;
      }
      // A sub-resource locator: follow the type it returns.
      const ret = eff.method.returnType;
      const target = locatorTarget(eff.owner, ret, ctx);
      if (!target) {
        ctx.diagnostics.push({
          file: eff.owner.file.path,
          line: eff.method.line,
          message: `sub-resource locator ${eff.method.name}() returns ${ret ? ret.name : 'nothing'}, which is not a resource class in the source tree`,
        });
        continue;
      }
      // A cycle ends at any type already on the path, or a supertype of one (an interface a
      // resource on the path implements), so each resource is listed once per locator chain.
      const onPath = stack.some((s) => s === target || ctx.index.ancestors(s).includes(target));
      if (onPath || stack.length >= MAX_LOCATOR_DEPTH) continue;
      const locatorParams = ctx.requestModels ? withInherited(jaxRsRequest(ctx.index, ctx.schemas, ctx.beanSchemas, { type, site, chain, consumes: [] }), fromFields).params : [];
      collectResources(target, path, [...stack, target], ctx, out, locatorParams);
    }
  }

  return {
    id: 'jax-rs',

    // A war's web.xml mounts the resources of the modules it builds against (servingMount).
    readsServingModules: true,

    markers: () => ['Path'],

    // A resource may carry no annotation at all: its mappings are on a generated `XxxApi` interface.
    // An ExceptionMapper is read for the status it gives the exceptions resources throw.
    // An application class is read for the resources it registers.
    superMarkers: () => ({ names: [EXCEPTION_MAPPER, ...APPLICATION_SUPERS], suffixes: GENERATED_API_SUFFIXES }),

    globalSupers: () => [EXCEPTION_MAPPER, ...APPLICATION_SUPERS, ...CONVERTER_SUPERS, ...VALUE_PROVIDER_SUPERS],

    globalMarkers: () => ['ApplicationPath', ...SECURITY_DECLARATIONS],

    securitySchemes: () => security.byModule(),

    metaMarkers: () => ['HttpMethod', 'Path'],

    learnAnnotation(decl, ctx) {
      if (decl.kind !== 'annotation' || designators.has(decl.name)) return false;
      const http = findAnnotation(decl.annotations, 'HttpMethod');
      if (!http) return false;
      const verb = stringValue(ctx.index, http, ['value'], { type: decl, file: decl.file });
      if (!verb) return false;
      designators.set(decl.name, verb.toUpperCase());
      return true;
    },

    collect(type, ctx) {
      security.collect(ctx.index, type, { modules: ctx.modules, read: ctx.readProjectFile });
      exceptionMapper(ctx, type, mappers);
      // The classes an application names are only asked about themselves (unlisted), and their
      // edits recompute them: not project-wide reads, or every edit of a registered resource would re-scan all.
      // Only the names it looks for in vain are (collectApplication): a class created later under one is registered.
      ctx.index.untracked(() => registrations.collectApplication(type, ctx, (t) => classPath(t, ctx, false) !== undefined));
      const app = findAnnotation(type.annotations, 'ApplicationPath');
      if (!app) return;
      const value = pathOf(app, type, ctx, false).replace(/\/\*$/, '');
      appPaths.set(type.file.module, value === '' || value === '/' ? '' : normalisePath(value, false));
    },

    wantsImplementations(type) {
      if (!isAbstract(type) || type.kind === 'annotation') return false;
      return findAnnotation(type.annotations, 'Path') !== undefined || type.methods.some((m) => hasJaxRs(m.annotations));
    },

    endpoints(type, ctx) {
      if (isAbstract(type) || type.kind === 'enum') return [];
      const cp = classPath(type, ctx);
      if (!cp) return generated.endpoints(type, ctx, 'jax-rs', prefixFor(type.file.module, ctx));
      if (registrations.unlisted(type) && located(type, cp.owner, ctx)) return [];
      const out: Endpoint[] = [];
      const mounts = applicationMountsOf(type, cp.owner, ctx);
      const diagnostics = ctx.diagnostics.length;
      for (const mount of mounts.length ? mounts : [prefixFor(type.file.module, ctx)]) {
        // Listed under each application serving it (its path, hence its id, differs); what is
        // wrong with the resource is reported once.
        const reported = ctx.diagnostics.length;
        collectResources(type, joinPaths(joinPaths(mount, cxfAddressOf(type, ctx)), cp.path), [type], ctx, out);
        if (reported > diagnostics) ctx.diagnostics.length = reported;
      }
      return out;
    },
  };
}

/** The method's own parameters after those bound higher up, each name and location once. */
function withInherited(model: RequestModel, inherited: readonly Param[]): RequestModel {
  if (inherited.length === 0) return model;
  const own = new Set(model.params.map((p) => `${p.in}:${p.name}`));
  return { ...model, params: [...inherited.filter((p) => !own.has(`${p.in}:${p.name}`)), ...model.params] };
}

function mediaTypes(annotations: readonly Annotation[], name: string, owner: TypeDecl, ctx: ScanContext): string[] | undefined {
  const ann = findAnnotation(annotations, name);
  const values = ann && stringValues(ctx.index, ann, ['value'], { type: owner, file: owner.file });
  // JAX-RS allows "a/b, c/d" in one string.
  const out = values?.flatMap((v) => v.split(',')).map((s) => s.trim()).filter(Boolean);
  return out?.length ? out : undefined;
}

function isVoid(ret: TypeRef | null): boolean {
  return !ret || ret.name === 'void' || ret.name === 'Void';
}

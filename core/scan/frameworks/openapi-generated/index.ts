// Spec-first code: resources and controllers implementing interfaces that openapi-generator
// writes at build time (`ProjectsResource implements ProjectsApi`). The interfaces are not in
// the source tree, so the mappings come from the checked-in spec the build file names; each
// operation is matched to the implementing method by the name the generator gives it.
// A class implementing an `*Api` interface that no spec explains gets a diagnostic.
// Quarkus's server extension does the same from application.properties (quarkus-config.ts).

import type { Diagnostic, Endpoint, FrameworkId } from '../../../model/endpoint';
import type { JsonSchema, RequestModel, ResponseModel } from '../../../model/request';
import { methodChains } from '../../hierarchy';
import type { MethodSite } from '../../hierarchy';
import { joinPaths } from '../../paths';
import { findAnnotation, isAbstract, simpleName } from '../../source-model';
import type { MethodDecl, TypeDecl, TypeRef } from '../../source-model';
import type { ScanContext } from '../framework';
import { httpEndpoint } from '../http-endpoint';
import { folderOf } from '../naming';
import { moduleGeneratorConfigs } from './build-config';
import type { GeneratorConfig } from './build-config';
import { QUARKUS_API_SUFFIX, QUARKUS_SERVER_GENERATOR, quarkusServerConfig } from './quarkus-config';
import { apiName, bodyExample, groupsOf, readSpec, responseExample } from './spec-operations';
import type { SpecDocument, SpecOperation } from './spec-operations';
import type { Direction } from '../../types/retyping';

/** Names a generated interface can have: `ProjectsApi`, Spring's `ProjectsApiDelegate`, Quarkus's `ProjectsResource`. */
export const GENERATED_API_SUFFIXES = ['Api', 'ApiDelegate', QUARKUS_API_SUFFIX];
export const GENERATED_API = new RegExp(`(?:${GENERATED_API_SUFFIXES.join('|')})$`);
/** `*Resource` is a common name for hand-written interfaces too: only a Quarkus server configuration makes one generated. */
const OPENAPI_GENERATOR_API = /(?:Api|ApiDelegate)$/;
const ENDPOINT_ANNOTATIONS = ['RestController', 'Controller', 'Path', 'Service', 'Component'];

interface GeneratedApi {
  config: GeneratorConfig;
  /** Which framework serves the generated interfaces; undefined when the generator name does not say. */
  framework: FrameworkId | undefined;
  spec: SpecDocument;
  /** Interface simple name -> its operations. */
  byInterface: Map<string, SpecOperation[]>;
  /** Spring generators give interfaces default methods: an operation not overridden still answers. */
  defaultMethods: boolean;
  /** Prepended to every operation's path (Spring's `@RequestMapping` on the interface). */
  base: string;
}

interface Loaded {
  apis: GeneratedApi[];
  configs: number;
  /** The Quarkus server-generator configurations of the modules. */
  quarkus: GeneratorConfig[];
  problems: Diagnostic[];
}

/** The project's generator configurations and specs, read once per scan on first use. */
export class GeneratedApis {
  private loaded: Loaded | undefined;

  private load(ctx: ScanContext): Loaded {
    if (this.loaded) return this.loaded;
    const out: Loaded = { apis: [], configs: 0, quarkus: [], problems: [] };
    for (const m of ctx.modules) {
      const quarkus = ctx.readProjectFile && quarkusServerConfig(m.dir, ctx.readProjectFile, out.problems);
      if (quarkus) {
        out.configs++;
        out.quarkus.push(quarkus);
        const api = this.readApi(quarkus, ctx, out.problems);
        if (api) out.apis.push(api);
      }
      for (const config of ctx.readProjectFile ? moduleGeneratorConfigs([m], ctx.readProjectFile) : []) {
        out.configs++;
        const api = this.readApi(config, ctx, out.problems);
        if (api) out.apis.push(api);
      }
    }
    this.loaded = out;
    return out;
  }

  private readApi(config: GeneratorConfig, ctx: ScanContext, problems: Diagnostic[]): GeneratedApi | undefined {
    const quarkus = config.generator === QUARKUS_SERVER_GENERATOR;
    const say = (why: string) => {
      problems.push({ file: config.buildFile, line: config.line, message: `${quarkus ? 'quarkus-openapi-generator' : 'openapi-generator'}: cannot read the spec ${config.inputSpecText}: ${why}; the endpoints of the interfaces it generates are not listed` });
      return undefined;
    };
    if (config.remoteSpec) return say(`the build downloads it from ${config.remoteSpec}, and apiscout reads only specs inside the project (point inputSpec at a copy in the project to list them)`);
    if (config.inputSpec === undefined) return say('the path is not in the project or uses a property apiscout does not know');
    const text = ctx.readProjectFile?.(config.inputSpec);
    if (text === undefined) return say(`${config.inputSpec} does not exist`);
    let spec: SpecDocument;
    try {
      spec = readSpec(text, config.inputSpec, ctx.specDocuments, config.mappings);
    } catch (e) {
      return say((e as Error).message.split('\n')[0]!);
    }
    const g = config.generator.toLowerCase();
    const framework: FrameworkId | undefined = /spring/.test(g) ? 'spring-mvc' : /jaxrs|jax-rs|cxf|resteasy|jersey|microprofile|helidon|quarkus/.test(g) ? 'jax-rs' : undefined;
    const opt = (k: string) => config.options[k]?.toLowerCase() === 'true';
    const library = config.options.library ?? '';
    // Spring groups by path segment only for its spring-boot / spring-cloud libraries; JAX-RS always unless useTags.
    const byTags = opt('useTags') || (framework === 'spring-mvc' && library !== '' && !/^spring-(boot|cloud)$/.test(library));
    // Quarkus runs the Java client codegen, which puts an operation in the interface of each of its tags.
    const firstTagOnly = framework !== 'spring-mvc' && !quarkus;
    const byInterface = new Map<string, SpecOperation[]>();
    for (const op of spec.operations) {
      for (const group of groupsOf(op, byTags, firstTagOnly)) {
        const names = [apiName(group, quarkus ? QUARKUS_API_SUFFIX : 'Api')];
        if (framework !== 'jax-rs') names.push(`${names[0]}Delegate`);
        for (const n of names) {
          const list = byInterface.get(n) ?? byInterface.set(n, []).get(n)!;
          if (!list.includes(op)) list.push(op);
        }
      }
    }
    // Spring's class-level `@RequestMapping("${openapi.<title>.base-path:<server path>}")` sits on the
    // interface (requestMappingMode api_interface) or on the generated controller, which exists unless interfaceOnly.
    const mode = config.options.requestMappingMode ?? (opt('useRequestMappingOnInterface') ? 'api_interface' : 'controller');
    const onInterface = mode === 'api_interface' || (mode === 'controller' && !opt('interfaceOnly'));
    return {
      config,
      framework,
      spec,
      byInterface,
      defaultMethods: framework === 'spring-mvc' && !opt('skipDefaultInterface'),
      base: framework === 'spring-mvc' && onInterface ? spec.serverPath : '',
    };
  }

  /**
   * The endpoints `type` serves through generated interfaces of `framework`, under `prefix`
   * (the framework's mount or code prefix). Unexplained `*Api` interfaces become diagnostics.
   */
  endpoints(type: TypeDecl, ctx: ScanContext, framework: FrameworkId, prefix: string, opts: { delegatesOnly?: boolean; classPaths?: readonly string[] } = {}): Endpoint[] {
    if (isAbstract(type) || type.kind !== 'class') return [];
    const generated = unresolvedApis(type, ctx).filter((g) => !opts.delegatesOnly || g.ref.name.endsWith('Delegate'));
    if (generated.length === 0) return [];
    const loaded = this.load(ctx);
    const out: Endpoint[] = [];
    const chains = methodChains(ctx.index, type);
    for (const { ref, owner } of generated) {
      const name = simpleName(ref.name);
      const matches = loaded.apis.filter((a) => a.byInterface.has(name) && packageAgrees(a.config.apiPackage, ref, owner));
      if (matches.length === 0) {
        // A `*Resource` is told only when it could come from a Quarkus generator's package.
        const generatable = OPENAPI_GENERATOR_API.test(name) || loaded.quarkus.some((c) => packageAgrees(c.apiPackage, ref, owner));
        if (framework === 'jax-rs' && generatable) this.unexplained(type, name, loaded, ctx);
        continue;
      }
      for (const api of matches) {
        const served = api.framework ?? (isSpring(type, ctx) ? 'spring-mvc' : 'jax-rs');
        if (served !== framework) continue;
        for (const op of api.byInterface.get(name)!) {
          const chain = chains
            .filter((c) => c.site.method.name === op.javaName)
            .sort((a, b) => b.site.method.params.length - a.site.method.params.length)[0];
          let site: MethodSite | undefined = chain?.site;
          if (!site && api.defaultMethods && !name.endsWith('Delegate')) site = { owner: type, method: defaultMethod(op, type) };
          if (!site) continue;
          // Spring looks for the type-level mapping on the class before its interfaces: the
          // controller's own `@RequestMapping("/api")` replaces the generated base path.
          for (const base of opts.classPaths ?? [api.base]) out.push(this.endpoint(op, type, site, framework, joinPaths(prefix, base), ctx, api.config.mappings !== undefined));
        }
      }
    }
    return out;
  }

  /** `mapped`: the spec maps schemas to existing classes, whose schemas the type engine builds. */
  private endpoint(op: SpecOperation, type: TypeDecl, site: MethodSite, framework: FrameworkId, prefix: string, ctx: ScanContext, mapped: boolean): Endpoint {
    const params = [...op.params, ...op.formParams];
    const consumes = op.formParams.length && !op.consumes.length ? ['application/x-www-form-urlencoded'] : op.consumes;
    const request: RequestModel | undefined = ctx.requestModels ? { params, consumes } : undefined;
    const classes = (s: JsonSchema, direction: Direction) => (mapped ? ctx.schemas.withProjectClasses(s, direction) : s);
    if (request && op.body) {
      const schema = classes(op.body.schema, 'request');
      request.body = { contentType: op.body.contentType, schema, example: bodyExample(schema), description: op.body.description, required: op.body.required };
    }
    let response: ResponseModel | undefined;
    if (ctx.requestModels && op.response) {
      response = { contentType: op.response.contentType, description: op.response.description };
      if (op.response.schema) {
        response.schema = classes(op.response.schema, 'response');
        response.example = responseExample(response.schema);
      }
    }
    return httpEndpoint({
      framework,
      type,
      site,
      method: op.method,
      path: joinPaths(prefix, op.path),
      folder: op.tags[0] ?? folderOf(ctx.index, type),
      name: op.summary || op.javaName,
      description: op.description,
      consumes: consumes.length ? consumes : undefined,
      produces: op.produces.length ? op.produces : undefined,
      request,
      response,
      deprecated: op.deprecated,
    });
  }

  private unexplained(type: TypeDecl, name: string, loaded: Loaded, ctx: ScanContext): void {
    // Quiet for a plain class implementing some library's `FooApi`: only endpoint-like classes, or projects that generate code, are told.
    const looksServing = [type, ...ctx.index.ancestors(type)].some((t) => ENDPOINT_ANNOTATIONS.some((a) => findAnnotation(t.annotations, a)));
    if (!looksServing && loaded.configs === 0 && !/(Resource|Controller|Endpoint|Impl)$/.test(type.name)) return;
    const why = loaded.problems.length
      ? `the openapi-generator spec that would declare it could not be read (${loaded.problems[0]!.file}:${loaded.problems[0]!.line})`
      : loaded.configs
        ? `no operation of the specs the build files${loaded.quarkus.length ? ' or application properties' : ''} name lands in an interface of that name`
        : 'no build file names an openapi-generator spec that generates it';
    ctx.diagnostics.push(...loaded.problems);
    ctx.diagnostics.push({
      file: type.file.path,
      line: type.line,
      message: `${type.name} implements ${name}, which is not in the source tree and ${why}: its endpoints are not listed`,
    });
  }
}

/** `*Api` (and `*Resource`) interfaces of the type and its source ancestors that the source tree does not declare. */
function unresolvedApis(type: TypeDecl, ctx: ScanContext): Array<{ ref: TypeRef; owner: TypeDecl }> {
  const out: Array<{ ref: TypeRef; owner: TypeDecl }> = [];
  for (const owner of [type, ...ctx.index.ancestors(type)]) {
    for (const ref of owner.interfaces) {
      if (!GENERATED_API.test(simpleName(ref.name))) continue;
      if (ctx.index.resolveType(ref.name, { type: owner, file: owner.file })) continue;
      if (!out.some((o) => simpleName(o.ref.name) === simpleName(ref.name))) out.push({ ref, owner });
    }
  }
  return out;
}

/** When the build names an api package, the implemented interface must come from it (by import or qualified name). */
function packageAgrees(pkg: string | undefined, ref: TypeRef, owner: TypeDecl): boolean {
  if (!pkg) return true;
  const name = simpleName(ref.name);
  const qualified = ref.name.includes('.') ? ref.name : owner.file.imports.find((i) => !i.isStatic && !i.wildcard && (i.alias ?? simpleName(i.name)) === name)?.name;
  if (qualified) return qualified.slice(0, qualified.lastIndexOf('.')) === pkg;
  // Same package, or a wildcard import of the api package.
  return owner.file.pkg === pkg || owner.file.imports.some((i) => i.wildcard && !i.isStatic);
}

function isSpring(type: TypeDecl, ctx: ScanContext): boolean {
  return [type, ...ctx.index.ancestors(type)].some((t) => findAnnotation(t.annotations, 'RestController') || findAnnotation(t.annotations, 'Controller'));
}

/** A generated default method the class does not override: it answers (501) from the interface. */
function defaultMethod(op: SpecOperation, type: TypeDecl): MethodDecl {
  return { name: op.javaName, modifiers: ['public', 'default'], annotations: [], typeParams: [], params: [], returnType: null, line: type.line, column: type.column };
}

// Model classes openapi-generator writes at build time (`generateModels`, the default), used by
// hand-written controllers: `com.acme.model.OrderDto` is not in the source tree, yet the spec
// its build configuration names says what it is. The schema builder asks here before calling
// such a type unresolved. Specs and build files are read through the scan's project reader,
// so editing one re-scans.

import type { JsonSchema } from '../../../model/request';
import type { ModuleInfo } from '../../modules';
import { moduleGeneratorConfigs } from './build-config';
import type { GeneratorConfig } from './build-config';
import { camelize, modelClassName, readModelSchemas, sanitizeName } from './spec-operations';
import type { ModelSchemas } from './spec-operations';
import { SpecDocuments } from './spec-documents';


interface ModelSource {
  specs: ModelSchemas;
  /** Generated class simple name -> schema name. */
  byClass: Map<string, string>;
}

/** A configuration generating models, its spec read on first need. */
interface Pending {
  config: GeneratorConfig & { modelPackage: string; inputSpec: string };
  source?: ModelSource | null;
}

export class GeneratedModels {
  /** Model package -> the configurations generating into it; build files read on first use, specs on first need. */
  private packages: Map<string, Pending[]> | undefined;

  constructor(
    private readonly modules: readonly ModuleInfo[],
    private readonly read: (path: string) => string | undefined,
    /** Parses shared with the generated interfaces and between configurations whose specs `$ref` each other. */
    private readonly docs = new SpecDocuments(),
  ) {}

  /**
   * The schema of a generated model class by its qualified name; undefined when no build
   * configuration generates it. An unqualified name (a type of the same package, or met through
   * an on-demand import) is looked for in `candidates`, then taken when exactly one model
   * package has a class of that name.
   */
  schemaOf(name: string, candidates: readonly string[] = []): JsonSchema | undefined {
    const packages = this.load();
    if (packages.size === 0) return undefined;
    for (const pkg of candidates) {
      const found = packages.has(pkg) ? this.schemaOf(`${pkg}.${name}`) : undefined;
      if (found) return found;
    }
    const dot = name.lastIndexOf('.');
    const own = dot >= 0 ? this.find(packages.get(name.slice(0, dot)), name.slice(dot + 1)) : undefined;
    if (own) return own;
    // `GenericApi.StateEnum`: the enum class the generator nests in a model for an inline enum property.
    const inner = /^(.*)\.(\w+Enum)$/.exec(name);
    if (inner) {
      const outer = this.schemaOf(inner[1]!);
      return outer && innerEnum(outer, inner[2]!);
    }
    if (dot >= 0) return undefined;
    const found = [...packages.values()].map((sources) => this.find(sources, name)).filter((s) => s !== undefined);
    return found.length === 1 ? found[0] : undefined;
  }

  private load(): Map<string, Pending[]> {
    if (this.packages) return this.packages;
    const out = new Map<string, Pending[]>();
    for (const config of moduleGeneratorConfigs(this.modules, this.read)) {
      const { modelPackage, inputSpec } = config;
      if (!config.generatesModels || !modelPackage || !inputSpec) continue;
      const list = out.get(modelPackage) ?? out.set(modelPackage, []).get(modelPackage)!;
      list.push({ config: { ...config, modelPackage, inputSpec } });
    }
    this.packages = out;
    return out;
  }

  private find(pending: readonly Pending[] | undefined, simple: string): JsonSchema | undefined {
    for (const p of pending ?? []) {
      const source = this.source(p);
      const component = source?.byClass.get(simple);
      if (component !== undefined) return source!.specs.schema(component);
    }
    return undefined;
  }

  private source(p: Pending): ModelSource | undefined {
    if (p.source !== undefined) return p.source ?? undefined;
    p.source = null;
    const { config } = p;
    const text = this.read(config.inputSpec);
    if (text === undefined) return undefined;
    const className = (schema: string) => modelClassName(schema, config.modelNamePrefix, config.modelNameSuffix);
    try {
      const specs = readModelSchemas(text, config.inputSpec, (schema) => `${config.modelPackage}.${className(schema)}`, this.read, this.docs, config.mappings);
      p.source = { specs, byClass: new Map([...specs.names].map((n) => [className(n), n])) };
    } catch {
      // the operations' reading of the same spec reports it when an interface needs it
    }
    return p.source ?? undefined;
  }
}

/** The inline enum of the property the generator names `<Property>Enum` (of its items for a list). */
function innerEnum(outer: JsonSchema, className: string): JsonSchema | undefined {
  for (const [prop, p] of Object.entries(outer.properties ?? {})) {
    if (`${camelize(sanitizeName(prop))}Enum` !== className) continue;
    const e = p.enum ? p : p.items?.enum ? p.items : undefined;
    if (e) return e;
  }
  return undefined;
}

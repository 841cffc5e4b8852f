// The one decision of which JSON mapper writes (and reads) an application's HTTP bodies: Jackson
// (the default), Gson, JSON-B or fastjson, per application and per stack serving the endpoint, so that
// every view and export of a model agrees. The facts come from json-mapper.ts (applications, Gson,
// Spring's converter registrations), jsonb-fastjson-mapper.ts and jaxrs-json-provider.ts.
// Precedence, highest first, for a Spring MVC application:
//  1. a converter the application's code registers where Spring MVC picks it before Boot's own
//     (a converter `@Bean`, `configureMessageConverters`, put first in `extendMessageConverters`):
//     Gson's or fastjson's; of both, the one registered first (json-mapper.ts, registrationAt);
//  2. Boot's `preferred-json-mapper` property (gson, jsonb, jackson);
//  3. the classpath: Gson there and Jackson excluded (Boot's Gson converter is then its only one);
//  4. Jackson.
// A registered converter comes before the property because Boot adds converter beans in front of
// the ones the property chooses between: the code is the more explicit configuration.
// WebFlux writes through its codecs: Gson only where the code registers a GsonEncoder, else Jackson.
// A JAX-RS resource is written by its runtime's provider, decided per deployable from the builds
// (jaxRsJsonb): JSON-B's, or Jackson's wherever a Jackson provider is packaged. Actuator writes with
// its own ObjectMapper. A module (a library shared by several applications) takes its applications'
// choice when they all make the same one (the same mapper configured the same way), else Jackson's.

import { applications, buildText, codeGson, gsonSettings, preferredMapper, registeredBefore, stackOf, webFluxApplication, withoutJackson } from './json-mapper';
import type { App, CodeGson } from './json-mapper';
import { codeFastjson, codeJsonb, jaxRsJsonb, JSONB, withJsonbSettings } from './jsonb-fastjson-mapper';
import type { FastjsonRegistration, JsonbSettings } from './jsonb-fastjson-mapper';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';
import type { SourceFile } from './source-model';
import type { MapperChoice } from './types/bean-mapper-annotations';
import type { GsonSettings } from './types/gson';
import type { EndpointRoot } from './types/type-schema';

/** The mapper writing a body, and how it is configured; undefined where Jackson writes it. */
export type JsonMapperChoice = { kind: 'gson'; settings: GsonSettings } | MapperChoice;

/**
 * The mapper that writes the bodies of a type written in `file`, as the stack serving the endpoint
 * being read does; undefined where Jackson writes them. Undefined when every application is Jackson's.
 * `props`: a module's application properties (raw keys), by its folder.
 */
export function jsonMapperChoice(
  modules: readonly ModuleInfo[],
  props: (dir: string) => ReadonlyMap<string, string> | undefined,
  index: ProjectIndex,
  read: (path: string) => string | undefined,
): ((file: SourceFile, endpoint: EndpointRoot | undefined) => JsonMapperChoice | undefined) | undefined {
  const apps = applications(modules, props, read);
  const gson = codeGson(index);
  const fastjson = codeFastjson(index);
  const jsonb = codeJsonb(index);
  const inContext = (app: App) => [...app.context].map((name) => gson.get(name)).filter((c): c is CodeGson => c !== undefined);
  const servlet = byModule(modules, apps, apps.map((app) => springVerdict(app, modules, read, inContext(app), [...app.context].map((name) => fastjson.get(name)), jsonb)));
  const reactive = byModule(modules, apps, apps.map((app) => reactiveVerdict(app, inContext(app))));
  const jaxRs = jaxRsJsonb(modules, read, jsonb);
  if (!servlet.size && !reactive.size && !jaxRs.size) return undefined;
  return (file, endpoint) => {
    const framework = endpoint?.framework;
    const stack = stackOf(framework, endpoint?.file ?? file);
    if (stack === 'own') return framework !== 'actuator' ? jaxRs.get(file.module) : undefined;
    return (stack === 'reactive' ? reactive : servlet).get(file.module);
  };
}

/** The mapper of a Spring application's annotated controllers and WebMvc.fn routes, by the precedence above. */
function springVerdict(
  app: App,
  modules: readonly ModuleInfo[],
  read: (path: string) => string | undefined,
  gson: readonly CodeGson[],
  fastjson: ReadonlyArray<FastjsonRegistration | undefined>,
  jsonb: ReadonlyMap<string, JsonbSettings>,
): JsonMapperChoice | undefined {
  const builds = [...app.context].map((name) => buildText(modules.find((m) => m.name === name), read));
  // A WebFlux application: its annotated controllers write through the codecs too.
  if (webFluxApplication(builds)) return reactiveVerdict(app, gson);
  const gsonAt = gson.map((c) => c.converter).filter((at) => at !== undefined).sort((a, b) => (registeredBefore(a, b) ? -1 : 1))[0];
  const fast = fastjson.filter((f): f is FastjsonRegistration => f !== undefined).sort((a, b) => (registeredBefore(a.at, b.at) ? -1 : 1))[0];
  if (gsonAt && (!fast || registeredBefore(gsonAt, fast.at))) return { kind: 'gson', settings: gsonSettings(app.props, gson) };
  if (fast) return fast.choice;
  const preferred = preferredMapper(app);
  if (preferred === 'gson') return { kind: 'gson', settings: gsonSettings(app.props, gson) };
  if (preferred === 'jsonb') return withJsonbSettings(JSONB, jsonb, app.context);
  if (preferred !== undefined) return undefined;
  return builds.some(withoutJackson) ? { kind: 'gson', settings: gsonSettings(app.props, gson) } : undefined;
}

/** WebFlux writes with Gson only where the code registers a GsonEncoder. */
function reactiveVerdict(app: App, gson: readonly CodeGson[]): JsonMapperChoice | undefined {
  return gson.some((c) => c.encoder) ? { kind: 'gson', settings: gsonSettings(app.props, gson) } : undefined;
}

/** A module is a mapper's when every application serving it writes with it, configured alike. */
function byModule(modules: readonly ModuleInfo[], apps: readonly App[], verdicts: ReadonlyArray<JsonMapperChoice | undefined>): Map<string, JsonMapperChoice> {
  const out = new Map<string, JsonMapperChoice>();
  for (const m of modules) {
    const serving = apps.map((a, i) => (a.context.has(m.name) ? verdicts[i] : null)).filter((v) => v !== null);
    const first = serving[0];
    if (first && serving.every((v) => v !== undefined && sameChoice(v, first))) out.set(m.name, first);
  }
  return out;
}

/** The same mapper configured the same way, whichever source set each setting first (the keys' order differs). */
function sameChoice(a: JsonMapperChoice, b: JsonMapperChoice): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

// What a Spring application's properties, build and configuration code say of Gson, and the
// notion of an application that every JSON mapper decision shares (json-mapper-choice.ts makes the
// decision, one for all mappers). Spring Boot puts its GsonHttpMessageConverter in front when the
// application prefers Gson (`spring.mvc.converters.preferred-json-mapper=gson`; Boot 2.0-2.2 and
// Boot 4 spell it `spring.http.converters.`), or when Gson is there and Jackson is not (the build
// excludes `spring-boot-starter-json`). An application may also register the converter itself: a
// `@Bean` of it or a `@Component` subclass (Boot adds converter beans before its defaults, whatever
// the property prefers), in `configureMessageConverters` (which replaces the defaults), or in
// `extendMessageConverters` when put first (`add(0, ..)`) or with Jackson's removed.
// Gson's settings: Boot's `spring.gson.*`, then a GsonBuilder configured in the application's
// Spring configuration code, which wins (a customizer or a Gson bean of its own).
// An application is a module with application properties, with the modules it builds against;
// a library is Gson's when every application serving it is. A project with no application
// properties anywhere is one application.
// Only Spring MVC (annotated controllers and WebMvc.fn routes) writes through those converters.
// JAX-RS resources are written by their runtime's own JSON provider (Jersey, RESTEasy and CXF
// apps use Jackson's JacksonJsonProvider, JSON-B (jsonb-fastjson-mapper.ts) or MOXy), Actuator's
// endpoints by its own ObjectMapper (Boot 2.3+). WebFlux writes
// through its codecs, Jackson's whatever `preferred-json-mapper` says (Boot has no such property
// for codecs), unless the code registers Spring's `GsonEncoder` (Spring Framework 7); an
// application is WebFlux's when its build has `spring-boot-starter-webflux` and not `-web`.

import { readFileSync } from 'node:fs';
import { blankComments } from './config-text';
import { moduleDependencies } from './module-dependencies';
import { moduleBuildFiles } from './modules';
import type { ModuleInfo } from './modules';
import { GSON_CONFIG } from './project-index';
import type { ProjectIndex } from './project-index';
import { findAnnotation } from './source-model';
import type { SourceFile } from './source-model';
import type { GsonSettings } from './types/gson';
import { inTestSources } from './source-files';

const PREFERRED = ['spring.http.converters.preferred-json-mapper', 'spring.mvc.converters.preferred-json-mapper'];

/** What one module's Spring configuration code says about Gson. */
export interface CodeGson {
  /** Where the code registers the converter (registrationAt), first; undefined: it does not. */
  converter: RegistrationAt | undefined;
  /** A `GsonEncoder` registered with WebFlux's codecs. */
  encoder: boolean;
  settings: GsonSettings;
}

/** Which stack writes an endpoint's JSON. */
type Stack = 'servlet' | 'reactive' | 'own';

/**
 * JAX-RS resources are written by their runtime's provider, Actuator's by its own ObjectMapper
 * (Boot 2.3+); a router or handler built on WebFlux's server API is WebFlux's;
 * anything else is its application's own stack.
 */
export function stackOf(framework: string | undefined, file: SourceFile): Stack | undefined {
  if (framework === 'jax-rs' || framework === 'actuator') return 'own';
  if (framework === undefined && (file.imports.some((i) => /^(?:javax|jakarta)\.ws\.rs(?:\.|$)/.test(i.name)) || file.types.some((t) => findAnnotation(t.annotations, 'Path')))) return 'own';
  // WebFlux's server side only: an MVC controller calling a WebClient stays MVC's.
  if (file.imports.some((i) => /^org\.springframework\.(?:web\.reactive\.function\.server|web\.server|http\.server\.reactive)(?:\.|$)/.test(i.name))) return 'reactive';
  return undefined;
}

/** An application: its properties (relaxed keys) and the modules it is built of. */
export type App = { props: Map<string, string>; context: Set<string> };

/**
 * The applications of the project: each module with application properties, with the modules it
 * builds against; with no application config anywhere, the project is one application.
 */
export function applications(modules: readonly ModuleInfo[], props: (dir: string) => ReadonlyMap<string, string> | undefined, read: (path: string) => string | undefined): App[] {
  const withProps = modules.filter((m) => (props(m.dir)?.size ?? 0) > 0);
  return withProps.length ? withProps.map((m) => ({ props: relaxed(props(m.dir)!), context: new Set([m.name, ...moduleDependencies(m.name, modules, read)]) })) : [{ props: new Map<string, string>(), context: new Set(modules.map((m) => m.name)) }];
}

/**
 * A Jackson setting decided per application, answered by a file's module: `decide` is given the
 * applications serving the module and the code's registrations (`codeOf`), memoised by module
 * while those stay the same table (the index derives a new one after a change).
 */
export function settingByModule<C, V>(
  apps: readonly App[],
  codeOf: () => C,
  decide: (serving: readonly App[], code: C) => V,
): (file: { module: string }) => V {
  let memo: { code: C; byModule: Map<string, V> } | undefined;
  return (file) => {
    const code = codeOf();
    if (memo?.code !== code) memo = { code, byModule: new Map() };
    if (!memo.byModule.has(file.module)) memo.byModule.set(file.module, decide(apps.filter((app) => app.context.has(file.module)), code));
    return memo.byModule.get(file.module)!;
  };
}

/** The application's `preferred-json-mapper`, lower-cased; undefined when it sets none. */
export function preferredMapper(app: App): string | undefined {
  return PREFERRED.map((k) => app.props.get(relaxedKey(k))?.trim().toLowerCase()).find((v) => v !== undefined);
}

/** Builds of a WebFlux application (`spring-boot-starter-webflux` without `-web`). */
export function webFluxApplication(builds: readonly string[]): boolean {
  return builds.some(hasWebFluxStarter) && !builds.some(hasWebStarter);
}

const hasWebFluxStarter = (build: string) => /spring-boot-starter-webflux/.test(build);
const hasWebStarter = (build: string) => /spring-boot-starter-web(?![\w-])/.test(build);

/**
 * What a module's own build says of its Spring application's JSON mapper (Gson with Jackson
 * excluded, WebFlux's starter, the web starter), as a build fact (build-facts.ts): an edit that
 * changes it re-scans every endpoint.
 */
export function springJsonBuild(m: ModuleInfo, read: (path: string) => string | undefined): string {
  const build = buildText(m, read);
  return [withoutJackson(build) ? 'gson' : '', hasWebFluxStarter(build) ? 'webflux' : '', hasWebStarter(build) ? 'web' : ''].join(',');
}
/** Boot's `spring.gson.*`, then what the code's GsonBuilder calls set. */
export function gsonSettings(props: ReadonlyMap<string, string>, code: readonly CodeGson[]): GsonSettings {
  const value = (key: string) => props.get(relaxedKey(`spring.gson.${key}`))?.trim();
  const out: GsonSettings = {};
  const naming = value('field-naming-policy');
  if (naming) out.naming = naming.toUpperCase().replace(/-/g, '_');
  if (value('exclude-fields-without-expose-annotation')?.toLowerCase() === 'true') out.exposeOnly = true;
  if (value('long-serialization-policy')?.toLowerCase() === 'string') out.longAsString = true;
  const date = value('date-format');
  if (date) out.dateFormat = date;
  for (const c of code) Object.assign(out, c.settings);
  return out;
}

/** A module's build file(s), '' when it has none. */
export function buildText(m: ModuleInfo | undefined, read: (path: string) => string | undefined): string {
  if (!m) return '';
  return moduleBuildFiles(m).map((f) => read(f) ?? '').join('\n');
}

/** A build with Gson that takes Jackson out of Spring Boot's web starter (`spring-boot-starter-json` excluded). */
export function withoutJackson(text: string): boolean {
  if (!/com\.google\.code\.gson/.test(text)) return false;
  return starterWithoutJackson(text) || gradleWithoutJackson(text);
}

/**
 * A Spring Boot starter dependency of the pom with Jackson excluded from it. Jackson excluded from
 * any other dependency (a Hive or Hadoop client dragging its own) leaves Boot's Jackson in place.
 */
function starterWithoutJackson(pom: string): boolean {
  for (const [dep] of pom.matchAll(/<dependency>[\s\S]*?<\/dependency>/g)) {
    if (!/<artifactId>\s*spring-boot-starter(?:-web|-json)?\s*<\/artifactId>/.test(dep)) continue;
    const exclusions = /<exclusions>([\s\S]*?)<\/exclusions>/.exec(dep)?.[1];
    if (exclusions && /spring-boot-starter-json|jackson-databind/.test(exclusions)) return true;
  }
  return false;
}

/** Boot's JSON starter excluded, or Jackson excluded from every configuration (`configurations.all { exclude ... }`). */
function gradleWithoutJackson(build: string): boolean {
  if (/\bexclude\b[^\n]*spring-boot-starter-json/.test(build)) return true;
  return /\bconfigurations\b[\s\S]{0,80}?\ball\b[\s\S]{0,80}?\bexclude\b[^\n]*jackson-databind/.test(build);
}

/** Each module's Spring configuration code that registers the Gson converter or configures a GsonBuilder. */
export function codeGson(index: ProjectIndex): Map<string, CodeGson> {
  return index.derived('gson-config', () => {
    const out = new Map<string, CodeGson>();
    for (const { module, path, code } of configurationCode(index, GSON_CONFIG)) {
      // Spring's own configuration only: a Gson for Redis or a utility class is not Spring MVC's.
      // A converter of the project's own (`@Component class ApiConverter extends GsonHttpMessageConverter`) is a bean too.
      const ownConverter = /@Component\b/.test(code) && /\bextends\s+GsonHttpMessageConverter\b/.test(code);
      if ((!ownConverter && !/@(?:Bean|Configuration)\b|WebMvcConfigurer|WebMvcConfigurationSupport|WebFluxConfigurer/.test(code)) || /Redis/.test(code)) continue;
      const found: CodeGson = out.get(module) ?? { converter: undefined, encoder: false, settings: {} };
      if (!found.converter && (ownConverter || registersConverter(code, 'GsonHttpMessageConverter'))) found.converter = registrationAt(path, code, 'GsonHttpMessageConverter');
      // WebFlux's codecs (`configureHttpMessageCodecs`, a CodecCustomizer bean) given Spring's GsonEncoder.
      found.encoder ||= /\bnew\s+GsonEncoder\b/.test(code);
      Object.assign(found.settings, builderSettings(code));
      out.set(module, found);
    }
    return out;
  });
}

/**
 * The main-source files that create `marker` (a JSON converter's configuration), in path order:
 * each one's module and its code without comments (`clean`), and without imports as well (`code`).
 */
export function configurationCode(index: ProjectIndex, marker: string): Array<{ module: string; path: string; clean: string; code: string }> {
  const out: Array<{ module: string; path: string; clean: string; code: string }> = [];
  const entries = [...index.files.values()].filter((e) => e.creates?.includes(marker) && !inTestSources(e.path)).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  for (const entry of entries) {
    let text: string;
    try {
      text = readFileSync(entry.abs, 'utf8');
    } catch {
      continue;
    }
    const clean = blankComments(text);
    out.push({ module: entry.module, path: entry.path, clean, code: clean.replace(/^\s*import\s.*$/gm, '') });
  }
  return out;
}

/**
 * Where a converter is registered: its file and the offset of its name's first use there. Of two
 * converters registered in one application, the one written first is put first (the order of
 * `configureMessageConverters`' `add` calls, of `@Bean` methods in a configuration class, of
 * configuration classes by path: an approximation of Spring's bean order).
 */
export interface RegistrationAt {
  path: string;
  offset: number;
}

export function registrationAt(path: string, code: string, name: string): RegistrationAt {
  const offset = (new RegExp(`\\bnew\\s+${name}\\b`).exec(code) ?? new RegExp(`\\b${name}\\b`).exec(code))?.index ?? 0;
  return { path, offset };
}

/** Whether `a` is registered before `b`. */
export function registeredBefore(a: RegistrationAt, b: RegistrationAt): boolean {
  return a.path !== b.path ? a.path < b.path : a.offset < b.offset;
}

/** The code puts the converter `name` (GsonHttpMessageConverter, fastjson's) where Spring MVC picks it before Jackson's. */
export function registersConverter(code: string, name: string): boolean {
  if (!new RegExp(`\\b${name}\\b`).test(code)) return false;
  // The defaults replaced, or a converter bean (Boot adds those before its defaults): `@Bean`
  // up to the method's body names a converter, `GsonHttpMessageConverter`, `HttpMessageConverter<?>`
  // or Boot's `HttpMessageConverters`. A bean of anything else says nothing of the converter.
  if (/\bconfigureMessageConverters\b/.test(code) || beanHeads(code).some((h) => new RegExp(`\\b(?:${name}|HttpMessageConverters?)\\b`).test(h))) return true;
  // Appended to the defaults, Jackson's converter still comes first.
  if (/\bextendMessageConverters\b/.test(code)) return /\.add\s*\(\s*0\s*,|\bremove(?:If)?\s*\([^;]*Jackson/.test(code);
  return true;
}

/**
 * Each `@Bean` method's head: from the annotation to its body's `{` or `;`, or to the end of the
 * line of a Kotlin expression body (`@Bean fun gson(): Gson = GsonBuilder().create()`), which
 * has neither before the next method.
 */
function beanHeads(code: string): string[] {
  return [...code.matchAll(/@Bean\b[^{;]*/g)].map(([head]) => {
    const expression = /\)\s*(?::[^=]*)?=/.exec(head);
    const end = expression ? head.indexOf('\n', expression.index) : -1;
    return end < 0 ? head : head.slice(0, end);
  });
}

/** What GsonBuilder calls in the code set. */
function builderSettings(code: string): GsonSettings {
  const out: GsonSettings = {};
  if (!/\bGsonBuilder\b/.test(code)) return out;
  const naming = /\.\s*setFieldNamingPolicy\s*\(\s*(?:[\w.]*\.)?([A-Z_]+)\s*\)/.exec(code)?.[1];
  if (naming) out.naming = naming;
  if (/\.\s*excludeFieldsWithoutExposeAnnotation\s*\(\s*\)/.test(code)) out.exposeOnly = true;
  if (/\.\s*setLongSerializationPolicy\s*\(\s*(?:[\w.]*\.)?STRING\s*\)/.test(code)) out.longAsString = true;
  const date = /\.\s*setDateFormat\s*\(\s*"([^"]+)"\s*\)/.exec(code)?.[1];
  if (date) out.dateFormat = date;
  return out;
}

function relaxed(props: ReadonlyMap<string, string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of props) if (!out.has(relaxedKey(k))) out.set(relaxedKey(k), v);
  return out;
}

/** Spring Boot's relaxed binding: `preferred-json-mapper` and `preferredJsonMapper` are one key. */
export function relaxedKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

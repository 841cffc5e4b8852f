// What the build and code say of JSON-B and fastjson (json-mapper-choice.ts decides from these, with
// Gson's facts from json-mapper.ts, which mapper each application writes with); their bodies are then
// modelled with that mapper's rules (types/bean-mapper-annotations.ts).
// JSON-B: a JAX-RS resource is written by its runtime's provider, JSON-B's when the build brings a
// JSON-B provider and no Jackson provider (Quarkus `quarkus-rest-jsonb`, `quarkus-resteasy-jsonb`,
// `quarkus-resteasy-reactive-jsonb`; Jersey `jersey-media-json-binding`; RESTEasy
// `resteasy-json-binding-provider`; Yasson or Johnzon's JSON-B; an Open Liberty server.xml enabling
// `jsonb-*` or a platform feature that includes it). The deployable decides: a module is JSON-B's
// when every module packaging it (itself or a module depending on it) whose build names a provider
// names JSON-B's only; where each of those deployables names JSON-B 2.0 (jaxrs-json-provider.ts), a
// `@JsonbCreator` requires every parameter. Spring MVC writes with JSON-B where Boot prefers it
// (`preferred-json-mapper=jsonb`).
// fastjson: Spring MVC only, where the code registers fastjson's FastJsonHttpMessageConverter
// (fastjson 1's `com.alibaba.fastjson.support.spring`, or fastjson2's) as json-mapper.ts reads
// Gson's converter: a `@Bean`, `configureMessageConverters`, or put first in `extendMessageConverters`.
// The configuration read from code: JSON-B's JsonbConfig (naming and visibility strategies) where the
// runtime takes it, fastjson's FastJsonConfig (date pattern, reference detection) given to its converter.

import { configurationCode, registersConverter, registrationAt } from './json-mapper';
import type { RegistrationAt } from './json-mapper';
import { jaxRsJsonProvider, jsonbVersion } from './jaxrs-json-provider';
import { moduleDependencies } from './module-dependencies';
import type { ModuleInfo } from './modules';
import { FASTJSON_CONFIG, JSONB_CONFIG } from './project-index';
import type { ProjectIndex } from './project-index';
import type { MapperChoice } from './types/bean-mapper-annotations';

export const JSONB: MapperChoice = { kind: 'jsonb' };
const JSONB_2: MapperChoice = { kind: 'jsonb', creatorParamsRequired: true };

/** Modules whose JAX-RS resources are written by a JSON-B provider, with what its version says of creators. */
export function jaxRsJsonb(modules: readonly ModuleInfo[], read: (path: string) => string | undefined, settings: ReadonlyMap<string, JsonbSettings> = new Map()): Map<string, MapperChoice> {
  const out = new Map<string, MapperChoice>();
  const own = new Map(modules.map((m) => [m.name, jaxRsJsonProvider(m, read)]));
  // Nothing anywhere names JSON-B: no module can be its.
  if (![...own.values()].includes('jsonb')) return out;
  const versions = new Map(modules.map((m) => [m.name, jsonbVersion(m, read)]));
  const contexts = new Map(modules.map((m) => [m.name, new Set([m.name, ...moduleDependencies(m.name, modules, read)])]));
  // The provider a module packaged with its dependencies runs with: Jackson's wins where both are there.
  const packaged = new Map([...contexts].map(([name, context]) => {
    const found = [...context].map((n) => own.get(n));
    return [name, found.includes('jackson') ? 'jackson' : found.includes('jsonb') ? 'jsonb' : undefined] as const;
  }));
  // The JSON-B version a deployable runs, where its modules name one alone.
  const packagedVersion = (context: ReadonlySet<string>) => {
    const named = new Set([...context].map((n) => versions.get(n)).filter((v) => v !== undefined));
    return named.size === 1 ? [...named][0] : undefined;
  };
  for (const m of modules) {
    const serving = [...contexts].filter(([, context]) => context.has(m.name));
    const verdicts = serving.map(([name]) => packaged.get(name)).filter((v) => v !== undefined);
    if (!verdicts.length || !verdicts.every((v) => v === 'jsonb')) continue;
    // JSON-B 2.0 requires every creator parameter (3.0 made them optional): said where every deployable serving it runs 2.0.
    const jsonb = serving.filter(([name]) => packaged.get(name) === 'jsonb');
    const base = jsonb.every(([, context]) => packagedVersion(context) === 2) ? JSONB_2 : JSONB;
    // The JsonbConfig of the deployables' code: said where they all configure it alike.
    const configured = jsonb.map(([name, context]) => withJsonbSettings(base, settings, [name, ...context]));
    out.set(m.name, configured.every((c) => c.naming === configured[0]!.naming && c.ownVisibility === configured[0]!.ownVisibility) ? configured[0]! : base);
  }
  return out;
}

/** Each module's Spring configuration code that registers fastjson's converter: which fastjson, configured how. */
/** fastjson's converter as a module's code registers it. */
export interface FastjsonRegistration {
  choice: MapperChoice;
  at: RegistrationAt;
}

export function codeFastjson(index: ProjectIndex): Map<string, FastjsonRegistration> {
  return index.derived('fastjson-config', () => {
    const out = new Map<string, FastjsonRegistration>();
    for (const { module, path, clean, code } of configurationCode(index, FASTJSON_CONFIG)) {
      const converter = 'FastJsonHttpMessageConverter\\d*';
      const ownConverter = /@Component\b/.test(code) && new RegExp(`\\bextends\\s+${converter}\\b`).test(code);
      if (!ownConverter && !/@(?:Bean|Configuration)\b|WebMvcConfigurer|WebMvcConfigurationSupport/.test(code)) continue;
      if (!ownConverter && !registersConverter(code, converter)) continue;
      // fastjson2 keeps fastjson 1's class names in packages of its own.
      if (out.has(module)) continue;
      const choice: MapperChoice = { kind: /\bcom\.alibaba\.fastjson2\b/.test(clean) ? 'fastjson2' : 'fastjson' };
      // The FastJsonConfig given to the converter: its date pattern, where written as a literal.
      const dateFormat = /\.\s*setDateFormat\s*\(\s*"([^"]+)"\s*\)/.exec(code)?.[1];
      if (dateFormat) choice.dateFormat = dateFormat;
      // Reference detection: fastjson 1 writes an object met again inside itself as `{"$ref": ".."}`
      // unless told `SerializerFeature.DisableCircularReferenceDetect`; fastjson2 only with `JSONWriter.Feature.ReferenceDetection`.
      if (choice.kind === 'fastjson' ? !/\bDisableCircularReferenceDetect\b/.test(code) : /\bReferenceDetection\b/.test(code)) choice.referenceDetection = true;
      out.set(module, { choice, at: registrationAt(path, code, converter) });
    }
    return out;
  });
}

/** What a module's code configures JSON-B with: its JsonbConfig's naming and visibility strategies. */
export type JsonbSettings = Pick<MapperChoice, 'naming' | 'ownVisibility'>;

/**
 * Each module's JsonbConfig set in code where the runtime takes it: a JAX-RS `ContextResolver<Jsonb>`
 * (`@Provider`), a CDI producer or Spring bean of `Jsonb` or `JsonbConfig`, Quarkus's
 * `JsonbConfigCustomizer`. The first such file (by path) of a module counts.
 */
export function codeJsonb(index: ProjectIndex): Map<string, JsonbSettings> {
  return index.derived('jsonb-config', () => {
    const out = new Map<string, JsonbSettings>();
    for (const { module, code } of configurationCode(index, JSONB_CONFIG)) {
      if (out.has(module)) continue;
      if (!/\bContextResolver\s*<\s*Jsonb\s*>|@(?:Produces|Bean)\b|\bJsonbConfigCustomizer\b/.test(code)) continue;
      const settings: JsonbSettings = {};
      // A PropertyNamingStrategy constant, or its value written as a string.
      const naming = /\.\s*withPropertyNamingStrategy\s*\(\s*(?:(?:[\w.]*\.)?([A-Z_]+)|"([A-Z_]+)")\s*\)/.exec(code);
      if (naming && (naming[1] ?? naming[2]) !== 'IDENTITY') settings.naming = naming[1] ?? naming[2];
      if (/\.\s*withPropertyVisibilityStrategy\s*\(/.test(code)) settings.ownVisibility = true;
      out.set(module, settings);
    }
    return out;
  });
}

/** `choice` with the JSON-B settings the code of a deployable's modules gives; the first module (in `context` order) configuring it counts. */
export function withJsonbSettings(choice: MapperChoice, settings: ReadonlyMap<string, JsonbSettings>, context: Iterable<string>): MapperChoice {
  for (const name of context) {
    const found = settings.get(name);
    if (found) return { ...choice, ...found };
  }
  return choice;
}

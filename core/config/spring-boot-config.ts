// The few Spring Boot properties that change where endpoints live: `server.servlet.context-path`
// (WebFlux's `spring.webflux.base-path` and Quarkus' `quarkus.http.root-path` too), `spring.mvc.servlet.path` and the actuator's
// `management.endpoints.web.base-path` and `.path-mapping.<id>`, read from a module's
// application.properties / .yml / .yaml.
// Profile-specific files and documents apply only when a profile is active: the profiles the file
// itself activates (`spring.profiles.active: dev`, or Maven's `@profile.name@` filtered from the
// pom profile active by default) add their application-<profile> files; any other is ignored.
// A Quarkus module's dev profile applies (`%dev.` keys and application-dev files), as `quarkus dev` runs it.
// Files a `@PropertySource` adds (scan/property-sources.ts) lie below all of these.

import { readTracked } from '../scan/scan-inputs';
import { join } from 'node:path';
import { yamlLib } from './yaml-lib';
import { resolvePlaceholders } from './spring-placeholders';
import type { Diagnostic } from '../model/endpoint';

export interface ServletPaths {
  contextPath?: string;
  servletPath?: string;
  /** `management.endpoints.web.base-path`: `''` when set to `/` (endpoints at the root). */
  actuatorBasePath?: string;
  /** Endpoint id -> the path segment it is served under instead. */
  actuatorPathMapping?: Record<string, string>;
  /** Where the application's properties mount its JAX-RS servlet (`cxf.path`, `spring.jersey.application-path`, Quarkus' REST path), as written. */
  jaxRsPath?: string;
}

/**
 * The properties mounting a JAX-RS servlet, first winning: Jersey's and CXF's Spring Boot starters,
 * Quarkus' REST root (`quarkus.rest.path`, its names before Quarkus 3.9, classic RESTEasy's).
 */
const JAX_RS_PATH_KEYS = ['spring.jersey.application-path', 'cxf.path', 'quarkus.rest.path', 'quarkus.resteasy-reactive.path', 'quarkus.resteasy.path'];

const RESOURCES = 'src/main/resources';
const FILES = ['application.properties', 'application.yml', 'application.yaml'];
/**
 * MicroProfile Config's own file (ordinal 100, below application.properties' 250 in Quarkus):
 * Helidon MP and other MicroProfile servers keep `server.port` and the like there alone.
 */
const MICROPROFILE_CONFIG = 'META-INF/microprofile-config.properties';
const KEYS: Record<string, 'contextPath' | 'servletPath' | 'actuatorBasePath'> = {
  // WebFlux's base path prefixes every handler, annotated or functional, as the context path does
  // for a servlet application (listed first: a servlet context path set beside it wins).
  'spring.webflux.base-path': 'contextPath',
  'spring.webflux.basePath': 'contextPath',
  'server.servlet.context-path': 'contextPath',
  'server.servlet.contextPath': 'contextPath',
  'server.context-path': 'contextPath', // Spring Boot 1.x
  'quarkus.http.root-path': 'contextPath', // Quarkus: under it every HTTP route, REST resources included
  'spring.mvc.servlet.path': 'servletPath',
  'management.endpoints.web.base-path': 'actuatorBasePath',
  'management.endpoints.web.basePath': 'actuatorBasePath',
};
const PATH_MAPPING = /^management\.endpoints\.web\.path-?[mM]apping\.(.+)$/;

/**
 * Reads a module's servlet and actuator paths; unreadable or broken files become diagnostics.
 * `props`: the module's properties when the caller has read them already.
 */
export function readServletPaths(root: string, moduleDir: string, diagnostics: Diagnostic[], props = readApplicationProperties(root, moduleDir, diagnostics)): ServletPaths {
  const out: ServletPaths = {};
  for (const [key, field] of Object.entries(KEYS)) {
    const value = resolvePlaceholders(props.get(key), props);
    if (value === undefined || value.includes('${')) continue;
    // An empty or `/` actuator base path serves the endpoints at the root.
    if (field === 'actuatorBasePath') out[field] = normaliseBase(value).replace(/^\/$/, '');
    else if (value.trim() !== '') out[field] = normaliseBase(value);
  }
  const jaxRs = JAX_RS_PATH_KEYS.find((k) => props.has(k));
  const jaxRsPath = jaxRs !== undefined ? resolvePlaceholders(props.get(jaxRs), props) : undefined;
  if (jaxRsPath !== undefined && !jaxRsPath.includes('${')) out.jaxRsPath = jaxRsPath;
  for (const [key, raw] of props) {
    const id = PATH_MAPPING.exec(key)?.[1];
    const value = id ? resolvePlaceholders(raw, props) : undefined;
    if (!id || value === undefined || value.trim() === '' || value.includes('${')) continue;
    (out.actuatorPathMapping ??= {})[id] = value.trim().replace(/^\/+|\/+$/g, '');
  }
  return out;
}

/**
 * A module's application.properties / .yml / .yaml as flat dotted keys, over its
 * META-INF/microprofile-config.properties. When both kinds exist, .properties wins, as in Spring Boot. Unreadable or broken files become diagnostics.
 * `propertySources`: root-relative files the module's `@PropertySource`s add, lowest first; every
 * application file's value wins over theirs.
 */
export function readApplicationProperties(root: string, moduleDir: string, diagnostics: Diagnostic[], propertySources: readonly string[] = [], configNames?: readonly string[]): Map<string, string> {
  const added = readPropertySources(root, propertySources, diagnostics);
  const files = configFiles(configNames);
  const out = readFiles(root, moduleDir, [...files, MICROPROFILE_CONFIG], diagnostics);
  const quarkus = isQuarkus(out);
  const profiles = activeProfiles(out.get('spring.profiles.active'), root, moduleDir);
  if (quarkus) profiles.push(QUARKUS_DEV);
  for (const profile of profiles) {
    const named = files.map((f) => f.replace(/\.(properties|ya?ml)$/, `-${profile}.$1`));
    for (const [k, v] of readFiles(root, moduleDir, named, diagnostics)) out.set(k, v);
  }
  if (quarkus) applyQuarkusProfile(out, QUARKUS_DEV);
  if (added.size === 0) return out;
  for (const [k, v] of out) added.set(k, v);
  return added;
}

/**
 * The file names `spring.config.name` stands for (default `application`), the winning first: of
 * several names, the last one's values win, as Spring Boot loads them in order.
 */
export function configFiles(configNames?: readonly string[]): string[] {
  if (!configNames?.length) return FILES;
  return [...configNames].reverse().flatMap((name) => FILES.map((f) => f.replace(/^application\./, `${name}.`)));
}

/**
 * The Quarkus profile whose values apply: `quarkus dev`, where a developer runs the application
 * they explore and call, runs the dev profile.
 */
const QUARKUS_DEV = 'dev';
/** `%dev.key` and `%dev,test.key` (Quarkus 3): a value for the listed profiles only. */
const QUARKUS_PROFILE_KEY = /^%([\w,-]+)\.(.+)$/;

function isQuarkus(props: ReadonlyMap<string, string>): boolean {
  for (const k of props.keys()) if (k.startsWith('quarkus.') || k.startsWith('%')) return true;
  return false;
}

/** The profile's `%profile.key` values stand for `key` (the plain `%…` keys stay for who asks for them). */
function applyQuarkusProfile(props: Map<string, string>, profile: string): void {
  for (const [k, v] of [...props]) {
    const m = QUARKUS_PROFILE_KEY.exec(k);
    if (m && m[1]!.split(',').includes(profile)) props.set(m[2]!, v);
  }
}

/** The module's files of these names, the first name winning (listed first, read last). */
function readFiles(root: string, moduleDir: string, files: readonly string[], diagnostics: Diagnostic[]): Map<string, string> {
  return readPropertySources(root, [...files].reverse().map((name) => [moduleDir, RESOURCES, name].filter(Boolean).join('/')), diagnostics);
}

/**
 * Root-relative property files as one map, a later file's value winning. A YAML file that a
 * `@PropertySource` names is read as the application's own factory (YamlPropertySourceFactory) would.
 */
export function readPropertyFiles(root: string, files: readonly string[], diagnostics: Diagnostic[]): Map<string, string> {
  return readPropertySources(root, files, diagnostics);
}

function readPropertySources(root: string, files: readonly string[], diagnostics: Diagnostic[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const rel of files) {
    let text: string;
    try {
      text = readTracked(join(root, rel));
    } catch {
      continue;
    }
    try {
      for (const [k, v] of /\.ya?ml$/.test(rel) ? flattenYaml(text) : parseProperties(text)) out.set(k, v);
    } catch (e) {
      diagnostics.push({ file: rel, message: `cannot read ${rel.slice(rel.lastIndexOf('/') + 1)}: ${(e as Error).message.split('\n')[0]}` });
    }
  }
  return out;
}

/**
 * The profiles `spring.profiles.active` names: a list, `${ENV:default}`'s default, or a Maven
 * filter token resolved from the `<profile>` active by default in the module's pom or a parent's.
 */
function activeProfiles(value: string | undefined, root: string, moduleDir: string): string[] {
  if (value === undefined) return [];
  let text = value.trim();
  const token = /^@([\w.-]+)@$/.exec(text);
  if (token) text = mavenDefaultProperty(token[1]!, root, moduleDir) ?? '';
  const placeholder = /^\$\{[^:}]+:([^}]*)\}$/.exec(text);
  if (placeholder) text = placeholder[1]!;
  return text.split(',').map((p) => p.trim()).filter((p) => /^[\w.-]+$/.test(p));
}

function mavenDefaultProperty(key: string, root: string, moduleDir: string): string | undefined {
  const dirs = moduleDir ? moduleDir.split('/') : [];
  for (let n = dirs.length; n >= 0; n--) {
    let pom: string;
    try {
      pom = readTracked(join(root, ...dirs.slice(0, n), 'pom.xml'));
    } catch {
      continue;
    }
    for (const m of pom.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<profile>([\s\S]*?)<\/profile>/g)) {
      if (!/<activeByDefault>\s*true\s*<\/activeByDefault>/.test(m[1]!)) continue;
      const value = new RegExp(`<${key.replace(/\./g, '\\.')}>([^<]*)</`).exec(m[1]!)?.[1]?.trim();
      if (value) return value;
    }
  }
  return undefined;
}

function normaliseBase(value: string): string {
  const v = `/${value.trim()}`.replace(/\/{2,}/g, '/').replace(/\/\*?$/, '');
  return v === '' ? '/' : v;
}

/** Java .properties: `key=value`, `key: value`, `key value`, comments, line continuations, escapes. */
export function parseProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!.replace(/^\s+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    while (/(^|[^\\])(\\\\)*\\$/.test(line) && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i]!.replace(/^\s+/, '');
    const m = /^((?:\\.|[^=:\s\\])+)\s*[=:\s]\s*(.*)$/.exec(line);
    const key = unescape(m ? m[1]! : line);
    out.set(key, m ? unescape(m[2]!) : '');
  }
  return out;
}

function unescape(s: string): string {
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) =>
    e[0] === 'u' && e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : ({ t: '\t', n: '\n', r: '\r', f: '\f' } as Record<string, string>)[e] ?? e,
  );
}

/** YAML documents without a profile condition, flattened to dotted keys; later documents win. */
export function flattenYaml(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const doc of yamlLib().parseAllDocuments(unescapeTemplateDollars(quoteFilterTokens(text)))) {
    if (doc.errors.length) throw new Error(doc.errors[0]!.message);
    const data = doc.toJS() as unknown;
    if (!data || typeof data !== 'object') continue;
    const flat = new Map<string, string>();
    flatten(data as Record<string, unknown>, '', flat);
    if (flat.has('spring.config.activate.on-profile') || flat.has('spring.profiles')) continue;
    for (const [k, v] of flat) out.set(k, v);
  }
  return out;
}

/**
 * Maven resource filtering's `@project.version@` (spring-boot-starter-parent's delimiter) is
 * replaced at build time; in the source it is a plain scalar starting with `@`, which YAML
 * reserves. Quoted, the rest of the file reads as Spring will see it.
 */
function quoteFilterTokens(text: string): string {
  if (!text.includes('@')) return text;
  return text.replace(/(:[ \t]+|^[ \t]*-[ \t]+)(@[^\s'"#]*@[^\s'"#]*)(?=[ \t]*(?:#.*)?$)/gm, "$1'$2'");
}

/**
 * Gradle's `processResources { expand(...) }` reads the file as a Groovy template, where `\$`
 * writes a literal `$`: `"optional:file:\${app.home}/x.yml"` is `${app.home}` once built. In a
 * double-quoted YAML scalar `\$` is no escape at all, so the source file does not parse; the
 * built one does, and that is what Spring reads.
 */
function unescapeTemplateDollars(text: string): string {
  if (!text.includes('\\$')) return text;
  return text.replace(/"(?:[^"\\\n]|\\.)*"/g, (quoted) => quoted.replace(/\\(.)/g, (escape, c: string) => (c === '$' ? '$' : escape)));
}

function flatten(obj: Record<string, unknown> | unknown[], prefix: string, out: Map<string, string>): void {
  // Lists flatten the way Spring binds them: `servers[0].url`.
  const entries = Array.isArray(obj) ? obj.map((v, i) => [`[${i}]`, v] as const) : Object.entries(obj).map(([k, v]) => [`.${k}`, v] as const);
  for (const [suffix, v] of entries) {
    const key = prefix ? `${prefix}${suffix}` : suffix.replace(/^\./, '');
    if (v && typeof v === 'object') flatten(v as Record<string, unknown>, key, out);
    else out.set(key, v === null || v === undefined ? '' : String(v));
  }
}

// HTTP frameworks apiscout does not read (Micronaut, Ktor, Javalin, Vert.x Web, ...): a module
// building its routes with one shows few or no endpoints, and without a word the user cannot tell
// a framework we skip from a scan that failed. A module whose build file declares such a
// framework's server artifact (or applies its Gradle plugin) is named, on the line that declares
// it; a framework whose one artifact is client and server alike (Armeria, Akka HTTP) only when the
// module's code imports its server API. Maven `<dependencyManagement>` only pins versions: not a
// use. One note per framework: a monorepo of thirty samples gets one line naming a few of them.

import type { Diagnostic } from '../model/endpoint';
import { moduleBuildFiles } from './modules';
import type { ModuleInfo } from './modules';

interface Framework {
  name: string;
  /** What it declares endpoints with, as the message says it. */
  routes: string;
  group: string;
  /** Artifact ids (whole) that make a module a server of this framework. */
  artifact: RegExp;
  /** Gradle plugin ids that bring the server in without a dependency line. */
  plugins?: string[];
  /** Artifacts that, beside it, mean the endpoints are read after all (Helidon MP is JAX-RS). */
  readVia?: RegExp;
  /** The artifact is its client too: a server only when the module's code names one of these packages. */
  serverPackages?: string[];
}

const FRAMEWORKS: Framework[] = [
  { name: 'Micronaut', routes: '@Controller classes', group: 'io.micronaut', artifact: /^micronaut-http-server(-netty)?$/, plugins: ['io.micronaut.application'] },
  { name: 'Ktor', routes: 'routing { } blocks', group: 'io.ktor', artifact: /^ktor-server-(core|netty|cio|jetty|tomcat)(-jvm)?$/, plugins: ['io.ktor.plugin'] },
  { name: 'Javalin', routes: 'handlers', group: 'io.javalin', artifact: /^javalin(-bundle)?$/ },
  { name: 'Vert.x Web', routes: 'Router routes', group: 'io.vertx', artifact: /^vertx-web$/ },
  { name: 'Helidon SE', routes: 'HttpRules routes', group: 'io.helidon.webserver', artifact: /^helidon-webserver$/, readVia: /^helidon-microprofile/ },
  { name: 'Spark', routes: 'routes', group: 'com.sparkjava', artifact: /^spark-core$/ },
  { name: 'http4k', routes: 'routes', group: 'org.http4k', artifact: /^http4k-core$/ },
  { name: 'Jooby', routes: 'routes', group: 'io.jooby', artifact: /^jooby(-netty|-jetty|-undertow)?$/ },
  // Its Spring Boot server integration says so by itself; plain `armeria` is its client too (zipkin's Elasticsearch storage).
  { name: 'Armeria', routes: 'annotated HTTP services', group: 'com.linecorp.armeria', artifact: /^armeria-spring-boot\d?-(webflux-)?(autoconfigure|starter)$/ },
  { name: 'Armeria', routes: 'annotated HTTP services', group: 'com.linecorp.armeria', artifact: /^armeria(-kotlin)?$/, serverPackages: ['com.linecorp.armeria.server'] },
  { name: 'Akka HTTP', routes: 'routes', group: 'com.typesafe.akka', artifact: /^akka-http(_[\d.]+)?$/, serverPackages: ['akka.http.javadsl.server', 'akka.http.scaladsl.server'] },
  { name: 'Pekko HTTP', routes: 'routes', group: 'org.apache.pekko', artifact: /^pekko-http(_[\d.]+)?$/, serverPackages: ['org.apache.pekko.http.javadsl.server', 'org.apache.pekko.http.scaladsl.server'] },
  { name: 'Ratpack', routes: 'handlers', group: 'io.ratpack', artifact: /^ratpack-core$/ },
  { name: 'Quarkus reactive routes', routes: '@Route methods', group: 'io.quarkus', artifact: /^quarkus-reactive-routes$/ },
];

const READ = 'apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints';
/** Modules a note names before it counts the rest. */
const NAMED_MODULES = 3;

/** A dependency a build file declares, with the 1-based line declaring it. */
interface Declared {
  group: string;
  artifact: string;
  line: number;
}

/** A module's build declaring a framework's server, as the build files say it (the code not yet asked). */
export interface FrameworkUse {
  framework: string;
  routes: string;
  module: string;
  file: string;
  line: number;
  /** `io.micronaut:micronaut-http-server-netty`, or `the io.micronaut.application plugin`. */
  what: string;
  /** Only a server when the module's code names one of these packages. */
  serverPackages?: string[];
}

/** Whether a module's code names one of the packages (imports a server API). */
export type ServerCode = (module: string, packages: readonly string[]) => boolean;

/**
 * One note per framework the modules serve HTTP with. `read`: a build file's text by root-relative
 * path (undefined when absent); `catalog`: the Gradle version catalog's path; `serverCode`: asked
 * for a framework whose artifact is its client too (without it, such a framework is not named).
 */
export function unsupportedFrameworks(modules: readonly ModuleInfo[], read: (path: string) => string | undefined, catalog = 'gradle/libs.versions.toml', serverCode?: ServerCode): Diagnostic[] {
  return frameworkNotes(declaredFrameworks(modules, read, catalog), serverCode);
}

/** Each module's declarations of a framework's server, in module order. */
export function declaredFrameworks(modules: readonly ModuleInfo[], read: (path: string) => string | undefined, catalog = 'gradle/libs.versions.toml'): FrameworkUse[] {
  let aliases: Map<string, Omit<Declared, 'line'>> | undefined;
  const out: FrameworkUse[] = [];
  for (const m of modules) {
    for (const file of moduleBuildFiles(m)) {
      const written = read(file);
      if (written === undefined) continue;
      // A declaration commented out is not a use; blanking keeps the lines where they were.
      const text = file.endsWith('.xml') ? written.replace(/<!--[\s\S]*?(?:-->|$)/g, blank) : withoutCodeComments(written);
      let declared: Declared[];
      let plugins: Array<{ id: string; line: number }> = [];
      if (file.endsWith('.xml')) declared = mavenDependencies(text);
      else {
        aliases ??= catalogAliases(read(catalog));
        declared = gradleDependencies(text, aliases);
        plugins = gradlePlugins(text);
      }
      const named = new Set<string>();
      for (const fw of FRAMEWORKS) {
        if (named.has(fw.name) || (fw.readVia && declared.some((d) => fw.readVia!.test(d.artifact)))) continue;
        const hit = declared.find((d) => d.group === fw.group && fw.artifact.test(d.artifact));
        const plugin = hit ? undefined : plugins.find((p) => fw.plugins?.includes(p.id));
        if (!hit && !plugin) continue;
        named.add(fw.name);
        const what = hit ? `${hit.group}:${hit.artifact}` : `the ${plugin!.id} plugin`;
        out.push({ framework: fw.name, routes: fw.routes, module: m.name, file, line: hit?.line ?? plugin!.line, what, ...(fw.serverPackages ? { serverPackages: fw.serverPackages } : {}) });
      }
    }
  }
  return out;
}

/**
 * The notes of the uses: those whose artifact is a client too only where `serverCode` finds the
 * server API; one per framework, on the first module's declaration, naming the first few modules.
 */
export function frameworkNotes(uses: readonly FrameworkUse[], serverCode?: ServerCode): Diagnostic[] {
  const byFramework = new Map<string, FrameworkUse[]>();
  for (const use of uses) {
    if (use.serverPackages && !serverCode?.(use.module, use.serverPackages)) continue;
    const list = byFramework.get(use.framework) ?? [];
    // A module declaring it in two build files (pom.xml and build.gradle) is one module.
    if (!list.some((u) => u.module === use.module)) list.push(use);
    byFramework.set(use.framework, list);
  }
  const out: Diagnostic[] = [];
  for (const [name, list] of byFramework) {
    const first = list[0]!;
    if (list.length === 1) {
      out.push({ file: first.file, line: first.line, message: `module ${first.module} serves HTTP with ${name} (${first.what}): ${READ}, so its ${first.routes} are not listed` });
      continue;
    }
    const shown = list.slice(0, NAMED_MODULES).map((u) => u.module);
    const rest = list.length - shown.length;
    const modules = rest > 0 ? `${shown.join(', ')} and ${rest} more` : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
    const whats = [...new Set(list.map((u) => u.what))];
    const what = whats.length > 1 ? `${whats[0]}, ...` : whats[0];
    out.push({ file: first.file, line: first.line, message: `${list.length} modules serve HTTP with ${name} (${what}): ${modules}; ${READ}, so their ${first.routes} are not listed` });
  }
  return out;
}

/** The text with every character but line breaks made a space. */
const blank = (text: string): string => text.replace(/[^\n]/g, ' ');

/** A Gradle script with its line and block comments blanked; quoted strings stay whole (an include pattern's slash-star opens no comment). */
function withoutCodeComments(text: string): string {
  let out = '';
  let from = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote || c === '\n') quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) {
      const close = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2);
      const end = close < 0 ? text.length : text[i + 1] === '/' ? close : close + 2;
      out += text.slice(from, i) + blank(text.slice(i, end));
      from = end;
      i = end - 1;
    }
  }
  return out + text.slice(from);
}

/** The last text's line starts: the declarations of one build file are asked for one after another. */
let lastStarts: { text: string; starts: number[] } | undefined;

/** The 1-based line of an offset, by a binary search of the text's line starts (indexed once per text). */
const lineAt = (text: string, at: number): number => {
  let starts = lastStarts?.text === text ? lastStarts.starts : undefined;
  if (!starts) {
    starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    lastStarts = { text, starts };
  }
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
};

/** `<dependency>` elements outside `<dependencyManagement>` (which only pins versions). */
function mavenDependencies(text: string): Declared[] {
  const managed: Array<[number, number]> = [];
  for (const m of text.matchAll(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g)) managed.push([m.index!, m.index! + m[0].length]);
  const out: Declared[] = [];
  for (const m of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    if (managed.some(([from, to]) => m.index! >= from && m.index! < to)) continue;
    const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(m[1]!)?.[1];
    const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(m[1]!)?.[1];
    if (group && artifact) out.push({ group, artifact, line: lineAt(text, m.index! + m[0].indexOf('<artifactId>')) });
  }
  return out;
}

/**
 * Coordinates in string notation (`"io.ktor:ktor-server-netty:2.3.4"`), map notation
 * (`group: 'io.javalin', name: 'javalin'`) and version-catalog accessors (`libs.ktor.server.core`).
 */
function gradleDependencies(text: string, aliases: ReadonlyMap<string, Omit<Declared, 'line'>>): Declared[] {
  const out: Declared[] = [];
  for (const m of text.matchAll(/["']([\w.-]+):([\w.-]+)(?::[^"'\s]*)?["']/g)) out.push({ group: m[1]!, artifact: m[2]!, line: lineAt(text, m.index!) });
  for (const m of text.matchAll(/group\s*[:=]\s*["']([\w.-]+)["']\s*,\s*name\s*[:=]\s*["']([\w.-]+)["']/g)) out.push({ group: m[1]!, artifact: m[2]!, line: lineAt(text, m.index!) });
  if (aliases.size) {
    for (const m of text.matchAll(/\blibs\.([\w.]+)/g)) {
      const lib = aliases.get(m[1]!);
      if (lib) out.push({ ...lib, line: lineAt(text, m.index!) });
    }
  }
  return out;
}

/** `id("io.ktor.plugin")`, `id 'io.micronaut.application'`. */
function gradlePlugins(text: string): Array<{ id: string; line: number }> {
  return [...text.matchAll(/\bid\s*\(?\s*["']([\w.-]+)["']/g)].map((m) => ({ id: m[1]!, line: lineAt(text, m.index!) }));
}

/**
 * A version catalog's `[libraries]`, by the accessor Gradle makes of each alias (`ktor-server-core`
 * -> `ktor.server.core`): `alias = "g:a:v"`, `{ module = "g:a" }` or `{ group = "g", name = "a" }`.
 */
function catalogAliases(toml: string | undefined): Map<string, Omit<Declared, 'line'>> {
  const out = new Map<string, Omit<Declared, 'line'>>();
  if (!toml) return out;
  let inLibraries = false;
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const table = /^\[([^\]]+)\]$/.exec(line);
    if (table) {
      inLibraries = table[1]!.trim() === 'libraries';
      continue;
    }
    if (!inLibraries) continue;
    const entry = /^([\w.-]+)\s*=\s*(.+)$/.exec(line);
    if (!entry) continue;
    const value = entry[2]!;
    const coords = /^["']([\w.-]+):([\w.-]+)/.exec(value) ?? /module\s*=\s*["']([\w.-]+):([\w.-]+)["']/.exec(value);
    const group = coords?.[1] ?? /group\s*=\s*["']([\w.-]+)["']/.exec(value)?.[1];
    const artifact = coords?.[2] ?? /name\s*=\s*["']([\w.-]+)["']/.exec(value)?.[1];
    if (group && artifact) out.set(entry[1]!.replace(/[-_]/g, '.'), { group, artifact });
  }
  return out;
}

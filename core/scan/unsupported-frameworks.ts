// HTTP frameworks apiscout does not read (Micronaut, Ktor, Javalin, Vert.x Web, ...): a module
// building its routes with one shows few or no endpoints, and without a word the user cannot tell
// a framework we skip from a scan that failed. Each module whose build file declares such a
// framework's server artifact (or applies its Gradle plugin) gets one diagnostic naming it, on
// the line that declares it. Maven `<dependencyManagement>` only pins versions: not a use.

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
  // Plain `armeria` is its client too (zipkin's Elasticsearch storage): only its Spring Boot server integration says so.
  { name: 'Armeria', routes: 'annotated HTTP services', group: 'com.linecorp.armeria', artifact: /^armeria-spring-boot\d?-(webflux-)?(autoconfigure|starter)$/ },
  { name: 'Akka HTTP', routes: 'routes', group: 'com.typesafe.akka', artifact: /^akka-http(_[\d.]+)?$/ },
  { name: 'Pekko HTTP', routes: 'routes', group: 'org.apache.pekko', artifact: /^pekko-http(_[\d.]+)?$/ },
  { name: 'Ratpack', routes: 'handlers', group: 'io.ratpack', artifact: /^ratpack-core$/ },
  { name: 'Quarkus reactive routes', routes: '@Route methods', group: 'io.quarkus', artifact: /^quarkus-reactive-routes$/ },
];

const READ = 'apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints';

/** A dependency a build file declares, with the 1-based line declaring it. */
interface Declared {
  group: string;
  artifact: string;
  line: number;
}

/**
 * One diagnostic per module and framework it serves HTTP with. `read`: a build file's text
 * by root-relative path (undefined when absent); `catalog`: the Gradle version catalog's path.
 */
export function unsupportedFrameworks(modules: readonly ModuleInfo[], read: (path: string) => string | undefined, catalog = 'gradle/libs.versions.toml'): Diagnostic[] {
  let aliases: Map<string, Omit<Declared, 'line'>> | undefined;
  const out: Diagnostic[] = [];
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
      for (const fw of FRAMEWORKS) {
        if (fw.readVia && declared.some((d) => fw.readVia!.test(d.artifact))) continue;
        const hit = declared.find((d) => d.group === fw.group && fw.artifact.test(d.artifact));
        const plugin = hit ? undefined : plugins.find((p) => fw.plugins?.includes(p.id));
        if (!hit && !plugin) continue;
        const what = hit ? `${hit.group}:${hit.artifact}` : `the ${plugin!.id} plugin`;
        out.push({ file, line: hit?.line ?? plugin!.line, message: `module ${m.name} serves HTTP with ${fw.name} (${what}): ${READ}, so its ${fw.routes} are not listed` });
      }
    }
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

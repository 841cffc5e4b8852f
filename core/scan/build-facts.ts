// What a scan takes from the build files (pom.xml, build.gradle(.kts), settings.gradle(.kts)),
// as values a re-scan can compare: the module layout (folders, names, build kinds), each module's
// dependencies on other modules, the openapi-generator configurations (with the parent poms'
// properties they use), the Maven profiles active by default (`@token@` filters in
// application.yml), each module's gRPC starter (the port its gRPC server listens on; grpc-ecosystem's
// also registers the health and reflection services), each module's
// JAX-RS JSON provider (JSON-B's or Jackson's) and JSON-B version (jaxrs-json-provider.ts: its own
// build's, its parent poms' or a platform BOM's), what it
// says of its Spring application's JSON mapper (Gson with Jackson excluded, WebFlux: json-mapper.ts)
// and whether the build uses Jackson 3 (jackson-version.ts: Spring Boot 4 sorts every model's
// properties), and which modules it packages as Spring Boot applications of their own
// (boot-packaging.ts: such a module is not listed under the applications building it in). A
// build-file edit that changes none of them (a library's version bump, a comment, a test
// dependency on a library) leaves every endpoint as it was.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { moduleGeneratorConfigs } from './frameworks/openapi-generated/build-config';
import { grpcStarters } from './grpc-starter';
import { jaxRsJsonProvider, jsonbVersion } from './jaxrs-json-provider';
import { buildsWithJackson3 } from './jackson-version';
import { springJsonBuild } from './json-mapper';
import { bootPackaged } from './boot-packaging';
import { directDependencies } from './module-dependencies';
import { devhStarterUsers } from './frameworks/grpc/library-services';
import type { ModuleInfo } from './modules';

export interface BuildFacts {
  /** Each module's folder, name and build kind. */
  layout: string;
  /** Each module's dependencies on other modules of the project, by module name. */
  dependencies: Map<string, string[]>;
  generators: string;
  profiles: string;
  grpcStarters: string;
  jsonProviders: string;
  springJson: string;
  jackson3: boolean;
  bootPackaged: string;
}

/** What changed between two readings: `global` for facts any endpoint may depend on, else the modules whose dependencies changed. */
export interface BuildFactsChange {
  global: boolean;
  /** Modules whose own dependencies changed, and every module building against one of them (before or after). */
  modules: Set<string>;
  /** The modules those whose dependencies changed build against (before or after): who serves them may have changed. */
  served: Set<string>;
}

/** The build facts of `modules` (as detectModules found them), reading the build files as they are now. */
export function readBuildFacts(root: string, modules: readonly ModuleInfo[]): BuildFacts {
  const texts = new Map<string, string | undefined>();
  const read = (path: string) => {
    if (!texts.has(path)) {
      let text: string | undefined;
      try {
        text = readFileSync(join(root, path), 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(path, text);
    }
    return texts.get(path);
  };
  const layout = JSON.stringify(modules.map((m) => [m.dir, m.name, m.build]));
  const dependencies = new Map(modules.map((m) => [m.name, [...directDependencies(m.name, modules, read)].sort()]));
  // A configuration's line is only said in the problem of a spec that cannot be read: lines moved by an edit above it change nothing else.
  const generators = JSON.stringify(
    moduleGeneratorConfigs(modules, read).map(({ line, ...c }) => (c.remoteSpec !== undefined || c.inputSpec === undefined || !existsSync(join(root, c.inputSpec)) ? { ...c, line } : c)),
  );
  // spring-boot-config.ts resolves `@token@` from the <profile> active by default of the module's pom or a parent's.
  const profiles = JSON.stringify(
    modules.filter((m) => m.build === 'maven').map((m) => [m.dir, activeByDefault(read(m.dir ? `${m.dir}/pom.xml` : 'pom.xml'))]),
  );
  const starterOf = grpcStarters(modules, read);
  // grpc-ecosystem's starter is the default server library, but it also registers the health and reflection services (library-services.ts).
  const devh = devhStarterUsers(read);
  const grpcStarterList = JSON.stringify(modules.map((m) => [m.dir, starterOf(m) ?? '', devh(m.dir)]));
  const jsonProviders = JSON.stringify(modules.map((m) => [m.dir, jaxRsJsonProvider(m, read) ?? '', jsonbVersion(m, read) ?? '']));
  const springJson = JSON.stringify(modules.map((m) => [m.dir, springJsonBuild(m, read)]));
  const boot = JSON.stringify(modules.filter((m) => bootPackaged(m, read)).map((m) => m.dir));
  return { layout, dependencies, generators, profiles, grpcStarters: grpcStarterList, jsonProviders, springJson, jackson3: buildsWithJackson3(modules, read), bootPackaged: boot };
}

function activeByDefault(pom: string | undefined): string[] {
  if (pom === undefined) return [];
  const out: string[] = [];
  for (const m of pom.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<profile>([\s\S]*?)<\/profile>/g)) {
    if (/<activeByDefault>\s*true\s*<\/activeByDefault>/.test(m[1]!)) out.push(m[1]!.replace(/\s+/g, ' ').trim());
  }
  return out;
}

/** How `after` differs from `before`. */
export function compareBuildFacts(before: BuildFacts, after: BuildFacts): BuildFactsChange {
  const global = before.layout !== after.layout || before.generators !== after.generators || before.profiles !== after.profiles || before.grpcStarters !== after.grpcStarters || before.jsonProviders !== after.jsonProviders || before.springJson !== after.springJson || before.jackson3 !== after.jackson3 || before.bootPackaged !== after.bootPackaged;
  const changed = new Set<string>();
  for (const [name, deps] of after.dependencies) if (JSON.stringify(deps) !== JSON.stringify(before.dependencies.get(name) ?? [])) changed.add(name);
  for (const name of before.dependencies.keys()) if (!after.dependencies.has(name)) changed.add(name);
  const modules = new Set(changed);
  const served = new Set<string>();
  if (changed.size > 0) {
    for (const graph of [before.dependencies, after.dependencies]) {
      for (const name of changed) for (const dep of closure(graph, name)) served.add(dep);
    }
    // A module's closure of dependencies (gRPC binding, the application serving a library) changes with any module's on its way.
    for (const graph of [before.dependencies, after.dependencies]) {
      for (const name of graph.keys()) if (reaches(graph, name, changed)) modules.add(name);
    }
  }
  return { global, modules, served };
}

/** The modules `from` builds against, through others. */
function closure(graph: Map<string, string[]>, from: string): Set<string> {
  const out = new Set<string>();
  const queue = [from];
  while (queue.length) {
    for (const dep of graph.get(queue.pop()!) ?? []) {
      if (dep === from || out.has(dep)) continue;
      out.add(dep);
      queue.push(dep);
    }
  }
  return out;
}

function reaches(graph: Map<string, string[]>, from: string, targets: Set<string>): boolean {
  const seen = new Set<string>([from]);
  const queue = [from];
  while (queue.length) {
    for (const dep of graph.get(queue.pop()!) ?? []) {
      if (targets.has(dep)) return true;
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return false;
}

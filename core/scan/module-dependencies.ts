// Which modules of the project a module builds against: the `<dependency>` artifactIds of its
// pom.xml and the `project(':x')` / `projects.x` references of its build.gradle(.kts) (and of the
// scripts it applies) that name another module, followed transitively. gRPC binding uses it to tell two protos that declare the
// same service in the same Java package apart: the one a module can see is the one its
// generated base comes from. Build files are read with regular expressions, never evaluated.

import { posix } from 'node:path';
import type { ModuleInfo } from './modules';
import { stripComments } from './modules';

type Read = (path: string) => string | undefined;

const CACHE = new WeakMap<readonly ModuleInfo[], Map<string, Set<string>>>();
/** Each module's own dependencies, read once per module list: closures share most of their modules. */
const DIRECT = new WeakMap<readonly ModuleInfo[], Map<string, string[]>>();

/** The modules `name` depends on, directly or through other modules of the project (not itself). */
export function moduleDependencies(name: string, modules: readonly ModuleInfo[], read: Read | undefined): Set<string> {
  let cache = CACHE.get(modules);
  if (!cache) {
    cache = new Map();
    CACHE.set(modules, cache);
  }
  const hit = cache.get(name);
  if (hit) return hit;
  const out = new Set<string>();
  const queue = [name];
  while (queue.length) {
    const next = queue.pop()!;
    let direct = DIRECT.get(modules);
    if (!direct) DIRECT.set(modules, (direct = new Map()));
    let deps = direct.get(next);
    if (!deps) direct.set(next, (deps = directDependencies(next, modules, read)));
    for (const dep of deps) {
      if (dep === name || out.has(dep)) continue;
      out.add(dep);
      queue.push(dep);
    }
  }
  cache.set(name, out);
  return out;
}

const NAMES = new WeakMap<readonly ModuleInfo[], { names: Set<string>; byAccessor: Map<string, string> }>();

function namesOf(modules: readonly ModuleInfo[]): { names: Set<string>; byAccessor: Map<string, string> } {
  let out = NAMES.get(modules);
  if (!out) {
    const names = new Set(modules.map((m) => m.name));
    // Gradle's type-safe accessors turn `ledger-api` into `projects.ledgerApi`.
    const byAccessor = new Map(modules.map((m) => [m.name.replace(/[-_.](\w)/g, (_, c: string) => c.toUpperCase()), m.name]));
    NAMES.set(modules, (out = { names, byAccessor }));
  }
  return out;
}

/** The modules of the project `name`'s own build file names (not followed further). */
export function directDependencies(name: string, modules: readonly ModuleInfo[], read: Read | undefined): string[] {
  const mod = modules.find((m) => m.name === name);
  if (!mod || !read) return [];
  const { names, byAccessor } = namesOf(modules);
  const at = (file: string) => read(mod.dir ? `${mod.dir}/${file}` : file);
  const found: string[] = [];
  const pom = at('pom.xml');
  if (mod.build === 'maven' && pom) {
    const deps = pom.replace(/<!--[\s\S]*?-->/g, '').replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g, '');
    for (const m of deps.matchAll(/<dependency>[\s\S]*?<artifactId>\s*([^<\s]+)\s*<\/artifactId>[\s\S]*?<\/dependency>/g)) if (names.has(m[1]!)) found.push(m[1]!);
  }
  const files = mod.build === 'gradle' ? ['build.gradle', 'build.gradle.kts'] : [];
  for (let i = 0; i < files.length; i++) {
    const text = at(files[i]!);
    if (!text) continue;
    const code = stripComments(text);
    // A script the build file applies (`apply from: 'dependencies.gradle'`, Apache Fineract's) declares
    // dependencies as the build file would; one level, beside it or below the module.
    if (i < 2) {
      for (const m of code.matchAll(/\bapply\s*\(?\s*from\s*[:=]\s*(['"])([\w./-]+\.gradle(?:\.kts)?)\1/g)) {
        const script = posix.normalize(m[2]!);
        if (!script.startsWith('..') && !script.startsWith('/') && !files.includes(script)) files.push(script);
      }
    }
    for (const m of code.matchAll(/\bproject\s*\(\s*(?:path\s*[:=]\s*)?(['"])([^'"\n]+)\1/g)) {
      const last = m[2]!.split(':').filter(Boolean).pop();
      if (last && names.has(last)) found.push(last);
    }
    for (const m of code.matchAll(/\bprojects\.([\w.]+)/g)) {
      const last = byAccessor.get(m[1]!.split('.').pop()!);
      if (last) found.push(last);
    }
  }
  return found;
}

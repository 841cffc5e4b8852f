// Module detection: which Maven or Gradle module a source file belongs to, for the explorer's
// module level and for endpoint ids. Build files are read with a few regular expressions, not
// evaluated; anything unreadable or odd falls back to the folder name and never throws.

import fs from 'node:fs';
import path from 'node:path';

export interface ModuleInfo {
  name: string;
  /** Relative to the root with forward slashes, '' for the root. */
  dir: string;
  build: 'maven' | 'gradle' | 'none';
  /** `server.servlet.context-path` of a Spring Boot module: prefixes every URL, not the path. */
  contextPath?: string;
  /** `spring.mvc.servlet.path`: the DispatcherServlet's mapping under the context path. */
  servletPath?: string;
  /** `management.endpoints.web.base-path` when set: where actuator endpoints live (default `/actuator`). */
  actuatorBasePath?: string;
  /** `management.endpoints.web.path-mapping.<id>`: actuator endpoint ids served under another path. */
  actuatorPathMapping?: Record<string, string>;
  /** Where the module's application listens, as its application properties write it (ModuleSummary.listen). */
  listen?: { port?: string; address?: string; grpcPort?: string };
  /** Root-relative property files the module's `@PropertySource`s add (ModuleSummary.propertySources). */
  propertySources?: string[];
  /** The JAX-RS servlet's mount its application's properties set (`cxf.path`); the JAX-RS scanner's business, not in summaries. */
  jaxRsPath?: string;
}

/**
 * What module detection asked the file system besides the build files' texts (whether a folder the
 * settings include exists, whether a module has a `src` folder), by absolute path: a re-scan asks
 * again (layoutProbesChanged), since a folder created or removed later changes the modules with
 * no build file changing.
 */
export type LayoutProbes = Map<string, { folder: boolean; answer: boolean }>;

const GRADLE_BUILD = ['build.gradle', 'build.gradle.kts'];
const GRADLE_SETTINGS = ['settings.gradle', 'settings.gradle.kts'];

/** A module's build file(s), root-relative: its pom.xml, or its build.gradle and build.gradle.kts (whichever exists). */
export function moduleBuildFiles(m: ModuleInfo): string[] {
  const names = m.build === 'maven' ? ['pom.xml'] : m.build === 'gradle' ? GRADLE_BUILD : [];
  return names.map((n) => (m.dir ? `${m.dir}/${n}` : n));
}

/**
 * One module per folder holding a pom.xml (Maven wins over Gradle in the same folder),
 * build.gradle(.kts) or settings.gradle(.kts). The root folder is always present, so
 * `moduleFor` has a fallback: a root without a build file is module `basename(root)`, build 'none'.
 */
export function detectModules(root: string, buildFiles: readonly string[], probes?: LayoutProbes): ModuleInfo[] {
  const isDir = (abs: string) => probe(probes, abs, true);
  const byDir = new Map<string, Set<string>>();
  for (const file of buildFiles) {
    const rel = normalizeRel(file);
    const slash = rel.lastIndexOf('/');
    const dir = slash < 0 ? '' : rel.slice(0, slash);
    const names = byDir.get(dir) ?? new Set<string>();
    names.add(rel.slice(slash + 1));
    byDir.set(dir, names);
  }
  const { names: gradleNames, included } = gradleProjects(root, byDir, isDir);
  const modules: ModuleInfo[] = [];
  for (const [dir, names] of byDir) {
    const folder = folderName(root, dir);
    if (names.has('pom.xml')) {
      modules.push({ name: mavenArtifactId(path.join(root, dir, 'pom.xml')) ?? folder, dir, build: 'maven' });
    } else if ([...GRADLE_BUILD, ...GRADLE_SETTINGS].some((n) => names.has(n))) {
      modules.push({ name: gradleNames.get(dir) ?? folder, dir, build: 'gradle' });
    }
  }
  // A project the settings include is one whether or not it has a build file of its own: the root's
  // `subprojects {}` may configure it, or the settings may rename its build file (Spinnaker's
  // `buildFileName = "${project.name}.gradle"`).
  for (const dir of included) {
    if (!byDir.has(dir)) modules.push({ name: gradleNames.get(dir) ?? folderName(root, dir), dir, build: 'gradle' });
  }
  if (!modules.some((m) => m.dir === '')) modules.push({ name: folderName(root, ''), dir: '', build: 'none' });
  return uniqueNames(root, modules.sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0)), (abs) => probe(probes, abs, false));
}

/** Whether any answer in `probes` differs now. */
export function layoutProbesChanged(probes: LayoutProbes): boolean {
  for (const [abs, { folder, answer }] of probes) if (ask(abs, folder) !== answer) return true;
  return false;
}

/** Whether `abs` is a folder (`folder`), or is there at all. */
function probe(probes: LayoutProbes | undefined, abs: string, folder: boolean): boolean {
  const answer = ask(abs, folder);
  probes?.set(abs, { folder, answer });
  return answer;
}

function ask(abs: string, folder: boolean): boolean {
  return folder ? isDirectory(abs) : fs.existsSync(abs);
}

/**
 * Endpoints, the explorer and the exports find a module by its name, so no two may share one.
 * They do when a Gradle root project keeps its default name, the folder's, and includes a
 * project of that same name (Komga: root `komga` including `komga`), when two Gradle projects
 * share a folder name (Halo: `application` and `platform/application`), or a Maven aggregator
 * and a module share an artifactId: the module's own port and context path were then taken from
 * the other. The name stays with the module holding sources (a `src` folder), else with a
 * project below the root, the shallowest; the others add their folder: `komga (root)`,
 * `application (platform/application)`.
 */
function uniqueNames(root: string, modules: ModuleInfo[], exists: (abs: string) => boolean): ModuleInfo[] {
  const byName = new Map<string, ModuleInfo[]>();
  for (const m of modules) byName.set(m.name, [...(byName.get(m.name) ?? []), m]);
  const depth = (m: ModuleInfo) => (m.dir === '' ? 0 : m.dir.split('/').length);
  for (const [name, same] of byName) {
    if (same.length < 2) continue;
    // Lower ranks first: sources, then below the root, then shallow.
    const rank = (m: ModuleInfo) => [exists(path.join(root, m.dir, 'src')) ? 0 : 1, m.dir === '' ? 1 : 0, depth(m)];
    const ranked = same.map((m) => ({ m, r: rank(m) })).sort((a, b) => a.r[0]! - b.r[0]! || a.r[1]! - b.r[1]! || a.r[2]! - b.r[2]!);
    const [first, second] = ranked;
    const tied = second !== undefined && first!.r.every((v, i) => v === second.r[i]);
    for (const { m } of ranked) if (tied || m !== first!.m) m.name = `${name} (${m.dir || 'root'})`;
  }
  return modules;
}

const dirIndex = new WeakMap<readonly ModuleInfo[], { byDir: Map<string, ModuleInfo>; byFolder: Map<string, ModuleInfo> }>();

/** The module whose folder most closely encloses `relPath`; the root module when none does. */
export function moduleFor(modules: readonly ModuleInfo[], relPath: string): ModuleInfo {
  let index = dirIndex.get(modules);
  if (!index) {
    index = { byDir: new Map(modules.map((m) => [m.dir, m])), byFolder: new Map() };
    dirIndex.set(modules, index);
  }
  // A scan asks for every file, and files share folders: a clean path (as the walk gives them)
  // is answered by its folder's first answer, without normalising and walking up again.
  const slash = relPath.lastIndexOf('/');
  const clean = slash > 0 && slash < relPath.length - 1 && !relPath.startsWith('./') && !relPath.includes('\\');
  const folder = clean ? relPath.slice(0, slash) : undefined;
  const known = folder === undefined ? undefined : index.byFolder.get(folder);
  if (known) return known;
  const found = moduleByWalkingUp(index.byDir, relPath);
  if (folder !== undefined) index.byFolder.set(folder, found);
  return found;
}

function moduleByWalkingUp(byDir: Map<string, ModuleInfo>, relPath: string): ModuleInfo {
  // Walking up the path's folders is O(depth) per file, whatever the module count.
  let dir = normalizeRel(relPath);
  for (;;) {
    const slash = dir.lastIndexOf('/');
    dir = slash < 0 ? '' : dir.slice(0, slash);
    const hit = byDir.get(dir);
    if (hit) return hit;
    if (dir === '') return { name: 'root', dir: '', build: 'none' };
  }
}

/** The project's own `<artifactId>`: a direct child of `<project>`, not the parent's or a dependency's. */
export function mavenArtifactId(pomFile: string): string | undefined {
  let xml: string;
  try {
    xml = fs.readFileSync(pomFile, 'utf8');
  } catch {
    return undefined;
  }
  return projectArtifactId(xml);
}

export function projectArtifactId(xml: string): string | undefined {
  const text = xml.replace(/<!--[\s\S]*?(-->|$)/g, '').replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)[^>]*?(\/?)>/g;
  let depth = 0;
  let capture = -1;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    const [, close, name, selfClose] = m;
    if (selfClose) continue;
    if (close) {
      depth--;
      if (capture >= 0 && depth === 1 && localName(name!) === 'artifactId') {
        const value = text.slice(capture, m.index).trim();
        // `${…}` cannot be resolved without the whole reactor: the folder name is a better guess.
        return value && !value.includes('${') ? value : undefined;
      }
      capture = -1;
      continue;
    }
    depth++;
    if (depth === 1 && localName(name!) !== 'project') return undefined;
    if (depth === 2 && localName(name!) === 'artifactId') capture = m.index + m[0].length;
  }
  return undefined;
}

function localName(qname: string): string {
  return qname.slice(qname.indexOf(':') + 1);
}

/**
 * Gradle project names by folder: each settings folder is the root project, named by
 * `rootProject.name`; `project(':x').projectDir = file('y')` names folder y `x`. Other
 * build.gradle folders keep Gradle's default, the folder name.
 */
function gradleProjects(root: string, byDir: Map<string, Set<string>>, isDir: (abs: string) => boolean): { names: Map<string, string>; included: Set<string> } {
  const names = new Map<string, string>();
  const included = new Set<string>();
  for (const [dir, files] of byDir) {
    const settings = GRADLE_SETTINGS.find((n) => files.has(n));
    if (!settings) continue;
    let text: string;
    try {
      text = stripComments(fs.readFileSync(path.join(root, dir, settings), 'utf8'));
    } catch {
      continue;
    }
    const rootName = /\brootProject\s*\.\s*name\s*=\s*(['"])([^'"\n]+)\1/.exec(text)?.[2];
    if (rootName) names.set(dir, rootName.trim());
    const moved = /\bproject\s*\(\s*(['"])(:[^'"\n]*)\1\s*\)\s*\.\s*projectDir\s*=\s*(?:file\s*\(\s*|new\s+File\s*\(\s*(?:rootDir|settingsDir)\s*,\s*)(['"])([^'"\n]+)\3\s*\)/g;
    for (let m = moved.exec(text); m; m = moved.exec(text)) {
      const projectName = m[2]!.split(':').filter(Boolean).pop();
      const target = normalizeRel(path.posix.join(dir, m[4]!.replace(/\\/g, '/')));
      if (projectName && !target.startsWith('..')) names.set(target === '.' ? '' : target, projectName);
    }
    for (const projectPath of includedPaths(text)) {
      // `:services:api` lives in services/api below the settings, unless moved (`projectDir`, above).
      const segments = projectPath.split(':').filter(Boolean);
      const moved = [...names].find(([d, n]) => n === segments[segments.length - 1] && d !== dir)?.[0];
      const at = moved ?? normalizeRel(path.posix.join(dir, segments.join('/')));
      if (at && !at.startsWith('..') && isDir(path.join(root, at))) included.add(at);
    }
  }
  return { names, included };
}

/** The project paths of `include "a", ":b:c"` / `include(":a", ":b")` statements, literal ones only. */
export function includedPaths(settings: string): string[] {
  const out: string[] = [];
  for (const m of settings.matchAll(/\binclude\b\s*\(?((?:\s*(['"])[^'"\n$]+\2\s*,?)+)/g)) {
    for (const lit of m[1]!.matchAll(/(['"])([^'"\n$]+)\1/g)) out.push(lit[2]!.trim());
  }
  return out.filter((p) => p !== '' && p !== ':');
}

function isDirectory(abs: string): boolean {
  try {
    return fs.statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/** Drops `//` and `/* *\/` comments outside string literals, so commented-out settings do not count. */
export function stripComments(src: string): string {
  let out = '';
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      i = end < 0 ? src.length : end + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function normalizeRel(p: string): string {
  return p.replace(/\\/g, '/').replace(/^(\.\/)+/, '').replace(/\/+$/, '');
}

function folderName(root: string, dir: string): string {
  return path.basename(dir || path.resolve(root)) || 'root';
}

// .proto files shipped inside the jars of a module's declared dependencies, read from the local
// Maven repository (~/.m2/repository, or APISCOUT_MAVEN_REPO) and Gradle's module cache: a
// service extending a library's generated base (grpc-services' health, a company's API jar)
// is then described by its real proto; a jar of generated classes without its .proto files, by the
// descriptors compiled into them. Bounded: only the dependencies the module's pom.xml or
// build.gradle(.kts) names and, a few levels deep, those their published poms name (a starter's
// grpc-services), only their `.proto` entries (or, in a jar of generated gRPC code
// without them, its top-level classes), each jar read once per process. The
// zip central directory is parsed here (no native dependency); entries are stored or deflated.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { journalHolds, noteAll, noteFile, noteListing, noteNothingAt, noteStat, withOwnJournal } from '../scan-inputs';
import type { JournalEntry } from '../scan-inputs';
import { readGradleModule } from '../jar/gradle-module';
import type { GradleModule } from '../jar/gradle-module';
import { child, childText, withoutComments } from '../jar/pom-elements';
import { dependencyElements, MAX_PARENTS, pomModel, versionIn } from '../jar/pom-model';
import type { ParentRef, PomModel } from '../jar/pom-model';
import { lazyRequire } from '../../lazy-require';
import { classDescriptorBytes } from './class-descriptor';
import { descriptorAsProto } from './descriptor-text';

// This module is loaded with every scan (stored-scan.ts), a jar is opened only for a library's proto.
const zlib = lazyRequire<typeof import('node:zlib')>('node:zlib');

export interface JarProto {
  /** The entry's name in the jar, which is how other protos import it: `grpc/health/v1/health.proto`. */
  path: string;
  text: string;
  /** The jar, for messages. */
  jar: string;
}

export interface Dependency {
  group: string;
  artifact: string;
  version?: string;
  /**
   * The version is not written on the dependency but worked out (a property, a parent's managed
   * version): when the caches do not hold it, the newest they hold stands in, as for one without a version.
   */
  inferred?: boolean;
}

const JARS = new Map<string, { mtimeMs: number; protos: JarProto[] }>();

/** The protos of every dependency jar the module's build file declares and the local caches hold. */
export function dependencyProtos(moduleAbs: string): JarProto[] {
  const out: JarProto[] = [];
  for (const jar of dependencyJars(moduleAbs)) out.push(...protosInJar(jar));
  return out;
}

/** The `.proto` entries of one jar, cached per process while the jar is unchanged. */
export function protosInJar(jar: string): JarProto[] {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(jar).mtimeMs;
  } catch {
    return [];
  }
  const cached = JARS.get(jar);
  if (cached && cached.mtimeMs === mtimeMs) return cached.protos;
  let protos: JarProto[] = [];
  try {
    const zip = readFileSync(jar);
    protos = readZipEntries(zip, (name) => name.endsWith('.proto')).map((e) => ({ path: e.name, text: e.data.toString('utf8'), jar }));
    if (!protos.length) protos = compiledProtos(zip, jar);
  } catch {
    protos = []; // not a zip, or one this reader does not handle: as if it held no protos
  }
  JARS.set(jar, { mtimeMs, protos });
  return protos;
}

/** Top-level classes opened at most per jar when looking for compiled descriptors. */
const MAX_DESCRIPTOR_CLASSES = 5000;

/**
 * The protos of a jar of generated gRPC code that ships none as `.proto` (one that ships some ships
 * them all): the descriptors compiled into its outer classes, written back as text. Only a jar
 * with a generated `XxxGrpc` class is opened, so a jar of anything else costs nothing.
 */
function compiledProtos(zip: Buffer, jar: string): JarProto[] {
  const classes: string[] = [];
  let grpc = false;
  readZipEntries(zip, (name) => {
    if (name.endsWith('.class') && !name.includes('$')) {
      classes.push(name);
      if (name.endsWith('Grpc.class')) grpc = true;
    }
    return false;
  });
  if (!grpc) return [];
  const wanted = new Set(classes.slice(0, MAX_DESCRIPTOR_CLASSES));
  const out: JarProto[] = [];
  // One class inflated at a time: thousands of them at once would hold the whole jar unpacked.
  eachZipEntry(zip, (name) => wanted.has(name), (_, data) => {
    const bytes = classDescriptorBytes(data);
    const proto = bytes && descriptorAsProto(bytes);
    if (proto && !out.some((p) => p.path === proto.path)) out.push({ path: proto.path, text: proto.text, jar });
  });
  return out;
}

/** An entry larger than this unpacked is not read (no proto or generated class comes near it). */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;

/** Entries of a zip archive whose names pass `wanted`, read through the central directory. */
export function readZipEntries(zip: Buffer, wanted: (name: string) => boolean): Array<{ name: string; data: Buffer }> {
  const out: Array<{ name: string; data: Buffer }> = [];
  eachZipEntry(zip, wanted, (name, data) => out.push({ name, data }));
  return out;
}

/**
 * Hands `visit` each entry whose name passes `wanted`, unpacked. An entry is skipped when its
 * declared size is over the limit or its data unpacks past that size (a zip bomb lies about it).
 */
function eachZipEntry(zip: Buffer, wanted: (name: string) => boolean, visit: (name: string, data: Buffer) => void): void {
  // The end-of-central-directory record is in the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65557); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let n = 0; n < count && at + 46 <= zip.length; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) break;
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (!wanted(name) || (method !== 0 && method !== 8) || size > MAX_ENTRY_BYTES) continue;
    // A local header past the end (a damaged or hostile jar) skips this entry, not the reader's caller.
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== 0x04034b50) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressed);
    let data: Buffer;
    try {
      data = method === 8 ? zlib().inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) }) : Buffer.from(raw);
    } catch {
      continue; // unpacks past its declared size, or corrupt: this entry only
    }
    visit(name, data);
  }
}

/** How deep a declared dependency's own dependencies are followed (a starter's pom, and the poms it names). */
const MAX_TRANSITIVE_DEPTH = 3;
/** At most this many jars a module's dependencies reach, declared ones included. */
const MAX_JARS = 200;

/**
 * Jars of the dependencies the module's build file declares, found in the local caches, and of
 * those their published poms name (compile and runtime scope, not optional), a few levels deep:
 * grpc-services reaches an application through grpc-ecosystem's starter. `accept`: which
 * dependencies, declared or reached, count (jar-types.ts reads only the organisation's own).
 */
export function dependencyJars(moduleAbs: string, accept: (d: Dependency) => boolean = () => true): string[] {
  const deps = [...pomDependencies(moduleAbs), ...gradleDependencies(moduleAbs)].filter(accept);
  if (deps.length === 0) return [];
  const { maven, gradle } = localCaches();
  const out: string[] = [];
  const seen = new Set<string>();
  const queue = deps.map((d) => ({ d, depth: 0 }));
  // Every look into the caches is journalled (scan-inputs.ts): the jars found by their stat, the
  // version folders listed, the places found empty; a stored result holds while they do.
  while (queue.length && out.length < MAX_JARS) {
    const { d, depth } = queue.shift()!;
    const key = `${d.group}:${d.artifact}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = cachedJar(maven, gradle, d);
    if (!found) continue;
    out.push(found.jar);
    if (depth >= MAX_TRANSITIVE_DEPTH || !(found.pom || found.module)) continue;
    for (const t of found.module?.dependencies ?? publishedDependencies(found.pom!, maven, gradle)) if (accept(t)) queue.push({ d: t, depth: depth + 1 });
  }
  return out;
}

/**
 * A dependency's jar in the local Maven repository, else in Gradle's cache, with its pom or Gradle
 * module metadata when beside it. Metadata whose JVM variant is another module (Kotlin
 * multiplatform's `api` -> `api-jvm`) leads there, once.
 */
function cachedJar(maven: string, gradle: string, d: Dependency, redirects = 1): { jar: string; pom?: string; module?: GradleModule } | undefined {
  for (const { version, find } of places(maven, gradle, d)) {
    const metadata = find(`${d.artifact}-${version}.module`);
    const module = metadata ? gradleModuleAt(metadata) : undefined;
    if (module?.availableAt && redirects > 0) return cachedJar(maven, gradle, module.availableAt, redirects - 1);
    const jar = find(module?.jar ?? `${d.artifact}-${version}.jar`);
    if (!jar) continue;
    const pom = module ? undefined : find(`${d.artifact}-${version}.pom`);
    return { jar, ...(pom ? { pom } : {}), ...(module ? { module } : {}) };
  }
  return d.inferred ? cachedJar(maven, gradle, { group: d.group, artifact: d.artifact }, redirects) : undefined;
}

type Place = { version: string; find: (name: string) => string | undefined };

/** Where a dependency's files may be: its version's folder in the Maven repository, then in Gradle's cache. */
function places(maven: string, gradle: string, d: Dependency): Place[] {
  return [mavenPlace(maven, d), gradlePlace(gradle, d)].filter((p): p is Place => p !== undefined);
}

/** A version's folder in the Maven repository; `find` looks for a file in it by name (journalled). */
function mavenPlace(maven: string, d: Dependency): Place | undefined {
  const dir = join(maven, ...d.group.split('.'), d.artifact);
  const version = d.version ?? newest(dir);
  return version ? { version, find: (name) => existing(join(dir, version, name)) } : undefined;
}

/** A version's folder in Gradle's cache, which keeps each file in a folder of its own hash. */
function gradlePlace(gradle: string, d: Dependency): Place | undefined {
  const cached = join(gradle, d.group, d.artifact);
  const version = d.version ?? newest(cached);
  if (!version) return undefined;
  const folder = join(cached, version);
  let hashes: string[];
  try {
    hashes = readdirSync(folder);
    noteListing(folder, hashes);
  } catch {
    noteNothingAt(folder); // not in Gradle's cache either
    return undefined;
  }
  return {
    version,
    find: (name) => {
      for (const hash of hashes) {
        const found = existing(join(folder, hash, name));
        if (found) return found;
      }
      return version.endsWith('-SNAPSHOT') ? newestSnapshot(folder, hashes, name, version) : undefined;
    },
  };
}

/**
 * A SNAPSHOT's file as Gradle keeps one downloaded from a Maven repository: under the timestamped
 * name the repository published it with (`api-1.0-20240105.101010-3.jar` for `api-1.0-SNAPSHOT.jar`),
 * each build in a hash folder of its own; the newest build's.
 */
function newestSnapshot(folder: string, hashes: readonly string[], name: string, version: string): string | undefined {
  const at = name.indexOf(version);
  if (at < 0) return undefined;
  const prefix = name.slice(0, at) + version.slice(0, -'SNAPSHOT'.length);
  const suffix = name.slice(at + version.length);
  let best: { stamp: string; path: string } | undefined;
  for (const hash of hashes) {
    let names: string[];
    try {
      names = readdirSync(join(folder, hash));
    } catch {
      continue;
    }
    noteListing(join(folder, hash), names);
    for (const n of names) {
      if (!n.startsWith(prefix) || !n.endsWith(suffix)) continue;
      const stamp = n.slice(prefix.length, n.length - suffix.length);
      const m = /^(\d{8}\.\d{6})-(\d+)$/.exec(stamp);
      const key = m && `${m[1]}-${m[2]!.padStart(8, '0')}`;
      if (key && (!best || key > best.stamp)) best = { stamp: key, path: join(folder, hash, n) };
    }
  }
  if (best) noteStat(best.path);
  return best?.path;
}

function gradleModuleAt(path: string): GradleModule | undefined {
  try {
    return readGradleModule(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The path when a file is there (journalled either way). */
function existing(path: string): string | undefined {
  if (existsSync(path)) {
    noteStat(path);
    return path;
  }
  noteNothingAt(path);
  return undefined;
}

/**
 * The dependencies a published pom gives its users: neither managed only, nor test, provided,
 * system or optional ones; their versions as its parents' properties and managed versions make them.
 */
function publishedDependencies(pom: string, maven: string, gradle: string): Dependency[] {
  return held(`published\n${maven}\n${gradle}\n${pom}`, () => {
    noteStat(pom);
    let xml: string;
    try {
      xml = readFileSync(pom, 'utf8');
    } catch {
      return [];
    }
    const used = (d: { scope?: string; optional?: boolean }) => !/^(?:test|provided|system|import)$/.test(d.scope ?? '') && !d.optional;
    const written = dependencyElements(child(child(withoutComments(xml), 'project'), 'dependencies')).filter(used);
    // A pom that writes every version out (most published ones) needs no parent read.
    if (written.every((d) => d.version && !d.version.includes('${'))) return written;
    const model = pomModel(xml, (ref) => repositoryModel(maven, gradle, ref, 1));
    return resolved(written, model);
  });
}

/**
 * What the poms gave, by what was asked, with the looks that gave it: every module's pom names
 * the same parents (a company's, then spring-boot-dependencies, thousands of lines) and every
 * re-scan asks again. Each is worked out once while its looks hold (checked by stat), and the
 * looks are journalled again for each scan that uses it.
 */
const HELD = new Map<string, { looks: JournalEntry[]; value: unknown }>();
/** Answers held at most (the oldest go first). */
const MAX_HELD = 1000;

function held<T>(key: string, make: () => T): T {
  const known = HELD.get(key);
  if (known && journalHolds(known.looks)) {
    noteAll(known.looks);
    return known.value as T;
  }
  const { value, entries } = withOwnJournal(make);
  HELD.delete(key);
  if (HELD.size >= MAX_HELD) HELD.delete(HELD.keys().next().value!);
  HELD.set(key, { looks: entries, value });
  return value;
}

/** A parent pom's model from the local caches (its own parents' included, `depth` levels up so far). */
function repositoryModel(maven: string, gradle: string, ref: ParentRef, depth: number): PomModel | undefined {
  if (depth > MAX_PARENTS) return undefined;
  return held(`parent\n${maven}\n${gradle}\n${ref.group}:${ref.artifact}:${ref.version}`, () => {
    const d = { group: ref.group, artifact: ref.artifact, version: ref.version };
    for (const place of places(maven, gradle, d)) {
      const path = place.find(`${ref.artifact}-${ref.version}.pom`);
      if (!path) continue;
      let xml: string;
      try {
        xml = readFileSync(path, 'utf8');
      } catch {
        continue; // unreadable: as if absent
      }
      return pomModel(xml, (parent) => repositoryModel(maven, gradle, parent, depth + 1));
    }
    return undefined;
  });
}

/** The caches a parse worker computing roots looks in: the scanner's (useLocalCaches). */
let givenCaches: LocalCaches | undefined;

export interface LocalCaches {
  maven: string;
  gradle: string;
}

/**
 * In a parse worker sharing the roots (root-share.ts): the caches the scanner looks in, as its
 * share's set-up says. The worker's environment is a copy taken when the thread started: a
 * variable set since (APISCOUT_MAVEN_REPO) is not in it.
 */
export function useLocalCaches(caches: LocalCaches): void {
  givenCaches = caches;
}

/** The local Maven repository and Gradle's module cache, where dependency jars are looked for. */
export function localCaches(): LocalCaches {
  if (givenCaches) return givenCaches;
  return {
    maven: process.env.APISCOUT_MAVEN_REPO || join(homedir(), '.m2', 'repository'),
    gradle: join(process.env.GRADLE_USER_HOME || join(homedir(), '.gradle'), 'caches', 'modules-2', 'files-2.1'),
  };
}

/** A managed version (no `<version>` in the pom): the newest one the cache holds. */
function newest(dir: string): string | undefined {
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    noteListing(dir, entries.map((e) => e.name));
    const versions = entries.filter((e) => e.isDirectory()).map((e) => e.name);
    return versions.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).pop();
  } catch {
    noteNothingAt(dir);
    return undefined;
  }
}

function pomDependencies(moduleAbs: string): Dependency[] {
  const { maven, gradle } = localCaches();
  const pom = join(moduleAbs, 'pom.xml');
  return held(`module\n${maven}\n${gradle}\n${pom}`, () => {
    noteFile(pom);
    let xml: string;
    try {
      xml = readFileSync(pom, 'utf8');
    } catch {
      return [];
    }
    const model = projectModel(moduleAbs, xml, 0);
    // Every <dependency> the pom writes (managed ones, a profile's): each names a jar that may be there.
    return resolved(dependencyElements(withoutComments(xml)), model).map(({ group, artifact, version, inferred }) => (version ? { group, artifact, version, ...(inferred ? { inferred } : {}) } : { group, artifact }));
  });
}

/** A project pom's model: its parent from the project itself (`<relativePath>`, by default ../pom.xml) when it is the one named, else from the caches. */
function projectModel(dirAbs: string, xml: string, depth: number): PomModel {
  const { maven, gradle } = localCaches();
  return pomModel(xml, (ref) => {
    if (depth >= MAX_PARENTS) return undefined;
    let path = resolve(dirAbs, ref.relativePath ?? '..');
    if (!path.endsWith('.xml')) path = join(path, 'pom.xml');
    noteFile(path); // a parent outside the project is no walked build file: journalled as one more input
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      text = undefined;
    }
    if (text !== undefined && childText(child(withoutComments(text), 'project'), 'artifactId') === ref.artifact) {
      const parentXml = text;
      return held(`project\n${maven}\n${gradle}\n${path}`, () => (noteFile(path), projectModel(dirname(path), parentXml, depth + 1)));
    }
    return repositoryModel(maven, gradle, ref, depth + 1);
  });
}

/** Dependencies with their versions as the model makes them; `inferred` when not written on the dependency itself. */
function resolved<T extends { group: string; artifact: string; version?: string }>(deps: T[], model: PomModel): Array<T & { inferred?: boolean }> {
  return deps.map((d) => {
    const version = versionIn(model, d);
    const { version: _, ...rest } = d;
    return (version ? { ...rest, version, ...(version !== d.version ? { inferred: true } : {}) } : rest) as T & { inferred?: boolean };
  });
}

function gradleDependencies(moduleAbs: string): Dependency[] {
  const out: Dependency[] = [];
  for (const file of ['build.gradle', 'build.gradle.kts']) {
    let text: string;
    try {
      text = readFileSync(join(moduleAbs, file), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(/["']([\w.-]+):([\w.-]+)(?::([\w.+-]+))?["']/g)) {
      out.push(m[3] ? { group: m[1]!, artifact: m[2]!, version: m[3] } : { group: m[1]!, artifact: m[2]! });
    }
  }
  return out;
}

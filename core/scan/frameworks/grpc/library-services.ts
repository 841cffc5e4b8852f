// gRPC services a library provides and the application's code registers, with no class of its own
// extending their base: grpc-services' server reflection (`ProtoReflectionService.newInstance()`,
// v1alpha, and `ProtoReflectionServiceV1.newInstance()`, v1) and health check
// (`healthStatusManager.getHealthService()`, Kotlin's `.healthService`), added to a `ServerBuilder` or returned by a bean
// that a starter binds. Each is listed at the method registering it. The method body is text the
// parser skips, so it is read as text (strings and comments blanked).
// grpc-ecosystem's starter (net.devh) registers both itself when grpc-services is on the classpath,
// unless `grpc.server.health-service-enabled` / `reflection-service-enabled` say false: those are
// listed at the application's main method, but for a service a bean of the module implements or
// registers itself, which is listed instead, with a diagnostic (two implementations of one service
// name stop grpc-spring's server from starting; v1 and v1alpha reflection are two names). A registration written in a helper method is the
// `@Bean`'s calling it.

import type { MethodDecl, TypeDecl } from '../../source-model';
import { findAnnotation } from '../../source-model';
import { blankXmlComments } from '../../config-text';
import { stripComments } from '../../modules';
import { moduleDependencies } from '../../module-dependencies';
import type { ScanContext } from '../framework';
import { lineAt, maskStringsAndComments } from './anonymous';
import type { GrpcBinding } from './generated';

/** Names whose mention makes a file worth parsing for these registrations (FileEntry.mentions). */
export const LIBRARY_SERVICE_MENTIONS = ['ProtoReflectionService', 'HealthStatusManager'] as const;

export interface LibraryRegistration {
  /** The method registering it, and the type declaring that method. */
  method: MethodDecl;
  owner: TypeDecl;
  /** Where the registration is written. */
  line: number;
  /** As written: `ProtoReflectionService.newInstance()`. */
  written: string;
  /** The generated class of the library's service (wellKnownService knows its RPCs). */
  binding: GrpcBinding;
  /** `grpc.health.v1.Health`. */
  fullName: string;
}

interface Factory {
  pattern: RegExp;
  /** Kotlin's property syntax for the same getter (`health.healthService`), read in Kotlin files. */
  kotlinPattern?: RegExp;
  written: string;
  binding: GrpcBinding;
  fullName: string;
}

const reflection = (v: string, suffix: string): Factory => ({
  pattern: new RegExp(`(?<![\\w$])(?:io\\.grpc\\.protobuf\\.services\\.)?ProtoReflectionService${suffix}\\s*\\.\\s*newInstance\\s*\\(`, 'g'),
  written: `ProtoReflectionService${suffix}.newInstance()`,
  binding: { service: 'ServerReflection', grpcClass: 'ServerReflectionGrpc', packages: [`io.grpc.reflection.${v}`], written: `io.grpc.reflection.${v}.ServerReflectionGrpc.ServerReflectionImplBase` },
  fullName: `grpc.reflection.${v}.ServerReflection`,
});

const REFLECTION_V1ALPHA = reflection('v1alpha', '');
const FACTORIES: Factory[] = [
  REFLECTION_V1ALPHA,
  reflection('v1', 'V1'),
  {
    // A HealthStatusManager's service (grpc-services keeps it in io.grpc.protobuf.services, formerly io.grpc.services).
    pattern: /\.\s*getHealthService\s*\(\s*\)/g,
    kotlinPattern: /\.\s*healthService(?![\w$(])/g,
    written: 'HealthStatusManager.getHealthService()',
    binding: { service: 'Health', grpcClass: 'HealthGrpc', packages: ['io.grpc.health.v1'], written: 'io.grpc.health.v1.HealthGrpc.HealthImplBase' },
    fullName: 'grpc.health.v1.Health',
  },
];

const HEALTH = FACTORIES.find((f) => f.binding.service === 'Health')!;

/**
 * The library services a file registers, each once per method, found from the file's first type
 * (a registration belongs to the nearest method declared above it, nested types' included).
 */
export function libraryRegistrations(type: TypeDecl, ctx: ScanContext): LibraryRegistration[] {
  if (type.outer || type.file.types[0] !== type) return [];
  const mentions = ctx.index.files.get(type.file.path)?.mentions;
  if (!mentions?.some((m) => (LIBRARY_SERVICE_MENTIONS as readonly string[]).includes(m))) return [];
  const text = ctx.readProjectFile?.(type.file.path);
  if (text === undefined) return [];
  const code = maskStringsAndComments(text);
  const methods = type.file.types.flatMap(allMethods).sort((a, b) => a.method.line - b.method.line);
  const out: LibraryRegistration[] = [];
  for (const factory of FACTORIES) {
    // getHealthService() is HealthStatusManager's only where the file names that class.
    if (factory.binding.service === 'Health' && !mentions.includes('HealthStatusManager')) continue;
    const pattern = type.file.lang === 'kotlin' && factory.kotlinPattern ? new RegExp(`${factory.pattern.source}|${factory.kotlinPattern.source}`, 'g') : factory.pattern;
    pattern.lastIndex = 0;
    for (let m = pattern.exec(code); m; m = pattern.exec(code)) {
      const line = lineAt(code, m.index);
      const nearest = [...methods].reverse().find((s) => s.method.line <= line);
      const site = nearest && registeringBean(nearest, methods, code);
      if (!site || out.some((r) => r.method === site.method && r.fullName === factory.fullName)) continue;
      out.push({ method: site.method, owner: site.owner, line, written: factory.written, binding: factory.binding, fullName: factory.fullName });
    }
  }
  return out;
}

type Site = { method: MethodDecl; owner: TypeDecl };

/**
 * The `@Bean` method a registration belongs to: where it is written in a helper of the class
 * (`configurer()` returning `b -> addLibraryServices(b)`), the bean calling that helper, through
 * up to three helpers; the method it is written in when no bean calls it.
 */
function registeringBean(site: Site, methods: readonly Site[], code: string, depth = 0): Site {
  if (depth >= 3 || findAnnotation(site.method.annotations, 'Bean') || site.method.name === 'main') return site;
  const name = site.method.name.replace(/\$/g, '\\$');
  for (const call of code.matchAll(new RegExp(`(?<![\\w$.])(?:this\\s*\\.\\s*)?${name}\\s*\\(`, 'g'))) {
    const line = lineAt(code, call.index);
    if (line === site.method.line) continue; // the declaration
    const caller = [...methods].reverse().find((s) => s.method.line <= line);
    if (!caller || caller.method === site.method) continue;
    const bean = registeringBean(caller, methods, code, depth + 1);
    if (findAnnotation(bean.method.annotations, 'Bean')) return bean;
  }
  return site;
}

function allMethods(type: TypeDecl): Array<{ method: MethodDecl; owner: TypeDecl }> {
  return [...type.methods.map((method) => ({ method, owner: type })), ...type.nested.flatMap(allMethods)];
}

/** grpc-ecosystem's server starter in a build file (`net.devh:grpc-server-spring-boot-starter`, or the combined one). */
const DEVH_STARTER = /net\.devh[\s\S]{0,200}?grpc-(?:server-)?spring-boot-starter|grpc-(?:server-)?spring-boot-starter[\s\S]{0,200}?net\.devh/;

/**
 * The services grpc-ecosystem's starter registers for a `@SpringBootApplication` class whose module
 * (or a build enclosing it) uses the starter, at its main method; those its config turns off are not.
 */
export function starterRegistrations(type: TypeDecl, ctx: ScanContext): LibraryRegistration[] {
  if (type.outer || !findAnnotation(type.annotations, 'SpringBootApplication')) return [];
  const module = ctx.modules.find((m) => m.name === type.file.module);
  if (!module) return [];
  const read = (path: string) => ctx.readProjectFile?.(path);
  const uses = devhStarterUsers(read);
  // The starter reaches the application through a module of the project it builds against, too.
  const through = [...moduleDependencies(module.name, ctx.modules, read)].map((name) => ctx.modules.find((m) => m.name === name)?.dir);
  if (![module.dir, ...through].some((dir) => dir !== undefined && uses(dir))) return [];
  // Kotlin's `fun main` is the file's own (its facade type).
  const main = [type, ...type.file.types].flatMap((t) => t.methods.filter((m) => m.name === 'main').map((method) => ({ method, owner: t })))[0];
  if (!main) return [];
  const off = (...keys: string[]) => keys.some((k) => ctx.appProperty?.(k)?.trim().toLowerCase() === 'false');
  // A bean of the module's own serving the same service is listed in its place: grpc-spring refuses
  // two implementations of one service name (the server does not start), which a diagnostic says.
  const own = beanServices(module.name, ctx);
  const out: LibraryRegistration[] = [];
  const healthType = ctx.appProperty?.('grpc.server.health-service.type')?.trim().toUpperCase();
  const add = (factory: Factory, what: string, key: string) => {
    const mine = own.get(factory.fullName);
    if (!mine) {
      out.push(starterRegistration(main, factory, `grpc-spring-boot-starter's ${what} service`));
      return;
    }
    ctx.diagnostics.push({ ...mine, message: `grpc-spring-boot-starter registers ${factory.fullName} too, and a server with two implementations of one service does not start: set ${key}=false to keep this one` });
  };
  if (!off('grpc.server.health-service-enabled', 'grpc.server.health-service.enabled') && healthType !== 'NONE') add(HEALTH, 'health', 'grpc.server.health-service-enabled');
  if (!off('grpc.server.reflection-service-enabled')) add(REFLECTION_V1ALPHA, 'reflection', 'grpc.server.reflection-service-enabled');
  return out;
}

/**
 * The library services a bean of the module's code serves, by full name, with where: a `@Bean`
 * method registering one, or a `@GrpcService` class implementing one (its own health check). The
 * files read are dependencies of the caller.
 */
function beanServices(module: string, ctx: ScanContext): Map<string, { file: string; line: number }> {
  const out = new Map<string, { file: string; line: number }>();
  for (const base of ['HealthImplBase', 'ServerReflectionImplBase']) {
    for (const entry of ctx.index.filesExtending(base)) {
      if (entry.module !== module) continue;
      ctx.index.noteFiles([entry.path]);
      const file = ctx.index.parse(entry);
      const type = file?.types.find((t) => t.superclass?.name.endsWith(base) && findAnnotation(t.annotations, 'GrpcService'));
      if (!file || !type) continue;
      // Reflection's version is the package its generated base is imported from.
      const fullName = base === 'HealthImplBase' ? HEALTH.fullName : file.imports.some((i) => i.name.startsWith('io.grpc.reflection.v1alpha')) ? REFLECTION_V1ALPHA.fullName : 'grpc.reflection.v1.ServerReflection';
      if (!out.has(fullName)) out.set(fullName, { file: file.path, line: type.line });
    }
  }
  for (const entry of ctx.index.files.values()) {
    if (entry.module !== module || !entry.mentions?.some((m) => (LIBRARY_SERVICE_MENTIONS as readonly string[]).includes(m))) continue;
    ctx.index.noteFiles([entry.path]);
    const first = ctx.index.parse(entry)?.types[0];
    if (!first) continue;
    for (const r of libraryRegistrations(first, ctx)) {
      if (findAnnotation(r.method.annotations, 'Bean') && !out.has(r.fullName)) out.set(r.fullName, { file: r.owner.file.path, line: r.line });
    }
  }
  return out;
}

function starterRegistration(site: { method: MethodDecl; owner: TypeDecl }, factory: Factory, written: string): LibraryRegistration {
  return { ...site, line: site.method.line, written, binding: factory.binding, fullName: factory.fullName };
}

/**
 * Whether a module's build file names grpc-ecosystem's server starter, or a parent pom's
 * dependencies do (its <dependencyManagement> only manages versions; a Gradle build enclosing the
 * module names what its own projects use). Each build file is searched once per reading (build
 * facts ask for every module: build-facts.ts).
 */
export function devhStarterUsers(read: (path: string) => string | undefined): (dir: string) => boolean {
  const names = new Map<string, boolean>();
  const named = (path: string, asParent: boolean): boolean => {
    const key = `${asParent ? 'parent' : 'own'}:${path}`;
    let found = names.get(key);
    if (found === undefined) {
      const text = read(path);
      let build = !text ? '' : path.endsWith('.xml') ? blankXmlComments(text) : stripComments(text);
      if (asParent) build = build.replace(/<dependencyManagement>[\s\S]*?<\/dependencyManagement>/g, '');
      names.set(key, (found = DEVH_STARTER.test(build)));
    }
    return found;
  };
  return (dir) => {
    const parts = dir ? dir.split('/') : [];
    for (let n = parts.length; n >= 0; n--) {
      const at = parts.slice(0, n).join('/');
      for (const name of n === parts.length ? ['pom.xml', 'build.gradle', 'build.gradle.kts'] : ['pom.xml']) {
        if (named(at ? `${at}/${name}` : name, n < parts.length)) return true;
      }
    }
    return false;
  };
}

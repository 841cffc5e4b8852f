// Which gRPC server library a module builds with, from its build file: LogNet's
// grpc-spring-boot-starter listens on `grpc.port` (6565), Quarkus' quarkus-grpc on
// `quarkus.grpc.server.port` (9000), grpc-ecosystem's starter (the one most Spring projects use,
// and the default) on `grpc.server.port` (9090). Send and the exports go where the module listens.

import type { GrpcStarter } from '../config/listen-port';
import { blankXmlComments } from './config-text';
import { stripComments } from './modules';
import type { ModuleInfo } from './modules';

// LogNet's group (io.github.lognet, formerly org.lognet) in a dependency or its Gradle plugin's id.
const LOGNET = /\b(?:io\.github|org)\.lognet\b/;
const QUARKUS_GRPC = /\bquarkus-grpc(?![\w-])/;

/**
 * The starter a build file's text names, undefined for none (comments left out: XML's in a pom,
 * Groovy's and Kotlin's, outside strings, in a Gradle script).
 */
export function grpcStarterIn(build: string | undefined, file = 'build.gradle'): GrpcStarter | undefined {
  if (!build) return undefined;
  const text = file.endsWith('.xml') ? blankXmlComments(build) : stripComments(build);
  if (LOGNET.test(text)) return 'lognet';
  if (QUARKUS_GRPC.test(text)) return 'quarkus';
  return undefined;
}

/**
 * The starter of `module`: the nearest of its own build file and those of the modules enclosing it
 * (a parent pom, a root build.gradle's `subprojects {}`) that names one.
 */
export function grpcStarterOf(module: ModuleInfo, modules: readonly ModuleInfo[], read: (path: string) => string | undefined): GrpcStarter | undefined {
  const byDir = new Map(modules.map((m) => [m.dir, m]));
  for (let dir: string | undefined = module.dir; dir !== undefined; dir = parentDir(dir)) {
    const m = byDir.get(dir);
    if (!m) continue;
    for (const file of buildFilesOf(m)) {
      const starter = grpcStarterIn(read(file), file);
      if (starter) return starter;
    }
  }
  return undefined;
}

function buildFilesOf(m: ModuleInfo): string[] {
  const names = m.build === 'maven' ? ['pom.xml'] : m.build === 'gradle' ? ['build.gradle', 'build.gradle.kts'] : [];
  return names.map((n) => (m.dir ? `${m.dir}/${n}` : n));
}

function parentDir(dir: string): string | undefined {
  if (dir === '') return undefined;
  const slash = dir.lastIndexOf('/');
  return slash < 0 ? '' : dir.slice(0, slash);
}

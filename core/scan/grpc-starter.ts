// Which gRPC server library a module builds with, from its build file: LogNet's
// grpc-spring-boot-starter listens on `grpc.port` (6565), Quarkus' quarkus-grpc on
// `quarkus.grpc.server.port` (9000), grpc-ecosystem's starter (the one most Spring projects use,
// and the default) on `grpc.server.port` (9090). Send and the exports go where the module listens.

import type { GrpcStarter } from '../config/listen-port';
import { blankXmlComments } from './config-text';
import { moduleBuildFiles, stripComments } from './modules';
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
 * Each module's starter: the nearest of its own build file and those of the modules enclosing it
 * (a parent pom, a root build.gradle's `subprojects {}`) that names one. Each build file of the
 * reading is searched once, not again for every module below it: dolphinscheduler's 143 poms,
 * two or three levels deep, were searched about 400 times, each blanking its comments anew.
 */
export function grpcStarters(modules: readonly ModuleInfo[], read: (path: string) => string | undefined): (module: ModuleInfo) => GrpcStarter | undefined {
  const byDir = new Map(modules.map((m) => [m.dir, m]));
  const inDir = new Map<string, GrpcStarter | undefined>();
  const starterIn = (dir: string): GrpcStarter | undefined => {
    if (inDir.has(dir)) return inDir.get(dir);
    let found: GrpcStarter | undefined;
    const m = byDir.get(dir);
    if (m) {
      for (const file of moduleBuildFiles(m)) {
        found = grpcStarterIn(read(file), file);
        if (found) break;
      }
    }
    const parent = parentDir(dir);
    if (!found && parent !== undefined) found = starterIn(parent);
    inDir.set(dir, found);
    return found;
  };
  return (module) => starterIn(module.dir);
}

function parentDir(dir: string): string | undefined {
  if (dir === '') return undefined;
  const slash = dir.lastIndexOf('/');
  return slash < 0 ? '' : dir.slice(0, slash);
}

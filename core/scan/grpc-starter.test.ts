// Which gRPC starter a build file names, its comments left out and its strings kept.
import { describe, expect, it } from 'vitest';
import { grpcStarterIn, grpcStarters } from './grpc-starter';
import type { ModuleInfo } from './modules';

describe('grpcStarterIn', () => {
  it('reads a Gradle script whose strings hold comment-like globs', () => {
    const gradle = [
      'sourceSets { main { proto { include "**/*.proto" } } }',
      'dependencies { implementation "io.github.lognet:grpc-spring-boot-starter:5.1.5" }',
      'tasks.named("x") { exclude "gen/**/x" }',
    ].join('\n');
    expect(grpcStarterIn(gradle, 'build.gradle')).toBe('lognet');
    expect(grpcStarterIn('// implementation "io.github.lognet:grpc-spring-boot-starter"\n/* io.github.lognet */', 'build.gradle.kts')).toBeUndefined();
  });

  it('reads a pom, leaving out its comments only', () => {
    const pom = '<project><url>https://example.com//x</url><dependency><groupId>io.quarkus</groupId><artifactId>quarkus-grpc</artifactId></dependency></project>';
    expect(grpcStarterIn(pom, 'pom.xml')).toBe('quarkus');
    expect(grpcStarterIn('<!-- <groupId>io.github.lognet</groupId> -->', 'module/pom.xml')).toBeUndefined();
  });
});

describe('grpcStarters', () => {
  const modules: ModuleInfo[] = [
    { name: 'root', dir: '', build: 'maven' },
    { name: 'a', dir: 'a', build: 'maven' },
    { name: 'a1', dir: 'a/a1', build: 'maven' },
    { name: 'a2', dir: 'a/a2', build: 'maven' },
    { name: 'b', dir: 'b', build: 'gradle' },
    { name: 'b1', dir: 'b/b1', build: 'gradle' },
  ];
  const poms: Record<string, string> = {
    'pom.xml': '<project><groupId>io.github.lognet</groupId></project>',
    'b/build.gradle': 'dependencies { implementation "io.quarkus:quarkus-grpc" }',
  };

  it('takes the nearest enclosing build file naming a starter, searching each file once', () => {
    const reads: string[] = [];
    const starterOf = grpcStarters(modules, (path) => {
      reads.push(path);
      return poms[path] ?? '<project/>';
    });
    expect(modules.map((m) => starterOf(m))).toEqual(['lognet', 'lognet', 'lognet', 'lognet', 'quarkus', 'quarkus']);
    // Every file asked for once: the parent pom is not searched again for each module below it.
    expect(reads.sort()).toEqual(['a/a1/pom.xml', 'a/a2/pom.xml', 'a/pom.xml', 'b/b1/build.gradle', 'b/b1/build.gradle.kts', 'b/build.gradle', 'pom.xml']);
  });
});

// Which gRPC starter a build file names, its comments left out and its strings kept.
import { describe, expect, it } from 'vitest';
import { grpcStarterIn } from './grpc-starter';

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

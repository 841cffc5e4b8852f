import { describe, expect, it } from 'vitest';
import type { ModuleInfo } from './modules';
import { moduleDependencies } from './module-dependencies';

describe('moduleDependencies', () => {
  it('follows Maven artifactIds and Gradle project references transitively, never dependencyManagement or comments', () => {
    const modules: ModuleInfo[] = [
      { name: 'app', dir: 'app', build: 'gradle' },
      { name: 'ledger-api', dir: 'ledger-api', build: 'gradle' },
      { name: 'common', dir: 'common', build: 'maven' },
      { name: 'billing', dir: 'billing', build: 'maven' },
      { name: 'managed', dir: 'managed', build: 'maven' },
    ];
    const files: Record<string, string> = {
      'app/build.gradle.kts': 'dependencies {\n  implementation(projects.ledgerApi)\n  // implementation(project(":billing"))\n}',
      'ledger-api/build.gradle': "dependencies { api project(path: ':common') }",
      'common/pom.xml': '<project><dependencyManagement><dependencies><dependency><artifactId>managed</artifactId></dependency></dependencies></dependencyManagement></project>',
      'billing/pom.xml': '<project><dependencies><dependency><groupId>x</groupId><artifactId>common</artifactId></dependency></dependencies></project>',
    };
    const read = (p: string) => files[p];
    expect([...moduleDependencies('app', modules, read)].sort()).toEqual(['common', 'ledger-api']);
    expect([...moduleDependencies('billing', modules, read)]).toEqual(['common']);
    expect([...moduleDependencies('common', modules, read)]).toEqual([]);
  });

  it("reads the scripts a Gradle build file applies (`apply from: 'dependencies.gradle'`)", () => {
    const modules: ModuleInfo[] = [
      { name: 'provider', dir: 'provider', build: 'gradle' },
      { name: 'loan', dir: 'loan', build: 'gradle' },
      { name: 'core', dir: 'core', build: 'gradle' },
    ];
    const files: Record<string, string> = {
      'provider/build.gradle': "apply plugin: 'java'\napply from: 'dependencies.gradle'\n",
      'provider/dependencies.gradle': "dependencies {\n  implementation(project(path: ':loan'))\n}",
      'loan/build.gradle.kts': 'apply(from = "gradle/deps.gradle.kts")',
      'loan/gradle/deps.gradle.kts': 'dependencies { implementation(project(":core")) }',
    };
    const read = (p: string) => files[p];
    expect([...moduleDependencies('provider', modules, read)].sort()).toEqual(['core', 'loan']);
  });
});

// openapi-generator, the real CLI jar from Maven Central, for the OpenAPI consumer tests. Maven
// fetches it into the local repository on first use (a fresh machine has only Maven and a JDK),
// then every generation runs in one JVM (`batch`), and the generated Java sources compile against
// the classpath Maven resolves from the pom the generator writes.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { QUICK_JVM, quickMavenEnv } from '../quick-jvm';
import { run, type RunResult } from './files';

export const GENERATOR_VERSION = '7.25.0';
const ARTIFACT = `org.openapitools:openapi-generator-cli:${GENERATOR_VERSION}`;

function localRepository(): string {
  return process.env.MAVEN_REPO_LOCAL ?? join(homedir(), '.m2', 'repository');
}

function expectOk(what: string, r: RunResult): void {
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status}):\n${r.stdout.slice(-4000)}\n${r.stderr.slice(-4000)}`);
}

/** The jar's path; asks Maven for it when the local repository lacks it. */
export async function generatorJar(): Promise<string> {
  const jar = join(localRepository(), 'org/openapitools/openapi-generator-cli', GENERATOR_VERSION, `openapi-generator-cli-${GENERATOR_VERSION}.jar`);
  if (!existsSync(jar)) expectOk('mvn dependency:get', await run('mvn', ['-q', '-B', 'dependency:get', `-Dartifact=${ARTIFACT}`, '-Dtransitive=false'], { env: quickMavenEnv(), timeoutMs: 600_000 }));
  if (!existsSync(jar)) throw new Error(`Maven did not put ${jar} in place`);
  return jar;
}

export interface Generation {
  generatorName: 'typescript-fetch' | 'java';
  inputSpec: string;
  outputDir: string;
  /** Java: the package the classes go in, distinct per spec so all compile in one javac run. */
  javaPackage?: string;
}

/** Runs every generation in one JVM, two at a time (the machines have two cores). */
export async function generate(jar: string, dir: string, generations: readonly Generation[]): Promise<RunResult> {
  const configs = generations.map((g, i) => {
    const file = join(dir, `gen-${i}.json`);
    const config: Record<string, unknown> = { generatorName: g.generatorName, inputSpec: g.inputSpec, outputDir: g.outputDir };
    if (g.generatorName === 'java') {
      // `native`: java.net.http plus Jackson, the library with the fewest dependencies.
      config.library = 'native';
      config.apiPackage = `${g.javaPackage}.api`;
      config.modelPackage = `${g.javaPackage}.model`;
      config.invokerPackage = g.javaPackage;
      config.additionalProperties = { hideGenerationTimestamp: true };
    }
    writeFileSync(file, JSON.stringify(config));
    return file;
  });
  return run('java', [...QUICK_JVM, '-jar', jar, 'batch', '--fail-fast', '--threads', '2', ...configs], { cwd: dir, timeoutMs: 900_000 });
}

/** The compile classpath of a generated Java client, from its pom. */
export async function javaClasspath(projectDir: string): Promise<string> {
  const out = join(projectDir, 'classpath.txt');
  expectOk('mvn dependency:build-classpath', await run('mvn', ['-q', '-B', '-f', join(projectDir, 'pom.xml'), 'dependency:build-classpath', `-Dmdep.outputFile=${out}`, '-Dmdep.includeScope=compile'], { env: quickMavenEnv(), timeoutMs: 600_000 }));
  return readFileSync(out, 'utf8').trim();
}

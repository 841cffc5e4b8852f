// Whether a module's own build packages it as a runnable Spring Boot application: the
// spring-boot-maven-plugin in its pom's build (not only in a profile or in pluginManagement, not
// skipped), or the `org.springframework.boot` Gradle plugin applied to it (in its build file, not
// declared with `apply false`, or by an enclosing build's `subprojects {}`/`allprojects {}`) with
// bootJar left enabled. A module that carries a @SpringBootApplication class for running it alone in
// development (Nacos' naming and config modules) but is packaged as a plain jar and built into
// another application is served by that application (endpoints-by-application.ts).
// Build files are read with regular expressions, never evaluated.

import { moduleBuildFiles, stripComments, type ModuleInfo } from './modules';

type Read = (path: string) => string | undefined;

/** Whether `m`'s build packages it as a Spring Boot application. */
export function bootPackaged(m: ModuleInfo, read: Read): boolean {
  for (const file of moduleBuildFiles(m)) {
    const text = read(file);
    if (text === undefined) continue;
    if (file.endsWith('pom.xml') ? mavenBootPackaged(text) : gradleBootPackaged(withoutBlocks(stripComments(text)), inheritedGradle(m, read))) return true;
  }
  return false;
}

function mavenBootPackaged(pom: string): boolean {
  const main = pom
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<profiles>[\s\S]*?<\/profiles>/g, ' ')
    .replace(/<pluginManagement>[\s\S]*?<\/pluginManagement>/g, ' ');
  for (const plugin of main.match(/<plugin>[\s\S]*?<\/plugin>/g) ?? []) {
    if (!/<artifactId>\s*spring-boot-maven-plugin\s*<\/artifactId>/.test(plugin)) continue;
    if (/<skip>\s*true\s*<\/skip>/.test(plugin)) continue;
    return true;
  }
  return false;
}

// id 'org.springframework.boot' (not followed by `apply false` on its line), id("org.springframework.boot"), apply plugin: 'org.springframework.boot'
const PLUGIN_ID = /\bid\s*\(?\s*["']org\.springframework\.boot["'][^\n;]*/g;
const PLUGIN_APPLIED = /apply\s*\(?\s*plugin\s*[:=]\s*["']org\.springframework\.boot["']/;
// bootJar { enabled = false }, tasks.bootJar { enabled = false }, bootJar.enabled = false, tasks.named("bootJar") { enabled = false }
const BOOT_JAR_ENABLED = /bootJar["']?\s*\)?\s*(?:\{[^}]*\benabled\s*=\s*(true|false)|\.enabled\s*=\s*(true|false))/;

/** `build` (comments stripped) under `inherited`: the `subprojects`/`allprojects` blocks of the builds around it. */
function gradleBootPackaged(build: string, inherited: readonly string[]): boolean {
  if (!appliesBoot(build) && !inherited.some(appliesBoot)) return false;
  // The module's own bootJar setting wins over one an enclosing block made.
  for (const text of [build, ...inherited]) {
    const m = BOOT_JAR_ENABLED.exec(text);
    if (m) return (m[1] ?? m[2]) === 'true';
  }
  return true;
}

function appliesBoot(build: string): boolean {
  if (PLUGIN_APPLIED.test(build)) return true;
  for (const m of build.matchAll(PLUGIN_ID)) if (!/\bapply\s*\(?\s*false\b/.test(m[0])) return true;
  return false;
}

/**
 * The `subprojects {}` and `allprojects {}` blocks of the Gradle builds in the folders above `m`,
 * nearest first (a root's `allprojects` applies to the root too, so `m`'s own build's is read there).
 */
function inheritedGradle(m: ModuleInfo, read: Read): string[] {
  const out: string[] = [];
  const own = m.dir ? read(`${m.dir}/build.gradle`) ?? read(`${m.dir}/build.gradle.kts`) : read('build.gradle') ?? read('build.gradle.kts');
  if (own !== undefined) out.push(...blocks(stripComments(own), 'allprojects'));
  if (!m.dir) return out;
  const parts = m.dir.split('/');
  for (let n = parts.length - 1; n >= 0; n--) {
    const dir = parts.slice(0, n).join('/');
    const text = read(dir ? `${dir}/build.gradle` : 'build.gradle') ?? read(dir ? `${dir}/build.gradle.kts` : 'build.gradle.kts');
    if (text === undefined) continue;
    const build = stripComments(text);
    out.push(...blocks(build, 'subprojects'), ...blocks(build, 'allprojects'));
  }
  return out;
}

/** The bodies of `name { ... }` blocks in a build. */
function blocks(build: string, name: string): string[] {
  return blockSpans(build, name).map(([open, close]) => build.slice(open, close));
}

/** The build without its `subprojects {}` and `allprojects {}` blocks: what it says of itself alone. */
function withoutBlocks(build: string): string {
  const spans = [...blockSpans(build, 'subprojects'), ...blockSpans(build, 'allprojects')].sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [open, close] of spans) {
    if (open < at) continue; // inside one cut already
    out += build.slice(at, open);
    at = close;
  }
  return out + build.slice(at);
}

/** Where the bodies of `name { ... }` blocks start and end (braces counted; strings in build files rarely hold one). */
function blockSpans(build: string, name: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const m of build.matchAll(new RegExp(String.raw`\b${name}\s*\{`, 'g'))) {
    const open = m.index! + m[0].length;
    let depth = 1;
    let i = open;
    for (; i < build.length && depth > 0; i++) depth += build[i] === '{' ? 1 : build[i] === '}' ? -1 : 0;
    out.push([open, depth ? i : i - 1]);
  }
  return out;
}

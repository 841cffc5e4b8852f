// Whether a module's own build packages it as a runnable Spring Boot application: the
// spring-boot-maven-plugin in its pom's build (not only in a profile or in pluginManagement, not
// skipped), or the `org.springframework.boot` Gradle plugin applied in its build file with bootJar
// left enabled. A module that carries a @SpringBootApplication class for running it alone in
// development (Nacos' naming and config modules) but is packaged as a plain jar and built into
// another application is served by that application (endpoints-by-application.ts).
// Build files are read with regular expressions, never evaluated.

import { moduleBuildFiles, stripComments, type ModuleInfo } from './modules';

type Read = (path: string) => string | undefined;

/** Whether `m`'s own build file packages it as a Spring Boot application. */
export function bootPackaged(m: ModuleInfo, read: Read): boolean {
  for (const file of moduleBuildFiles(m)) {
    const text = read(file);
    if (text === undefined) continue;
    if (file.endsWith('pom.xml') ? mavenBootPackaged(text) : gradleBootPackaged(stripComments(text))) return true;
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

function gradleBootPackaged(build: string): boolean {
  // id 'org.springframework.boot', id("org.springframework.boot"), apply plugin: 'org.springframework.boot'
  const applied = /\bid\s*\(?\s*["']org\.springframework\.boot["']/.test(build) || /apply\s*\(?\s*plugin\s*[:=]\s*["']org\.springframework\.boot["']/.test(build);
  if (!applied) return false;
  // bootJar { enabled = false }, tasks.bootJar { enabled = false }, bootJar.enabled = false, tasks.named("bootJar") { enabled = false }
  return !/bootJar["']?\s*\)?\s*(\{[^}]*\benabled\s*=\s*false|\.enabled\s*=\s*false)/.test(build);
}

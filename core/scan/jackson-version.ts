// Whether the application's JSON is written by Jackson 3, read once for the project from its build
// files: Spring Boot 4 or later (the parent pom, the Gradle plugin, the BOM, a version in
// gradle.properties or the version catalog) puts Jackson 3 behind its web layer, and a
// `tools.jackson` dependency is Jackson 3 itself. Spring Boot 4 keeps Jackson 3 for HTTP even beside
// `spring-boot-jackson2` (halo): only `spring.http.converters.preferred-json-mapper=jackson2` makes
// it write with Jackson 2, which the scanner reads from the application's properties.
// Jackson 3's defaults that change what a model looks like: properties sorted alphabetically
// (MapperFeature.SORT_PROPERTIES_ALPHABETICALLY is on). Its dates as ISO strings change nothing
// here: Spring Boot already turned timestamps off for Jackson 2, as the models assume.

import { blankXmlComments } from './config-text';
import type { ModuleInfo } from './modules';
import { stripComments } from './modules';

/** Files beside the modules' build files that name the Spring Boot version of a Gradle build. */
const GRADLE_VERSION_FILES = ['gradle.properties', 'gradle/libs.versions.toml'];

/** A Jackson 3 artifact (`tools.jackson.core:jackson-databind`, `<groupId>tools.jackson.core</groupId>`). */
const JACKSON3_ARTIFACT = /\btools\.jackson\.(?:core|module|datatype|dataformat|jaxrs|jakarta)\b/;
/** Spring Boot's major version in a Gradle script or the version catalog. */
const GRADLE_BOOT_VERSION = [
  // id 'org.springframework.boot' version '4.0.1', id("org.springframework.boot") version "4.0.1"
  /\borg\.springframework\.boot['"]\s*\)?\s*version\s*\(?\s*['"](\d+)\./g,
  // org.springframework.boot:spring-boot-gradle-plugin:4.0.1, a BOM, or the catalog's plugin `org.springframework.boot:4.0.1`
  /\borg\.springframework\.boot:(?:spring-boot-[\w-]+:)?(\d+)\./g,
  // springBootVersion = '4.0.1', spring-boot = "4.0.1" (catalog [versions]), springBootVersion=4.0.1 (gradle.properties)
  /(?<![\w-])spring[-_.]?boot(?:[-_.]?version)?['"]?\s*[=:,]\s*['"]?(\d+)\./gi,
  // { id = "org.springframework.boot", version = "4.0.1" }
  /\bid\s*=\s*['"]org\.springframework\.boot['"]\s*,\s*version\s*=\s*['"](\d+)\./g,
];

/**
 * True when a build file of the project (any module's, or the Gradle version files at the root)
 * builds with Spring Boot 4+ or depends on Jackson 3.
 */
export function buildsWithJackson3(modules: readonly ModuleInfo[], read: (path: string) => string | undefined): boolean {
  const files = modules.flatMap((m) => (m.build === 'maven' ? ['pom.xml'] : m.build === 'gradle' ? ['build.gradle', 'build.gradle.kts'] : []).map((n) => (m.dir ? `${m.dir}/${n}` : n)));
  for (const file of [...files, ...GRADLE_VERSION_FILES]) {
    const text = read(file);
    if (text !== undefined && jackson3In(text, file)) return true;
  }
  return false;
}

/** Whether one build file's text (comments left out) says Spring Boot 4+ or Jackson 3. */
export function jackson3In(text: string, file: string): boolean {
  if (file.endsWith('.xml')) return pomSaysJackson3(blankXmlComments(text));
  const code = file.endsWith('.toml') || file.endsWith('.properties') ? text.replace(/^\s*#.*$/gm, '') : stripComments(text);
  if (JACKSON3_ARTIFACT.test(code)) return true;
  return GRADLE_BOOT_VERSION.some((re) => [...code.matchAll(re)].some((m) => Number(m[1]) >= 4));
}

/** A pom's parent, managed import or plugin of Spring Boot 4+ (its version literal or a property of the pom), or a Jackson 3 dependency. */
function pomSaysJackson3(pom: string): boolean {
  if (JACKSON3_ARTIFACT.test(pom)) return true;
  for (const m of pom.matchAll(/<(parent|dependency|plugin)>([\s\S]*?)<\/\1>/g)) {
    // Its own coordinates: not those of what it excludes (a library's 4.x excluding a Boot starter).
    const block = m[2]!.replace(/<exclusions>[\s\S]*?<\/exclusions>/g, '');
    if (/<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(block)?.[1] !== 'org.springframework.boot') continue;
    let version = /<version>\s*([^<\s]+)\s*<\/version>/.exec(block)?.[1];
    const property = version && /^\$\{([\w.-]+)\}$/.exec(version)?.[1];
    if (property) version = new RegExp(`<${property.replace(/\./g, '\\.')}>\\s*([^<\\s]+)\\s*</${property.replace(/\./g, '\\.')}>`).exec(pom)?.[1];
    const major = version ? /^(\d+)\./.exec(version)?.[1] : undefined;
    if (major && Number(major) >= 4) return true;
  }
  return false;
}

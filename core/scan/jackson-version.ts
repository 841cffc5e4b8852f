// Whether the application's JSON is written by Jackson 3, read once for the project from its build
// files: Spring Boot 4 or later (the parent pom, the Gradle plugin, the BOM, a version in
// gradle.properties or the version catalog) puts Jackson 3 behind its web layer, and a
// `tools.jackson` dependency is Jackson 3 itself. Spring Boot 4 keeps Jackson 3 for HTTP even beside
// `spring-boot-jackson2` (halo): only `spring.http.converters.preferred-json-mapper=jackson2` makes
// it write with Jackson 2, which the scanner reads from the application's properties.
// A build that names no Spring Boot version (its parent pom is a company's, outside the repository)
// leaves it to the code: Jackson 3 lives in `tools.jackson.*` (its annotations stay in
// `com.fasterxml.jackson.annotation`), so code importing it builds against Jackson 3.
// Jackson 3's defaults that change what a model looks like: properties sorted alphabetically
// (MapperFeature.SORT_PROPERTIES_ALPHABETICALLY is on). Its dates as ISO strings change nothing
// here: Spring Boot already turned timestamps off for Jackson 2, as the models assume.

import { blankXmlComments } from './config-text';
import type { ModuleInfo } from './modules';
import type { ProjectIndex } from './project-index';
import { moduleBuildFiles, stripComments } from './modules';
import { inTestSources } from './source-files';

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

/** The Jackson a build says its application writes with: 3 (Spring Boot 4+, or a Jackson 3 artifact), 2 (an older Spring Boot), or undefined when it names no Boot version (a parent pom outside the repository). */
export type JacksonMajor = 2 | 3;

/**
 * True when a build file of the project (any module's, or the Gradle version files at the root)
 * builds with Spring Boot 4+ or depends on Jackson 3.
 */
export function buildsWithJackson3(modules: readonly ModuleInfo[], read: (path: string) => string | undefined): boolean {
  return jacksonOfBuild(modules, read) === 3;
}

/**
 * What the project's build files say: 3 when any says Spring Boot 4+ or Jackson 3, else 2 when any
 * names an older Spring Boot, else undefined (the code's imports decide, jackson3Code).
 */
export function jacksonOfBuild(modules: readonly ModuleInfo[], read: (path: string) => string | undefined): JacksonMajor | undefined {
  const files = modules.flatMap(moduleBuildFiles);
  let said: JacksonMajor | undefined;
  for (const file of [...files, ...GRADLE_VERSION_FILES]) {
    const text = read(file);
    const major = text === undefined ? undefined : jacksonIn(text, file);
    if (major === 3) return 3;
    said ??= major;
  }
  return said;
}

/** Whether one build file's text (comments left out) says Spring Boot 4+ or Jackson 3. */
export function jackson3In(text: string, file: string): boolean {
  return jacksonIn(text, file) === 3;
}

/** What one build file's text (comments left out) says: 3 for Spring Boot 4+ or a Jackson 3 artifact, 2 for an older Boot, else undefined. */
function jacksonIn(text: string, file: string): JacksonMajor | undefined {
  if (file.endsWith('.xml')) return majorOf(pomBootMajors(blankXmlComments(text)));
  const code = file.endsWith('.toml') || file.endsWith('.properties') ? text.replace(/^\s*#.*$/gm, '') : stripComments(text);
  if (JACKSON3_ARTIFACT.test(code)) return 3;
  return majorOf(GRADLE_BOOT_VERSION.flatMap((re) => [...code.matchAll(re)].map((m) => Number(m[1]))));
}

function majorOf(bootMajors: readonly number[]): JacksonMajor | undefined {
  if (bootMajors.some((n) => n >= 4)) return 3;
  return bootMajors.length ? 2 : undefined;
}

/** The Spring Boot majors of a pom's parent, managed imports and plugins (a version literal or a property of the pom); a Jackson 3 dependency counts as 4. */
function pomBootMajors(pom: string): number[] {
  if (JACKSON3_ARTIFACT.test(pom)) return [4];
  const out: number[] = [];
  for (const m of pom.matchAll(/<(parent|dependency|plugin)>([\s\S]*?)<\/\1>/g)) {
    // Its own coordinates: not those of what it excludes (a library's 4.x excluding a Boot starter).
    const block = m[2]!.replace(/<exclusions>[\s\S]*?<\/exclusions>/g, '');
    if (/<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(block)?.[1] !== 'org.springframework.boot') continue;
    let version = /<version>\s*([^<\s]+)\s*<\/version>/.exec(block)?.[1];
    const property = version && /^\$\{([\w.-]+)\}$/.exec(version)?.[1];
    if (property) version = new RegExp(`<${property.replace(/\./g, '\\.')}>\\s*([^<\\s]+)\\s*</${property.replace(/\./g, '\\.')}>`).exec(pom)?.[1];
    const major = version ? /^(\d+)\./.exec(version)?.[1] : undefined;
    if (major) out.push(Number(major));
  }
  return out;
}


/** Whether any main source file imports Jackson 3 (`import tools.jackson.databind.ObjectMapper;`): the code is built against it. */
export function importsJackson3(index: ProjectIndex): boolean {
  for (const e of index.files.values()) if (e.importsJackson3 && !inTestSources(e.path)) return true;
  return false;
}

// The JSON provider a JAX-RS module's own build names: JSON-B's or Jackson's (jsonb-fastjson-mapper.ts
// decides per application from these), and the JSON-B version where the build says it. Build facts:
// an edit that changes either re-scans every endpoint.

import { blankXmlComments } from './config-text';
import { buildText } from './json-mapper';
import { stripComments } from './modules';
import type { ModuleInfo } from './modules';

/** Server-side JSON-B providers of JAX-RS runtimes (clients' `-client-jsonb` are not). */
const JSONB_PROVIDER = /\bquarkus-(?:resteasy-reactive-|resteasy-|rest-)jsonb(?![\w-])|\bjersey-media-json-binding\b|\bresteasy-json-binding-provider\b|\byasson\b|\bjohnzon-jsonb\b/;
/** Jackson's providers for the same runtimes (Spring Boot's Jersey starter brings Jersey's): with one there, Jackson writes. */
const JACKSON_PROVIDER = /\bquarkus-(?:resteasy-reactive-|resteasy-|rest-)jackson(?![\w-])|\bjersey-media-json-jackson\b|\bspring-boot-starter-jersey\b|\bresteasy-jackson2?-provider\b|\bjackson-(?:jaxrs|jakarta-rs)-json-provider\b|\bjackson-jaxrs-base\b|\bdropwizard-core\b/;
/** Open Liberty features that bring JSON-B to its JAX-RS: jsonb itself, or a platform or MicroProfile that includes it. */
const LIBERTY_JSONB = /<feature>\s*(?:jsonb-\d|webProfile-(?:8|9|1\d)|javaee-8|jakartaee-(?:9|1\d)|microProfile-(?:[2-9]|\d\d))/;

/** The JAX-RS JSON provider a module's own build (or Liberty server.xml) names, Jackson's first. */
export function jaxRsJsonProvider(m: ModuleInfo, read: (path: string) => string | undefined): 'jsonb' | 'jackson' | undefined {
  const build = buildText(m, read);
  if (JACKSON_PROVIDER.test(build)) return 'jackson';
  if (JSONB_PROVIDER.test(build)) return 'jsonb';
  // Only a Liberty build (its Maven or Gradle plugin) has a server.xml that says so.
  if (!/liberty/i.test(build)) return undefined;
  const server = read(m.dir ? `${m.dir}/src/main/liberty/config/server.xml` : 'src/main/liberty/config/server.xml');
  return server && LIBERTY_JSONB.test(server.replace(/<!--[\s\S]*?-->/g, '')) ? 'jsonb' : undefined;
}

/** Builds naming JSON-B's API or Yasson with a literal version (or a property of the same build file holding one). */
const JSONB_ARTIFACT = /\b(jakarta\.json\.bind-api|yasson)(?:<\/artifactId>\s*<version>|:)\s*([\w.${}-]+)/g;
/** Liberty features that fix the JSON-B version: jsonb itself, or the platform or MicroProfile release that includes it. */
const LIBERTY_VERSION: Array<[RegExp, 2 | 3]> = [
  [/<feature>\s*(?:jsonb-2\.0|jakartaee-9\.\d|webProfile-9\.\d|microProfile-5\.\d)\s*<\/feature>/, 2],
  [/<feature>\s*(?:jsonb-3\.0|jakartaee-1\d|webProfile-1\d|microProfile-[6-9]\.\d)/, 3],
];

/** Platform BOMs (or parents) whose major fixes the JSON-B they manage: Jakarta EE 9 (JSON-B 2.0), 10 and later (3.0); Spring Boot 3+ and Quarkus 3+ manage Yasson 3 (JSON-B 3.0). */
const PLATFORM = /\b(jakarta\.jakartaee-(?:bom|api|web-api|core-api)|spring-boot-(?:starter-parent|dependencies)|quarkus-bom|quarkus-universe-bom)(?:<\/artifactId>\s*<version>|:)\s*([\w.${}-]+)/g;

/**
 * The JSON-B version (2: Jakarta EE 9's, 3: EE 10's and later) a module's build names, where it
 * names one alone: its own build file or a parent pom of the project (Yasson's or the API's
 * version, managed or not), else a platform BOM it imports or inherits, else its Liberty
 * server.xml; undefined otherwise (1.0 is javax's, said by the model's imports).
 */
export function jsonbVersion(m: ModuleInfo, read: (path: string) => string | undefined): 2 | 3 | undefined {
  // Comments left out: a version commented out of a pom (an earlier Yasson) is not one the build names.
  const own = buildText(m, read);
  const builds = [m.build === 'maven' ? blankXmlComments(own) : stripComments(own), ...(m.build === 'maven' ? parentPoms(m.dir, read).map(blankXmlComments) : [])];
  const all = builds.join('\n');
  // A property resolves from the module's own pom first, then its parents'.
  const literal = (version: string) => (version.startsWith('${') ? new RegExp(`<${version.slice(2, -1).replace(/[.]/g, '\\.')}>\\s*([\\d.]+)`).exec(all)?.[1] : version);
  const majors = (pattern: RegExp, map: (artifact: string, major: number) => 2 | 3 | undefined) => {
    const found = new Set<number>();
    for (const [, artifact, version] of all.matchAll(pattern)) {
      const major = Number(/^(\d+)\./.exec(literal(version!) ?? '')?.[1]);
      const v = map(artifact!, major);
      if (v !== undefined) found.add(v);
    }
    return found;
  };
  // Yasson 2 implements JSON-B 2.0, Yasson 3 JSON-B 3.0, as the API's own majors; a version written wins over a BOM's.
  let found = majors(JSONB_ARTIFACT, (_, major) => (major === 2 || major === 3 ? major : undefined));
  if (!found.size) found = majors(PLATFORM, platformJsonb);
  const build = builds[0]!;
  if (!found.size && /liberty/i.test(build)) {
    const server = (read(m.dir ? `${m.dir}/src/main/liberty/config/server.xml` : 'src/main/liberty/config/server.xml') ?? '').replace(/<!--[\s\S]*?-->/g, '');
    for (const [feature, version] of LIBERTY_VERSION) if (feature.test(server)) found.add(version);
  }
  return found.size === 1 ? ([...found][0] as 2 | 3) : undefined;
}

/** The JSON-B a platform of this major manages. */
function platformJsonb(artifact: string, major: number): 2 | 3 | undefined {
  if (artifact.startsWith('jakarta.jakartaee')) return major === 9 ? 2 : major >= 10 ? 3 : undefined;
  return major >= 3 ? 3 : undefined;
}

/** The parent poms of a Maven module that are the project's own (`<relativePath>`, by default `../pom.xml`), nearest first. */
function parentPoms(dir: string, read: (path: string) => string | undefined): string[] {
  const out: string[] = [];
  let at = dir;
  let pom = read(at ? `${at}/pom.xml` : 'pom.xml');
  while (pom !== undefined && out.length < 8) {
    const parent = /<parent>([\s\S]*?)<\/parent>/.exec(pom.replace(/<!--[\s\S]*?-->/g, ''))?.[1];
    if (parent === undefined) break;
    const relative = /<relativePath>\s*([^<]*?)\s*<\/relativePath>/.exec(parent)?.[1] ?? '../pom.xml';
    // An empty relativePath: the parent comes from a repository, not the project.
    if (!relative) break;
    const path = normalize(at ? `${at}/${relative}` : relative);
    if (path === undefined) break;
    const file = path.endsWith('.xml') ? path : `${path}/pom.xml`;
    pom = read(file);
    // Maven takes the pom there only when it is the parent named (spring-boot-starter-parent's module beside an aggregator is not its child).
    if (pom === undefined || artifactOf(parent) !== artifactOf(pom.replace(/<!--[\s\S]*?-->/g, '').replace(/<parent>[\s\S]*?<\/parent>/, ''))) break;
    out.push(pom);
    at = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  }
  return out;
}

/** The first `<artifactId>` of a pom's text (its own, once its `<parent>` is taken out), or of a `<parent>` block. */
function artifactOf(xml: string): string | undefined {
  return /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(xml)?.[1];
}

/** A project-relative path with `.` and `..` resolved; undefined where it leaves the project. */
function normalize(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

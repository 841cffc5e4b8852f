// The JSON provider a JAX-RS module's own build names: JSON-B's or Jackson's (jsonb-fastjson-mapper.ts
// decides per application from these), and the JSON-B version where the build says it. Build facts:
// an edit that changes either re-scans every endpoint.

import { buildText } from './json-mapper';
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
const JSONB_ARTIFACT = /\b(?:jakarta\.json\.bind-api|yasson)(?:<\/artifactId>\s*<version>|:)\s*([\w.${}-]+)/g;
/** Liberty features that fix the JSON-B version: jsonb itself, or the platform or MicroProfile release that includes it. */
const LIBERTY_VERSION: Array<[RegExp, 2 | 3]> = [
  [/<feature>\s*(?:jsonb-2\.0|jakartaee-9\.\d|webProfile-9\.\d|microProfile-5\.\d)\s*<\/feature>/, 2],
  [/<feature>\s*(?:jsonb-3\.0|jakartaee-1\d|webProfile-1\d|microProfile-[6-9]\.\d)/, 3],
];

/**
 * The JSON-B version (2: Jakarta EE 9's, 3: EE 10's and later) a module's own build (or Liberty
 * server.xml) names, where it names one alone; undefined otherwise (1.0 is javax's, said by the
 * model's imports).
 */
export function jsonbVersion(m: ModuleInfo, read: (path: string) => string | undefined): 2 | 3 | undefined {
  const build = buildText(m, read);
  const found = new Set<number>();
  for (const [, version] of build.matchAll(JSONB_ARTIFACT)) {
    const literal = version!.startsWith('${') ? new RegExp(`<${version!.slice(2, -1).replace(/[.]/g, '\\.')}>\\s*([\\d.]+)`).exec(build)?.[1] : version;
    const major = Number(/^(\d+)\./.exec(literal ?? '')?.[1]);
    // Yasson 2 implements JSON-B 2.0, Yasson 3 JSON-B 3.0, as the API's own majors.
    if (major === 2 || major === 3) found.add(major);
  }
  if (/liberty/i.test(build)) {
    const server = (read(m.dir ? `${m.dir}/src/main/liberty/config/server.xml` : 'src/main/liberty/config/server.xml') ?? '').replace(/<!--[\s\S]*?-->/g, '');
    for (const [feature, version] of LIBERTY_VERSION) if (feature.test(server)) found.add(version);
  }
  return found.size === 1 ? ([...found][0] as 2 | 3) : undefined;
}

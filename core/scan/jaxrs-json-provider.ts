// The JSON provider a JAX-RS module's own build names: JSON-B's or Jackson's (jsonb-fastjson-mapper.ts
// decides per application from these). A build fact: an edit that changes it re-scans every endpoint.

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

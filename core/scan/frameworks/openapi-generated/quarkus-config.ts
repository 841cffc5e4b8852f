// Spec-first Quarkus: the quarkus-openapi-generator "server" extension generates the JAX-RS
// interfaces at build time from `quarkus.openapi.generator.server.*` in the module's
// application.properties / .yml, not from a build-file plugin. With `use=openapitools` it runs
// openapi-generator's Java client codegen with the api name suffix `Resource`: one interface per
// tag (every tag of an operation, `DefaultResource` when untagged) in `<base-package>.resources`,
// and no server path on the interface. The Apicurio generator (the default `use`) names its
// interfaces differently and is not read here.

import { posix } from 'node:path';
import { flattenYaml, parseProperties } from '../../../config/spring-boot-config';
import type { Diagnostic } from '../../../model/endpoint';
import type { GeneratorConfig } from './build-config';

/** The generator name a Quarkus configuration stands for (its framework is JAX-RS). */
export const QUARKUS_SERVER_GENERATOR = 'quarkus-openapi-generator-server';
/** The interface name suffix that generator uses instead of `Api`. */
export const QUARKUS_API_SUFFIX = 'Resource';

const PREFIX = 'quarkus.openapi.generator.server.';
const RESOURCES = 'src/main/resources';
const DEFAULT_INPUT_DIR = `${RESOURCES}/openapi`;
// Quarkus gives application.yaml a higher ordinal than application.properties: read it last so it wins.
const FILES = ['application.properties', 'application.yml', 'application.yaml'];

/**
 * The module's server-generator configuration, undefined when it sets no spec or another
 * generator. `read` is the scan's project file reader: each file it is asked for becomes an
 * input of the scan, so editing the configuration or the spec re-scans.
 */
export function quarkusServerConfig(moduleDir: string, read: (path: string) => string | undefined, problems: Diagnostic[]): GeneratorConfig | undefined {
  const props = new Map<string, string>();
  const where = new Map<string, { file: string; text: string }>();
  for (const name of FILES) {
    const file = [moduleDir, RESOURCES, name].filter(Boolean).join('/');
    const text = read(file);
    if (text === undefined || !text.includes('openapi')) continue;
    let flat: Map<string, string>;
    try {
      flat = name.endsWith('.properties') ? parseProperties(text) : flattenYaml(text);
    } catch {
      continue; // the scan's config reader already reports a broken application file
    }
    for (const [k, v] of flat) {
      if (!k.startsWith(PREFIX)) continue;
      props.set(k.slice(PREFIX.length), v.trim());
      where.set(k.slice(PREFIX.length), { file, text });
    }
  }
  const spec = props.get('spec');
  const basePackage = props.get('base-package');
  if (!spec || props.get('use')?.toLowerCase() !== 'openapitools') return undefined;
  const at = where.get('spec')!;
  const line = lineOfKey(at.text, at.file.endsWith('.properties') ? `${PREFIX}spec` : 'spec');
  if (!basePackage) {
    problems.push({ file: at.file, line, message: `quarkus-openapi-generator: ${PREFIX}base-package is not set; apiscout does not know the package of the interfaces it generates` });
  }
  const inputDir = props.get('input-base-dir') || DEFAULT_INPUT_DIR;
  const full = posix.normalize(posix.join(moduleDir, inputDir, spec));
  return {
    moduleDir,
    buildFile: at.file,
    line,
    generator: QUARKUS_SERVER_GENERATOR,
    inputSpec: full.startsWith('..') || posix.isAbsolute(full) || /\$\{/.test(full) ? undefined : full,
    inputSpecText: spec,
    ...(basePackage ? { apiPackage: `${basePackage}.resources` } : {}),
    generatesModels: false, // the models are not read from this configuration (yet)
    options: { useTags: 'true' },
  };
}

/** The 1-based line that sets the spec: the dotted key of a .properties file, or `spec:` under `openapi` in YAML. */
function lineOfKey(text: string, key: string): number {
  const from = Math.max(0, key.includes('.') ? 0 : text.indexOf('openapi'));
  const m = new RegExp(`^[ \\t]*${key.replace(/[.]/g, '\\.')}[ \\t]*[=:]`, 'm').exec(text.slice(from));
  return m ? text.slice(0, from + m.index).split('\n').length : 1;
}

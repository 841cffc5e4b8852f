// The YAML parser, loaded on first use. Most runs parse no YAML: an `export` reads the project's
// config only for server.port and placeholders, and a warm scan none at all, yet compiling the
// parser cost every such run about 10 ms. In the build it is one CommonJS file beside the bundle
// (rollup.config.mjs), so it loads synchronously where a parse needs it; from source, the package.

import { lazyRequire } from '../lazy-require';

type Yaml = typeof import('yaml');

let failed = false;

/**
 * Whether loading a YAML parser has failed in this thread (a file missing beside the bundle): its
 * config files and specs then read as unreadable, so a parse worker's share of the roots, which
 * must read them as the scanner does, is given up (root-share.ts).
 */
export function yamlLibFailed(): boolean {
  return failed;
}

/** `load`, noting a failure to load. */
function noting<T>(load: () => T): () => T {
  return () => {
    try {
      return load();
    } catch (e) {
      failed = true;
      throw e;
    }
  };
}

export const yamlLib: () => Yaml = noting(lazyRequire<Yaml>(import.meta.url.endsWith('.mjs') ? './yaml.cjs' : 'yaml'));

type SpecYaml = typeof import('js-yaml');

const specYaml: () => SpecYaml = noting(lazyRequire<SpecYaml>(import.meta.url.endsWith('.mjs') ? './spec-yaml.cjs' : 'js-yaml'));

/**
 * An OpenAPI spec's YAML as plain data. js-yaml reads a large spec several times faster than
 * `yaml` (bench/README); its core schema reads scalars as `yaml` does (no dates, no merge keys),
 * and a duplicated key is an error in both.
 */
export function parseSpecYaml(text: string): unknown {
  const lib = specYaml();
  return lib.load(text, { schema: lib.CORE_SCHEMA });
}

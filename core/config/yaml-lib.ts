// The YAML parser, loaded on first use. Most runs parse no YAML: an `export` reads the project's
// config only for server.port and placeholders, and a warm scan none at all, yet compiling the
// parser cost every such run about 10 ms. In the build it is one CommonJS file beside the bundle
// (rollup.config.mjs), so it loads synchronously where a parse needs it; from source, the package.

import { lazyRequire } from '../lazy-require';

type Yaml = typeof import('yaml');

export const yamlLib: () => Yaml = lazyRequire<Yaml>(import.meta.url.endsWith('.mjs') ? './yaml.cjs' : 'yaml');

// Two outputs. dist/apiscout.mjs is both the CLI and the sidecar; dist/ui/ is the explorer web
// app the sidecar's UI server serves (app.js and its chunks, app.css, index.html), built for browsers.
// Native modules (tree-sitter and its grammars) cannot be bundled; they stay external and are
// resolved from node_modules at run time. The pure-JS libraries the sidecar loads at start are
// bundled: resolving and reading their hundreds of small files cost ~250 ms of every start.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { transpile } from './scripts/rollup-transpile.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED = new Set(['@sinclair/typebox', 'ajv', 'vscode-jsonrpc', 'yaml', 'js-yaml', 'ignore']);
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}).filter((d) => !BUNDLED.has(d)),
];

/**
 * A Node bundle of one entry point, native and listed dependencies left external. Dynamic imports
 * become chunks beside the entry (`apiscout-<name>.mjs`, in the same folder, so paths taken from
 * import.meta.url hold in every chunk): the CLI loads only the command it runs.
 */
const nodeBundle = (input, file) => ({
  input,
  output: {
    dir: dirname(file),
    entryFileNames: basename(file),
    chunkFileNames: `${basename(file, '.mjs')}-[name].mjs`,
    format: 'es',
    sourcemap: true,
  },
  external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
  plugins: [
    nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
    commonjs(),
    json(),
    // Type errors are tsc's job (npm run typecheck); the bundle build only transpiles.
    transpile({ tsconfig: './tsconfig.json' }),
  ],
  onwarn(warning, warn) {
    // Our own modules must not import in circles; bundled libraries are theirs to arrange.
    if (warning.code === 'CIRCULAR_DEPENDENCY') {
      if (warning.ids?.every((id) => id.includes('/node_modules/'))) return;
      throw new Error(warning.message);
    }
    warn(warning);
  },
});

const sidecar = nodeBundle('cli/entry.ts', 'dist/apiscout.mjs');

// The parse worker (core/scan/parse-pool.ts): its own small bundle beside the CLI's, which the
// scanner starts with `new URL('./parse-worker.mjs', import.meta.url)`.
const parseWorker = nodeBundle('core/scan/parse-worker.ts', 'dist/parse-worker.mjs');

// The web app: everything bundled (Preact, CodeMirror), minified, with the page and its style
// copied beside it. It imports only types from the bridge's protocol, so no Node code comes in.
// app.js draws the first screen (toolbar, search field, tree); the rest (the request editor with
// CodeMirror, panels, dialogs) is imported after the first paint, in chunks named by their content
// hash (`details.<hash>.js`): the UI server sends those as immutable, so a browser with a cache
// (JCEF's) keeps them and their compiled code across loads. app.js keeps its name (the page
// names it) and is revalidated on each load.
const ui = {
  input: 'ide-bridge/ui/main.tsx',
  output: {
    dir: 'dist/ui',
    entryFileNames: 'app.js',
    chunkFileNames: '[name].[hash].js',
    // CodeMirror and its parsers in one chunk, shared by the editor, the body viewer and the source view.
    manualChunks: (id) => (/\/node_modules\/(@codemirror|@lezer|crelt|style-mod|w3c-keyname)\//.test(id) ? 'codemirror' : undefined),
    format: 'es',
    sourcemap: true,
  },
  plugins: [
    nodeResolve({ browser: true, exportConditions: ['browser', 'import', 'default'] }),
    transpile({ tsconfig: './ide-bridge/ui/tsconfig.json' }),
    terser({ format: { comments: false } }),
    staticFiles(['ide-bridge/ui/index.html', 'ide-bridge/ui/app.css']),
    dropStaleChunks(),
  ],
  onwarn(warning, warn) {
    if (warning.code === 'CIRCULAR_DEPENDENCY' && !warning.ids?.every((id) => id.includes('/node_modules/'))) throw new Error(warning.message);
    if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
  },
};

function staticFiles(files) {
  return {
    name: 'static-files',
    buildStart() {
      for (const f of files) this.addWatchFile(f);
    },
    generateBundle() {
      for (const f of files) this.emitFile({ type: 'asset', fileName: basename(f), source: readFileSync(f) });
    },
  };
}

/** Chunks of earlier builds (other hashes) leave dist/ui: the sidecar and the IDE plugin ship the folder. */
function dropStaleChunks() {
  return {
    name: 'drop-stale-chunks',
    writeBundle(options, bundle) {
      for (const f of readdirSync(options.dir)) {
        if (/\.[A-Za-z0-9_-]{8}\.js(\.map)?$/.test(f) && !(f in bundle)) rmSync(join(options.dir, f));
      }
    },
  };
}

// The web app's Workers: each its own file, since the page's CSP admits workers from 'self' only,
// compiled on its own few files, not the whole app. Pretty for large bodies; the search field's
// matcher, the core's own (core/search), bundled rather than copied.
function uiWorker(input, file) {
  return {
    input,
    output: { file, format: 'es' },
    plugins: [
      transpile({ tsconfig: false, compilerOptions: { target: 'ES2022', module: 'ESNext', strict: true } }),
      terser({ format: { comments: false } }),
    ],
  };
}
/**
 * A library as one CommonJS file beside the bundle, required on first use, so runs that never
 * call it never compile it. Only what the code calls is exported (the entry is made here, as the
 * packages are CommonJS).
 */
function lazyLib(name, file, exports) {
  const entry = `\0${name}-entry`;
  return {
    input: entry,
    output: { file, format: 'cjs' },
    plugins: [
      { name: `${name}-entry`, resolveId: (id) => (id === entry ? id : null), load: (id) => (id === entry ? exports : null) },
      nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'require', 'default'] }),
      commonjs(),
    ],
    external: builtinModules,
  };
}
// The YAML parser of config files (core/config/yaml-lib.ts).
const yamlLib = lazyLib('yaml', 'dist/yaml.cjs', "export { parse, parseAllDocuments } from 'yaml';");
// OpenAPI specs' YAML parser: js-yaml reads a spec 5–7 times faster than `yaml` (gravitee's
// specs: 36–96 against 243–445 ms), whose documents and errors the config files keep.
const specYamlLib = lazyLib('spec-yaml', 'dist/spec-yaml.cjs', "export { load, CORE_SCHEMA } from 'js-yaml';");

const prettyWorker = uiWorker('ide-bridge/ui/pretty-worker.ts', 'dist/ui/pretty-worker.js');
const searchWorker = uiWorker('ide-bridge/ui/search-worker.ts', 'dist/ui/search-worker.js');

export default [sidecar, parseWorker, yamlLib, specYamlLib, ui, prettyWorker, searchWorker];

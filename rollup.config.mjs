// One bundle is both the CLI and the sidecar: dist/apiscout.mjs.
// Native modules (tree-sitter and its grammars) cannot be bundled; they stay external and are
// resolved from node_modules at run time. The pure-JS libraries the sidecar loads at start are
// bundled: resolving and reading their hundreds of small files cost ~250 ms of every start.
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const BUNDLED = new Set(['@sinclair/typebox', 'ajv', 'vscode-jsonrpc', 'yaml', 'ignore']);
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}).filter((d) => !BUNDLED.has(d)),
];

export default {
  input: 'cli/entry.ts',
  output: {
    file: 'dist/apiscout.mjs',
    format: 'es',
    sourcemap: true,
  },
  external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
  plugins: [
    nodeResolve({ preferBuiltins: true, exportConditions: ['node', 'import', 'default'] }),
    commonjs(),
    json(),
    typescript({
      tsconfig: './tsconfig.json',
      include: ['core/**/*.ts', 'cli/**/*.ts', 'ide-bridge/**/*.ts', 'scripts-sandbox/**/*.ts'],
      exclude: ['**/*.test.ts'],
      compilerOptions: { noEmit: false, declaration: false },
      // Type errors are tsc's job (npm test runs it); the bundle build only transpiles.
      noEmitOnError: false,
    }),
  ],
  onwarn(warning, warn) {
    // Our own modules must not import in circles; bundled libraries are theirs to arrange.
    if (warning.code === 'CIRCULAR_DEPENDENCY') {
      if (warning.ids?.every((id) => id.includes('/node_modules/'))) return;
      throw new Error(warning.message);
    }
    warn(warning);
  },
};

// One bundle is both the CLI and (later) the sidecar: dist/apiscout.mjs.
// Native modules (tree-sitter and its grammars) cannot be bundled; they stay external
// and are resolved from node_modules at run time.
import typescript from '@rollup/plugin-typescript';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}),
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
    if (warning.code === 'CIRCULAR_DEPENDENCY') throw new Error(warning.message);
    warn(warning);
  },
};

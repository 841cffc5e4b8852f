// The benchmarks that time core code in a plain `node` child bundle it first with rollup, like the
// shipped code: under vite-node every use of an imported binding goes through a getter, which
// would time the transform rather than the code (see search.bench.ts).

import { spawnSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

/**
 * Bundles `input` (a bench/ module) into `file`, leaving node's built-ins and the packages named in
 * `external` to be imported at run time, then runs it with `args`; returns the child's exit status.
 */
export async function runBundled(input: string, file: string, args: string[], external: string[] = []): Promise<number> {
  const bundle = await rollup({
    input,
    external: (id) => id.startsWith('node:') || builtinModules.includes(id) || external.includes(id),
    plugins: [
      typescript({
        tsconfig: './tsconfig.json',
        include: ['core/**/*.ts', 'bench/**/*.ts'],
        exclude: ['**/*.test.ts'],
        compilerOptions: { noEmit: false, declaration: false, sourceMap: false },
      }),
    ],
    onwarn: (warning, warn) => {
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  await bundle.write({ file, format: 'es' });
  await bundle.close();
  return spawnSync(process.execPath, [file, ...args], { stdio: 'inherit' }).status ?? 1;
}

// Search benchmark: `npx vite-node bench/search.bench.ts [endpoints=50000] [rounds=400] [--source]`.
//
// The measurements (search-run.ts) run as a rollup bundle in a plain `node` child, like the
// shipped code. Under vite-node every use of an imported binding goes through a getter, which
// makes tight loops several times slower than the bundle and would report the transform, not the
// matcher. `--source` measures in-process under vite-node anyway.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';

const args = process.argv.slice(2);
if (args.includes('--source')) {
  process.argv = [...process.argv.slice(0, 2), ...args.filter((a) => a !== '--source')];
  await import('./search-run');
} else {
  const out = mkdtempSync(join(tmpdir(), 'apiscout-bench-search-'));
  try {
    const bundle = await rollup({
      input: 'bench/search-run.ts',
      external: (id) => id.startsWith('node:') || builtinModules.includes(id),
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
    await bundle.write({ file: join(out, 'search-run.mjs'), format: 'es' });
    await bundle.close();
    const r = spawnSync(process.execPath, [join(out, 'search-run.mjs'), ...args], { stdio: 'inherit' });
    process.exitCode = r.status ?? 1;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

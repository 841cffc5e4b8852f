// Export benchmark: `npx vite-node bench/export.bench.ts [endpoints=10000] [rounds=5]`.
//
// Scans the bundled shop once for realistic models, then times every exporter on copies of its
// endpoints. As in search.bench.ts, the measured code runs as a rollup bundle in a plain `node`
// child, like the shipped code (vite-node's import getters would slow the hot loops). The bundle
// goes to bench/out/ so that its `yaml` import resolves from node_modules.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import typescript from '@rollup/plugin-typescript';
import { rollup } from 'rollup';
import { scanProject } from '../core/scan/scan';

const [count = '10000', rounds = '5'] = process.argv.slice(2);
const out = join('bench', 'out');
mkdirSync(out, { recursive: true });
const shop = await scanProject('test/fixtures/shop');
const shopFile = join(out, 'shop-endpoints.json');
writeFileSync(shopFile, JSON.stringify({ endpoints: shop.endpoints }));

const bundle = await rollup({
  input: 'bench/export-run.ts',
  external: (id) => id.startsWith('node:') || builtinModules.includes(id) || id === 'yaml',
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
await bundle.write({ file: join(out, 'export-run.mjs'), format: 'es' });
await bundle.close();
const r = spawnSync(process.execPath, [join(out, 'export-run.mjs'), count, rounds, shopFile], { stdio: 'inherit' });
process.exitCode = r.status ?? 1;

// Export benchmark: `npx vite-node bench/export.bench.ts [endpoints=10000] [rounds=5]`.
//
// Scans the bundled shop once for realistic models, then times every exporter on copies of its
// endpoints. As in search.bench.ts, the measured code runs as a rollup bundle in a plain `node`
// child, like the shipped code (vite-node's import getters would slow the hot loops). The bundle
// goes to bench/out/ so that its `yaml` import resolves from node_modules.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanProject } from '../core/scan/scan';
import { runBundled } from './run-bundled';

const [count = '10000', rounds = '5'] = process.argv.slice(2);
const out = join('bench', 'out');
mkdirSync(out, { recursive: true });
const shop = await scanProject('test/fixtures/shop');
const shopFile = join(out, 'shop-endpoints.json');
writeFileSync(shopFile, JSON.stringify({ endpoints: shop.endpoints }));

process.exitCode = await runBundled('bench/export-run.ts', join(out, 'export-run.mjs'), [count, rounds, shopFile], ['yaml']);

// Search benchmark: `npx vite-node bench/search.bench.ts [endpoints=50000] [rounds=400] [--source]`.
//
// The measurements (search-run.ts) run as a rollup bundle in a plain `node` child, like the
// shipped code. Under vite-node every use of an imported binding goes through a getter, which
// makes tight loops several times slower than the bundle and would report the transform, not the
// matcher. `--source` measures in-process under vite-node anyway.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBundled } from './run-bundled';

const args = process.argv.slice(2);
if (args.includes('--source')) {
  process.argv = [...process.argv.slice(0, 2), ...args.filter((a) => a !== '--source')];
  await import('./search-run');
} else {
  const out = mkdtempSync(join(tmpdir(), 'apiscout-bench-search-'));
  try {
    process.exitCode = await runBundled('bench/search-run.ts', join(out, 'search-run.mjs'), args);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

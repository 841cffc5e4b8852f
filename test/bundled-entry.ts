// A repository .ts file run as its own Node process or worker in a test: bundled once with esbuild
// (vite-node would transform its modules again in every process, about 2 s of CPU each). The
// bundle goes inside the repository, in node_modules/.cache, so it finds its packages (tree-sitter,
// isolated-vm) in node_modules as dist/ does; named per test process, so parallel files never
// share one.

import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const REPO = fileURLToPath(new URL('..', import.meta.url));

/** `entry` (a path from the repository's root) bundled as an ES module; returns the bundle's path. */
export function bundleEntry(entry: string): string {
  const outfile = join(REPO, 'node_modules', '.cache', 'apiscout-test', `${basename(entry, '.ts')}-${process.pid}.mjs`);
  buildSync({ entryPoints: [join(REPO, entry)], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'silent' });
  return outfile;
}

/** Removes a bundle bundleEntry made. */
export function removeBundle(outfile: string | undefined): void {
  if (outfile) rmSync(outfile, { force: true });
}

// npm's `prepare`: builds dist/ with rollup, unless it is already built from the sources as they
// are. npm runs prepare on `npm install`, but also on every `npx apiscout`, `npm link` and
// `npm install -g .` in the clone, with its output hidden: without this check the first
// `npx apiscout ui` rebuilt for minutes before printing anything. `npm test` runs it too, so the
// build `npm install` just made is not made again. When it does build, it says so on stderr
// first. `npm run build` (or --force) always builds.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * What the bundles are made of: the sources, the build's own files, and the installed packages
 * (npm rewrites node_modules/.package-lock.json on every install, before it runs prepare).
 */
const SOURCES = ['core', 'cli', 'ide-bridge', 'scripts-sandbox', 'rollup.config.mjs', 'scripts/rollup-transpile.mjs', 'tsconfig.json', 'package.json', 'package-lock.json', 'node_modules/.package-lock.json'];
/** What rollup writes (rollup.config.mjs); the oldest of them is the time of the last full build. */
const OUTPUTS = ['dist/apiscout.mjs', 'dist/parse-worker.mjs', 'dist/yaml.cjs', 'dist/spec-yaml.cjs', 'dist/ui/app.js', 'dist/ui/pretty-worker.js', 'dist/ui/search-worker.js', 'dist/ui/index.html'];

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return path.endsWith('.test.ts') ? 0 : s.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) if (name !== 'node_modules') max = Math.max(max, newest(join(path, name)));
  return max;
}

const sourcesAt = Math.max(...SOURCES.map((p) => join(ROOT, p)).filter((p) => existsSync(p)).map(newest));
const outputs = OUTPUTS.map((p) => join(ROOT, p));
if (process.argv[2] !== '--force' && outputs.every((p) => existsSync(p)) && Math.min(...outputs.map((p) => statSync(p).mtimeMs)) >= sourcesAt) {
  process.stderr.write('apiscout: dist/ is up to date with the sources; not rebuilding.\n');
  process.exit(0);
}

process.stderr.write('apiscout: building dist/ with rollup (1-5 minutes; once after each change of the sources)...\n');
const rollup = spawnSync(process.execPath, [join(ROOT, 'node_modules/rollup/dist/bin/rollup'), '-c'], { cwd: ROOT, stdio: 'inherit' });
if (rollup.status !== 0) {
  process.stderr.write(`apiscout: the build failed (rollup exited ${rollup.status ?? rollup.signal}); run \`npm run build\` to see why.\n`);
  process.exit(rollup.status || 1);
}
process.stderr.write('apiscout: dist/ built.\n');

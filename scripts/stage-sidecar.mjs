// Lays out the sidecar as the IntelliJ plugin ships it (<plugin>/sidecar): dist/apiscout.mjs with
// the explorer web app beside it (dist/ui), a package.json (the version `hello` reports), and the
// runtime packages the bundle leaves external (native parsers, isolated-vm, gRPC, undici, ws…),
// taken from this checkout's node_modules as package-lock.json lists them without dev tools.
// Native parts are the ones built or downloaded here: ship the zip for the platform it was built on.
//   usage: node scripts/stage-sidecar.mjs <out dir>   (after `npm install` and `npm run build`)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node scripts/stage-sidecar.mjs <out dir>\n');
  process.exit(2);
}
for (const needed of ['dist/apiscout.mjs', 'dist/ui/index.html', 'node_modules']) {
  if (!existsSync(join(root, needed))) {
    process.stderr.write(`stage-sidecar: ${needed} is missing: run npm install and npm run build first\n`);
    process.exit(1);
  }
}

/** Not loaded at run time: type declarations, source maps, native packages' sources and build leftovers. */
const SKIPPED = [
  /^@types\//,
  /\.(d\.ts|d\.mts|map)$/,
  /^(isolated-vm|tree-sitter[\w-]*)\/(src|vendor)(\/|$)/,
  /\/build\/Release\/(obj\.target|\.deps)(\/|$)/,
  /\/build\/(Makefile|config\.gypi)$/,
];

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
// Not the plugin zips that npm run package:intellij writes into dist/.
cpSync(join(root, 'dist'), join(out, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') && !/apiscout-intellij-[^/\\]*\.zip$/.test(src) });

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const runtime = Object.fromEntries(['name', 'version', 'description', 'license', 'type', 'engines', 'dependencies'].filter((k) => k in pkg).map((k) => [k, pkg[k]]));
writeFileSync(join(out, 'package.json'), `${JSON.stringify(runtime, null, 2)}\n`);

const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
let packages = 0;
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path.startsWith('node_modules/') || entry.dev || entry.link) continue;
  const from = join(root, path);
  if (!existsSync(from)) continue; // an optional package for another platform
  packages++;
  cpSync(from, join(out, path), {
    recursive: true,
    // Nested node_modules are entries of their own in the lock (dev ones are left out).
    filter: (src) => {
      const rel = relative(join(root, 'node_modules'), src).split(sep).join('/');
      if (rel.slice(path.length - 'node_modules/'.length).includes('/node_modules/')) return false;
      return !SKIPPED.some((re) => re.test(rel));
    },
  });
}
process.stdout.write(`staged the sidecar in ${out}: dist/, package.json and ${packages} runtime packages\n`);

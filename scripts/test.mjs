// `npm test`: builds dist/ when the sources are newer (prepare), type-checks (npm run typecheck),
// and runs every test file (vitest run). The type-check does not wait for the tests or they for
// it: it runs beside the build and then beside vitest, at a lower CPU priority, so it takes the
// time vitest leaves idle (files waiting on servers, Chromium and child processes) instead of a
// half minute of both cores before the first test. Its output is printed in one piece after
// vitest's. vitest starts once dist/ is built (the tests run the CLI and the sidecar from it).
//
//   node scripts/test.mjs [--build] [vitest options and files...]
//   --build: `npm run build` even when dist/ is up to date (bench/test-time.mjs --build).
//
// Exit code: the build's when it failed, else vitest's, else the type-check's.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runScript } from './npm-script.mjs';

const args = process.argv.slice(2);
const build = args[0] === '--build' ? (args.shift(), 'build') : 'prepare';

function report({ name, code, output }) {
  process.stdout.write(output);
  if (code !== 0) process.stderr.write(`npm test: npm run ${name} failed (exit ${code})\n`);
  return code;
}

const typecheck = runScript('typecheck', { nice: 10 });
const built = report(await runScript(build));
let exitCode = built;
if (built === 0) {
  // The system node that runs this script: node_modules/.bin/node (Node 22, from a dev dependency),
  // which npm puts first on PATH, cannot load isolated-vm.
  const vitest = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', ...args], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));
  exitCode = await new Promise((resolve) => vitest.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}
const checked = report(await typecheck);
process.exit(exitCode || checked);

// `npm run test:under-load`: the test files that once depended on the machine's speed, run while
// busy Node processes take every core (twice over), as on a crowded CI runner. A test that waits
// on a clock instead of a condition fails here first.
//
//   node scripts/test-under-load.mjs [--burners N] [test files...]
//
// Burners: `os.availableParallelism() * 2` by default (APISCOUT_LOAD_BURNERS or --burners N).
// Files: the list below by default. Exit code: vitest's.

import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Files whose tests used to race a clock (issue 19), and the ones that wait on servers and timers. */
const FILES = [
  'scripts-sandbox/runner.test.ts',
  'scripts-sandbox/exhaustion.test.ts',
  'test/scan/parse-worker.test.ts',
  'test/ui/call.test.ts',
  'test/ui/explorer.test.ts',
  'test/ui/panels.test.ts',
  'test/bridge/sidecar.test.ts',
  'test/bridge/call-handlers.test.ts',
  'test/call/grpc-call.test.ts',
  'test/cli/ui-command.test.ts',
  'test/cli/export-out-special.test.ts',
  'test/ui/cold-tree.test.ts',
  'test/ui/first-screen.test.ts',
];

const args = process.argv.slice(2);
let burners = Number(process.env.APISCOUT_LOAD_BURNERS ?? availableParallelism() * 2);
const i = args.indexOf('--burners');
if (i >= 0) {
  burners = Number(args[i + 1]);
  args.splice(i, 2);
}
if (!Number.isInteger(burners) || burners < 0) {
  process.stderr.write(`test-under-load: --burners must be a whole number, got '${burners}'\n`);
  process.exit(2);
}
const files = args.length ? args : FILES;

// Each burner spins on the CPU until killed; stdio ignored so none holds the terminal.
const load = Array.from({ length: burners }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
const stopLoad = () => {
  for (const b of load) if (b.exitCode === null && b.signalCode === null) b.kill('SIGKILL');
};
process.on('exit', stopLoad);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });
}
process.stderr.write(`test-under-load: ${burners} busy processes on ${availableParallelism()} cores; ${files.length} test files\n`);

// System node: node_modules/.bin/node (Node 22, from a dev dependency) cannot load isolated-vm.
const vitest = spawn(process.execPath, [fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url)), 'run', ...files], { cwd: ROOT, stdio: 'inherit' });
vitest.on('exit', (code, signal) => {
  stopLoad();
  process.exit(code ?? (signal ? 1 : 0));
});

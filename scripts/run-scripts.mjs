// Runs npm scripts side by side: `npm test` builds and type-checks at once (rollup and each tsc run
// on one core; one after the other they left the second core idle for a minute or more).
// Each script's output is printed in one piece when it ends, so the two never interleave.
//
//   node scripts/run-scripts.mjs <script> [<script>...]
//
// Exit code: 0 when every script passed, else the first failing script's (each failure is named).

import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('run-scripts: name at least one npm script, e.g. node scripts/run-scripts.mjs build typecheck\n');
  process.exit(2);
}

// npm_execpath is set when npm runs this script; `npm` from PATH otherwise.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];

function runScript(name) {
  return new Promise((resolve) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => resolve({ name, code: 1, output: Buffer.from(`${error.message}\n`) }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}

let exitCode = 0;
await Promise.all(
  names.map(async (name) => {
    const { code, output } = await runScript(name);
    process.stdout.write(output);
    if (code !== 0) {
      process.stderr.write(`run-scripts: npm run ${name} failed (exit ${code})\n`);
      exitCode ||= code;
    }
  }),
);
process.exit(exitCode);

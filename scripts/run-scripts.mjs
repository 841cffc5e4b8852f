// Runs npm scripts side by side: `npm run typecheck` checks the node and the web app's programs at
// once (each tsc run uses one core; one after the other they left the second core idle).
// Each script's output is printed in one piece when it ends, so the two never interleave.
//
//   node scripts/run-scripts.mjs <script> [<script>...]
//
// Exit code: 0 when every script passed, else the first failing script's (each failure is named).

import { runScript } from './npm-script.mjs';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('run-scripts: name at least one npm script, e.g. node scripts/run-scripts.mjs build typecheck\n');
  process.exit(2);
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

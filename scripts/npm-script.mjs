// Runs one npm script with its output held back, so scripts run side by side never interleave:
// the caller prints each one's output in one piece when it ends (scripts/run-scripts.mjs,
// scripts/test.mjs).

import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

// npm_execpath is set when npm runs the caller; `npm` from PATH otherwise.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : [process.platform === 'win32' ? 'npm.cmd' : 'npm'];

/**
 * `npm run <name>`; resolves to its exit code and its output (stdout and stderr, in order).
 * `nice`: a lower CPU priority (0-19), for work that should only take what others leave idle; the
 * script's own processes inherit it (npm starts them after this has been set).
 */
export function runScript(name, { nice = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    if (nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    const chunks = [];
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    child.on('error', (error) => resolve({ name, code: 1, output: Buffer.from(`${error.message}\n`) }));
    child.on('close', (code, signal) => resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks) }));
  });
}

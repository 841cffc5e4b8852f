// `apiscout` run as a user runs it: `node cli/bin.mjs` (the built bundle) in a child process,
// awaited without blocking, so that the test's own servers keep answering while it waits on them.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `apiscout <args>` in `cwd` with this process's environment and `env`, uncoloured. */
export function runCli(args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): Promise<CliRun> {
  // Node warns on stderr when NO_COLOR and FORCE_COLOR are both set, even to '': the child gets NO_COLOR alone.
  const { FORCE_COLOR: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...inherited, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

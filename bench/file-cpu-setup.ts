// bench/test-time.mjs --cpu: each test file's CPU time, its own worker's and that of the processes
// it started and waited for (the CLI, the sidecar, Chromium, Maven), as /proc/self/stat counts them.
// Files share their worker (vitest.config.ts: isolate false) and run one after another in it, so
// the difference between this setup file's start (before the file's imports) and its last
// after-all hook (hooks run in reverse: this one after the file's own) is the file's.
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

const TICK_MS = 10; // CLK_TCK 100 on Linux

/** Milliseconds of CPU: [own user+system, waited-for children user+system]. */
function cpu(): [number, number] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
  return [(fields[11]! + fields[12]!) * TICK_MS, (fields[13]! + fields[14]!) * TICK_MS];
}

const log = process.env.APISCOUT_TEST_CPU_LOG;
const [ownStart, childStart] = cpu();
const wallStart = Date.now();
afterAll((suite) => {
  if (!log) return;
  const [own, children] = cpu();
  const file = (suite as { file?: { filepath: string }; filepath?: string }).file?.filepath ?? (suite as { filepath?: string }).filepath;
  appendFileSync(log, `${JSON.stringify({ file, pid: process.pid, ownMs: own - ownStart, childMs: children - childStart, wallMs: Date.now() - wallStart })}\n`);
});

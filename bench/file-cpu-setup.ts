// bench/test-time.mjs --cpu: each test file's CPU time, its worker's and that of the processes it
// started (the CLI, the sidecar, Chromium, Maven), from /proc. Files share their worker
// (vitest.config.ts: isolate false) and run one after another in it, so what the worker and its
// processes used between this setup file's start (before the file's imports) and its last
// after-all hook (hooks run in reverse: this one after the file's own) is the file's.
//
// A process the worker waits for (its own children) is counted when it ends, in the worker's
// children's time. Their descendants are read from /proc after each test, while they live (their
// own time and that of the processes they waited for): Chromium's zygote and renderers never
// reach the worker's children's time (a closed browser leaves them to init).
import { appendFileSync, readdirSync } from 'node:fs';
import { afterAll, afterEach } from 'vitest';
import { procStat } from './proc-stat.mjs';
import type { ProcStat } from './proc-stat.mjs';

/** The worker's descendants below its own children: pid -> [CPU ms, the worker's child above it, parent]. */
function grandchildren(): Map<number, [number, number, number]> {
  const all = new Map<number, ProcStat>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const s = procStat(d);
    if (s) all.set(Number(d), s);
  }
  const out = new Map<number, [number, number, number]>();
  for (const [pid, s] of all) {
    if (s.ppid === process.pid || pid === process.pid) continue;
    for (let below = pid, p = s.ppid, n = 0; p > 1 && n < 64; n++, below = p, p = all.get(p)?.ppid ?? 0) {
      if (p === process.pid) {
        out.set(pid, [s.cpuMs + s.childrenCpuMs, below, s.ppid]);
        break;
      }
    }
  }
  return out;
}

const log = process.env.APISCOUT_TEST_CPU_LOG;
const worker = () => procStat(process.pid)!;
const start = worker();
const wallStart = Date.now();
/** Per grandchild: its CPU when first and when last seen, the worker's child above it, its parent. */
const seen = new Map<number, { first: number; last: number; child: number; parent: number; gone?: boolean }>();
const sample = () => {
  if (!log) return;
  const now = grandchildren();
  for (const [pid, [ms, child, parent]] of now) {
    const s = seen.get(pid);
    if (s) s.last = ms;
    else seen.set(pid, { first: 0, last: ms, child, parent }); // started during this file
  }
  for (const [pid, s] of seen) if (!now.has(pid)) s.gone = true;
};
if (log) for (const [pid, [ms, child, parent]] of grandchildren()) seen.set(pid, { first: ms, last: ms, child, parent });
afterEach(sample);
afterAll((suite) => {
  if (!log) return;
  sample();
  const end = worker();
  let descendants = 0;
  for (const { first, last, parent, gone } of seen.values()) {
    // One that ended was waited for by its parent (a renderer by Chromium's zygote), whose
    // children's time, read later, holds all of it: counted there, not twice.
    if (gone && seen.has(parent)) continue;
    descendants += last - first;
  }
  const file = (suite as { file?: { filepath: string }; filepath?: string }).file?.filepath ?? (suite as { filepath?: string }).filepath;
  const entry = { file, pid: process.pid, ownMs: end.cpuMs - start.cpuMs, childMs: end.childrenCpuMs - start.childrenCpuMs + descendants, wallMs: Date.now() - wallStart };
  appendFileSync(log, `${JSON.stringify(entry)}\n`);
});

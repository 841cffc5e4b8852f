// Preloaded with `node --import` into every benchmarked child process: reports the child's peak
// resident set size and CPU time on stderr as it exits, so the benchmark needs no /usr/bin/time.
// CPU is the whole process's (every thread: parse worker, GC and compiler threads) and, where
// Linux tells it, the main thread's alone: the scanner's critical path. Also the minor page
// faults: on a machine where a fault is dear (a sandboxed VM: ~30 µs each here, so touching
// 64 MB of fresh memory costs ~0.5 s of CPU) they say how much of the CPU is memory first touched.
import { isMainThread } from 'node:worker_threads';
import { procStat } from './proc-stat.mjs';

/** The main thread's CPU alone: the scanner's critical path. */
const mainThreadCpuMs = () => procStat(`self/task/${process.pid}`)?.cpuMs;

// Preloads run in worker threads too: only the process's main thread reports.
if (isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    const main = mainThreadCpuMs();
    process.stderr.write(`\n[bench] maxrss-kb=${u.maxRSS} cpu-ms=${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}${main === undefined ? '' : ` main-cpu-ms=${main}`} minflt=${u.minorPageFault}\n`);
  });
}

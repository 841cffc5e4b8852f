// Preloaded with `node --import` into every benchmarked child process: reports the child's peak
// resident set size and CPU time on stderr as it exits, so the benchmark needs no /usr/bin/time.
// CPU is the whole process's (every thread: parse worker, GC and compiler threads) and, where
// Linux tells it, the main thread's alone: the scanner's critical path. Also the minor page
// faults: on a machine where a fault is dear (a sandboxed VM: ~30 µs each here, so touching
// 64 MB of fresh memory costs ~0.5 s of CPU) they say how much of the CPU is memory first touched.
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

// Preloads run in worker threads too: only the process's main thread reports.
if (isMainThread) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    const main = mainThreadCpuMs();
    process.stderr.write(`\n[bench] maxrss-kb=${u.maxRSS} cpu-ms=${Math.round((u.userCPUTime + u.systemCPUTime) / 1000)}${main === undefined ? '' : ` main-cpu-ms=${main}`} minflt=${u.minorPageFault}\n`);
  });
}

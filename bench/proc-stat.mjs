// A process's (or thread's) CPU from /proc (Linux), for the benchmarks that time whole processes.
import { readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU in clock ticks of 1/100 s. */
const TICK_MS = 10;

/**
 * `/proc/<path>/stat` read: the parent's pid, the CPU used so far (user + system, every thread)
 * and that of the children it waited for, in milliseconds; undefined when it is gone.
 * `path`: a pid, `self`, or `self/task/<tid>` for one thread.
 */
export function procStat(path) {
  let text;
  try {
    text = readFileSync(`/proc/${path}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: the fields start after the last ')'.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ').map(Number);
  return { ppid: f[1], cpuMs: (f[11] + f[12]) * TICK_MS, childrenCpuMs: (f[13] + f[14]) * TICK_MS };
}

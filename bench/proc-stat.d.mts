export interface ProcStat {
  ppid: number;
  /** Milliseconds of its own CPU (user + system). */
  cpuMs: number;
  /** Milliseconds of CPU of its children that it waited for. */
  childrenCpuMs: number;
}
export function procStat(path: number | string): ProcStat | undefined;

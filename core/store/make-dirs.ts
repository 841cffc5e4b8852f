// Creating a folder and its missing parents without `mkdirSync(dir, { recursive: true })`: Node's
// recursive mkdir loops forever where mkdir answers ENOENT although the parent exists (under
// /proc, /sys and some FUSE mounts), so `export --out /proc/x/` hung instead of failing.

import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * Creates `dir` and the parents it lacks, one level at a time, each failure surfacing at once as
 * the errno of the level that failed (ENOTDIR when a file is in the way).
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; ) {
    const kind = kindOf(d);
    if (kind === 'dir') break;
    if (kind === 'other') throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${d}'`), { code: 'ENOTDIR', syscall: 'mkdir', path: d });
    missing.push(d);
    const parent = dirname(d);
    if (parent === d) break; // a missing root: mkdir reports it
    d = parent;
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d);
    } catch (e) {
      // Another process made it in the meantime.
      if ((e as NodeJS.ErrnoException).code === 'EEXIST' && kindOf(d) === 'dir') continue;
      throw e;
    }
  }
}

function kindOf(path: string): 'dir' | 'other' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'other';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return 'missing';
    // ENOTDIR: a parent is a file; stat that parent on the next round to say so.
    if (code === 'ENOTDIR') return 'missing';
    throw e;
  }
}

// One Maven build of intellij-shell at a time. The test files that run one (bridge-client's JUnit
// tests, the plugin's compile gate and zip) run beside the rest of the suite, in different vitest
// processes; two builds into the same target/ folders would corrupt each other's classes. A lock
// file in the temp folder, keyed by the checkout, names the process that holds it: a lock left by a
// process that no longer runs (a killed test run) is taken over.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHELL = fileURLToPath(new URL('../../intellij-shell/', import.meta.url));
const LOCK = path.join(os.tmpdir(), `apiscout-intellij-shell-${createHash('sha256').update(SHELL).digest('hex').slice(0, 16)}.lock`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function tryLock(): boolean {
  try {
    const fd = fs.openSync(LOCK, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder = 0;
  let age = 0;
  try {
    holder = Number(fs.readFileSync(LOCK, 'utf8'));
    age = Date.now() - fs.statSync(LOCK).mtimeMs;
  } catch {
    return false; // released meanwhile: the next try takes it
  }
  // A holder that is gone left it behind. An empty file is a lock being written, unless a process
  // died between creating and writing it a minute ago.
  if (holder > 0 ? holder !== process.pid && !alive(holder) : age > 60_000) fs.rmSync(LOCK, { force: true });
  return false;
}

/** Runs `build` while no other test process builds intellij-shell with Maven. */
export async function withMavenLock<T>(build: () => Promise<T>): Promise<T> {
  // Waits on the other build's end (the lock file's removal), checked every quarter second.
  while (!tryLock()) await new Promise((resolve) => setTimeout(resolve, 250));
  try {
    return await build();
  } finally {
    fs.rmSync(LOCK, { force: true });
  }
}

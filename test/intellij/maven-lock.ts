// One Maven build of intellij-shell at a time. The test files that run one (bridge-client's JUnit
// tests, the plugin's compile gate and zip) run beside the rest of the suite, in different vitest
// processes; two builds into the same target/ folders would corrupt each other's classes. The
// state store's file lock does it: keyed by the checkout, in the temp folder, and a lock left by a
// killed test run is broken.

import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withFileLock } from '../../core/store/json-file';

export const SHELL = fileURLToPath(new URL('../../intellij-shell/', import.meta.url));
const LOCKED = path.join(os.tmpdir(), `apiscout-intellij-shell-${createHash('sha256').update(SHELL).digest('hex').slice(0, 16)}`);

/** Runs `build` while no other test process builds intellij-shell with Maven. */
export function withMavenLock<T>(build: () => Promise<T>): Promise<T> {
  // A build on a busy machine takes minutes: wait as long as the test's own limit allows.
  return withFileLock(LOCKED, build, { timeoutMs: 30 * 60_000 });
}

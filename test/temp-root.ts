// One temporary folder per test run, removed when the run ends: test files, the CLI and sidecar
// processes they start, Chromium and the export checkers all make their scratch folders under
// TMPDIR, and a run used to leave a few hundred of them in /tmp. A kept folder is named on the
// console (APISCOUT_KEEP_TEST_TMP=1 keeps it, to look at what a failing test wrote).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-test-run-'));
  // As /tmp: tests that drop privileges (an unreadable folder seen by another user) pass through it.
  chmodSync(root, 0o1777);
  // Read by os.tmpdir() on every call, and inherited by every process the workers start.
  process.env.TMPDIR = root;
  return () => {
    if (process.env.APISCOUT_KEEP_TEST_TMP === '1') console.log(`test scratch folders kept in ${root}`);
    else {
      try {
        rmSync(root, { recursive: true, force: true, maxRetries: 3 });
      } catch (e) {
        // A process still writing there (a sidecar a failed test left) must not fail the run.
        console.warn(`could not remove ${root}: ${(e as Error).message}`);
      }
    }
  };
}

import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/schedule';

const FORKS = Number(process.env.APISCOUT_TEST_FORKS) || Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    // The name keys vitest's cache of each file's last duration, which orders the run (test/schedule.ts).
    name: 'apiscout',
    include: ['core/**/*.test.ts', 'cli/**/*.test.ts', 'ide-bridge/**/*.test.ts', 'scripts-sandbox/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**', 'dist/**'],
    // tree-sitter's native binding is not safe to load in several worker threads: use processes.
    pool: 'forks',
    // One test file per core, not vitest's cores - 1 (a single file at a time on two cores): most
    // files spend their time waiting on child processes (the CLI, the sidecar, Chromium, Maven),
    // so two files at once keep both cores busy. APISCOUT_TEST_FORKS overrides it. minForks as
    // many: each file gets a fresh process, and the pool (tinypool) replaces a finished one only up
    // to minForks or to the number of files still queued, so with one file left in the queue and
    // minForks 1 that file waited for the other running file to end, a core idle meanwhile.
    poolOptions: { forks: { maxForks: FORKS, minForks: FORKS } },
    // Files share their worker process (a fresh one cost each file about a second of CPU before its
    // first test: ~150 files). What a file could leave behind is reset before the next one:
    // the environment and the user folder (test/user-dir-setup.ts); modules read no environment
    // variable at import that a test sets.
    isolate: false,
    // Longest first, so that no long file starts last and leaves a core idle at the end; the files
    // that read intellij-shell's Maven build run beside the others, and the first of them runs it
    // (test/intellij/shell-build.ts), under a lock so no two builds write into the same target/ folders.
    sequence: { sequencer: LongestFirst },
    // What is done once per run and shared by test files (intellij-shell's Maven build) is keyed by this.
    provide: { testRun: randomUUID() },
    // Tests wait on conditions, never on a clock: these limits only stop a hang, and are wide
    // enough for a machine ten times slower (or crowded, as `npm run test:under-load` makes it).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    globalSetup: ['test/temp-root.ts'],
    setupFiles: ['test/user-dir-setup.ts'],
    // The CLI and the sidecar keep a scan cache in the project's state folder. Tests run without it
    // unless they test the cache, so one test's parses never decide another's result.
    env: { APISCOUT_SCAN_CACHE: '0' },
  },
});

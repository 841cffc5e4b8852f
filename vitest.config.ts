import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const INCLUDE = ['core/**/*.test.ts', 'cli/**/*.test.ts', 'ide-bridge/**/*.test.ts', 'scripts-sandbox/**/*.test.ts', 'test/**/*.test.ts'];
const EXCLUDE = ['**/node_modules/**', 'test/fixtures/**', 'dist/**'];
/** Test files that run Maven on intellij-shell: two at once would build into the same target/ folders. */
const MAVEN_ON_SHELL = ['test/intellij/**/*.test.ts'];

export default defineConfig({
  test: {
    // Which files: see the projects below (each names its own; extended arrays would add up).
    // tree-sitter's native binding is not safe to load in several worker threads: use processes.
    pool: 'forks',
    // One test file per core, not vitest's cores - 1 (a single file at a time on two cores): most
    // files spend their time waiting on child processes (the CLI, the sidecar, Chromium, Maven),
    // so two files at once keep both cores busy. APISCOUT_TEST_FORKS overrides it.
    poolOptions: { forks: { maxForks: Number(process.env.APISCOUT_TEST_FORKS) || Math.max(2, availableParallelism()), minForks: 1 } },
    // Tests wait on conditions, never on a clock: these limits only stop a hang, and are wide
    // enough for a machine ten times slower (or crowded, as `npm run test:under-load` makes it).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    setupFiles: ['test/user-dir-setup.ts'],
    // The CLI and the sidecar keep a scan cache in the project's state folder. Tests run without it
    // unless they test the cache, so one test's parses never decide another's result.
    env: { APISCOUT_SCAN_CACHE: '0' },
    projects: [
      { extends: true, test: { name: 'apiscout', include: INCLUDE, exclude: [...EXCLUDE, ...MAVEN_ON_SHELL], sequence: { groupOrder: 0 } } },
      // After the others, one file at a time.
      { extends: true, test: { name: 'intellij-shell', include: MAVEN_ON_SHELL, exclude: EXCLUDE, sequence: { groupOrder: 1 }, poolOptions: { forks: { singleFork: true } } } },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'cli/**/*.test.ts', 'ide-bridge/**/*.test.ts', 'scripts-sandbox/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**', 'dist/**'],
    // tree-sitter's native binding is not safe to load in several worker threads: use processes.
    pool: 'forks',
    testTimeout: 30_000,
    setupFiles: ['test/user-dir-setup.ts'],
    // The CLI and the sidecar keep a scan cache in the project's state folder. Tests run without it
    // unless they test the cache, so one test's parses never decide another's result.
    env: { APISCOUT_SCAN_CACHE: '0' },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'cli/**/*.test.ts', 'ide-bridge/**/*.test.ts', 'scripts-sandbox/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**', 'dist/**'],
    // tree-sitter's native binding is not safe to load in several worker threads: use processes.
    pool: 'forks',
    testTimeout: 30_000,
    setupFiles: ['test/user-dir-setup.ts'],
  },
});

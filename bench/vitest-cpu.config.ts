// vitest.config.ts plus bench/file-cpu-setup.ts, which logs each test file's CPU time
// (bench/test-time.mjs --cpu).
import { mergeConfig } from 'vitest/config';
import base from '../vitest.config';

export default mergeConfig(base, { test: { setupFiles: ['bench/file-cpu-setup.ts'] } });

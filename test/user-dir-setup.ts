// Every test file gets its own user folder unless it sets one: state of the bundled sample (and
// secrets, settings) goes there, never to the folder of whoever runs the tests.
//
// Test files share worker processes (vitest.config.ts: isolate false), and this file runs before
// each of them: the process environment goes back to what the worker started with, so a variable
// one file set (a user folder, a Maven repository) never reaches the next file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { restoreEnv } from './restore-env';

const kept = globalThis as { __apiscoutStartEnv?: NodeJS.ProcessEnv; __apiscoutRealEnv?: NodeJS.ProcessEnv };
const started = (kept.__apiscoutStartEnv ??= { ...process.env });
// The process's own environment object: a file that replaced it with a plain copy left the worker
// threads started after it blind to what tests set (a worker copies the real environment).
process.env = kept.__apiscoutRealEnv ??= process.env;
restoreEnv(started);

process.env.APISCOUT_CONFIG_DIR = started.APISCOUT_CONFIG_DIR || mkdtempSync(join(tmpdir(), 'apiscout-test-user-'));

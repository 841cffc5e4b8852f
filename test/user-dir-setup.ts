// Every test file gets its own user folder unless it sets one: state of the bundled sample (and
// secrets, settings) goes there, never to the folder of whoever runs the tests.
//
// Test files share worker processes (vitest.config.ts: isolate false), and this file runs before
// each of them: the process environment goes back to what the worker started with, so a variable
// one file set (a user folder, a Maven repository) never reaches the next file.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const started = ((globalThis as { __apiscoutStartEnv?: NodeJS.ProcessEnv }).__apiscoutStartEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
Object.assign(process.env, started);

process.env.APISCOUT_CONFIG_DIR = started.APISCOUT_CONFIG_DIR || mkdtempSync(join(tmpdir(), 'apiscout-test-user-'));

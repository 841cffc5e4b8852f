// Every test file gets its own user folder unless it sets one: state of the bundled sample (and
// secrets, settings) goes there, never to the folder of whoever runs the tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.APISCOUT_CONFIG_DIR ||= mkdtempSync(join(tmpdir(), 'apiscout-test-user-'));

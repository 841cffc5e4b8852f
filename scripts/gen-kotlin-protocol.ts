// Writes intellij-shell/bridge-client's Protocol.kt from ide-bridge/protocol.ts.
// Run with `npm run gen:kotlin` after changing the catalog; test/bridge/kotlin-protocol.test.ts
// fails while the committed file differs from what this writes.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { KOTLIN_PROTOCOL_FILE, kotlinProtocolSource } from '../ide-bridge/kotlin-protocol';

const text = kotlinProtocolSource();
let before = '';
try {
  before = readFileSync(KOTLIN_PROTOCOL_FILE, 'utf8');
} catch {
  // first generation
}
const where = relative(process.cwd(), KOTLIN_PROTOCOL_FILE);
if (before === text) {
  process.stdout.write(`${where} is up to date\n`);
} else {
  mkdirSync(dirname(KOTLIN_PROTOCOL_FILE), { recursive: true });
  writeFileSync(KOTLIN_PROTOCOL_FILE, text);
  process.stdout.write(`wrote ${where}\n`);
}

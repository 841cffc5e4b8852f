// The Kotlin client's protocol file is generated from the catalog and committed: it must be
// exactly what the generator writes now, or the client speaks an older catalog than the sidecar.

import fs from 'node:fs';
import { expect, it } from 'vitest';
import { KOTLIN_PROTOCOL_FILE, kotlinProtocolSource } from '../../ide-bridge/kotlin-protocol';
import { requests, notifications } from '../../ide-bridge/protocol';

it('the committed Protocol.kt is a fresh generation of the catalog (else: npm run gen:kotlin)', () => {
  const committed = fs.readFileSync(KOTLIN_PROTOCOL_FILE, 'utf8');
  const fresh = kotlinProtocolSource();
  if (committed !== fresh) {
    throw new Error(`${KOTLIN_PROTOCOL_FILE} is stale: run \`npm run gen:kotlin\` and commit the result`);
  }
  // Every method and notification has its constant.
  for (const m of [...Object.keys(requests), ...Object.keys(notifications)]) expect(committed).toContain(`: String = "${m}"`);
});

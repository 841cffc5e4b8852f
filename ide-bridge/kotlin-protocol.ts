// The Kotlin protocol file of intellij-shell/bridge-client, generated from this catalog:
// where it lives and what it must contain. Shared by the generator script and the drift test.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateKotlin } from './kotlin-codegen';
import * as models from './model-schemas';
import * as protocol from './protocol';

export const KOTLIN_PACKAGE = 'dev.apiscout.bridge.protocol';

export const KOTLIN_PROTOCOL_FILE = fileURLToPath(
  new URL(`../intellij-shell/bridge-client/src/main/kotlin/${KOTLIN_PACKAGE.replace(/\./g, '/')}/Protocol.kt`, import.meta.url),
);

/** "20.18" from engines.node ">=20.18": the client's message names the same minimum. */
export function minNodeVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines?: { node?: string } };
  const m = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(pkg.engines?.node?.trim() ?? '');
  if (!m) throw new Error(`package.json engines.node must read ">=X.Y", not ${JSON.stringify(pkg.engines?.node)}`);
  return m[1]!;
}

export function kotlinProtocolSource(): string {
  return generateKotlin(
    {
      requests: protocol.requests,
      hostRequests: protocol.hostRequests,
      notifications: protocol.notifications,
      protocolVersion: protocol.PROTOCOL_VERSION,
      errorCodes: protocol.ErrorCodes,
      named: { ...models, ...protocol },
      minNodeVersion: minNodeVersion(),
    },
    { packageName: KOTLIN_PACKAGE, generator: 'scripts/gen-kotlin-protocol.ts' },
  );
}

// Services bound by hand with descriptors from elsewhere (grpc/service-definition.ts): a constant
// of another class, a local copied with toBuilder, a helper given a ServerCalls handler.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, copyFixture, editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-grpc-hand-bound-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('gRPC services bound by hand', () => {
  it('reports a name set at run time once, and a ServiceDescriptor\'s addMethod not at all', async () => {
    const { diagnostics } = await scanProject(join(FIXTURES, 'grpc/hand-bound-descriptors'), { parseWorker: false });
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '28 RenamedServer.bindService() builds a service whose name cannot be read from the source',
      '29 RenamedServer.bindService() registers a method whose name cannot be read from the source (renamed): it is not listed',
    ]);
  });

  it('follows an edit of the other class holding the descriptor on a re-scan', async () => {
    const root = copyFixture('grpc/hand-bound-descriptors', tmp);
    const scanner = await scanned(root);
    const client = 'src/main/java/com/acme/hello/JsonClient.java';
    editFile(root, client, 'GreeterGrpc.getSayHelloMethod()', 'GreeterGrpc.getSayHelloAgainMethod()');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: client, kind: 'changed' }]);
    expect(fresh.endpoints.find((e) => e.className === 'com.acme.hello.JsonServer')).toMatchObject({ path: '/hello.Greeter/SayHelloAgain', streaming: 'S' });
  });
});

// Hoppscotch export run by its own CLI (`hopp test`, on the Node 22 the `node` package brings)
// with the exported environment, against a real server on 127.0.0.1 that checks every request.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHoppscotch, HOPP_COLLECTION_VERSION, HOPP_REQUEST_VERSION } from '../../core/export/hoppscotch';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { HOPP, NODE22 } from './consumers';
import { edgeEndpoints, grpcEndpoints, httpOf, scanShop } from './fixtures';
import { removeDir, run, writeExport } from './files';
import { startRecordingServer, type RecordingServer } from './recording-server';

let shop: ScanResult;
let endpoints: Endpoint[];
let server: RecordingServer;

beforeAll(async () => {
  shop = await scanShop();
  // Hoppscotch keeps file parts as in-app blobs: a file cannot be named in a collection.
  endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints().filter((e) => e.name !== 'Upload document')];
  server = await startRecordingServer(endpoints, { modules: shop.modules, resolve: (t) => t.replace('{{token}}', 'tok') });
});
afterAll(() => server.close());

describe('Hoppscotch export', () => {
  it('runs in hopp with its environment, every request as the model says', async () => {
    const result = exportHoppscotch([...endpoints, ...grpcEndpoints()], {
      title: 'Shop',
      modules: shop.modules,
      environment: { name: 'local', variables: [{ key: 'host', value: server.url }, { key: 'token', value: 'tok' }] },
    });
    expect(result.summary).toMatchObject({ exported: endpoints.length, skipped: grpcEndpoints().map(() => expect.objectContaining({ reason: expect.stringContaining('gRPC') })) });
    const collection = JSON.parse(result.files[0]!.content);
    expect(collection.v).toBe(HOPP_COLLECTION_VERSION);
    expect(collection.folders[0].folders[0].requests[0].v).toBe(HOPP_REQUEST_VERSION);
    const dir = writeExport(result.files);
    try {
      const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', result.files[1]!.path], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 });
      expect(out.status, `${out.stdout}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  }, 180_000); // hopp runs each request's scripts in a fresh isolate: ~0.5 s a request

  it('uses <<name>> variables and derives its ids from the endpoints', () => {
    const a = exportHoppscotch(edgeEndpoints()).files[0]!.content;
    expect(a).toContain('"endpoint": "<<host>>/edge/items/7"');
    expect(a).toContain('"value": "Bearer <<token>>"');
    expect(exportHoppscotch([...edgeEndpoints()].reverse()).files[0]!.content).toBe(a);
  });
});

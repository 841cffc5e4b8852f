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
  endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints().filter((e) => !['Upload document', 'Upload attachment', 'Replace avatar'].includes(e.name))];
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
    expect(result.files.map((f) => f.path)).toEqual(['hoppscotch-collection.json', 'local.hoppscotch-env.json', 'local.hopp-cli-env.json']);
    const dir = writeExport(result.files);
    try {
      const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', 'local.hopp-cli-env.json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 300_000 });
      expect(out.status, `${out.stdout}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  }, 360_000); // hopp runs each request's scripts in a fresh isolate: ~0.5 s a request, ~20 s in all when quiet

  it("writes the environment in the app's importer form, which @hoppscotch/data's schema accepts", async () => {
    const env = { name: 'staging eu', variables: [{ key: 'host', value: 'https://staging.example.com' }, { key: 'token', value: 't' }, { key: 'apiKey', value: 'S3cr3t-value', secret: true }] };
    const result = exportHoppscotch(edgeEndpoints(), { environment: env });
    const app = result.files.find((f) => f.path === 'staging_eu.hoppscotch-env.json')!;
    const entities = JSON.parse(app.content);
    expect(entities).toEqual([{ v: 2, id: expect.stringMatching(/^env_/), name: 'staging eu', variables: [
      { key: 'host', initialValue: 'https://staging.example.com', currentValue: 'https://staging.example.com', secret: false },
      { key: 'token', initialValue: 't', currentValue: 't', secret: false },
      // A secret keeps its key with Hoppscotch's secret flag and no value: the user's own stays on their machine.
      { key: 'apiKey', initialValue: '', currentValue: '', secret: true },
    ] }]);
    expect(app.content).not.toContain('S3cr3t');
    expect(result.summary.warnings).toContainEqual(expect.stringContaining('apiKey'));
    // @hoppscotch/data is not published on its own; hopp bundles it and parses an environment
    // file with its schemas: an array of valid environment entities is refused as a bulk export
    // (BULK_ENV_FILE), anything the schemas reject as MALFORMED_ENV_FILE.
    const dir = writeExport([...result.files, { path: 'broken.json', content: JSON.stringify([{ ...entities[0], variables: [{ key: 1 }] }]) }]);
    try {
      const opts = { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 };
      const bulk = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', app.path], opts);
      expect(bulk.stdout + bulk.stderr).toContain('BULK_ENV_FILE');
      const broken = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', 'broken.json'], opts);
      expect(broken.stdout + broken.stderr).toContain('MALFORMED_ENV_FILE');
    } finally {
      removeDir(dir);
    }
  }, 240_000);

  it('leaves text in braces that is no variable name as written (`${day>3}` in example data)', () => {
    const e = { ...edgeEndpoints()[0]!, request: { ...edgeEndpoints()[0]!.request!, body: { ...edgeEndpoints()[0]!.request!.body!, example: { rule: '${day>3}', user: '${user}' } } } };
    const body = JSON.parse(exportHoppscotch([e]).files[0]!.content).folders[0].folders[0].requests[0].body.body;
    expect(JSON.parse(body)).toEqual({ rule: '${day>3}', user: '<<user>>' });
  });

  it("writes a raw binary body as Hoppscotch's binary body, which hopp reads and sends with the endpoint's media type", async () => {
    const avatar = edgeEndpoints().find((e) => e.name === 'Replace avatar')!;
    // The file is the app's to pick (a collection cannot carry it): hopp sends no bytes.
    const recorder = await startRecordingServer([avatar], { rawUpload: { name: 'none', content: Buffer.alloc(0) } });
    try {
      const result = exportHoppscotch([avatar], { environment: { name: 'local', variables: [{ key: 'host', value: recorder.url }] } });
      const request = JSON.parse(result.files[0]!.content).folders[0].folders[0].requests[0];
      expect(request.body).toEqual({ contentType: 'application/octet-stream', body: null });
      expect(request.headers).toEqual([expect.objectContaining({ key: 'Content-Type', value: 'image/png', active: true })]);
      const dir = writeExport(result.files);
      try {
        const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', 'local.hopp-cli-env.json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 120_000 });
        expect(out.status, `${out.stdout}\n${out.stderr}`).toBe(0);
      } finally {
        removeDir(dir);
      }
      expect(recorder.verify([avatar])).toEqual([]);
    } finally {
      await recorder.close();
    }
  }, 180_000);

  it("gives a folder its @Tag description", () => {
    const root = JSON.parse(exportHoppscotch(endpoints, { modules: shop.modules }).files[0]!.content);
    const folders = root.folders.flatMap((m: { folders: { name: string; description: string | null }[] }) => m.folders);
    expect(folders.find((f: { name: string }) => f.name === 'Products').description).toBe('Browse and maintain the product catalogue');
    expect(folders.find((f: { name: string }) => f.name === 'Category management').description).toBeNull();
  });

  it('uses <<name>> variables and derives its ids from the endpoints', () => {
    const a = exportHoppscotch(edgeEndpoints()).files[0]!.content;
    expect(a).toContain('"endpoint": "<<host>>/edge/items/7"');
    expect(a).toContain('"value": "Bearer <<token>>"');
    expect(exportHoppscotch([...edgeEndpoints()].reverse()).files[0]!.content).toBe(a);
  });
});

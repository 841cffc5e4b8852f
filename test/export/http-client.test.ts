// `.http` export run by httpyac (a pure-JS runner of the JetBrains format) with the exported
// http-client.env.json, against a real server on 127.0.0.1 that checks every request.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHttpClient } from '../../core/export/http-client';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { HTTPYAC } from './consumers';
import { edgeEndpoints, grpcEndpoints, RAW_UPLOAD, UPLOAD } from './fixtures';
import { removeDir, run, writeExport } from './files';
import type { RecordingServer } from './recording-server';
import { recordingShop } from './recording-shop';

let shop: ScanResult;
let endpoints: Endpoint[];
let server: RecordingServer;

beforeAll(async () => {
  ({ shop, endpoints, server } = await recordingShop((t) => t.replace('{{token}}', 'tok')));
});
afterAll(() => server.close());

describe('.http export', () => {
  it('runs in httpyac with its environment file, every request as the model says', async () => {
    const result = exportHttpClient(endpoints, {
      modules: shop.modules,
      environment: { name: 'local', variables: [{ key: 'host', value: server.url }, { key: 'token', value: 'tok' }, { key: 'apiKey', value: 'S3cr3t-value', secret: true }] },
    });
    expect(result.files.map((f) => f.path)).toEqual(['api.http', 'http-client.env.json', 'http-client.private.env.json']);
    expect(JSON.parse(result.files[1]!.content)).toEqual({ local: { host: server.url, token: 'tok' } });
    // The secret is declared for the user to fill in the private file, never with its value.
    expect(JSON.parse(result.files[2]!.content)).toEqual({ local: { apiKey: '' } });
    expect(result.summary.warnings).toEqual([expect.stringContaining('apiKey')]);
    const dir = writeExport([...result.files, { path: UPLOAD.name, content: UPLOAD.content }, { path: RAW_UPLOAD.name, content: RAW_UPLOAD.content }]);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--env', 'local', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.status, out.stderr).toBe(0);
      const report = JSON.parse(out.stdout) as { summary: { totalRequests: number; failedRequests: number } };
      expect(report.summary).toMatchObject({ totalRequests: endpoints.length, failedRequests: 0 });
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  });

  it('writes requests separated by ###, and gRPC methods in the GRPC form', () => {
    const text = exportHttpClient([edgeEndpoints().find((e) => e.name === 'Delete item')!, grpcEndpoints()[0]!]).files[0]!.content;
    expect(text).toBe(
      [
        // No environment: the default host, the gRPC target and the proto the gRPC request loads.
        '@host = http://localhost:8080',
        '@grpcHost = localhost:9090',
        '@protoRoot = .',
        'proto < {{protoRoot}}/orders/src/main/proto/orders.proto',
        '',
        '### Delete item',
        '# edge / Edge cases',
        `# @name Deleteitem_${text.match(/Deleteitem_(\w{6})/)![1]}`,
        'DELETE {{host}}/edge/items/7',
        'Authorization: Bearer {{token}}',
        '',
        '### GetOrder',
        '# orders / OrderService',
        `# @name getOrder_${text.match(/getOrder_(\w{6})/)![1]}`,
        '# GetOrder over gRPC',
        'GRPC {{grpcHost}}/shop.orders.v1.OrderService/GetOrder',
        '',
        '{',
        '  "order_id": "o\'1"',
        '}',
        '',
      ].join('\n'),
    );
  });
});

// Postman export: valid against the published v2.1.0 schema (ajv) and run by newman, with the
// exported environment file, against a real server on 127.0.0.1 that checks every request.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPostman } from '../../core/export/postman';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { grpcEndpoints, RAW_UPLOAD, UPLOAD } from './fixtures';
import { removeDir, writeExport } from './files';
import type { RecordingServer } from './recording-server';
import { recordingShop } from './recording-shop';

const schema = JSON.parse(readFileSync(new URL('./schemas/postman-collection-v2.1.0.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

let shop: ScanResult;
let endpoints: Endpoint[];
let server: RecordingServer;

beforeAll(async () => {
  // newman fills `{{token}}` from the exported environment.
  ({ shop, endpoints, server } = await recordingShop((t) => t.replace('{{token}}', 'tok')));
});
afterAll(() => server.close());

function runNewman(collection: string, environment: string, workingDir: string): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) =>
    newman.run({ collection, environment, workingDir, reporters: [], timeoutRequest: 10_000 }, (err: Error | null, summary: NewmanRunSummary) => (err ? reject(err) : resolve(summary))),
  );
}

describe('Postman export', () => {
  it('is a valid v2.1.0 collection that newman runs, every request as the model says', async () => {
    const result = exportPostman([...endpoints, ...grpcEndpoints()], {
      title: 'Shop',
      modules: shop.modules,
      environment: { name: 'local', variables: [{ key: 'host', value: server.url }, { key: 'token', value: 'tok' }, { key: 'apiKey', value: 'S3cr3t-value', secret: true }] },
    });
    const collection = JSON.parse(result.files[0]!.content);
    expect(validate(collection), JSON.stringify(validate.errors)).toBe(true);
    expect(result.summary.skipped.map((s) => s.address).sort()).toEqual(grpcEndpoints().map((e) => e.address).sort());
    expect(result.summary.warnings).toEqual([expect.stringContaining('apiKey')]);
    expect(result.files.map((f) => f.path)).toEqual(['collection.postman_collection.json', 'local.postman_environment.json']);
    expect(result.files[1]!.content).not.toContain('S3cr3t-value');

    const dir = writeExport([...result.files, { path: UPLOAD.name, content: UPLOAD.content }, { path: RAW_UPLOAD.name, content: RAW_UPLOAD.content }]);
    try {
      const summary = await runNewman(join(dir, result.files[0]!.path), join(dir, result.files[1]!.path), dir);
      expect(summary.run.failures.map((f) => f.error.message)).toEqual([]);
      expect(summary.run.stats.requests).toMatchObject({ total: endpoints.length, failed: 0 });
    } finally {
      removeDir(dir);
    }
    expect(server.verify(endpoints)).toEqual([]);
  });

  it('nests module and folder, writes :name path variables with values, and is deterministic', () => {
    const a = exportPostman(endpoints, { modules: shop.modules });
    const c = JSON.parse(a.files[0]!.content);
    expect(c.item.map((m: { name: string }) => m.name)).toEqual(['catalog', 'edge', 'inventory', 'orders']);
    const products = c.item[0].item.find((f: { name: string }) => f.name === 'Products');
    const get = products.item.find((i: { request: { method: string; url: { raw: string } } }) => i.request.method === 'GET' && i.request.url.raw.endsWith('/:id'));
    expect(get.request.url).toMatchObject({ host: ['{{host}}'], path: ['api', 'v1', 'catalog', 'products', ':id'], variable: [{ key: 'id', value: '0' }] });
    expect(exportPostman([...endpoints].reverse(), { modules: shop.modules }).files).toEqual(a.files);
  });
});

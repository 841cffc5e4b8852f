// ApiPost export: ApiPost publishes no schema and no consumer, so the envelope is checked
// against a JSON Schema written from FORMATS.md §10 (schemas/apipost-import.schema.json), and
// its links (parent ids, model references) are followed.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportApipost } from '../../core/export/apipost';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { edgeEndpoints, grpcEndpoints, httpOf, scanShop } from './fixtures';

const schema = JSON.parse(readFileSync(new URL('./schemas/apipost-import.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

let shop: ScanResult;
let endpoints: Endpoint[];

beforeAll(async () => {
  shop = await scanShop();
  endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints()];
});

interface Node {
  target_id: string;
  target_type: 'folder' | 'api';
  parent_id: string;
  name: string;
  url?: string;
  request: { restful: { parameter: { key: string }[] }; body: { mode: string; raw_schema: Record<string, unknown> } };
}

describe('ApiPost export', () => {
  it('matches the envelope schema, and every link resolves', () => {
    const result = exportApipost([...endpoints, ...grpcEndpoints()], { title: 'Shop', modules: shop.modules });
    const doc = JSON.parse(result.files[0]!.content);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
    expect(result.summary).toMatchObject({ exported: endpoints.length, skipped: grpcEndpoints().map(() => expect.anything()) });
    const nodes = doc.apis as Node[];
    const ids = new Set(nodes.map((n) => n.target_id));
    expect(ids.size).toBe(nodes.length);
    const folders = new Set(nodes.filter((n) => n.target_type === 'folder').map((n) => n.target_id));
    for (const n of nodes) expect(n.parent_id === '0' || folders.has(n.parent_id), n.name).toBe(true);
    expect(nodes.filter((n) => n.target_type === 'api')).toHaveLength(endpoints.length);
    // Every `#/components/schemas/X` reference names a model.
    const models = new Set((doc.models as { model_id: string }[]).map((m) => m.model_id));
    const refs = [...result.files[0]!.content.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(models.has(r), r).toBe(true);
    // The folder carries its @Tag description.
    expect(nodes.find((n) => n.target_type === 'folder' && n.name === 'Products')).toMatchObject({ description: 'Browse and maintain the product catalogue' });
    const price = nodes.find((n) => n.url === '/api/v1/catalog/products/{id}/price')!;
    expect(price.request.restful.parameter.map((p) => p.key)).toEqual(['id']);
    expect(price.request.body).toMatchObject({ mode: 'json', raw_schema: { $ref: '#/components/schemas/PriceChange' } });
  });

  it('a Jackson polymorphic body: the envelope still matches, and every subtype the oneOf and the discriminator mapping name is a model', async () => {
    const scan = await scanProject(fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url)));
    const result = exportApipost(scan.endpoints, { title: 'Poly', modules: scan.modules });
    const doc = JSON.parse(result.files[0]!.content);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 5), null, 1)).toBe(true);
    const models = new Map((doc.models as { model_id: string; schema: Record<string, unknown> }[]).map((m) => [m.model_id, m]));
    for (const r of [...result.files[0]!.content.matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!)) expect(models.has(r), r).toBe(true);
    const specs = (doc.apis as Node[]).find((n) => n.url === '/specs')!;
    expect(specs.request.body).toMatchObject({ mode: 'json', raw_schema: { $ref: '#/components/schemas/DataSpecs' } });
    expect(JSON.parse((specs.request.body as unknown as { raw: string }).raw)).toEqual({ dataType: 'int', min: 0, max: 0 });
  });

  it('a raw-bytes body, which the envelope has no mode for, is an empty raw body under its Content-Type, and a warning names the endpoint', () => {
    const result = exportApipost(edgeEndpoints());
    const doc = JSON.parse(result.files[0]!.content);
    const avatar = (doc.apis as Array<Node & { method: string; request: { header: { parameter: { key: string; value: string }[] }; body: { raw: string } } }>).find((n) => n.url === '/edge/avatar')!;
    expect(avatar.request.body).toMatchObject({ mode: 'raw', raw: '' });
    expect(avatar.request.header.parameter).toContainEqual(expect.objectContaining({ key: 'Content-Type', value: 'image/png' }));
    expect(result.summary.warnings).toContainEqual("ApiPost's import has no binary (file) body: raw-byte bodies are written as an empty raw body with their Content-Type; attach the file in ApiPost before sending: PUT /edge/avatar");
    // Nothing to say when no body is raw bytes.
    expect(exportApipost(httpOf(shop.endpoints), { modules: shop.modules }).summary.warnings).toEqual([]);
  });

  it('a multipart file part, which the envelope has no file row for, is a text row holding <part>.bin, and a warning names the endpoints, as the Hoppscotch export warns', () => {
    const result = exportApipost(edgeEndpoints());
    const doc = JSON.parse(result.files[0]!.content);
    type Row = { key: string; value: string; field_type: string };
    const upload = (doc.apis as Array<Node & { request: { body: { mode: string; parameter: Row[] } } }>).find((n) => n.url === '/edge/documents')!;
    expect(upload.request.body.mode).toBe('form-data');
    expect(upload.request.body.parameter).toContainEqual(expect.objectContaining({ key: 'file', value: 'file.bin', field_type: 'String' }));
    // Both uploads: parts declared as parameters, and a multipart form declared as one body schema.
    expect(result.summary.warnings).toContainEqual(
      "ApiPost's import has no file form-data row: file parts are written as text rows holding <part>.bin; make each a file and attach it in ApiPost before sending: POST /edge/attachments, POST /edge/documents",
    );
    expect(result.summary.warnings).toHaveLength(2);
    // A form without a file says nothing (the shop has urlencoded and JSON bodies only).
    expect(exportApipost(edgeEndpoints().filter((e) => e.path === '/edge/login')).summary.warnings).toEqual([]);
  });

  it('an optional query parameter without a value is listed unticked (shown, not sent), as Postman lists it disabled; the rest ticked', () => {
    const doc = JSON.parse(exportApipost(endpoints, { modules: shop.modules }).files[0]!.content);
    type Row = { key: string; is_checked: number; not_null: number };
    const list = (doc.apis as Array<Node & { method: string; request: { query: { parameter: Row[] } } }>).find((n) => n.url === '/api/v1/catalog/products' && n.method === 'GET')!;
    const ticks = Object.fromEntries(list.request.query.parameter.map((r) => [r.key, [r.is_checked, r.not_null]]));
    // categoryId and status are optional with no default; page and size are optional with defaults, so sent.
    expect(ticks).toEqual({ categoryId: [-1, -1], status: [-1, -1], page: [1, -1], size: [1, -1] });
  });

  it('the schema rejects a broken envelope (so passing means something)', () => {
    const doc = JSON.parse(exportApipost(edgeEndpoints()).files[0]!.content);
    const api = doc.apis.find((n: Node) => n.target_type === 'api');
    api.request.query.parameter.push({ key: 'x', value: 1 });
    expect(validate(doc)).toBe(false);
  });

  it('is byte-identical for the same endpoints in any order', () => {
    expect(exportApipost([...endpoints].reverse(), { modules: shop.modules }).files).toEqual(exportApipost(endpoints, { modules: shop.modules }).files);
  });
});

// OpenAPI export checked by @readme/openapi-parser, a validator that catches undeclared path
// parameters (FORMATS.md §3), in both versions apiscout writes.

import { validate } from '@readme/openapi-parser';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';
import { fullPath } from '../../core/export/request-template';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import type { JsonSchema } from '../../core/model/request';
import { CUSTOM_VERB, edgeEndpoints, grpcEndpoints, httpOf, scanShop, scanUnresolvedPlaceholders } from './fixtures';

let shop: ScanResult;
let endpoints: Endpoint[];

beforeAll(async () => {
  shop = await scanShop();
  endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints()];
});

async function check(doc: unknown) {
  // The parser dereferences in place: give it a copy.
  return validate(structuredClone(doc) as never);
}

describe('OpenAPI export', () => {
  it('the validator rejects an undeclared path parameter (so passing means something)', async () => {
    const bad = { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a/{id}': { get: { responses: { '200': { description: 'ok' } } } } } };
    const r = await check(bad);
    expect(r.valid).toBe(false);
  });

  for (const version of ['3.0.3', '3.1.0'] as const) {
    it(`writes a valid ${version} document: components for shared DTOs, tags from folders, servers from the host`, async () => {
      const result = exportOpenApi([...endpoints, ...grpcEndpoints(), CUSTOM_VERB], {
        title: 'Shop',
        modules: shop.modules,
        environment: { name: 'prod', variables: [{ key: 'host', value: 'https://shop.example.com' }] },
        openapi: { version },
      });
      const doc = parse(result.files[0]!.content);
      const r = await check(doc);
      expect('errors' in r ? r.errors : [], JSON.stringify(r)).toEqual([]);
      expect(r.valid).toBe(true);
      expect(doc.openapi).toBe(version);
      expect(doc.servers).toEqual([{ url: 'https://shop.example.com' }]);
      expect(doc.tags.map((t: { name: string }) => t.name)).toContain('Products');
      expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Money', 'ProductDto', 'Result_ProductDto']));
      const patch = doc.paths['/api/v1/catalog/products/{id}/price'].patch;
      expect(patch.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
      expect(patch.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/PriceChange' });
      expect(doc.paths['/edge/echo/{name}'].post.parameters.map((p: { in: string }) => p.in)).toEqual(['path', 'query', 'query', 'header', 'cookie']);
      expect(doc.paths['/edge/login'].post.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['username', 'password']);
      expect(result.summary.skipped.map((s) => s.reason).sort()).toEqual([
        'OpenAPI describes HTTP APIs; gRPC methods are left out',
        'OpenAPI describes HTTP APIs; gRPC methods are left out',
        'OpenAPI describes HTTP APIs; gRPC methods are left out',
        'OpenAPI has no operation for the method PURGE',
      ]);
      expect(result.summary.warnings).toEqual([expect.stringContaining('GET')]);
      // Bytes sent as they are, a raw body and a multipart file part: 3.0's `format: binary`,
      // 3.1's `contentMediaType` (3.1 gives `format` no meaning for content).
      const file = (type: string) => (version === '3.0.3' ? { type: 'string', format: 'binary' } : { type: 'string', contentMediaType: type });
      expect(doc.paths['/edge/avatar'].put.requestBody.content['image/png'].schema).toEqual(file('image/png'));
      expect(doc.paths['/edge/documents'].post.requestBody.content['multipart/form-data'].schema.properties.file).toEqual({ ...file('application/octet-stream'), description: 'the file' });
      const form = doc.paths['/edge/attachments'].post.requestBody.content['multipart/form-data'].schema;
      expect(form.properties.file).toEqual({ ...file('application/octet-stream'), description: 'the file' });
      expect(form.properties.multipartData.additionalProperties.items).toEqual(file('application/octet-stream'));
      if (version === '3.0.3') {
        // 3.0 has one `example` and boolean exclusive bounds.
        expect(result.files[0]!.content).not.toMatch(/exclusiveMinimum: \d/);
      }
    });
  }

  it('names the endpoint a duplicate METHOD path gave way to, and the way to keep both when it is of another module', () => {
    const first = endpoints.find((e) => e.method === 'GET' && e.path === '/api/v1/orders/{orderId}')!;
    const sameModule = { ...first, id: `${first.id}-again`, className: 'com.acme.shop.orders.web.LegacyOrderController', source: { ...first.source, member: 'legacyGet' } };
    const otherModule = { ...first, id: `${first.id}-other`, module: 'orders-v2', className: 'com.acme.v2.OrderResource', source: { ...first.source, member: 'get' } };
    const result = exportOpenApi([first, sameModule, otherModule], { modules: shop.modules });
    const path = fullPath(first, shop.modules);
    // The export's order (module, folder, class) decides which of the two in one module is kept.
    const skipped = new Map(result.summary.skipped.map((s) => [s.id, s.reason]));
    expect(skipped.size).toBe(2);
    const [kept, gaveWay] = skipped.has(first.id) ? [sameModule, first] : [first, sameModule];
    const simple = kept.className.slice(kept.className.lastIndexOf('.') + 1);
    expect(skipped.get(gaveWay.id)).toBe(`another endpoint already describes GET ${path}: ${simple}.${kept.source.member}`);
    expect(skipped.get(otherModule.id)).toBe(`another endpoint already describes GET ${path}: ${simple} in module ${first.module}; export one module at a time to keep both`);
  });

  it('describes two handlers of one method and path that serve different media types as one operation with both', async () => {
    const scan = await scanProject(fileURLToPath(new URL('../fixtures/jax-rs/negotiated-representations', import.meta.url)));
    const result = exportOpenApi(scan.endpoints, { modules: scan.modules });
    const doc = parse(result.files[0]!.content);
    expect((await check(doc)).valid).toBe(true);
    expect(result.summary).toMatchObject({ exported: 3, skipped: [] });
    expect(result.summary.warnings).toEqual(['GET /system/threaddump: DumpResource.dump and DumpResource.dumpAsText serve it with different media types; described as one operation with both']);
    const op = doc.paths['/system/threaddump'].get;
    expect(Object.keys(op.responses['200'].content)).toEqual(['application/json', 'text/plain']);
    // Only the JSON handler reads ?filter: the operation takes it, as optional.
    expect(op.parameters).toEqual([expect.objectContaining({ name: 'filter', in: 'query', required: false })]);
  });

  it("renames an operationId whose client request type would take a component's name (typescript-fetch's <OperationId>Request)", async () => {
    const base = endpoints.find((e) => e.method === 'POST' && e.request?.body)!;
    const dto = (title: string) => ({ type: 'object' as const, title, 'x-java-type': `com.x.${title}`, properties: { grn: { type: 'string' as const } } });
    const at = (member: string, path: string, title: string): Endpoint => ({
      ...base,
      id: member,
      path,
      className: 'com.x.SharesResource',
      source: { ...base.source, member },
      request: { params: [], consumes: ['application/json'], body: { contentType: 'application/json', schema: dto(title), example: {}, description: '', required: true } },
      response: undefined,
      responses: undefined,
    });
    // Graylog: prepareShare takes an EntityShareRequest, while another operation's body is a PrepareShareRequest.
    const result = exportOpenApi([at('prepareShare', '/shares/prepare', 'EntityShareRequest'), at('previewShare', '/shares/preview', 'PrepareShareRequest')]);
    const doc = parse(result.files[0]!.content);
    expect((await check(doc)).valid).toBe(true);
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['EntityShareRequest', 'PrepareShareRequest']);
    expect(doc.paths['/shares/prepare'].post.operationId).toBe('prepareShareOperation');
    expect(doc.paths['/shares/preview'].post.operationId).toBe('previewShare');
    // createUser(CreateUserRequest): the generator renames its own type, so the id stays.
    const own = exportOpenApi([at('createUser', '/users', 'CreateUserRequest')]);
    expect(parse(own.files[0]!.content).paths['/users'].post.operationId).toBe('createUser');
  });

  it('writes paths that differ only in template names as one path, the later operations taking its names', async () => {
    const base = endpoints.find((e) => e.method === 'GET' && !e.path.includes('{'))!;
    const at = (path: string, method: string, id: string, param: string): Endpoint => ({
      ...base,
      className: 'com.x.PeopleResource',
      path,
      method,
      id,
      source: { ...base.source, member: id },
      request: { params: [{ name: param, in: 'path', required: true, schema: { type: 'integer', format: 'int64' }, description: `the ${param}` }], consumes: [] },
    });
    // dropwizard-example: GET /people/{personId} beside DELETE /people/{id} (OpenAPI: "MUST NOT exist").
    const list = [at('/people/{personId}', 'GET', 'getPerson', 'personId'), at('/people/{id}', 'DELETE', 'deletePerson', 'id'), at('/people/{pid}', 'DELETE', 'removePerson', 'pid')];
    const result = exportOpenApi(list);
    const doc = parse(result.files[0]!.content);
    expect((await check(doc)).valid).toBe(true);
    // The first in export order (by path) names the template.
    expect(Object.keys(doc.paths)).toEqual(['/people/{id}']);
    expect(doc.paths['/people/{id}'].get.parameters).toEqual([{ name: 'id', in: 'path', description: 'the personId', required: true, schema: { type: 'integer', format: 'int64' } }]);
    // The same verb on the same path is still one operation.
    expect(result.summary.skipped).toEqual([expect.objectContaining({ id: 'removePerson', reason: 'another endpoint already describes DELETE /people/{id}: PeopleResource.deletePerson' })]);
    expect(result.summary.warnings).toEqual([]);
  });

  it('names the property or parameter whose source example it leaves out, not just its type', () => {
    const base = endpoints.find((e) => e.method === 'POST' && e.request?.body)!;
    const e: Endpoint = {
      ...base,
      request: {
        params: [{ name: 'taskCode', in: 'query', required: false, description: '', schema: { type: 'integer', format: 'int64', 'x-ignored-example': 'TASK-CODE' } as JsonSchema }],
        body: {
          contentType: 'application/json',
          required: true,
          description: '',
          example: {},
          schema: { type: 'object', title: 'ScheduleCreateRequest', 'x-java-type': 'a.ScheduleCreateRequest', properties: { environmentCode: { type: 'integer', format: 'int64', 'x-ignored-example': 'environment-code' } as JsonSchema } },
        },
        consumes: ['application/json'],
      },
    };
    // dolphinscheduler's @Schema(example = "environment-code") on a Long: the warning read `integer example "environment-code"`.
    const left = 'the example written in the source is not a value of the declared type; left out';
    expect(exportOpenApi([e]).summary.warnings).toEqual([`${base.address}: query parameter taskCode (integer) example "TASK-CODE": ${left}`, `ScheduleCreateRequest.environmentCode (integer) example "environment-code": ${left}`]);
  });

  it('declares a path template the source does not, with a warning', async () => {
    const any = edgeEndpoints().find((e) => e.name === 'Any method');
    const e = { ...any!, path: '/edge/any/{slug}', id: 'x' };
    const result = exportOpenApi([e]);
    expect((await check(parse(result.files[0]!.content))).valid).toBe(true);
    expect(result.summary.warnings).toContainEqual(expect.stringContaining("'slug'"));
  });

  it('writes a ${key} no configuration fills as the path parameter {key}, which the scan declares, with a warning', async () => {
    const scan = await scanUnresolvedPlaceholders();
    expect(scan.endpoints.map((e) => e.path).sort()).toEqual(['/${api.version}/${events.path}', '/${api.version}/${events.path}/close', '/${api.version}/archive']);
    const result = exportOpenApi(scan.endpoints, { openapi: { version: '3.0.3' } });
    const doc = parse(result.files[0]!.content) as { paths: Record<string, { get: { parameters: { name: string; in: string; description: string }[] } }> };
    expect((await check(doc)).valid).toBe(true);
    expect(Object.keys(doc.paths).sort()).toEqual(['/{api.version}/archive', '/{api.version}/{events.path}', '/{api.version}/{events.path}/close']);
    const params = doc.paths['/{api.version}/{events.path}']!.get.parameters;
    expect(params.map((p) => `${p.in} ${p.name}`)).toEqual(['path api.version', 'path events.path']);
    expect(params[0]!.description).toContain('configuration property api.version');
    expect(result.summary.warnings).toContainEqual(expect.stringContaining('the configuration property events.path has no value'));
  });

  it('says a ${Holder.NAME} of an unfoldable constant is a constant, not a configuration property', async () => {
    const any = edgeEndpoints().find((e) => e.name === 'Any method')!;
    const e = { ...any, path: '/kms/${KMSRESTConstants.KEY_RESOURCE}/{name}', id: 'x' };
    e.request = { ...e.request!, params: [{ name: 'KMSRESTConstants.KEY_RESOURCE', in: 'path', schema: { type: 'string' }, required: true, description: '' }, { name: 'name', in: 'path', schema: { type: 'string' }, required: true, description: '' }] };
    const result = exportOpenApi([e]);
    const doc = parse(result.files[0]!.content) as { paths: Record<string, { get: { parameters: { name: string; description: string }[] } }> };
    expect((await check(doc)).valid).toBe(true);
    expect(doc.paths['/kms/{KMSRESTConstants.KEY_RESOURCE}/{name}']!.get.parameters[0]!.description).toContain('The constant KMSRESTConstants.KEY_RESOURCE');
    expect(result.summary.warnings).toContainEqual(expect.stringContaining('the constant KMSRESTConstants.KEY_RESOURCE is not in the scanned source'));
    expect(result.summary.warnings.join()).not.toContain('configuration property');
  });

  it("writes a ${key:default} left in a path (another key had no value) as the default Spring falls back to", async () => {
    const any = edgeEndpoints().find((e) => e.name === 'Any method')!;
    const e = { ...any, path: '/${api.base:v1}/edge/any', id: 'x' };
    const doc = parse(exportOpenApi([e]).files[0]!.content) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(['/v1/edge/any']);
  });

  it('is byte-identical for the same endpoints in any order, in YAML and JSON', () => {
    const a = exportOpenApi(endpoints, { modules: shop.modules });
    expect(exportOpenApi([...endpoints].reverse(), { modules: shop.modules }).files).toEqual(a.files);
    const json = exportOpenApi(endpoints, { modules: shop.modules, openapi: { format: 'json' } });
    expect(json.files[0]!.path).toBe('openapi.json');
    expect(JSON.parse(json.files[0]!.content)).toEqual(parse(a.files[0]!.content));
  });
  it('writes a path met again after others (another class mapping it) with its first operations, as the JSON has it', () => {
    const base = endpoints.find((e) => e.method === 'GET' && !e.path.includes('{'))!;
    const at = (className: string, path: string, method: string, id: string): Endpoint => ({ ...base, className, path, method, id, source: { ...base.source, member: id } });
    // Export order: A /a, A /b, B /a, B /b; the document: /a (get, post), then /b (get, delete).
    const list = [at('com.x.B', '/b', 'DELETE', 'b2'), at('com.x.A', '/a', 'GET', 'a1'), at('com.x.B', '/a', 'POST', 'b1'), at('com.x.A', '/b', 'GET', 'a2')];
    const yaml = parse(exportOpenApi(list).files[0]!.content);
    const json = JSON.parse(exportOpenApi(list, { openapi: { format: 'json' } }).files[0]!.content);
    expect(Object.entries(yaml.paths).map(([path, item]) => [path, Object.keys(item as object)])).toEqual([
      ['/a', ['get', 'post']],
      ['/b', ['get', 'delete']],
    ]);
    expect(yaml.paths['/b'].get.operationId).toBe('a2');
    // Same keys in the same order throughout.
    expect(JSON.stringify(yaml)).toBe(JSON.stringify(json));
  });

  it('warns that a YAML document over 3 MB exceeds common parsers and suggests .json; the JSON export has no such warning', () => {
    // The shop's endpoints copied under distinct paths until the YAML passes 3 MB.
    const many = (copies: number) => Array.from({ length: copies }, (_, i) => endpoints.map((e) => ({ ...e, id: `${e.id}-${i}`, path: `/copy${i}${e.path}` }))).flat();
    const small = exportOpenApi(many(1), { modules: shop.modules });
    expect(small.summary.warnings.filter((w) => w.includes('MB'))).toEqual([]);
    let copies = 1;
    let big = small;
    while (big.files[0]!.content.length <= 3 * 1024 * 1024) {
      copies *= 2;
      big = exportOpenApi(many(copies), { modules: shop.modules });
    }
    const mb = (big.files[0]!.content.length / 1024 / 1024).toFixed(1);
    expect(big.summary.warnings).toContain(`the document is ${mb} MB of YAML, over the 3 MB many YAML parsers accept: export it as .json (--out openapi.json)`);
    const json = exportOpenApi(many(copies), { modules: shop.modules, openapi: { format: 'json' } });
    expect(json.files[0]!.content.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(json.summary.warnings.filter((w) => w.includes('MB'))).toEqual([]);
  });
});

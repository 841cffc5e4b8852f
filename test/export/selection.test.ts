// Selections (endpoints, class, file, directory, folder, module, query, everything), the text
// actions of the context menu, and what every exporter shares: determinism and honest summaries.

import { beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS, copyApiUrls, copyAsCurl, copyPaths, EXPORTERS, exportSelection, selectEndpoints } from '../../core/export/index';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { InputError } from '../../core/errors';
import { edgeEndpoints, grpcEndpoints, scanShop } from './fixtures';

let shop: ScanResult;
let all: Endpoint[];

beforeAll(async () => {
  shop = await scanShop();
  all = [...shop.endpoints, ...edgeEndpoints(), ...grpcEndpoints()];
});

const addresses = (list: Endpoint[]) => list.map((e) => e.address);

describe('selection', () => {
  it('selects by ids (in the order given), class, file, directory, folder, module, query and everything', () => {
    const [a, b] = [shop.endpoints[3]!, shop.endpoints[1]!];
    expect(selectEndpoints(all, { kind: 'ids', ids: [a.id, b.id] })).toEqual([a, b]);
    expect(() => selectEndpoints(all, { kind: 'ids', ids: ['nope'] })).toThrow(InputError);
    const products = selectEndpoints(all, { kind: 'class', className: 'ProductController' });
    expect(products.length).toBeGreaterThan(3);
    expect(new Set(products.map((e) => e.className))).toEqual(new Set(['com.acme.shop.catalog.web.ProductController']));
    expect(selectEndpoints(all, { kind: 'file', file: products[0]!.source.file })).toEqual(products);
    expect(selectEndpoints(all, { kind: 'file', file: 'orders/src/main/proto/orders.proto' })).toHaveLength(3);
    expect(selectEndpoints(all, { kind: 'directory', directory: 'catalog/' }).every((e) => e.module === 'catalog')).toBe(true);
    expect(selectEndpoints(all, { kind: 'directory', directory: '' })).toHaveLength(all.length);
    expect(addresses(selectEndpoints(all, { kind: 'folder', folder: 'Warehouses' }))).toEqual(['GET /rest/warehouses', 'GET /rest/warehouses/{code}']);
    expect(selectEndpoints(all, { kind: 'module', module: 'edge' })).toHaveLength(edgeEndpoints().length);
    expect(addresses(selectEndpoints(all, { kind: 'query', query: 'DELETE /rest' }))).toEqual(['DELETE /rest/stock/{sku}/reservations/{reservationId}']);
    expect(selectEndpoints(all, { kind: 'all' })).toHaveLength(all.length);
    expect(exportSelection(all, { kind: 'module', module: 'inventory' }, 'openapi').summary.exported).toBe(8);
  });
});

describe('copy actions', () => {
  it('Copy API URL: METHOD /path per endpoint, no host, context path included', () => {
    const two = selectEndpoints(all, { kind: 'folder', folder: 'Warehouses' });
    expect(copyApiUrls(two)).toBe('GET /rest/warehouses\nGET /rest/warehouses/{code}');
    expect(copyApiUrls(two, { modules: [{ name: 'inventory', dir: 'inventory', build: 'maven', contextPath: '/inv' }] })).toBe('GET /inv/rest/warehouses\nGET /inv/rest/warehouses/{code}');
    expect(copyApiUrls(grpcEndpoints().slice(0, 1))).toBe('gRPC /shop.orders.v1.OrderService/GetOrder');
    expect(copyPaths(two)).toBe('/rest/warehouses\n/rest/warehouses/{code}');
  });

  it('Copy as cURL: one command per endpoint with the given options and placeholder warnings', () => {
    const del = edgeEndpoints().find((e) => e.name === 'Delete item')!;
    const { text, warnings } = copyAsCurl([del], { environment: { name: 'dev', variables: [{ key: 'host', value: 'http://localhost:8080' }] }, curl: { render: 'resolve', multiline: false } });
    expect(text).toBe("curl -X DELETE http://localhost:8080/edge/items/7 -H 'Authorization: Bearer {{token}}'");
    expect(warnings).toEqual([expect.stringContaining("'token'")]);
  });
});

describe('every channel', () => {
  for (const channel of CHANNELS) {
    it(`${channel}: same files for the same endpoints in any order, and a summary that adds up`, () => {
      const options = { modules: shop.modules, environment: { name: 'dev', variables: [{ key: 'host', value: 'http://localhost:8080' }] } };
      const a = EXPORTERS[channel](all, options);
      const b = EXPORTERS[channel]([...all].reverse(), options);
      expect(b.files).toEqual(a.files);
      expect(a.summary.channel).toBe(channel);
      expect(a.summary.exported + a.summary.skipped.length).toBe(all.length);
      expect(a.summary.files).toEqual(a.files.map((f) => f.path));
      // No clock in the output: nothing that looks like today's date.
      const today = new Date().toISOString().slice(0, 10);
      for (const f of a.files) expect(f.content).not.toContain(today);
      // An empty selection is a valid, empty export.
      expect(EXPORTERS[channel]([], options).summary.exported).toBe(0);
    });
  }
});

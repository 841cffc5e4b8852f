// The bundled sample project (the CLI's default target): a Maven aggregator with Spring MVC
// (catalog), JAX-RS (inventory) and shared types (common) modules, plus a Gradle module (orders).
// Its endpoint list is pinned here in full.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameworkId } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, type ExpectedEndpoint, expectEndpoints, expectWellFormed } from './fixture-case';

const SHOP = join(FIXTURES, 'shop');
const TIMEOUT = 30_000;

const CATALOG = 'catalog/src/main/java/com/acme/shop/catalog/web';
const ORDERS = 'orders/src/main/java/com/acme/shop/orders/web';
const INVENTORY = 'inventory/src/main/java/com/acme/shop/inventory/resource';

type Details = Omit<ExpectedEndpoint, 'method' | 'path' | 'className' | 'member' | 'module'>;

function group(module: string, pkg: string, cls: string, folder?: string) {
  return (method: string, path: string, member: string, details: Details = {}): ExpectedEndpoint => ({
    method,
    path,
    className: `${pkg}.${cls}`,
    member,
    module,
    ...(folder === undefined ? {} : { folder }),
    ...details,
  });
}

const products = group('catalog', 'com.acme.shop.catalog.web', 'ProductController', 'Products');
const categories = group('catalog', 'com.acme.shop.catalog.web', 'CategoryController', 'Category management');
const storefront = group('catalog', 'com.acme.shop.catalog.web', 'StorefrontController', 'Server-rendered storefront pages');
const orders = group('orders', 'com.acme.shop.orders.web', 'OrderController', 'Customer orders');
const carts = group('orders', 'com.acme.shop.orders.web', 'CartController', 'CartController');
const stock = group('inventory', 'com.acme.shop.inventory.resource', 'StockResource', 'Stock levels per SKU and warehouse');
// The folder of sub-resource endpoints is pinned by test/fixtures/jax-rs/sub-resource-locators.
const reservations = group('inventory', 'com.acme.shop.inventory.resource', 'ReservationsResource');
const warehouses = group('inventory', 'com.acme.shop.inventory.resource', 'WarehouseResource', 'Warehouses');

const INVENTORY_GRPC = 'inventory/src/main/java/com/acme/shop/inventory/grpc';

function stockRpc(path: string, member: string, streaming: ExpectedEndpoint['streaming'], details: Details = {}): ExpectedEndpoint {
  return { method: 'gRPC', path, className: 'com.acme.shop.inventory.grpc.StockGrpcService', member, module: 'inventory', folder: "Warehouse robots' stock service", streaming, ...details };
}

const P = '/api/v1/catalog/products';
const C = '/api/v1/catalog/categories';

const SHOP_ENDPOINTS: ExpectedEndpoint[] = [
  // catalog: Spring MVC, @Tag/@Operation, constants from common's ApiPaths interface, a regex id
  products('GET', P, 'list', { name: 'List products', description: 'Paged; filter by category and status.' }),
  products('GET', `${P}/{id}`, 'get', { name: 'Get a product', description: '' }),
  products('GET', `${P}/sku/{sku}`, 'getBySku', {
    name: 'Looks up a product by its SKU',
    description: 'SKUs are unique across the catalogue.',
  }),
  products('POST', P, 'create', { name: 'Create a product' }),
  products('PUT', `${P}/{id}`, 'update', {
    name: 'Replaces a product',
    description: 'Every field is overwritten; omitted ones are cleared.',
  }),
  products('PATCH', `${P}/{id}/price`, 'changePrice', { name: 'Changes the price of a product', description: '' }),
  products('DELETE', `${P}/{id}`, 'delete', { name: 'delete', description: '' }),
  // declared abstract with @GetMapping in BaseController, implemented without annotations
  products('GET', `${P}/count`, 'count', {
    name: 'Counts the entities of this controller',
    description: 'Cheap: served from a cached counter.',
    file: `${CATALOG}/ProductController.java`,
    line: 88,
  }),
  // catalog: mappings declared on the CategoryApi interface
  categories('GET', `${C}/tree`, 'tree', {
    name: 'Returns the category tree',
    description: 'Roots first, children sorted by position.',
    file: `${CATALOG}/CategoryController.java`,
    line: 18,
  }),
  categories('GET', `${C}/{id}`, 'get', { name: 'Fetches one category' }),
  categories('POST', C, 'create', { name: 'Creates a category', description: 'The parent must exist.' }),
  categories('GET', `${C}/count`, 'count', { file: `${CATALOG}/CategoryController.java`, line: 33 }),
  storefront('GET', '/', 'home', { name: "The shop's home page" }),

  // orders: the Gradle module
  orders('GET', '/api/v1/orders', 'list', { name: "Lists the caller's orders", description: 'Newest first.' }),
  orders('GET', '/api/v1/orders/{orderId}', 'get', { name: 'Fetches one order' }),
  orders('POST', '/api/v1/orders', 'place', {
    name: 'Places an order',
    description: 'Stock is reserved before payment is taken.',
    file: `${ORDERS}/OrderController.java`,
  }),
  orders('POST', '/api/v1/orders/{orderId}/cancel', 'cancel', { name: 'Cancels an order that has not shipped yet' }),
  orders('GET', '/api/v1/orders/{orderId}/receipt', 'receipt', { name: 'Downloads the receipt as PDF' }),
  orders('HEAD', '/api/v1/orders/{orderId}/receipt', 'receipt', { name: 'Downloads the receipt as PDF' }),
  carts('GET', '/api/v1/carts/{cartId}', 'get', { name: 'get', description: '' }),
  carts('POST', '/api/v1/carts/{cartId}/items', 'addItem', {
    name: 'Adds an item to a cart',
    description: 'Adding an item already in the cart increases its quantity.',
  }),
  carts('DELETE', '/api/v1/carts/{cartId}/items/{sku}', 'removeItem', { name: 'Removes an item from a cart' }),

  // inventory: JAX-RS under @ApplicationPath("/rest"), with a sub-resource locator
  stock('GET', '/rest/stock', 'list', { name: 'Lists stock levels', description: 'Optionally for one warehouse only.' }),
  stock('GET', '/rest/stock/{sku}', 'get', { name: 'Stock level of one SKU over all warehouses' }),
  stock('PUT', '/rest/stock/{sku}', 'adjust', {
    name: 'Adjusts the stock of a SKU',
    description: 'Used for deliveries, returns and stocktaking.',
  }),
  reservations('GET', '/rest/stock/{sku}/reservations', 'list', {
    name: 'Lists the open reservations',
    file: `${INVENTORY}/ReservationsResource.java`,
    line: 31,
  }),
  reservations('POST', '/rest/stock/{sku}/reservations', 'reserve', {
    name: 'Reserves stock for an order',
    description: 'Fails when not enough is available.',
  }),
  reservations('DELETE', '/rest/stock/{sku}/reservations/{reservationId}', 'release', { name: 'Releases a reservation' }),
  warehouses('GET', '/rest/warehouses', 'list', { name: 'List warehouses', description: '' }),
  warehouses('GET', '/rest/warehouses/{code}', 'get', {
    name: 'Get a warehouse',
    description: 'Warehouse codes are three upper-case letters.',
  }),

  // inventory: a gRPC service beside the JAX-RS resources; its proto imports common's money.proto
  stockRpc('/acme.shop.inventory.v1.StockService/GetStock', 'getStock', 'U', {
    name: 'Current stock of one SKU over all warehouses',
    file: `${INVENTORY_GRPC}/StockGrpcService.java`,
    line: 21,
  }),
  stockRpc('/acme.shop.inventory.v1.StockService/WatchStock', 'watchStock', 'S', { name: 'Every change to the stock of the given SKUs, as it happens' }),
  stockRpc('/acme.shop.inventory.v1.StockService/RecordCounts', 'recordCounts', 'C', { name: 'Counts from a stocktaking run, streamed by the scanner; answers with a summary' }),
  stockRpc('/acme.shop.inventory.v1.StockService/PickSession', 'pickSession', 'B', { name: "A robot's session: it reports picks and receives pick orders" }),
];

/** Actuator endpoints, listed only with the actuator setting on; catalog moves the base to /ops. */
const cache = group('catalog', 'com.acme.shop.catalog.ops', 'CatalogCacheEndpoint', "The catalogue's product cache");
const ACTUATOR_ENDPOINTS: ExpectedEndpoint[] = [
  cache('GET', '/ops/catalogCache', 'sizes', { name: 'Entries per cache region' }),
  cache('DELETE', '/ops/catalogCache/{region}', 'evict', { name: 'Empties one cache region' }),
];

const testSupport = group('catalog', 'com.acme.shop.catalog.web', 'TestDataController', 'Test support: resets and seeds the catalogue between integration tests');
const TEST_ENDPOINTS: ExpectedEndpoint[] = [
  testSupport('POST', '/test-support/catalog/reset', 'reset', {
    file: 'catalog/src/test/java/com/acme/shop/catalog/web/TestDataController.java',
    line: 17,
  }),
  testSupport('POST', '/test-support/catalog/seed', 'seed'),
];

const frameworkOf = (e: { module: string; method: string; className: string }): FrameworkId =>
  e.method === 'gRPC' ? 'grpc' : e.className.includes('.ops.') ? 'actuator' : e.module === 'inventory' ? 'jax-rs' : 'spring-mvc';

describe('the shop sample project', () => {
  it('pins source locations that exist (checks this file, not the scanner)', () => {
    const wrong = [...SHOP_ENDPOINTS, ...TEST_ENDPOINTS, ...ACTUATOR_ENDPOINTS]
      .filter((e) => e.file !== undefined && e.line !== undefined)
      .filter((e) => !new RegExp(`\\b${e.member}\\s*\\(`).test(readFileSync(join(SHOP, e.file!), 'utf8').split('\n')[e.line! - 1] ?? ''));
    expect(wrong).toEqual([]);
  });

  it('lists exactly its 34 endpoints', { timeout: TIMEOUT }, async () => {
    expect(SHOP_ENDPOINTS).toHaveLength(34);
    const result = await scanProject(SHOP);
    expectEndpoints(result.endpoints, SHOP_ENDPOINTS);
    expectWellFormed(result, SHOP, frameworkOf);
    expect(result.diagnostics).toEqual([]);
  });

  it('lists the src/test/java controller only with includeTests', { timeout: TIMEOUT }, async () => {
    const withTests = await scanProject(SHOP, { includeTests: true });
    expectEndpoints(withTests.endpoints, [...SHOP_ENDPOINTS, ...TEST_ENDPOINTS]);
    expectWellFormed(withTests, SHOP, frameworkOf);

    const explicitNo = await scanProject(SHOP, { includeTests: false });
    expectEndpoints(explicitNo.endpoints, SHOP_ENDPOINTS, 'includeTests: false');
  });

  it('adds its actuator endpoints with the actuator setting on', { timeout: TIMEOUT }, async () => {
    const result = await scanProject(SHOP, { actuator: true });
    expectEndpoints(result.endpoints, [...SHOP_ENDPOINTS, ...ACTUATOR_ENDPOINTS]);
    expectWellFormed(result, SHOP, frameworkOf);
    expect(result.modules.find((m) => m.name === 'catalog')?.actuatorBasePath).toBe('/ops');
  });

  it('gives the same endpoint ids on every scan', { timeout: TIMEOUT }, async () => {
    const ids = async () => (await scanProject(SHOP)).endpoints.map((e) => e.id).sort();
    expect(await ids()).toEqual(await ids());
  });
});

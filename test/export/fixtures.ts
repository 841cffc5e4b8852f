// Inputs for the export tests: the bundled sample shop as the scanner sees it, and hand-built
// endpoints for what the shop does not have: headers, cookies, forms, hostile characters,
// placeholders, a method-less mapping, a custom verb and gRPC methods.

import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BODY_FILE } from '../../core/export/request-template';
import { createEndpoint, type Endpoint, type EndpointInit, type ScanResult } from '../../core/model/endpoint';
import type { Param } from '../../core/model/request';
import { scanProject } from '../../core/scan/scan';

export const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let shop: Promise<ScanResult> | undefined;
export function scanShop(): Promise<ScanResult> {
  return (shop ??= scanProject(SHOP));
}

/**
 * The path-placeholders fixture without its application.yml: mapping paths that keep `${key}`
 * placeholders Spring would fill from configuration at startup (`/${api.version}/${events.path}`).
 */
export function scanUnresolvedPlaceholders(): Promise<ScanResult> {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-unresolved-'));
  cpSync(fileURLToPath(new URL('../fixtures/spring-mvc/path-placeholders/src/main/java', import.meta.url)), join(root, 'src/main/java'), { recursive: true });
  return scanProject(root);
}

/** The file a multipart export refers to (`<param>.bin`); tests write it where the consumer runs. */
export const UPLOAD = { name: 'file.bin', content: Buffer.from([0, 1, 2, 255, 0x27, 0x0a, 0xe4, 0xb8, 0xad]) };

/**
 * The file a raw binary body is sent from (BODY_FILE): bytes a text body would mangle (NUL, CR LF,
 * a lone CR, invalid UTF-8, a trailing newline), so a consumer that reads it as text is caught.
 */
export const RAW_UPLOAD = { name: BODY_FILE, content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0xff, 0x0d, 0x40, 0x0a]) };

/** Every character class a shell, a URL or a JSON encoder can get wrong. */
export const HOSTILE = `it's "$HOME" \`id\` $(id) \\ back\\slash; & | < > * ? [a] {b} ~ # % 中文 😀 tab\there\nnew line\r\x01\x1f\x7f`;

function param(name: string, location: Param['in'], example: unknown, extra: Partial<Param> = {}): Param {
  return { name, in: location, schema: typeof example === 'number' ? { type: 'integer' } : Array.isArray(example) ? { type: 'array', items: { type: 'string' } } : { type: 'string' }, required: true, description: `the ${name}`, example, ...extra };
}

function endpoint(init: Partial<EndpointInit> & Pick<EndpointInit, 'method' | 'path' | 'name'>): Endpoint {
  return createEndpoint({
    protocol: 'http',
    framework: 'spring-mvc',
    description: '',
    folder: 'Edge cases',
    className: 'com.example.edge.EdgeController',
    module: 'edge',
    source: { file: 'edge/src/main/java/com/example/edge/EdgeController.java', line: 1, column: 1, member: init.name.replace(/\W+/g, '') },
    signature: [],
    ...init,
  });
}

export function edgeEndpoints(): Endpoint[] {
  return [
    endpoint({
      method: 'POST',
      path: '/edge/echo/{name}',
      name: 'Echo everything',
      description: 'Header, cookie, query and a body full of characters that need quoting.',
      request: {
        params: [
          param('name', 'path', 'a b ü'),
          param('q', 'query', 'x y&z=1'),
          param('tag', 'query', ['red', 'blue green']),
          param('X-Trace', 'header', `it's $HOME "q"`),
          param('session', 'cookie', 'abc123'),
        ],
        body: {
          contentType: 'application/json',
          schema: { type: 'object', properties: { text: { type: 'string' }, n: { type: 'integer' }, nested: { type: 'object', properties: { list: { type: 'array', items: { type: 'string' } } } } } },
          example: { text: HOSTILE, n: 42, nested: { list: ['\u2028', "'", '"'] } },
          description: '',
          required: true,
        },
        consumes: ['application/json'],
      },
      response: { contentType: 'application/json', schema: { type: 'object', properties: { ok: { type: 'boolean' } } }, example: { ok: true }, description: 'echo' },
    }),
    endpoint({
      method: 'POST',
      path: '/edge/login',
      name: 'Form login',
      request: { params: [param('username', 'form', 'jo smith'), param('password', 'form', 'p@ss&word=1')], consumes: ['application/x-www-form-urlencoded'] },
      response: { contentType: 'application/json', description: '' },
    }),
    endpoint({
      method: 'POST',
      path: '/edge/documents',
      name: 'Upload document',
      request: {
        params: [param('title', 'form', 'Q3 report & notes'), { ...param('file', 'form', undefined), file: true, schema: { type: 'string', format: 'binary' } }],
        consumes: ['multipart/form-data'],
      },
    }),
    endpoint({
      method: 'POST',
      path: '/edge/attachments',
      name: 'Upload attachment',
      description: 'A multipart form declared as one body schema, as SpringDoc functional endpoints declare uploads.',
      request: {
        params: [],
        body: {
          contentType: 'multipart/form-data',
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary', description: 'the file' },
              note: { type: 'string' },
              url: { type: 'string', description: 'optional: not sent' },
              // The handler's holder of every part (`MultiValueMap<String, Part>`): no part of its own.
              multipartData: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string', format: 'binary' } } },
            },
            required: ['file', 'note'],
          },
          example: { file: '(binary)', note: `Q3 & "notes" ${HOSTILE.slice(0, 20)}`, url: 'url', multipartData: { key: ['(binary)'] } },
          description: '',
          required: true,
        },
        consumes: ['multipart/form-data'],
      },
    }),
    endpoint({
      method: 'PUT',
      path: '/edge/avatar',
      name: 'Replace avatar',
      description: 'The image bytes as the whole body (`@RequestBody byte[]`).',
      request: {
        params: [],
        body: { contentType: 'image/png', schema: { type: 'string', format: 'binary' }, example: undefined, description: '', required: true },
        consumes: ['image/png'],
      },
    }),
    endpoint({
      method: 'ALL',
      path: '/edge/any',
      name: 'Any method',
      request: { params: [param('page', 'query', 2)], consumes: [] },
    }),
    endpoint({
      method: 'DELETE',
      path: '/edge/items/{id}',
      name: 'Delete item',
      request: { params: [param('id', 'path', 7), param('Authorization', 'header', 'Bearer {{token}}')], consumes: [] },
    }),
  ];
}

/** Endpoints whose values are placeholders, for the Resolve render mode. */
export function placeholderEndpoint(): Endpoint {
  return endpoint({
    method: 'PUT',
    path: '/edge/tenants/{tenant}',
    name: 'Placeholders everywhere',
    request: {
      params: [param('tenant', 'path', '${tenant}'), param('Authorization', 'header', 'Bearer {{token}}'), param('missing', 'query', '{{nowhere}}')],
      body: {
        contentType: 'application/json',
        schema: { type: 'object' },
        example: { owner: '{{user}}', note: 'said "${quote}"', '{{key}}': 1 },
        description: '',
        required: true,
      },
      consumes: ['application/json'],
    },
  });
}

export const CUSTOM_VERB = endpoint({ method: 'PURGE', path: '/edge/cache', name: 'Purge cache', request: { params: [], consumes: [] } });

export function grpcEndpoints(): Endpoint[] {
  const grpc = (method: string, streaming: 'U' | 'S' | 'C' | 'B'): Endpoint =>
    createEndpoint({
      protocol: 'grpc',
      framework: 'grpc',
      method: 'gRPC',
      path: `/shop.orders.v1.OrderService/${method}`,
      name: method,
      description: `${method} over gRPC`,
      folder: 'OrderService',
      className: 'com.acme.shop.grpc.OrderServiceImpl',
      module: 'orders',
      source: { file: 'orders/src/main/java/com/acme/shop/grpc/OrderServiceImpl.java', line: 10, column: 5, member: method[0]!.toLowerCase() + method.slice(1) },
      signature: [],
      streaming,
      grpc: { service: 'shop.orders.v1.OrderService', method, requestType: `shop.orders.v1.${method}Request`, responseType: 'shop.orders.v1.Order', protoFile: 'orders/src/main/proto/orders.proto' },
      request: {
        params: [],
        body: {
          contentType: 'application/grpc+json',
          schema: { type: 'object', title: `${method}Request`, properties: { order_id: { type: 'string', description: 'the order' } } },
          example: { order_id: "o'1" },
          description: '',
          required: true,
        },
        consumes: [],
      },
      response: { contentType: 'application/grpc+json', schema: { type: 'object', title: 'Order', properties: { id: { type: 'string' } } }, example: { id: 'o1' }, description: '' },
    });
  return [grpc('GetOrder', 'U'), grpc('WatchOrders', 'S'), grpc('Chat', 'B')];
}

/**
 * The HTTP endpoints of a scan: what the HTTP consumers (newman, httpyac, sh + curl, hopp) send
 * to the recording server. The shop's gRPC methods are exported in their own forms and checked
 * by the gRPC tests.
 */
export function httpOf(endpoints: readonly Endpoint[]): Endpoint[] {
  return endpoints.filter((e) => e.protocol === 'http');
}

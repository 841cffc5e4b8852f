// Request and response models of Kotlin handlers (issue 4), from the fixtures under
// test/fixtures/kotlin (whose expected.json fix the endpoints): data classes, nullability and
// defaults, Kotlin types as the JVM sees them, KDoc, use-site targets, suspend functions,
// Flow, and models that cross between Java and Kotlin in one module.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const KOTLIN = join(FIXTURES, 'kotlin');

function endpoint(endpoints: Endpoint[], member: string): Endpoint {
  const e = endpoints.find((x) => x.source.member === member);
  if (!e) throw new Error(`no endpoint ${member}: ${endpoints.map((x) => x.source.member).join(', ')}`);
  return e;
}

/** name:in:required[=default] for compact, exact comparison. */
const params = (e: Endpoint) => e.request!.params.map((p) => `${p.name}:${p.in}:${p.required ? 'required' : 'optional'}${p.default !== undefined ? `=${p.default}` : ''}`);

const USER_SCHEMA = {
  type: 'object',
  title: 'UserDto',
  description: 'A user account',
  properties: {
    id: { type: 'integer', format: 'int64', description: 'Database id.' },
    login: { type: 'string', minLength: 1, description: 'the login name' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 3, description: 'free labels' },
    score: { type: 'integer', format: 'int32' },
    ratio: { type: 'number', format: 'double', default: 0.5 },
    status: {
      type: 'string',
      title: 'Status',
      enum: ['ACTIVE', 'LOCKED'],
      'x-enum-descriptions': { ACTIVE: 'In use.', LOCKED: 'locked by an admin' },
      description: 'ACTIVE: In use; LOCKED: locked by an admin',
      'x-java-type': 'com.acme.Status',
      default: 'ACTIVE',
    },
    flags: { type: 'array', items: { type: 'integer', format: 'int32' } },
    photos: { type: 'array', items: { type: 'string' } },
    attributes: { type: 'object', title: 'Map<String, Object>', additionalProperties: {}, 'x-java-type': 'java.util.Map<java.lang.String, java.lang.Object>' },
    roles: {
      type: 'array',
      items: {
        type: 'object',
        title: 'Role',
        properties: { name: { type: 'string' }, admin: { type: 'boolean', default: false } },
        required: ['name'],
        'x-java-type': 'com.acme.Role',
      },
      uniqueItems: true,
    },
    nickname: { type: 'string', default: 'user-anonymous' },
  },
  required: ['id', 'login', 'flags', 'attributes', 'roles'],
  'x-java-type': 'com.acme.UserDto',
};

describe('Kotlin data classes as request and response bodies', () => {
  it('reads constructor properties with nullability, defaults, KDoc and use-site targets', async () => {
    const { endpoints, diagnostics } = await scanProject(join(KOTLIN, 'spring-mvc/request-models'));
    expect(diagnostics).toEqual([]);
    const create = endpoint(endpoints, 'create');
    expect(create.request!.body!.schema).toEqual(USER_SCHEMA);
    expect(create.request!.body!.required).toBe(true);
    expect(create.request!.body!.example).toEqual({
      id: 0,
      login: 'login',
      tags: ['tags'],
      score: 0,
      ratio: 0.5,
      status: 'ACTIVE',
      flags: [0],
      photos: ['photos'],
      attributes: {},
      roles: [{ name: 'name', admin: false }],
      nickname: 'user-anonymous',
    });
    expect(create.response!.schema).toEqual(USER_SCHEMA);

    const update = endpoint(endpoints, 'update');
    expect(update.request!.body!.required).toBe(false);
    expect(update.response).toEqual({ contentType: 'application/json', description: 'No body.' });
  });
});

describe('Kotlin handler parameters', () => {
  it('treats nullable and defaulted parameters as optional, as Spring does for Kotlin', async () => {
    const { endpoints } = await scanProject(join(KOTLIN, 'spring-mvc/request-models'));
    const search = endpoint(endpoints, 'search');
    expect(params(search)).toEqual([
      'kind:path:required',
      'q:query:required',
      'tag:query:optional',
      'page:query:optional=0',
      'size:query:optional=20',
      'sort:query:optional',
      'X-Trace:header:optional',
      'extra:query:optional',
    ]);
    expect(search.request!.params[1]!.description).toBe('the query text');
    expect(search.request!.params[3]!.schema).toEqual({ type: 'integer', format: 'int32' });
    expect(search.request!.params[5]!.schema).toEqual({ type: 'array', items: { type: 'string' } });
    expect(search.request!.params[7]!.schema).toEqual({ type: 'array', items: { type: 'string' } });
  });
});

describe('Kotlin JAX-RS resources', () => {
  it('reads bodies, parameters and return types the same way', async () => {
    const { endpoints } = await scanProject(join(KOTLIN, 'jax-rs/request-models'));
    const item = {
      type: 'object',
      title: 'Item',
      properties: { sku: { type: 'string' }, count: { type: 'integer', format: 'int32', default: 1 } },
      required: ['sku'],
      'x-java-type': 'com.acme.rs.Item',
    };
    const create = endpoint(endpoints, 'create');
    expect(create.request!.body).toMatchObject({ contentType: 'application/json', required: true, schema: item, example: { sku: 'sku', count: 1 } });
    expect(create.response!.schema).toEqual(item);
    expect(endpoint(endpoints, 'replace').request!.body!.required).toBe(false);
    expect(params(endpoint(endpoints, 'replace'))).toEqual(['sku:path:required']);
    expect(params(endpoint(endpoints, 'list'))).toEqual(['limit:query:optional=10']);
    expect(endpoint(endpoints, 'list').response!.schema).toEqual({ type: 'array', items: item });
  });
});

describe('Kotlin return types', () => {
  it('unwraps suspend functions, Flow, ResponseEntity and maps Kotlin types', async () => {
    const { endpoints } = await scanProject(join(KOTLIN, 'spring-mvc/request-models'));
    const item = {
      type: 'object',
      title: 'Item',
      properties: { sku: { type: 'string' }, count: { type: 'integer', format: 'int32' } },
      required: ['sku', 'count'],
      'x-java-type': 'com.acme.Item',
    };
    const schema = (m: string) => endpoint(endpoints, m).response!.schema;
    expect(schema('one')).toEqual(item);
    expect(schema('stream')).toEqual({ type: 'array', items: item });
    expect(schema('entity')).toEqual({ type: 'array', items: item });
    expect(schema('array')).toEqual({ type: 'array', items: item });
    expect(schema('counts')).toEqual({
      type: 'object',
      title: 'Map<String, Long>',
      additionalProperties: { type: 'integer', format: 'int64' },
      'x-java-type': 'java.util.Map<java.lang.String, java.lang.Long>',
    });
    expect(schema('ids')).toEqual({ type: 'array', items: { type: 'integer', format: 'int64' } });
    // Spring's byte-array converter writes a ByteArray raw, not as Jackson's base64 string.
    expect(endpoint(endpoints, 'raw').response).toMatchObject({ contentType: 'application/octet-stream', schema: { type: 'string', format: 'binary' } });
    expect(endpoint(endpoints, 'name').response).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
    expect(schema('flag')).toEqual({ type: 'boolean' });
    // `Any` is `Object`, as in Java: the declaration does not tell the body; what it returns does (`= 1`).
    expect(schema('any')).toEqual({ type: 'integer' });
    expect(endpoint(endpoints, 'delete').response).toEqual({ contentType: 'application/json', description: 'No body.' });
    expect(schema('inferred')).toMatchObject({ 'x-unresolved': true });
    // `= featured` (a property), `= newest(3)` (a function of the class), `= Item(...)` (a constructor call).
    expect(schema('featured')).toEqual(item);
    expect(schema('latest')).toEqual({ type: 'array', items: item });
    expect(schema('blank')).toEqual(item);
    expect(endpoint(endpoints, 'one').response!.example).toEqual({ sku: 'sku', count: 0 });
    expect(endpoint(endpoints, 'stream').response!.example).toEqual([{ sku: 'sku', count: 0 }]);
  });
});

describe('a module mixing Java and Kotlin', () => {
  it('reads Kotlin DTOs behind a Java controller and Java DTOs behind a Kotlin controller', async () => {
    const { endpoints, diagnostics } = await scanProject(join(KOTLIN, 'spring-mvc/mixed-java-kotlin'));
    expect(diagnostics).toEqual([]);
    const lineItem = {
      type: 'object',
      title: 'LineItem',
      description: 'One line of an invoice',
      properties: { sku: { type: 'string' }, quantity: { type: 'integer', format: 'int32', default: 1 } },
      required: ['sku'],
      'x-java-type': 'com.acme.mixed.kt.LineItem',
    };
    const invoice = {
      type: 'object',
      title: 'InvoiceDto',
      description: 'An invoice, written in Java',
      properties: {
        number: { type: 'string', description: 'Invoice number.' },
        total: { type: 'number' },
        lines: { type: 'array', items: lineItem },
      },
      required: ['number'],
      'x-java-type': 'com.acme.mixed.dto.InvoiceDto',
    };
    const customer = {
      type: 'object',
      title: 'CustomerDto',
      description: 'A customer, written in Kotlin',
      properties: {
        id: { type: 'integer', format: 'int64' },
        name: { type: 'string', description: 'the full name' },
        email: { type: 'string' },
        invoices: { type: 'array', items: invoice },
      },
      required: ['id', 'name'],
      'x-java-type': 'com.acme.mixed.kt.CustomerDto',
    };
    const create = endpoint(endpoints, 'create');
    expect(create.request!.body!.schema).toEqual(customer);
    expect(create.request!.body!.example).toEqual({ id: 0, name: 'name', email: 'email', invoices: [{ number: 'number', total: 0, lines: [{ sku: 'sku', quantity: 1 }] }] });
    expect(endpoint(endpoints, 'version').response).toMatchObject({ contentType: 'text/plain' });
    expect(endpoint(endpoints, 'get').response!.schema).toEqual(invoice);
    expect(endpoints.find((e) => e.path === '/api/customers/{id}')!.response!.schema).toEqual(customer);
  });
});

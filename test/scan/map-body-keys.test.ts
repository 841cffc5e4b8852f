// A JSON body taken as a Map or a JSON library's object whose handler reads its keys itself lists
// those keys (test/fixtures/spring-mvc/map-body-keys): their schemas, and what is not a key read.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { FIXTURES, copyFixture, editFile } from './fixture-case';

async function bodies(fixture: string): Promise<Map<string, JsonSchema | undefined>> {
  const scanner = new ProjectScanner(join(FIXTURES, fixture), { parseWorker: false });
  await scanner.scan();
  return new Map(scanner.result().endpoints.map((e) => [`${e.method} ${e.path}`, e.request?.body?.schema]));
}

const read = (how: string, schema: JsonSchema = {}) => ({ ...schema, description: `Read in code (${how})` });

describe('keys a handler reads from its Map or JSONObject body', () => {
  it('are its properties, typed by getter or cast; writes, comments and bodies never read by key add none', async () => {
    const got = await bodies('spring-mvc/map-body-keys');
    expect(got.get('POST /accounts')).toMatchObject({
      type: 'object',
      additionalProperties: {},
      properties: { login: read('get', { type: 'string' }), age: read('getOrDefault', { type: 'integer' }), roles: read('get', { type: 'array', items: {} }), note: read('get') },
    });
    expect(Object.keys(got.get('POST /accounts')!.properties!)).toEqual(['login', 'age', 'roles', 'note']);
    expect(got.get('PUT /accounts/{id}/settings')!.properties).toEqual({
      theme: read('getString', { type: 'string' }),
      pageSize: read('getIntValue', { type: 'integer' }),
      beta: read('getBooleanValue', { type: 'boolean' }),
      notify: read('getJSONObject', { type: 'object' }),
    });
    expect(got.get('POST /accounts/import')!.properties).toBeUndefined();
    // Kotlin: an index read cast with `as`; a cast after a call with nested parentheses is not followed.
    expect(got.get('POST /profiles')!.properties).toEqual({ nickname: read('get', { type: 'string' }), bio: read('get'), age: read('getOrDefault') });
  });

  it("are also those the methods it hands the body to read: its service's implementation and that one's helper", async () => {
    const got = await bodies('spring-mvc/map-body-keys');
    expect(got.get('PUT /accounts/{id}')!.properties).toEqual({
      note: read('get', { type: 'string' }),
      email: read('get', { type: 'string' }),
      locked: read('getOrDefault', { type: 'boolean' }),
      reason: read('get'),
    });
    // Kotlin: a constructor property's service, from an expression body.
    expect(got.get('POST /profiles/{id}/name')!.properties).toEqual({ displayName: read('get', { type: 'string' }) });
  });

  it('a JAX-RS Map entity too', async () => {
    const got = await bodies('jax-rs/map-body-keys');
    expect(got.get('POST /jobs/{id}/run')!.properties).toEqual({ dryRun: read('get', { type: 'boolean' }), queue: read('getOrDefault', { type: 'string' }) });
    expect(got.get('POST /jobs')!.properties).toBeUndefined();
  });
});

describe('a re-scan of keys read in the code a handler hands its body to', () => {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-map-keys-rescan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("follows an edit of the service's implementation, as a fresh scan does", async () => {
    const root = copyFixture('spring-mvc/map-body-keys', dir);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const keys = () => Object.keys(scanner.result().endpoints.find((e) => e.method === 'PUT' && e.path === '/accounts/{id}')!.request!.body!.schema.properties ?? {});
    expect(keys()).toEqual(['note', 'email', 'locked', 'reason']);
    const impl = 'src/main/java/com/acme/accounts/AccountServiceImpl.java';
    editFile(root, impl, 'changes.get("email")', 'changes.get("mail")');
    scanner.rescan([{ path: impl, kind: 'changed' }]);
    expect(keys()).toEqual(['note', 'mail', 'locked', 'reason']);
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(scanner.result().endpoints).toEqual(fresh.result().endpoints);
  });
});

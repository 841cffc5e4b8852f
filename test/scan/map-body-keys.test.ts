// A JSON body taken as a Map or a JSON library's object whose handler reads its keys itself lists
// those keys (test/fixtures/spring-mvc/map-body-keys): their schemas, and what is not a key read.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { FIXTURES } from './fixture-case';

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

  it('a JAX-RS Map entity too', async () => {
    const got = await bodies('jax-rs/map-body-keys');
    expect(got.get('POST /jobs/{id}/run')!.properties).toEqual({ dryRun: read('get', { type: 'boolean' }), queue: read('getOrDefault', { type: 'string' }) });
    expect(got.get('POST /jobs')!.properties).toBeUndefined();
  });
});

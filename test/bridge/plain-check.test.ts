// The hub's plain params check (server.ts) stands in for ajv on the catalog's plainest methods,
// so a fresh sidecar answers the page's first requests without compiling ajv first. It must
// judge every value exactly as ajv does: checked here on every method it takes, against ajv
// compiled as the hub compiles it, over values of every kind a client could send.

import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { requests } from '../../ide-bridge/protocol';
import type { RequestName } from '../../ide-bridge/protocol';
import { plainCheck } from '../../ide-bridge/server';

const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: false });

/** Values for one field: of its type and of every other, with lengths around each limit. */
const FIELD_VALUES: unknown[] = ['', 'a', 'ab', '😀', '😀😀', 'x'.repeat(300), 0, 1, -1, 1.5, 2 ** 53, true, false, null, [], ['a'], {}, { a: 1 }];

function candidates(schema: { properties?: Record<string, unknown>; required?: string[] }): unknown[] {
  const keys = Object.keys(schema.properties ?? {});
  const base: Record<string, unknown> = {};
  for (const k of keys) base[k] = 'ok';
  const values: unknown[] = [null, [], 'text', 7, true, {}, base, { ...base, extra: 1 }, { ...base, extra: 'x' }];
  for (const k of keys) {
    const { [k]: _, ...without } = base;
    values.push(without);
    for (const v of FIELD_VALUES) values.push({ ...base, [k]: v });
  }
  return values;
}

describe('the plain params check', () => {
  const plain = (Object.keys(requests) as RequestName[]).filter((name) => plainCheck(requests[name].params));

  it('takes the methods a page calls while it loads', () => {
    for (const name of ['project/list', 'project/status', 'endpoints/tree', 'settings/get', 'env/list'] as const) expect(plain).toContain(name);
  });

  it('leaves to ajv every schema with more in it than plain fields', () => {
    expect(plainCheck(requests['endpoints/search'].params)).toBeUndefined();
    expect(plainCheck(requests['files/changed'].params)).toBeUndefined();
    expect(plainCheck({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } } })).toBeUndefined();
    expect(plainCheck({ type: 'object', properties: { s: { type: 'string', pattern: '^a' } } })).toBeUndefined();
    expect(plainCheck({ type: 'object', properties: {}, additionalProperties: { type: 'string' } })).toBeUndefined();
    expect(plainCheck({ type: 'array' })).toBeUndefined();
  });

  it('judges every value as ajv does, on every method it takes', () => {
    let compared = 0;
    for (const name of plain) {
      const schema = requests[name].params as { properties?: Record<string, unknown>; required?: string[] };
      const check = plainCheck(schema)!;
      const full = ajv.compile(schema);
      for (const value of candidates(schema)) {
        expect(check(value), `${name} ${JSON.stringify(value)}`).toBe(full(value));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('judges closed objects, integers and longer minimum lengths as ajv does', () => {
    const schema = {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: { name: { type: 'string', minLength: 2 }, count: { type: 'integer' }, on: { type: 'boolean' } },
    };
    const check = plainCheck(schema)!;
    const full = ajv.compile(schema);
    for (const value of candidates(schema)) expect(check(value), JSON.stringify(value)).toBe(full(value));
  });
});

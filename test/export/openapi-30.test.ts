// The 3.0 rewrite and the test the exporter uses to skip it (core/export/openapi-30.ts) must
// agree: a schema the test passes through untouched is one the rewrite would leave as it is.

import { describe, expect, it } from 'vitest';
import { rewritesFor30, toOpenApi30 } from '../../core/export/openapi-30';
import type { JsonSchema } from '../../core/model/request';
import { scanShop } from './fixtures';

/** The schema's own keys, nested schemas left out: what the rewrite looks at. */
function ownKeys(s: JsonSchema): Record<string, unknown> {
  const { properties: _p, items: _i, $defs: _d, additionalProperties: _a, ...rest } = s as Record<string, unknown>;
  return structuredClone(rest);
}

function changes(s: JsonSchema): boolean {
  const before = ownKeys(s);
  return JSON.stringify(toOpenApi30(ownKeys(s))) !== JSON.stringify(before);
}

function* nodes(s: unknown): Generator<JsonSchema> {
  if (!s || typeof s !== 'object') return;
  if (Array.isArray(s)) {
    for (const x of s) yield* nodes(x);
    return;
  }
  const o = s as Record<string, unknown>;
  if ('type' in o || '$ref' in o || 'const' in o || 'enum' in o) yield o as JsonSchema;
  for (const v of Object.values(o)) yield* nodes(v);
}

describe('rewritesFor30', () => {
  it('is true exactly when toOpenApi30 would change the schema, branch by branch', () => {
    const cases: JsonSchema[] = [
      { type: ['string', 'null'] },
      { type: ['integer', 'string'] },
      { type: 'null' },
      { type: 'integer', exclusiveMinimum: 0 },
      { type: 'integer', exclusiveMaximum: 9 },
      { type: 'string', examples: ['a'] },
      { type: 'string', examples: [] },
      { const: 'x' } as JsonSchema,
      { nullable: true } as JsonSchema,
      { type: 'string', nullable: true } as JsonSchema,
      { type: 'string', format: 'date-time', example: 'x', enum: ['a'], minimum: 1 } as JsonSchema,
      {},
    ];
    for (const s of cases) expect(rewritesFor30(s), JSON.stringify(s)).toBe(changes(s));
  });

  it('agrees with the rewrite on every schema the sample shop scan holds', async () => {
    const result = await scanShop();
    let seen = 0;
    for (const s of nodes(result.endpoints)) {
      seen++;
      expect(rewritesFor30(s), JSON.stringify(ownKeys(s))).toBe(changes(s));
    }
    expect(seen).toBeGreaterThan(100);
  });
});

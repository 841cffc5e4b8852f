// What the exports make of Jackson polymorphic types (a `oneOf` of subtypes, each with its type
// id): OpenAPI components with a discriminator mapping, the Markdown field table, and the
// examples the request channels send. The consumers themselves read the fixture in
// openapi-consumers.test.ts (it scans every spring-mvc case) and jackson-polymorphism.test.ts.

import { beforeAll, describe, expect, it } from 'vitest';
import { exportCurl } from '../../core/export/curl';
import { Components } from '../../core/export/json-schema';
import { schemaRows, typeLabel } from '../../core/export/schema-rows';
import type { Endpoint } from '../../core/model/endpoint';
import type { JsonSchema } from '../../core/model/request';
import { scanProject } from '../../core/scan/scan';
import { fileURLToPath } from 'node:url';

const CASE = fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url));

let endpoints: Endpoint[];
const body = (path: string): JsonSchema => endpoints.find((e) => e.path === path)!.request!.body!.schema;

beforeAll(async () => {
  endpoints = (await scanProject(CASE)).endpoints;
});

describe('polymorphic schemas in the exports', () => {
  it('OpenAPI: the base is a component of oneOf references with a discriminator mapping every id, in 3.0 and 3.1', () => {
    for (const dialect of ['3.0', '3.1'] as const) {
      const c = new Components(dialect);
      expect(c.use(body('/specs'))).toEqual({ $ref: '#/components/schemas/DataSpecs' });
      const base = c.schemas.DataSpecs as Record<string, unknown>;
      expect(base.oneOf).toEqual([{ $ref: '#/components/schemas/NumericSpec' }, { $ref: '#/components/schemas/TextSpec' }]);
      expect(base.discriminator).toEqual({
        propertyName: 'dataType',
        mapping: { int: '#/components/schemas/NumericSpec', float: '#/components/schemas/NumericSpec', double: '#/components/schemas/NumericSpec', text: '#/components/schemas/TextSpec' },
      });
      expect(base['x-discriminator']).toBeUndefined();
      expect((c.schemas.NumericSpec as JsonSchema).required).toEqual(['dataType']);
    }
  });

  it('OpenAPI: a recursive tree refers to its base component; a wrapper object has no discriminator', () => {
    const c = new Components('3.1');
    c.use(body('/nodes'));
    expect((c.schemas.Group as JsonSchema).properties!.children).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Node' } });
    expect((c.schemas.Node as Record<string, unknown>).discriminator).toEqual({ propertyName: 'type', mapping: { group: '#/components/schemas/Group', leaf: '#/components/schemas/Leaf' } });
    c.use(body('/events'));
    const event = c.schemas.Event as Record<string, unknown>;
    expect(event.discriminator).toBeUndefined();
    expect((event.oneOf as JsonSchema[])[0]).toEqual({ type: 'object', properties: { created: { $ref: '#/components/schemas/Created' } }, required: ['created'], additionalProperties: false });
  });

  it('OpenAPI 3.0 has no positional items: a WRAPPER_ARRAY is an array of either', () => {
    const pair: JsonSchema = { type: 'array', prefixItems: [{ type: 'string', enum: ['a'] }, { type: 'object', properties: { x: { type: 'string' } } }], minItems: 2, maxItems: 2 };
    expect(new Components('3.0').use(pair)).toEqual({ type: 'array', items: { oneOf: pair.prefixItems }, minItems: 2, maxItems: 2 });
    expect(new Components('3.1').use(pair)).toEqual(pair);
    // A base of such pairs is one array of its ids and subtypes in 3.0 (a oneOf of arrays breaks typescript-fetch), a oneOf in 3.1.
    const c30 = new Components('3.0');
    c30.use(body('/animals'));
    expect(c30.schemas.Animal).toMatchObject({
      type: 'array',
      items: { oneOf: [{ type: 'string', enum: ['.Animal$Dog', '.Animal$Cat'] }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }] },
      minItems: 2,
      maxItems: 2,
    });
    expect((c30.schemas.Animal as Record<string, unknown>).oneOf).toBeUndefined();
    const c31 = new Components('3.1');
    c31.use(body('/animals'));
    expect(((c31.schemas.Animal as JsonSchema).oneOf ?? []).map((b) => b.prefixItems?.[1])).toEqual([{ $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Cat' }]);
  });

  it('Markdown: a row per subtype naming its ids, its fields under it; a tree stops at the base', () => {
    const rows = (path: string) => schemaRows(body(path)).map((r) => `${'  '.repeat(r.depth)}${r.name} | ${r.type} | ${r.description}`);
    expect(rows('/specs')).toEqual([
      'NumericSpec | one of | dataType: int, float, double',
      '  dataType | enum (int, float, double) | The data type',
      '  min | integer (int32) | ',
      '  max | integer (int32) | ',
      'TextSpec | one of | dataType: text',
      '  dataType | enum (text) | The data type',
      '  length | integer (int32) | ',
    ]);
    expect(rows('/nodes')).toEqual([
      'Group | one of | type: group',
      '  type | enum (group) | ',
      '  name | string | ',
      '  children | Node[] | ',
      'Leaf | one of | type: leaf',
      '  type | enum (leaf) | ',
      '  name | string | ',
      '  value | integer (int32) | ',
    ]);
    expect(rows('/events').filter((r) => !r.startsWith(' '))).toEqual(['Created | one of | wrapped in {"created": …}', 'Deleted | one of | wrapped in {"deleted": …}']);
    expect(rows('/animals')).toEqual([
      'Dog | one of | written as [".Animal$Dog", {…}]',
      '  name | string | ',
      '  barks | boolean | ',
      'Cat | one of | written as [".Animal$Cat", {…}]',
      '  name | string | ',
      '  lives | integer (int32) | ',
    ]);
    // DEDUCTION: no id, the subtypes told apart by their fields.
    expect(rows('/vehicles')).toEqual(['Car | one of | ', '  wheels | integer (int32) | ', 'Boat | one of | ', '  sails | integer (int32) | ']);
  });

  it('Markdown: a field of a polymorphic type is labelled with the type, however its subtypes are written', () => {
    expect(typeLabel(body('/animals'))).toBe('Animal');
    expect(typeLabel({ type: 'array', items: body('/specs') })).toBe('DataSpecs[]');
  });

  it('cURL sends the first subtype with its type id', () => {
    const curl = exportCurl(endpoints.filter((e) => e.path === '/specs')).files[0]!.content;
    expect(curl).toContain('"dataType": "int"');
  });
});

// Converting the scanner's JSON Schema for OpenAPI and ApiPost (core/export/json-schema.ts):
// schemas with nothing to convert are written as they are (the scan's own object, unchanged);
// the others as each dialect needs them.

import { describe, expect, it } from 'vitest';
import { Components } from '../../core/export/json-schema';
import type { JsonSchema } from '../../core/model/request';

const convert = (dialect: '3.0' | '3.1', schema: JsonSchema) => {
  const before = structuredClone(schema);
  const out = new Components(dialect).use(schema);
  expect(schema, 'the scan result is never changed').toEqual(before);
  return out;
};

describe('Components.use', () => {
  it('writes a schema with nothing to convert as it is, in both dialects', () => {
    const plain = { type: 'integer', format: 'int64', description: 'id', minimum: 1, enum: [1, 2], example: 3 } as JsonSchema;
    expect(JSON.stringify(convert('3.0', plain))).toBe(JSON.stringify(plain));
    expect(JSON.stringify(convert('3.1', plain))).toBe(JSON.stringify(plain));
  });

  it('drops $schema, $defs and undefined keys, and lists enum descriptions', () => {
    const s = { $schema: 'x', type: 'string', format: undefined, enum: ['A', 'B'], 'x-enum-descriptions': { B: 'bee' } } as unknown as JsonSchema;
    expect(convert('3.1', s)).toEqual({ type: 'string', enum: ['A', 'B'], 'x-enum-descriptions': ['', 'bee'] });
  });

  it('rewrites what OpenAPI 3.0 says otherwise, and leaves it in 3.1', () => {
    const nullable = { type: ['string', 'null'] } as JsonSchema;
    expect(convert('3.0', nullable)).toEqual({ type: 'string', nullable: true });
    expect(convert('3.1', nullable)).toEqual({ type: ['string', 'null'] });
    expect(convert('3.0', { type: 'integer', exclusiveMinimum: 0 } as JsonSchema)).toEqual({ type: 'integer', minimum: 0, exclusiveMinimum: true });
    expect(convert('3.0', { const: 'x' } as JsonSchema)).toEqual({ enum: ['x'] });
    expect(convert('3.0', { type: 'null' } as JsonSchema)).toEqual({ description: 'Always null.' });
    expect(convert('3.0', { type: 'string', examples: ['a', 'b'] } as JsonSchema)).toEqual({ type: 'string', example: 'a' });
  });

  it('converts the schemas inside a list or map, and makes an object type a component', () => {
    const dto = { type: 'object', title: 'Dto', 'x-java-type': 'a.Dto', properties: { id: { type: 'integer', format: 'int64' }, tags: { type: ['array', 'null'], items: { type: 'string' } } } } as JsonSchema;
    const components = new Components('3.0');
    expect(components.use({ type: 'array', items: dto } as JsonSchema)).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Dto' } });
    expect(components.schemas.Dto).toEqual({ type: 'object', title: 'Dto', 'x-java-type': 'a.Dto', properties: { id: { type: 'integer', format: 'int64' }, tags: { type: 'array', nullable: true, items: { type: 'string' } } } });
  });

  it('gives two classes of one name from different modules a component each, and one class one', () => {
    const orm = { type: 'object', title: 'Author', 'x-java-type': 'org.acme.Author', properties: { firstName: { type: 'string' } } } as JsonSchema;
    const standalone = { type: 'object', title: 'Author', 'x-java-type': 'org.acme.Author', properties: { id: { type: 'string', format: 'uuid' }, firstName: { type: 'string' } } } as JsonSchema;
    const components = new Components('3.1');
    expect(components.use(orm)).toEqual({ $ref: '#/components/schemas/Author' });
    expect(components.use(standalone)).toEqual({ $ref: '#/components/schemas/Author2' });
    expect(components.use({ ...orm })).toEqual({ $ref: '#/components/schemas/Author' });
    expect(Object.keys((components.schemas.Author2 as JsonSchema).properties!)).toEqual(['id', 'firstName']);
  });
});

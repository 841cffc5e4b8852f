import { describe, expect, it } from 'vitest';
import type { JsonSchema } from './request';
import { schemaOutline, typeLabel } from './schema-outline';

describe('schemaOutline', () => {
  it('lists fields with their type, required mark and description, nested objects and array items under their field', () => {
    const money: JsonSchema = { type: 'object', title: 'Money', required: ['amount'], properties: { amount: { type: 'number', description: 'at most\n two decimals' } } };
    const schema: JsonSchema = {
      type: 'object',
      properties: { id: { type: 'integer', format: 'int64' }, price: money, lines: { type: 'array', items: { type: 'object', title: 'Line', properties: { sku: { type: 'string' } } } } },
    };
    expect(schemaOutline(schema)).toEqual([
      { kind: 'field', depth: 1, name: 'id', type: 'integer(int64)', required: false },
      { kind: 'field', depth: 1, name: 'price', type: 'Money', required: false },
      { kind: 'field', depth: 2, name: 'amount', type: 'number', required: true, description: 'at most; two decimals' },
      { kind: 'field', depth: 1, name: 'lines', type: 'Line[]', required: false },
      { kind: 'field', depth: 2, name: 'sku', type: 'string', required: false },
    ]);
    expect(schemaOutline({ type: 'array', items: money })[0]).toEqual({ kind: 'items', depth: 1, type: 'Money' });
  });

  it('gives a polymorphic type its subtypes with the type id that picks each', () => {
    const schema: JsonSchema = {
      'x-discriminator': { propertyName: 'kind' },
      oneOf: [{ title: 'Circle', type: 'object', properties: { kind: { type: 'string', enum: ['circle'] }, r: { type: 'number' } } }],
    } as JsonSchema;
    expect(schemaOutline(schema).slice(0, 2)).toEqual([
      { kind: 'subtype', depth: 1, name: 'Circle', ids: { property: 'kind', values: ['circle'] } },
      { kind: 'field', depth: 2, name: 'kind', type: 'enum(circle)', required: false },
    ]);
  });

  it('puts a description\'s lines on one line without doubling the punctuation that ends a sentence', () => {
    const schema: JsonSchema = { type: 'object', properties: { status: { type: 'string', description: 'Initial state; DRAFT when omitted.\nDRAFT: being prepared; ACTIVE: orderable' } } };
    expect(schemaOutline(schema)[0]).toMatchObject({ description: 'Initial state; DRAFT when omitted. DRAFT: being prepared; ACTIVE: orderable' });
  });

  it('stops opening a self-referencing model', () => {
    const node: JsonSchema = { type: 'object', title: 'Node', properties: {} };
    node.properties!.child = node;
    expect(schemaOutline(node).length).toBe(7);
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string|null');
  });

  it('opens a polymorphic field\'s subtypes under it, follows references into $defs, and names a tree\'s own type rather than opening it again', () => {
    const figure: JsonSchema = {
      type: 'object',
      title: 'Figure',
      'x-discriminator': { propertyName: 'shape' },
      oneOf: [
        { type: 'object', title: 'Dot', properties: { shape: { type: 'string', enum: ['dot'] } } },
        { type: 'object', title: 'Line', properties: { shape: { type: 'string', enum: ['line'] }, length: { type: 'integer' } } },
      ],
    };
    const node: JsonSchema = {
      type: 'object',
      title: 'Node',
      'x-java-type': 'com.acme.Node',
      'x-discriminator': { propertyName: 'type' },
      oneOf: [{ type: 'object', title: 'Group', properties: { type: { type: 'string', enum: ['group'] }, children: { type: 'array', items: { $ref: '#/$defs/Node' } }, mark: { $ref: '#/$defs/Figure' } } }],
    };
    const rows = schemaOutline({ ...node, $defs: { Node: node, Figure: figure } }).map((r) => (r.kind === 'field' ? `${r.depth} ${r.name} ${r.type}` : r.kind === 'subtype' ? `${r.depth} one of ${r.name}` : `${r.depth} ${r.type}[]`));
    expect(rows).toEqual(['1 one of Group', '2 type enum(group)', '2 children Node[]', '2 mark Figure', '3 one of Dot', '4 shape enum(dot)', '3 one of Line', '4 shape enum(line)', '4 length integer']);
  });
});

describe('schemaOutline of maps', () => {
  it("shows a map's values, and opens a map of models, at the top and as a field", () => {
    const order: JsonSchema = { type: 'object', title: 'Order', properties: { id: { type: 'integer', format: 'int64' } } };
    expect(schemaOutline({ type: 'object', title: 'RestResponse', additionalProperties: {} })).toEqual([{ kind: 'entries', depth: 1, type: 'any' }]);
    expect(schemaOutline({ type: 'object', additionalProperties: order })).toEqual([
      { kind: 'entries', depth: 1, type: 'Order' },
      { kind: 'field', depth: 2, name: 'id', type: 'integer(int64)', required: false },
    ]);
    const byId: JsonSchema = { type: 'object', title: 'Map<String, Order>', additionalProperties: order };
    expect(schemaOutline({ type: 'object', properties: { byId, counts: { type: 'object', title: 'Map<String, Long>', additionalProperties: { type: 'integer', format: 'int64' } } } })).toEqual([
      { kind: 'field', depth: 1, name: 'byId', type: 'Map<String, Order>', required: false },
      { kind: 'entries', depth: 2, type: 'Order' },
      { kind: 'field', depth: 3, name: 'id', type: 'integer(int64)', required: false },
      { kind: 'field', depth: 1, name: 'counts', type: 'Map<String, Long>', required: false },
    ]);
  });
});

// The Body tab's subtypes of a polymorphic body (body-subtypes.ts), on the schemas the scanner
// writes for Jackson's type id forms (test/fixtures/spring-mvc/polymorphic-bodies): names and ids
// for the picker, each subtype's example, and the subtype a body's text names.

import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { bodySubtypes, detectSubtype, subtypeExample, subtypeLabel } from './body-subtypes';

const specs: JsonSchema = {
  type: 'object',
  title: 'DataSpecs',
  oneOf: [
    { type: 'object', title: 'NumericSpec', properties: { dataType: { type: 'string', enum: ['int', 'float', 'double'] }, min: { type: 'integer' } }, required: ['dataType'] },
    { type: 'object', title: 'TextSpec', properties: { dataType: { type: 'string', enum: ['text'] }, length: { type: 'integer' } }, required: ['dataType'] },
  ],
  'x-discriminator': { propertyName: 'dataType' },
};

const events: JsonSchema = {
  type: 'object',
  title: 'Event',
  oneOf: [
    { type: 'object', properties: { created: { type: 'object', title: 'Created', properties: { name: { type: 'string' } } } }, required: ['created'], additionalProperties: false },
    { type: 'object', properties: { deleted: { $ref: '#/$defs/Deleted' } }, required: ['deleted'], additionalProperties: false },
  ],
  $defs: { Deleted: { type: 'object', title: 'Deleted', properties: { id: { type: 'integer' } } } },
};

const vehicles: JsonSchema = {
  type: 'object',
  title: 'Vehicle',
  oneOf: [
    { type: 'object', title: 'Car', properties: { wheels: { type: 'integer' }, name: { type: 'string' } } },
    { type: 'object', title: 'Boat', properties: { sails: { type: 'integer' }, name: { type: 'string' } } },
  ],
};

describe('bodySubtypes', () => {
  it('names each subtype by class with the type ids that pick it; several ids for one class are listed together', () => {
    const s = bodySubtypes(specs)!;
    expect(s.form).toBe('property');
    expect(s.list.map((x) => subtypeLabel(x, s))).toEqual(['NumericSpec (dataType: int, float, double)', 'TextSpec (dataType: text)']);
    expect(JSON.parse(subtypeExample(s.list[1]!))).toEqual({ dataType: 'text', length: 0 });
  });

  it('tells the subtype from the type id, any of a class\'s ids; an unknown id, no id or broken JSON tells nothing', () => {
    const s = bodySubtypes(specs)!;
    expect(detectSubtype('{"dataType": "float"}', s)).toBe(0);
    expect(detectSubtype('{"dataType": "text", "length": 3}', s)).toBe(1);
    expect(detectSubtype('{"dataType": "blob"}', s)).toBeUndefined();
    expect(detectSubtype('{"min": 1}', s)).toBeUndefined();
    expect(detectSubtype('{"dataType": ', s)).toBeUndefined();
  });

  it('a wrapper object: the key is the id, the wrapped class the name, a referenced class filled from the base type\'s $defs', () => {
    const s = bodySubtypes(events)!;
    expect(s.form).toBe('wrapper-object');
    expect(s.list.map((x) => subtypeLabel(x, s))).toEqual(['Created (created)', 'Deleted (deleted)']);
    expect(JSON.parse(subtypeExample(s.list[1]!))).toEqual({ deleted: { id: 0 } });
    expect(detectSubtype('{"deleted": {"id": 4}}', s)).toBe(1);
  });

  it('no type id (DEDUCTION): the one subtype whose properties hold all the body\'s, else none', () => {
    const s = bodySubtypes(vehicles)!;
    expect(s.form).toBe('deduction');
    expect(s.list.map((x) => subtypeLabel(x, s))).toEqual(['Car', 'Boat']);
    expect(detectSubtype('{"sails": 2}', s)).toBe(1);
    expect(detectSubtype('{"name": "x"}', s)).toBeUndefined();
    expect(detectSubtype('{}', s)).toBeUndefined();
  });

  it('a body that is not polymorphic has no subtypes', () => {
    expect(bodySubtypes({ type: 'object', properties: { a: { type: 'string' } } })).toBeUndefined();
    expect(bodySubtypes(undefined)).toBeUndefined();
  });
});

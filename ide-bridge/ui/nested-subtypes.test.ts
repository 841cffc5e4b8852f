// The polymorphic parts one level inside a body (nested-subtypes.ts): which parts get a picker,
// and a swap that replaces that part only.

import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { detectNested, nestedSubtypes, nestedText, swapNested } from './nested-subtypes';

const figure: JsonSchema = {
  type: 'object',
  title: 'Figure',
  oneOf: [
    { type: 'object', title: 'Dot', properties: { shape: { type: 'string', enum: ['dot'] }, x: { type: 'integer' } }, required: ['shape'] },
    { type: 'object', title: 'Line', properties: { shape: { type: 'string', enum: ['line'] }, length: { type: 'integer' } }, required: ['shape'] },
  ],
  'x-discriminator': { propertyName: 'shape' },
};
const drawing: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, main: { $ref: '#/$defs/Figure' }, layers: { type: 'array', items: { $ref: '#/$defs/Figure' } } },
  $defs: { Figure: figure },
};

describe('nested subtypes', () => {
  it('finds a polymorphic field and a list of them, by path; none in a body that is itself polymorphic', () => {
    expect(nestedSubtypes(drawing).map((n) => [n.path, n.subtypes.list.map((s) => s.name)])).toEqual([
      ['main', ['Dot', 'Line']],
      ['layers[0]', ['Dot', 'Line']],
    ]);
    expect(nestedSubtypes({ type: 'array', items: figure }).map((n) => n.path)).toEqual(['[0]']);
    expect(nestedSubtypes(figure)).toEqual([]);
  });

  it('swaps the part only, with the example or the text given; reads the part the body holds', () => {
    const [main, layers] = nestedSubtypes(drawing);
    const body = JSON.stringify({ name: 'n', main: { shape: 'dot', x: 3 }, layers: [{ shape: 'dot' }, { shape: 'line' }] });
    expect(detectNested(body, main!)).toBe(0);
    expect(JSON.parse(swapNested(body, main!, 1)!)).toEqual({ name: 'n', main: { shape: 'line', length: 0 }, layers: [{ shape: 'dot' }, { shape: 'line' }] });
    expect(JSON.parse(swapNested(body, layers!, 1, '{"shape":"line","length":9}')!).layers).toEqual([{ shape: 'line', length: 9 }, { shape: 'line' }]);
    expect(nestedText(body, main!)).toBe('{"shape":"dot","x":3}');
    expect(swapNested('{"name": ', main!, 1)).toBeUndefined();
    expect(swapNested('[1]', main!, 1)).toBeUndefined();
  });
});

// The polymorphic parts inside a body (nested-subtypes.ts): which parts get a picker, at any depth
// and inside the subtype a part holds, and a swap that replaces that part only.

import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../../core/model/request';
import { bodySubtypes } from './body-subtypes';
import { nestedSubtypes, nestedText, swapNested } from './nested-subtypes';

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
/** A tree (the fixture's Node): a group holds nodes of either kind. */
const node: JsonSchema = {
  type: 'object',
  title: 'Node',
  oneOf: [
    { type: 'object', title: 'Group', properties: { type: { type: 'string', enum: ['group'] }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, required: ['type'] },
    { type: 'object', title: 'Leaf', properties: { type: { type: 'string', enum: ['leaf'] }, value: { type: 'integer' } }, required: ['type'] },
  ],
  'x-discriminator': { propertyName: 'type' },
};
const tree: JsonSchema = { ...node, $defs: { Node: node } };
/** A plain object field holding a polymorphic one, and a subtype with a polymorphic field of its own. */
const canvas: JsonSchema = {
  type: 'object',
  properties: { page: { $ref: '#/$defs/Page' }, pin: { $ref: '#/$defs/Pin' } },
  $defs: {
    Figure: figure,
    Page: { type: 'object', properties: { title: { type: 'string' }, figure: { $ref: '#/$defs/Figure' } } },
    Pin: {
      type: 'object',
      oneOf: [
        { type: 'object', title: 'Plain', properties: { kind: { type: 'string', enum: ['plain'] } }, required: ['kind'] },
        { type: 'object', title: 'Marked', properties: { kind: { type: 'string', enum: ['marked'] }, mark: { $ref: '#/$defs/Figure' } }, required: ['kind'] },
      ],
      'x-discriminator': { propertyName: 'kind' },
    },
  },
};
const paths = (parts: ReturnType<typeof nestedSubtypes>) => parts.map((n) => [n.path, n.shown]);

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
    const body = JSON.stringify({ name: 'n', main: { shape: 'dot', x: 3 }, layers: [{ shape: 'dot' }, { shape: 'line' }] });
    const [main, layers] = nestedSubtypes(drawing, body);
    expect(main!.shown).toBe(0);
    expect(JSON.parse(swapNested(body, main!, 1)!)).toEqual({ name: 'n', main: { shape: 'line', length: 0 }, layers: [{ shape: 'dot' }, { shape: 'line' }] });
    expect(JSON.parse(swapNested(body, layers!, 1, '{"shape":"line","length":9}')!).layers).toEqual([{ shape: 'line', length: 9 }, { shape: 'line' }]);
    expect(nestedText(body, main!)).toBe('{"shape":"dot","x":3}');
    expect(swapNested('{"name": ', main!, 1)).toBeUndefined();
    expect(swapNested('[1]', main!, 1)).toBeUndefined();
  });

  it('finds the parts inside a plain object field and inside the subtype a part holds, by its text or else the pick', () => {
    // Pin holds Plain (no polymorphic field) until its text or the pick says Marked.
    expect(paths(nestedSubtypes(canvas, '{"page": {}, "pin": {"kind": "plain"}}'))).toEqual([
      ['page.figure', 0],
      ['pin', 0],
    ]);
    expect(paths(nestedSubtypes(canvas, '{"pin": {"kind": "marked", "mark": {"shape": "line"}}}'))).toEqual([
      ['page.figure', 0],
      ['pin', 1],
      ['pin.mark', 1],
    ]);
    expect(paths(nestedSubtypes(canvas, '{"pin": {}}', (p) => (p === 'pin' ? 1 : undefined)))).toEqual([
      ['page.figure', 0],
      ['pin', 1],
      ['pin.mark', 0],
    ]);
    // The deep part swaps alone; a field missing on the way is made.
    const [, , mark] = nestedSubtypes(canvas, '{"pin": {"kind": "marked"}}');
    expect(JSON.parse(swapNested('{"pin": {"kind": "marked"}, "page": null}', mark!, 1)!)).toEqual({ pin: { kind: 'marked', mark: { shape: 'line', length: 0 } }, page: null });
  });

  it('follows a tree inside the subtype shown as deep as its body goes, a picker for each first child', () => {
    const group = bodySubtypes(tree)!.list[0]!.schema;
    const body = JSON.stringify({ type: 'group', children: [{ type: 'group', children: [] }] });
    const parts = nestedSubtypes(group, body);
    expect(paths(parts)).toEqual([
      ['children[0]', 0],
      ['children[0].children[0]', 0],
    ]);
    // The empty list's first child swapped in: a leaf, and nothing under it.
    const deep = parts[1]!;
    expect(deep.steps).toEqual(['children', 0, 'children', 0]);
    const swapped = swapNested(body, deep, 1)!;
    expect(JSON.parse(swapped)).toEqual({ type: 'group', children: [{ type: 'group', children: [{ type: 'leaf', value: 0 }] }] });
    expect(paths(nestedSubtypes(group, swapped))).toEqual([
      ['children[0]', 0],
      ['children[0].children[0]', 1],
    ]);
    // Not JSON: the tree stops where the schema repeats itself.
    expect(paths(nestedSubtypes(group, '{'))).toEqual([['children[0]', 0]]);
  });

  it('offers one picker per part when a subtype is a base type listing its own base (no round of the same path)', () => {
    // Animal's subtype Dog is polymorphic too, and lists Animal among its own subtypes.
    const animal: JsonSchema = {
      type: 'object',
      oneOf: [{ $ref: '#/$defs/Dog' }, { type: 'object', title: 'Cat', properties: { kind: { type: 'string', enum: ['cat'] } } }],
      'x-discriminator': { propertyName: 'kind' },
    };
    const dog: JsonSchema = {
      type: 'object',
      title: 'Dog',
      oneOf: [{ $ref: '#/$defs/Animal' }, { type: 'object', title: 'Puppy', properties: { kind: { type: 'string', enum: ['puppy'] }, owner: { $ref: '#/$defs/Animal' } } }],
      'x-discriminator': { propertyName: 'kind' },
      properties: { kind: { type: 'string', enum: ['dog'] }, friend: { $ref: '#/$defs/Animal' } },
    };
    const home: JsonSchema = { type: 'object', properties: { pet: { $ref: '#/$defs/Animal' } }, $defs: { Animal: animal, Dog: dog } };
    expect(paths(nestedSubtypes(home, ''))).toEqual([['pet', 0]]);
    // Dog shown: its own fields are walked, not its subtypes again.
    expect(paths(nestedSubtypes(home, '{"pet": {"kind": "dog", "friend": {"kind": "cat"}}}'))).toEqual([
      ['pet', 0],
      ['pet.friend', 1],
    ]);
  });
});

describe('nested subtypes in a large model', () => {
  it('stops walking a model whose shared types branch without end, and still finds the parts near the top', () => {
    // Ten fields of one type that has ten fields of the next, twelve levels: 10^12 paths if walked whole.
    const defs: Record<string, JsonSchema> = { Figure: figure };
    for (let level = 0; level < 12; level++) {
      const next = level === 11 ? { $ref: '#/$defs/Figure' } : { $ref: `#/$defs/L${level + 1}` };
      defs[`L${level}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, next])) };
    }
    const root: JsonSchema = { type: 'object', properties: { main: { $ref: '#/$defs/Figure' }, deep: { $ref: '#/$defs/L0' } }, $defs: defs };
    const parts = nestedSubtypes(root, '{}');
    expect(parts[0]!.path).toBe('main');
  });
});

// The YAML emitter round-trips any JSON data through a real YAML parser.

import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { toYaml } from '../../core/export/yaml-emitter';
import { HOSTILE } from './fixtures';

const STRINGS = ['', ' ', 'a', 'true', 'False', 'null', '~', 'yes', 'on', '0', '-1', '1e3', '0x1F', '.inf', '.nan', '200', 'a: b', 'a:b', 'a #b', '#x', '- x', '? x', '!x', '&x', '*x', '|', '>', '@x', '`x', '%x', '"x"', "'x'", '{x}', '[x]', 'x,y', 'trailing ', ' leading', 'multi\nline', 'tab\t', '\u2028', '\u0085', '\ufeff', '中文', '😀', HOSTILE, '/api/v1/{id}', '$ref', '#/components/schemas/A'];

describe('toYaml', () => {
  it('round-trips scalars, keys, nesting and empty collections', () => {
    const doc = {
      strings: STRINGS,
      keys: Object.fromEntries(STRINGS.filter(Boolean).map((s, i) => [s, i])),
      numbers: [0, -0.5, 1e21, 123456789, -7],
      flags: [true, false, null],
      empty: { object: {}, array: [] },
      nested: [[1, [2, []]], [{ a: { b: [{ c: 1, d: [] }] }, e: 'f' }], { x: [{}] }],
      '': 'empty key',
    };
    expect(parse(toYaml(doc))).toEqual(doc);
    expect(parse(toYaml([{ a: 1 }, 'b']))).toEqual([{ a: 1 }, 'b']);
    expect(parse(toYaml('scalar'))).toBe('scalar');
  });

  it('writes plain block YAML people can read', () => {
    expect(toYaml({ openapi: '3.0.3', paths: { '/a/{id}': { get: { tags: ['A b'], responses: { '200': { description: 'OK' } } } } } })).toBe(
      ['openapi: "3.0.3"', 'paths:', '  /a/{id}:', '    get:', '      tags:', '        - A b', '      responses:', '        "200":', '          description: OK', ''].join('\n'),
    );
  });
});

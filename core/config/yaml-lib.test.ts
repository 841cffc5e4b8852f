// Specs are read with js-yaml, config files with `yaml`: a spec's scalars must read as `yaml`
// reads them (YAML 1.2 core schema), or examples would change with the parser.

import { describe, expect, it } from 'vitest';
import { parseSpecYaml, yamlLib } from './yaml-lib';

describe('parseSpecYaml', () => {
  it('reads scalars as the config parser does: dates and yes/no stay strings, numbers and null are typed', () => {
    const text = `openapi: 3.0.3
components:
  schemas:
    Day:
      type: string
      format: date
      example: 2020-01-31
    At:
      example: 2020-01-31T10:00:00Z
    Flag:
      enum: [yes, no, on, off, true, false]
    Size:
      example: 0x1F
    Ratio:
      example: 1.5e3
    Nothing:
      example: ~
`;
    const fast = parseSpecYaml(text);
    expect(fast).toEqual(yamlLib().parse(text));
    const schemas = (fast as { components: { schemas: Record<string, { example?: unknown; enum?: unknown[] }> } }).components.schemas;
    expect(schemas.Day!.example).toBe('2020-01-31');
    expect(schemas.Flag!.enum).toEqual(['yes', 'no', 'on', 'off', true, false]);
  });

  it('refuses a duplicated key, as the config parser does', () => {
    expect(() => parseSpecYaml('a: 1\na: 2\n')).toThrow();
    expect(() => yamlLib().parse('a: 1\na: 2\n')).toThrow();
  });
});

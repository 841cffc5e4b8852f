import { describe, expect, it } from 'vitest';
import { blankComments, lineOf, matching, resolvePlaceholders, splitTop, xmlChild, blankXmlComments } from './config-text';

describe('config text', () => {
  it('fills ${key:default} placeholders from properties, whole or inside a value, and says when one has no value', () => {
    const props = new Map([['app.base', '/rest'], ['app.nested', '${app.base}/v2']]);
    const get = (k: string) => props.get(k);
    expect(resolvePlaceholders('/plain', get)).toBe('/plain');
    expect(resolvePlaceholders('${app.base}', get)).toBe('/rest');
    expect(resolvePlaceholders('${app.nested}/x', get)).toBe('/rest/v2/x');
    expect(resolvePlaceholders('${app.missing:/fallback}', get)).toBe('/fallback');
    expect(resolvePlaceholders('${app.missing}', get)).toBeUndefined();
    // Spring Boot's error path: a default that is itself a placeholder with a default.
    expect(resolvePlaceholders('${server.error.path:${error.path:/error}}', get)).toBe('/error');
    expect(resolvePlaceholders('${app.missing:${app.base}}/x', get)).toBe('/rest/x');
    expect(resolvePlaceholders('${app.base:${app.missing:/no}}', get)).toBe('/rest');
  });

  it('blanks comments without moving lines, and reads brackets, lists and XML children past strings', () => {
    const code = 'a(/* ) */ "x)", 1) // "/not-this/*"\nb';
    const blanked = blankComments(code);
    expect(blanked).not.toContain('not-this');
    expect(blanked.length).toBe(code.length);
    expect(lineOf(blanked, blanked.indexOf('b'))).toBe(2);
    expect(matching(blanked, 1)).toBe(code.indexOf(') //'));
    expect(splitTop('f(a, b), "c, d", e', ',')).toEqual(['f(a, b)', '"c, d"', 'e']);
    expect(xmlChild(blankXmlComments('<a><!-- <b>old</b> --><b> new </b></a>'), 'b')).toBe('new');
  });
});

import { describe, expect, it } from 'vitest';
import { joinPaths, normalisePath, stripTemplateRegex } from './paths';

describe('stripTemplateRegex', () => {
  it.each([
    ['/users/{id:\\d+}', '/users/{id}'],
    ['/c/{code:[a-z]{2}}/x', '/c/{code}/x'],
    ['/{id: [0-9]+}', '/{id}'],
    ['/{a}/{b:.*}', '/{a}/{b}'],
    ['/files/**', '/files/**'],
    ['/{*path}', '/{*path}'],
  ])('%s -> %s', (input, expected) => expect(stripTemplateRegex(input)).toBe(expected));
});

describe('joinPaths', () => {
  it.each([
    [['/api', '/users'], '/api/users'],
    [['api', 'users'], '/api/users'],
    [['users', '//x'], '/users/x'],
    [['/api/', '/users/'], '/api/users/'],
    [['', ''], '/'],
    [['/api', ''], '/api'],
    [['', '/x'], '/x'],
    [['/a', '*.json'], '/a/*.json'],
  ])('%j -> %s', (parts, expected) => expect(joinPaths(...parts)).toBe(expected));
});

describe('normalisePath', () => {
  it('drops trailing slashes when asked (JAX-RS treats them as insignificant)', () => {
    expect(normalisePath('/orders/', false)).toBe('/orders');
    expect(normalisePath('/', false)).toBe('/');
    expect(normalisePath('/orders/', true)).toBe('/orders/');
  });
});

import { describe, expect, it } from 'vitest';
import { getterProperty, lombokProperty, namingStrategy, setterProperty } from './naming';

describe('naming', () => {
  it('derives properties from accessors the way Jackson does', () => {
    expect(getterProperty('getUserName', false)).toBe('userName');
    expect(getterProperty('getURL', false)).toBe('url');
    expect(getterProperty('getXCoordinate', false)).toBe('xcoordinate');
    expect(getterProperty('isActive', true)).toBe('active');
    expect(getterProperty('isActive', false)).toBeUndefined(); // is-getters only for primitive boolean
    expect(getterProperty('getaway', false)).toBeUndefined();
    expect(getterProperty('get', false)).toBeUndefined();
    expect(setterProperty('setUserName')).toBe('userName');
    expect(setterProperty('settle')).toBeUndefined();
  });

  it('names fields by the getters Lombok generates', () => {
    expect(lombokProperty('isActive', true)).toBe('active');
    expect(lombokProperty('isActive', false)).toBe('isActive');
    expect(lombokProperty('pName', false)).toBe('pname');
    expect(lombokProperty('URL', false)).toBe('url');
    expect(lombokProperty('userName', false)).toBe('userName');
  });

  it('translates names like the Jackson strategies, acronyms included', () => {
    const names = ['userName', 'userID', 'HTTPCode', '_private', 'a1b2'];
    const apply = (strategy: string) => names.map(namingStrategy(strategy)!);
    expect(apply('SnakeCaseStrategy')).toEqual(['user_name', 'user_id', 'httpcode', 'private', 'a1b2']);
    expect(apply('UpperSnakeCaseStrategy')).toEqual(['USER_NAME', 'USER_ID', 'HTTPCODE', 'PRIVATE', 'A1B2']);
    expect(apply('KebabCaseStrategy')).toEqual(['user-name', 'user-id', 'http-code', '_private', 'a1b2']);
    expect(apply('LowerDotCaseStrategy')).toEqual(['user.name', 'user.id', 'http.code', '_private', 'a1b2']);
    expect(apply('LowerCaseStrategy')).toEqual(['username', 'userid', 'httpcode', '_private', 'a1b2']);
    expect(apply('UpperCamelCaseStrategy')).toEqual(['UserName', 'UserID', 'HTTPCode', '_private', 'A1b2']);
    expect(apply('LowerCamelCaseStrategy')).toEqual(names);
    expect(namingStrategy('NoSuchStrategy')).toBeUndefined();
  });
});

// How typed text becomes tokens with roles; the matcher's rules hang off these roles.

import { describe, expect, it } from 'vitest';
import { compileQuery } from './query';
import { codePointLength, fold, hasCjk, splitWords, wordStart } from './text';

const roles = (text: string) => compileQuery(text).tokens.map((t) => `${t.kind}:${t.text}`);

describe('compileQuery', () => {
  it.each([
    ['users', ['word:users']],
    ['  get   user  detail ', ['word:user', 'word:detail']],
    ['users/{id} 获取用户', ['address:users/{id}', 'word:获取用户']],
    ['/users/42', ['path:/users/42']],
    ['http://localhost:8080/api/users/42?x=1#frag', ['path:/api/users/42']],
    ['localhost:8080/api/users', ['path:/api/users']],
    ['example.org:443', ['path:/']],
    ['/a//b/', ['path:/a/b']],
    ['/files/my%20report.json;jsessionid=1', ['path:/files/my report.json']],
    ['GET/users', ['path:/users']],
    ['USERS　List', ['word:users', 'word:list']], // ideographic space separates too
  ])('%s', (text, expected) => {
    expect(roles(text)).toEqual(expected);
  });

  it('takes a leading verb as a method filter, in any case', () => {
    expect(compileQuery('get /users').verb).toBe('GET');
    expect(compileQuery('GRPC user').verb).toBe('gRPC');
    expect(compileQuery('users get').verb).toBeNull();
    expect(compileQuery('getter').verb).toBeNull();
  });

  it('offers the verb as a name word only when the rest is plain words', () => {
    expect(compileQuery('get user detail').verbAsWord?.text).toBe('get');
    expect(compileQuery('GET /users list').verbAsWord).toBeNull();
    expect(compileQuery('GET').verbAsWord).toBeNull();
  });

  it('marks short, CJK and path tokens literal-only', () => {
    const literal = (text: string) => compileQuery(text).tokens.map((t) => t.literalOnly);
    expect(literal('id usr 用户详情 /users a/ a/b')).toEqual([true, false, true, true, true, false]);
  });

  it('knows whether a pasted path is complete', () => {
    expect(compileQuery('/users/4').tokens[0]).toMatchObject({ complete: false, url: false });
    expect(compileQuery('/users/').tokens[0]).toMatchObject({ complete: true, url: false });
    expect(compileQuery('http://h/users/4').tokens[0]).toMatchObject({ complete: true, url: true });
  });

  it('keeps the fields mode', () => {
    expect(compileQuery('x').fields).toBe('address-and-name');
    expect(compileQuery('x', { fields: 'explorer' }).fields).toBe('explorer');
  });
});

describe('text helpers', () => {
  it('folds case without changing the length', () => {
    expect(fold('GET /Users/{ID}')).toBe('get /users/{id}');
    expect(fold('İstanbul')).toHaveLength('İstanbul'.length);
    expect(fold('İstanbul')).toBe('istanbul');
  });

  it('counts code points', () => {
    expect(codePointLength('ab')).toBe(2);
    expect(codePointLength('🚀🚀')).toBe(2);
    expect(codePointLength('用户')).toBe(2);
  });

  it('recognises CJK', () => {
    expect(['用户', 'ユーザー', '사용자', 'user'].map(hasCjk)).toEqual([true, true, true, false]);
  });

  it('splits words the way JavaScript whitespace does', () => {
    expect(splitWords(' Get  user\tdetail　详情 ')).toEqual([
      { text: 'Get', start: 1 },
      { text: 'user', start: 6 },
      { text: 'detail', start: 11 },
      { text: '详情', start: 18 },
    ]);
    expect(wordStart(' Get  user', 1)).toBe(6);
    expect(wordStart('one', 3)).toBe(-1);
  });
});

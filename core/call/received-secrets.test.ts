// The response side's masking rules: which headers hand out credentials, what of a header value
// stays readable, which values script log lines have masked.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalStorageStore } from '../store/local-storage';
import { callSecrets, credentialValues, maskUserInfo, maskedHeaderText, maskedLogs, maskedResponseHeaders, storedSecrets } from './received-secrets';
import { MASK } from './sent-secrets';

describe('maskedResponseHeaders', () => {
  it('masks what hands out a credential by name, and any header echoing a secret value', () => {
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Set-Cookie', 'SESSION=abc123; Path=/; HttpOnly'],
      ['set-cookie', 'theme=dark'],
      ['X-Auth-Token', 'tok-1'],
      ['Authentication-Info', 'nextnonce="x"'],
      ['X-Echo', 'you sent sekret-42'],
      ['X-Request-Id', '17'],
    ];
    expect(maskedResponseHeaders(headers, ['sekret-42'])).toEqual(['set-cookie', 'x-auth-token', 'authentication-info', 'x-echo']);
  });
});

describe('maskedHeaderText', () => {
  it('keeps a cookie name and attributes, an authorization scheme; masks the rest whole', () => {
    expect(maskedHeaderText('Set-Cookie', 'SESSION=abc123; Path=/; HttpOnly')).toBe(`SESSION=${MASK}; Path=/; HttpOnly`);
    expect(maskedHeaderText('Set-Cookie', 'SESSION=abc123')).toBe(`SESSION=${MASK}`);
    expect(maskedHeaderText('Cookie', 'a=1; SESSION=abc123')).toBe(`a=${MASK}; SESSION=${MASK}`);
    expect(maskedHeaderText('Authorization', 'Bearer eyJ.x.y')).toBe(`Bearer ${MASK}`);
    expect(maskedHeaderText('X-Api-Key', 'k-123')).toBe(MASK);
    expect(maskedHeaderText('X-Api-Key', '')).toBe('');
  });
});

describe('credentialValues', () => {
  it('finds the secret parts of credential headers and of credential query parameters', () => {
    const pairs: Array<[string, string]> = [
      ['Set-Cookie', 'SESSION=abc123; Path=/'],
      ['Cookie', 'theme=dark; sid=s-999'],
      ['Authorization', 'Bearer eyJ.x.y'],
      ['Accept', 'application/json'],
      ['X-Token', '1'],
    ];
    // "1" is too short to hunt for in free text; a cookie named theme is still a cookie.
    expect(credentialValues(pairs, 'http://h/x?access_token=qq-77&page=2')).toEqual(['abc123', 'dark', 's-999', 'eyJ.x.y', 'qq-77']);
  });
});

describe('storedSecrets', () => {
  it('takes what scripts keep under a credential-like key, nested ones too', () => {
    expect(storedSecrets({ token: 'tok-99', accessToken: 'at-1234', page: 'page-5', author: 'alice', login: { jwt: 'e.y.j', user: 'bob-b' }, api_key: 12345 })).toEqual([
      'tok-99',
      'at-1234',
      'e.y.j',
      '12345',
    ]);
  });
});

describe('maskedLogs', () => {
  it('masks secret values in the text and keeps the line as logged beside it, only where it differs', () => {
    const logs = [
      { script: 's', level: 'info', text: 'token is tok-99 and again tok-99' },
      { script: 's', level: 'warn', text: 'nothing here' },
    ];
    expect(maskedLogs(logs, ['tok-99'])).toEqual([
      { script: 's', level: 'info', text: `token is ${MASK} and again ${MASK}`, secretText: 'token is tok-99 and again tok-99' },
      { script: 's', level: 'warn', text: 'nothing here' },
    ]);
  });
});

describe('maskUserInfo', () => {
  it("masks a URL's password wherever the URL is in the text, and nothing else", () => {
    expect(maskUserInfo('request to http://bob:pw-1@127.0.0.1:8080/x?y=1 failed; see https://a:b@c.example')).toBe(`request to http://bob:${MASK}@127.0.0.1:8080/x?y=1 failed; see https://a:${MASK}@c.example`);
    expect(maskUserInfo('http://bob@host/x mail bob:x@example.org http://host:8080/a@b')).toBe('http://bob@host/x mail bob:x@example.org http://host:8080/a@b');
    // A password holding an `@` is masked whole: URL parsers end the user info at the last one.
    expect(maskUserInfo('GET http://bob:p@ss@host:8080/x')).toBe(`GET http://bob:${MASK}@host:8080/x`);
  });
});

describe('callSecrets', () => {
  const project = mkdtempSync(join(tmpdir(), 'apiscout-received-secrets-'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("joins the environment's secrets, the exchange's credentials and the tokens kept in localStorage", async () => {
    await new LocalStorageStore({ projectDir: project }).apply([{ op: 'set', key: 'token', value: 'kept-tok' }]);
    const environment = { variables: [{ key: 'pw', value: 'env-pw', secret: true }, { key: 'host', value: 'localhost' }] };
    expect(callSecrets({ environment, projectDir: project, exchanges: [{ headers: [['Set-Cookie', 'sid=cookie-1']] }] })).toEqual(['env-pw', 'cookie-1', 'kept-tok']);
  });
});

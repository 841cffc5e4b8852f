// Which headers a cross-origin redirect drops (issue 23): Authorization and Cookie, and custom
// headers named like credentials; which parameters and fields hold credentials by name.
import { describe, expect, it } from 'vitest';
import { isCredentialHeader, isCredentialName } from './credential-names';
import { maskedQuery } from './sent-secrets';

describe('isCredentialHeader', () => {
  it('drops Authorization, Cookie and headers named like keys, tokens and secrets', () => {
    for (const name of ['Authorization', 'cookie', 'Proxy-Authorization', 'X-Api-Key', 'X-API-KEY', 'Api-Key', 'X-Auth-Token', 'X-Token', 'Client-Secret', 'X-Session', 'x_api_key']) {
      expect(isCredentialHeader(name), name).toBe(true);
    }
  });
  it('keeps ordinary headers', () => {
    for (const name of ['Accept', 'Content-Type', 'X-Request-Id', 'Keyboard-Layout', 'X-Trace', 'Tokenizer']) expect(isCredentialHeader(name), name).toBe(false);
  });
});

describe('isCredentialName', () => {
  it('knows credential fields in every case style', () => {
    for (const name of ['password', 'newPassword', 'old_pwd', 'accessToken', 'access_token', 'refresh-token', 'apiKey', 'api_key', 'X-Api-Key', 'client_secret', 'clientSecret', 'secretKey', 'JSESSIONID', 'sessionId', 'credentials', 'passphrase']) {
      expect(isCredentialName(name), name).toBe(true);
    }
  });
  it('leaves fields that only mention one', () => {
    for (const name of ['tokenType', 'username', 'passwordPolicy', 'keyword', 'sessionTimeout', 'page', 'key', 'compass', 'bypassCache']) expect(isCredentialName(name), name).toBe(false);
  });
  it('masks a camel-case token in the query as sent', () => {
    expect(maskedQuery('http://h/x?accessToken=t&page=1&api_key=k', [])).toEqual(['accessToken', 'api_key']);
  });
});

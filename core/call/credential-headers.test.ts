// Which headers a cross-origin redirect drops (issue 23): Authorization and Cookie, and custom
// headers named like credentials.
import { describe, expect, it } from 'vitest';
import { isCredentialHeader } from './http';

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

import { describe, expect, it } from 'vitest';
import { digestAuthorization, digestChallenge, parseChallenges } from './digest';

// RFC 7616 §3.9.1: the same request answered with SHA-256 and with MD5.
const RFC_NONCE = '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v';
const RFC_OPAQUE = 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS';
const RFC_CNONCE = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
const challenge = (algorithm: string) => `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=${algorithm}, nonce="${RFC_NONCE}", opaque="${RFC_OPAQUE}"`;
const MUFASA = { user: 'Mufasa', password: 'Circle of Life' };

describe('HTTP Digest answers (RFC 7616)', () => {
  it("gives the RFC's own responses for SHA-256 and MD5, preferring SHA-256 when both are offered", () => {
    const both = parseChallenges([challenge('SHA-256'), challenge('MD5')]);
    const chosen = digestChallenge(both)!;
    expect(chosen.params.algorithm).toBe('SHA-256');
    expect(digestAuthorization(chosen, MUFASA, { method: 'GET', uri: '/dir/index.html' }, RFC_CNONCE)).toBe(
      `Digest username="Mufasa", realm="http-auth@example.org", uri="/dir/index.html", algorithm=SHA-256, nonce="${RFC_NONCE}", nc=00000001, cnonce="${RFC_CNONCE}", qop=auth, response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", opaque="${RFC_OPAQUE}"`,
    );
    const md5 = digestChallenge(parseChallenges([challenge('MD5')]))!;
    expect(digestAuthorization(md5, MUFASA, { method: 'GET', uri: '/dir/index.html' }, RFC_CNONCE)).toContain('response="8ca523f5e9506fed4657c9700eebdbec"');
  });

  it('reads several challenges per header, quoted strings with escapes, and skips a token68', () => {
    expect(parseChallenges(['Negotiate abc==, Basic realm="a \\"b\\"", Digest realm="r", nonce=n1, algorithm=MD5', 'Bearer'])).toEqual([
      { scheme: 'Negotiate', params: {} },
      { scheme: 'Basic', params: { realm: 'a "b"' } },
      { scheme: 'Digest', params: { realm: 'r', nonce: 'n1', algorithm: 'MD5' } },
      { scheme: 'Bearer', params: {} },
    ]);
  });

  it('answers nothing it cannot: an unknown algorithm, a qop it does not give, no nonce', () => {
    expect(digestChallenge(parseChallenges(['Digest realm="r", nonce="n", algorithm=SHA-1']))).toBeUndefined();
    expect(digestChallenge(parseChallenges(['Digest realm="r", nonce="n", qop="auth-conf"']))).toBeUndefined();
    expect(digestChallenge(parseChallenges(['Digest realm="r"']))).toBeUndefined();
    expect(digestChallenge(parseChallenges(['Basic realm="r"']))).toBeUndefined();
  });

  it('hashes the user name when the server asks (userhash), and sends a non-ASCII one as username*', () => {
    const c = digestChallenge(parseChallenges([`${challenge('SHA-256')}, userhash=true`]))!;
    // RFC 7616 §3.9.2's user name hash, H(username:realm), with SHA-512-256 there; here SHA-256 of the same input.
    const header = digestAuthorization(c, MUFASA, { method: 'GET', uri: '/' }, RFC_CNONCE);
    expect(header).toMatch(/^Digest username="[0-9a-f]{64}", .*userhash=true$/);
    expect(header).not.toContain('Mufasa');
    const utf8 = digestAuthorization(digestChallenge(parseChallenges([challenge('MD5')]))!, { user: 'Jäsøn Doe', password: 'x' }, { method: 'GET', uri: '/' });
    expect(utf8).toContain("username*=UTF-8''J%C3%A4s%C3%B8n%20Doe");
  });

  it("RFC 7616 §3.9.2's SHA-512-256 example with userhash", () => {
    const nonce = '5TsQWLVdgBdmrQ0XsxbDODV+57QdFR34I9HAbC/RVvkK';
    const opaque = 'HRPCssKJSGjCrkzDg8OhwpzCiGPChXYjwrI2QmXDnsOS';
    const c = digestChallenge(parseChallenges([`Digest realm="api@example.org", qop="auth", algorithm=SHA-512-256, nonce="${nonce}", opaque="${opaque}", charset=UTF-8, userhash=true`]))!;
    const header = digestAuthorization(c, { user: 'J\u00e4s\u00f8n Doe', password: 'Secret, or not?' }, { method: 'GET', uri: '/doe.json' }, 'NTg6RKcb9boFIAS3KrFK9BGeh+iDa/sm6jUMp2wds69v');
    expect(header).toContain('username="793263caabb707a56211940d90411ea4a575adeccb7e360aeb624ed06ece9b0b"');
    expect(header).toContain('response="3798d4131c277846293534c3edc11bd8a5e4cdcbff78b05db9d95eeb1cec68a5"');
  });
});

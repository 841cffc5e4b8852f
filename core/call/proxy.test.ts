import { describe, expect, it } from 'vitest';
import { bypassed, proxyFor } from './proxy';
import { isInsecureHost } from './tls';

describe('proxyFor', () => {
  const env = { http_proxy: 'http://proxy:3128', HTTPS_PROXY: 'proxy.corp:8443', no_proxy: '.internal, 10.0.0.0/8,api.example.com:8080' };

  it('picks the variable of the scheme, lower case first, adding a scheme when missing', () => {
    expect(proxyFor(new URL('http://a.example.com/x'), env)).toBe('http://proxy:3128');
    expect(proxyFor(new URL('https://a.example.com/x'), env)).toBe('http://proxy.corp:8443');
    expect(proxyFor(new URL('http://a.example.com/'), { HTTP_PROXY: 'http://upper:1', http_proxy: 'http://lower:2' })).toBe('http://lower:2');
    expect(proxyFor(new URL('https://a.example.com/'), { all_proxy: 'http://all:1' })).toBe('http://all:1');
    expect(proxyFor(new URL('http://a.example.com/'), {})).toBeUndefined();
  });

  it('never proxies loopback', () => {
    for (const u of ['http://localhost:8080/', 'http://127.0.0.1/', 'http://127.3.4.5/', 'http://[::1]:80/', 'http://app.localhost/']) {
      expect(proxyFor(new URL(u), env), u).toBeUndefined();
    }
  });

  it('honours no_proxy domains, CIDR blocks and ports', () => {
    expect(proxyFor(new URL('http://svc.internal/'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://internal/'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://notinternal/'), env)).toBe('http://proxy:3128');
    expect(proxyFor(new URL('http://10.1.2.3/'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://11.1.2.3/'), env)).toBe('http://proxy:3128');
    expect(proxyFor(new URL('http://api.example.com:8080/'), env)).toBeUndefined();
    expect(proxyFor(new URL('http://api.example.com:9090/'), env)).toBe('http://proxy:3128');
  });

  it('bypasses everything for *', () => {
    expect(bypassed('anything.example', '80', '*')).toBe(true);
    expect(bypassed('anything.example', '80', '')).toBe(false);
    expect(bypassed('fd00::5', '80', 'fd00::/16')).toBe(true);
  });
});

describe('isInsecureHost', () => {
  it('matches a host on every port, or host and port', () => {
    expect(isInsecureHost('dev.local', '8443', ['dev.local'])).toBe(true);
    expect(isInsecureHost('DEV.local', '8443', ['dev.local:8443'])).toBe(true);
    expect(isInsecureHost('dev.local', '443', ['dev.local:8443'])).toBe(false);
    expect(isInsecureHost('other', '443', ['dev.local'])).toBe(false);
    expect(isInsecureHost('[::1]', '8443', ['[::1]:8443'])).toBe(true);
    expect(isInsecureHost('::1', '8443', ['::1'])).toBe(true);
  });
});

// Which proxy a URL goes through, from the usual environment variables: `http_proxy`,
// `https_proxy`, `all_proxy` (lower case first, then upper case, as curl and most tools read them)
// and `no_proxy`. Loopback addresses never go through a proxy: a developer calling their own
// server on localhost behind a corporate proxy means that server, not one the proxy can see.

import { BlockList, isIP } from 'node:net';

export type ProxyEnv = Record<string, string | undefined>;

/** The proxy URL for `url`, or undefined to connect directly. */
export function proxyFor(url: URL, env: ProxyEnv): string | undefined {
  const scheme = url.protocol.replace(/:$/, '');
  const proxy = pick(env, `${scheme}_proxy`) ?? pick(env, 'all_proxy');
  if (!proxy) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (scheme === 'https' ? '443' : '80');
  if (isLoopback(host) || bypassed(host, port, pick(env, 'no_proxy') ?? '')) return undefined;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`;
}

function pick(env: ProxyEnv, name: string): string | undefined {
  const v = env[name] ?? env[name.toUpperCase()];
  return v && v.trim() ? v.trim() : undefined;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * `no_proxy` entries, comma or space separated: `*`; a host name, matching itself and its
 * subdomains (a leading `.` or `*.` is optional); an IP address or CIDR block; each with an
 * optional `:port`.
 */
export function bypassed(host: string, port: string, noProxy: string): boolean {
  for (let entry of noProxy.split(/[\s,]+/)) {
    entry = entry.trim().toLowerCase();
    if (!entry) continue;
    if (entry === '*') return true;
    let entryPort: string | undefined;
    const portMatch = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(entry);
    if (portMatch) {
      entry = portMatch[1]!;
      entryPort = portMatch[2];
    }
    entry = entry.replace(/^\[|\]$/g, '');
    if (entryPort && entryPort !== port) continue;
    const cidr = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (cidr && isIP(cidr[1]!) && isIP(host)) {
      const family = isIP(cidr[1]!) === 4 ? 'ipv4' : 'ipv6';
      if (isIP(host) !== isIP(cidr[1]!)) continue;
      const list = new BlockList();
      try {
        list.addSubnet(cidr[1]!, Number(cidr[2]), family);
      } catch {
        continue;
      }
      if (list.check(host, family)) return true;
      continue;
    }
    const domain = entry.replace(/^\*?\./, '');
    if (host === domain || (!isIP(host) && host.endsWith(`.${domain}`))) return true;
  }
  return false;
}

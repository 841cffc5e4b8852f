// Trust for HTTPS calls: the operating system's CA store (where companies install their own roots)
// on top of Node's bundled Mozilla list, plus NODE_EXTRA_CA_CERTS. Node 20 has no API for the
// system store, so the usual bundle files are read; newer Node versions provide it directly.

import { readFileSync } from 'node:fs';
import tls from 'node:tls';

const SYSTEM_BUNDLES = [
  '/etc/ssl/certs/ca-certificates.crt', // Debian, Ubuntu, Arch
  '/etc/pki/tls/certs/ca-bundle.crt', // Fedora, RHEL
  '/etc/ssl/ca-bundle.pem', // openSUSE
  '/etc/ssl/cert.pem', // macOS, Alpine, BSDs
];

export function trustedCertificates(env: Record<string, string | undefined>): string[] {
  const out = new Set<string>();
  const getCA = (tls as unknown as { getCACertificates?: (kind: string) => string[] }).getCACertificates;
  if (getCA) {
    for (const kind of ['default', 'system']) {
      try {
        for (const c of getCA(kind)) out.add(c);
      } catch {
        // kind unsupported on this platform
      }
    }
  } else {
    for (const c of tls.rootCertificates) out.add(c);
    const files = env.SSL_CERT_FILE ? [env.SSL_CERT_FILE] : SYSTEM_BUNDLES;
    for (const file of files) {
      const pems = readPems(file);
      if (pems.length) {
        for (const c of pems) out.add(c);
        break;
      }
    }
  }
  if (env.NODE_EXTRA_CA_CERTS) for (const c of readPems(env.NODE_EXTRA_CA_CERTS)) out.add(c);
  return [...out];
}

function readPems(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/** `host` or `host:port` entries; a bare host covers every port. */
export function isInsecureHost(hostname: string, port: string, insecureHosts: readonly string[]): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return insecureHosts.some((raw) => {
    const entry = raw.trim().toLowerCase();
    // A bare IPv6 address has several colons and no port; `[::1]:8443` has both.
    const m = entry.split(':').length > 2 && !entry.startsWith('[') ? [entry, entry, undefined] : /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(entry);
    return !!m && m[1] === host && (m[2] === undefined || m[2] === port);
  });
}

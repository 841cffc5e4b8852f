// Real servers on 127.0.0.1 for the caller's tests: an echo server that reports what it received,
// a forward proxy, and TLS with a certificate made by openssl at test time.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Handler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => void | Promise<void>;

export interface Running {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

async function listen(server: Server, scheme: 'http' | 'https'): Promise<Running> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function withBody(handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, res, Buffer.concat(chunks))).catch((e: Error) => {
        res.statusCode = 500;
        res.end(String(e.stack));
      });
    });
  };
}

export function httpServer(handler: Handler): Promise<Running> {
  return listen(createServer(withBody(handler)), 'http');
}

/** A self-signed certificate for 127.0.0.1, generated with openssl. */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer; certFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'apiscout-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
  return { key: readFileSync(key), cert: readFileSync(cert), certFile: cert };
}

export function httpsServer(handler: Handler, tls: { key: Buffer; cert: Buffer }): Promise<Running> {
  return listen(createTlsServer(tls, withBody(handler)) as unknown as Server, 'https');
}

export interface ProxySeen {
  /** `GET http://host/path` for forwarded requests, `CONNECT host:port` for tunnels. */
  lines: string[];
}

/**
 * A forward proxy: absolute-form requests are sent on to `upstream` (whatever host the URL names,
 * so tests can use names no resolver knows), CONNECT tunnels are opened to the requested port on
 * 127.0.0.1. Every request line is recorded.
 */
export async function forwardProxy(upstream: (host: string) => { port: number }): Promise<Running & ProxySeen> {
  const lines: string[] = [];
  const server = createServer((req, res) => {
    lines.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const { port } = upstream(target.host);
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, via: '1.1 test-proxy' };
    delete headers['proxy-connection'];
    const forwarded = httpRequest({ host: '127.0.0.1', port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (up) => {
      res.writeHead(up.statusCode!, up.headers);
      up.pipe(res);
    });
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    lines.push(`CONNECT ${req.url}`);
    const port = Number(req.url!.split(':').pop());
    const up = connect(port, '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  const running = await listen(server, 'http');
  return Object.assign(running, { lines });
}

/** What the echo server saw, as JSON. */
export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export const echo: Handler = (req, res, body) => {
  const out: Echo = { method: req.method!, url: req.url!, headers: req.headers, body: body.toString('utf8') };
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(out));
};

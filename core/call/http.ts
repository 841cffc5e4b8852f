// Sends a prepared request with undici and receives the response: connect and total timeouts,
// redirects followed hop by hop (or not at all), proxies from the environment, TLS trusting the
// system's CAs plus an explicit per-host opt-in for self-signed certificates, cancellation, and a
// streamed body that spills to disk past a memory threshold. The result carries the request as
// actually sent (final URL, headers, body size).

import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline } from 'node:stream';
import type { Readable } from 'node:stream';
import type { SecureContext } from 'node:tls';
import { createSecureContext } from 'node:tls';
import type { Dispatcher, buildConnector } from 'undici';
import { CallError } from '../errors';
import type { CallFailure } from '../errors';
import type { CallHooks } from './hooks';
import { isCredentialHeader } from './credential-names';
import { digestAuthorization, digestChallenge, parseChallenges } from './digest';
import { proxyFor } from './proxy';
import { refusedBy } from './refused';
import type { ProxyEnv } from './proxy';
import type { PreparedRequest } from './request-builder';
import { bodyKind, statusText } from './response';
import type { HttpResponse } from './response';
import { ResponseBody } from './response-body';
import { isInsecureHost, trustedCertificates } from './tls';

export interface HttpCallOptions {
  connectTimeoutMs?: number;
  /** The whole exchange, body included; 0: no limit. */
  timeoutMs?: number;
  followRedirects?: boolean;
  maxRedirects?: number;
  /** `host` or `host:port` whose untrusted (self-signed) certificates are accepted. */
  insecureHosts?: readonly string[];
  /** Bytes kept in memory before the body goes to a temp file. */
  bodyMemoryLimit?: number;
  tempDir?: string;
  /** Proxy variables and NODE_EXTRA_CA_CERTS / SSL_CERT_FILE; default: this process's environment. */
  env?: ProxyEnv;
}

export interface SentRequest {
  method: string;
  /** The last URL requested (after redirects). */
  url: string;
  headers: Array<[string, string]>;
  bodySize: number;
  /** The proxy the last hop went through. */
  proxy?: string;
  redirects: Array<{ status: number; from: string; to: string }>;
}

export interface HttpCallResult {
  request: SentRequest;
  response: HttpResponse;
}

export interface SendOptions {
  signal?: AbortSignal;
  hooks?: CallHooks;
}

type Undici = typeof import('undici');
let undici: Promise<Undici> | undefined;
/** undici takes a few hundred milliseconds to load: only commands that send requests pay for it. */
const loadUndici = (): Promise<Undici> => (undici ??= import('undici'));

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Holds connections (keep-alive) and TLS state across calls; close() when done. */
export class HttpCaller {
  private readonly options: Required<Omit<HttpCallOptions, 'tempDir' | 'env'>> & { tempDir?: string; env: ProxyEnv };
  private readonly dispatchers = new Map<string, Dispatcher>();
  private secureContext?: SecureContext;

  constructor(options: HttpCallOptions = {}) {
    this.options = {
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      timeoutMs: options.timeoutMs ?? 120_000,
      followRedirects: options.followRedirects ?? true,
      maxRedirects: options.maxRedirects ?? 10,
      insecureHosts: options.insecureHosts ?? [],
      bodyMemoryLimit: options.bodyMemoryLimit ?? 8 * 1024 * 1024,
      tempDir: options.tempDir,
      env: options.env ?? process.env,
    };
  }

  async send(prepared: PreparedRequest, sendOptions: SendOptions = {}): Promise<HttpCallResult> {
    const req = sendOptions.hooks?.beforeSend ? await sendOptions.hooks.beforeSend(prepared) : prepared;
    const { request } = await loadUndici();
    const { timeoutMs, followRedirects, maxRedirects } = this.options;
    const timeout = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined;
    const signals = [sendOptions.signal, timeout].filter((s): s is AbortSignal => !!s);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const failure = (e: unknown, url: string): CallError => this.describe(e, url, sendOptions.signal, timeout);

    const started = performance.now();
    const startedAt = new Date().toISOString();
    let method = req.method;
    let url = new URL(req.url);
    let headers = withDefaults(req.headers);
    const secretHeaders = new Set((req.secretHeaders ?? []).map((n) => n.toLowerCase()));
    let body = req.body;
    const redirects: SentRequest['redirects'] = [];
    // A Digest credential answers one challenge, and only from the origin the request was meant for.
    let digest = req.digest;
    const origin = url.origin;
    for (;;) {
      const dispatcher = await this.dispatcherFor(url);
      const proxy = proxyFor(url, this.options.env);
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, {
          method: method as Dispatcher.HttpMethod,
          headers: headers.flat(),
          body,
          dispatcher,
          signal,
          // The total timeout covers waiting; undici's own idle timers stay as a backstop.
          headersTimeout: timeoutMs > 0 ? timeoutMs : 300_000,
          bodyTimeout: timeoutMs > 0 ? timeoutMs : 300_000,
        });
      } catch (e) {
        throw failure(e, url.href);
      }
      const location = res.headers.location;
      if (followRedirects && REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        await res.body.dump().catch(() => {});
        const next = new URL(location, url);
        if (next.protocol === 'http:' || next.protocol === 'https:') {
          if (redirects.length >= maxRedirects) throw new CallError(`more than ${maxRedirects} redirects, the last to ${next.href}`, 'too-many-redirects', url.href);
          redirects.push({ status: res.statusCode, from: url.href, to: next.href });
          // 303, and 301/302 after a POST as every browser does, turn into a GET without a body.
          if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
            if (method !== 'HEAD') method = 'GET';
            body = undefined;
            headers = headers.filter(([n]) => !/^content-(type|length)$/i.test(n));
          }
          if (next.origin !== url.origin) headers = headers.filter(([n]) => !isCredentialHeader(n) && !secretHeaders.has(n.toLowerCase()));
          url = next;
          continue;
        }
      }
      const challenge = digest && res.statusCode === 401 && url.origin === origin ? digestChallenge(parseChallenges(headerValues(res.headers['www-authenticate']))) : undefined;
      if (digest && challenge) {
        await res.body.dump().catch(() => {});
        const authorization = digestAuthorization(challenge, digest, { method, uri: `${url.pathname}${url.search}`, body });
        headers = [...headers.filter(([n]) => n.toLowerCase() !== 'authorization'), ['Authorization', authorization]];
        digest = undefined;
        continue;
      }
      const headersMs = performance.now() - started;
      const responseHeaders = Object.entries(res.headers).flatMap(([n, v]) => (Array.isArray(v) ? v.map((x) => [n, x] as [string, string]) : v === undefined ? [] : [[n, v] as [string, string]]));
      let received: ResponseBody;
      try {
        received = await ResponseBody.receive(decoded(res.body, res.headers['content-encoding']), this.options.bodyMemoryLimit, this.options.tempDir);
      } catch (e) {
        throw failure(e, url.href);
      }
      const contentType = typeof res.headers['content-type'] === 'string' ? res.headers['content-type'] : undefined;
      const response: HttpResponse = {
        status: res.statusCode,
        statusText: statusText(res.statusCode),
        headers: responseHeaders,
        contentType,
        kind: bodyKind(contentType, await received.head(8192)),
        size: received.size,
        body: received,
        timings: { startedAt, headersMs, totalMs: performance.now() - started },
      };
      const sent: SentRequest = {
        method,
        url: url.href,
        headers: [['Host', url.host], ...headers, ...(body ? [['Content-Length', String(body.length)] as [string, string]] : [])],
        bodySize: body?.length ?? 0,
        redirects,
      };
      if (proxy) sent.proxy = redactUserInfo(proxy);
      await sendOptions.hooks?.afterResponse?.(req, response);
      return { request: sent, response };
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.dispatchers.values()].map((d) => d.close().catch(() => {})));
    this.dispatchers.clear();
  }

  private async dispatcherFor(url: URL): Promise<Dispatcher> {
    const proxy = proxyFor(url, this.options.env);
    const insecure = isInsecureHost(url.hostname, url.port || (url.protocol === 'https:' ? '443' : '80'), this.options.insecureHosts);
    const key = proxy ? `${proxy}|${url.protocol}|${insecure}` : 'direct';
    let d = this.dispatchers.get(key);
    if (d) return d;
    const timeout = this.options.connectTimeoutMs;
    const { Agent, ProxyAgent, buildConnector } = await loadUndici();
    d = this.dispatchers.get(key); // a concurrent send may have made it meanwhile
    if (d) return d;
    if (!proxy) {
      // One agent for every origin; the connector picks strict or lax TLS per host. The trust
      // store is loaded on the first HTTPS connection only: plain HTTP calls never pay for it.
      const plain = buildConnector({ timeout });
      let strict: buildConnector.connector | undefined;
      let lax: buildConnector.connector | undefined;
      const insecureHosts = this.options.insecureHosts;
      d = new Agent({
        connect: (opts, callback) => {
          if (opts.protocol !== 'https:') return plain(opts, callback);
          const port = opts.port || '443';
          if (isInsecureHost(opts.hostname, String(port), insecureHosts)) return (lax ??= buildConnector({ timeout, rejectUnauthorized: false }))(opts, callback);
          return (strict ??= buildConnector({ timeout, secureContext: this.trust() }))(opts, callback);
        },
      });
    } else {
      const tls = () => ({ timeout, secureContext: this.trust() });
      d = new ProxyAgent({
        uri: proxy,
        // Plain HTTP goes to the proxy as an absolute-form request (what every forward proxy
        // accepts); HTTPS is tunnelled with CONNECT.
        proxyTunnel: url.protocol === 'https:',
        requestTls: url.protocol !== 'https:' ? { timeout } : insecure ? { timeout, rejectUnauthorized: false } : tls(),
        proxyTls: proxy.startsWith('https:') ? tls() : { timeout },
        connect: { timeout },
      });
    }
    this.dispatchers.set(key, d);
    return d;
  }

  /** Built once per caller: parsing a few hundred CA certificates per connection would dominate small calls. */
  private trust(): SecureContext {
    this.secureContext ??= createSecureContext({ ca: trustedCertificates(this.options.env) });
    return this.secureContext;
  }

  private describe(e: unknown, url: string, user: AbortSignal | undefined, timeout: AbortSignal | undefined): CallError {
    if (user?.aborted) return new CallError(`request to ${url} cancelled`, 'cancelled', url, { cause: e });
    if (timeout?.aborted) return new CallError(`no complete response from ${url} within ${this.options.timeoutMs} ms`, 'timeout', url, { cause: e });
    const err = e as NodeJS.ErrnoException;
    const codes = chain(e).map((x) => (x as NodeJS.ErrnoException).code ?? '');
    const has = (...c: string[]) => codes.some((x) => c.includes(x));
    const host = new URL(url).host;
    let kind: CallFailure = 'network';
    let message = `request to ${url} failed: ${chain(e).map((x) => (x as Error).message).filter(Boolean).join(': ') || String(e)}`;
    if (has('UND_ERR_CONNECT_TIMEOUT')) {
      kind = 'connect-timeout';
      message = `could not connect to ${host} within ${this.options.connectTimeoutMs} ms`;
    } else if (has('UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT')) {
      kind = 'timeout';
      message = `no complete response from ${url} in time`;
    } else if (has('ECONNREFUSED')) {
      kind = 'refused';
      message = refusedBy(host);
    } else if (has('ENOTFOUND', 'EAI_AGAIN')) {
      kind = 'dns';
      message = `cannot resolve the host name ${new URL(url).hostname}`;
    } else if (codes.some((c) => /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test(c))) {
      kind = 'tls';
      const reason = chain(e).find((x) => /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/.test((x as NodeJS.ErrnoException).code ?? '')) as Error;
      message = `the TLS certificate of ${host} is not trusted (${reason.message}); to accept it anyway, add ${host} to http.insecureHosts (CLI: --insecure)`;
    } else if (/Proxy response|proxy/i.test(err?.message ?? '')) {
      kind = 'proxy';
    }
    return new CallError(message, kind, url, { cause: e });
  }
}

/** One request with a caller of its own, closed afterwards. */
export async function callHttp(prepared: PreparedRequest, options: HttpCallOptions & SendOptions = {}): Promise<HttpCallResult> {
  const caller = new HttpCaller(options);
  try {
    return await caller.send(prepared, options);
  } finally {
    await caller.close();
  }
}

function headerValues(v: string | string[] | undefined): string[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** curl's defaults, so servers that look at them answer as they would to curl. */
function withDefaults(headers: Array<[string, string]>): Array<[string, string]> {
  const out = headers.map(([n, v]) => [n, v] as [string, string]);
  const has = (name: string) => out.some(([n]) => n.toLowerCase() === name);
  if (!has('user-agent')) out.push(['User-Agent', 'apiscout']);
  if (!has('accept')) out.push(['Accept', '*/*']);
  return out;
}

/** Undoes Content-Encoding so the body is what the server meant: JSON, not gzip bytes. */
function decoded(body: Readable, encoding: string | string[] | undefined): AsyncIterable<Uint8Array> {
  const codings = (Array.isArray(encoding) ? encoding.join(',') : encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  const decoders = codings.map((c) => (c === 'gzip' || c === 'x-gzip' ? createGunzip() : c === 'deflate' ? createInflate() : c === 'br' ? createBrotliDecompress() : undefined));
  if (!decoders.length || decoders.some((d) => !d)) return body; // unknown coding: keep the bytes
  return pipeline([body, ...decoders] as unknown as [Readable, ...NodeJS.ReadWriteStream[]], () => {}) as unknown as AsyncIterable<Uint8Array>;
}

function chain(e: unknown): unknown[] {
  const out: unknown[] = [];
  for (let x = e; x && out.length < 8; x = (x as Error).cause) out.push(x);
  return out;
}

function redactUserInfo(proxy: string): string {
  try {
    const u = new URL(proxy);
    if (u.username || u.password) {
      u.username = '***';
      u.password = '';
    }
    return u.href;
  } catch {
    return proxy;
  }
}

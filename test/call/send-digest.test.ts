// Send answers an HTTP Digest challenge (RFC 7616) for an endpoint whose scheme is Digest: the
// request goes out without credentials, the server's 401 names its algorithm, nonce and qop,
// and the caller retries once with the computed Authorization. The server on 127.0.0.1 checks
// the answer as RFC 7616 §3.4.1 defines it (written here from the RFC, not from the client).

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSentDraft, sendCredential, sendHttp } from '../../core/call/endpoint-call';
import type { EndpointCallContext } from '../../core/call/endpoint-call';
import { HttpCaller } from '../../core/call/http';
import { defaultDraft } from '../../core/call/request-builder';
import { credentialHint } from '../../core/call/send-auth';
import { ConfigValues } from '../../core/config/config-reader';
import { defaultSettings } from '../../core/config/settings';
import type { Endpoint, ModuleSummary } from '../../core/model/endpoint';
import type { Environment } from '../../core/model/environment';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { RequestStateStore } from '../../core/store/request-state';
import { authEndpoint } from '../export/auth-server';
import { httpServer, type Running } from './servers';

const USER = 'Mufasa';
const PASSWORD = 'Circle of Life';
const REALM = 'apiscout@127.0.0.1';
const MODULE: ModuleSummary = { name: 'secure', dir: '', build: 'maven', securitySchemes: [{ name: 'digestAuth', type: 'http', scheme: 'digest' }] };

/** What the server offers: `/md5`, `/sha256`, `/sha256-sess`, `/auth-int` (SHA-256 with qop auth-int only), `/both` (SHA-256 and MD5 challenges). */
const OFFERS: Record<string, string[]> = {
  '/md5': ['MD5:auth'],
  '/sha256': ['SHA-256:auth,auth-int'],
  '/sha256-sess': ['SHA-256-sess:auth'],
  '/auth-int': ['SHA-256:auth-int'],
  '/both': ['MD5:auth', 'SHA-256:auth'],
  '/legacy': ['MD5:'],
};

const HASH: Record<string, string> = { 'MD5': 'md5', 'SHA-256': 'sha256' };

/** The Digest parameters of an Authorization header, unquoted (RFC 7616 §3.4). */
function authParams(header: string): Record<string, string> {
  return Object.fromEntries([...header.replace(/^Digest\s+/i, '').matchAll(/([\w*]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)].map((m) => [m[1]!.toLowerCase(), (m[2] ?? m[3]!).replace(/\\(.)/g, '$1')]));
}

interface Seen {
  path: string;
  authorization?: string;
  status: number;
}

let server: Running;
let other: Running;
let caller: HttpCaller;
const seen: Seen[] = [];
const nonces = new Map<string, string>(); // nonce → algorithm it was issued for

function verify(req: IncomingMessage, body: Buffer, path: string): boolean {
  const header = req.headers.authorization ?? '';
  if (!/^Digest /i.test(header)) return false;
  const p = authParams(header);
  const algorithm = p.algorithm ?? 'MD5';
  if (nonces.get(p.nonce ?? '') !== algorithm) return false;
  const H = (data: string | Buffer) => createHash(HASH[algorithm.replace(/-sess$/, '')]!).update(data).digest('hex');
  let ha1 = H(`${USER}:${REALM}:${PASSWORD}`);
  if (algorithm.endsWith('-sess')) ha1 = H(`${ha1}:${p.nonce}:${p.cnonce}`);
  const ha2 = p.qop === 'auth-int' ? H(`${req.method}:${p.uri}:${H(body)}`) : H(`${req.method}:${p.uri}`);
  const expected = p.qop ? H(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : H(`${ha1}:${p.nonce}:${ha2}`);
  const offered = OFFERS[path]!.find((o) => o.startsWith(`${algorithm}:`))!.split(':')[1]!;
  const qopOk = offered === '' ? p.qop === undefined : offered.split(',').includes(p.qop ?? '') && /^[0-9a-f]{8}$/.test(p.nc ?? '') && !!p.cnonce;
  return p.username === USER && p.realm === REALM && p.uri === req.url && qopOk && p.response === expected && p.opaque === 'op4que';
}

beforeAll(async () => {
  server = await httpServer((req, res, body) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/away') {
      seen.push({ path, status: 302, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
      return void res.writeHead(302, { location: `${other.url}/md5` }).end();
    }
    const ok = verify(req, body, path);
    seen.push({ path, status: ok ? 200 : 401, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    if (ok) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello ${USER}`);
    const challenges = OFFERS[path]!.map((o) => {
      const [algorithm, qop] = o.split(':') as [string, string];
      const nonce = randomBytes(12).toString('base64');
      nonces.set(nonce, algorithm);
      return `Digest realm="${REALM}", ${qop ? `qop="${qop}", ` : ''}algorithm=${algorithm}, nonce="${nonce}", opaque="op4que"`;
    });
    res.writeHead(401, { 'www-authenticate': challenges, 'content-type': 'text/plain' }).end('who are you?');
  });
  // Another origin a redirect leads to, challenging like the first.
  other = await httpServer((req, res) => {
    seen.push({ path: `other${req.url}`, status: 401, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) });
    const nonce = randomBytes(12).toString('base64');
    nonces.set(nonce, 'MD5');
    res.writeHead(401, { 'www-authenticate': `Digest realm="${REALM}", qop="auth", nonce="${nonce}", opaque="op4que"` }).end();
  });
  caller = new HttpCaller({ env: {} });
});
afterAll(async () => {
  await caller.close();
  await server.close();
  await other.close();
});

const environment = (password = PASSWORD): Environment => ({ name: 'local', variables: [{ key: 'digestUser', value: USER }, { key: 'digestPassword', value: password, secret: true }] });

function context(e: Endpoint, env: Environment | undefined, projectDir = tmpdir(), state?: RequestStateStore): EndpointCallContext {
  const values = new Map((env?.variables ?? []).map((v) => [v.key, v.value]));
  return { projectDir, endpoint: e, module: MODULE, settings: defaultSettings(), userSettingsPath: '', lookup: (n) => values.get(n), ...(env ? { environment: env } : {}), config: new ConfigValues([]), ...(state ? { state } : {}) };
}

async function send(path: string, env: Environment | undefined = environment(), edit?: (d: HttpRequestDraft) => void, method: 'GET' | 'POST' = 'GET') {
  const e = authEndpoint(path, ['digestAuth'], { method });
  const draft = defaultDraft(e, { host: server.url });
  edit?.(draft);
  seen.length = 0;
  const { request, response } = await sendHttp(context(e, env), draft, { caller });
  const text = (await response.body.bytes()).toString('utf8');
  await response.body.dispose();
  return { status: response.status, text, request, seen: [...seen] };
}

describe('Send with an HTTP Digest scheme', () => {
  it('answers the challenge once, for MD5, SHA-256 and SHA-256-sess, qop auth and RFC 2069 without qop', async () => {
    for (const path of ['/md5', '/sha256', '/sha256-sess', '/legacy']) {
      const r = await send(`${path}?q=a%20b&x=1`);
      expect([path, r.status, r.text]).toEqual([path, 200, `hello ${USER}`]);
      // The first request carries nothing; the answer names the request-target with its query.
      expect(r.seen.map((s) => [s.status, s.authorization ? 'Digest' : 'none'])).toEqual([[401, 'none'], [200, 'Digest']]);
      expect(authParams(r.seen[1]!.authorization!).uri).toBe(`${path}?q=a%20b&x=1`);
      expect(r.seen[1]!.authorization).not.toContain(PASSWORD);
    }
  });

  it('prefers SHA-256 when the server offers MD5 too, and answers auth-int over the body it sends', async () => {
    const both = await send('/both');
    expect(both.status).toBe(200);
    expect(authParams(both.seen[1]!.authorization!).algorithm).toBe('SHA-256');
    const int = await send('/auth-int', environment(), (d) => {
      d.bodyMode = 'json';
      d.body = '{"name":"Simba"}';
    }, 'POST');
    expect(int.status).toBe(200);
    expect(authParams(int.seen[1]!.authorization!).qop).toBe('auth-int');
  });

  it('retries only once: a wrong password gets the second 401 back', async () => {
    const r = await send('/md5', environment('wrong'));
    expect(r.status).toBe(401);
    expect(r.seen.map((s) => s.status)).toEqual([401, 401]);
  });

  it('answers nothing without both variables, over the user\'s own Authorization, or for another origin a redirect led to', async () => {
    const missing = await send('/md5', { name: 'e', variables: [{ key: 'digestUser', value: USER }] });
    expect(missing.seen.map((s) => [s.status, s.authorization])).toEqual([[401, undefined]]);
    const own = await send('/md5', environment(), (d) => d.headers.push({ name: 'Authorization', value: 'Bearer mine' }));
    expect(own.seen.map((s) => [s.status, s.authorization])).toEqual([[401, 'Bearer mine']]);
    const away = await send('/away');
    expect(away.status).toBe(401);
    expect(away.seen.map((s) => [s.path, s.authorization])).toEqual([['/away', undefined], ['other/md5', undefined]]);
  });

  it('says so in its hint, and keeps the password out of the saved request', async () => {
    const e = authEndpoint('/md5', ['digestAuth']);
    const draft = defaultDraft(e, { host: server.url });
    expect(credentialHint(sendCredential(context(e, environment()), draft)!)).toBe("Credential: {{digestUser}} and {{digestPassword}} answer the server's HTTP Digest challenge with the header Authorization (security scheme digestAuth)");
    const projectDir = mkdtempSync(join(tmpdir(), 'send-digest-'));
    const state = new RequestStateStore({ projectDir });
    const ctx = context(e, environment(), projectDir, state);
    const { response } = await sendHttp(ctx, draft, { caller });
    await response.body.dispose();
    expect(response.status).toBe(200);
    await saveSentDraft(ctx, draft);
    for (const f of filesUnder(projectDir)) expect(readFileSync(f, 'utf8')).not.toContain(PASSWORD);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

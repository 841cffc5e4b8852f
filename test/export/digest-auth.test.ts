// An HTTP Digest security scheme (RFC 7616) in each export, as the format can express it: curl
// `--digest -u` under sh, Postman's `digest` auth in newman, the .http client's `Digest user
// password` in httpyac and Hoppscotch's `digest` auth in hopp, each run against a server on
// 127.0.0.1 that challenges and checks the answer; OpenAPI's `http`/`digest` scheme; ApiPost's
// digest block; a note where the format has no way (YApi), and Send's hint.

import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDraft } from '../../core/call/request-builder';
import { credentialCandidates, credentialHint, credentialPlanFrom, withCredential } from '../../core/call/send-auth';
import { exportApipost } from '../../core/export/apipost';
import { copyAsCurl } from '../../core/export/copy';
import { exportCurl } from '../../core/export/curl';
import { exportHoppscotch } from '../../core/export/hoppscotch';
import { exportHttpClient } from '../../core/export/http-client';
import { exportOpenApi } from '../../core/export/openapi';
import { exportPostman } from '../../core/export/postman';
import { exportYapi } from '../../core/export/yapi';
import type { ModuleSummary, SecuritySchemeDecl } from '../../core/model/endpoint';
import type { Environment } from '../../core/model/environment';
import { authEndpoint } from './auth-server';
import { HOPP, HTTPYAC, NODE22 } from './consumers';
import { removeDir, run, writeExport } from './files';

const SCHEMES: SecuritySchemeDecl[] = [{ name: 'digestAuth', type: 'http', scheme: 'digest', description: 'HTTP Digest' }];
const MODULES: ModuleSummary[] = [{ name: 'secure', dir: '', build: 'maven', securitySchemes: SCHEMES }];
const USER = 'mufasa';
const PASSWORD = 'Circle of Life';
const REALM = 'apiscout-test';
const endpoints = () => [authEndpoint('/digest', ['digestAuth']), authEndpoint('/public', [])];

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/** The Digest parameters of an Authorization header, unquoted. */
function params(header: string): Record<string, string> {
  return Object.fromEntries([...header.replace(/^Digest\s+/i, '').matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]+))/g)].map((m) => [m[1]!.toLowerCase(), m[2] ?? m[3]!]));
}

/** What the last request to each path got: 200 only for a correct Digest answer (or the public path). */
const statuses = new Map<string, number>();
const nonces = new Set<string>();
let url = '';
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path === '/public') {
    statuses.set(path, 200);
    return res.writeHead(200).end();
  }
  const auth = req.headers.authorization ?? '';
  if (/^Digest /i.test(auth)) {
    const p = params(auth);
    const ha1 = md5(`${p.username}:${REALM}:${PASSWORD}`);
    const ha2 = md5(`${req.method}:${p.uri}`);
    const expected = p.qop ? md5(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:${p.qop}:${ha2}`) : md5(`${ha1}:${p.nonce}:${ha2}`);
    const ok = p.username === USER && p.realm === REALM && nonces.has(p.nonce ?? '') && p.uri === req.url && p.response === expected;
    statuses.set(path, ok ? 200 : 401);
    if (ok) return res.writeHead(200).end();
  } else statuses.set(path, 401);
  const nonce = randomBytes(12).toString('hex');
  nonces.add(nonce);
  res.writeHead(401, { 'www-authenticate': `Digest realm="${REALM}", qop="auth", nonce="${nonce}", opaque="0a1b", algorithm=MD5` }).end();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const environment = (): Environment => ({ name: 'local', variables: [{ key: 'host', value: url }, { key: 'digestUser', value: USER }, { key: 'digestPassword', value: PASSWORD }] });
const ALL_OK = { '/digest': 200, '/public': 200 };

describe('HTTP Digest in the exports', () => {
  it('cURL: `--digest -u` with the variables; under sh curl answers the challenge', async () => {
    const keep = exportCurl(endpoints(), { modules: MODULES, curl: { multiline: false } }).files[0]!.content;
    expect(keep).toContain("curl -X GET -g '{{host}}/digest' --digest -u '{{digestUser}}:{{digestPassword}}'");
    expect(keep).not.toContain('Bearer');
    statuses.clear();
    const script = exportCurl(endpoints(), { modules: MODULES, environment: environment(), curl: { render: 'resolve', multiline: true } }).files[0]!.content;
    // The user and password are credentials, secret unmarked too: the shell holds them, not api.sh.
    expect(script).not.toContain(PASSWORD);
    expect(script).toContain('--digest \\\n  -u "${DIGEST_USER}":"${DIGEST_PASSWORD}"');
    const dir = writeExport([{ path: 'api.sh', content: script }]);
    try {
      const out = await run('sh', ['./api.sh'], { cwd: dir, env: { ...process.env, DIGEST_USER: USER, DIGEST_PASSWORD: PASSWORD } });
      expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
    } finally {
      removeDir(dir);
    }
    expect(Object.fromEntries(statuses)).toEqual(ALL_OK);
  });

  it('Copy as cURL of an edited request: `--digest -u` too, none when the Authorization row is unticked', async () => {
    const e = endpoints()[0]!;
    const copy = (edit?: (d: ReturnType<typeof defaultDraft>) => void) => {
      const d = defaultDraft(e, { host: '{{host}}' });
      edit?.(d);
      return copyAsCurl([e], { modules: MODULES, environment: environment(), curl: { render: 'keep', multiline: false } }, new Map([[e.id, d]])).text;
    };
    expect(copy()).toBe("curl -X GET -g '{{host}}/digest' --digest -u '{{digestUser}}:{{digestPassword}}'");
    expect(copy((d) => d.headers.push({ name: 'Authorization', value: 'x', enabled: false }))).toBe("curl -X GET -g '{{host}}/digest'");
  });

  it('Postman: a `digest` auth object; newman answers the challenge', async () => {
    const result = exportPostman(endpoints(), { modules: MODULES, environment: environment() });
    const item = JSON.parse(result.files[0]!.content).item[0].item[0].item.find((i: { name: string }) => i.name === 'digest');
    expect(item.request.auth).toEqual({ type: 'digest', digest: [{ key: 'username', value: '{{digestUser}}', type: 'string' }, { key: 'password', value: '{{digestPassword}}', type: 'string' }, { key: 'algorithm', value: 'MD5', type: 'string' }] });
    statuses.clear();
    const dir = writeExport(result.files);
    try {
      await new Promise<NewmanRunSummary>((resolve, reject) =>
        // The credentials are written empty (secrets by their role): the run supplies them.
        newman.run({ collection: join(dir, result.files[0]!.path), environment: join(dir, result.files[1]!.path), envVar: [{ key: 'digestUser', value: USER }, { key: 'digestPassword', value: PASSWORD }], reporters: [], timeoutRequest: 10_000 }, (err: Error | null, s: NewmanRunSummary) => (err ? reject(err) : resolve(s))),
      );
    } finally {
      removeDir(dir);
    }
    expect(Object.fromEntries(statuses)).toEqual(ALL_OK);
  });

  it('.http: `Authorization: Digest user password`; httpyac answers the challenge', async () => {
    const result = exportHttpClient(endpoints(), { modules: MODULES, environment: environment() });
    expect(result.files[0]!.content).toContain('GET {{host}}/digest\nAuthorization: Digest {{digestUser}} {{digestPassword}}\n');
    statuses.clear();
    // The credentials go to the private file, empty: what the user fills in.
    expect(JSON.parse(result.files[2]!.content)).toEqual({ local: { digestUser: '', digestPassword: '' } });
    const dir = writeExport([result.files[0]!, result.files[1]!, { path: 'http-client.private.env.json', content: JSON.stringify({ local: { digestUser: USER, digestPassword: PASSWORD } }) }]);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--env', 'local', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.status, out.stderr).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(Object.fromEntries(statuses)).toEqual(ALL_OK);
  });

  it('Hoppscotch: a `digest` auth; hopp answers the challenge', async () => {
    const result = exportHoppscotch(endpoints(), { modules: MODULES, environment: environment() });
    const request = JSON.parse(result.files[0]!.content).folders[0].folders[0].requests.find((r: { name: string }) => r.name === 'digest');
    expect(request.auth).toMatchObject({ authType: 'digest', username: '<<digestUser>>', password: '<<digestPassword>>' });
    statuses.clear();
    const dir = writeExport(result.files);
    try {
      // Secrets written empty: hopp fills them from the process environment.
      const out = await run(NODE22, [HOPP, 'test', result.files[0]!.path, '-e', result.files[2]!.path], { cwd: dir, env: { ...process.env, NO_COLOR: '1', digestUser: USER, digestPassword: PASSWORD }, timeoutMs: 300_000 });
      expect(out.status, `${out.stdout}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(Object.fromEntries(statuses)).toEqual(ALL_OK);
  }, 360_000);

  it('OpenAPI: an `http` scheme with `digest`; ApiPost: its digest block; YApi: a note, as it cannot express Digest', () => {
    const doc = JSON.parse(exportOpenApi(endpoints(), { modules: MODULES, openapi: { format: 'json' } }).files[0]!.content);
    expect(doc.components.securitySchemes.digestAuth).toEqual({ type: 'http', scheme: 'digest', description: 'HTTP Digest' });
    expect(doc.paths['/digest'].get.security).toEqual([{ digestAuth: [] }]);

    const apipost = JSON.parse(exportApipost(endpoints(), { modules: MODULES }).files[0]!.content);
    const validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(new URL('./schemas/apipost-import.schema.json', import.meta.url), 'utf8')));
    expect(validate(apipost), JSON.stringify(validate.errors)).toBe(true);
    const api = JSON.stringify(apipost);
    expect(api).toContain('"type":"digest","kv"');
    expect(api).toContain('"digest":{"username":"{{digestUser}}","password":"{{digestPassword}}"');

    const yapi = exportYapi(endpoints(), { modules: MODULES });
    const text = yapi.files[0]!.content;
    expect(text).toContain('security scheme digestAuth is HTTP Digest, which YApi cannot express: set Digest authentication with {{digestUser}} and {{digestPassword}} in the client.');
    expect(text).not.toContain('Bearer');
    expect(yapi.summary.warnings).toContain('GET /digest: security scheme digestAuth is HTTP Digest, which YApi cannot express: its description says so');
  });

  it('Send adds no header up front for a Digest scheme (it answers the challenge: test/call/send-digest.test.ts), and the hint says so', () => {
    const e = endpoints()[0]!;
    const candidates = credentialCandidates(e, MODULES);
    expect(candidates).toEqual([{ scheme: 'digestAuth', kind: 'digest', variables: ['digestUser', 'digestPassword'], target: { in: 'header', name: 'Authorization' } }]);
    const draft = defaultDraft(e, { host: url });
    const plan = credentialPlanFrom(candidates, draft, environment(), []);
    expect(withCredential(draft, plan, (n) => environment().variables.find((v) => v.key === n)?.value)).toBe(draft);
    expect(credentialHint(plan!)).toBe("Credential: {{digestUser}} and {{digestPassword}} answer the server's HTTP Digest challenge with the header Authorization (security scheme digestAuth)");
  });
});

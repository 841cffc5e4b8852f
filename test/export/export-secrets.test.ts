// Secret variables never land in an exported file. The cURL script in Resolve mode writes each
// secret as a shell variable the script reads from the environment (run under sh against a real
// server on 127.0.0.1: with the variables exported every secured path answers, without them the
// script stops before sending anything), while non-secret values still resolve; every other
// channel that writes values (environment files, servers, examples) leaves secrets out.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCurl, scriptedRequestOf } from '../../core/export/curl';
import { EXPORTERS } from '../../core/export/exporters';
import { CHANNELS } from '../../core/export/types';
import type { Environment } from '../../core/model/environment';
import { ALL_OK, AUTH_MODULES, authEndpoint, authEndpoints, CREDENTIALS, startAuthServer, type AuthServer } from './auth-server';
import { removeDir, run, writeExport } from './files';
import { httpServer } from '../call/servers';

let server: AuthServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(() => server.close());

/** The credentials as secret variables, the host as a plain one. */
const secretEnvironment = (): Environment => ({
  name: 'local',
  variables: [{ key: 'host', value: server.url }, ...Object.entries(CREDENTIALS).map(([key, value]) => ({ key, value, secret: true }))],
});
/** The shell variable each credential is read from. */
const SHELL = { bearerToken: 'BEARER_TOKEN', basicUser: 'BASIC_USER', basicPassword: 'BASIC_PASSWORD', apiKey: 'API_KEY', queryKey: 'QUERY_KEY', sessionKey: 'SESSION_KEY' };
const exported = () => Object.fromEntries(Object.entries(SHELL).map(([key, shell]) => [shell, CREDENTIALS[key as keyof typeof CREDENTIALS]]));

async function runScript(script: string, env: NodeJS.ProcessEnv) {
  server.statuses.clear();
  const dir = writeExport([{ path: 'api.sh', content: script }]);
  try {
    return await run('sh', ['./api.sh'], { cwd: dir, env });
  } finally {
    removeDir(dir);
  }
}

describe('cURL export in Resolve mode with secret variables', () => {
  const curl = { render: 'resolve' as const, multiline: false };

  it('writes each secret as a shell variable: run with them exported under sh, every secured path answers', async () => {
    const result = exportCurl(authEndpoints(), { modules: AUTH_MODULES, environment: secretEnvironment(), curl });
    const script = result.files[0]!.content;
    // Long values by name; the short ones (`ann`, `s-9`) by where they would be.
    for (const [key, value] of Object.entries(CREDENTIALS)) if (value.length >= 4) expect(script, key).not.toContain(value);
    expect(script).not.toContain(`-u ann:`);
    expect(script).not.toContain('SESSION=s-9');
    // The non-secret host resolves; the secrets are references the shell fills.
    expect(script).toContain(`${server.url}/bearer`);
    expect(script).toContain(`-H 'Authorization: Bearer '"\${BEARER_TOKEN}"`);
    expect(script).toContain(`-u "\${BASIC_USER}":"\${BASIC_PASSWORD}"`);
    // In the URL the value is percent-encoded as the script runs (apiscout_urlencode, defined in the script).
    expect(script).toContain(`'${server.url}/key-query?page=2&api_key='"$(apiscout_urlencode "\${QUERY_KEY}")"`);
    for (const shell of Object.values(SHELL)) expect(script).toContain(`#   export ${shell}='...'`);
    expect(result.summary.warnings).toEqual([expect.stringMatching(/^secret values are not written in api\.sh: export BEARER_TOKEN, BASIC_USER, BASIC_PASSWORD, API_KEY, QUERY_KEY, SESSION_KEY before running it/)]);
    const out = await runScript(script, { ...process.env, ...exported() });
    expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
    expect(Object.fromEntries(server.statuses)).toEqual(ALL_OK);
  });

  it('encodes a secret where it lands: percent-encoded in the query and a form body, JSON-escaped in a JSON body, as it is in a header (sh, curl, a real server)', async () => {
    // Every character that breaks a URL, a form or JSON when inserted raw, and a quote, `$` and a backtick for the shell.
    const SECRET = 't&k #1 "q"\\ +%2F=\u00fc\'$x`id`\ttab';
    const seen: { url: string; type: string; body: string }[] = [];
    const echo = await httpServer((req, res, body) => {
      seen.push({ url: req.url!, type: String(req.headers['content-type'] ?? ''), body: body.toString('utf8') });
      res.writeHead(200).end();
    });
    try {
      // The host a secret too: it stays as it is, only what follows the origin is encoded.
      const environment: Environment = { name: 'local', variables: [{ key: 'host', value: echo.url, secret: true }, { key: 'token', value: SECRET, secret: true }] };
      const json = authEndpoint('/json', undefined, {
        method: 'POST',
        request: {
          consumes: ['application/json'],
          params: [{ name: 'q', in: 'query', required: true, schema: { type: 'string' }, description: '', example: '{{token}}' }, { name: 'X-Token', in: 'header', required: true, schema: { type: 'string' }, description: '', example: '{{token}}' }],
          body: { contentType: 'application/json', schema: { type: 'object' }, example: { password: '{{token}}', n: 1 }, description: '', required: true },
        },
      });
      const form = authEndpoint('/form', undefined, { method: 'POST' });
      // A pre-request script left a form body with the value encoded as encodeURIComponent does.
      const scripted = new Map([[form.id, { method: 'POST', url: `${echo.url}/form`, headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], body: `p=${encodeURIComponent(SECRET)}&z=1` }]]);
      for (const multiline of [false, true]) {
        seen.length = 0;
        const script = exportCurl([json, form], { environment, curl: { render: 'resolve', multiline }, scripted }).files[0]!.content;
        expect(script).not.toContain(SECRET);
        expect(script).not.toContain(encodeURIComponent(SECRET));
        expect(script).not.toContain(JSON.stringify(SECRET).slice(1, -1));
        expect(script).not.toContain(echo.url);
        const out = await runScript(script, { ...process.env, HOST: echo.url, TOKEN: SECRET });
        expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
        expect(out.status, out.stderr).toBe(0);
        const byPath = Object.fromEntries(seen.map((r) => [new URL(r.url, 'http://x').pathname, r]));
        expect(new URL(byPath['/json']!.url, 'http://x').searchParams.get('q')).toBe(SECRET);
        expect(JSON.parse(byPath['/json']!.body)).toEqual({ password: SECRET, n: 1 });
        expect(Object.fromEntries(new URLSearchParams(byPath['/form']!.body))).toEqual({ p: SECRET, z: '1' });
        expect(seen).toHaveLength(2);
      }
    } finally {
      await echo.close();
    }
  });

  it('catches a secret shorter than 4 characters by where it is: another variable (or a config value) naming it; a script copying one gets a warning', async () => {
    const seen: string[] = [];
    const echo = await httpServer((req, res) => {
      seen.push(`${req.headers['x-trace']}|${req.headers.authorization}`);
      res.writeHead(200).end();
    });
    try {
      const e = authEndpoint('/echo', undefined, { request: { consumes: [], params: ['X-Trace', 'Authorization'].map((name) => ({ name, in: 'header' as const, required: true, schema: { type: 'string' }, description: '', example: name === 'X-Trace' ? '{{trace}}' : '{{auth}}' })) } });
      const environment: Environment = { name: 'local', variables: [{ key: 'host', value: echo.url }, { key: 'pin', value: '7x', secret: true }, { key: 'trace', value: 'id {{pin}}' }] };
      // `auth` only the config defines, naming the secret too; the lookup resolves it (as exportSetup's does).
      const lookup = (n: string) => ({ host: echo.url, pin: '7x', trace: 'id 7x', auth: 'Bearer 7x' })[n];
      const result = exportCurl([e], { environment, lookup, config: (n) => (n === 'auth' ? 'Bearer {{pin}}' : undefined), curl: { render: 'resolve', multiline: false } });
      const script = result.files[0]!.content;
      expect(script).toContain(`-H 'X-Trace: id '"\${PIN}"`);
      expect(script).toContain(`-H 'Authorization: Bearer '"\${PIN}"`);
      expect(script).not.toContain('7x');
      const out = await runScript(script, { ...process.env, PIN: '7x' });
      expect(out.status, out.stderr).toBe(0);
      expect(seen).toEqual(['id 7x|Bearer 7x']);
      // A script that copied it into the request: it cannot be told from other text, so the summary says so.
      const scripted = new Map([[e.id, { method: 'GET', url: `${echo.url}/echo`, headers: [{ name: 'X-Pin', value: '7x' }], body: null }]]);
      const copied = exportCurl([e], { environment, lookup, curl: { render: 'resolve', multiline: false }, scripted });
      expect(copied.summary.warnings).toContain('GET /echo: a pre-request script left a field equal to the value of {{pin}}, shorter than 4 characters: such a value cannot be told from other text, so api.sh may hold it as it is');
      const plain = new Map([[e.id, { method: 'GET', url: `${echo.url}/echo?page=7`, headers: [{ name: 'X-Pin', value: '7xy' }], body: null }]]);
      expect(exportCurl([e], { environment, lookup, curl: { render: 'resolve', multiline: false }, scripted: plain }).summary.warnings.filter((w) => w.includes('pre-request'))).toEqual([]);
    } finally {
      await echo.close();
    }
  });

  it('writes a secret a script left in a body in the form it was found in: JSON-escaped, or as it is', () => {
    const e = authEndpoint('/text', undefined, { method: 'POST' });
    const environment: Environment = { name: 'local', variables: [{ key: 'host', value: 'http://h' }, { key: 'token', value: 'tok "S3cr3t"', secret: true }] };
    const body = JSON.stringify('tok "S3cr3t"');
    const as = (type: string) => exportCurl([e], { environment, curl, scripted: new Map([[e.id, { method: 'POST', url: 'http://h/text', headers: [{ name: 'Content-Type', value: type }], body }]]) }).files[0]!.content;
    // The value was found JSON-escaped in the text: it is written escaped as the script runs, whatever the type.
    expect(as('text/plain')).toContain(`-d '"'"$(apiscout_json "\${TOKEN}")"'"'`);
    expect(as('application/json')).toContain(`-d '"'"$(apiscout_json "\${TOKEN}")"'"'`);
    // Found as it is in a text body: as it is.
    const raw = exportCurl([e], { environment, curl, scripted: new Map([[e.id, { method: 'POST', url: 'http://h/text', headers: [{ name: 'Content-Type', value: 'text/plain' }], body: '["tok "S3cr3t""]' }]]) }).files[0]!.content;
    expect(raw).toContain(`-d '["'"\${TOKEN}"'"]'`);
    expect(raw).not.toContain('apiscout_');
  });

  it('stops before sending anything when a variable is not exported, naming it', async () => {
    const script = exportCurl(authEndpoints(), { modules: AUTH_MODULES, environment: secretEnvironment(), curl }).files[0]!.content;
    const { BEARER_TOKEN: _, ...others } = exported();
    const env = { ...process.env, ...others };
    delete env.BEARER_TOKEN;
    const out = await runScript(script, env);
    expect(out.status).not.toBe(0);
    expect(out.stderr).toContain('export BEARER_TOKEN before running this script');
    expect(server.statuses.size).toBe(0);
  });

  it('keeps a secret out when it reaches the command another way: a variable naming it, a pre-request script copying it', () => {
    const e = authEndpoint('/echo', undefined, { request: { consumes: [], params: [{ name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, description: '', example: '{{trace}}' }] } });
    const environment: Environment = { name: 'local', variables: [{ key: 'host', value: 'http://h' }, { key: 'token', value: 'tok-S3cr3t', secret: true }, { key: 'trace', value: 'id {{token}}' }] };
    const options = { environment, curl };
    expect(exportCurl([e], options).files[0]!.content).toContain(`-H 'X-Trace: id '"\${TOKEN}"`);
    const scripted = scriptedRequestOf(e, options);
    scripted.headers.push({ name: 'Authorization', value: 'Bearer tok-S3cr3t' });
    const script = exportCurl([e], { ...options, scripted: new Map([[e.id, scripted]]) }).files[0]!.content;
    expect(script).not.toContain('tok-S3cr3t');
    expect(script).toContain(`-H 'Authorization: Bearer '"\${TOKEN}"`);
    expect(script).toContain(': "${TOKEN:?export TOKEN before running this script}"');
  });

  it('keeps a secret out of a form body a pre-request script left, encoded as the scripted request encodes a form', () => {
    // encodeURIComponent leaves `!'()*` as they are, where the URL's encoding escapes them: a value with both kinds is neither.
    const e = authEndpoint('/form', undefined, { method: 'POST', request: { consumes: ['application/x-www-form-urlencoded'], params: [{ name: 'password', in: 'form', required: true, schema: { type: 'string' }, description: '', example: '{{password}}' }] } });
    const environment: Environment = { name: 'local', variables: [{ key: 'host', value: 'http://h' }, { key: 'password', value: "it's a (S3cr3t)!", secret: true }] };
    const options = { environment, curl };
    const scripted = scriptedRequestOf(e, options);
    scripted.headers.push({ name: 'X-Signed', value: 'yes' });
    const script = exportCurl([e], { ...options, scripted: new Map([[e.id, scripted]]) }).files[0]!.content;
    expect(script).not.toMatch(/S3cr3t/);
    // Written as the form needs it: percent-encoded as the script runs.
    expect(script).toContain(`-d password="$(apiscout_urlencode "\${PASSWORD}")"`);
    // As URLSearchParams writes a form (a space as `+`): the same.
    scripted.body = `password=${new URLSearchParams([['', "it's a (S3cr3t)!"]]).toString().slice(1)}`;
    const again = exportCurl([e], { ...options, scripted: new Map([[e.id, scripted]]) }).files[0]!.content;
    expect(again).not.toMatch(/S3cr3t/);
    expect(again).toContain(`-d password="$(apiscout_urlencode "\${PASSWORD}")"`);
  });

  it('in Keep mode, writes a secret value a pre-request script copied back as its placeholder', () => {
    const e = authEndpoint('/echo', undefined);
    const environment: Environment = { name: 'local', variables: [{ key: 'host', value: 'http://h' }, { key: 'token', value: 'tok-S3cr3t', secret: true }] };
    const options = { environment, curl: { render: 'keep' as const, multiline: false } };
    const scripted = scriptedRequestOf(e, options);
    scripted.headers.push({ name: 'Authorization', value: 'Bearer tok-S3cr3t' });
    const result = exportCurl([e], { ...options, scripted: new Map([[e.id, scripted]]) });
    const script = result.files[0]!.content;
    expect(script).toContain(`-H 'Authorization: Bearer {{token}}'`);
    expect(script).not.toMatch(/tok-S3cr3t|TOKEN/);
    expect(result.summary.warnings).toEqual([]);
  });

  it('keeps each marker whole when another secret\'s value is part of it', () => {
    // `token`'s marker spells its key in hex (746f6b656e): a secret `746f` must not cut into it.
    const e = authEndpoint('/m', undefined, { request: { consumes: [], params: [{ name: 'X-T', in: 'header', required: true, schema: { type: 'string' }, description: '', example: '{{token}} {{pin}}' }] } });
    const environment: Environment = { name: 'e', variables: [{ key: 'token', value: 'tok-S3cr3t', secret: true }, { key: 'pin', value: '746f', secret: true }] };
    const script = exportCurl([e], { environment, curl }).files[0]!.content;
    expect(script).toContain(`-H 'X-T: '"\${TOKEN}"' '"\${PIN}"`);
    expect(script).not.toMatch(/APISCOUTSECRET|tok-S3cr3t/);
  });

  it('names shell variables uniquely, never one the shell uses itself', () => {
    const e = authEndpoint('/v', undefined, { request: { consumes: [], params: ['api-key', 'apiKey', 'path', 'пароль'].map((name, i) => ({ name: `X-${i}`, in: 'header' as const, required: true, schema: { type: 'string' }, description: '', example: `{{${name}}}` })) } });
    const environment: Environment = { name: 'e', variables: ['api-key', 'apiKey', 'path', 'пароль'].map((key, i) => ({ key, value: `secret-value-${i}`, secret: true })) };
    const script = exportCurl([e], { environment, curl: { ...curl, multiline: true } }).files[0]!.content;
    expect(script).toContain(`-H 'X-0: '"\${API_KEY}"`);
    expect(script).toContain(`-H 'X-1: '"\${API_KEY_2}"`);
    expect(script).toContain(`-H 'X-2: '"\${PATH_SECRET}"`);
    expect(script).toContain(`-H 'X-3: '"\${SECRET}"`);
    expect(script).not.toMatch(/secret-value-\d/);
  });
});

describe('every export with secret variables', () => {
  const SECRETS = { bearerToken: 'bearer-Zq81x', basicUser: 'user-Zq81x', basicPassword: 'pass-Zq81x', apiKey: 'apikey-Zq81x', queryKey: 'querykey-Zq81x', sessionKey: 'session-Zq81x', host: 'http://secret-host-Zq81x:1' };
  const environment: Environment = { name: 'local', variables: Object.entries(SECRETS).map(([key, value]) => ({ key, value, secret: true })) };
  const lookup = (name: string) => environment.variables.find((v) => v.key === name)?.value;

  for (const channel of CHANNELS) {
    for (const render of ['keep', 'resolve'] as const) {
      if (render === 'resolve' && channel !== 'curl') continue;
      it(`${channel}${channel === 'curl' ? ` (${render})` : ''} writes no secret value`, () => {
        const result = EXPORTERS[channel](authEndpoints(), { modules: AUTH_MODULES, environment, environments: [environment], lookup, curl: { render } });
        expect(result.files.length).toBeGreaterThan(0);
        for (const f of result.files) expect(f.content, f.path).not.toMatch(/Zq81x/);
      });
    }
  }
});

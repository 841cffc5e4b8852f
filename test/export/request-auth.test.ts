// The security an endpoint declares, carried into the request exports: each secured request
// sends its scheme's credential from a variable, run by the real consumer against a server that
// answers 401 without it; the secured-api fixture's scan shows what each channel writes.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportApipost } from '../../core/export/apipost';
import { defaultDraft } from '../../core/call/request-builder';
import { copyAsCurl } from '../../core/export/copy';
import { curlCommand, exportCurl } from '../../core/export/curl';
import { exportHoppscotch } from '../../core/export/hoppscotch';
import { exportHttpClient } from '../../core/export/http-client';
import { exportPostman } from '../../core/export/postman';
import { writeExportFiles } from '../../core/export/write';
import { exportYapi } from '../../core/export/yapi';
import type { Environment } from '../../core/model/environment';
import type { HttpRequestDraft } from '../../core/model/request-state';
import type { ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { ALL_OK, AUTH_MODULES, authEndpoint, authEndpoints, CREDENTIALS, ONLY_PUBLIC, startAuthServer, type AuthServer } from './auth-server';
import { HOPP, HTTPYAC, NODE22 } from './consumers';
import { removeDir, run, writeExport } from './files';

const SECURED = fileURLToPath(new URL('../fixtures/spring-mvc/secured-api', import.meta.url));
const SPRINGFOX = fileURLToPath(new URL('../fixtures/spring-mvc/springfox-docket', import.meta.url));
const schema = JSON.parse(readFileSync(new URL('./schemas/postman-collection-v2.1.0.schema.json', import.meta.url), 'utf8'));
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
const validateApipost = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(readFileSync(new URL('./schemas/apipost-import.schema.json', import.meta.url), 'utf8')));

let server: AuthServer;
let secured: ScanResult;
beforeAll(async () => {
  server = await startAuthServer();
  secured = await scanProject(SECURED);
}, 120_000);
afterAll(() => server.close());

const withCredentials = (): Environment => ({ name: 'local', variables: [{ key: 'host', value: server.url }, ...Object.entries(CREDENTIALS).map(([key, value]) => ({ key, value }))] });
const withoutCredentials = (): Environment => ({ name: 'local', variables: [{ key: 'host', value: server.url }] });
const statuses = () => Object.fromEntries(server.statuses);
const member = (m: string) => secured.endpoints.find((e) => e.source.member === m)!;

function runNewman(collection: string, environment: string, envVar: { key: string; value: string }[] = []): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) =>
    newman.run({ collection, environment, envVar, reporters: [], timeoutRequest: 10_000 }, (err: Error | null, summary: NewmanRunSummary) => (err ? reject(err) : resolve(summary))),
  );
}

/** The credentials as newman's `--env-var key=value` pairs: how a run supplies a secret the environment file leaves empty. */
const envVars = () => Object.entries(CREDENTIALS).map(([key, value]) => ({ key, value }));

describe('Postman export with security', () => {
  async function runWith(env: Environment, envVar: { key: string; value: string }[] = []): Promise<void> {
    server.statuses.clear();
    const result = exportPostman(authEndpoints(), { modules: AUTH_MODULES, environment: env });
    expect(validate(JSON.parse(result.files[0]!.content)), JSON.stringify(validate.errors)).toBe(true);
    const dir = writeExport(result.files);
    try {
      const summary = await runNewman(join(dir, result.files[0]!.path), join(dir, result.files[1]!.path), envVar);
      expect(summary.run.stats.requests).toMatchObject({ total: authEndpoints().length, failed: 0 });
    } finally {
      removeDir(dir);
    }
  }

  it('writes the credential variables into the environment file as empty secrets, never their values, whether marked secret or not', () => {
    const result = exportPostman(authEndpoints(), { modules: AUTH_MODULES, environment: withCredentials() });
    const values = JSON.parse(result.files[1]!.content).values as { key: string; value: string; type: string }[];
    expect(values).toEqual([
      { key: 'host', value: server.url, type: 'default', enabled: true },
      ...Object.keys(CREDENTIALS).map((key) => ({ key, value: '', type: 'secret', enabled: true })),
    ]);
    for (const secret of Object.values(CREDENTIALS)) for (const f of result.files) expect(f.content).not.toContain(secret);
    expect(result.summary.warnings).toEqual([`secret values left out of the Postman environment: ${Object.keys(CREDENTIALS).join(', ')}`]);
  });

  it('sends every scheme in newman once the run supplies the credentials (--env-var), and nothing without them', async () => {
    // The environment defined them (unmarked); the file holds them empty, so newman alone sends none.
    await runWith(withCredentials());
    expect(statuses()).toEqual(ONLY_PUBLIC);
    await runWith(withCredentials(), envVars());
    expect(statuses()).toEqual(ALL_OK);
    await runWith(withoutCredentials());
    expect(statuses()).toEqual(ONLY_PUBLIC);
  });

  it('writes Postman auth objects over collection variables, declared once and empty', () => {
    const c = JSON.parse(exportPostman(authEndpoints(), { modules: AUTH_MODULES }).files[0]!.content);
    const auth = Object.fromEntries(c.item[0].item[0].item.map((i: { request: { url: { raw: string }; auth?: unknown } }) => [i.request.url.raw.replace('{{host}}', ''), i.request.auth]));
    const attrs = (pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value, type: 'string' }));
    expect(auth).toEqual({
      '/basic': { type: 'basic', basic: attrs([['username', '{{basicUser}}'], ['password', '{{basicPassword}}']]) },
      '/bearer': { type: 'bearer', bearer: attrs([['token', '{{bearerToken}}']]) },
      '/either': { type: 'basic', basic: attrs([['username', '{{basicUser}}'], ['password', '{{basicPassword}}']]) },
      '/key-cookie': undefined,
      '/key-header': { type: 'apikey', apikey: attrs([['key', 'X-API-Key'], ['value', '{{apiKey}}'], ['in', 'header']]) },
      '/key-query?page=2': { type: 'apikey', apikey: attrs([['key', 'api_key'], ['value', '{{queryKey}}'], ['in', 'query']]) },
      '/oauth': { type: 'bearer', bearer: attrs([['token', '{{bearerToken}}']]) },
      '/oidc': { type: 'bearer', bearer: attrs([['token', '{{bearerToken}}']]) },
      '/public': { type: 'noauth' },
    });
    const cookie = c.item[0].item[0].item.find((i: { name: string }) => i.name === 'keycookie');
    expect(cookie.request.header).toEqual([{ key: 'Cookie', value: 'SESSION={{sessionKey}}' }]);
    expect(c.variable.map((v: { key: string; value: string }) => [v.key, v.value])).toEqual([
      ['host', 'http://localhost:8080'],
      ['basicUser', ''],
      ['basicPassword', ''],
      ['bearerToken', ''],
      ['sessionKey', ''],
      ['apiKey', ''],
      ['queryKey', ''],
    ]);
    expect(c.variable.find((v: { key: string }) => v.key === 'bearerToken').description).toBe('Bearer token (JWT) for security scheme bearerAuth');
  });

  it('keeps a secret credential out of the files', () => {
    const result = exportPostman(authEndpoints(), { modules: AUTH_MODULES, environment: { name: 'local', variables: [{ key: 'bearerToken', value: 'S3cr3t-token', secret: true }] } });
    for (const f of result.files) expect(f.content).not.toContain('S3cr3t-token');
    expect(result.summary.warnings).toEqual([expect.stringContaining('bearerToken')]);
  });

  it('carries the secured-api fixture\'s schemes: bearer, the first of alternatives, OAuth as a bearer token, public as noauth', () => {
    const c = JSON.parse(exportPostman(secured.endpoints, { modules: secured.modules }).files[0]!.content);
    const items = c.item.flatMap((m: { item: { item: unknown[] }[] }) => m.item.flatMap((f) => f.item)) as { id: string; request: { auth?: { type: string } } }[];
    const authOf = (m: string) => items.find((i) => i.request && JSON.stringify(i).includes(`"name":"${member(m).name}"`))!.request.auth?.type;
    expect(authOf('get')).toBe('bearer');
    expect(authOf('open')).toBe('bearer'); // bearerAuth before apiKey
    expect(authOf('latest')).toBe('apikey');
    expect(authOf('report')).toBe('bearer'); // oauth2: a bearer token
    expect(authOf('health')).toBe('noauth');
    // The first scheme to use the token describes it: the JWT of bearerAuth.
    expect(c.variable.find((v: { key: string }) => v.key === 'bearerToken').description).toBe('Bearer token (JWT) for security scheme bearerAuth');
  });
});

describe('.http export with security', () => {
  async function runWith(files: { path: string; content: string }[], env?: string): Promise<void> {
    server.statuses.clear();
    const dir = writeExport(files);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', ...(env ? ['--env', env] : []), '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.status, out.stderr).toBe(0);
    } finally {
      removeDir(dir);
    }
  }

  it('leaves the credentials the environment defines (unmarked) to the private file, empty; httpyac sends them once filled in there, and nothing without them', async () => {
    const result = exportHttpClient(authEndpoints(), { modules: AUTH_MODULES, environment: withCredentials() });
    expect(result.files.map((f) => f.path)).toEqual(['api.http', 'http-client.env.json', 'http-client.private.env.json']);
    expect(JSON.parse(result.files[1]!.content)).toEqual({ local: { host: server.url } });
    expect(JSON.parse(result.files[2]!.content)).toEqual({ local: Object.fromEntries(Object.keys(CREDENTIALS).map((k) => [k, ''])) });
    for (const secret of Object.values(CREDENTIALS)) for (const f of result.files) expect(f.content).not.toContain(secret);
    expect(result.summary.warnings).toEqual([`secret variables left out of http-client.env.json (keep them in http-client.private.env.json): ${Object.keys(CREDENTIALS).map((k) => `local.${k}`).join(', ')}`]);
    await runWith(result.files, 'local');
    expect(statuses()).toEqual(ONLY_PUBLIC);
    // What the user fills in: the private file, which httpyac reads with the public one.
    await runWith([result.files[0]!, result.files[1]!, { path: 'http-client.private.env.json', content: JSON.stringify({ local: CREDENTIALS }) }], 'local');
    expect(statuses()).toEqual(ALL_OK);
    const bare = exportHttpClient(authEndpoints(), { modules: AUTH_MODULES, environment: withoutCredentials() });
    // Not declared in the public file, even empty: in the JetBrains client a public variable wins over
    // the private one the user fills in. They are declared, empty, in the private template instead.
    expect(JSON.parse(bare.files[1]!.content)).toEqual({ local: { host: server.url } });
    expect(bare.files[2]).toMatchObject({ path: 'http-client.private.env.json', keepExisting: true });
    expect(JSON.parse(bare.files[2]!.content)).toEqual({ local: { basicUser: '', basicPassword: '', bearerToken: '', sessionKey: '', apiKey: '', queryKey: '' } });
    await runWith(bare.files, 'local');
    expect(statuses()).toEqual(ONLY_PUBLIC);
  });

  it('without an environment declares the credentials empty in a private environment file, so httpyac runs every request, and sends them once filled in', async () => {
    const result = exportHttpClient(authEndpoints(), { modules: AUTH_MODULES, defaultHost: server.url });
    const text = result.files[0]!.content;
    expect(result.files.map((f) => f.path)).toEqual(['api.http', 'http-client.private.env.json']);
    expect(result.summary.warnings).toEqual(['the requests need credentials: fill in basicUser, basicPassword, bearerToken, sessionKey, apiKey, queryKey in http-client.private.env.json (environment local)']);
    expect(JSON.parse(result.files[1]!.content)).toEqual({ local: { basicUser: '', basicPassword: '', bearerToken: '', sessionKey: '', apiKey: '', queryKey: '' } });
    expect(text.split('\n###')[0]).toBe(
      [
        '# Credentials: fill these in http-client.private.env.json (kept out of version control) and run with environment local.',
        '# {{basicUser}}: User name for HTTP basic authentication (security scheme basicAuth)',
        '# {{basicPassword}}: Password for HTTP basic authentication (security scheme basicAuth)',
        '# {{bearerToken}}: Bearer token (JWT) for security scheme bearerAuth',
        '# {{sessionKey}}: API key sent as the cookie SESSION (security scheme sessionKey)',
        '# {{apiKey}}: API key sent as the header X-API-Key (security scheme apiKey)',
        '# {{queryKey}}: API key sent as the query api_key (security scheme query-key)',
        `@host = ${server.url}`,
        '',
      ].join('\n'),
    );
    expect(text).toContain('GET {{host}}/basic\nAuthorization: Basic {{basicUser}} {{basicPassword}}\n');
    expect(text).toContain('GET {{host}}/bearer\nAuthorization: Bearer {{bearerToken}}\n');
    expect(text).toContain('GET {{host}}/oauth\nAuthorization: Bearer {{bearerToken}}\n');
    expect(text).toContain('GET {{host}}/key-header\nX-API-Key: {{apiKey}}\n');
    expect(text).toContain('GET {{host}}/key-query?page=2&api_key={{queryKey}}\n');
    expect(text).toContain('GET {{host}}/key-cookie\nCookie: SESSION={{sessionKey}}\n');
    expect(text).toMatch(/GET \{\{host\}\}\/public\n$/);
    // Without the template httpyac stops at the first undefined variable.
    const dir = writeExport([result.files[0]!]);
    try {
      const out = await run(process.execPath, [HTTPYAC, 'send', 'api.http', '--all', '--json'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
      expect(out.stdout + out.stderr).toMatch(/is not defined/);
    } finally {
      removeDir(dir);
    }
    // As exported: every request runs, the secured ones without a credential.
    await runWith(result.files, 'local');
    expect(statuses()).toEqual(ONLY_PUBLIC);
    // What the user fills in.
    await runWith([result.files[0]!, { path: 'http-client.private.env.json', content: JSON.stringify({ local: CREDENTIALS }) }], 'local');
    expect(statuses()).toEqual(ALL_OK);
  });

  it('keeps a private environment file the user already has when the export is written again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'http-private-'));
    try {
      const files = exportHttpClient(authEndpoints(), { modules: AUTH_MODULES, defaultHost: server.url }).files;
      expect(writeExportFiles(files, dir).map((w) => basename(w.path))).toEqual(['api.http', 'http-client.private.env.json']);
      const filled = JSON.stringify({ local: CREDENTIALS });
      writeFileSync(join(dir, 'http-client.private.env.json'), filled);
      expect(writeExportFiles(files, dir).map((w) => basename(w.path))).toEqual(['api.http']);
      expect(readFileSync(join(dir, 'http-client.private.env.json'), 'utf8')).toBe(filled);
    } finally {
      removeDir(dir);
    }
  });

  it('leaves a secret credential to the private environment file', () => {
    const result = exportHttpClient(authEndpoints(), { modules: AUTH_MODULES, environment: { name: 'local', variables: [{ key: 'bearerToken', value: 'S3cr3t-token', secret: true }] } });
    for (const f of result.files) expect(f.content).not.toContain('S3cr3t-token');
    expect(JSON.parse(result.files[1]!.content).local).not.toHaveProperty('bearerToken');
    expect(result.summary.warnings).toEqual([expect.stringContaining('local.bearerToken')]);
  });
});

describe('cURL export with security', () => {
  async function runScript(script: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
    server.statuses.clear();
    const dir = writeExport([{ path: 'api.sh', content: script }]);
    try {
      const out = await run('sh', ['./api.sh'], { cwd: dir, env: { ...process.env, ...env } });
      expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
    } finally {
      removeDir(dir);
    }
  }

  it('resolves each credential from the environment under sh, and sends none it has no value for', async () => {
    const curl = { render: 'resolve' as const, multiline: false };
    const resolved = exportCurl(authEndpoints(), { modules: AUTH_MODULES, environment: withCredentials(), curl });
    const script = resolved.files[0]!.content;
    // Credentials are secrets whether marked or not: api.sh reads them from the shell, never holds them.
    for (const value of Object.values(CREDENTIALS)) expect(script).not.toContain(value);
    expect(resolved.summary.warnings).toEqual(['secret values are not written in api.sh: export BEARER_TOKEN, BASIC_USER, BASIC_PASSWORD, API_KEY, QUERY_KEY, SESSION_KEY before running it ({{bearerToken}}, {{basicUser}}, {{basicPassword}}, {{apiKey}}, {{queryKey}}, {{sessionKey}})']);
    // Without them exported the script stops before any request.
    await runScript(script);
    expect(statuses()).toEqual({});
    const shellNames = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
    await runScript(script, Object.fromEntries(Object.entries(CREDENTIALS).map(([k, v]) => [shellNames(k), v])));
    expect(statuses()).toEqual(ALL_OK);
    const bare = exportCurl(authEndpoints(), { modules: AUTH_MODULES, environment: withoutCredentials(), curl });
    // Left as written and named: the user sees what to set.
    expect(bare.summary.warnings).toEqual(['basicUser', 'basicPassword', 'bearerToken', 'sessionKey', 'apiKey', 'queryKey'].map((n) => `no value for placeholder '${n}' in the environment or the config: left as written`));
    await runScript(bare.files[0]!.content);
    expect(statuses()).toEqual(ONLY_PUBLIC);
  });

  it('keeps the credential placeholders in Keep mode, each scheme its curl way', () => {
    const text = (path: string, curl = {}) => curlCommand(authEndpoints().find((e) => e.path === path)!, { modules: AUTH_MODULES, curl: { multiline: false, ...curl } }).text;
    expect(text('/bearer')).toBe("curl -X GET -g '{{host}}/bearer' -H 'Authorization: Bearer {{bearerToken}}'");
    expect(text('/oidc')).toBe("curl -X GET -g '{{host}}/oidc' -H 'Authorization: Bearer {{bearerToken}}'");
    expect(text('/basic')).toBe("curl -X GET -g '{{host}}/basic' -u '{{basicUser}}:{{basicPassword}}'");
    expect(text('/basic', { longFlags: true })).toBe("curl --request GET --globoff '{{host}}/basic' --user '{{basicUser}}:{{basicPassword}}'");
    expect(text('/key-header')).toBe("curl -X GET -g '{{host}}/key-header' -H 'X-API-Key: {{apiKey}}'");
    expect(text('/key-query')).toBe("curl -X GET -g '{{host}}/key-query?page=2&api_key={{queryKey}}'");
    expect(text('/key-cookie')).toBe("curl -X GET -g '{{host}}/key-cookie' -b 'SESSION={{sessionKey}}'");
    expect(text('/public')).toBe("curl -X GET -g '{{host}}/public'");
  });

  it('resolves a credential from the config reader too, as every placeholder', () => {
    const e = authEndpoints().find((x) => x.path === '/bearer')!;
    const { text, warnings } = curlCommand(e, { modules: AUTH_MODULES, lookup: (n) => ({ host: 'http://h', bearerToken: 'from-config' })[n], curl: { render: 'resolve', multiline: false } });
    expect(text).toBe("curl -X GET http://h/bearer -H 'Authorization: Bearer from-config'");
    expect(warnings).toEqual([]);
  });

  it('writes the secured-api fixture\'s credentials: a public operation has none', () => {
    const text = exportCurl(secured.endpoints, { modules: secured.modules, curl: { multiline: false } }).files[0]!.content;
    const lines = text.split('\n');
    const line = (m: string) => lines[lines.indexOf(`# ${member(m).address}`) + 1]!;
    expect(line('get')).toContain("-H 'Authorization: Bearer {{bearerToken}}'");
    expect(line('latest')).toContain("-H 'X-API-Key: {{apiKey}}'");
    expect(line('health')).not.toContain('Authorization');
  });
});

describe('Copy as cURL of an edited request with security', () => {
  const copy = (env: Environment, render: 'keep' | 'resolve', edit?: (d: HttpRequestDraft) => void) => {
    const drafts = new Map(
      authEndpoints().map((e) => {
        const d = defaultDraft(e, { host: '{{host}}' });
        edit?.(d);
        return [e.id, d];
      }),
    );
    return copyAsCurl(authEndpoints(), { modules: AUTH_MODULES, environment: env, curl: { render, multiline: false } }, drafts);
  };
  const commandFor = (text: string, path: string) => text.split('\n\n').find((c) => c.includes(`/${path.slice(1)}`) && new RegExp(`${path}[?' ]`).test(c))!;

  it('carries the credential the environment defines, as Send does: the server answers every secured path under sh', async () => {
    const copied = copy(withCredentials(), 'resolve');
    server.statuses.clear();
    const dir = writeExport([{ path: 'api.sh', content: `#!/bin/sh\n${copied.text}\n` }]);
    try {
      const out = await run('sh', ['./api.sh'], { cwd: dir });
      expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
    } finally {
      removeDir(dir);
    }
    expect(statuses()).toEqual(ALL_OK);
  });

  it('keeps the variables as placeholders in Keep mode, adds nothing the environment lacks, and never over the user\'s header', () => {
    const kept = copy(withCredentials(), 'keep').text;
    expect(commandFor(kept, '/bearer')).toBe("curl -X GET -g '{{host}}/bearer' -H 'Authorization: Bearer {{bearerToken}}'");
    expect(commandFor(kept, '/basic')).toBe("curl -X GET -g '{{host}}/basic' -u '{{basicUser}}:{{basicPassword}}'");
    expect(commandFor(kept, '/key-cookie')).toBe("curl -X GET -g '{{host}}/key-cookie' -b 'SESSION={{sessionKey}}'");
    expect(commandFor(kept, '/key-query')).toBe("curl -X GET -g '{{host}}/key-query?page=2&api_key={{queryKey}}'");
    for (const secret of Object.values(CREDENTIALS)) expect(kept).not.toContain(secret);
    const bare = copy(withoutCredentials(), 'keep').text;
    expect(commandFor(bare, '/bearer')).toBe("curl -X GET -g '{{host}}/bearer'");
    expect(commandFor(bare, '/basic')).toBe("curl -X GET -g '{{host}}/basic'");
    const own = copy(withCredentials(), 'keep', (d) => d.headers.push({ name: 'Authorization', value: 'Bearer mine' })).text;
    expect(commandFor(own, '/bearer')).toBe("curl -X GET -g '{{host}}/bearer' -H 'Authorization: Bearer mine'");
    expect(commandFor(own, '/basic')).toBe("curl -X GET -g '{{host}}/basic' -H 'Authorization: Bearer mine'");
  });
});

describe('Hoppscotch export with security', () => {
  async function runHopp(files: { path: string; content: string }[], secrets: Record<string, string> = {}): Promise<void> {
    server.statuses.clear();
    const dir = writeExport(files);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
      for (const k of Object.keys(CREDENTIALS)) delete env[k];
      const out = await run(NODE22, [HOPP, 'test', files[0]!.path, '-e', files[2]!.path], { cwd: dir, env: { ...env, ...secrets }, timeoutMs: 300_000 });
      expect(out.status, `${out.stdout}\n${out.stderr}`).toBe(0);
    } finally {
      removeDir(dir);
    }
  }

  it('writes the credentials the environment defines (unmarked) as empty secrets; hopp reads them from its process environment, and sends none without', async () => {
    const result = exportHoppscotch(authEndpoints(), { modules: AUTH_MODULES, environment: withCredentials() });
    for (const secret of Object.values(CREDENTIALS)) for (const f of result.files) expect(f.content).not.toContain(secret);
    expect(JSON.parse(result.files[2]!.content).variables).toEqual([
      { key: 'host', initialValue: server.url, currentValue: server.url, secret: false },
      ...Object.keys(CREDENTIALS).map((key) => ({ key, initialValue: '', currentValue: '', secret: true })),
    ]);
    // hopp fills an empty secret from the process environment variable of its name.
    await runHopp(result.files, CREDENTIALS);
    expect(statuses()).toEqual(ALL_OK);
    await runHopp(result.files);
    expect(statuses()).toEqual(ONLY_PUBLIC);
    await runHopp(exportHoppscotch(authEndpoints(), { modules: AUTH_MODULES, environment: withoutCredentials() }).files);
    expect(statuses()).toEqual(ONLY_PUBLIC);
  }, 600_000);

  it('writes Hoppscotch auth objects, and declares the credentials no environment defines as secret collection variables', () => {
    const c = JSON.parse(exportHoppscotch(authEndpoints(), { modules: AUTH_MODULES, environment: { name: 'e', variables: [{ key: 'apiKey', value: 'k' }] } }).files[0]!.content);
    const auth = Object.fromEntries(c.folders[0].folders[0].requests.map((r: { endpoint: string; auth: unknown }) => [r.endpoint.replace('<<host>>', ''), r.auth]));
    expect(auth).toEqual({
      '/basic': { authType: 'basic', authActive: true, username: '<<basicUser>>', password: '<<basicPassword>>' },
      '/bearer': { authType: 'bearer', authActive: true, token: '<<bearerToken>>' },
      '/either': { authType: 'basic', authActive: true, username: '<<basicUser>>', password: '<<basicPassword>>' },
      '/key-cookie': { authType: 'inherit', authActive: true },
      '/key-header': { authType: 'api-key', authActive: true, key: 'X-API-Key', value: '<<apiKey>>', addTo: 'HEADERS' },
      '/key-query': { authType: 'api-key', authActive: true, key: 'api_key', value: '<<queryKey>>', addTo: 'QUERY_PARAMS' },
      '/oauth': { authType: 'bearer', authActive: true, token: '<<bearerToken>>' },
      '/oidc': { authType: 'bearer', authActive: true, token: '<<bearerToken>>' },
      '/public': { authType: 'none', authActive: true },
    });
    const cookie = c.folders[0].folders[0].requests.find((r: { endpoint: string }) => r.endpoint.endsWith('/key-cookie'));
    expect(cookie.headers).toEqual([{ key: 'Cookie', value: 'SESSION=<<sessionKey>>', active: true, description: '' }]);
    expect(c.variables).toEqual(
      ['host', 'basicUser', 'basicPassword', 'bearerToken', 'sessionKey', 'queryKey'].map((key) =>
        key === 'host' ? { key, initialValue: 'http://localhost:8080', currentValue: 'http://localhost:8080', secret: false } : { key, initialValue: '', currentValue: '', secret: true },
      ),
    );
  });
});

describe('ApiPost export with security', () => {
  // ApiPost has no consumer to run (FORMATS.md §10): the envelope is checked against our schema.
  it('writes each API\'s auth block with {{variables}}, noauth for a public one, and names the variables to define', () => {
    const result = exportApipost(authEndpoints(), { modules: AUTH_MODULES });
    const doc = JSON.parse(result.files[0]!.content);
    expect(validateApipost(doc), JSON.stringify(validateApipost.errors?.slice(0, 5))).toBe(true);
    const apis = (doc.apis as { target_type: string; url: string; request: { auth: { type: string; kv: unknown; bearer: unknown; basic: unknown }; cookie: { parameter: { key: string; value: string }[] } } }[]).filter((n) => n.target_type === 'api');
    const auth = Object.fromEntries(apis.map((n) => [n.url, n.request.auth.type === 'kv' ? ['kv', n.request.auth.kv] : n.request.auth.type === 'bearer' ? ['bearer', n.request.auth.bearer] : n.request.auth.type === 'basic' ? ['basic', n.request.auth.basic] : [n.request.auth.type]]));
    expect(auth).toEqual({
      '/basic': ['basic', { username: '{{basicUser}}', password: '{{basicPassword}}' }],
      '/bearer': ['bearer', { key: '{{bearerToken}}' }],
      '/either': ['basic', { username: '{{basicUser}}', password: '{{basicPassword}}' }],
      '/key-cookie': ['inherit'],
      '/key-header': ['kv', { key: 'X-API-Key', value: '{{apiKey}}', in: 'header' }],
      '/key-query': ['kv', { key: 'api_key', value: '{{queryKey}}', in: 'query' }],
      '/oauth': ['bearer', { key: '{{bearerToken}}' }],
      '/oidc': ['bearer', { key: '{{bearerToken}}' }],
      '/public': ['noauth'],
    });
    expect(apis.find((n) => n.url === '/key-cookie')!.request.cookie.parameter.map((p) => [p.key, p.value])).toEqual([['SESSION', '{{sessionKey}}']]);
    expect(result.summary.warnings).toEqual(['the secured APIs use {{variables}} for their credentials: define basicUser, basicPassword, bearerToken, sessionKey, apiKey, queryKey in an ApiPost environment']);
  });

  it('carries the secured-api fixture\'s schemes and valid blocks', () => {
    const doc = JSON.parse(exportApipost(secured.endpoints, { modules: secured.modules }).files[0]!.content);
    expect(validateApipost(doc), JSON.stringify(validateApipost.errors?.slice(0, 5))).toBe(true);
    const typeOf = (m: string) => doc.apis.find((n: { name: string }) => n.name === member(m).name).request.auth.type;
    expect([typeOf('get'), typeOf('open'), typeOf('latest'), typeOf('report'), typeOf('health')]).toEqual(['bearer', 'bearer', 'kv', 'bearer', 'noauth']);
    expect(doc.apis.filter((n: { target_type: string }) => n.target_type === 'folder').map((n: { request: { auth: { type: string } } }) => n.request.auth.type)).not.toContain('bearer');
  });
});

describe('YApi export with security', () => {
  it('documents each credential as a required row whose example is the variable form, none on a public interface', () => {
    const doc = JSON.parse(exportYapi(authEndpoints(), { modules: AUTH_MODULES }).files[0]!.content);
    type Row = { name: string; example: string; value: string; required: string; desc: string };
    const rows = Object.fromEntries(
      (doc[0].list as { path: string; req_headers: Row[]; req_query: Row[] }[]).map((i) => [i.path, [...i.req_headers, ...i.req_query].map((r) => `${r.name}: ${r.example}${r.required === '1' ? '' : ' (optional)'}${r.value ? ' VALUE' : ''}`)]),
    );
    expect(rows).toEqual({
      '/basic': ['Authorization: Basic base64({{basicUser}}:{{basicPassword}})'],
      '/bearer': ['Authorization: Bearer {{bearerToken}}'],
      '/either': ['Authorization: Basic base64({{basicUser}}:{{basicPassword}})'],
      '/key-cookie': ['Cookie: SESSION={{sessionKey}}'],
      '/key-header': ['X-API-Key: {{apiKey}}'],
      '/key-query': ['page: 2', 'api_key: {{queryKey}}'],
      '/oauth': ['Authorization: Bearer {{bearerToken}}'],
      '/oidc': ['Authorization: Bearer {{bearerToken}}'],
      '/public': [],
    });
    const oauth = doc[0].list.find((i: { path: string }) => i.path === '/oauth').req_headers[0];
    expect(oauth.desc).toBe('Access token for OAuth 2 security scheme oauth, sent as a bearer token; obtain it from the authorization server (https://auth.example.com/token)');
  });
});

describe('springfox Docket security in the .http and Hoppscotch exports', () => {
  it('gives each application\'s requests its docket\'s key, none to what no context selects or what is public', async () => {
    const scan = await scanProject(SPRINGFOX);
    const text = exportHttpClient(scan.endpoints, { modules: scan.modules }).files[0]!.content;
    const block = (method: string, path: string) => text.split('\n###').find((b) => b.includes(`\n${method} {{host}}${path}\n`))!;
    // shop-admin: the `Authorization` API key (the docket's first scheme) on what its context selects.
    expect(block('GET', '/orders/0')).toContain('\nAuthorization: {{Authorization}}\n');
    expect(block('POST', '/orders/close')).toContain('\nAuthorization: {{Authorization}}\n');
    expect(block('GET', '/health')).not.toContain('Authorization');
    expect(block('GET', '/debug/state')).not.toContain('Authorization'); // outside the docket: undeclared
    // shop-portal: its own docket's X-Token; /auth/login is public.
    expect(block('GET', '/cart')).toContain('\nX-Token: {{token}}\n');
    expect(block('POST', '/auth/login')).not.toContain('X-Token');
    expect(block('GET', '/orders/search?q=q')).not.toMatch(/Authorization|X-Token/); // shop-search: security off
    const hopp = JSON.parse(exportHoppscotch(scan.endpoints, { modules: scan.modules }).files[0]!.content);
    const requests = hopp.folders.flatMap((m: { folders: { requests: unknown[] }[] }) => m.folders.flatMap((f) => f.requests)) as { endpoint: string; auth: Record<string, unknown> }[];
    const authAt = (suffix: string) => requests.find((r) => r.endpoint.endsWith(suffix))!.auth;
    expect(authAt('/cart')).toEqual({ authType: 'api-key', authActive: true, key: 'X-Token', value: '<<token>>', addTo: 'HEADERS' });
    expect(authAt('/auth/login')).toEqual({ authType: 'none', authActive: true });
    expect(authAt('/debug/state')).toEqual({ authType: 'inherit', authActive: true });
  }, 120_000);
});

describe('alternative schemes in the request exports', () => {
  const either = () => [authEndpoints().find((e) => e.path === '/either')!];
  const tokenOnly = (): Environment => ({ name: 'local', variables: [{ key: 'host', value: server.url }, { key: 'bearerToken', value: CREDENTIALS.bearerToken }] });

  it('write the scheme the environment has values for, else the first declared, and name the others in the description', () => {
    const postman = (env?: Environment) => JSON.parse(exportPostman(either(), { modules: AUTH_MODULES, ...(env ? { environment: env } : {}) }).files[0]!.content).item[0].item[0].item[0].request;
    expect(postman(tokenOnly())).toMatchObject({ auth: { type: 'bearer' }, description: 'Credentials: sent with security scheme bearerAuth; the endpoint also accepts basicAuth.' });
    expect(postman()).toMatchObject({ auth: { type: 'basic' }, description: 'Credentials: sent with security scheme basicAuth; the endpoint also accepts bearerAuth.' });
    const curl = exportCurl(either(), { modules: AUTH_MODULES, environment: tokenOnly(), curl: { multiline: false } }).files[0]!.content;
    expect(curl).toContain("# Credentials: sent with security scheme bearerAuth; the endpoint also accepts basicAuth.\n# GET /either\ncurl -X GET -g '{{host}}/either' -H 'Authorization: Bearer {{bearerToken}}'");
    // A single scheme has no note.
    expect(JSON.parse(exportPostman([authEndpoints()[0]!], { modules: AUTH_MODULES }).files[0]!.content).item[0].item[0].item[0].request.description).toBeUndefined();
  });
});

describe('a credential the request declares itself', () => {
  it('is sent once: the declared Authorization header or key parameter is the credential', () => {
    const header = (name: string, example: string) => ({ name, in: 'header' as const, required: true, schema: { type: 'string' as const }, description: '', example });
    const bearer = authEndpoint('/own-token', ['bearerAuth'], { request: { consumes: [], params: [header('Authorization', 'Bearer {{token}}')] } });
    const key = authEndpoint('/own-key', ['apiKey'], { request: { consumes: [], params: [header('x-api-key', '{{myKey}}')] } });
    const text = exportHttpClient([bearer, key], { modules: AUTH_MODULES }).files[0]!.content;
    expect(text.match(/^Authorization: .*$/gm)).toEqual(['Authorization: Bearer {{token}}']);
    expect(text.match(/^x-api-key: .*$/gim)).toEqual(['x-api-key: {{myKey}}']);
    expect(text).not.toContain('bearerToken');
    const c = JSON.parse(exportPostman([bearer, key], { modules: AUTH_MODULES }).files[0]!.content);
    expect(c.item[0].item[0].item.map((i: { request: { auth?: unknown } }) => i.request.auth)).toEqual([undefined, undefined]);
    expect(c.variable.map((v: { key: string }) => v.key)).toEqual(['host']);
  });
});

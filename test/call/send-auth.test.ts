// Send carries the endpoint's credential (core/call/send-auth.ts) from the environment to a real
// server on 127.0.0.1 that answers 401 without it: every scheme kind, never over a header or key
// the user set, nothing while the variable is undefined, and the value never lands in the
// request state the Send saves.

import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSentDraft, sendCredential, sendHttp } from '../../core/call/endpoint-call';
import type { EndpointCallContext } from '../../core/call/endpoint-call';
import { HttpCaller } from '../../core/call/http';
import { defaultDraft } from '../../core/call/request-builder';
import { configDefinedOf, credentialCandidates, credentialHint, credentialPlanFrom } from '../../core/call/send-auth';
import { copyAsCurl } from '../../core/export/copy';
import { variableLookup } from '../../core/env/placeholders';
import { ConfigValues } from '../../core/config/config-reader';
import { defaultSettings } from '../../core/config/settings';
import type { Endpoint } from '../../core/model/endpoint';
import type { Environment } from '../../core/model/environment';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { RequestStateStore } from '../../core/store/request-state';
import { AUTH_MODULES, authEndpoint, authEndpoints, CREDENTIALS, startAuthServer, type AuthServer } from '../export/auth-server';

let server: AuthServer;
let caller: HttpCaller;
beforeAll(async () => {
  server = await startAuthServer();
  caller = new HttpCaller({ env: {} });
});
afterAll(async () => {
  await caller.close();
  await server.close();
});

const module = AUTH_MODULES[0]!;

function context(e: Endpoint, environment: Environment | undefined, projectDir = tmpdir(), state?: RequestStateStore, config = new ConfigValues([])): EndpointCallContext {
  const values = new Map((environment?.variables ?? []).map((v) => [v.key, v.value]));
  return {
    projectDir,
    endpoint: e,
    module,
    settings: defaultSettings(),
    userSettingsPath: '',
    lookup: (n) => values.get(n) ?? config.get(n),
    ...(environment ? { environment } : {}),
    config,
    ...(state ? { state } : {}),
  };
}

const everything = (): Environment => ({ name: 'local', variables: Object.entries(CREDENTIALS).map(([key, value]) => ({ key, value, secret: true })) });

async function status(e: Endpoint, environment: Environment | undefined, edit?: (d: HttpRequestDraft) => void) {
  const draft = defaultDraft(e, { host: server.url });
  edit?.(draft);
  const { request, response } = await sendHttp(context(e, environment), draft, { caller });
  await response.body.dispose();
  return { status: response.status, headers: request.headers, url: request.url };
}

describe('Send with a secured endpoint', () => {
  it('sends each scheme kind from the environment: bearer, basic, API key in header, query and cookie, OAuth as bearer', async () => {
    for (const e of authEndpoints()) expect([e.path, (await status(e, everything())).status]).toEqual([e.path, 200]);
  });

  it('adds nothing while the variable is undefined (or empty)', async () => {
    for (const e of authEndpoints()) expect([e.path, (await status(e, undefined)).status]).toEqual([e.path, e.path === '/public' ? 200 : 401]);
    const empty: Environment = { name: 'e', variables: [{ key: 'bearerToken', value: '' }] };
    const sent = await status(authEndpoint('/bearer', ['bearerAuth']), empty);
    expect(sent.status).toBe(401);
    expect(sent.headers.find(([n]) => n.toLowerCase() === 'authorization')).toBeUndefined();
  });

  it('never over a header, query parameter or cookie the user set', async () => {
    const bearer = await status(authEndpoint('/bearer', ['bearerAuth']), everything(), (d) => d.headers.push({ name: 'authorization', value: 'Bearer mine' }));
    expect(bearer.status).toBe(401);
    expect(bearer.headers.filter(([n]) => n.toLowerCase() === 'authorization')).toEqual([['authorization', 'Bearer mine']]);
    const key = await status(authEndpoint('/key-header', ['apiKey']), everything(), (d) => d.headers.push({ name: 'X-API-Key', value: 'other' }));
    expect(key.headers.filter(([n]) => n.toLowerCase() === 'x-api-key')).toEqual([['X-API-Key', 'other']]);
    const query = await status(authEndpoint('/key-query', ['query-key']), everything(), (d) => d.query.push({ name: 'api_key', value: 'mine' }));
    expect(new URL(query.url).searchParams.getAll('api_key')).toEqual(['mine']);
    const cookie = await status(authEndpoint('/key-cookie', ['sessionKey']), everything(), (d) => d.cookies.push({ name: 'SESSION', value: 'mine' }));
    expect(cookie.headers).toContainEqual(['Cookie', 'SESSION=mine']);
    // A row of that name left empty is no credential: the environment's goes.
    const empty = await status(authEndpoint('/bearer', ['bearerAuth']), everything(), (d) => d.headers.push({ name: 'Authorization', value: '' }));
    expect(empty.status).toBe(200);
    // An unticked one means "send none": nothing is added, whatever the environment holds.
    for (const [path, scheme, untick] of [
      ['/bearer', 'bearerAuth', (d: HttpRequestDraft) => d.headers.push({ name: 'authorization', value: 'Bearer off', enabled: false })],
      ['/key-query', 'query-key', (d: HttpRequestDraft) => d.query.push({ name: 'api_key', value: '', enabled: false })],
      ['/key-cookie', 'sessionKey', (d: HttpRequestDraft) => d.cookies.push({ name: 'SESSION', value: 'x', enabled: false })],
    ] as const) {
      const unticked = await status(authEndpoint(path, [scheme]), everything(), untick);
      expect([path, unticked.status]).toEqual([path, 401]);
      expect(unticked.headers.find(([n]) => ['authorization', 'cookie'].includes(n.toLowerCase()))).toBeUndefined();
      expect(new URL(unticked.url).searchParams.has('api_key')).toBe(false);
    }
    // The URL's own user and password are the user's Basic credential.
    const userInfo = await status(authEndpoint('/basic', ['basicAuth']), everything(), (d) => (d.host = d.host.replace('http://', 'http://zed:pw@')));
    expect(userInfo.headers).toContainEqual(['Authorization', `Basic ${Buffer.from('zed:pw').toString('base64')}`]);
  });

  it('picks among alternative schemes the one the environment has values for, else the first', async () => {
    const either = authEndpoint('/either', ['undeclared', 'basicAuth', 'bearerAuth']);
    const onlyToken: Environment = { name: 't', variables: [{ key: 'bearerToken', value: CREDENTIALS.bearerToken }] };
    const draft = defaultDraft(either, { host: server.url });
    expect(sendCredential(context(either, onlyToken), draft)).toMatchObject({ scheme: 'bearerAuth', missing: [], userSet: false });
    expect(sendCredential(context(either, undefined), draft)).toMatchObject({ scheme: 'basicAuth', missing: ['basicUser', 'basicPassword'] });
    expect((await status(either, onlyToken)).headers).toContainEqual(['Authorization', `Bearer ${CREDENTIALS.bearerToken}`]);
    expect((await status(either, everything())).status).toBe(200);
  });

  it('says in a line what it does: the variable, where it goes, or why not', () => {
    const bearer = authEndpoint('/bearer', ['bearerAuth']);
    const draft = defaultDraft(bearer, { host: server.url });
    expect(credentialHint(sendCredential(context(bearer, everything()), draft)!)).toBe('Credential: {{bearerToken}} sent as the header Authorization (security scheme bearerAuth)');
    expect(credentialHint(sendCredential(context(bearer, undefined), draft)!)).toBe('Credential: {{bearerToken}} not defined, so no header Authorization is added (security scheme bearerAuth)');
    draft.headers.push({ name: 'Authorization', value: 'Bearer x' });
    expect(credentialHint(sendCredential(context(bearer, everything()), draft)!)).toBe("Credential: the request's own header Authorization is sent (security scheme bearerAuth would use {{bearerToken}})");
    draft.headers = [{ name: 'Authorization', value: 'Bearer x', enabled: false }];
    expect(credentialHint(sendCredential(context(bearer, everything()), draft)!)).toBe('Credential: the header Authorization is unticked, so none is sent (security scheme bearerAuth would use {{bearerToken}})');
    expect(sendCredential(context(authEndpoint('/public', []), everything()), draft)).toBeUndefined();
  });

  it('reads a credential the config files define after the environment, and the request view decides from the same sources', async () => {
    const e = authEndpoint('/bearer', ['bearerAuth']);
    const config = new ConfigValues([{ file: '/p/.apiscout/config.properties', kind: 'apiscout', values: new Map([['bearerToken', [CREDENTIALS.bearerToken]]]) }]);
    const draft = defaultDraft(e, { host: server.url });
    const c = context(e, undefined, tmpdir(), undefined, config);
    const { response } = await sendHttp(c, draft, { caller });
    await response.body.dispose();
    expect(response.status).toBe(200);
    const candidates = credentialCandidates(e, [module]);
    const configDefined = configDefinedOf(candidates, (n) => config.get(n));
    expect(configDefined).toEqual(['bearerToken']);
    expect(credentialPlanFrom(candidates, draft, undefined, configDefined)).toEqual(sendCredential(c, draft));
    expect(sendCredential(c, draft)).toMatchObject({ missing: [] });
    // A secret this user has no value for falls through to the config; an empty plain value does not.
    const noSecretValue: Environment = { name: 'e', variables: [{ key: 'bearerToken', value: '', secret: true }] };
    expect(sendCredential(context(e, noSecretValue, tmpdir(), undefined, config), draft)).toMatchObject({ missing: [] });
    expect(credentialPlanFrom(candidates, draft, noSecretValue, configDefined)).toMatchObject({ missing: [] });
    const emptyPlain: Environment = { name: 'e', variables: [{ key: 'bearerToken', value: '' }] };
    expect(sendCredential(context(e, emptyPlain, tmpdir(), undefined, config), draft)).toMatchObject({ missing: ['bearerToken'] });
    expect(credentialPlanFrom(candidates, draft, emptyPlain, configDefined)).toMatchObject({ missing: ['bearerToken'] });
  });

  it('Copy as cURL adds the credential exactly when Send and the hint do: one decision from the same sources', () => {
    const e = authEndpoint('/bearer', ['bearerAuth']);
    const draft = defaultDraft(e, { host: '{{host}}' });
    const candidates = credentialCandidates(e, [module]);
    const copied = (environment: Environment, config: ConfigValues) => {
      // The lookup exportSetup gives: the environment, then the config reader, nested placeholders resolved.
      return copyAsCurl([e], { modules: [module], environment, lookup: variableLookup({ environment, config }), config: (n) => config.get(n), curl: { render: 'keep', multiline: false } }, new Map([[e.id, draft]])).text;
    };
    const noConfig = new ConfigValues([]);
    // The token is another variable's placeholder, empty here: it resolves to '', but the
    // environment defines it. The hint and Send count it as defined; Copy as cURL used to resolve
    // it first and leave the header out, showing a command Send would not have sent.
    const indirect: Environment = { name: 'e', variables: [{ key: 'bearerToken', value: '{{issued}}' }, { key: 'issued', value: '' }] };
    const hint = credentialPlanFrom(candidates, draft, indirect, configDefinedOf(candidates, (n) => noConfig.get(n)));
    expect(hint).toMatchObject({ missing: [] });
    expect(sendCredential(context(e, indirect), draft)).toEqual(hint);
    expect(copied(indirect, noConfig)).toBe("curl -X GET -g '{{host}}/bearer' -H 'Authorization: Bearer {{bearerToken}}'");
    // A value the config reader holds as `${TOKEN:}` (empty by default): defined for all three.
    const config = new ConfigValues([{ file: '/p/.apiscout/config.properties', kind: 'apiscout', values: new Map([['bearerToken', ['${TOKEN:}']]]) }]);
    const none: Environment = { name: 'e', variables: [] };
    expect(credentialPlanFrom(candidates, draft, none, configDefinedOf(candidates, (n) => config.get(n)))).toMatchObject({ missing: [] });
    expect(sendCredential(context(e, none, tmpdir(), undefined, config), draft)).toMatchObject({ missing: [] });
    expect(copied(none, config)).toBe("curl -X GET -g '{{host}}/bearer' -H 'Authorization: Bearer {{bearerToken}}'");
    // And none of them adds it for an empty plain value.
    const empty: Environment = { name: 'e', variables: [{ key: 'bearerToken', value: '' }] };
    expect(sendCredential(context(e, empty), draft)).toMatchObject({ missing: ['bearerToken'] });
    expect(copied(empty, noConfig)).toBe("curl -X GET -g '{{host}}/bearer'");
  });

  it('keeps the value out of the saved request and the host history', async () => {
    const projectDir = mkdtempSync(join(tmpdir(), 'send-auth-'));
    const state = new RequestStateStore({ projectDir });
    for (const e of authEndpoints().filter((x) => ['/bearer', '/basic', '/key-query'].includes(x.path))) {
      const c = context(e, everything(), projectDir, state);
      const draft = defaultDraft(e, { host: server.url });
      await saveSentDraft(c, draft);
      const { response } = await sendHttp(c, draft, { caller });
      expect([e.path, response.status]).toEqual([e.path, 200]);
      await response.body.dispose();
      // The draft sent is the user's: Send added the credential to a copy.
      expect(JSON.stringify(state.load(e.id))).not.toContain('Authorization');
    }
    const written = [...filesUnder(projectDir), ...filesUnder(process.env.APISCOUT_CONFIG_DIR!)].map((f) => readFileSync(f, 'utf8'));
    expect(written.length).toBeGreaterThan(0);
    const basic = Buffer.from(`${CREDENTIALS.basicUser}:${CREDENTIALS.basicPassword}`).toString('base64');
    for (const text of written) for (const secret of [CREDENTIALS.bearerToken, CREDENTIALS.queryKey, basic]) expect(text).not.toContain(secret);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

// The variables API keys are sent from: one per scheme, so two keys never share a value. Scheme
// names without ASCII letters (`ключ`, `令牌`) and names that lose characters into the same
// identifier get a hash of their name: unique, and the same in every export. newman runs the
// Postman export against a server on 127.0.0.1 that wants a different key in each header.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestAuth } from '../../core/export/auth';
import { exportPostman } from '../../core/export/postman';
import type { ModuleSummary, SecuritySchemeDecl } from '../../core/model/endpoint';
import { authEndpoint } from './auth-server';
import { removeDir, writeExport } from './files';

const SCHEMES: SecuritySchemeDecl[] = [
  { name: 'ключ', type: 'apiKey', in: 'header', paramName: 'X-A' },
  { name: 'токен', type: 'apiKey', in: 'header', paramName: 'X-B' },
  { name: 'x-key', type: 'apiKey', in: 'header', paramName: 'X-C' },
  { name: 'x key', type: 'apiKey', in: 'header', paramName: 'X-D' },
  { name: 'apiKey', type: 'apiKey', in: 'header', paramName: 'X-E' },
];
const MODULES: ModuleSummary[] = [{ name: 'secure', dir: '', build: 'maven', securitySchemes: SCHEMES }];
const HEADERS = ['x-a', 'x-b', 'x-c', 'x-d', 'x-e'];
const endpoints = () => SCHEMES.map((s, i) => authEndpoint(`/${HEADERS[i]}`, [s.name]));
const variableOf = (scheme: string) => {
  const auth = requestAuth(endpoints().find((e) => e.security?.[0] === scheme)!, MODULES);
  return auth?.kind === 'apiKey' ? auth.variable : undefined;
};

let url = '';
const statuses = new Map<string, number>();
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  const header = path.slice(1);
  const ok = req.headers[header] === `value-of-${header}`;
  statuses.set(path, ok ? 200 : 401);
  res.writeHead(ok ? 200 : 401).end();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('API key variables', () => {
  it('are unique per scheme and the same in every export, whatever the scheme name is written in', () => {
    const names = SCHEMES.map((s) => variableOf(s.name)!);
    expect(new Set(names).size).toBe(SCHEMES.length);
    expect(names[0]).toMatch(/^apiKey_[0-9a-f]{8}$/);
    expect(names[1]).toMatch(/^apiKey_[0-9a-f]{8}$/);
    expect(names[2]).toMatch(/^xKey_[0-9a-f]{8}$/);
    expect(names[3]).toMatch(/^xKey_[0-9a-f]{8}$/);
    expect(names[4]).toBe('apiKey');
    // Stable: the same name gives the same variable again, alone in its module or not.
    expect(SCHEMES.map((s) => variableOf(s.name))).toEqual(names);
    const alone = requestAuth(authEndpoint('/x', ['ключ']), [{ ...MODULES[0]!, securitySchemes: [SCHEMES[0]!] }]);
    expect(alone?.kind === 'apiKey' && alone.variable).toBe(names[0]);
    // A lossless name keeps its own spelling even next to others.
    expect(requestAuth(authEndpoint('/y', ['x-key']), [{ ...MODULES[0]!, securitySchemes: [SCHEMES[2]!] }])).toMatchObject({ variable: 'xKey' });
  });

  it('send each scheme its own key in newman', async () => {
    const keys = SCHEMES.map((s, i) => ({ key: variableOf(s.name)!, value: `value-of-${HEADERS[i]}` }));
    const environment = { name: 'local', variables: [{ key: 'host', value: url }, ...keys] };
    const result = exportPostman(endpoints(), { modules: MODULES, environment });
    // The keys are credentials: the environment file holds them empty, as secrets; newman gets them with --env-var.
    for (const k of keys) expect(result.files[1]!.content).not.toContain(k.value);
    const dir = writeExport(result.files);
    try {
      const summary = await new Promise<NewmanRunSummary>((resolve, reject) =>
        newman.run({ collection: join(dir, result.files[0]!.path), environment: join(dir, result.files[1]!.path), envVar: keys, reporters: [], timeoutRequest: 10_000 }, (err: Error | null, s: NewmanRunSummary) => (err ? reject(err) : resolve(s))),
      );
      expect(summary.run.stats.requests.failed).toBe(0);
    } finally {
      removeDir(dir);
    }
    expect(Object.fromEntries(statuses)).toEqual(Object.fromEntries(HEADERS.map((h) => [`/${h}`, 200])));
  });
});

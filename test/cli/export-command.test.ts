// `apiscout export`: the command line over the exporters, with --select, --out, --env and the
// cURL flags, as a user runs it.

import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../../cli/bin.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));

let work: string;
let project: string;

function run(args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', APISCOUT_CONFIG_DIR: join(work, 'user') } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-export-cli-'));
  project = join(work, 'shop');
  cpSync(SHOP, project, { recursive: true });
  mkdirSync(join(project, '.apiscout'));
  const environments = {
    version: 1,
    environments: [
      { name: 'staging', variables: [{ key: 'host', value: 'https://staging.example.com' }] },
      { name: 'local', variables: [{ key: 'host', value: 'http://localhost:8080' }] },
    ],
  };
  writeFileSync(join(project, '.apiscout', 'environments.json'), JSON.stringify(environments));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('apiscout export', () => {
  it('writes the selected endpoints to stdout with the cURL flags given', () => {
    const r = run(['export', '--format', 'curl', '--select', 'GET /api/v1/orders/{orderId}', '--single-line', '--no-comments', project]);
    expect(r.code, r.stderr).toBe(0);
    // The matcher's rules: a pasted path also finds the longer paths it is a prefix of.
    expect(r.stdout).toBe("#!/bin/sh\n\ncurl -X GET -g '{{host}}/api/v1/orders/orderId'\n\ncurl -X GET -g '{{host}}/api/v1/orders/orderId/receipt'\n");
    expect(r.stderr).toContain('exported 2 of 2 endpoint(s) to curl');
  });

  it('resolves the host from --env and writes companions into --out DIR', () => {
    const out = join(work, 'out-postman');
    const curl = run(['export', '--format', 'curl', '--env', 'staging', '--resolve', '--select', 'GET /rest/warehouses', '--single-line', project]);
    expect(curl.stdout).toContain('curl -X GET https://staging.example.com/rest/warehouses\n');
    const r = run(['export', '--format', 'postman', '--env', 'staging', '--out', `${out}/`, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['collection.postman_collection.json', 'staging.postman_environment.json']);
  });

  it('writes every environment of the project into http-client.env.json', () => {
    const out = join(work, 'out-http');
    const r = run(['export', '--format', 'http-client', '--out', `${out}/`, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'http-client.env.json'), 'utf8'))).toEqual({
      staging: { host: 'https://staging.example.com' },
      local: { host: 'http://localhost:8080' },
    });
  });

  it('writes OpenAPI as JSON when the file name says so', () => {
    const file = join(work, 'api', 'openapi.json');
    const r = run(['export', '--format', 'openapi', '--openapi-version', '3.1.0', '--out', file, project]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).openapi).toBe('3.1.0');
  });

  it('exits 2 on a bad channel, conflicting flags or an unknown environment', () => {
    expect(run(['export', '--format', 'word', project]).code).toBe(2);
    expect(run(['export', '--format', 'curl', '--keep', '--resolve', project]).code).toBe(2);
    const unknown = run(['export', '--format', 'curl', '--env', 'nope', project]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('nope');
  });
});

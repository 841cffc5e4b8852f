// cURL export, run by `sh` against a real server on 127.0.0.1: every endpoint arrives once, as
// the model says, with bodies byte-identical; quoting survives any character.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCurl, curlCommand, scriptedRequestOf } from '../../core/export/curl';
import { shQuote } from '../../core/export/shell-quote';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import type { Environment } from '../../core/model/environment';
import { edgeEndpoints, grpcEndpoints, HOSTILE, placeholderEndpoint, scanShop, SHOP, RAW_UPLOAD, UPLOAD } from './fixtures';
import { removeDir, run, writeExport, type RunResult } from './files';
import { startRecordingServer, type RecordingServer } from './recording-server';
import { recordingShop } from './recording-shop';

let shop: ScanResult;
let endpoints: Endpoint[];
let server: RecordingServer;
let env: Environment;
const VARS: Record<string, string> = { token: 't0k', tenant: 'acme corp', user: 'jo', quote: `a"b'c`, key: 'k' };
const resolve = (t: string) => t.replace(/\{\{\s*(\w+)\s*\}\}|\$\{(\w+)\}/g, (w, a, b) => VARS[a ?? b] ?? w);

beforeAll(async () => {
  ({ shop, endpoints, server } = await recordingShop(resolve, [placeholderEndpoint()]));
  env = { name: 'local', variables: [{ key: 'host', value: server.url }, ...Object.entries(VARS).map(([key, value]) => ({ key, value }))] };
});
afterAll(() => server.close());

async function runScript(script: string, prelude = ''): Promise<RunResult> {
  const dir = writeExport([{ path: 'api.sh', content: script }, { path: UPLOAD.name, content: UPLOAD.content }, { path: RAW_UPLOAD.name, content: RAW_UPLOAD.content }]);
  try {
    return await run('sh', ['-c', `${prelude}\n. ./api.sh`], { cwd: dir });
  } finally {
    removeDir(dir);
  }
}

function exactBodies(pretty: boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of endpoints) {
    const b = e.request?.body;
    if (b) out.set(e.id, JSON.stringify(resolveJson(b.example), null, pretty ? 2 : undefined));
  }
  return out;
}

function resolveJson(v: unknown): unknown {
  if (typeof v === 'string') return resolve(v);
  if (Array.isArray(v)) return v.map(resolveJson);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [resolve(k), resolveJson(x)]));
  return v;
}

describe('cURL export run by sh', () => {
  for (const [label, curl] of [
    ['short flags, one line, compact JSON', { multiline: false, prettyJson: false }],
    ['long flags, one flag per line, pretty JSON, response examples', { longFlags: true, multiline: true, prettyJson: true, responseExample: true }],
  ] as const) {
    it(`sends every endpoint as the model says (${label})`, async () => {
      const result = exportCurl(endpoints, { modules: shop.modules, environment: env, curl: { render: 'resolve', ...curl } });
      const server2 = await startRecordingServer(endpoints, { modules: shop.modules, resolve, upload: UPLOAD, rawUpload: RAW_UPLOAD, exactBodies: exactBodies(curl.prettyJson) });
      try {
        const script = result.files[0]!.content.replaceAll(server.url, server2.url);
        const out = await runScript(script);
        expect(out.stderr).not.toMatch(/curl: \(\d+\)/);
        expect(server2.verify(endpoints)).toEqual([]);
        expect(server2.received).toHaveLength(endpoints.length);
      } finally {
        await server2.close();
      }
      expect(result.summary).toMatchObject({ channel: 'curl', selected: endpoints.length, exported: endpoints.length });
      // `{{nowhere}}` has no value anywhere: it stays, and the warning names it.
      expect(result.summary.warnings).toEqual([expect.stringContaining("'nowhere'")]);
    });
  }

  it('keeps placeholders in Keep mode and writes the formatting asked for', () => {
    const e = placeholderEndpoint();
    const keep = curlCommand(e, { curl: { multiline: false, prettyJson: false } }).text;
    expect(keep).toContain(`-X PUT`);
    expect(keep).toContain(`'{{host}}/edge/tenants/\${tenant}?missing={{nowhere}}'`);
    expect(keep).toContain(`-H 'Authorization: Bearer {{token}}'`);
    expect(keep).toContain(`-d '{"owner":"{{user}}","note":"said \\"\${quote}\\"","{{key}}":1}'`);
    const long = curlCommand(e, { curl: { longFlags: true, multiline: true, prettyJson: false } }).text;
    expect(long.split(' \\\n  ')).toEqual(['curl', '--request PUT', '--globoff', expect.stringContaining('{{host}}'), "--header 'Authorization: Bearer {{token}}'", "--header 'Content-Type: application/json'", expect.stringMatching(/^--data '/)]);
  });

  it('resolves the host variable no environment defines to where the application listens, as Send does', () => {
    const e = placeholderEndpoint();
    const curl = { render: 'resolve' as const, multiline: false, prettyJson: false };
    const own = curlCommand(e, { defaultHost: 'http://127.0.0.1:8181', curl });
    expect(own.text).toContain(`'http://127.0.0.1:8181/edge/tenants/`);
    expect(own.warnings.some((w) => w.includes("'host'"))).toBe(false);
    // An environment's host wins; keep mode keeps the placeholder.
    const gateway = curlCommand(e, { defaultHost: 'http://127.0.0.1:8181', environment: { name: 'gw', variables: [{ key: 'host', value: 'https://gw.example' }] }, curl });
    expect(gateway.text).toContain(`'https://gw.example/edge/tenants/`);
    expect(curlCommand(e, { defaultHost: 'http://127.0.0.1:8181', curl: { ...curl, render: 'keep' } }).text).toContain(`'{{host}}/edge/tenants/`);
  });

  it('resolves a placeholder inside a JSON string without breaking the JSON', () => {
    const { text, warnings } = curlCommand(placeholderEndpoint(), { environment: env, curl: { render: 'resolve', multiline: false, prettyJson: false } });
    const data = /-d '((?:[^']|'\\'')*)'/.exec(text)![1]!.replaceAll(`'\\''`, `'`);
    expect(JSON.parse(data)).toEqual({ owner: 'jo', note: `said "a"b'c"`, k: 1 });
    expect(warnings).toEqual([expect.stringContaining("'nowhere'")]);
  });

  it('writes gRPC methods as grpcurl commands whose arguments reach grpcurl intact', async () => {
    // The HTTP host is not where the gRPC server listens: grpcHost is.
    const env = { name: 'g', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }, { key: 'grpcHost', value: '127.0.0.1:9090' }] };
    const result = exportCurl(grpcEndpoints(), { environment: env, curl: { render: 'resolve', comments: false, multiline: false, prettyJson: false } });
    // A shell function stands in for grpcurl and prints the argv the shell hands it.
    const out = await runScript(result.files[0]!.content, `grpcurl() { printf '<%s>' "$@"; echo; }`);
    expect(out.stdout.trim().split('\n')).toEqual([
      '<-plaintext><-proto><orders/src/main/proto/orders.proto><-d><{"order_id":"o\'1"}><127.0.0.1:9090><shop.orders.v1.OrderService/Chat>',
      '<-plaintext><-proto><orders/src/main/proto/orders.proto><-d><{"order_id":"o\'1"}><127.0.0.1:9090><shop.orders.v1.OrderService/GetOrder>',
      '<-plaintext><-proto><orders/src/main/proto/orders.proto><-d><{"order_id":"o\'1"}><127.0.0.1:9090><shop.orders.v1.OrderService/WatchOrders>',
    ]);
    // Kept placeholders name grpcHost; without it anywhere, the application's own gRPC address.
    const kept = exportCurl(grpcEndpoints(), { environment: env, curl: { render: 'keep', comments: false, multiline: false } });
    expect(kept.files[0]!.content).toContain(`'{{grpcHost}}' shop.orders.v1.OrderService/GetOrder`);
    const plain = exportCurl(grpcEndpoints(), { environment: { name: 'h', variables: [{ key: 'host', value: 'http://127.0.0.1:8080' }] }, defaultGrpcHost: 'localhost:9191', curl: { render: 'resolve', comments: false, multiline: false } });
    expect(plain.files[0]!.content).toContain(' localhost:9191 shop.orders.v1.OrderService/GetOrder');
    expect(plain.files[0]!.content).not.toContain('8080');
  });

  it('names the .proto files under the project folder when the export knows it, so the script runs from any folder', async () => {
    const grpc = (await scanShop()).endpoints.filter((e) => e.protocol === 'grpc' && e.grpc?.importPaths?.length);
    expect(grpc.length).toBeGreaterThan(0);
    // A stand-in grpcurl that checks, from the script's own folder (not the project's), that every
    // import path is a folder and the -proto file is found under one of them, as grpcurl looks.
    const check = `grpcurl() { roots=''; while [ $# -gt 0 ]; do case "$1" in -import-path) [ -d "$2" ] || echo "no folder $2"; roots="$roots $2"; shift 2;; -proto) for r in $roots; do [ -f "$r/$2" ] && found=1; done; [ -n "$found" ] || echo "no file $2"; found=''; shift 2;; *) shift;; esac; done; echo ok; }`;
    const anchored = exportCurl(grpc, { projectDir: SHOP, curl: { comments: false } });
    const out = await runScript(anchored.files[0]!.content, check);
    expect(out.stdout.trim().split('\n')).toEqual(grpc.map(() => 'ok'));
    // Without the project folder, paths stay relative to the folder the script runs in.
    const loose = exportCurl(grpc, { curl: { comments: false } });
    expect(loose.files[0]!.content).toContain("-import-path inventory/src/main/proto");
    expect((await runScript(loose.files[0]!.content, check)).stdout).toContain('no folder inventory/src/main/proto');
  });

  it('quotes any character so that the shell passes it through unchanged', () => {
    const all = Array.from({ length: 0x2ff }, (_, i) => String.fromCodePoint(i + 1)).join('');
    for (const word of [HOSTILE, all, "'", "''", '', '-', "a'b'c", '\n', '$', 'plain-word_1.2/x']) {
      const r = spawnSync('sh', ['-c', `printf '%s' ${shQuote(word)}`], { encoding: 'buffer' });
      expect(r.stdout.equals(Buffer.from(word, 'utf8'))).toBe(true);
    }
  });

  it('is byte-identical across runs', () => {
    const a = exportCurl(endpoints, { modules: shop.modules, curl: { responseExample: true } });
    const b = exportCurl([...endpoints].reverse(), { modules: shop.modules, curl: { responseExample: true } });
    expect(b.files).toEqual(a.files);
    const dir = writeExport(a.files);
    try {
      expect(spawnSync('sh', ['-n', join(dir, 'api.sh')]).status).toBe(0);
    } finally {
      removeDir(dir);
    }
  });
  it('resolves the placeholders a pre-request script writes, and names those without a value', () => {
    const e = edgeEndpoints().find((x) => x.name === 'Delete item')!;
    const base = scriptedRequestOf(e, { curl: { render: 'resolve' } });
    const scripted = new Map([[e.id, { ...base, headers: [...base.headers, { name: 'X-Signed', value: '{{signature}}' }, { name: 'X-Tenant', value: '{{tenant}}' }] }]]);
    const environment: Environment = { name: 'ci', variables: [{ key: 'host', value: 'http://127.0.0.1:1' }, { key: 'token', value: 'tok' }, { key: 'tenant', value: 'acme' }] };
    const result = exportCurl([e], { environment, scripted, curl: { render: 'resolve', comments: false, multiline: false } });
    const text = result.files[0]!.content;
    expect(text).toContain("-H 'X-Tenant: acme'");
    expect(text).toContain("-H 'X-Signed: {{signature}}'");
    expect(result.summary.warnings).toContainEqual(expect.stringContaining("'signature'"));
  });
});

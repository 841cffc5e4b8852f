// One endpoint, one request: `apiscout call`, Send (the sidecar's call/send), Copy as cURL
// (copy/text, run by sh) and the cURL export (run by sh) put the same request on the wire, as a
// loopback server records it: method, URL, headers and body. First from source (the value policy:
// declared default sent, optional parameter without one not sent), then with one set of edits.

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpRequestDraft } from '../../core/model/request-state';
import { SidecarClient } from './sidecar-client';
import { runCli, type CliRun } from '../cli/run-cli';

const CONTROLLER = `package org.example.visits;

import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/owners/{ownerId}")
class VisitController {
  /** Books a visit */
  @PostMapping("/visits")
  public Visit book(@RequestParam String kind, @RequestParam(required = false) String note,
      @RequestParam(defaultValue = "20") int size, @RequestHeader("X-Clinic") String clinic,
      @RequestBody Visit visit) { return null; }
}

class Visit { public String date; public String description; }
`;

/** What the wire shows of a request; transport headers each client writes its own way are left out. */
interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const TRANSPORT = new Set(['host', 'user-agent', 'accept', 'accept-encoding', 'accept-language', 'connection', 'content-length', 'sec-fetch-mode', 'transfer-encoding']);

function kept(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !TRANSPORT.has(k)).map(([k, v]) => [k, String(v)]).sort(([a], [b]) => a.localeCompare(b)));
}

let work: string;
let project: string;
let userDir: string;
let server: Server;
let host: string;
const recorded: Recorded[] = [];
let client: SidecarClient;
let id: string;

function cli(args: string[]): Promise<CliRun> {
  return runCli(args, { APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '' });
}

function sh(script: string): Promise<number | null> {
  return new Promise((resolve) => spawn('sh', ['-c', script], { stdio: 'ignore', env: { ...process.env, http_proxy: '', HTTP_PROXY: '' } }).on('close', resolve));
}

/** The requests recorded while `action` ran. */
async function during(action: () => Promise<unknown>): Promise<Recorded[]> {
  const from = recorded.length;
  await action();
  return recorded.slice(from);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'apiscout-one-request-'));
  project = join(work, 'clinic');
  userDir = join(work, 'user');
  const file = join(project, 'src/main/java/org/example/visits/VisitController.java');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, CONTROLLER);
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c));
    req.on('end', () => {
      recorded.push({ method: req.method!, url: req.url!, headers: kept(req.headers), body });
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = new SidecarClient(['serve', '--stdio', '--no-ui'], { ...process.env, APISCOUT_CONFIG_DIR: userDir, http_proxy: '', HTTP_PROXY: '' });
  await client.request('project/open', { root: project });
  await client.request('project/wait', { project });
  await client.request('env/save', { project, environment: { name: 'loop', variables: [{ key: 'host', value: host }] } });
  const { results } = await client.request('endpoints/search', { project, query: 'POST /owners/{ownerId}/visits', limit: 1 });
  id = results[0]!.endpoint.id;
}, 120_000);

afterAll(async () => {
  await client?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('one request for call, Send, Copy as cURL and the export', () => {
  it('from source: the declared default is sent, the optional parameter without one is not', async () => {
    const [viaCall] = await during(async () => {
      const r = await cli(['call', 'POST /owners/{ownerId}/visits', project, '--env', 'loop']);
      expect(r.code, r.stderr).toBe(0);
    });
    const [viaSend] = await during(() => client.request('call/send', { project, id, callId: 'from-source', environment: 'loop' }));
    await client.request('request/reset', { project, id });
    const [viaExport] = await during(async () => {
      const r = await cli(['export', '--format', 'curl', '--select', 'POST /owners/{ownerId}/visits', '--env', 'loop', '--resolve', '--no-comments', project]);
      expect(r.code, r.stderr).toBe(0);
      expect(await sh(`${r.stdout}`.replace('#!/bin/sh', '').trim() + ' -s -o /dev/null')).toBe(0);
    });
    await client.request('settings/set', { scope: 'project', project, values: { 'curl.renderMode': 'resolve', 'curl.copySource': 'source' } });
    const copied = await client.request('copy/text', { project, ids: [id], what: 'curl', environment: 'loop' });
    const [viaCopy] = await during(async () => expect(await sh(`${copied.text} -s -o /dev/null`)).toBe(0));

    expect(viaCall).toBeDefined();
    expect(viaCall!.url).toBe('/owners/ownerId-1/visits?kind=kind&size=20');
    expect(viaSend).toEqual(viaCall);
    expect(viaExport).toEqual(viaCall);
    expect(viaCopy).toEqual(viaCall);
  });

  it('with one set of edits: call flags, the draft Send sends and Copy as cURL of the saved edits agree', async () => {
    const body = '{"date":"2026-01-02","description":"checkup"}';
    const [viaCall] = await during(async () => {
      const r = await cli(['call', 'POST /owners/{ownerId}/visits', project, '--env', 'loop', '--param', 'ownerId=7', '--param', 'kind=vaccine', '--param', 'note=first visit', '--header', 'X-Clinic: north', '--body', body]);
      expect(r.code, r.stderr).toBe(0);
    });

    await client.request('request/reset', { project, id });
    const draft = (await client.request('request/get', { project, id })).draft as HttpRequestDraft;
    draft.host = '{{host}}';
    draft.pathParams.find((p) => p.name === 'ownerId')!.value = '7';
    draft.query.find((q) => q.name === 'kind')!.value = 'vaccine';
    Object.assign(draft.query.find((q) => q.name === 'note')!, { value: 'first visit', enabled: true });
    draft.headers.find((h) => h.name === 'X-Clinic')!.value = 'north';
    draft.body = body;
    const [viaSend] = await during(() => client.request('call/send', { project, id, callId: 'edited', draft, environment: 'loop' }));

    await client.request('settings/set', { scope: 'project', project, values: { 'curl.renderMode': 'resolve', 'curl.copySource': 'edited' } });
    const copied = await client.request('copy/text', { project, ids: [id], what: 'curl', environment: 'loop' });
    const [viaCopy] = await during(async () => expect(await sh(`${copied.text} -s -o /dev/null`)).toBe(0));

    expect(viaCall).toEqual({
      method: 'POST',
      url: '/owners/7/visits?kind=vaccine&note=first%20visit&size=20',
      headers: { 'content-type': 'application/json', 'x-clinic': 'north' },
      body,
    });
    expect(viaSend).toEqual(viaCall);
    expect(viaCopy).toEqual(viaCall);
  });
});

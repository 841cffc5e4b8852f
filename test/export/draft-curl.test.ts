// Copy as cURL of saved edits (draftCurlCommand): sh runs each command against a loopback server,
// and what arrives is what the caller (prepareRequest) sends for the same draft: method, URL,
// headers and body bytes, whatever characters the edits hold; and pre-request scripts' changes.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRequest } from '../../core/call/request-builder';
import { variableLookup } from '../../core/env/placeholders';
import { draftCurlCommand, scriptedRequestOfDraft } from '../../core/export/curl';
import type { CurlOptions } from '../../core/export/types';
import type { Environment } from '../../core/model/environment';
import type { HttpRequestDraft } from '../../core/model/request-state';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let server: Server;
let host: string;
let dir: string;
const seen: Seen[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apiscout-draft-curl-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function viaSh(command: string): Promise<Seen> {
  seen.length = 0;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn('sh', ['-c', `${command} -s -o /dev/null`], { cwd: dir, stdio: 'ignore' });
    child.on('close', resolve);
  });
  expect(code).toBe(0);
  expect(seen).toHaveLength(1);
  return seen[0]!;
}

/** Node reads header bytes as latin1; curl sent them as UTF-8. */
function utf8Header(seen: Seen, name: string): string | undefined {
  const v = seen.headers[name.toLowerCase()];
  return typeof v === 'string' ? Buffer.from(v, 'latin1').toString('utf8') : undefined;
}

const HOSTILE = `it's "quoted" $HOME \`id\` \\ ; & | ünï 😀`;
/** What a header value can carry (Latin-1: the caller refuses the rest, naming the header). */
const HOSTILE_HEADER = `it's "quoted" $HOME \`id\` \\ ; & | ünï`;

function env(): Environment {
  return { name: 'loop', variables: [{ key: 'host', value: host }, { key: 'user', value: HOSTILE }, { key: 'who', value: HOSTILE_HEADER }, { key: 'id', value: '7' }] };
}

function draft(over: Partial<HttpRequestDraft>): HttpRequestDraft {
  return { method: 'POST', host: '{{host}}', path: '/api/{id}/items', pathParams: [{ name: 'id', value: 'a b/c' }], query: [], cookies: [], headers: [], form: [], bodyMode: 'none', body: '', ...over };
}

const DRAFTS: [string, HttpRequestDraft][] = [
  ['JSON body with placeholders inside strings and as a number', draft({ bodyMode: 'json', body: '{\n  "user": "{{user}}",\n  "id": {{id}},\n  "note": "{{missing}}"\n}', headers: [{ name: 'X-Who', value: '{{who}}' }] })],
  ['query rows, cookies, disabled rows left out', draft({ method: 'GET', query: [{ name: 'q', value: HOSTILE }, { name: 'off', value: '1', enabled: false }, { name: 'tag', value: 'x&y=z' }], cookies: [{ name: 'sid', value: 'abc' }], headers: [{ name: 'X-Off', value: 'no', enabled: false }] })],
  ['text body with its own content type', draft({ method: 'PUT', bodyMode: 'text', body: `line 1\n${HOSTILE}\n@not-a-file`, contentType: 'text/csv' })],
  ['url-encoded form', draft({ bodyMode: 'urlencoded', form: [{ name: 'name', value: HOSTILE }, { name: 'plus', value: 'a+b c' }] })],
];

describe('Copy as cURL of saved edits', () => {
  for (const render of ['resolve', 'keep'] as const) {
    for (const [label, d] of DRAFTS) {
      it(`sends what the caller sends (${label}, ${render})`, async () => {
        const curl: CurlOptions = { render, multiline: true, longFlags: render === 'keep' };
        const environment = env();
        const { text, warnings } = draftCurlCommand(d, { environment, curl });
        if (render === 'resolve' && d.body.includes('{{missing}}')) expect(warnings).toEqual(["no value for placeholder 'missing' in the environment or the config: left as written"]);
        // Keep mode: the placeholders are the shell's to fill, as a user would before running it.
        const command = render === 'keep' ? text.replaceAll('{{host}}', host).replaceAll('{{user}}', 'kept').replaceAll('{{who}}', 'kept').replaceAll('{{id}}', '7') : text;
        const got = await viaSh(command);
        const lookup = render === 'keep' ? variableLookup({ environment: { name: 'k', variables: [{ key: 'host', value: host }, { key: 'user', value: 'kept' }, { key: 'who', value: 'kept' }, { key: 'id', value: '7' }] } }) : variableLookup({ environment });
        const want = await prepareRequest(d, { lookup });
        expect(got.method).toBe(want.method);
        // Both encode what URLs must; they may differ on what they need not (`'` as %27): compare decoded.
        const [gotUrl, wantUrl] = [new URL(`${host}${got.url}`), new URL(want.url)];
        expect(decodeURIComponent(gotUrl.pathname)).toBe(decodeURIComponent(wantUrl.pathname));
        expect([...gotUrl.searchParams]).toEqual([...wantUrl.searchParams]);
        for (const [name, value] of want.headers) {
          // curl's --data-urlencode names the form type without a charset; the media type is the same.
          const expected = name.toLowerCase() === 'content-type' ? value.replace(/;charset=UTF-8$/, '') : value;
          expect(utf8Header(got, name), name).toBe(expected);
        }
        const wantBody = Buffer.from(want.body ?? new Uint8Array()).toString('utf8');
        if (d.bodyMode === 'urlencoded') expect([...new URLSearchParams(got.body.toString('utf8'))]).toEqual([...new URLSearchParams(wantBody)]);
        else expect(got.body.toString('utf8')).toBe(wantBody);
      });
    }
  }

  it('sends multipart parts, a file part read by curl', async () => {
    writeFileSync(join(dir, 'report.csv'), 'a,b\n1,2\n');
    const d = draft({ bodyMode: 'multipart', form: [{ name: 'title', value: '@literal <not a file>' }, { name: 'file', value: 'report.csv', file: true }] });
    const got = await viaSh(draftCurlCommand(d, { environment: env(), curl: { render: 'resolve' } }).text);
    expect(got.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const body = got.body.toString('utf8');
    expect(body).toContain('name="title"\r\n\r\n@literal <not a file>\r\n');
    expect(body).toMatch(/name="file"; filename="report.csv"\r\nContent-Type: [^\r]+\r\n\r\na,b\n1,2\n\r\n/);
  });

  it('sends a File body\'s exact bytes with --data-binary, as the caller does, and keeps it when scripts leave the body alone', async () => {
    const bytes = Buffer.from([0x00, 0x0d, 0x0a, 0xff, 0x41, 0x0d, 0x0a, 0x0a, 0x00, 0xfe]);
    writeFileSync(join(dir, 'my photo.png'), bytes);
    const d = draft({ method: 'PUT', bodyMode: 'file', bodyFile: 'my photo.png', contentType: 'image/png' });
    const { text } = draftCurlCommand(d, { environment: env(), curl: { render: 'resolve' } });
    expect(text).toContain(`--data-binary '@my photo.png'`);
    const got = await viaSh(text);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.body.equals(bytes)).toBe(true);
    const want = await prepareRequest(d, { baseDir: dir, lookup: variableLookup({ environment: env() }) });
    expect(Buffer.from(want.body!).equals(got.body)).toBe(true);
    // Scripts see no text of a binary body (null): the file stays the body.
    const options = { environment: env(), curl: { render: 'resolve' as const } };
    const start = scriptedRequestOfDraft(d, options);
    expect(start.body).toBeNull();
    expect(draftCurlCommand(d, options, start).text).toBe(text);
    // No file chosen yet: the export's placeholder name, as Copy as cURL from source writes it.
    expect(draftCurlCommand({ ...d, bodyFile: '' }, options).text).toContain('--data-binary @body.bin');
  });

  it('makes a relative file path absolute against the project folder Send reads it from, so the command runs from any folder', async () => {
    writeFileSync(join(dir, 'blob.bin'), Buffer.from([0xff, 0x00, 0x0d, 0x0a]));
    writeFileSync(join(dir, 'part.txt'), 'part\r\n');
    const options = { environment: env(), curl: { render: 'resolve' as const }, projectDir: dir };
    const body = draftCurlCommand(draft({ bodyMode: 'file', bodyFile: 'blob.bin' }), options).text;
    expect(body).toContain(`--data-binary @${join(dir, 'blob.bin')}`);
    const part = draftCurlCommand(draft({ bodyMode: 'multipart', form: [{ name: 'f', value: 'part.txt', file: true }] }), options).text;
    expect(part).toContain(`-F f=@${join(dir, 'part.txt')}`);
    // An absolute path, and one with a placeholder kept for its user, stay as written.
    expect(draftCurlCommand(draft({ bodyMode: 'file', bodyFile: '/srv/x.png' }), options).text).toContain('--data-binary @/srv/x.png');
    expect(draftCurlCommand(draft({ bodyMode: 'file', bodyFile: '{{uploads}}/x.png' }), { ...options, curl: { render: 'keep' as const } }).text).toContain("--data-binary '@{{uploads}}/x.png'");
    const got = await viaSh(`cd / && ${body}`);
    expect(got.body.equals(Buffer.from([0xff, 0x00, 0x0d, 0x0a]))).toBe(true);
  });

  it('renders what the pre-request scripts made of the draft', async () => {
    const d = DRAFTS[0]![1];
    const options = { environment: env(), curl: { render: 'resolve' as const, prettyJson: false } };
    const start = scriptedRequestOfDraft(d, options);
    expect(start.body).toBe(JSON.stringify({ user: HOSTILE, id: 7, note: '{{missing}}' }));
    const scripted = { ...start, method: 'PATCH', headers: [...start.headers, { name: 'X-Script', value: 'yes' }], body: '{"changed":true}' };
    const got = await viaSh(draftCurlCommand(d, options, scripted).text);
    expect(got.method).toBe('PATCH');
    expect(got.headers['x-script']).toBe('yes');
    expect(utf8Header(got, 'x-who')).toBe(HOSTILE_HEADER);
    expect(got.body.toString()).toBe('{"changed":true}');
    // An untouched body keeps the draft's own flags.
    const same = draftCurlCommand(d, options, start).text;
    expect(same).toBe(draftCurlCommand(d, options).text);
  });
});

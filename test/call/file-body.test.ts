// A raw-bytes request body (`@RequestBody byte[]`, an InputStream, an image upload) sent from a
// file: the request editor starts in the File mode with the endpoint's content type, and the
// caller sends the file's bytes exactly (NUL, CR LF, 0xFF) to a real server on 127.0.0.1. A
// missing file is an error naming its path, and nothing is sent. Before, such a draft was an
// empty text body: Send sent no bytes at all.

import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDraft, prepareRequest } from '../../core/call/request-builder';
import { callHttp } from '../../core/call/http';
import { FileNotAllowed } from '../../core/call/file-access';
import { InputError } from '../../core/errors';
import { createEndpoint } from '../../core/model/endpoint';
import { httpServer } from './servers';
import type { Running } from './servers';

/** Every byte value, and the ones a text path would change: NUL, CR LF, a lone CR, 0xFF. */
const BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x0d, 0xfe]), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);

const avatar = createEndpoint({
  protocol: 'http',
  framework: 'spring-mvc',
  method: 'PUT',
  path: '/edge/avatar',
  name: 'avatar',
  description: '',
  folder: 'edge',
  className: 'com.example.Edge',
  module: 'app',
  source: { file: 'Edge.java', line: 1, column: 1, member: 'avatar' },
  signature: [],
  request: { consumes: ['image/png'], params: [], body: { contentType: 'image/png', schema: { type: 'string', format: 'binary' }, example: undefined, description: '', required: true } },
});

let server: Running;
const received: Array<{ method: string; contentType: string | undefined; body: Buffer }> = [];
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'apiscout-file-body-'));
  writeFileSync(join(dir, 'avatar.png'), BYTES);
  server = await httpServer((req, res, body) => {
    received.push({ method: req.method!, contentType: req.headers['content-type'], body });
    res.end('ok');
  });
});

afterAll(async () => {
  await server?.close();
});

describe('a raw-bytes body sent from a file', () => {
  it('starts in the File mode with the endpoint\'s content type and no file yet', () => {
    expect(defaultDraft(avatar, { host: server.url })).toMatchObject({ bodyMode: 'file', contentType: 'image/png', bodyFile: '', body: '' });
  });

  it('sends the file\'s exact bytes with the endpoint\'s content type, a relative path read from the base folder', async () => {
    const draft = { ...defaultDraft(avatar, { host: server.url }), bodyFile: 'avatar.png' };
    const prepared = await prepareRequest(draft, { baseDir: dir });
    const result = await callHttp(prepared, { env: {} });
    expect(result.response.status).toBe(200);
    expect(received.at(-1)!.method).toBe('PUT');
    expect(received.at(-1)!.contentType).toBe('image/png');
    expect(received.at(-1)!.body.equals(BYTES)).toBe(true);
    expect(result.request.bodySize).toBe(BYTES.length);
  });

  it('takes a placeholder in the path and a Content-Type header over the draft\'s', async () => {
    const draft = { ...defaultDraft(avatar, { host: server.url }), bodyFile: '{{uploads}}/avatar.png', headers: [{ name: 'Content-Type', value: 'application/octet-stream' }] };
    await callHttp(await prepareRequest(draft, { lookup: (n) => (n === 'uploads' ? dir : undefined) }), { env: {} });
    expect(received.at(-1)!.contentType).toBe('application/octet-stream');
    expect(received.at(-1)!.body.equals(BYTES)).toBe(true);
  });

  it('names a missing or unreadable file by its path, and sends nothing', async () => {
    const before = received.length;
    const draft = defaultDraft(avatar, { host: server.url });
    await expect(prepareRequest(draft, { baseDir: dir })).rejects.toThrow(/^the body has no file: give the path of the file whose bytes to send$/);
    const missing = join(dir, 'no-such.png');
    const error = await prepareRequest({ ...draft, bodyFile: 'no-such.png' }, { baseDir: dir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(`cannot read the body file: ${missing} (ENOENT)`);
    // A folder is no file either ("EISDIR" named).
    await expect(prepareRequest({ ...draft, bodyFile: '.' }, { baseDir: dir })).rejects.toThrow(`cannot read the body file: ${dir} (EISDIR)`);
    expect(received.length).toBe(before);
  });
});

describe('a file from outside the project folder', () => {
  // A saved request (requests.json, shared in a repository) can name any file: only those inside
  // the project go out unasked. Before, Send uploaded ~/.ssh/id_rsa as readily as avatar.png.
  it('is refused, naming the file and where a link leads, unless allowed by either path; nothing is read', async () => {
    const root = join(dir, 'project');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'inside.png'), BYTES);
    symlinkSync(join(dir, 'avatar.png'), join(root, 'leads-out.png'));
    symlinkSync(join(root, 'inside.png'), join(root, 'stays-in.png'));
    const files = { root };
    const draft = (bodyFile: string) => ({ ...defaultDraft(avatar, { host: server.url }), bodyFile });
    const outside = join(dir, 'avatar.png');
    for (const [given, named] of [['../avatar.png', outside], [outside, outside], ['leads-out.png', join(root, 'leads-out.png')]] as const) {
      const error = await prepareRequest(draft(given), { baseDir: root, files }).catch((e: unknown) => e);
      expect(error, given).toBeInstanceOf(FileNotAllowed);
      expect(error).toBeInstanceOf(InputError);
      expect(error).toMatchObject({ path: named, target: outside, root });
      expect((error as Error).message).toBe(`the body file ${named}${named === outside ? '' : ` (a link to ${outside})`} is outside the project folder ${root}`);
      for (const allowed of [[outside], [named]]) expect((await prepareRequest(draft(given), { baseDir: root, files: { root, allowed } })).body).toEqual(BYTES);
    }
    // A name starting with two dots is still a file of the project, not a way out of it.
    writeFileSync(join(root, '..avatar.png'), BYTES);
    for (const inside of ['inside.png', 'stays-in.png', join(root, 'inside.png'), '..avatar.png']) expect((await prepareRequest(draft(inside), { baseDir: root, files })).body, inside).toEqual(BYTES);
    // A file part, by the same rule.
    const form = { ...draft(''), bodyMode: 'multipart' as const, form: [{ name: 'avatar', value: '../avatar.png', file: true }] };
    await expect(prepareRequest(form, { baseDir: root, files })).rejects.toThrow(`the file of form part 'avatar' ${outside} is outside the project folder ${root}`);
  });
});

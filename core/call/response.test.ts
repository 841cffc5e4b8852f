import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyKind, displayText, prettyJson, sniff } from './response';
import type { HttpResponse } from './response';
import { ResponseBody } from './response-body';

function response(body: ResponseBody, contentType?: string): HttpResponse {
  return { status: 200, statusText: 'OK', headers: [], contentType, kind: 'text', size: body.size, body, timings: { startedAt: '', headersMs: 0, totalMs: 0 } };
}

describe('bodyKind', () => {
  it('trusts known declared types', () => {
    for (const t of ['application/json; charset=utf-8', 'text/html', 'application/problem+json', 'application/vnd.api+json', 'application/xml', 'image/svg+xml', 'application/x-ndjson']) {
      expect(bodyKind(t, new Uint8Array([0, 1, 2])), t).toBe('text');
    }
    for (const t of ['image/png', 'application/pdf', 'application/zip', 'application/octet-stream', 'font/woff2', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) {
      expect(bodyKind(t, Buffer.from('looks like text')), t).toBe('binary');
    }
  });

  it('sniffs missing, generic and unknown types', () => {
    expect(bodyKind(undefined, Buffer.from('{"a":1}'))).toBe('text');
    expect(bodyKind('application/vnd.acme.report', Buffer.from('name,total\n'))).toBe('text');
    expect(bodyKind(undefined, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('binary');
    expect(bodyKind('application/unknown', Buffer.from([0x41, 0x00, 0x42]))).toBe('binary');
  });

  it('accepts UTF-8 cut in the middle of a character and rejects invalid sequences', () => {
    const euro = Buffer.from('price: 5€');
    expect(sniff(euro.subarray(0, euro.length - 1))).toBe('text');
    expect(sniff(Buffer.from([0x61, 0xc3, 0x28, 0x61, 0x62]))).toBe('binary');
    expect(sniff(new Uint8Array())).toBe('text');
  });
});

describe('prettyJson', () => {
  it('re-indents without changing numbers or escapes', () => {
    expect(prettyJson('{"id":12345678901234567890,"s":"a\\"b\\u00e9","e":{},"l":[],"n":[1,2.50,{"x":null}]}')).toBe(
      '{\n  "id": 12345678901234567890,\n  "s": "a\\"b\\u00e9",\n  "e": {},\n  "l": [],\n  "n": [\n    1,\n    2.50,\n    {\n      "x": null\n    }\n  ]\n}',
    );
  });

  it('matches JSON.stringify indentation on a varied document', () => {
    const doc = { s: 'tail backslash \\', q: 'quote " and \\" mix', u: 'é 😀 中文', n: [0, -1.5e-7, true, false, null], e: { a: [], b: {}, c: [[]] }, deep: [{ x: [{ y: 'z' }] }] };
    const compact = JSON.stringify(doc);
    expect(prettyJson(compact)).toBe(JSON.stringify(doc, null, 2));
    expect(prettyJson(`\uFEFF  ${JSON.stringify(doc, null, 4)}\n`)).toBe(JSON.stringify(doc, null, 2));
    expect(prettyJson('"just a string"')).toBe('"just a string"');
    expect(prettyJson(' 42 ')).toBe('42');
  });

  it('is undefined for text that is not JSON', () => {
    expect(prettyJson('<html/>')).toBeUndefined();
    expect(prettyJson('{"a":')).toBeUndefined();
  });
});

describe('ResponseBody', () => {
  it('spills past the memory limit to a private temp file, and sweeps day-old leftovers of killed processes', async () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'apiscout-spill-'));
    const old = join(tempDir, 'apiscout-body-old');
    const recent = join(tempDir, 'apiscout-body-recent');
    mkdirSync(old);
    mkdirSync(recent);
    writeFileSync(join(old, 'body'), 'left by a killed process');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    utimesSync(old, dayAgo, dayAgo);
    const body = await ResponseBody.receive(Readable.from([Buffer.alloc(300, 1), Buffer.alloc(300, 2)]), 100, tempDir);
    expect(body.inMemory).toBe(false);
    expect(body.size).toBe(600);
    expect(body.file!.startsWith(join(tempDir, 'apiscout-body-'))).toBe(true);
    if (process.platform !== 'win32') expect(statSync(body.file!).mode & 0o077).toBe(0);
    expect(existsSync(old)).toBe(false);
    expect(existsSync(recent)).toBe(true);
    const bytes = await body.bytes();
    expect([bytes[0], bytes[299], bytes[300], bytes[599]]).toEqual([1, 1, 2, 2]);
    await body.dispose();
    expect(existsSync(body.file!)).toBe(false);
  });

  it('removes a half-written temp file when the stream fails', async () => {
    const tempDir = mkdtempSync(join(tmpdir(), 'apiscout-spill-'));
    async function* failing() {
      yield Buffer.alloc(500);
      throw new Error('connection reset');
    }
    await expect(ResponseBody.receive(failing(), 100, tempDir)).rejects.toThrow('connection reset');
    expect(readdirSync(tempDir)).toEqual([]);
  });
});

describe('displayText', () => {
  it('reads only the head of a large spilled body', async () => {
    const body = await ResponseBody.receive(Readable.from([Buffer.from('a'.repeat(600)), Buffer.from('b'.repeat(600))]), 100);
    expect(body.inMemory).toBe(false);
    const shown = await displayText(response(body, 'text/plain'), { limit: 50 });
    expect(shown.text).toBe(`${'a'.repeat(50)}\n\n[… truncated for display: showing the first 50 characters of a 1,200-byte body. Save or copy the body for all of it.]`);
    await body.dispose();
  });

  it('decodes the declared charset', async () => {
    const body = ResponseBody.fromBytes(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect((await displayText(response(body, 'text/plain; charset=ISO-8859-1'))).text).toBe('café');
  });

  it('shows a JSON body raw unless pretty is asked for', async () => {
    const body = ResponseBody.fromBytes(Buffer.from('{"a":[1]}'));
    expect((await displayText(response(body, 'application/json'))).text).toBe('{"a":[1]}');
    expect(await displayText(response(body, 'application/json'), { pretty: true })).toEqual({ text: '{\n  "a": [\n    1\n  ]\n}', truncated: false, pretty: true });
  });
});

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

  it('is undefined for text that is not JSON', () => {
    expect(prettyJson('<html/>')).toBeUndefined();
    expect(prettyJson('{"a":')).toBeUndefined();
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

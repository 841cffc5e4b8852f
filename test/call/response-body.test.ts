// Response bodies from real servers: binary kinds are never decoded, a long text is cut for
// display but kept whole, and a 1 GB body streams to disk with memory staying bounded.

import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHttp } from '../../core/call/http';
import { prepareRequest } from '../../core/call/request-builder';
import { DISPLAY_LIMIT, displayText } from '../../core/call/response';
import type { Running } from './servers';
import { httpServer } from './servers';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]), Buffer.from('\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')]);
const ZIP = storedZip('hello.txt', Buffer.from('hello, zip\n'));
/** Bytes that happen to be printable ASCII: the declared type still makes them binary. */
const OCTETS = Buffer.from('just bytes that look like text\n');
const LONG_TEXT = 'é'.repeat(100_000) + 'x'.repeat(499_999) + '\u{1F600}'; // 600,001 UTF-16 units, a surrogate pair at the end
const GIB = 1024 * 1024 * 1024;

/** A real ZIP archive with one stored (uncompressed) entry. */
function storedZip(name: string, data: Buffer): Buffer {
  const n = Buffer.from(name);
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(n.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(local.length + n.length + data.length, 16);
  return Buffer.concat([local, n, data, central, n, end]);
}

/** The byte at `offset` of the generated 1 GiB body. */
const patternAt = (offset: number) => (offset * 31 + (offset >>> 20)) & 0xff;

let server: Running;
beforeAll(async () => {
  server = await httpServer(async (req, res) => {
    const send = (type: string | undefined, body: Buffer | string) => {
      if (type) res.setHeader('content-type', type);
      res.end(body);
    };
    switch (req.url) {
      case '/png':
        return send('image/png', PNG);
      case '/png-untyped':
        return send(undefined, PNG);
      case '/pdf':
        return send('application/pdf', PDF);
      case '/zip':
        return send('application/zip', ZIP);
      case '/octets':
        return send('application/octet-stream', OCTETS);
      case '/text-untyped':
        return send(undefined, 'plain words, no type\n');
      case '/long':
        return send('text/plain; charset=utf-8', LONG_TEXT);
      case '/big': {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(GIB) });
        const chunk = Buffer.alloc(1024 * 1024);
        for (let offset = 0; offset < GIB; offset += chunk.length) {
          for (let i = 0; i < chunk.length; i++) chunk[i] = patternAt(offset + i);
          if (!res.write(Buffer.from(chunk))) await new Promise((r) => res.once('drain', r));
        }
        res.end();
        return;
      }
    }
    res.statusCode = 404;
    res.end();
  });
});
afterAll(() => server.close());

async function get(path: string, options: Parameters<typeof callHttp>[1] = {}) {
  const prepared = await prepareRequest({ method: 'GET', host: server.url, path, pathParams: [], query: [], cookies: [], headers: [], form: [], bodyMode: 'none', body: '' });
  return callHttp(prepared, { env: {}, ...options });
}

describe('binary bodies', () => {
  it.each([
    ['/png', PNG, 'image/png'],
    ['/png-untyped', PNG, undefined],
    ['/pdf', PDF, 'application/pdf'],
    ['/zip', ZIP, 'application/zip'],
    ['/octets', OCTETS, 'application/octet-stream'],
  ])('%s is binary: type and size, saved byte for byte, never decoded', async (path, bytes, type) => {
    const { response } = await get(path);
    expect(response.kind).toBe('binary');
    expect(response.contentType).toBe(type);
    expect(response.size).toBe(bytes.length);
    await expect(displayText(response)).rejects.toThrow(/never decoded/);
    const out = join(mkdtempSync(join(tmpdir(), 'apiscout-save-')), 'body');
    expect(await response.body.saveTo(out)).toBe(true);
    expect(readFileSync(out).equals(bytes)).toBe(true);
  });

  it('an untyped text body is text', async () => {
    const { response } = await get('/text-untyped');
    expect(response.kind).toBe('text');
    expect((await displayText(response)).text).toBe('plain words, no type\n');
  });

  it('saveBody reports nothing to save for an empty body', async () => {
    const { response } = await get('/missing');
    expect(response.status).toBe(404);
    expect(await response.body.saveTo(join(tmpdir(), 'never-written'))).toBe(false);
  });
});

describe('a 600,000-character text body', () => {
  it.each([
    ['in memory', undefined],
    ['spilled to a temp file', 64 * 1024],
  ])('is truncated for display with a marker but saved whole (%s)', async (_, bodyMemoryLimit) => {
    const { response } = await get('/long', bodyMemoryLimit ? { bodyMemoryLimit } : {});
    expect(response.body.inMemory).toBe(!bodyMemoryLimit);
    expect(response.kind).toBe('text');
    const shown = await displayText(response);
    expect(shown.truncated).toBe(true);
    const [head, marker] = shown.text.split('\n\n[… truncated for display');
    expect(head).toBe(LONG_TEXT.slice(0, DISPLAY_LIMIT));
    expect(marker).toMatch(/showing the first 500,000 characters of 600,001 characters\. Save or copy the body for all of it\.\]$/);
    const out = join(mkdtempSync(join(tmpdir(), 'apiscout-save-')), 'long.txt');
    await response.body.saveTo(out);
    expect(readFileSync(out, 'utf8')).toBe(LONG_TEXT);
    await response.body.dispose();
  });
});

describe('a 1 GB body', () => {
  it('streams to a temp file of the right size while memory stays bounded', async () => {
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let file: string | undefined;
    try {
      const { response } = await get('/big', { timeoutMs: 0 });
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(response.kind).toBe('binary');
      expect(response.size).toBe(GIB);
      expect(response.body.inMemory).toBe(false);
      file = response.body.file!;
      expect(statSync(file).size).toBe(GIB);
      const h = await open(file, 'r');
      try {
        for (const offset of [0, 12_345, 512 * 1024 * 1024 + 7, GIB - 1]) {
          const b = Buffer.alloc(1);
          await h.read(b, 0, 1, offset);
          expect(b[0]).toBe(patternAt(offset));
        }
      } finally {
        await h.close();
      }
      await response.body.dispose();
      expect(existsSync(file)).toBe(false);
    } finally {
      clearInterval(sampler);
    }
    // The server side of this test lives in the same process; both together grow it by far less
    // than the body. Only the growth is measured: test files share their worker process, so the
    // baseline holds whatever the files before this one left on the heap.
    expect(peak - baseline).toBeLessThan(256 * 1024 * 1024);
  }, 180_000);
});

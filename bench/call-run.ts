// The parts of the call benchmark that run as separate processes (bundled by bench/call.mjs):
//   server            a loopback server: GET /small (64 bytes of JSON), GET /big?bytes=N (generated)
//   overhead URL      small GETs on request (`fresh`, `kept` or `bare` undici); prints each one's milliseconds
//   download URL      one download of /big through the caller; prints size, where it went, time

import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import type { AddressInfo } from 'node:net';
import { callHttp, HttpCaller } from '../core/call/http';
import { prepareRequest } from '../core/call/request-builder';
import type { HttpRequestDraft } from '../core/model/request-state';

const [mode, ...rest] = process.argv.slice(2);

const draft = (host: string, path: string): HttpRequestDraft => ({ method: 'GET', host, path, pathParams: [], query: [], cookies: [], headers: [], form: [], bodyMode: 'none', body: '' });

if (mode === 'server') {
  const small = Buffer.from(JSON.stringify({ id: 42, name: 'widget', tags: ['a', 'b'], price: 9.99, ok: true }).padEnd(64));
  const server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/small') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': small.length });
      res.end(small);
      return;
    }
    const total = Number(url.searchParams.get('bytes') ?? 1024 ** 3);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': total });
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    for (let sent = 0; sent < total; sent += chunk.length) {
      if (!res.write(chunk.subarray(0, Math.min(chunk.length, total - sent)))) await new Promise((r) => res.once('drain', r));
    }
    res.end();
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${(server.address() as AddressInfo).port}\n`));
  process.stdin.on('end', () => process.exit(0)).resume(); // ends with the benchmark
} else if (mode === 'overhead') {
  // Driven line by line from stdin (`fresh` or `kept`), so the benchmark can interleave these
  // requests with curl's and machine-load drift hits both alike. Answers each with milliseconds.
  const [host] = rest as [string];
  const prepared = await prepareRequest(draft(host, '/small'));
  for (let i = 0; i < 30; i++) await callHttp(prepared, { env: {} }); // warm-up: JIT, undici's parser
  const caller = new HttpCaller({ env: {} });
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const t = performance.now();
    if (line === 'bare') {
      // The floor: undici alone, a new agent (so a new connection) per request.
      const agent = new Agent();
      const res = await request(`${host}/small`, { dispatcher: agent });
      await res.body.arrayBuffer();
      await agent.close();
    } else {
      const { response } = line === 'kept' ? await caller.send(prepared) : await callHttp(prepared, { env: {} });
      await response.body.bytes();
    }
    process.stdout.write(`${performance.now() - t}\n`);
  }
  await caller.close();
} else if (mode === 'download') {
  const [host, bytes] = rest as [string, string];
  const prepared = await prepareRequest(draft(host, `/big?bytes=${bytes}`));
  const t = performance.now();
  const { response } = await callHttp(prepared, { env: {}, timeoutMs: 0 });
  const millis = performance.now() - t;
  process.stdout.write(`${JSON.stringify({ size: response.size, inMemory: response.body.inMemory, millis })}\n`);
  await response.body.dispose();
}

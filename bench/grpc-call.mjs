#!/usr/bin/env node
// gRPC call benchmark: `node bench/grpc-call.mjs [--runs 2000] [--stream 100000]`
// 1. Unary overhead on loopback: apiscout's caller against a bare @grpc/grpc-js stub, medians of
//    --runs calls each, interleaved, warm channels.
// 2. Streaming throughput: --stream messages through a server stream, a client stream and a
//    bidirectional stream (messages per second, payload MB per second).
// The server runs in a process of its own so the client does not compete with it for the thread.

import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
mkdirSync(path.join(here, 'out'), { recursive: true });
const bundle = path.join(here, 'out', 'grpc-call-run.mjs');
// Inside the repo (bench/out is ignored by git) so the packages resolve from its node_modules;
// the fixture path is taken from the source tree, not the bundle's folder.
buildSync({
  entryPoints: [path.join(here, 'grpc-call-run.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: bundle,
  packages: 'external',
  logLevel: 'error',
  define: { 'import.meta.url': JSON.stringify(`file://${path.join(here, '..', 'test', 'call', 'grpc-server.ts')}`) },
});

const server = spawn(process.execPath, [bundle, 'server'], { stdio: ['pipe', 'pipe', 'inherit'] });
const port = await new Promise((resolve) => server.stdout.once('data', (d) => resolve(Number(String(d).trim()))));
try {
  const client = spawn(process.execPath, [bundle, 'client', `127.0.0.1:${port}`, arg('runs', '2000'), arg('stream', '100000')], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  client.stdout.on('data', (d) => (out += d));
  const code = await new Promise((resolve) => client.on('close', resolve));
  if (code !== 0) throw new Error(`the client exited ${code}`);
  const report = JSON.parse(out);
  report.machine = { node: process.version, cpus: (await import('node:os')).cpus().length };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  server.stdin.end();
}

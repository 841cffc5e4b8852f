// The export measurements (run by export.bench.ts as a bundle in a plain `node`): 10,000
// endpoints with full request and response models, exported to every channel.

import { createEndpoint, type Endpoint } from '../core/model/endpoint';
import { CHANNELS, EXPORTERS, type ExportOptions } from '../core/export/index';
import { readFileSync } from 'node:fs';

const count = Number(process.argv[2] ?? 10_000);
const rounds = Number(process.argv[3] ?? 5);
const shopFile = process.argv[4]!;

// The shop's 30 endpoints as the scanner models them, repeated over modules and classes with
// distinct paths and ids: realistic schemas (nested DTOs, enums, generics) at scale.
const shop = (JSON.parse(readFileSync(shopFile, 'utf8')) as { endpoints: Endpoint[] }).endpoints;
const endpoints: Endpoint[] = [];
for (let i = 0; endpoints.length < count; i++) {
  const e = shop[i % shop.length]!;
  const copy = Math.floor(i / shop.length);
  const module = `module${copy % 40}`;
  const className = `${e.className}${copy}`;
  endpoints.push(
    createEndpoint({
      ...e,
      module,
      className,
      folder: `${e.folder} ${copy}`,
      path: `/v${copy}${e.path}`,
      signature: [String(copy)],
    }),
  );
}

const options: ExportOptions = { title: 'Bench', environment: { name: 'bench', variables: [{ key: 'host', value: 'http://localhost:8080' }] } };
// CPU time next to wall time: on a shared machine the wall clock also counts other processes.
const rows: { channel: string; medianMs: number; minMs: number; cpuMs: number; bytes: number }[] = [];
const only = process.env.ONLY?.split(",");
for (const channel of CHANNELS.filter((c) => !only || only.includes(c))) {
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const result = EXPORTERS[channel](endpoints, options);
    const c1 = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c1.user + c1.system) / 1000);
    bytes = result.files.reduce((n, f) => n + Buffer.byteLength(f.content), 0);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  rows.push({ channel, medianMs: Math.round(times[Math.floor(times.length / 2)]!), minMs: Math.round(times[0]!), cpuMs: Math.round(cpu[Math.floor(cpu.length / 2)]!), bytes });
}
console.log(`export of ${endpoints.length} endpoints, ${rounds} rounds each: wall median / best, CPU median (all threads, GC included), output size`);
for (const r of rows) {
  console.log(`  ${r.channel.padEnd(12)} ${String(r.medianMs).padStart(6)} ms  ${String(r.minMs).padStart(6)} ms  ${String(r.cpuMs).padStart(6)} ms CPU  ${(r.bytes / 1e6).toFixed(1).padStart(6)} MB`);
}

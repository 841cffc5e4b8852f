import { scanProject } from './core/scan/scan';
const dir = process.argv[2]!;
const r = await scanProject(dir, { actuator: process.argv.includes('--actuator') });
const which = process.argv[3];
for (const e of r.endpoints) if (!which || e.source.member === which) console.log(JSON.stringify({ address: e.address, member: e.source.member, streaming: e.streaming, grpc: e.grpc, request: e.request, response: e.response }, null, 1));
console.log(JSON.stringify(r.diagnostics, null, 1));

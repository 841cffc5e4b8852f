// "Auto Detect" for the gRPC runtime (spec §2.6): which descriptors calls would use in this project.
// It reads the project's protos with the discovery loader, resolves every service they declare, and
// reports the include roots found, each import that resolved nowhere with the file that wants it,
// descriptor-set files lying in the tree, and the `grpc.runtime` entries it proposes.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { includeRootsOf } from '../../scan/proto/proto-index';
import { isDescriptorSetPath, loadDescriptorSet, protosUnder } from './descriptors';
import { readFileSync } from 'node:fs';

export interface GrpcDetectReport {
  protoFiles: number;
  /** Folders imports are resolved against, relative to the project, with how many protos sit under each. */
  includeRoots: Array<{ path: string; files: number }>;
  /** Imports found nowhere, each with the file that wants it. */
  missing: Array<{ import: string; importedBy: string }>;
  /** Services whose every message type resolved. */
  services: string[];
  /** Services that cannot be called from the protos, with why. */
  unresolved: Array<{ service: string; reason: string }>;
  /** Descriptor sets in the tree (`protoc -o`, `buf build -o`) that parsed. */
  descriptorSets: string[];
  /** What calls will use, in order: `grpc.runtime` as Auto Detect would set it. */
  runtime: string[];
  /** One line per fact, for people. */
  summary: string[];
}

const SKIPPED = new Set(['node_modules', '.git', '.gradle', '.idea', '.apiscout']);

export function detectGrpcRuntime(projectDir: string, configured: readonly string[] = []): GrpcDetectReport {
  const index = protosUnder(projectDir);
  const paths = index.paths();
  const roots = new Map<string, number>();
  const services: string[] = [];
  const unresolved: GrpcDetectReport['unresolved'] = [];
  for (const path of paths) {
    const header = index.header(path);
    if (!header) continue;
    const root = includeRootsOf(path, header.pkg)[0] ?? '';
    roots.set(root, (roots.get(root) ?? 0) + 1);
    for (const name of header.services) {
      const info = index.service(path, name);
      if (!info) continue;
      const bad = info.methods.filter((m) => !m.request || !m.response);
      if (bad.length) unresolved.push({ service: info.fullName, reason: `cannot resolve ${bad.map((m) => (m.request ? m.responseType : m.requestType)).join(', ')}` });
      else services.push(info.fullName);
    }
  }
  const missing: GrpcDetectReport['missing'] = [];
  for (const d of index.diagnostics) {
    const m = /^import "([^"]+)" not found/.exec(d.message);
    if (m && !missing.some((x) => x.import === m[1] && x.importedBy === d.file)) missing.push({ import: m[1]!, importedBy: d.file });
  }
  const descriptorSets = findDescriptorSets(projectDir).filter((f) => {
    try {
      loadDescriptorSet(readFileSync(join(projectDir, f)));
      return true;
    } catch {
      return false;
    }
  });
  const runtime = [...new Set([...configured.filter((p) => existsSync(p)), ...descriptorSets.map((f) => join(projectDir, f))])];
  const summary: string[] = [];
  summary.push(`${paths.length} .proto file${paths.length === 1 ? '' : 's'} under ${roots.size} include root${roots.size === 1 ? '' : 's'}: ${[...roots.keys()].map((r) => r || '.').join(', ') || 'none'}`);
  summary.push(`${services.length} service${services.length === 1 ? '' : 's'} callable from the protos${services.length ? `: ${services.join(', ')}` : ''}`);
  for (const m of missing) summary.push(`missing: import "${m.import}" wanted by ${m.importedBy}`);
  for (const u of unresolved) summary.push(`not callable from the protos: ${u.service} (${u.reason})`);
  if (descriptorSets.length) summary.push(`descriptor sets: ${descriptorSets.join(', ')}`);
  summary.push(`will use: the project's protos${runtime.length ? `, then ${runtime.map((r) => relative(projectDir, r) || r).join(', ')}` : ''}${missing.length || unresolved.length ? '; for the rest name a descriptor set or include root, or allow server reflection' : ''}`);
  return {
    protoFiles: paths.length,
    includeRoots: [...roots].map(([path, files]) => ({ path, files })).sort((a, b) => (a.path < b.path ? -1 : 1)),
    missing,
    services: services.sort(),
    unresolved,
    descriptorSets,
    runtime,
    summary,
  };
}

function findDescriptorSets(dir: string, rel = '', out: string[] = [], depth = 0): string[] {
  if (depth > 12 || out.length > 50) return out;
  let entries;
  try {
    entries = readdirSync(join(dir, rel), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIPPED.has(e.name)) findDescriptorSets(dir, child, out, depth + 1);
    } else if (isDescriptorSetPath(e.name) && /\.(pb|desc|protoset|binpb)$/i.test(e.name) && statSync(join(dir, child)).size < 64 * 1024 * 1024) {
      out.push(child);
    }
  }
  return out;
}

// Where a gRPC call gets the message types it encodes and decodes, in order: the project's own
// .proto files (through the scanner's ProtoIndex, the same parser and include roots discovery
// uses), include-root folders and descriptor-set files the user configured (`grpc.runtime`), and
// finally the server's reflection service when the user allows it. The first source that knows the
// method with both message types resolved wins; every source that does not says why, and those
// reasons become the `grpc-runtime-missing` refusal when none knows it.

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type protobuf from 'protobufjs';
import { descriptorProto, protobufjs } from '../../protobuf';
import { ProtoIndex } from '../../scan/proto/proto-index';
import type { ProtoServiceInfo } from '../../scan/proto/proto-index';
import type { GrpcMethod } from '../../model/endpoint';

export type DescriptorOrigin =
  | { kind: 'protos'; files: string[] }
  | { kind: 'descriptor-set'; file: string }
  | { kind: 'reflection'; version: 'v1' | 'v1alpha' };

/** Everything needed to send one RPC. */
export interface MethodDescriptor {
  /** `package.Service`. */
  service: string;
  method: string;
  /** `/package.Service/Method`: the HTTP/2 path the call goes to. */
  path: string;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
  requestStream: boolean;
  responseStream: boolean;
  origin: DescriptorOrigin;
}

/** The method a caller names: from the endpoint model's `grpc` block. */
export type MethodRef = Pick<GrpcMethod, 'service' | 'method'> & Partial<Pick<GrpcMethod, 'protoFile'>>;

/** Something that can fetch descriptors from a running server (see reflection.ts). */
export interface ReflectionSource {
  /** A root holding the file that declares `symbol` and everything it imports. */
  rootFor(symbol: string): Promise<{ root: protobuf.Root; version: 'v1' | 'v1alpha' }>;
}

export interface DescriptorSources {
  /** The project's protos: the scanner's index, or protosUnder(projectDir) when absent. */
  protos?: ProtoIndex;
  /** The project folder: its protos are read with the include-root folders, so imports between them resolve. */
  projectDir?: string;
  /** `grpc.runtime` entries: folders of .proto files (include roots) and descriptor-set files. */
  runtime?: readonly string[];
  /** Present only when the user allows asking the server. */
  reflection?: ReflectionSource;
}

export type Resolution = { ok: true; descriptor: MethodDescriptor } | { ok: false; missing: string[] };

/** Extensions protoc and buf give descriptor sets (`protoc -o`, `buf build -o`). */
const DESCRIPTOR_SET = /\.(pb|desc|protoset|binpb|bin|dsc)$/i;

export function isDescriptorSetPath(path: string): boolean {
  return DESCRIPTOR_SET.test(path);
}

/** Finds the method in the first source that has it complete. */
export async function resolveMethod(ref: MethodRef, sources: DescriptorSources): Promise<Resolution> {
  const missing: string[] = [];
  const runtime = sources.runtime ?? [];
  const folders = runtime.filter((p) => !isDescriptorSetPath(p));
  const protos = sources.protos ?? (sources.projectDir ? protosUnder(sources.projectDir) : undefined);
  if (protos) {
    const found = fromProtoIndex(ref, protos, missing, 'the project');
    if (found) return { ok: true, descriptor: found };
  }
  if (folders.length) {
    const dirs = [...(sources.projectDir ? [sources.projectDir] : []), ...folders];
    const label = `the protos under ${folders.join(', ')}`;
    try {
      const found = fromProtoIndex(ref, protosUnder(dirs), missing, label);
      if (found) return { ok: true, descriptor: found };
    } catch (e) {
      missing.push(`${label}: ${(e as Error).message}`);
    }
  }
  for (const file of runtime.filter(isDescriptorSetPath)) {
    const found = fromDescriptorSetFile(ref, file, missing);
    if (found) return { ok: true, descriptor: found };
  }
  if (sources.reflection) {
    try {
      const { root, version } = await sources.reflection.rootFor(ref.service);
      const found = fromRoot(ref, root, { kind: 'reflection', version }, missing, 'server reflection');
      if (found) return { ok: true, descriptor: found };
    } catch (e) {
      missing.push(`server reflection: ${(e as Error).message}`);
    }
  } else {
    missing.push('server reflection is not allowed (setting "grpc.reflection", CLI --reflection)');
  }
  return { ok: false, missing };
}

function fromProtoIndex(ref: MethodRef, index: ProtoIndex, missing: string[], label: string): MethodDescriptor | undefined {
  const simple = ref.service.slice(ref.service.lastIndexOf('.') + 1);
  const pkg = ref.service.includes('.') ? ref.service.slice(0, ref.service.lastIndexOf('.')) : '';
  const candidates = index.filesDeclaringService(simple).filter((m) => m.header.pkg === pkg);
  // The file the scan recorded first: two files may declare the same service in different modules.
  candidates.sort((a, b) => Number(b.path === ref.protoFile) - Number(a.path === ref.protoFile));
  if (!candidates.length) {
    missing.push(`${label}: no .proto declares service ${ref.service}`);
    return undefined;
  }
  for (const c of candidates) {
    const service = index.service(c.path, simple);
    const rpc = service?.methods.find((m) => m.name === ref.method);
    if (!service || !rpc) {
      missing.push(`${label}: ${c.path} declares no rpc ${ref.method} in ${ref.service}`);
      continue;
    }
    const broken = !rpc.request ? rpc.requestType : !rpc.response ? rpc.responseType : unresolvedField(rpc.request) ?? unresolvedField(rpc.response);
    if (broken || !rpc.request || !rpc.response) {
      missing.push(`${label}: ${unresolved(service, broken ?? rpc.requestType, index)}`);
      continue;
    }
    return {
      service: ref.service,
      method: ref.method,
      path: `/${ref.service}/${ref.method}`,
      requestType: rpc.request,
      responseType: rpc.response,
      requestStream: rpc.requestStream,
      responseStream: rpc.responseStream,
      origin: { kind: 'protos', files: service.files },
    };
  }
  return undefined;
}

/**
 * The first type name a message reaches through its fields that resolves nowhere: discovery
 * resolves only a method's own messages, but encoding needs every one it contains.
 */
function unresolvedField(type: protobuf.Type, seen = new Set<protobuf.Type>()): string | undefined {
  if (seen.has(type)) return undefined;
  seen.add(type);
  for (const field of type.fieldsArray) {
    try {
      field.resolve();
    } catch {
      return qualify(field.type, type);
    }
    if (field.resolvedType instanceof protobufjs().Type) {
      const inner = unresolvedField(field.resolvedType, seen);
      if (inner) return inner;
    }
  }
  return undefined;
}

function qualify(name: string, from: protobuf.Type): string {
  if (name.startsWith('.')) return name.slice(1);
  return name.includes('.') ? name : `${from.fullName.slice(1, from.fullName.lastIndexOf('.') + 1)}${name}`;
}

/** Why a message type did not resolve: the missing imports, each with the file that wants it. */
function unresolved(service: ProtoServiceInfo, typeName: string, index: ProtoIndex): string {
  const imports = index.diagnostics.filter((d) => service.files.includes(d.file) && d.message.startsWith('import '));
  const why = imports.length ? imports.map((d) => `${d.message.replace(/ not found.*$/, '')} wanted by ${d.file} was not found`).join('; ') : 'it is declared in no loaded file';
  return `cannot resolve ${typeName} for ${service.fullName}: ${why}`;
}

function fromDescriptorSetFile(ref: MethodRef, file: string, missing: string[]): MethodDescriptor | undefined {
  let root: protobuf.Root;
  try {
    root = loadDescriptorSet(readFileSync(file));
  } catch (e) {
    missing.push(`descriptor set ${file}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
    return undefined;
  }
  return fromRoot(ref, root, { kind: 'descriptor-set', file }, missing, `descriptor set ${file}`);
}

/** A protobufjs root from a serialised FileDescriptorSet (`protoc --include_imports -o`). */
export function loadDescriptorSet(bytes: Uint8Array): protobuf.Root {
  const set = descriptorProto().FileDescriptorSet.decode(bytes) as unknown as { file: unknown[] };
  if (!set.file?.length) throw new Error('holds no file descriptors (is it a FileDescriptorSet?)');
  return rootFromFiles(set.file);
}

/** Decoded FileDescriptorProtos -> one root; keepCase so field names match the .proto as written. */
export function rootFromFiles(files: unknown[]): protobuf.Root {
  const root = protobufjs().Root.fromDescriptor({ file: files } as never, { keepCase: true });
  root.resolveAll();
  return root;
}

export function fromRoot(ref: MethodRef, root: protobuf.Root, origin: DescriptorOrigin, missing: string[], label: string): MethodDescriptor | undefined {
  let service: protobuf.Service;
  try {
    service = root.lookupService(ref.service);
  } catch {
    missing.push(`${label}: has no service ${ref.service}`);
    return undefined;
  }
  const method = service.methods[ref.method];
  if (!method) {
    missing.push(`${label}: service ${ref.service} has no rpc ${ref.method}`);
    return undefined;
  }
  let requestType: protobuf.Type;
  let responseType: protobuf.Type;
  try {
    method.resolve();
    requestType = method.resolvedRequestType ?? service.lookupType(method.requestType);
    responseType = method.resolvedResponseType ?? service.lookupType(method.responseType);
  } catch (e) {
    missing.push(`${label}: ${(e as Error).message}`);
    return undefined;
  }
  return {
    service: ref.service,
    method: ref.method,
    path: `/${ref.service}/${ref.method}`,
    requestType,
    responseType,
    requestStream: method.requestStream === true,
    responseStream: method.responseStream === true,
    origin,
  };
}

const PROTO_INDEXES = new Map<string, { index: ProtoIndex; stamp: string }>();

/**
 * A ProtoIndex over every .proto under the folders: the discovery loader, so imports resolve
 * exactly as they do when scanning (by include root, then by path suffix across all the files).
 * Paths are relative to the first folder. Cached until a file is added, removed or changed.
 */
export function protosUnder(dirs: string | readonly string[]): ProtoIndex {
  const roots = (typeof dirs === 'string' ? [dirs] : dirs).map((d) => resolve(d));
  const files: Array<{ abs: string; mtimeMs: number; size: number }> = [];
  const seen = new Set<string>();
  for (const dir of roots) {
    let isDir = false;
    try {
      isDir = statSync(dir).isDirectory();
    } catch {
      // reported below
    }
    if (!isDir) throw new Error(`${dir} is not a folder`);
    for (const f of listProtoFiles(dir)) if (!seen.has(f.abs)) {
      seen.add(f.abs);
      files.push(f);
    }
  }
  const key = roots.join('\0');
  const stamp = files.map((f) => `${f.abs}:${f.mtimeMs}:${f.size}`).join('|');
  const cached = PROTO_INDEXES.get(key);
  if (cached?.stamp === stamp) return cached.index;
  const base = roots[0]!;
  const index = new ProtoIndex(base, []);
  for (const f of files) index.add(relative(base, f.abs).split('\\').join('/'), f.abs, '', readFileSync(f.abs, 'utf8'));
  PROTO_INDEXES.set(key, { index, stamp });
  return index;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.gradle', '.idea', 'out']);

function listProtoFiles(dir: string, out: Array<{ abs: string; mtimeMs: number; size: number }> = []): Array<{ abs: string; mtimeMs: number; size: number }> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIPPED_DIRS.has(e.name)) listProtoFiles(abs, out);
    } else if (e.name.endsWith('.proto')) {
      const st = statSync(abs);
      out.push({ abs, mtimeMs: st.mtimeMs, size: st.size });
    }
  }
  return out.sort((a, b) => (a.abs < b.abs ? -1 : 1));
}

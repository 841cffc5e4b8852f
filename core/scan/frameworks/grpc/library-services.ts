// gRPC services a library provides and the application's code registers, with no class of its own
// extending their base: grpc-services' server reflection (`ProtoReflectionService.newInstance()`,
// v1alpha, and `ProtoReflectionServiceV1.newInstance()`, v1) and health check
// (`healthStatusManager.getHealthService()`), added to a `ServerBuilder` or returned by a bean
// that a starter binds. Each is listed at the method registering it. The method body is text the
// parser skips, so it is read as text (strings and comments blanked).

import type { MethodDecl, TypeDecl } from '../../source-model';
import type { ScanContext } from '../framework';
import { lineAt, maskStringsAndComments } from './anonymous';
import type { GrpcBinding } from './generated';

/** Names whose mention makes a file worth parsing for these registrations (FileEntry.mentions). */
export const LIBRARY_SERVICE_MENTIONS = ['ProtoReflectionService', 'HealthStatusManager'] as const;

export interface LibraryRegistration {
  /** The method registering it, and the type declaring that method. */
  method: MethodDecl;
  owner: TypeDecl;
  /** Where the registration is written. */
  line: number;
  /** As written: `ProtoReflectionService.newInstance()`. */
  written: string;
  /** The generated class of the library's service (wellKnownService knows its RPCs). */
  binding: GrpcBinding;
  /** `grpc.health.v1.Health`. */
  fullName: string;
}

interface Factory {
  pattern: RegExp;
  written: string;
  binding: GrpcBinding;
  fullName: string;
}

const reflection = (v: string, suffix: string): Factory => ({
  pattern: new RegExp(`(?<![\\w$])(?:io\\.grpc\\.protobuf\\.services\\.)?ProtoReflectionService${suffix}\\s*\\.\\s*newInstance\\s*\\(`, 'g'),
  written: `ProtoReflectionService${suffix}.newInstance()`,
  binding: { service: 'ServerReflection', grpcClass: 'ServerReflectionGrpc', packages: [`io.grpc.reflection.${v}`], written: `io.grpc.reflection.${v}.ServerReflectionGrpc.ServerReflectionImplBase` },
  fullName: `grpc.reflection.${v}.ServerReflection`,
});

const FACTORIES: Factory[] = [
  reflection('v1alpha', ''),
  reflection('v1', 'V1'),
  {
    // A HealthStatusManager's service (grpc-services keeps it in io.grpc.protobuf.services, formerly io.grpc.services).
    pattern: /\.\s*getHealthService\s*\(\s*\)/g,
    written: 'HealthStatusManager.getHealthService()',
    binding: { service: 'Health', grpcClass: 'HealthGrpc', packages: ['io.grpc.health.v1'], written: 'io.grpc.health.v1.HealthGrpc.HealthImplBase' },
    fullName: 'grpc.health.v1.Health',
  },
];

/**
 * The library services a file registers, each once per method, found from the file's first type
 * (a registration belongs to the nearest method declared above it, nested types' included).
 */
export function libraryRegistrations(type: TypeDecl, ctx: ScanContext): LibraryRegistration[] {
  if (type.outer || type.file.types[0] !== type) return [];
  const mentions = ctx.index.files.get(type.file.path)?.mentions;
  if (!mentions?.some((m) => (LIBRARY_SERVICE_MENTIONS as readonly string[]).includes(m))) return [];
  const text = ctx.readProjectFile?.(type.file.path);
  if (text === undefined) return [];
  const code = maskStringsAndComments(text);
  const methods = type.file.types.flatMap(allMethods).sort((a, b) => a.method.line - b.method.line);
  const out: LibraryRegistration[] = [];
  for (const factory of FACTORIES) {
    // getHealthService() is HealthStatusManager's only where the file names that class.
    if (factory.binding.service === 'Health' && !mentions.includes('HealthStatusManager')) continue;
    factory.pattern.lastIndex = 0;
    for (let m = factory.pattern.exec(code); m; m = factory.pattern.exec(code)) {
      const line = lineAt(code, m.index);
      const site = [...methods].reverse().find((s) => s.method.line <= line);
      if (!site || out.some((r) => r.method === site.method && r.fullName === factory.fullName)) continue;
      out.push({ method: site.method, owner: site.owner, line, written: factory.written, binding: factory.binding, fullName: factory.fullName });
    }
  }
  return out;
}

function allMethods(type: TypeDecl): Array<{ method: MethodDecl; owner: TypeDecl }> {
  return [...type.methods.map((method) => ({ method, owner: type })), ...type.nested.flatMap(allMethods)];
}

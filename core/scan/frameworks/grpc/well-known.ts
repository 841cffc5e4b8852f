// Services grpc-java ships in its own jars, whose protos are not in the project: the health
// check (grpc-services `io.grpc.health.v1.HealthGrpc`) and server reflection
// (`io.grpc.reflection.v1alpha` / `v1` `ServerReflectionGrpc`). Their names and streaming kinds
// are fixed by the published protos (grpc/grpc-proto), so a service extending their ImplBase is
// described exactly without them.

import type { RpcDescription } from './endpoint';
import type { GrpcBinding } from './generated';

interface WellKnown {
  grpcClass: string;
  javaPackage: string;
  fullName: string;
  rpcs: RpcDescription[];
}

const HEALTH = 'grpc.health.v1';
const WELL_KNOWN: WellKnown[] = [
  {
    grpcClass: 'HealthGrpc',
    javaPackage: 'io.grpc.health.v1',
    fullName: `${HEALTH}.Health`,
    rpcs: [
      { name: 'Check', streaming: 'U', requestType: `${HEALTH}.HealthCheckRequest`, responseType: `${HEALTH}.HealthCheckResponse` },
      { name: 'Watch', streaming: 'S', requestType: `${HEALTH}.HealthCheckRequest`, responseType: `${HEALTH}.HealthCheckResponse` },
    ],
  },
  ...['v1alpha', 'v1'].map((v) => ({
    grpcClass: 'ServerReflectionGrpc',
    javaPackage: `io.grpc.reflection.${v}`,
    fullName: `grpc.reflection.${v}.ServerReflection`,
    rpcs: [{ name: 'ServerReflectionInfo', streaming: 'B' as const, requestType: `grpc.reflection.${v}.ServerReflectionRequest`, responseType: `grpc.reflection.${v}.ServerReflectionResponse` }],
  })),
];

/** The library service a binding names, when it is one of grpc-java's own. */
export function wellKnownService(binding: GrpcBinding): { fullName: string; rpcs: RpcDescription[] } | undefined {
  const hit = WELL_KNOWN.find((w) => w.grpcClass === binding.grpcClass && (binding.packages.includes(w.javaPackage) || binding.written.startsWith(`${w.javaPackage}.`)));
  return hit && { fullName: hit.fullName, rpcs: hit.rpcs.map((r) => ({ ...r })) };
}

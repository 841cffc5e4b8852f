// @grpc/grpc-js is loaded on the first gRPC call, so scan, search and show start as fast as
// before: it is a large library, and most runs of the CLI never call a gRPC method.

import type * as GrpcJs from '@grpc/grpc-js';

export type { GrpcJs };

let loading: Promise<typeof GrpcJs> | undefined;
let loaded: typeof GrpcJs | undefined;

export function loadGrpcJs(): Promise<typeof GrpcJs> {
  loading ??= import('@grpc/grpc-js').then((m) => (loaded = m));
  return loading;
}

/** The library after loadGrpcJs() resolved; every path into this module awaits that first. */
export function grpcJs(): typeof GrpcJs {
  if (!loaded) throw new Error('@grpc/grpc-js is not loaded yet: await loadGrpcJs() first');
  return loaded;
}

/** The canonical status codes (grpc/doc/statuscodes.md), by number. */
export const STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const;

export const OK = 0;
export const UNIMPLEMENTED = 12;

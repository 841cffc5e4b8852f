// The endpoint model: the one serialisable shape that the scanner produces and the index,
// search, exporters, caller and bridge consume. It imports nothing outside core/model.

import type { RequestModel, ResponseModel } from './request';

export type Protocol = 'http' | 'grpc';

/** HTTP verbs as written, `ALL` when a mapping restricts no method, `gRPC` for RPC methods. */
export type EndpointMethod =
  | 'GET'
  | 'POST'
  | 'PUT'
  | 'DELETE'
  | 'PATCH'
  | 'HEAD'
  | 'OPTIONS'
  | 'TRACE'
  | 'ALL'
  | 'gRPC'
  | (string & {}); // custom JAX-RS @HttpMethod verbs keep their own name

/** gRPC streaming kinds (spec §2.1): Unary, Server, Client, Bidirectional. */
export type StreamingType = 'U' | 'S' | 'C' | 'B' | 'unknown';

export type FrameworkId = 'spring-mvc' | 'jax-rs' | 'grpc' | 'actuator';

export interface GrpcMethod {
  /** Fully qualified service name as in the proto: `package.Service` (no package: `Service`). */
  service: string;
  /** The RPC name as declared in the proto. */
  method: string;
  /** Fully qualified request and response message names. */
  requestType: string;
  responseType: string;
  /** The .proto declaring the service, relative to the scanned root, when one was found. */
  protoFile?: string;
  /** Include roots (relative to the scanned root) the proto and the project protos it imports resolve against. */
  importPaths?: string[];
}

export interface SourceLocation {
  /** Path relative to the scanned root, with forward slashes. */
  file: string;
  /** 1-based line of the method name. */
  line: number;
  /** 1-based column of the method name. */
  column: number;
  /** The source method's name. */
  member: string;
}

export interface Endpoint {
  /** Stable across scans: module, class, method signature, verb and path. */
  id: string;
  protocol: Protocol;
  framework: FrameworkId;
  method: EndpointMethod;
  /** As the application declares it: always starts with `/`, templates as `{name}`. */
  path: string;
  /** `METHOD /path`, no host (spec §2.1). */
  address: string;
  name: string;
  description: string;
  folder: string;
  /** Fully qualified name of the concrete class that serves the endpoint. */
  className: string;
  module: string;
  source: SourceLocation;
  /** gRPC only. */
  streaming?: StreamingType;
  /** gRPC only: the full names a client needs to call the method. */
  grpc?: GrpcMethod;
  consumes?: string[];
  produces?: string[];
  /** Parameters by location and the body, resolved from source. */
  request?: RequestModel;
  /** The response body as the client receives it. */
  response?: ResponseModel;
  /** `@Deprecated` / `@Operation(deprecated = true)`: still served, but clients should move off it. */
  deprecated?: boolean;
}

export interface Diagnostic {
  /** Path relative to the scanned root. */
  file: string;
  line?: number;
  message: string;
}

export interface ModuleSummary {
  name: string;
  /** Relative to the scanned root, '' for the root. */
  dir: string;
  build: 'maven' | 'gradle' | 'none';
  contextPath?: string;
  servletPath?: string;
  /** `management.endpoints.web.base-path` when the module sets it; actuator paths already include it. */
  actuatorBasePath?: string;
}

export interface ScanResult {
  endpoints: Endpoint[];
  diagnostics: Diagnostic[];
  /** Modules that serve endpoints, with the base paths a full URL needs. */
  modules: ModuleSummary[];
  stats: ScanStats;
}

export interface ScanStats {
  filesRead: number;
  filesParsed: number;
  bytesRead: number;
  millis: number;
  /** Milliseconds per pipeline phase (walk, read, learn, parse, implementations, endpoints). */
  phases?: Record<string, number>;
  /** Of `filesParsed`, how many a parse worker parsed on another core (absent: no worker ran). */
  parsedByWorker?: number;
  /** Of `filesParsed`, how many came from the scan cache instead of a parse (absent: no cache). */
  parsedFromCache?: number;
}

export function addressOf(method: string, path: string): string {
  return `${method} ${path}`;
}

export interface EndpointInit extends Omit<Endpoint, 'id' | 'address'> {
  /** Erased parameter types of the source method: part of the id, so overloads stay distinct. */
  signature: string[];
}

/** Builds an endpoint with its derived fields: `address` and the stable `id`. */
export function createEndpoint(init: EndpointInit): Endpoint {
  const { signature, protocol, framework, method, path, name, description, folder, className, module, source, ...rest } = init;
  const id = `${module}:${className}#${source.member}(${signature.join(',')}) ${method} ${path}`;
  // Key order is the documented JSON order.
  return {
    id,
    protocol,
    framework,
    method,
    path,
    address: addressOf(method, path),
    name,
    description,
    folder,
    className,
    module,
    source,
    ...rest,
  };
}

// The endpoint model: the one serialisable shape that the scanner produces and the index,
// search, exporters, caller and bridge consume. It imports nothing outside core/model.

import type { DeclaredResponse, RequestModel, ResponseModel } from './request';

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
  /** `@ResponseStatus` on the handler: the success status when it is not 200 (`201`). */
  status?: string;
  /**
   * The operation's id as the source names it: springdoc `@Operation(operationId)`, Swagger 2
   * `@ApiOperation(nickname)`, a functional route's `operationId(..)`. OpenAPI exports keep it,
   * so clients generated from the export and from the application's own document agree. A
   * functional route no method names (a lambda handler) gets one derived from its path and verb.
   */
  operationId?: string;
  /** Error and other responses the source declares (`@ApiResponse`), in source order. */
  responses?: DeclaredResponse[];
  /**
   * Names of the security schemes a call needs (`@SecurityRequirement`, `@Api(authorizations)`,
   * `@OpenAPIDefinition(security)`): any one of them suffices. The schemes are in the module's
   * `securitySchemes`.
   */
  security?: string[];
  /** A call may also go without those credentials (Dropwizard's `@Auth Optional<User>`): the handler serves both. */
  securityOptional?: boolean;
  /** What the source says about the folder (`@Tag(description)`, `@Api(description)`), when it says anything. */
  folderDescription?: string;
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
  /**
   * Where the module's application listens, as its application properties write it (`server.port`
   * or Quarkus' `quarkus.http.port`, `server.address`; placeholders unresolved): what exports of
   * several modules give each module's host without reading every module's config again.
   * `grpcPort`: where its gRPC server listens, the starter it builds with deciding the key and
   * default (listen-port.ts grpcListenPort); absent, grpc-ecosystem's `grpc.server.port` 9090.
   */
  listen?: { port?: string; address?: string; grpcPort?: string };
  /**
   * Root-relative property files the module's `@PropertySource` classes add to its application
   * properties, lowest first: a call reads the module's settings with them.
   */
  propertySources?: string[];
  /** springdoc `@SecurityScheme`s the module declares, by name order. */
  securitySchemes?: SecuritySchemeDecl[];
}

/** A springdoc `@SecurityScheme`, with the fields an OpenAPI security scheme needs. */
export interface SecuritySchemeDecl {
  name: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect';
  description?: string;
  /** http: `bearer`, `basic`. */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: where the key goes and the header / query / cookie name. */
  in?: 'header' | 'query' | 'cookie';
  paramName?: string;
  openIdConnectUrl?: string;
  /** oauth2: flows by OpenAPI name (`clientCredentials`, ...). */
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; scopes: Record<string, string> }>;
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
  /** Of the roots (classes serving endpoints), how many a parse worker computed on another core (absent: none). */
  rootsByWorker?: number;
  /** Of `filesRead`, how many a worker read and described on another core (absent: none). */
  readByWorker?: number;
  /** Of `filesParsed`, how many came from the scan cache instead of a parse (absent: no cache). */
  parsedFromCache?: number;
  /** The whole result is the one stored by an earlier scan of the same inputs (nothing was parsed or resolved). */
  storedResult?: boolean;
  /** Of `filesRead`, how many an unchanged stat vouched for, unopened (with `storedResult`). */
  filesByStat?: number;
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

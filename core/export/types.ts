// What every exporter takes and returns (STYLE.md §7: a name → function map over one options
// type). Exporters are pure functions of the endpoints and these options: no clock, no
// randomness, no file system, so the same source always gives byte-identical files.

import type { Endpoint, ModuleSummary } from '../model/endpoint';
import type { Environment, VariableLookup } from '../model/environment';

export const CHANNELS = ['markdown', 'yapi', 'postman', 'curl', 'http-client', 'hoppscotch', 'openapi', 'apipost'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface ExportFile {
  /** A relative file name, `/`-separated. */
  path: string;
  content: string;
  /** A template the user fills in (the .http export's private environment file): a file already there is kept, not overwritten. */
  keepExisting?: boolean;
}

export interface SkippedEndpoint {
  id: string;
  address: string;
  reason: string;
}

export interface ExportSummary {
  channel: Channel;
  /** Endpoints handed to the exporter. */
  selected: number;
  /** Endpoints written to the files. */
  exported: number;
  /** Endpoints the format cannot express truthfully, each with the reason. */
  skipped: SkippedEndpoint[];
  /** Things the user should know: unresolved placeholders, secrets left out, guesses made. */
  warnings: string[];
  files: string[];
}

export interface ExportResult {
  files: ExportFile[];
  summary: ExportSummary;
}

/**
 * How cURL commands are written (spec §4.6). Absent fields take the defaults of the settings
 * table (core/config/settings.ts `curl.format.*`): comments on, pretty JSON on, one flag per
 * line on, long flags off, response example off; render mode Keep.
 */
export interface CurlOptions {
  /**
   * `keep` (default): placeholders stay as written. `resolve`: filled from `lookup`, then
   * `environment` (spec §4.6.3). "Ask each export" is the caller choosing an environment
   * (resolve) or Skip (keep).
   */
  render?: 'keep' | 'resolve';
  /** `#` comments naming each endpoint, and a divider line per folder. */
  comments?: boolean;
  /** Indent JSON bodies. */
  prettyJson?: boolean;
  /** One flag per line, joined with ` \`. */
  multiline?: boolean;
  /** `--request`, `--header`, `--data` instead of `-X`, `-H`, `-d`. */
  longFlags?: boolean;
  /** The response example as a comment after the command, when the model has one. */
  responseExample?: boolean;
}

export interface OpenApiOptions {
  /** Default `3.0.3` (widest tool support); `3.1.0` on request. */
  version?: '3.0.3' | '3.1.0';
  /** Default `yaml`. */
  format?: 'yaml' | 'json';
}

export interface ExportOptions {
  /** Names the collection, document or project. Default `API`. */
  title?: string;
  /**
   * The modules of the scan: a full URL is host + contextPath + servletPath + path. Endpoints
   * of modules not listed get no prefix.
   */
  modules?: readonly ModuleSummary[];
  /** The variable that holds the base URL (scheme, host, port). Default `host`. */
  hostVariable?: string;
  /**
   * The base URL when no environment defines the host variable: `http://localhost:<server.port>`
   * from the project's config (exportSetup). Default `http://localhost:8080`.
   */
  defaultHost?: string;
  /**
   * Each module's own address (`http://localhost:<its server.port>`), by module name (exportSetup).
   * Modules listening at different addresses get a base-URL variable each (host.ts hostPlan).
   */
  moduleHosts?: Readonly<Record<string, string>>;
  /**
   * The scanned project's folder, absolute: where exports that load the project's .proto files
   * (`.http` gRPC requests) find them. Absent: the folder the file is run from.
   */
  projectDir?: string;
  /** The gRPC target when no environment defines `grpcHost`: `localhost:<the module's gRPC port>` (exportSetup, moduleGrpcPort). Default `localhost:9090`. */
  defaultGrpcHost?: string;
  /**
   * Each module's own gRPC target (`localhost:<its gRPC port>`), by module name (exportSetup), when
   * the export holds gRPC methods of several modules: on different ports they get a target
   * variable each (host.ts grpcHostPlan).
   */
  moduleGrpcHosts?: Readonly<Record<string, string>>;
  /** The active environment: written next to collections that have environment files, used for servers and resolving. */
  environment?: Environment;
  /**
   * Every environment of the project, for formats whose environment file holds several
   * (`http-client.env.json`). Absent: the active environment alone.
   */
  environments?: readonly Environment[];
  /**
   * Finds a placeholder's value: the active environment first, then the config reader. When
   * absent, the environment's variables are used.
   */
  lookup?: VariableLookup;
  /**
   * The config reader's value of a name, alone (the lookup's second source): Copy as cURL decides
   * the credential from the environment and this, as Send does (send-auth.ts endpointCredentialPlan).
   */
  config?: (name: string) => string | undefined;
  curl?: CurlOptions;
  /**
   * cURL only: the request of an endpoint (by id) as the pre-request scripts left it (spec
   * §4.6.6). Built with `scriptedRequestOf`, changed by the scripts, rendered in its place.
   */
  scripted?: ReadonlyMap<string, ScriptedRequest>;
  openapi?: OpenApiOptions;
}

export type Exporter = (endpoints: readonly Endpoint[], options?: ExportOptions) => ExportResult;

/** A request as scripts see and change it (structurally scripts-sandbox's ScriptRequest). */
export interface ScriptedRequest {
  method: string;
  url: string;
  headers: { name: string; value: string }[];
  /** The body as text; null when there is none or it is multipart or a file (which scripts cannot see). */
  body: string | null;
}

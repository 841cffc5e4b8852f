// What an export of a project takes besides its endpoints, composed once for every front end (the
// CLI's `export`, the sidecar's export/run and copy/text): the saved settings under the caller's
// choices, the environment and its placeholder lookup, every environment for the formats that
// ship several. The caller runs the pre-request scripts (core never imports the sandbox): see
// scripts-sandbox/export-requests.ts.

import { ConfigValues } from '../config/config-reader';
import { SettingsStore } from '../config/settings';
import type { Settings } from '../config/settings';
import { EnvironmentStore } from '../env/environments';
import { loadVariableLookup } from '../env/placeholders';
import type { Endpoint, ModuleSummary } from '../model/endpoint';
import type { Warn } from '../store/json-file';
import { localGrpcHost, localHost } from './host';
import { moduleGrpcPort, moduleListen } from '../config/listen-port';
import type { CurlOptions, ExportOptions, OpenApiOptions } from './types';

export interface ExportSetupRequest {
  projectDir: string;
  /** The per-user folder (userConfigDir()). */
  userDir: string;
  modules?: readonly ModuleSummary[];
  /**
   * The endpoints being exported: when all are of one module, its own config (`server.port`,
   * placeholders) applies, as it does when `call` sends one of them.
   */
  endpoints?: readonly Endpoint[];
  /** A name: that environment; absent: the user's active one; null: none ("Skip"). */
  environment?: string | null;
  title?: string;
  /** cURL formatting: fields given override the curl.format.* settings. */
  curl?: Omit<CurlOptions, 'render'>;
  /** cURL: keep or resolve placeholders; absent: the curl.renderMode setting (see `askAnswered`). */
  render?: 'keep' | 'resolve';
  /**
   * The curl.renderMode `ask` has been answered by naming an environment (the CLI's --env):
   * resolve. Otherwise `ask` counts as keep: a front end that can ask, asks before calling.
   */
  askAnswered?: boolean;
  /** cURL: run the pre-request scripts; absent: the curl.runPreRequestScripts setting. */
  runScripts?: boolean;
  openapi?: OpenApiOptions;
  warn?: Warn;
}

export interface ExportSetup {
  options: ExportOptions;
  settings: Settings;
  /** The config reader's values: the scripts' `config` and the lookup's second source. */
  config: ConfigValues;
  /** Whether cURL commands go through the pre-request scripts first. */
  runScripts: boolean;
}

export function exportSetup(request: ExportSetupRequest): ExportSetup {
  const { projectDir, userDir, warn } = request;
  const module = soleModule(request.endpoints, request.modules);
  const { lookup, environment, config } = loadVariableLookup({ projectDir, moduleDir: module?.dir || undefined, propertySources: module?.propertySources, userDir, environment: request.environment, warn });
  const settings = new SettingsStore({ userDir, projectDir, warn }).read();
  const mode = settings['curl.renderMode'];
  const curl: CurlOptions = {
    render: request.render ?? (mode === 'resolve' || (mode === 'ask' && request.askAnswered) ? 'resolve' : 'keep'),
    comments: request.curl?.comments ?? settings['curl.format.comments'],
    prettyJson: request.curl?.prettyJson ?? settings['curl.format.prettyJson'],
    multiline: request.curl?.multiline ?? settings['curl.format.multiline'],
    longFlags: request.curl?.longFlags ?? settings['curl.format.longFlags'],
    responseExample: request.curl?.responseExample ?? settings['curl.format.responseExample'],
  };
  const options: ExportOptions = {
    title: request.title,
    modules: request.modules,
    defaultHost: hostOf(moduleListen(config, module)),
    defaultGrpcHost: localGrpcHost(moduleGrpcPort(config, module ?? soleModule(request.endpoints?.filter((e) => e.protocol === 'grpc'), request.modules))),
    ...moduleHostsOf(config, request.endpoints, request.modules),
    ...moduleGrpcHostsOf(config, request.endpoints, request.modules),
    projectDir,
    environment,
    environments: new EnvironmentStore({ projectDir, userDir, warn }).list(),
    lookup,
    config: (name) => config.get(name),
    curl,
    openapi: request.openapi,
  };
  return { options, settings, config, runScripts: request.runScripts ?? settings['curl.runPreRequestScripts'] };
}

/**
 * The one module every endpoint is of; undefined for none or several. mall-search listens on
 * 8081: its Copy as cURL and `export --module mall-search` went to the project's 8080 while Send,
 * reading the module's application.yml, went to 8081.
 */
const hostOf = (listen: { port?: string; address?: string }) => localHost(listen.port, listen.address);

function soleModule(endpoints: readonly Endpoint[] | undefined, modules: readonly ModuleSummary[] | undefined): ModuleSummary | undefined {
  const name = endpoints?.[0]?.module;
  if (name === undefined || endpoints!.some((e) => e.module !== name)) return undefined;
  return modules?.find((m) => m.name === name);
}

/**
 * Each exported module's own address when the export holds endpoints of several modules (each
 * may be an application of its own: hostPlan), as Send takes it (moduleListen). The modules'
 * application properties are those the scan read (ModuleSummary.listen): parsing every module's
 * application.yml again cost an export of a 60-module tree a tenth of its time.
 */
function moduleHostsOf(config: ConfigValues, endpoints: readonly Endpoint[] | undefined, modules: readonly ModuleSummary[] | undefined): Pick<ExportOptions, 'moduleHosts'> {
  const names = new Set((endpoints ?? []).filter((e) => e.protocol === 'http').map((e) => e.module));
  const exported = (modules ?? []).filter((m) => names.has(m.name));
  if (exported.length < 2) return {};
  // The Spring config read here is the project root's, no module's: each module's comes from the scan.
  const project = new ConfigValues(config.sources.filter((s) => s.kind !== 'spring'));
  const hosts: Record<string, string> = {};
  for (const m of exported) hosts[m.name] = hostOf(moduleListen(project, m));
  return { moduleHosts: hosts };
}

/** Each exported module's own gRPC target when the export holds gRPC methods of several (grpcHostPlan), as Send takes it (moduleGrpcPort). */
function moduleGrpcHostsOf(config: ConfigValues, endpoints: readonly Endpoint[] | undefined, modules: readonly ModuleSummary[] | undefined): Pick<ExportOptions, 'moduleGrpcHosts'> {
  const names = new Set((endpoints ?? []).filter((e) => e.protocol === 'grpc').map((e) => e.module));
  const exported = (modules ?? []).filter((m) => names.has(m.name));
  if (exported.length < 2) return {};
  // As for HTTP: the project's own settings, then what the scan read for each module; no one module's Spring config.
  const project = new ConfigValues(config.sources.filter((s) => s.kind !== 'spring'));
  const hosts: Record<string, string> = {};
  for (const m of exported) hosts[m.name] = localGrpcHost(moduleGrpcPort(project, m));
  return { moduleGrpcHosts: hosts };
}

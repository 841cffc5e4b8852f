// Where the application listens, as its config says: Spring Boot's `server.port` and the gRPC
// starter's port (grpc-ecosystem's `grpc.server.port`, LogNet's `grpc.port`), or Quarkus'
// `quarkus.http.port` and `quarkus.grpc.server.port`.

import { ConfigValues } from './config-reader';
import { resolvePlaceholders } from './spring-placeholders';

/** The values of a project's or module's config (ConfigValues). */
interface Config {
  get(key: string): string | undefined;
}

/**
 * The HTTP port setting, its `${key:default}` placeholders filled from the same config: undefined
 * when none is set. A Quarkus module's values are its dev profile's already
 * (spring-boot-config.ts): calls go to the application a developer runs locally.
 */
export function httpPortSetting(config: Config): string | undefined {
  return resolvePlaceholders(config.get('server.port') ?? config.get('quarkus.http.port'), config);
}

/** Where a module's application listens (ModuleSummary.listen); each field only when known. */
export interface ListenSettings {
  port?: string;
  address?: string;
  grpcPort?: string;
}

/**
 * A module's listen settings from its application properties, when it sets any or its gRPC
 * starter listens elsewhere than grpc-ecosystem's 9090 (ModuleSummary.listen).
 */
export function listenSettings(props: ReadonlyMap<string, string>, grpcStarter?: GrpcStarter): ListenSettings | undefined {
  const port = httpPortSetting(props);
  const address = resolvePlaceholders(props.get('server.address'), props);
  const grpcPort = grpcListenPort(props, grpcStarter);
  if (port === undefined && address === undefined && grpcPort === undefined) return undefined;
  return { ...(port !== undefined ? { port } : {}), ...(address !== undefined ? { address } : {}), ...(grpcPort !== undefined ? { grpcPort } : {}) };
}

/**
 * Where a module's application listens, one rule for Send and every export: the project's own
 * settings first (`.apiscout/config.properties`, legacy config files), then what the scan read for
 * the module (ModuleSummary.listen: its application properties, or those of the application that
 * serves it when it is a library module), then the Spring config `config` read for it.
 */
export function moduleListen(config: ConfigValues, module: { listen?: ListenSettings } | undefined): { port?: string; address?: string } {
  const project = new ConfigValues(config.sources.filter((s) => s.kind !== 'spring'));
  const port = httpPortSetting(project) ?? module?.listen?.port ?? httpPortSetting(config);
  const address = project.get('server.address') ?? module?.listen?.address ?? config.get('server.address');
  return { ...(port !== undefined ? { port } : {}), ...(address !== undefined ? { address } : {}) };
}

/**
 * The gRPC server library a module builds with (grpc-starter.ts): it decides the port's key and
 * default. Undefined: grpc-ecosystem's grpc-spring-boot-starter, or none the build names.
 */
export type GrpcStarter = 'lognet' | 'quarkus';

/**
 * The gRPC port setting when the starter is not known, placeholders filled as for HTTP: undefined
 * when none is set. `grpc.port` last: only LogNet's starter reads it.
 */
export function grpcPortSetting(config: Config): string | undefined {
  return resolvePlaceholders(config.get('grpc.server.port') ?? config.get('quarkus.grpc.server.port') ?? config.get('grpc.port'), config);
}

/**
 * The port a module's gRPC server listens on: with a known starter, its own key or its default as a
 * port a client can reach (LogNet's `grpc.port`, 6565; Quarkus' `quarkus.grpc.server.port`, 9000,
 * or the HTTP port when `use-separate-server=false` serves gRPC there); else the setting as written.
 */
export function grpcListenPort(config: Config, starter: GrpcStarter | undefined): string | undefined {
  if (starter === 'lognet') return String(listenPort(resolvePlaceholders(config.get('grpc.port'), config), 6565));
  if (starter === 'quarkus') {
    if (config.get('quarkus.grpc.server.use-separate-server')?.trim() === 'false') return String(listenPort(httpPortSetting(config), 8080));
    return String(listenPort(resolvePlaceholders(config.get('quarkus.grpc.server.port'), config), 9000));
  }
  return grpcPortSetting(config);
}

/**
 * Where a module's gRPC server listens, one rule for Send and every export, as moduleListen for
 * HTTP: the project's own settings, then what the scan read for the module (its starter's key and
 * default), then the Spring config `config` read for it. Undefined: grpc-ecosystem's 9090.
 */
export function moduleGrpcPort(config: ConfigValues, module: { listen?: ListenSettings } | undefined): string | undefined {
  const project = new ConfigValues(config.sources.filter((s) => s.kind !== 'spring'));
  return grpcPortSetting(project) ?? module?.listen?.grpcPort ?? grpcPortSetting(config);
}

/**
 * The port configured, or `fallback` (the framework's default) when it is not one a client can
 * reach: a placeholder the config reader could not resolve, or 0, which asks for a random port
 * chosen at start (service-discovery setups), so only a running instance knows it.
 */
export function listenPort(configured: string | undefined, fallback: number): number {
  const text = configured?.trim();
  if (!text || !/^\d+$/.test(text)) return fallback;
  const port = Number(text);
  return port >= 1 && port <= 65535 ? port : fallback;
}

// Where the application listens, as its config says: Spring Boot's `server.port` and
// grpc-spring-boot-starter's `grpc.server.port`, or Quarkus' `quarkus.http.port` and
// `quarkus.grpc.server.port`.

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

/** A module's listen settings from its application properties, when it sets any (ModuleSummary.listen). */
export function listenSettings(props: ReadonlyMap<string, string>): { port?: string; address?: string } | undefined {
  const port = httpPortSetting(props);
  const address = resolvePlaceholders(props.get('server.address'), props);
  if (port === undefined && address === undefined) return undefined;
  return { ...(port !== undefined ? { port } : {}), ...(address !== undefined ? { address } : {}) };
}

/**
 * Where a module's application listens, one rule for Send and every export: the project's own
 * settings first (`.apiscout/config.properties`, legacy config files), then what the scan read for
 * the module (ModuleSummary.listen: its application properties, or those of the application that
 * serves it when it is a library module), then the Spring config `config` read for it.
 */
export function moduleListen(config: ConfigValues, module: { listen?: { port?: string; address?: string } } | undefined): { port?: string; address?: string } {
  const project = new ConfigValues(config.sources.filter((s) => s.kind !== 'spring'));
  const port = httpPortSetting(project) ?? module?.listen?.port ?? httpPortSetting(config);
  const address = project.get('server.address') ?? module?.listen?.address ?? config.get('server.address');
  return { ...(port !== undefined ? { port } : {}), ...(address !== undefined ? { address } : {}) };
}

/** The gRPC port setting, placeholders filled as for HTTP: undefined when none is set. */
export function grpcPortSetting(config: Config): string | undefined {
  return resolvePlaceholders(config.get('grpc.server.port') ?? config.get('quarkus.grpc.server.port'), config);
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

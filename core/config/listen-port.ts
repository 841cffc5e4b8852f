// Where the application listens, as its config says: Spring Boot's `server.port` and
// grpc-spring-boot-starter's `grpc.server.port`, or Quarkus' `quarkus.http.port` and
// `quarkus.grpc.server.port`.

/** The values of a project's or module's config (ConfigValues). */
interface Config {
  get(key: string): string | undefined;
}

/**
 * The HTTP port setting, as written (placeholders resolved by the reader): undefined when none is
 * set. A Quarkus module's values are its dev profile's already (spring-boot-config.ts): calls go
 * to the application a developer runs locally.
 */
export function httpPortSetting(config: Config): string | undefined {
  return config.get('server.port') ?? config.get('quarkus.http.port');
}

/** A module's listen settings from its application properties, when it sets any (ModuleSummary.listen). */
export function listenSettings(props: ReadonlyMap<string, string>): { port?: string; address?: string } | undefined {
  const port = httpPortSetting(props);
  const address = props.get('server.address');
  if (port === undefined && address === undefined) return undefined;
  return { ...(port !== undefined ? { port } : {}), ...(address !== undefined ? { address } : {}) };
}

/** The gRPC port setting, as written: undefined when none is set. */
export function grpcPortSetting(config: Config): string | undefined {
  return config.get('grpc.server.port') ?? config.get('quarkus.grpc.server.port');
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

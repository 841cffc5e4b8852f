// Where a Spring Boot application listens, as its `server.port` / `grpc.server.port` says.

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

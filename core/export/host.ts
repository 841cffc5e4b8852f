// The base URL every request-collection channel starts from: the host variable of the active
// environment, else the application's own address (localhost at `server.port`, the port Spring
// Boot listens on; the context and servlet paths are already part of each exported path), so a
// project without an environment still gets files its consumer can run.

import { listenPort } from '../config/listen-port';
import type { ExportOptions } from './types';

export const FALLBACK_HOST = 'http://localhost:8080';

/**
 * `http://localhost:<server.port>` (8080 when the port is not a fixed one: listen-port.ts), or the
 * `server.address` the application binds to when it names one.
 */
export function localHost(serverPort: string | undefined, serverAddress?: string): string {
  const port = listenPort(serverPort, 8080);
  const address = serverAddress?.trim();
  const host = address && /^[\w.-]+$/.test(address) && address !== '0.0.0.0' ? address : address && /^[0-9a-f:]+$/i.test(address) && address !== '::' ? `[${address}]` : 'localhost';
  return `http://${host}:${port}`;
}

/** The host variable's value in the active environment (secrets never leave it). */
export function environmentHost(options: ExportOptions): string | undefined {
  const key = options.hostVariable ?? 'host';
  return options.environment?.variables.find((v) => v.key === key && !v.secret)?.value;
}

/** The environment's host, else the application's default. */
export function hostOf(options: ExportOptions): string {
  return environmentHost(options) ?? options.defaultHost ?? FALLBACK_HOST;
}

/** `localhost:<grpc.server.port>`, 9090 (grpc-spring-boot-starter's default) when not a fixed one. */
export function localGrpcHost(grpcPort: string | undefined): string {
  return `localhost:${listenPort(grpcPort, 9090)}`;
}

/** Whether some environment given to the export defines the host variable. */
export function anyEnvironmentDefinesHost(options: ExportOptions, key = options.hostVariable ?? 'host'): boolean {
  const all = options.environments?.length ? options.environments : options.environment ? [options.environment] : [];
  return all.some((env) => env.variables.some((v) => v.key === key));
}

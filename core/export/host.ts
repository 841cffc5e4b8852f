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

/** `localhost:<the gRPC port>` (moduleGrpcPort), 9090 (grpc-ecosystem's starter's default) when not a fixed one. */
export function localGrpcHost(grpcPort: string | undefined): string {
  return `localhost:${listenPort(grpcPort, 9090)}`;
}

/** Whether some environment given to the export defines the host variable. */
export function anyEnvironmentDefinesHost(options: ExportOptions, key = options.hostVariable ?? 'host'): boolean {
  const all = options.environments?.length ? options.environments : options.environment ? [options.environment] : [];
  return all.some((env) => env.variables.some((v) => v.key === key));
}

/** One base-URL variable of an export: its name, and the value a collection carries for it. */
export interface HostVariable {
  name: string;
  value: string;
  /** The module whose variable it is (a plan per module). */
  module?: string;
}

/**
 * Where each exported HTTP request goes. A project of several applications on different ports
 * (mall: mall-admin on 8080, mall-portal on 8085, mall-search on 8081) gets a variable per module,
 * named after it (`mallAdminHost`), holding that module's own address as Send takes it; a
 * request under one `{{host}}` for all reached the wrong application. Everything else (one module,
 * modules on one address, or an environment that names `host`: a gateway in front of all) keeps
 * the one host variable, unchanged.
 */
export interface HostPlan {
  /** The variable of an endpoint's requests. */
  variableOf(e: { module: string }): string;
  /** The variables the requests use, in the order of first use, with their collection values. */
  variables: HostVariable[];
  /** Whether each module has its own variable. */
  perModule: boolean;
}

export function hostPlan(endpoints: ReadonlyArray<{ module: string; protocol: string }>, options: ExportOptions): HostPlan {
  const hostVar = options.hostVariable ?? 'host';
  const single: HostPlan = { variableOf: () => hostVar, variables: [{ name: hostVar, value: hostOf(options) }], perModule: false };
  const own = options.moduleHosts;
  if (!own || anyEnvironmentDefinesHost(options)) return single;
  const modules = [...new Set(endpoints.filter((e) => e.protocol === 'http').map((e) => e.module))];
  const names = moduleVariableNames(modules);
  const valueOf = (m: string) => environmentValue(options, names.get(m)!) ?? own[m] ?? hostOf(options);
  if (new Set(modules.map(valueOf)).size < 2) return single;
  return { variableOf: (e) => names.get(e.module) ?? hostVar, variables: modules.map((m) => ({ name: names.get(m)!, value: valueOf(m), module: m })), perModule: true };
}

export const GRPC_HOST_VARIABLE = 'grpcHost';

/** Whether `grpcHost` has a value the user gave: an environment's, or the config files'. */
export function grpcHostDefined(options: ExportOptions): boolean {
  return anyEnvironmentDefinesHost(options, GRPC_HOST_VARIABLE) || options.lookup?.(GRPC_HOST_VARIABLE) !== undefined;
}

/**
 * Where each exported gRPC method goes, as hostPlan for HTTP: the modules of a project whose gRPC
 * servers listen on different ports (one `greeter` on 7565, one `echo` on 6565) get a target
 * variable each (`greeterGrpcHost`); one `grpcHost` for all reached only one of them. One module,
 * modules on one port, or a `grpcHost` the user gave (a gateway, a remote server) keep `grpcHost`.
 */
export function grpcHostPlan(endpoints: ReadonlyArray<{ module: string; protocol: string }>, options: ExportOptions): HostPlan {
  const single: HostPlan = { variableOf: () => GRPC_HOST_VARIABLE, variables: [{ name: GRPC_HOST_VARIABLE, value: options.defaultGrpcHost ?? 'localhost:9090' }], perModule: false };
  const own = options.moduleGrpcHosts;
  if (!own || grpcHostDefined(options)) return single;
  const modules = [...new Set(endpoints.filter((e) => e.protocol === 'grpc').map((e) => e.module))];
  const names = moduleVariableNames(modules, 'GrpcHost');
  const valueOf = (m: string) => environmentValue(options, names.get(m)!) ?? own[m] ?? single.variables[0]!.value;
  if (new Set(modules.map(valueOf)).size < 2) return single;
  return { variableOf: (e) => names.get(e.module) ?? GRPC_HOST_VARIABLE, variables: modules.map((m) => ({ name: names.get(m)!, value: valueOf(m), module: m })), perModule: true };
}

/** A module's base-URL variable: its name as an identifier (httpyac evaluates `{{…}}` as JavaScript), then `suffix`. */
function moduleVariableNames(modules: readonly string[], suffix = 'Host'): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const m of modules) {
    const words = m.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    let base = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
    if (!/^\p{L}/u.test(base)) base = `module${base.charAt(0).toUpperCase()}${base.slice(1)}`;
    let name = `${base}${suffix}`;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}${suffix}`;
    taken.add(name);
    names.set(m, name);
  }
  return names;
}

/** A variable's value in the active environment (secrets never leave it). */
function environmentValue(options: ExportOptions, key: string): string | undefined {
  return options.environment?.variables.find((v) => v.key === key && !v.secret)?.value;
}

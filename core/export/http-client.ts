// IDE HTTP client `.http` export (spec §4.7, JetBrains http-request-in-editor spec): requests
// separated by `###`, each a request line, headers, a blank line and the body; `{{host}}` comes
// from `http-client.env.json`, written from the environments, or, when no environment defines it,
// from a `@host` file variable holding the application's default address. gRPC endpoints use the
// client's `GRPC host/package.Service/Method` form with the request message as JSON, after
// `proto <` imports (with their include roots) that httpyac loads the services from.

import type { Endpoint } from '../model/endpoint';
import type { Environment } from '../model/environment';
import { bodyText, buildTemplate, encodeSegment, fillPath, sentTemplate, formEncode } from './request-template';
import { protoLoaderObject } from './grpc-object';
import { anyEnvironmentDefinesHost, GRPC_HOST_VARIABLE, grpcHostPlan, hostOf, hostPlan } from './host';
import type { HostPlan } from './host';
import { compareText, exportOrder, groupBy, stableHex } from './stable';
import type { ExportFile, ExportOptions, ExportResult } from './types';
import { describedWithDeprecation } from './deprecation';
import { authVariables, withAuthRow, type AuthVariable, authOfExport, alternativesNote, credentialVariables, definedIn } from './auth';

export function exportHttpClient(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const ordered = exportOrder(endpoints);
  const hosts = hostPlan(ordered, options);
  const grpcHosts = grpcHostPlan(ordered, options);
  const warnings: string[] = [];
  const blocks: string[] = [];
  const environments = options.environments?.length ? options.environments : options.environment ? [options.environment] : [];
  const credentials = authVariables(ordered, options.modules, definedIn(options.environment));
  const globals = globalRegion(ordered, hosts, grpcHosts, options, warnings, environments.length ? [] : credentials);
  if (globals) blocks.push(globals);
  for (const group of groupBy(ordered, (e) => `${e.module} / ${e.folder}`)) {
    for (const e of group.items) blocks.push(request(e, group.key, `{{${(e.protocol === 'grpc' ? grpcHosts : hosts).variableOf(e)}}}`, options));
  }
  const files: ExportFile[] = [{ path: 'api.http', content: blocks.join('\n') }];
  if (!environments.length && credentials.length) files.push(privateTemplate({ [PRIVATE_ENVIRONMENT]: credentials.map((c) => c.name) }));
  if (environments.length) {
    const { file, secrets, toFill } = envFile(environments, credentials, credentialVariables(ordered, options.modules));
    files.push(file);
    if (Object.keys(toFill).length) files.push(privateTemplate(toFill));
    if (secrets.length) warnings.push(`secret variables left out of http-client.env.json (keep them in http-client.private.env.json): ${secrets.join(', ')}`);
  }
  return {
    files,
    summary: { channel: 'http-client', selected: endpoints.length, exported: ordered.length, skipped: [], warnings, files: files.map((f) => f.path) },
  };
}

/**
 * What comes before the first `###` applies to every request: the default host when no
 * environment defines one (an environment's value would lose to a file variable), the gRPC
 * target, and the .proto files the gRPC requests need with the folders their imports resolve in.
 */
function globalRegion(endpoints: readonly Endpoint[], hosts: HostPlan, grpcHosts: HostPlan, options: ExportOptions, warnings: string[], credentials: readonly AuthVariable[]): string {
  const lines: string[] = [];
  // Without an environment the credentials are declared, empty, in a private environment file
  // (privateTemplate): an undefined {{variable}} fails the request in the JetBrains client and
  // httpyac. Not as file variables: httpyac lets a file variable win over the environment files.
  if (credentials.length) {
    lines.push(`# Credentials: fill these in http-client.private.env.json (kept out of version control) and run with environment ${PRIVATE_ENVIRONMENT}.`);
    for (const v of credentials) lines.push(`# {{${v.name}}}: ${v.description}`);
    warnings.push(`the requests need credentials: fill in ${credentials.map((v) => v.name).join(', ')} in http-client.private.env.json (environment ${PRIVATE_ENVIRONMENT})`);
  }
  const hostVar = options.hostVariable ?? 'host';
  if (hosts.perModule) {
    // A module's variable that an environment defines is left to it: a file variable would win.
    for (const v of hosts.variables) if (!anyEnvironmentDefinesHost(options, v.name)) lines.push(`@${v.name} = ${v.value}`);
  } else if (endpoints.some((e) => e.protocol === 'http') && !anyEnvironmentDefinesHost(options)) lines.push(`@${hostVar} = ${hostOf(options)}`);
  if (grpcHosts.perModule) {
    for (const v of grpcHosts.variables) if (!anyEnvironmentDefinesHost(options, v.name)) lines.push(`@${v.name} = ${v.value}`);
  } else if (endpoints.some((e) => e.protocol === 'grpc') && !anyEnvironmentDefinesHost(options, GRPC_HOST_VARIABLE)) lines.push(`@${GRPC_HOST_VARIABLE} = ${grpcHosts.variables[0]!.value}`);
  const grpc = endpoints.filter((e) => e.protocol === 'grpc' && e.grpc?.protoFile);
  if (grpc.length) {
    const root = options.projectDir ?? '.';
    if (!options.projectDir) warnings.push('the gRPC requests load .proto files relative to the folder httpyac runs in: set @protoRoot to the project folder');
    lines.push(`@protoRoot = ${root.replace(/\\/g, '/')}`);
    const protos = new Map<string, string[]>();
    for (const e of grpc) protos.set(e.grpc!.protoFile!, e.grpc!.importPaths ?? []);
    for (const [file, importPaths] of [...protos].sort(([a], [b]) => compareText(a, b))) {
      lines.push(`proto < {{protoRoot}}/${file}`);
      // proto-loader options are JavaScript, where file variables are in scope.
      if (importPaths.length) lines.push(`includeDirs: [${importPaths.map((p) => `protoRoot + ${JSON.stringify(p ? `/${p}` : '')}`).join(', ')}]`);
    }
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

function request(e: Endpoint, group: string, host: string, options: ExportOptions): string {
  const lines = [`### ${oneLine(e.name)}`, `# ${group}`, `# @name ${requestName(e)}`];
  if (describedWithDeprecation(e, alternativesNote(authOfExport(e, options)))) lines.push(...describedWithDeprecation(e, alternativesNote(authOfExport(e, options))).split('\n').map((l) => `# ${l}`.trimEnd()));
  if (e.protocol === 'grpc') {
    // The gRPC target (`host:port`: `grpcHost`, or the module's own when modules' ports differ), apart from the HTTP host.
    lines.push(`GRPC ${host}${e.path}`);
    for (const p of e.request?.params ?? []) if (p.in === 'header') lines.push(`${p.name}: ${String(p.example ?? p.default ?? '')}`);
    lines.push('', JSON.stringify(protoLoaderObject(e.request?.body?.example ?? {}, e.request?.body?.schema), null, 2));
    return `${lines.join('\n')}\n`;
  }
  const auth = authOfExport(e, options);
  const t = withAuthRow(sentTemplate(buildTemplate(e, options.modules)), auth);
  const path = fillPath(t.parts, (name) => encodeSegment(t.pathParams.find((p) => p.name === name)?.value ?? name));
  const query = t.query.map((q) => `${encodeSegment(q.name)}=${encodeSegment(q.value)}`).join('&');
  lines.push(`${t.method} ${host}${path}${query ? `?${query}` : ''}`);
  for (const h of t.headers) lines.push(`${h.name}: ${h.value}`);
  // Both the JetBrains client and httpyac encode `Basic user password` as RFC 7617 asks.
  if (auth?.kind === 'basic') lines.push(`Authorization: Basic {{${auth.user}}} {{${auth.password}}}`);
  // Both answer the server's Digest challenge from `Digest user password`.
  if (auth?.kind === 'digest') lines.push(`Authorization: Digest {{${auth.user}}} {{${auth.password}}}`);
  if (t.cookies.length) lines.push(`Cookie: ${t.cookies.map((c) => `${c.name}=${c.value}`).join('; ')}`);
  const body = t.body;
  if (body?.kind === 'multipart') {
    const boundary = `apiscout-${stableHex(e.id, 16)}`;
    lines.push(`Content-Type: multipart/form-data; boundary=${boundary}`, '');
    for (const f of body.fields) {
      lines.push(`--${boundary}`);
      if (f.file) lines.push(`Content-Disposition: form-data; name="${f.name}"; filename="${f.value}"`, '', `< ./${f.value}`);
      else lines.push(`Content-Disposition: form-data; name="${f.name}"`, '', f.value);
    }
    lines.push(`--${boundary}--`);
  } else if (body?.kind === 'file') {
    lines.push('', `< ./${body.file}`);
  } else if (body?.kind === 'urlencoded') {
    lines.push('', body.fields.map((f) => `${formEncode(f.name)}=${formEncode(f.value)}`).join('&'));
  } else if (body) {
    lines.push('', bodyText(body, true));
  }
  return `${lines.join('\n')}\n`;
}

/** A name other requests and response handlers can refer to: the Java member, unique per endpoint. */
function requestName(e: Endpoint): string {
  return `${e.source.member}_${stableHex(e.id, 6)}`;
}

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, ' ');
}

/** The environment the private template declares the credentials in, when the export has none. */
export const PRIVATE_ENVIRONMENT = 'local';

/**
 * `http-client.private.env.json` with each variable to fill declared empty, by environment: both
 * the JetBrains client and httpyac read it (and keep it out of version control by convention).
 * Never a value; never over a file the user already has.
 */
function privateTemplate(toFill: Record<string, readonly string[]>): ExportFile {
  const doc = Object.fromEntries(Object.entries(toFill).map(([env, names]) => [env, Object.fromEntries(names.map((n) => [n, '']))]));
  return { path: 'http-client.private.env.json', content: `${JSON.stringify(doc, null, 2)}\n`, keepExisting: true };
}

/**
 * `http-client.env.json`: environment name → variables. Secret values belong in the private
 * file, which is kept out of version control, so they are not written here, nor are the values
 * of credential variables (`secretNames`: a scheme's token, password or key), marked secret or
 * not; nor are credentials an environment does not define, even empty: in the JetBrains client
 * a public variable wins over a private one of the same name. All go, empty, into the private
 * template (`toFill`).
 */
export function envFile(environments: readonly Environment[], credentials: readonly AuthVariable[] = [], secretNames: ReadonlySet<string> = new Set()): { file: ExportFile; secrets: string[]; toFill: Record<string, string[]> } {
  const doc: Record<string, Record<string, string>> = {};
  const secrets: string[] = [];
  const toFill: Record<string, string[]> = {};
  for (const env of environments) {
    const vars: Record<string, string> = {};
    const fill: string[] = [];
    for (const v of env.variables) {
      if (v.secret || secretNames.has(v.key)) {
        secrets.push(`${env.name}.${v.key}`);
        fill.push(v.key);
      } else vars[v.key] = v.value;
    }
    for (const c of credentials) if (!env.variables.some((v) => v.key === c.name)) fill.push(c.name);
    doc[env.name] = vars;
    if (fill.length) toFill[env.name] = fill;
  }
  return { file: { path: 'http-client.env.json', content: `${JSON.stringify(doc, null, 2)}\n` }, secrets, toFill };
}

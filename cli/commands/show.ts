// `apiscout show <id-or-query> [DIR] [--json]`: one endpoint's request and response, readable.

import { actuatorEnabled, pathPrefixesSetting } from '../../core/config/settings';
import { userConfigDir } from '../../core/config/user-dir';
import { parseArgs } from 'node:util';
import type { Endpoint } from '../../core/model/endpoint';
import type { JsonSchema, Param } from '../../core/model/request';
import { schemaOutline, typeLabel } from '../../core/model/schema-outline';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { painterFor } from '../colors';
import type { Painter } from '../colors';
import type { CliIO } from '../io';
import { methodLabel } from '../render-tree';
import { endpointPositionals, noMatchMessage, pickEndpoint } from './pick-endpoint';
import { reportDiagnosticsAbout } from './scan';

export const showHelp = `Usage: apiscout show <ID-OR-QUERY> [DIR] [--json] [--include-tests] [--actuator]

Scans DIR (default: the bundled sample shop) and prints one endpoint: its parameters by
location, the request body and the response, with their JSON Schemas and examples. The
endpoint is the one whose id is given, or the best match for a search query (see search).

Options:
  --json            print the endpoint as JSON
  --include-tests   also scan test sources
  --actuator        also list Spring Boot actuator endpoints
  -h, --help        show this help`;

export async function showCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: 'boolean', default: false },
      'include-tests': { type: 'boolean', default: false },
      actuator: { type: 'boolean' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.out(showHelp);
    return 0;
  }
  const named = endpointPositionals('show', positionals, io);
  if (!named) return 2;
  const { wanted, dir } = named;
  const result = await new ProjectScanner(dir, { includeTests: values['include-tests'], actuator: actuatorEnabled(dir, userConfigDir(), values.actuator), pathPrefixes: () => pathPrefixesSetting(dir, userConfigDir()) }).scan();
  const picked = pickEndpoint(result.endpoints, wanted, 'showing');
  reportDiagnosticsAbout(result.diagnostics, picked?.endpoint.source.file, dir, io);
  if (!picked) {
    io.err(noMatchMessage('show', wanted, dir));
    return 2;
  }
  const { endpoint } = picked;
  if (picked.note) io.err(picked.note);
  if (values.json) io.out(JSON.stringify(endpoint, null, 2));
  else io.out(renderEndpoint(endpoint, painterFor(io.stdout), result.modules.find((m) => m.name === endpoint.module)));
  return 0;
}

export function renderEndpoint(e: Endpoint, paint: Painter, module?: { contextPath?: string; servletPath?: string }): string {
  const lines: string[] = [];
  lines.push(`${paint.method(e.method, methodLabel(e))} ${paint.bold(e.path)}  ${e.name}`);
  if (e.description) lines.push(e.description);
  lines.push(paint.dim(`${e.className}#${e.source.member}  ${e.source.file}:${e.source.line}  (${e.module})`));
  if (e.grpc) {
    const streams = { U: 'unary', S: 'server streaming', C: 'client streaming', B: 'bidirectional streaming', unknown: 'streaming type unknown' };
    lines.push(paint.dim(`${e.grpc.requestType || '?'} -> ${e.grpc.responseType || '?'}, ${streams[e.streaming ?? 'unknown']}${e.grpc.protoFile ? `  (${e.grpc.protoFile})` : ''}`));
  }
  const base = `${module?.contextPath ?? ''}${module?.servletPath ?? ''}`;
  if (base) lines.push(paint.dim(`served under ${base}${e.path}`));
  const request = e.request;
  if (request) {
    for (const location of ['path', 'query', 'header', 'cookie', 'form'] as const) {
      const params = request.params.filter((p) => p.in === location);
      if (params.length) lines.push('', paint.bold(`${location[0]!.toUpperCase()}${location.slice(1)} parameters`), ...paramTable(params));
    }
    if (request.body) {
      lines.push('', paint.bold(`Body (${request.body.contentType})${request.body.required ? '' : ', optional'}`));
      if (request.body.description) lines.push(request.body.description);
      lines.push(...schemaLines(request.body.schema), 'Example:', indent(JSON.stringify(request.body.example, null, 2)));
    }
  }
  const response = e.response;
  if (response) {
    lines.push('', paint.bold(`Response (${response.contentType})`));
    if (response.description) lines.push(response.description);
    if (response.schema) lines.push(...schemaLines(response.schema));
    if (response.example !== undefined) lines.push('Example:', indent(JSON.stringify(response.example, null, 2)));
  }
  return lines.join('\n');
}

function paramTable(params: readonly Param[]): string[] {
  const rows = params.map((p) => [p.name, typeLabel(p.schema), p.required ? 'required' : 'optional', p.default !== undefined ? `= ${defaultLabel(p.default)}` : '', p.description]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `  ${r.map((c, i) => (i < 4 ? c.padEnd(widths[i]!) : c)).join('  ')}`.trimEnd());
}

/** A default as it reads: a string as written, quoted when it is empty or has spaces at its ends (a bare `=` said nothing); anything else as JSON. */
function defaultLabel(value: unknown): string {
  if (typeof value === 'string') return value === '' || value.trim() !== value ? JSON.stringify(value) : value;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The schema as an indented field tree (schema-outline.ts): name, type, required, description. */
function schemaLines(schema: JsonSchema): string[] {
  return schemaOutline(schema).map((r) => {
    const pad = '  '.repeat(r.depth);
    if (r.kind === 'items') return `${pad}[array of ${r.type}]`;
    if (r.kind === 'entries') return `${pad}[map: string → ${r.type}]`;
    if (r.kind === 'subtype') return `${pad}one of ${r.name}${r.ids ? ` (${r.ids.property}: ${r.ids.values.join(', ')})` : ''}`;
    return `${pad}${r.name}${r.required ? ' *' : ''}: ${r.type}${r.description ? `  ${r.description}` : ''}`;
  });
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

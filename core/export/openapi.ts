// OpenAPI export: 3.0.3 by default (widest tool support), 3.1.0 on request. Shared DTOs become
// components, folders become tags, the host becomes the server. gRPC methods and verbs OpenAPI
// cannot name are left out with a note; `ALL` (no method restriction) is described as GET.

import type { Endpoint } from '../model/endpoint';
import type { Param } from '../model/request';
import { Components } from './json-schema';
import { toYaml } from './yaml-emitter';
import { fullPath, pathParamNames } from './request-template';
import { exportOrder, UniqueNames } from './stable';
import type { ExportOptions, ExportResult, SkippedEndpoint } from './types';

const OPERATION_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

export function exportOpenApi(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const version = options.openapi?.version ?? '3.0.3';
  const format = options.openapi?.format ?? 'yaml';
  const components = new Components(version === '3.1.0' ? '3.1' : '3.0');
  const operationIds = new UniqueNames();
  const skipped: SkippedEndpoint[] = [];
  const warnings: string[] = [];
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string }[] = [];
  const seenTags = new Set<string>();
  let exported = 0;

  for (const e of exportOrder(endpoints)) {
    if (e.protocol === 'grpc') {
      skipped.push({ id: e.id, address: e.address, reason: 'OpenAPI describes HTTP APIs; gRPC methods are left out' });
      continue;
    }
    const method = e.method === 'ALL' ? 'GET' : e.method.toUpperCase();
    if (!OPERATION_METHODS.has(method)) {
      skipped.push({ id: e.id, address: e.address, reason: `OpenAPI has no operation for the method ${e.method}` });
      continue;
    }
    const path = fullPath(e, options.modules);
    const item = (paths[path] ??= {});
    const key = method.toLowerCase();
    if (item[key]) {
      skipped.push({ id: e.id, address: e.address, reason: `another endpoint already describes ${method} ${path}` });
      continue;
    }
    if (e.method === 'ALL') warnings.push(`${e.address}: accepts any method; described as GET`);
    if (!seenTags.has(e.folder)) {
      seenTags.add(e.folder);
      tags.push({ name: e.folder });
    }
    item[key] = operation(e, path, operationIds, components, warnings);
    exported++;
  }

  const server = options.environment?.variables.find((v) => v.key === (options.hostVariable ?? 'host') && !v.secret)?.value;
  const doc: Record<string, unknown> = {
    openapi: version,
    info: { title: options.title ?? 'API', version: '1.0.0' },
    servers: [{ url: server ?? 'http://localhost:8080' }],
    tags,
    paths,
  };
  if (Object.keys(components.schemas).length) doc.components = { schemas: sortKeys(components.schemas) };
  const content = format === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : toYaml(doc);
  const file = format === 'json' ? 'openapi.json' : 'openapi.yaml';
  return {
    files: [{ path: file, content }],
    summary: { channel: 'openapi', selected: endpoints.length, exported, skipped, warnings, files: [file] },
  };
}

function operation(e: Endpoint, path: string, ids: UniqueNames, components: Components, warnings: string[]) {
  const params = e.request?.params ?? [];
  const declared = new Map(params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  const parameters: unknown[] = [];
  // Every template in the path must be declared: validators reject an undeclared one.
  for (const name of pathParamNames(path)) {
    const p = declared.get(name);
    if (!p) warnings.push(`${e.address}: path parameter '${name}' not found in source; declared as a string`);
    parameters.push(parameter(p ?? { name, in: 'path', required: true, schema: { type: 'string' }, description: '' }, components));
  }
  for (const p of params) {
    if (p.in === 'query' || p.in === 'header' || p.in === 'cookie') parameters.push(parameter(p, components));
  }
  const op: Record<string, unknown> = {
    tags: [e.folder],
    summary: e.name,
    ...(e.description ? { description: e.description } : {}),
    operationId: ids.take(operationIdOf(e.source.member)),
    ...(e.deprecated ? { deprecated: true } : {}),
    ...(parameters.length ? { parameters } : {}),
  };
  const body = requestBody(e, components);
  if (body) op.requestBody = body;
  op.responses = { '200': response(e, components) };
  return op;
}

function operationIdOf(member: string): string {
  return member.replace(/[^A-Za-z0-9_]/g, '_') || 'operation';
}

function parameter(p: Param, components: Components) {
  return {
    name: p.name,
    in: p.in,
    ...(p.description ? { description: p.description } : {}),
    // OpenAPI: a path parameter is always required.
    required: p.in === 'path' ? true : p.required,
    schema: components.use(p.default !== undefined && p.schema.default === undefined ? { ...p.schema, default: p.default } : p.schema),
    ...(p.example !== undefined ? { example: p.example } : {}),
  };
}

function requestBody(e: Endpoint, components: Components) {
  const form = (e.request?.params ?? []).filter((p) => p.in === 'form');
  if (form.length) {
    const multipart = form.some((p) => p.file) || (e.request?.consumes ?? []).some((c) => c.startsWith('multipart/'));
    const properties: Record<string, unknown> = {};
    for (const p of form) {
      properties[p.name] = p.file ? { type: 'string', format: 'binary', ...(p.description ? { description: p.description } : {}) } : components.use({ ...p.schema, ...(p.description ? { description: p.description } : {}) });
    }
    const required = form.filter((p) => p.required).map((p) => p.name);
    const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    return { required: required.length > 0, content: { [multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: { schema } } };
  }
  const body = e.request?.body;
  if (!body) return undefined;
  return {
    ...(body.description ? { description: body.description } : {}),
    required: body.required,
    content: { [body.contentType]: { schema: components.use(body.schema), ...(body.example !== undefined ? { example: body.example } : {}) } },
  };
}

function response(e: Endpoint, components: Components) {
  const r = e.response;
  const description = r?.description || 'OK';
  if (!r?.schema) return { description };
  return { description, content: { [r.contentType]: { schema: components.use(r.schema), ...(r.example !== undefined ? { example: r.example } : {}) } } };
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]!]));
}

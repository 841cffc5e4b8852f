// What the request editor edits: the request line and the rows of each tab, built from the
// endpoint's request model. It is plain data so that the caller (call/http, call/grpc) and the
// saved request state (request/get, request/save) can take and give it as it is.

import type { ResultOf } from '../protocol';

export type Endpoint = ResultOf<'endpoints/get'>['endpoint'];
type Param = NonNullable<Endpoint['request']>['params'][number];
type Schema = Param['schema'];

export interface ParamRow {
  name: string;
  value: string;
  enabled: boolean;
  required: boolean;
  /** A short type label: `integer (int64)`, `array of string`, `enum`. */
  type: string;
  description: string;
  /** A multipart file part: the value is a file path. */
  file?: boolean;
}

export interface RequestDraft {
  method: string;
  host: string;
  path: string;
  pathParams: ParamRow[];
  query: ParamRow[];
  cookies: ParamRow[];
  headers: ParamRow[];
  form: ParamRow[];
  /** The body's media type; absent when the endpoint takes no body. */
  bodyType?: string;
  body: string;
}

export const DEFAULT_HOST = 'http://localhost:8080';

export interface ModuleBase {
  name: string;
  contextPath?: string;
  servletPath?: string;
}

/** The editor's starting point for an endpoint: the model's defaults and examples (Reset returns here). */
export function draftFromEndpoint(e: Endpoint, modules: readonly ModuleBase[] = []): RequestDraft {
  const params = e.request?.params ?? [];
  const rows = (where: Param['in']) => params.filter((p) => p.in === where).map(rowOf);
  const body = e.request?.body;
  const headers = rows('header');
  const form = rows('form');
  const contentType = body?.contentType ?? (form.length ? (e.request?.consumes[0] ?? (form.some((f) => f.file) ? 'multipart/form-data' : 'application/x-www-form-urlencoded')) : undefined);
  if (contentType && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
    headers.unshift({ name: 'Content-Type', value: contentType, enabled: true, required: false, type: 'string', description: 'from the endpoint\'s consumes' });
  }
  const base = modules.find((m) => m.name === e.module);
  return {
    method: e.method,
    host: DEFAULT_HOST + (base?.contextPath ?? '') + (base?.servletPath ?? ''),
    path: e.path,
    pathParams: rows('path'),
    query: rows('query'),
    cookies: rows('cookie'),
    headers,
    form,
    ...(body ? { bodyType: body.contentType } : {}),
    body: body ? bodyText(body.example, body.contentType) : '',
  };
}

function rowOf(p: Param): ParamRow {
  const value = p.default ?? (p.example === undefined ? '' : typeof p.example === 'string' ? p.example : JSON.stringify(p.example));
  return {
    name: p.name,
    value,
    enabled: true,
    required: p.required,
    type: typeLabel(p.schema),
    description: p.description,
    ...(p.file ? { file: true } : {}),
  };
}

export function typeLabel(s: Schema): string {
  if (s.enum) return 'enum';
  const t = Array.isArray(s.type) ? s.type.filter((x) => x !== 'null').join(' | ') : s.type;
  if (t === 'array') return `array of ${s.items ? typeLabel(s.items) : 'any'}`;
  if (t) return s.format ? `${t} (${s.format})` : t;
  return s['x-java-type'] ?? 'any';
}

export function isJson(contentType: string | undefined): boolean {
  return !!contentType && /[/+]json\b/i.test(contentType);
}

function bodyText(example: unknown, contentType: string): string {
  if (example === undefined || example === null) return isJson(contentType) ? '{}' : '';
  if (typeof example === 'string' && !isJson(contentType)) return example;
  return JSON.stringify(example, null, 2);
}

/** The tabs of the request editor, with how many rows each holds (the tab labels show it). */
export function tabCounts(d: RequestDraft): { path: number; params: number; headers: number; form: number; body: boolean } {
  return { path: d.pathParams.length, params: d.query.length + d.cookies.length, headers: d.headers.length, form: d.form.length, body: d.bodyType !== undefined };
}

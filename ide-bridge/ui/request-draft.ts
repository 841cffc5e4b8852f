// The request editor edits the core's draft as the sidecar gives it (request/get): HTTP rows and
// body, or gRPC metadata and messages. This module holds what the editor adds beside the rows
// (each parameter's type, required flag and description, read from the endpoint model) and the
// small pure helpers the tabs need. Types only come from the bridge catalog: no core code here.

import type { ParamsOf, ResultOf } from '../protocol';

export type Endpoint = ResultOf<'endpoints/get'>['endpoint'];
export type RequestState = ResultOf<'request/get'>;
export type RequestDraft = ParamsOf<'request/save'>['draft'];
export type GrpcRequestDraft = Extract<RequestDraft, { protocol: 'grpc' }>;
export type HttpRequestDraft = Exclude<RequestDraft, { protocol: 'grpc' }>;
export type NameValue = HttpRequestDraft['query'][number];
export type FormField = HttpRequestDraft['form'][number];
export type BodyMode = HttpRequestDraft['bodyMode'];
type Param = NonNullable<Endpoint['request']>['params'][number];
type Schema = Param['schema'];
export type ParamPlace = Param['in'];

export function isGrpcDraft(d: RequestDraft): d is GrpcRequestDraft {
  return (d as GrpcRequestDraft).protocol === 'grpc';
}

/** What the model says about a row: shown beside it, never sent. */
export interface ParamHint {
  /** A short type label: `integer (int64)`, `array of string`, `enum`. */
  type: string;
  required: boolean;
  description: string;
  file?: boolean;
  /** Values an enum parameter takes, for the value field's suggestions. */
  choices?: string[];
}

export type ParamHints = ReadonlyMap<string, ParamHint>;

/** Header names match without case, as HTTP does; other names exactly. */
export function hintKey(place: ParamPlace, name: string): string {
  return `${place}:${place === 'header' ? name.toLowerCase() : name}`;
}

export function paramHints(e: Endpoint): ParamHints {
  const hints = new Map<string, ParamHint>();
  for (const p of e.request?.params ?? []) {
    const hint: ParamHint = { type: typeLabel(p.schema), required: p.required, description: p.description };
    if (p.file) hint.file = true;
    const values = p.schema.enum ?? p.schema.items?.enum;
    if (values?.length) hint.choices = values.map(String);
    hints.set(hintKey(p.in, p.name), hint);
  }
  return hints;
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

/** The tabs of the HTTP editor with how many rows each holds (the tab labels show it). */
export function tabCounts(d: HttpRequestDraft): { path: number; params: number; headers: number; form: number; body: boolean } {
  const form = d.bodyMode === 'urlencoded' || d.bodyMode === 'multipart';
  return { path: d.pathParams.length, params: d.query.length + d.cookies.length, headers: d.headers.length, form: form ? d.form.length : 0, body: d.bodyMode === 'json' || d.bodyMode === 'text' || d.bodyMode === 'file' };
}

/**
 * The draft with another body kind. A content type given for the old kind goes with it unless it
 * suits the new one: JSON keeps only a JSON type, text and file drop one (an `image/png` file body
 * switched to JSON would otherwise be sent as `image/png`).
 */
export function switchBodyMode(d: HttpRequestDraft, mode: BodyMode): HttpRequestDraft {
  const kept = d.contentType !== undefined && (mode === 'json' ? isJson(d.contentType) : (mode === 'text' || mode === 'file') && !isJson(d.contentType));
  const { contentType: _dropped, ...rest } = d;
  return { ...rest, bodyMode: mode, ...(kept ? { contentType: d.contentType } : {}) };
}

/** The media type the body goes with: a Content-Type header wins, then the draft's, then the mode's. */
export function bodyContentType(d: HttpRequestDraft): string | undefined {
  const header = d.headers.find((h) => h.enabled !== false && h.name.toLowerCase() === 'content-type')?.value;
  if (header) return header;
  switch (d.bodyMode) {
    case 'json':
      return d.contentType ?? 'application/json';
    case 'text':
      return d.contentType ?? 'text/plain';
    case 'urlencoded':
      return 'application/x-www-form-urlencoded';
    case 'multipart':
      return 'multipart/form-data';
    case 'file':
      return d.contentType ?? 'application/octet-stream';
    default:
      return undefined;
  }
}

/** Two drafts hold the same request (a save is needed only when they differ). */
export function sameDraft(a: RequestDraft | undefined, b: RequestDraft | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}


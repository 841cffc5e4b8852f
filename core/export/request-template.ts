// The concrete request an HTTP endpoint's model describes: every channel that sends requests
// (cURL, .http, Postman, Hoppscotch) renders this one template, so they agree on what is sent.
// Which values it carries is the caller's policy (core/call/request-builder paramValues): a
// declared default, else the example; optional parameters without a default are not sent.

import { paramValues } from '../call/request-builder';
import { isBinaryBody } from '../model/binary-body';
import { bodyFormParams } from '../model/body-form';
import type { Endpoint, ModuleSummary } from '../model/endpoint';
import type { JsonSchema, Param } from '../model/request';
import { pathVariableExample } from '../scan/types/example';

export interface NameValue {
  name: string;
  value: string;
  description: string;
  required: boolean;
  /**
   * Sent by a client that runs the request (the editor's checkbox): required, defaulted or set.
   * An unsent row is left out of a command (cURL, .http) and listed disabled where the format has
   * a switch (Postman, Hoppscotch); documentation formats list it as optional.
   */
  enabled: boolean;
}

export interface FormField extends NameValue {
  /** A multipart file part: `value` is a file name placeholder. */
  file: boolean;
}

export type TemplateBody =
  | { kind: 'json'; contentType: string; value: unknown }
  | { kind: 'text'; contentType: string; text: string }
  | { kind: 'urlencoded'; contentType: string; fields: FormField[] }
  | { kind: 'multipart'; contentType: string; fields: FormField[] }
  /** Raw bytes (`byte[]`, `InputStream`, `Resource`): sent from the file `file`, a name placeholder. */
  | { kind: 'file'; contentType: string; file: string };

/** The file a raw binary body is read from; the user puts the bytes to send there. */
export const BODY_FILE = 'body.bin';

export type PathPart = { literal: string } | { param: string };

export interface RequestTemplate {
  /** The verb sent: `ALL` (no restriction) is sent as GET. */
  method: string;
  /** contextPath + servletPath + path, templates as `{name}`. */
  path: string;
  parts: PathPart[];
  pathParams: NameValue[];
  query: NameValue[];
  /** Declared headers, then `Content-Type` when there is a body and no declared one. */
  headers: NameValue[];
  cookies: NameValue[];
  body?: TemplateBody;
}

export function basePath(endpoint: Endpoint, modules: readonly ModuleSummary[] | undefined): string {
  const m = modules?.find((x) => x.name === endpoint.module);
  return `${m?.contextPath ?? ''}${m?.servletPath ?? ''}`.replace(/\/+$/, '');
}

/** The path a client sends to; Spring's catch-all `{*rest}` is the parameter `rest` there. */
export function fullPath(endpoint: Endpoint, modules: readonly ModuleSummary[] | undefined): string {
  const path = endpoint.path.includes('{*') ? endpoint.path.replace(/\{\*([^{}/]+)\}/g, '{$1}') : endpoint.path;
  return `${basePath(endpoint, modules)}${path}`;
}

/** The verb a client sends for this endpoint. */
export function sentMethod(endpoint: Endpoint): string {
  return endpoint.method === 'ALL' ? 'GET' : endpoint.method;
}

/**
 * The path's literals and templates. A `${key}` the scan kept (a configuration key or a constant it
 * could not fold, declared as the path parameter `key`) is that parameter's template whole, `$`
 * included: written as `{key}`'s value, not after a literal `$`.
 */
export function splitPath(path: string): PathPart[] {
  const parts: PathPart[] = [];
  const re = /\$?\{([^{}/]+)\}/g;
  let last = 0;
  for (let m = re.exec(path); m; m = re.exec(path)) {
    if (m.index > last) parts.push({ literal: path.slice(last, m.index) });
    parts.push({ param: m[1]!.replace(/^\*/, '') }); // `{*rest}`: the catch-all parameter `rest`
    last = m.index + m[0].length;
  }
  if (last < path.length) parts.push({ literal: path.slice(last) });
  return parts;
}

export function pathParamNames(path: string): string[] {
  const names: string[] = [];
  if (!path.includes('{')) return names;
  // As splitPath, without building the parts (the OpenAPI export asks for every operation).
  const re = /\{([^{}/]+)\}/g;
  for (let m = re.exec(path); m; m = re.exec(path)) names.push(m[1]!.startsWith('*') ? m[1]!.slice(1) : m[1]!);
  return names;
}

/** The path with each template filled; `encode` decides how a value is written into a URL. */
export function fillPath(parts: readonly PathPart[], value: (name: string) => string): string {
  return parts.map((p) => ('literal' in p ? p.literal : value(p.param))).join('');
}

/**
 * A URL-safe path segment or query value: RFC 3986 unreserved characters stay, the rest is
 * percent-encoded, except `{{name}}` / `${name}` placeholders, which the consumer fills.
 */
export function encodeSegment(value: string): string {
  if (!value.includes('{{') && !value.includes('${')) return encodeStrict(value);
  let out = '';
  let last = 0;
  for (const m of value.matchAll(/\{\{[^{}]*\}\}|\$\{[^{}]*\}/g)) {
    out += encodeStrict(value.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + encodeStrict(value.slice(last));
}

function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function buildTemplate(endpoint: Endpoint, modules?: readonly ModuleSummary[]): RequestTemplate {
  const path = fullPath(endpoint, modules);
  const parts = splitPath(path);
  const params = endpoint.request?.params ?? [];
  const rows = (location: Param['in']): NameValue[] => params.filter((p) => p.in === location).flatMap(paramRows);
  const declared = new Map(params.filter((p) => p.in === 'path').map((p) => [p.name, p]));
  // Every template in the path gets a value, declared or not: a client cannot send `{id}`.
  const pathParams = pathParamNames(path).map((name) => {
    const p = declared.get(name);
    return p ? { ...paramRows(p)[0]!, enabled: true } : { name, value: valueText(pathVariableExample(name)), description: '', required: true, enabled: true };
  });
  const headers = rows('header');
  const body = templateBody(endpoint, params);
  if (body && !headers.some((h) => h.name.toLowerCase() === 'content-type')) {
    // A multipart boundary is the client's to choose: its Content-Type is left to the tool.
    if (body.kind !== 'multipart') headers.push({ name: 'Content-Type', value: body.contentType, description: '', required: true, enabled: true });
  }
  return { method: sentMethod(endpoint), path, parts, pathParams, query: rows('query'), headers, cookies: rows('cookie'), body };
}

function templateBody(endpoint: Endpoint, params: readonly Param[]): TemplateBody | undefined {
  const body = endpoint.request?.body;
  const declared = params.filter((p) => p.in === 'form');
  // A form declared as one body schema (SpringDoc's functional endpoints) is sent as its fields.
  const form = declared.length ? declared : (bodyFormParams(body) ?? []);
  const consumes = [...(endpoint.request?.consumes ?? endpoint.consumes ?? []), ...(declared.length || !body ? [] : [body.contentType])];
  if (form.length) {
    const multipart = form.some((p) => p.file) || consumes.some((c) => c.startsWith('multipart/'));
    const fields = form.flatMap((p) => paramRows(p).map((r) => ({ ...r, file: p.file === true, value: p.file ? `${p.name}.bin` : r.value })));
    return multipart
      ? { kind: 'multipart', contentType: 'multipart/form-data', fields }
      : { kind: 'urlencoded', contentType: 'application/x-www-form-urlencoded', fields };
  }
  if (!body) return undefined;
  if (isBinaryBody(body)) return { kind: 'file', contentType: body.contentType, file: BODY_FILE };
  if (isJson(body.contentType)) return { kind: 'json', contentType: body.contentType, value: body.example ?? exampleOf(body.schema) };
  const example = body.example;
  return { kind: 'text', contentType: body.contentType, text: typeof example === 'string' ? example : example === undefined ? '' : JSON.stringify(example) };
}

export function isJson(contentType: string): boolean {
  return /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType) || contentType === '*/*';
}

/** One row per value: an array-valued query parameter is repeated (`?tag=a&tag=b`). */
function paramRows(p: Param): NameValue[] {
  // A model without an example gets one from its schema's type, as before; the policy decides the rest.
  const withExample = p.example === undefined && p.default === undefined ? { ...p, example: exampleOf(p.schema) } : p;
  const { values, enabled } = paramValues(withExample);
  return values.map((value) => ({ name: p.name, value, description: p.description, required: p.required, enabled }));
}

/** Only the rows a client sends. */
export function sentRows<T extends NameValue>(rows: readonly T[]): T[] {
  return rows.filter((r) => r.enabled);
}

/** The template as a command sends it (cURL, .http): rows that are off are left out. */
export function sentTemplate(t: RequestTemplate): RequestTemplate {
  const body = t.body && (t.body.kind === 'urlencoded' || t.body.kind === 'multipart') ? { ...t.body, fields: sentRows(t.body.fields) } : t.body;
  return { ...t, query: sentRows(t.query), headers: sentRows(t.headers), cookies: sentRows(t.cookies), body };
}

/** A value as it travels in a URL, header or form field. */
export function valueText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A last-resort example from the schema's type, for models without one. */
export function exampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return null;
  }
}

/** A body as its text: JSON serialised (indented when asked), other kinds as given; a file body has none. */
export function bodyText(body: TemplateBody, pretty = false): string {
  switch (body.kind) {
    case 'json':
      return JSON.stringify(body.value, null, pretty ? 2 : undefined) ?? 'null';
    case 'text':
      return body.text;
    case 'urlencoded':
      return body.fields.map((f) => `${formEncode(f.name)}=${formEncode(f.value)}`).join('&');
    case 'multipart':
      return body.fields.map((f) => `${f.name}=${f.value}`).join('&');
    case 'file':
      return '';
  }
}

/** application/x-www-form-urlencoded, as browsers and URLSearchParams write it. */
export function formEncode(s: string): string {
  return new URLSearchParams([['', s]]).toString().slice(1);
}

/** Query string with percent-encoding (`%20` for a space): accepted by every consumer. */
export function queryString(query: readonly NameValue[]): string {
  return query.map((q) => `${encodeSegment(q.name)}=${encodeSegment(q.value)}`).join('&');
}

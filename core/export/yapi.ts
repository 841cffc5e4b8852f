// YApi import JSON (the API-management platform): an array of categories `{name, desc, list}`
// holding interfaces as YApi's interface model stores them (server/models/interface.js), with
// JSON Schema request and response bodies. `tag: []` is always written: yapi-to-typescript, a
// common consumer, crashes without it. YApi has no gRPC interfaces and a fixed verb list.

import type { Endpoint } from '../model/endpoint';
import { buildTemplate, fullPath, isJson } from './request-template';
import { exportOrder, folderDescription, groupBy } from './stable';
import type { ExportOptions, ExportResult, SkippedEndpoint } from './types';
import { describedWithDeprecation } from './deprecation';
import { JsonItems, fileOfPieces, jsonPieces } from './json-pieces';
import { perSchema } from './per-schema';
import type { JsonSchema } from '../model/request';
import { variablesOf, withAuthRow, authOfExport, alternativesNote, digestNote } from './auth';

const YAPI_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH']);

export function exportYapi(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const skipped: SkippedEndpoint[] = [];
  const warnings: string[] = [];
  const kept = exportOrder(endpoints).filter((e) => {
    if (e.protocol === 'grpc') skipped.push({ id: e.id, address: e.address, reason: 'YApi has no gRPC interfaces' });
    else if (!YAPI_METHODS.has(e.method === 'ALL' ? 'GET' : e.method)) skipped.push({ id: e.id, address: e.address, reason: `YApi has no method ${e.method}` });
    else return true;
    return false;
  });
  const modules = new Set(kept.map((e) => e.module));
  const schemaText = perSchema((schema) => JSON.stringify(schema, null, 2));
  const categories = groupBy(kept, (e) => `${e.module}\u0000${e.folder}`).map((g) => {
    const { module, folder } = g.items[0]!;
    return {
      // One module: the folder names alone read best; several: prefixed, so equal folder names stay apart.
      name: modules.size > 1 ? `${module} / ${folder}` : folder,
      desc: [folderDescription(g.items), `${module}: ${[...new Set(g.items.map((e) => e.className))].join(', ')}`].filter(Boolean).join('\n'),
      list: g.items.reduce((list, e, index) => {
        if (e.method === 'ALL') warnings.push(`${e.address}: accepts any method; written as GET`);
        list.push(yapiInterface(e, index, options, warnings, schemaText));
        return list;
        // Each interface is written out as it is made (json-pieces.ts).
      }, new JsonItems(2)),
    };
  });
  const path = 'yapi.json';
  return {
    files: [fileOfPieces(path, [...jsonPieces(categories, categories.map((c) => c.list)), '\n'])],
    summary: { channel: 'yapi', selected: endpoints.length, exported: kept.length, skipped, warnings, files: [path] },
  };
}

/**
 * YApi accepts only literal segments and `{name}` templates: Spring's `{*rest}` becomes `{rest}`,
 * a `**` segment `{rest}` and a `*` in a segment a `{wildcardN}` template, each a path parameter.
 */
export function yapiPath(path: string): { path: string; added: string[] } {
  if (!path.includes('*')) return { path, added: [] };
  const added: string[] = [];
  const taken = new Set([...path.matchAll(/\{\*?([^{}/]+)\}/g)].map((m) => m[1]!));
  const fresh = (base: string) => {
    let name = base;
    for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
    taken.add(name);
    added.push(name);
    return `{${name}}`;
  };
  const out = path
    .split('/')
    .map((seg) => {
      const capture = /^\{\*([^{}/]+)\}$/.exec(seg);
      if (capture) return `{${capture[1]}}`;
      if (seg === '**') return fresh('rest');
      return seg.includes('*') ? seg.replace(/\*+/g, () => fresh('wildcard')) : seg;
    })
    .join('/');
  return { path: out, added };
}

function yapiInterface(e: Endpoint, index: number, options: ExportOptions, warnings: string[], schemaText: (schema: JsonSchema) => string) {
  // YApi's interface has no auth of its own: the credential is a documented row, its example the
  // `{{variable}}` form the other channels send; basic, which no tool can encode from a placeholder, says how.
  const auth = authOfExport(e, options);
  const t = withAuthRow(buildTemplate(e, options.modules), auth);
  // Digest is a challenge the client answers: no row can hold it, so the description says what to set.
  const notes = [alternativesNote(auth), digestNote(auth, 'YApi')].filter(Boolean).join('\n');
  if (auth?.kind === 'digest') warnings.push(`${e.address}: security scheme ${auth.scheme.name} is HTTP Digest, which YApi cannot express: its description says so`);
  if (auth?.kind === 'basic') t.headers.push({ name: 'Authorization', value: `Basic base64({{${auth.user}}}:{{${auth.password}}})`, description: variablesOf(auth).map((v) => v.description).join('; '), required: true, enabled: true });
  const params = e.request?.params ?? [];
  const describe = (name: string) => params.find((p) => p.name === name)?.description ?? '';
  const row = (r: { name: string; value: string; description: string; required: boolean }) => ({
    name: r.name,
    // YApi sends a header's `value`; the Content-Type must be the one the endpoint consumes.
    value: r.name.toLowerCase() === 'content-type' ? r.value : '',
    example: r.value,
    desc: r.description,
    required: r.required ? '1' : '0',
  });
  const body = e.request?.body;
  const form = t.body?.kind === 'urlencoded' || t.body?.kind === 'multipart' ? t.body : undefined;
  const reqBody = form
    ? {
        req_body_type: 'form',
        req_body_form: form.fields.map((f) => ({ name: f.name, type: f.file ? 'file' : 'text', example: f.value, value: '', desc: f.description, required: f.required ? '1' : '0' })),
      }
    : body && isJson(body.contentType)
      ? { req_body_type: 'json', req_body_other: schemaText(body.schema), req_body_is_json_schema: true, req_body_form: [] }
      : t.body?.kind === 'file'
        ? { req_body_type: 'file', req_body_form: [] }
        : body
          ? { req_body_type: 'raw', req_body_other: typeof body.example === 'string' ? body.example : '', req_body_form: [] }
          : { req_body_type: 'raw', req_body_form: [] };
  const response = e.response;
  const resBody =
    response?.schema && isJson(response.contentType)
      ? { res_body_type: 'json', res_body: schemaText(response.schema), res_body_is_json_schema: true }
      : { res_body_type: 'raw', res_body: typeof response?.example === 'string' ? response.example : '', res_body_is_json_schema: false };
  const { path, added } = yapiPath(fullPath(e, options.modules));
  if (added.length) warnings.push(`${e.address}: wildcards written as YApi path parameters ${added.map((a) => `{${a}}`).join(', ')}`);
  return {
    title: e.name,
    path,
    method: e.method === 'ALL' ? 'GET' : e.method,
    status: 'done',
    desc: describedWithDeprecation(e, notes),
    markdown: describedWithDeprecation(e, notes),
    tag: e.deprecated ? ['deprecated'] : [],
    index,
    req_params: [
      ...t.pathParams.map((p) => ({ name: p.name.replace(/^\*/, ''), desc: describe(p.name), example: p.value })),
      ...added.map((name) => ({ name, desc: 'matches any path the wildcard matches', example: name })),
    ],
    req_query: t.query.map(row),
    req_headers: [...t.headers.map(row), ...t.cookies.map((c) => ({ ...row(c), name: 'Cookie', example: `${c.name}=${c.value}` }))],
    ...reqBody,
    ...resBody,
  };
}

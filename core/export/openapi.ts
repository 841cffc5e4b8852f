// OpenAPI export: 3.0.3 by default (widest tool support), 3.1.0 on request. Shared DTOs become
// components, folders become tags, the host becomes the server. gRPC methods and verbs OpenAPI
// cannot name are left out with a note; `ALL` (no method restriction) is described as GET.

import type { Endpoint, ModuleSummary, SecuritySchemeDecl } from '../model/endpoint';
import { REQUIRED_IN_CODE } from '../model/request';
import type { JsonSchema, Param } from '../model/request';
import { hostPlan } from './host';
import { Components } from './json-schema';
import { YamlDocument, yamlLines } from './yaml-emitter';
import { fileOfPieces } from './json-pieces';
import type { Piece } from './utf8-chunks';
import { fullPath, pathParamNames } from './request-template';
import { isBinaryBody } from '../model/binary-body';
import { configKeyDescription, configKeyWarning, configPlaceholderPath } from './openapi-config-paths';
import { compareText, exportOrder } from './stable';
import { isOtherRepresentation, mergeRepresentation } from './openapi-representations';
import type { ExportOptions, ExportResult, SkippedEndpoint } from './types';

const OPERATION_METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE']);

export function exportOpenApi(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const version = options.openapi?.version ?? '3.0.3';
  const format = options.openapi?.format ?? 'yaml';
  const components = new Components(version === '3.1.0' ? '3.1' : '3.0');
  const skipped: SkippedEndpoint[] = [];
  const warnings: string[] = [];
  const paths: Record<string, Record<string, unknown>> = {};
  const tags: { name: string; description?: string }[] = [];
  const seenTags = new Map<string, { name: string; description?: string }>();
  let exported = 0;
  const described: { e: Endpoint; path: string; item: Record<string, unknown>; key: string; renamed?: Map<string, string>; configKeys: string[] }[] = [];
  /** Handlers of a kept endpoint's method and path that serve other media types: merged into its operation. */
  const representations = new Map<Endpoint, { e: Endpoint; renamed?: Map<string, string>; configKeys: string[] }[]>();
  const templates = new PathTemplates();
  /** The endpoint each `METHOD path` of the document describes, for the reason a second one is left out. */
  const keptAt = new Map<string, Endpoint>();
  const security = new SecuritySchemes(options.modules);

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
    const served = configPlaceholderPath(fullPath(e, options.modules));
    const { path, renamed } = templates.key(served.path);
    const item = (paths[path] ??= {});
    const key = method.toLowerCase();
    if (item[key]) {
      const kept = keptAt.get(`${method} ${path}`)!;
      if (isOtherRepresentation(kept, e)) {
        const list = representations.get(kept) ?? representations.set(kept, []).get(kept)!;
        list.push(renamed ? { e, renamed, configKeys: served.keys } : { e, configKeys: served.keys });
        warnings.push(`${e.address}: ${simpleOf(kept)}.${kept.source.member} and ${simpleOf(e)}.${e.source.member} serve it with different media types; described as one operation with both`);
        continue;
      }
      skipped.push({ id: e.id, address: e.address, reason: duplicateReason(method, path, e, kept) });
      continue;
    }
    if (e.method === 'ALL') warnings.push(`${e.address}: accepts any method; described as GET`);
    for (const k of served.keys) warnings.push(`${e.address}: ${configKeyWarning(k)}`);
    let tag = seenTags.get(e.folder);
    if (!tag) {
      seenTags.set(e.folder, (tag = { name: e.folder }));
      tags.push(tag);
    }
    // The springdoc tag's description (`@Tag(name, description)`), as springdoc's own document has it.
    if (e.folderDescription && !tag.description) tag.description = e.folderDescription;
    item[key] = true; // taken: the operation is written once every operationId is known
    keptAt.set(`${method} ${path}`, e);
    described.push(renamed ? { e, path, item, key, renamed, configKeys: served.keys } : { e, path, item, key, configKeys: served.keys });
  }
  const operationIds = operationIdsOf(described.map((d) => d.e));
  const hosts = hostPlan(described.map((d) => d.e), options);
  // As YAML each operation is written as it is made (yaml-emitter.ts): kept whole until the end,
  // thousands of operations' objects outlived the young generation and were copied by the
  // collector. They are made in the same order either way (components are named in it).
  const yaml = format === 'yaml';
  /** The components each operation's request names, and those each tag's client class imports. */
  const ownRequestTypes: Set<string>[] = [];
  const importedByTag = new Map<string, Set<string>>();
  for (let i = 0; i < described.length; i++) {
    const { e, path, item, key, renamed, configKeys } = described[i]!;
    const op = operation(e, path, operationIds[i]!, components, security, warnings, configKeys, renamed);
    for (const alt of representations.get(e) ?? []) {
      mergeRepresentation(op, operation(alt.e, path, operationIds[i]!, components, security, warnings, alt.configKeys, alt.renamed));
      exported++;
    }
    const own = requestRefs(op);
    ownRequestTypes.push(own);
    const imported = importedByTag.get(e.folder) ?? importedByTag.set(e.folder, new Set()).get(e.folder)!;
    for (const name of [...own, ...responseRefs(op)]) imported.add(name);
    // Applications on different addresses: each operation names its own (an operation's servers override the document's).
    if (hosts.perModule) op.servers = [serverOf(hosts.variables.find((v) => v.module === e.module)!)];
    item[key] = yaml ? yamlLines(op, 3) : op;
    exported++;
  }
  // Only now are all components named: an operationId whose generated request type would take a component's name is renamed.
  const importedBy = described.map((d) => importedByTag.get(d.e.folder)!);
  for (const [i, id] of requestTypeClashes(operationIds, ownRequestTypes, importedBy)) {
    const { item, key } = described[i]!;
    const op = item[key];
    if (typeof op === 'string') item[key] = op.replace(/^( *)operationId: \S+$/m, `$1operationId: ${id}`);
    else (op as Record<string, unknown>).operationId = id;
  }
  for (const name of components.ignoredExamples) warnings.push(`${name}: the example written in the source is not a value of the declared type; left out`);

  const doc: Record<string, unknown> = {
    openapi: version,
    info: { title: options.title ?? 'API', version: '1.0.0' },
    servers: hosts.perModule ? hosts.variables.map(serverOf) : [{ url: hosts.variables[0]!.value }],
    tags,
    paths,
  };
  const componentsDoc: Record<string, unknown> = {};
  if (Object.keys(components.schemas).length) componentsDoc.schemas = sortKeys(components.schemas);
  if (security.used) componentsDoc.securitySchemes = security.schemes();
  if (Object.keys(componentsDoc).length) doc.components = componentsDoc;
  const { pieces, length } = yaml ? yamlOf(doc) : { pieces: [`${JSON.stringify(doc, null, 2)}\n`], length: 0 };
  // Common YAML parsers refuse larger documents (js-yaml's and SnakeYAML's code-point limits).
  if (format === 'yaml' && length > YAML_SIZE_WARNING) warnings.push(`the document is ${(length / 1024 / 1024).toFixed(1)} MB of YAML, over the 3 MB many YAML parsers accept: export it as .json (--out openapi.json)`);
  const file = format === 'json' ? 'openapi.json' : 'openapi.yaml';
  return {
    files: [fileOfPieces(file, pieces)],
    summary: { channel: 'openapi', selected: endpoints.length, exported, skipped, warnings, files: [file] },
  };
}

/** The document as YAML, its paths' operations already written as lines (`yamlLines`). */
function yamlOf(doc: Record<string, unknown>): { pieces: Piece[]; length: number } {
  const out = new YamlDocument();
  for (const [k, v] of Object.entries(doc)) {
    if (v === undefined) continue;
    if (k !== 'paths') {
      out.entry(k, v, 0);
      continue;
    }
    const paths = v as Record<string, Record<string, string>>;
    if (!Object.keys(paths).length) {
      out.entry(k, paths, 0);
      continue;
    }
    out.key(k, 0);
    for (const [path, item] of Object.entries(paths)) {
      out.key(path, 1);
      for (const [method, lines] of Object.entries(item)) {
        out.key(method, 2);
        out.text(lines);
      }
    }
  }
  return out.end();
}

function serverOf(v: { value: string; module?: string }): { url: string; description?: string } {
  return v.module !== undefined ? { url: v.value, description: v.module } : { url: v.value };
}

function operation(e: Endpoint, path: string, operationId: string, components: Components, security: SecuritySchemes, warnings: string[], configKeys: readonly string[], renamed?: Map<string, string>) {
  const params = e.request?.params ?? [];
  const parameters: unknown[] = [];
  // Every template in the path must be declared: validators reject an undeclared one.
  for (const name of pathParamNames(path)) {
    const own = renamed?.get(name) ?? name;
    const p = params.find((x) => x.in === 'path' && x.name === own);
    if (!p) warnings.push(`${e.address}: path parameter '${own}' not found in source; declared as a string`);
    let declared: Param = p ?? { name, in: 'path', required: true, schema: { type: 'string' }, description: '' };
    if (!declared.description && configKeys.includes(own)) declared = { ...declared, description: configKeyDescription(own) };
    parameters.push(parameter(own === name ? declared : { ...declared, name }, components, e.address));
  }
  let requirement: Record<string, string[]> | undefined;
  const declaredSecurity = e.security && security.declared(e, warnings);
  for (const p of params) {
    // OpenAPI ignores a header parameter named Authorization: the security requirement says it.
    if (p.in === 'header' && p.name.toLowerCase() === 'authorization') {
      requirement = security.use(p);
      continue;
    }
    if (p.in === 'query' || p.in === 'header' || p.in === 'cookie') parameters.push(parameter(p, components, e.address));
  }
  // Keys assigned in order rather than spread from conditional literals: thousands of operations
  // are built while the code still runs unoptimised, where each spread is a copy through the runtime.
  const op: Record<string, unknown> = { tags: [e.folder], summary: e.name };
  if (e.description) op.description = e.description;
  op.operationId = operationId;
  if (e.deprecated) op.deprecated = true;
  if (parameters.length) op.parameters = parameters;
  // Declared requirements (any one suffices) win over what an Authorization header suggests.
  // An empty requirement first: a call without credentials is served too (OpenAPI's optional security).
  if (declaredSecurity) op.security = e.securityOptional && declaredSecurity.length ? [{}, ...declaredSecurity] : declaredSecurity;
  else if (requirement) op.security = [requirement];
  const body = requestBody(e, components);
  if (body) op.requestBody = body;
  op.responses = responses(e, components);
  return op;
}

const YAML_SIZE_WARNING = 3 * 1024 * 1024;

/**
 * One key per path that differs only in its template names: OpenAPI forbids both
 * `/people/{personId}` and `/people/{id}` (they are the same path), which a handler per verb with
 * its own variable name makes common. The later path takes the first one's names; a path
 * variable's name is never sent, so the operation still describes the same requests.
 */
class PathTemplates {
  private readonly byShape = new Map<string, string>();

  key(path: string): { path: string; renamed?: Map<string, string> } {
    if (!path.includes('{')) return { path };
    const shape = path.replace(/\{[^{}/]+\}/g, '{}');
    const first = this.byShape.get(shape);
    if (first === undefined) {
      this.byShape.set(shape, path);
      return { path };
    }
    if (first === path) return { path };
    const theirs = pathParamNames(first);
    const ours = pathParamNames(path);
    // Only a plain renaming: a name used twice on either side would merge distinct variables.
    if (new Set(theirs).size !== theirs.length || new Set(ours).size !== ours.length) return { path };
    return { path: first, renamed: new Map(theirs.map((name, i) => [name, ours[i]!])) };
  }
}

/**
 * operationIds that generators turn into method names: the one the source names
 * (`@Operation(operationId)`), else the source method (`getCart`); when several endpoints share
 * it, `CartController_getCart`; when that is shared too (overloads), numbered in export order.
 * Only letters, digits and `_`, so they are URL-safe. Aligned with `endpoints`.
 */
function operationIdsOf(endpoints: readonly Endpoint[]): string[] {
  const cleaned = new Map<string, string>();
  const clean = (s: string) => {
    let c = cleaned.get(s);
    if (c === undefined) cleaned.set(s, (c = s.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'operation'));
    return c;
  };
  const members = endpoints.map((e) => clean(e.operationId ?? e.source.member));
  const short = new Map<string, number>();
  for (const m of members) short.set(m, (short.get(m) ?? 0) + 1);
  const chosen = endpoints.map((e, i) => (short.get(members[i]!)! > 1 ? `${clean(e.className.slice(e.className.lastIndexOf('.') + 1))}_${members[i]}` : members[i]!));
  const taken = new Set(chosen);
  const seen = new Map<string, number>();
  return chosen.map((base) => {
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    let id = base;
    if (n > 1) {
      for (let k = n; taken.has(id); k++) id = `${base}_${k}`;
      taken.add(id);
    }
    return id;
  });
}

/** The component a schema names directly (itself or as its items), if any. */
function refName(schema: unknown): string | undefined {
  const s = schema as { $ref?: string; items?: { $ref?: string } } | undefined;
  const ref = s?.$ref ?? s?.items?.$ref;
  return ref ? ref.slice(ref.lastIndexOf('/') + 1) : undefined;
}

/** Component names an operation's request body and parameters refer to directly. */
function requestRefs(op: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  const content = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  for (const media of Object.values(content ?? {})) out.add(refName(media.schema) ?? '');
  for (const p of (op.parameters as { schema?: unknown }[] | undefined) ?? []) out.add(refName(p.schema) ?? '');
  out.delete('');
  return out;
}

/** Component names an operation's responses refer to directly. */
function responseRefs(op: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const r of Object.values((op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>) ?? {})) {
    for (const media of Object.values(r.content ?? {})) {
      const name = refName(media.schema);
      if (name) out.push(name);
    }
  }
  return out;
}

/**
 * openapi-generator's typescript-fetch client (one class per tag) names the parameters of
 * operation `prepareShare` `PrepareShareRequest`. When the operation's own request names a
 * component of that name it renames its type (`PrepareShareOperationRequest`); when only another
 * operation of the same class uses that component (Graylog has both), it does not, and the client
 * does not compile. Such an operationId gets `Operation` appended (`prepareShareOperation`).
 * Returns the new ids by position.
 */
function requestTypeClashes(ids: readonly string[], own: readonly Set<string>[], imported: readonly Set<string>[]): Map<number, string> {
  const out = new Map<number, string>();
  const requestType = (id: string) => `${id.charAt(0).toUpperCase()}${id.slice(1).replace(/_+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase())}Request`;
  const clashes = (id: string, i: number) => imported[i]!.has(requestType(id)) && !own[i]!.has(requestType(id));
  if (!ids.some(clashes)) return out;
  const taken = new Set(ids);
  ids.forEach((id, i) => {
    if (!clashes(id, i)) return;
    let renamed = `${id}Operation`;
    for (let k = 2; taken.has(renamed) || imported[i]!.has(requestType(renamed)); k++) renamed = `${id}Operation${k}`;
    taken.add(renamed);
    out.set(i, renamed);
  });
  return out;
}

/**
 * Security schemes from what the source shows: an `Authorization` header parameter is HTTP
 * bearer or basic authentication when its example says so, else an API key in that header.
 */
class SecuritySchemes {
  private readonly found = new Map<string, Record<string, unknown>>();
  private readonly warned = new Set<string>();
  constructor(private readonly modules: readonly ModuleSummary[] | undefined) {}
  /**
   * The requirements of an endpoint that declares its security: one per scheme its module
   * declares (`[]` when it declares none, springdoc's "public"). A name no `@SecurityScheme`
   * defines is left out with a warning: an undefined scheme would make the document invalid.
   */
  declared(e: Endpoint, warnings: string[]): Record<string, string[]>[] | undefined {
    const schemes = this.modules?.find((m) => m.name === e.module)?.securitySchemes ?? [];
    const out: Record<string, string[]>[] = [];
    for (const name of e.security!) {
      const s = schemes.find((x) => x.name === name);
      if (!s) {
        if (!this.warned.has(name)) warnings.push(`security scheme '${name}' is required in the source but no @SecurityScheme declares it; left out`);
        this.warned.add(name);
        continue;
      }
      this.found.set(name, schemeObject(s));
      out.push({ [name]: [] });
    }
    return out.length || !e.security!.length ? out : undefined;
  }
  get used(): boolean {
    return this.found.size > 0;
  }
  use(p: Param): Record<string, string[]> {
    const example = String(p.example ?? p.default ?? '').trim().toLowerCase();
    const [name, scheme]: [string, Record<string, unknown>] = example.startsWith('bearer')
      ? ['bearerAuth', { type: 'http', scheme: 'bearer' }]
      : example.startsWith('basic')
        ? ['basicAuth', { type: 'http', scheme: 'basic' }]
        : ['authorizationHeader', { type: 'apiKey', in: 'header', name: 'Authorization' }];
    this.found.set(name, { ...scheme, ...(p.description ? { description: p.description } : {}) });
    return { [name]: [] };
  }
  schemes(): Record<string, unknown> {
    return sortKeys(Object.fromEntries(this.found));
  }
}

/** An OpenAPI security scheme object from the declaration. */
function schemeObject(s: SecuritySchemeDecl): Record<string, unknown> {
  const o: Record<string, unknown> = { type: s.type };
  if (s.description) o.description = s.description;
  if (s.type === 'http') Object.assign(o, { scheme: s.scheme ?? 'bearer' }, s.bearerFormat ? { bearerFormat: s.bearerFormat } : {});
  else if (s.type === 'apiKey') Object.assign(o, { in: s.in ?? 'header', name: s.paramName ?? s.name });
  else if (s.type === 'openIdConnect') o.openIdConnectUrl = s.openIdConnectUrl ?? '';
  else o.flows = s.flows ?? {};
  return o;
}

function parameter(p: Param, components: Components, address: string) {
  const out: Record<string, unknown> = { name: p.name, in: p.in };
  if (p.description) out.description = p.description;
  // OpenAPI: a path parameter is always required.
  out.required = p.in === 'path' ? true : p.required;
  const schema = withDefault(p);
  components.noteIgnoredExample(schema, `${address}: ${p.in} parameter ${p.name}`);
  out.schema = components.use(schema);
  if (p.example !== undefined) out.example = p.example;
  return out;
}

function withDefault(p: Param): Param['schema'] {
  if (p.default === undefined || p.schema.default !== undefined) return p.schema;
  const value = typedDefault(p.default, p.schema);
  return value === undefined ? p.schema : { ...p.schema, default: value };
}

/**
 * `@RequestParam(defaultValue = "20")` is text in the source: written in the parameter's type
 * (`default: 20`); undefined when it is not a value of that type.
 */
function typedDefault(text: string, schema: Param['schema']): unknown {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const trimmed = text.trim();
  switch (type) {
    case 'integer':
      return /^[-+]?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
    case 'number':
      return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : undefined;
    case 'boolean':
      return trimmed === 'true' ? true : trimmed === 'false' ? false : undefined;
    case 'array': {
      const items = trimmed === '' ? [] : trimmed.split(',').map((x) => typedDefault(x.trim(), (schema.items ?? {}) as Param['schema']));
      return items.includes(undefined) ? undefined : items;
    }
    default:
      return text;
  }
}

function requestBody(e: Endpoint, components: Components) {
  const form = (e.request?.params ?? []).filter((p) => p.in === 'form');
  if (form.length) {
    const multipart = form.some((p) => p.file) || (e.request?.consumes ?? []).some((c) => c.startsWith('multipart/'));
    const properties: Record<string, unknown> = {};
    for (const p of form) {
      if (p.file) {
        properties[p.name] = { ...fileSchema(components, 'application/octet-stream'), ...(p.description ? { description: p.description } : {}) };
        continue;
      }
      const schema = { ...p.schema, ...(p.description ? { description: p.description } : {}) };
      components.noteIgnoredExample(schema, `${e.address}: form field ${p.name}`);
      properties[p.name] = components.use(schema);
    }
    const required = form.filter((p) => p.required).map((p) => p.name);
    const schema = { type: 'object', properties, ...(required.length ? { required } : {}) };
    return { required: required.length > 0, content: { [multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded']: { schema } } };
  }
  const body = e.request?.body;
  if (!body) return undefined;
  const out: Record<string, unknown> = {};
  if (body.description) out.description = body.description;
  out.required = body.required;
  const schema = isBinaryBody(body) ? fileSchema(components, body.contentType) : bodySchema(body.schema, components);
  out.content = { [body.contentType]: mediaType(schema, body.example) };
  return out;
}

/**
 * A body's schema; properties only this handler's checks require (`x-required-in-code`) are added
 * beside the class's component, which the class's other uses share.
 */
function bodySchema(schema: JsonSchema, components: Components): Record<string, unknown> {
  const checked = schema[REQUIRED_IN_CODE];
  if (!Array.isArray(checked) || checked.length === 0) return components.use(schema);
  const { [REQUIRED_IN_CODE]: _checked, required, ...rest } = schema;
  const own = (required ?? []).filter((r) => !checked.includes(r));
  const base: JsonSchema = own.length ? { ...rest, required: own } : rest;
  return { allOf: [components.use(base), { required: checked }] };
}

/**
 * Bytes sent as they are (an upload, a raw body): 3.0 marks them `format: binary`; 3.1 names their
 * media type instead (`contentMediaType`), as its JSON Schema dialect describes binary content.
 */
function fileSchema(components: Components, contentType: string): Record<string, unknown> {
  return components.dialect === '3.1' ? { type: 'string', contentMediaType: contentType } : { type: 'string', format: 'binary' };
}

/** `schema`, then the example when there is one. */
function mediaType(schema: Record<string, unknown>, example: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { schema };
  if (example !== undefined) out.example = example;
  return out;
}

/**
 * The success response (`@ResponseStatus` code, else 200) from the return type, then the
 * responses the source declares; a declared one with the success code only adds its description.
 */
function responses(e: Endpoint, components: Components): Record<string, unknown> {
  const success = e.status ?? '200';
  const declared = e.responses;
  // Most operations declare nothing more: one entry, nothing to merge or sort.
  if (!declared?.length) return { [success]: response(e, components) };
  const out: Record<string, Record<string, unknown>> = { [success]: response(e, components) };
  for (const r of declared) {
    const written: Record<string, unknown> = { description: r.description || (r.status === success ? String(out[success]!.description) : 'Declared in the source') };
    if (r.schema) written.content = { [r.contentType ?? 'application/json']: { schema: components.use(r.schema) } };
    if (r.status === success) out[success] = { ...out[success], ...written };
    else if (!out[r.status]) out[r.status] = written;
  }
  const sorted: Record<string, unknown> = {};
  for (const k of Object.keys(out).sort((a, b) => (a === 'default' ? 1 : b === 'default' ? -1 : compareText(a, b)))) sorted[k] = out[k];
  return sorted;
}

function response(e: Endpoint, components: Components) {
  const r = e.response;
  const description = r?.description || 'OK';
  if (!r?.schema) return { description };
  return { description, content: { [r.contentType]: mediaType(components.use(r.schema), r.example) } };
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]!]));
}

/**
 * Why a second endpoint at the same method and path is left out: which one the document kept, and,
 * when that one is of another module (a repository of several applications, such as a set of
 * quick-starts that each serve GET /fruits), that exporting one module at a time keeps both.
 */
function simpleOf(e: Endpoint): string {
  return e.className.slice(e.className.lastIndexOf('.') + 1);
}

function duplicateReason(method: string, path: string, e: Endpoint, kept: Endpoint): string {
  const simple = simpleOf(kept);
  if (kept.module !== e.module) return `another endpoint already describes ${method} ${path}: ${simple} in module ${kept.module}; export one module at a time to keep both`;
  return `another endpoint already describes ${method} ${path}: ${simple}.${kept.source.member}`;
}

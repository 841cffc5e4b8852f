// Postman Collection v2.1.0 (request-collection tool A): a folder per module, a folder per
// class folder inside it, `:name` path variables with their values in `url.variable`, and a
// Postman environment file from the active environment. The v2.1 schema has no gRPC items, so
// gRPC endpoints are left out with a note.

import type { Endpoint } from '../model/endpoint';
import type { Environment } from '../model/environment';
import { hostPlan } from './host';
import type { HostPlan } from './host';
import { bodyText, buildTemplate, queryString, sentRows, type RequestTemplate } from './request-template';
import { exportOrder, folderDescription, groupBy, stableUuid } from './stable';
import type { ExportFile, ExportOptions, ExportResult, SkippedEndpoint } from './types';
import { describedWithDeprecation } from './deprecation';
import { authVariables, type RequestAuth, authOfExport, alternativesNote, credentialVariables, definedIn } from './auth';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export function exportPostman(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const title = options.title ?? 'API';
  const skipped: SkippedEndpoint[] = [];
  const http = exportOrder(endpoints).filter((e) => {
    if (e.protocol === 'http') return true;
    skipped.push({ id: e.id, address: e.address, reason: 'Postman Collection v2.1 has no gRPC requests' });
    return false;
  });
  const hosts = hostPlan(http, options);
  const item = groupBy(http, (e) => e.module).map((mod) => ({
    name: mod.key,
    item: groupBy(mod.items, (e) => e.folder).map((folder) => {
      const description = folderDescription(folder.items);
      return { name: folder.key, ...(description ? { description } : {}), item: folder.items.map((e) => requestItem(e, hosts, options)) };
    }),
  }));
  const collection = {
    info: {
      _postman_id: stableUuid(`postman:${title}:${http.map((e) => e.id).join('\n')}`),
      name: title,
      schema: POSTMAN_SCHEMA,
    },
    item,
    variable: [
      ...hosts.variables.map((v) => ({ key: v.name, value: v.value, type: 'string' })),
      // Credentials are declared empty: the environment (where secrets stay) fills them.
      ...authVariables(http, options.modules, definedIn(options.environment)).map((v) => ({ key: v.name, value: '', type: 'string', description: v.description })),
    ],
  };
  const files: ExportFile[] = [{ path: 'collection.postman_collection.json', content: `${JSON.stringify(collection, null, 2)}\n` }];
  const warnings: string[] = [];
  if (options.environment) {
    const { file, secrets } = postmanEnvironment(options.environment, credentialVariables(http, options.modules));
    files.push(file);
    if (secrets.length) warnings.push(`secret values left out of the Postman environment: ${secrets.join(', ')}`);
  }
  return {
    files,
    summary: { channel: 'postman', selected: endpoints.length, exported: http.length, skipped, warnings, files: files.map((f) => f.path) },
  };
}

function requestItem(e: Endpoint, hosts: HostPlan, options: ExportOptions) {
  const t = buildTemplate(e, options.modules);
  const auth = authOfExport(e, options);
  // Postman's apikey auth goes in a header or the query only: a cookie key joins the Cookie header.
  const cookieKey = auth?.kind === 'apiKey' && auth.in === 'cookie' ? [`${auth.name}={{${auth.variable}}}`] : [];
  const cookies = [...sentRows(t.cookies).map((c) => `${c.name}=${c.value}`), ...cookieKey];
  return {
    id: stableUuid(`postman:${e.id}`),
    name: e.name,
    request: {
      method: t.method,
      header: [
        ...t.headers.map((h) => ({ key: h.name, value: h.value, ...(h.enabled ? {} : { disabled: true }), ...(h.description ? { description: h.description } : {}) })),
        ...(cookies.length ? [{ key: 'Cookie', value: cookies.join('; ') }] : []),
      ],
      ...postmanAuth(e, auth),
      ...body(t),
      url: url(t, hosts.variableOf(e)),
      ...(describedWithDeprecation(e, alternativesNote(authOfExport(e, options))) ? { description: describedWithDeprecation(e, alternativesNote(authOfExport(e, options))) } : {}),
    },
    // Postman and newman drop the body of a GET unless told not to: the endpoint declares one.
    ...(t.body && (t.method === 'GET' || t.method === 'HEAD') ? { protocolProfileBehavior: { disableBodyPruning: true } } : {}),
    response: [],
  };
}

/**
 * Postman's own auth object, which it turns into the header or query parameter when it sends.
 * A public endpoint says so (`noauth`), so it does not inherit an auth set on its folder later.
 */
function postmanAuth(e: Endpoint, auth: RequestAuth | undefined) {
  if (e.security && !e.security.length) return { auth: { type: 'noauth' } };
  if (!auth) return {};
  const entries = (pairs: [string, string][]) => pairs.map(([key, value]) => ({ key, value, type: 'string' }));
  switch (auth.kind) {
    case 'bearer':
      return { auth: { type: 'bearer', bearer: entries([['token', `{{${auth.variable}}}`]]) } };
    case 'basic':
      return { auth: { type: 'basic', basic: entries([['username', `{{${auth.user}}}`], ['password', `{{${auth.password}}}`]]) } };
    case 'digest':
      // Without realm and nonce, Postman (and newman) send once, read the 401's challenge and answer it.
      return { auth: { type: 'digest', digest: entries([['username', `{{${auth.user}}}`], ['password', `{{${auth.password}}}`], ['algorithm', 'MD5']]) } };
    case 'apiKey':
      if (auth.in === 'cookie') return {};
      return { auth: { type: 'apikey', apikey: entries([['key', auth.name], ['value', `{{${auth.variable}}}`], ['in', auth.in]]) } };
  }
}

function url(t: RequestTemplate, hostVar: string) {
  // Postman writes path variables as `:name` segments; a template inside a segment
  // (`/files/{name}.json`) becomes `:name.json`, which Postman also resolves.
  const path = t.parts.map((p) => ('literal' in p ? p.literal : `:${p.param}`)).join('');
  const segments = path.split('/').filter((s, i) => i > 0 || s !== '');
  // An optional parameter without a value is listed switched off: shown, not sent.
  const query = t.query.map((q) => ({ key: q.name, value: q.value, ...(q.enabled ? {} : { disabled: true }), ...(q.description ? { description: q.description } : {}) }));
  // `raw` is what Postman shows and re-parses on edit: values encoded, so `&` and `=` stay inside them.
  const sent = sentRows(t.query);
  const raw = `{{${hostVar}}}${path}${sent.length ? `?${queryString(sent)}` : ''}`;
  return {
    raw,
    host: [`{{${hostVar}}}`],
    path: segments,
    ...(query.length ? { query } : {}),
    ...(t.pathParams.length ? { variable: t.pathParams.map((p) => ({ key: p.name, value: p.value, ...(p.description ? { description: p.description } : {}) })) } : {}),
  };
}

function body(t: RequestTemplate) {
  const b = t.body;
  if (!b) return {};
  switch (b.kind) {
    case 'json':
      return { body: { mode: 'raw', raw: bodyText(b, true), options: { raw: { language: 'json' } } } };
    case 'text':
      return { body: { mode: 'raw', raw: b.text } };
    case 'urlencoded':
      return { body: { mode: 'urlencoded', urlencoded: b.fields.map((f) => ({ key: f.name, value: f.value, type: 'text', ...(f.enabled ? {} : { disabled: true }) })) } };
    case 'multipart':
      return { body: { mode: 'formdata', formdata: b.fields.map((f) => ({ ...(f.file ? { key: f.name, type: 'file', src: f.value } : { key: f.name, value: f.value, type: 'text' }), ...(f.enabled ? {} : { disabled: true }) })) } };
    case 'file':
      return { body: { mode: 'file', file: { src: b.file } } };
  }
}

/**
 * The environment file newman reads with `-e`; secret values stay out of files. A credential
 * variable (`credentials`: a scheme's token, password or key) is a secret even when the user did
 * not mark it: written empty as Postman's `secret` type, filled in the app or with newman's `--env-var`.
 */
export function postmanEnvironment(env: Environment, credentials: ReadonlySet<string> = new Set()): { file: ExportFile; secrets: string[] } {
  const secret = (v: Environment['variables'][number]) => v.secret === true || credentials.has(v.key);
  const secrets = env.variables.filter(secret).map((v) => v.key);
  const doc = {
    id: stableUuid(`postman-env:${env.name}`),
    name: env.name,
    values: env.variables.map((v) => ({ key: v.key, value: secret(v) ? '' : v.value, type: secret(v) ? 'secret' : 'default', enabled: true })),
    _postman_variable_scope: 'environment',
  };
  const safe = env.name.replace(/[^\w.-]+/g, '_');
  return { file: { path: `${safe}.postman_environment.json`, content: `${JSON.stringify(doc, null, 2)}\n` }, secrets };
}

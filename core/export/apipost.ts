// ApiPost native import envelope (the API-documentation tool), per FORMATS.md §10: a flat list
// of folder and API nodes linked by parent_id → target_id, with parameters per location, the
// body, the response example and its schema; shared DTOs as models. ApiPost imports HTTP only.

import type { Endpoint } from '../model/endpoint';
import type { JsonSchema, Param } from '../model/request';
import { Components } from './json-schema';
import { basePath, bodyText, buildTemplate, fullPath, isJson } from './request-template';
import { exportOrder, folderDescription, groupBy, stableHex } from './stable';
import type { ExportOptions, ExportResult, SkippedEndpoint } from './types';
import { describedWithDeprecation } from './deprecation';
import { JsonConstant, JsonItems, fileOfPieces, jsonPieces } from './json-pieces';
import { authVariables, type RequestAuth, authOfExport, alternativesNote, definedIn } from './auth';

const ROOT = '0';

/** ApiPost's client ids are 14 hex digits; ours are derived from what they identify. */
const id14 = (seed: string) => stableHex(`apipost:${seed}`, 14);

export function exportApipost(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const skipped: SkippedEndpoint[] = [];
  const http = exportOrder(endpoints).filter((e) => {
    if (e.protocol === 'http') return true;
    skipped.push({ id: e.id, address: e.address, reason: 'the ApiPost import envelope has no gRPC APIs' });
    return false;
  });
  const components = new Components('3.1', '#/components/schemas/');
  // Each node is written out as it is made (json-pieces.ts).
  const apis = new JsonItems(1);
  // The same auth block in every node, written as text once (about half of each node's text).
  const auth = new JsonConstant(AUTH);
  const constants = [auth];
  // A secured API's block differs from the inherited one in its type and scheme: one constant each.
  const authBlocks = new Map<string, JsonConstant>();
  const authOf = (e: Endpoint): JsonConstant => {
    const block = authBlock(e, options);
    if (!block) return auth;
    const key = JSON.stringify(block);
    let c = authBlocks.get(key);
    if (!c) {
      c = new JsonConstant(block);
      authBlocks.set(key, c);
      constants.push(c);
    }
    return c;
  };
  let sort = 0;
  /** Endpoints whose body is raw bytes, and those with a multipart file part (apiNode adds them). */
  const binary: Endpoint[] = [];
  const fileParts: Endpoint[] = [];
  for (const mod of groupBy(http, (e) => e.module)) {
    const modId = id14(`module:${mod.key}`);
    apis.push(folderNode(modId, mod.key, ROOT, ++sort, auth), constants);
    for (const folder of groupBy(mod.items, (e) => e.folder)) {
      const folderId = id14(`folder:${mod.key}/${folder.key}`);
      apis.push(folderNode(folderId, folder.key, modId, ++sort, auth, folderDescription(folder.items)), constants);
      for (const e of folder.items) apis.push(apiNode(e, folderId, ++sort, components, options, authOf(e), binary, fileParts), constants);
    }
  }
  const host = options.environment?.variables.find((v) => v.key === (options.hostVariable ?? 'host') && !v.secret)?.value ?? '';
  const models = Object.entries(components.schemas)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, schema]) => ({
      model_id: name,
      model_type: 'model',
      name,
      display_name: name,
      description: (schema as JsonSchema).description ?? '',
      parent_id: ROOT,
      schema,
      old_model_id: `#/components/schemas/${name}`,
      create_dtime: 0,
      update_dtime: 0,
      version: 1,
      status: 1,
      creator_info: {},
      updater_info: {},
    }));
  const envelope = {
    global: { envs: [] },
    config: {
      mode: 'append',
      folder_id: ROOT,
      host,
      base_path: commonBase(http, options),
      api_cover_modal: 'url_and_folder',
      sample_cover_modal: 'name',
      model_cover_modal: 'name',
      testing_cover_modal: 'name',
      env_cover_modal: 'both',
    },
    name: options.title ?? 'API',
    intro: '',
    apis,
    models,
    samples: [],
    import_type: 'apipost',
  };
  const path = 'apipost.json';
  // The envelope as captured (FORMATS.md §10) has no binary body mode: a raw-bytes body goes as an
  // empty raw body under its Content-Type, and the user is told to attach the file there.
  const warnings = binary.length ? [`ApiPost's import has no binary (file) body: raw-byte bodies are written as an empty raw body with their Content-Type; attach the file in ApiPost before sending: ${binary.map((e) => e.address).join(', ')}`] : [];
  // Nor a file form-data row: a file part is a text row holding `<part>.bin`, which ApiPost would send as that text.
  // The envelope's environments (`global.envs`) are not in the capture FORMATS.md §10 reads: the
  // credentials' variables are named for the user to define in an ApiPost environment.
  const credentials = authVariables(http, options.modules, definedIn(options.environment));
  if (credentials.length) warnings.push(`the secured APIs use {{variables}} for their credentials: define ${credentials.map((v) => v.name).join(', ')} in an ApiPost environment`);
  if (fileParts.length) warnings.push(`ApiPost's import has no file form-data row: file parts are written as text rows holding <part>.bin; make each a file and attach it in ApiPost before sending: ${fileParts.map((e) => e.address).join(', ')}`);
  return {
    files: [fileOfPieces(path, [...jsonPieces(envelope, [apis]), '\n'])],
    summary: { channel: 'apipost', selected: endpoints.length, exported: http.length, skipped, warnings, files: [path] },
  };
}

function commonBase(endpoints: readonly Endpoint[], options: ExportOptions): string {
  const bases = new Set(endpoints.map((e) => basePath(e, options.modules)));
  return bases.size === 1 ? [...bases][0]! : '';
}

/**
 * The fields every node starts with; the caller adds its own after them (assigned, not spread into
 * a new literal: thousands of nodes are built while the code still runs unoptimised).
 */
function shared(targetId: string, type: 'folder' | 'api', name: string, description: string, parent: string, sort: number): Record<string, unknown> {
  return {
    target_id: targetId,
    target_type: type,
    parent_id: parent,
    name,
    description,
    mark_id: '1',
    protocol: 'http/1.1',
    sort,
    version: 1,
    server_id: '0',
    status: 1,
    is_check_result: 1,
    is_socket: -1,
    is_locked: -1,
    is_force: -1,
    is_changed: -1,
    ai_expect: { list: [], none_math_expect_id: '1' },
    attribute_info: {},
  };
}

const AUTH = {
  type: 'inherit',
  kv: { key: '', value: '', in: 'header' },
  bearer: { key: '' },
  basic: { username: '', password: '' },
  digest: { username: '', password: '', realm: '', nonce: '', algorithm: 'MD5', qop: '', nc: '', cnonce: '', opaque: '' },
  hawk: { authId: '', authKey: '', algorithm: '', user: '', nonce: '', extraData: '', app: '', delegation: '', timestamp: '', includePayloadHash: -1 },
  awsv4: { accessKey: '', secretKey: '', region: '', service: '', sessionToken: '', addAuthDataToQuery: -1 },
  ntlm: { username: '', password: '', domain: '', workstation: '', disableRetryRequest: 1 },
  edgegrid: { accessToken: '', clientToken: '', clientSecret: '', nonce: '', timestamp: '', baseURi: '', headersToSign: '' },
  noauth: {},
  jwt: { addTokenTo: 'header', algorithm: 'HS256', secret: '', isSecretBase64Encoded: -1, payload: '', headerPrefix: 'Bearer', queryParamKey: 'token', header: '' },
  oauth1: { consumerKey: '', consumerSecret: '', signatureMethod: 'HMAC-SHA1', addEmptyParamsToSign: -1, includeBodyHash: -1, addParamsToHeader: -1, realm: '', version: '1.0', nonce: '', timestamp: '', verifier: '', callback: '', tokenSecret: '', token: '' },
  oauth2: { grant_type: 'authorization_code', use_token: 'access_token', redirect_uri: '', auth_url: '', access_token_url: '', client_id: '', client_secret: '', scope: '', state: '', client_authentication: 'header' },
};

/**
 * Checked (session 24) against public code that reads ApiPost's request JSON: the RunnerGo engine's
 * `Auth` (github.com/Hongwei-Yu/YALI engine/http/component.go, const.go) has the same `type`
 * values (noauth, kv, bearer, basic, digest, hawk, awsv4, ntlm, edgegrid, oauth1) and fields
 * (`kv.key`/`kv.value`, `bearer.key`, `basic.username`/`basic.password`) as this block. ApiPost's
 * own documentation (searched) describes the auth types by their labels only, not the JSON.
 *
 * The auth block of a secured or public API: the inherited block with its type set and the
 * scheme's fields holding `{{variables}}` (ApiPost's own syntax); none for the others. A cookie
 * key is a cookie row instead (cookieRow): ApiPost's key-value auth goes in a header or the query.
 */
function authBlock(e: Endpoint, options: ExportOptions): typeof AUTH | undefined {
  if (e.security && !e.security.length) return { ...AUTH, type: 'noauth' };
  const auth = authOfExport(e, options);
  switch (auth?.kind) {
    case 'bearer':
      return { ...AUTH, type: 'bearer', bearer: { key: `{{${auth.variable}}}` } };
    case 'basic':
      return { ...AUTH, type: 'basic', basic: { username: `{{${auth.user}}}`, password: `{{${auth.password}}}` } };
    case 'digest':
      return { ...AUTH, type: 'digest', digest: { ...AUTH.digest, username: `{{${auth.user}}}`, password: `{{${auth.password}}}` } };
    case 'apiKey':
      if (auth.in !== 'cookie') return { ...AUTH, type: 'kv', kv: { key: auth.name, value: `{{${auth.variable}}}`, in: auth.in } };
  }
  return undefined;
}

function cookieKey(auth: RequestAuth | undefined): { name: string; value: string } | undefined {
  return auth?.kind === 'apiKey' && auth.in === 'cookie' ? { name: auth.name, value: `{{${auth.variable}}}` } : undefined;
}

function folderNode(targetId: string, name: string, parent: string, sort: number, auth: JsonConstant, description = '') {
  const node = shared(targetId, 'folder', name, description, parent, sort);
  node.request = { auth, header: { parameter: [] }, query: { parameter: [] }, body: { parameter: [] }, cookie: { parameter: [] }, pre_tasks: [], post_tasks: [] };
  return node;
}

function apiNode(e: Endpoint, parent: string, sort: number, components: Components, options: ExportOptions, auth: JsonConstant, binary: Endpoint[], fileParts: Endpoint[]) {
  const t = buildTemplate(e, options.modules);
  if (t.body?.kind === 'file') binary.push(e);
  if (t.body?.kind === 'multipart' && t.body.fields.some((f) => f.file)) fileParts.push(e);
  const params = e.request?.params ?? [];
  // ApiPost's own flags are 1/-1: an optional parameter without a value is listed unticked
  // (shown, not sent), as Postman and Hoppscotch list it switched off.
  const row = (location: string, name: string, value: string, p: Param | undefined, enabled: boolean) => ({
    is_checked: enabled ? 1 : -1,
    key: name,
    value,
    not_null: p?.required === false ? -1 : 1,
    description: p?.description ?? '',
    field_type: fieldType(p?.schema),
    param_id: id14(`param:${e.id}:${location}:${name}`),
    schema: p ? components.use(p.schema) : { type: 'string' },
  });
  const find = (location: Param['in'], name: string) => params.find((p) => p.in === location && p.name === name);
  const key = cookieKey(authOfExport(e, options));
  const body = t.body;
  const reqBody =
    body?.kind === 'urlencoded' || body?.kind === 'multipart'
      ? { mode: body.kind === 'urlencoded' ? 'urlencoded' : 'form-data', parameter: body.fields.map((f) => row('form', f.name, f.value, find('form', f.name), f.enabled)), raw: '', raw_parameter: [], raw_schema: {} }
      : body
        ? {
            mode: body.kind === 'json' ? 'json' : 'raw',
            parameter: [],
            raw: bodyText(body, true),
            raw_parameter: [],
            raw_schema: e.request?.body ? components.use(e.request.body.schema) : {},
          }
        : { mode: 'none', parameter: [], raw: '', raw_parameter: [], raw_schema: {} };
  const response = e.response;
  const node = shared(id14(`api:${e.id}`), 'api', e.name, describedWithDeprecation(e, alternativesNote(authOfExport(e, options))), parent, sort);
  node.tags = [];
  node.method = t.method;
  node.url = fullPath(e, options.modules);
  node.request = {
    auth,
    pre_tasks: [],
    post_tasks: [],
    header: { parameter: t.headers.map((h) => row('header', h.name, h.value, find('header', h.name), h.enabled)) },
    query: { parameter: t.query.map((q) => row('query', q.name, q.value, find('query', q.name), q.enabled)) },
    cookie: { parameter: [...t.cookies.map((c) => row('cookie', c.name, c.value, find('cookie', c.name), c.enabled)), ...(key ? [row('cookie', key.name, key.value, undefined, true)] : [])] },
    restful: { parameter: t.pathParams.map((p) => row('path', p.name, p.value, find('path', p.name), p.enabled)) },
    body: reqBody,
  };
  node.response = {
    is_check_result: 1,
    example: [
      {
        example_id: '1',
        raw: response?.example === undefined ? '' : typeof response.example === 'string' ? response.example : JSON.stringify(response.example, null, 2),
        raw_parameter: [],
        headers: [],
        expect: {
          name: 'Success',
          is_default: 1,
          code: '200',
          sleep: 0,
          content_type: response && !isJson(response.contentType) ? 'raw' : 'json',
          verify_type: 'schema',
          mock: '',
          schema: response?.schema ? components.use(response.schema) : {},
        },
      },
    ],
  };
  return node;
}

/** ApiPost's field_type: a capitalised Java-style type name. */
function fieldType(s: JsonSchema | undefined): string {
  const type = Array.isArray(s?.type) ? s!.type.find((t) => t !== 'null') : s?.type;
  switch (type) {
    case 'integer':
      return s?.format === 'int64' ? 'Long' : 'Integer';
    case 'number':
      return s?.format === 'float' ? 'Float' : 'Number';
    case 'boolean':
      return 'Boolean';
    case 'array':
      return 'Array';
    case 'object':
      return 'Object';
    default:
      return 'String';
  }
}

// Hoppscotch collection (request-collection tool B), in the data model's current versions:
// collection `v: 12`, REST request `v: "17"` (hoppscotch-data). Folders per module and class
// folder; variables use Hoppscotch's `<<name>>`. Hoppscotch collections hold no gRPC requests.

import type { Endpoint } from '../model/endpoint';
import type { Environment } from '../model/environment';
import { rewritePlaceholders } from './placeholders';
import { bodyText, buildTemplate, encodeSegment, fillPath, queryString, sentRows, type RequestTemplate } from './request-template';
import { anyEnvironmentDefinesHost, hostPlan } from './host';
import { exportOrder, folderDescription, groupBy, stableHex } from './stable';
import type { ExportFile, ExportOptions, ExportResult, SkippedEndpoint } from './types';
import { describedWithDeprecation } from './deprecation';
import { authVariables, authOfExport, alternativesNote, credentialVariables, definedIn } from './auth';

export const HOPP_COLLECTION_VERSION = 12;
export const HOPP_REQUEST_VERSION = '17';

const hopp = (text: string) => rewritePlaceholders(text, (name) => `<<${name}>>`);

export function exportHoppscotch(endpoints: readonly Endpoint[], options: ExportOptions = {}): ExportResult {
  const title = options.title ?? 'API';
  const skipped: SkippedEndpoint[] = [];
  const http = exportOrder(endpoints).filter((e) => {
    if (e.protocol === 'http') return true;
    skipped.push({ id: e.id, address: e.address, reason: 'Hoppscotch REST collections have no gRPC requests' });
    return false;
  });
  const hosts = hostPlan(http, options);
  const folders = groupBy(http, (e) => e.module).map((mod) =>
    collection(
      mod.key,
      `coll_${stableHex(`hopp:${mod.key}`, 16)}`,
      groupBy(mod.items, (e) => e.folder).map((f) =>
        collection(f.key, `coll_${stableHex(`hopp:${mod.key}/${f.key}`, 16)}`, [], f.items.map((e) => request(e, hosts.variableOf(e), options)), folderDescription(f.items)),
      ),
      [],
    ),
  );
  const root = collection(title, `coll_${stableHex(`hopp:${title}`, 16)}`, folders, []);
  // The app and `hopp test` read collection variables: without an environment defining the host,
  // the collection carries the application's default address (each module's, when they differ).
  for (const v of hosts.variables) if (!anyEnvironmentDefinesHost(options, v.name)) root.variables.push({ key: v.name, initialValue: v.value, currentValue: v.value, secret: false });
  // Credentials no environment defines are declared empty and secret: the user's value stays on their machine.
  for (const v of authVariables(http, options.modules, definedIn(options.environment))) if (!anyEnvironmentDefinesHost(options, v.name)) root.variables.push({ key: v.name, initialValue: '', currentValue: '', secret: true });
  const files: ExportFile[] = [{ path: 'hoppscotch-collection.json', content: `${JSON.stringify(root, null, 2)}\n` }];
  const warnings: string[] = [];
  const withFiles = http.filter((e) => (e.request?.params ?? []).some((p) => p.in === 'form' && p.file));
  // A Hoppscotch collection holds file parts as blobs of the app's own; none can be named here.
  if (withFiles.length) warnings.push(`file parts are left empty (attach the files in Hoppscotch): ${withFiles.map((e) => e.address).join(', ')}`);
  if (options.environment) {
    const { files: envFiles, secrets } = hoppEnvironment(options.environment, credentialVariables(http, options.modules));
    files.push(...envFiles);
    if (secrets.length) warnings.push(`secret values left out of the Hoppscotch environment: ${secrets.join(', ')}`);
  }
  return {
    files,
    summary: { channel: 'hoppscotch', selected: endpoints.length, exported: http.length, skipped, warnings, files: files.map((f) => f.path) },
  };
}

function collection(name: string, ref: string, folders: unknown[], requests: unknown[], description = '') {
  return {
    v: HOPP_COLLECTION_VERSION,
    name,
    folders,
    requests,
    auth: { authType: 'inherit', authActive: true },
    headers: [],
    variables: [] as HoppVariable[],
    description: description || null,
    preRequestScript: '',
    testScript: '',
    _ref_id: ref,
  };
}

function request(e: Endpoint, hostVar: string, options: ExportOptions) {
  const t = buildTemplate(e, options.modules);
  const auth = authOfExport(e, options);
  // Hoppscotch's api-key auth goes in a header or the query only: a cookie key joins the Cookie header.
  const cookieKey = auth?.kind === 'apiKey' && auth.in === 'cookie' ? [`${auth.name}=<<${auth.variable}>>`] : [];
  const cookies = [...sentRows(t.cookies).map((c) => hopp(`${c.name}=${c.value}`)), ...cookieKey];
  const path = fillPath(t.parts, (name) => encodeSegment(t.pathParams.find((p) => p.name === name)?.value ?? name));
  // An optional parameter without a value is listed inactive: shown, not sent.
  const kv = (name: string, value: string, description = '', active = true) => ({ key: hopp(name), value: hopp(value), active, description });
  // Hoppscotch keeps params as a map (a repeated key keeps its last value): a parameter with
  // several values is written into the URL instead.
  const counts = new Map<string, number>();
  for (const q of t.query) counts.set(q.name, (counts.get(q.name) ?? 0) + 1);
  const repeated = sentRows(t.query).filter((q) => counts.get(q.name)! > 1);
  const inUrl = repeated.length ? `?${hopp(queryString(repeated))}` : '';
  return {
    v: HOPP_REQUEST_VERSION,
    name: e.name,
    method: t.method,
    endpoint: `<<${hostVar}>>${hopp(path)}${inUrl}`,
    params: t.query.filter((q) => counts.get(q.name) === 1).map((q) => kv(q.name, q.value, q.description, q.enabled)),
    headers: [
      ...t.headers.map((h) => kv(h.name, h.value, h.description, h.enabled)),
      ...(cookies.length ? [{ key: 'Cookie', value: cookies.join('; '), active: true, description: '' }] : []),
    ],
    preRequestScript: '',
    testScript: '',
    auth: hoppAuth(e, options),
    body: body(t),
    requestVariables: [],
    responses: {},
    _ref_id: `req_${stableHex(`hopp:${e.id}`, 16)}`,
    description: describedWithDeprecation(e, alternativesNote(authOfExport(e, options))) || null,
  };
}

/**
 * The request's own auth, which Hoppscotch turns into the header or query parameter when it
 * sends; a public endpoint says `none`, others inherit (the collections set none).
 */
function hoppAuth(e: Endpoint, options: ExportOptions) {
  if (e.security && !e.security.length) return { authType: 'none', authActive: true };
  const auth = authOfExport(e, options);
  switch (auth?.kind) {
    case 'bearer':
      return { authType: 'bearer', authActive: true, token: `<<${auth.variable}>>` };
    case 'basic':
      return { authType: 'basic', authActive: true, username: `<<${auth.user}>>`, password: `<<${auth.password}>>` };
    case 'digest':
      // Realm, nonce and the rest empty: hopp asks the server for its challenge first and answers it.
      return { authType: 'digest', authActive: true, username: `<<${auth.user}>>`, password: `<<${auth.password}>>`, realm: '', nonce: '', algorithm: 'MD5', qop: 'auth', nc: '', cnonce: '', opaque: '', disableRetry: false };
    case 'apiKey':
      if (auth.in !== 'cookie') return { authType: 'api-key', authActive: true, key: auth.name, value: `<<${auth.variable}>>`, addTo: auth.in === 'query' ? 'QUERY_PARAMS' : 'HEADERS' };
  }
  return { authType: 'inherit', authActive: true };
}

function body(t: RequestTemplate) {
  const b = t.body;
  if (!b) return { contentType: null, body: null };
  switch (b.kind) {
    case 'json':
      return { contentType: b.contentType, body: hopp(bodyText(b, true)) };
    case 'text':
      return { contentType: b.contentType, body: hopp(b.text) };
    case 'urlencoded':
      // Hoppscotch keeps url-encoded bodies as `key: value` lines.
      return { contentType: b.contentType, body: sentRows(b.fields).map((f) => `${hopp(f.name)}: ${hopp(f.value)}`).join('\n') };
    case 'multipart':
      return {
        contentType: b.contentType,
        body: b.fields.map((f) => ({ key: f.name, value: f.file ? [] : hopp(f.value), active: f.enabled, isFile: f.file })),
      };
    case 'file':
      // Hoppscotch's binary body: the file is picked in the app (a collection cannot carry it);
      // the endpoint's own media type stays in the Content-Type header.
      return { contentType: 'application/octet-stream', body: null };
  }
}

/** Environment entity version of hoppscotch-data (`Environment`, v2: initial and current values). */
export const HOPP_ENVIRONMENT_VERSION = 2;

interface HoppVariable {
  key: string;
  initialValue: string;
  currentValue: string;
  secret: boolean;
}

/**
 * The environment twice: `NAME.hoppscotch-env.json` in the form the app's importer takes (an
 * array of environment entities), and `NAME.hopp-cli-env.json`, the single entity `hopp test -e`
 * takes (the CLI refuses an array). Secrets, and the credential variables (`credentials`) marked
 * or not, are written with Hoppscotch's secret flag and no value: the app keeps what the user
 * types on their machine, and `hopp test` reads an empty secret from the process environment
 * variable of its name.
 */
export function hoppEnvironment(env: Environment, credentials: ReadonlySet<string> = new Set()): { files: ExportFile[]; secrets: string[] } {
  const variables: HoppVariable[] = [];
  const secrets: string[] = [];
  for (const v of env.variables) {
    if (v.secret || credentials.has(v.key)) {
      secrets.push(v.key);
      variables.push({ key: v.key, initialValue: '', currentValue: '', secret: true });
    } else variables.push({ key: v.key, initialValue: v.value, currentValue: v.value, secret: false });
  }
  const entity = { v: HOPP_ENVIRONMENT_VERSION, id: `env_${stableHex(`hopp-env:${env.name}`, 16)}`, name: env.name, variables };
  const safe = env.name.replace(/[^\w.-]+/g, '_');
  return {
    files: [
      { path: `${safe}.hoppscotch-env.json`, content: `${JSON.stringify([entity], null, 2)}\n` },
      { path: `${safe}.hopp-cli-env.json`, content: `${JSON.stringify(entity, null, 2)}\n` },
    ],
    secrets,
  };
}

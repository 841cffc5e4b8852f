// From the endpoint model to the request a developer edits (the default draft), and from a draft
// to the exact bytes sent: placeholders resolved, path parameters encoded, cookies joined, the body
// serialised (multipart with file parts, and a raw-bytes body, read from disk) and its Content-Type set.

import type { DigestCredential } from './digest';
import { openAsBlob } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { substitute, substituteJsonText } from '../env/placeholders';
import { InputError } from '../errors';
import { checkFileAccess } from './file-access';
import type { FileAccess } from './file-access';
import { isBinaryBody } from '../model/binary-body';
import { bodyFormParams } from '../model/body-form';
import type { Endpoint } from '../model/endpoint';
import type { VariableLookup } from '../model/environment';
import type { Param } from '../model/request';
import type { BodyMode, FormField, HttpRequestDraft, NameValue } from '../model/request-state';

export interface DraftContext {
  /** The host to start from: `http://localhost:8080`, `{{host}}`, ... */
  host: string;
  /** Context path and servlet path of the endpoint's module, prefixed to its path. */
  basePath?: string;
}

/** The request as the source declares it, example values filled in: what Reset to Default gives. */
export function defaultDraft(endpoint: Endpoint, context: DraftContext): HttpRequestDraft {
  const params = endpoint.request?.params ?? [];
  const of = (location: Param['in']) => params.filter((p) => p.in === location);
  const body = endpoint.request?.body;
  const declared = of('form');
  // A form declared as one body schema (SpringDoc's functional endpoints) is edited as its fields.
  const formParams = declared.length ? declared : (bodyFormParams(body) ?? []);
  const consumes = [...(endpoint.request?.consumes ?? endpoint.consumes ?? []), ...(declared.length || !body ? [] : [body.contentType])];
  // A file part has no value to show until the user gives a path: an optional one starts off, as
  // the one value policy has every optional parameter (it was on, and Send refused the whole form
  // for the empty part: "form part 'thumb' has no file"), and goes on when a path is given.
  const form = formParams.flatMap((p): FormField[] => (p.file ? [{ name: p.name, value: '', file: true, enabled: p.required }] : rows(p)));
  let bodyMode: BodyMode = 'none';
  let text = '';
  let contentType: string | undefined;
  if (form.length) {
    bodyMode = form.some((f) => f.file) || consumes.some((c) => /multipart\//i.test(c)) ? 'multipart' : 'urlencoded';
  } else if (body) {
    if (isBinaryBody(body)) {
      // Raw bytes (`byte[]`, `InputStream`, an image upload): sent from a file the user names.
      bodyMode = 'file';
      contentType = body.contentType;
    } else if (isJsonType(body.contentType)) {
      bodyMode = 'json';
      text = body.example === undefined ? '' : JSON.stringify(body.example, null, 2);
    } else {
      bodyMode = 'text';
      contentType = body.contentType;
      text = typeof body.example === 'string' ? body.example : body.example === undefined ? '' : JSON.stringify(body.example, null, 2);
    }
  }
  const draft: HttpRequestDraft = {
    method: endpoint.method === 'ALL' ? 'GET' : endpoint.method,
    host: context.host,
    path: joinPath(context.basePath ?? '', endpoint.path),
    pathParams: of('path').map((p) => ({ name: p.name, value: exampleText(p) })),
    query: of('query').flatMap(rows),
    cookies: of('cookie').flatMap(rows),
    headers: of('header').flatMap(rows),
    form,
    bodyMode,
    body: text,
  };
  if (bodyMode === 'json' && body && body.contentType.toLowerCase() !== 'application/json') draft.contentType = body.contentType;
  if (contentType) draft.contentType = contentType;
  if (bodyMode === 'file') draft.bodyFile = '';
  return draft;
}

/**
 * The one value policy (issue 19): which values a request carries, for `call`, Send, Copy as cURL
 * and every export's request template. A declared default is the value and is sent; otherwise the
 * model's example is shown, sent only when the parameter is required. An optional parameter without
 * a default is off until the user sets it: a real application accepts what a person would send,
 * and a filler value (`firstName=firstName`) can change what it does.
 */
export function paramValues(p: Param): { values: string[]; enabled: boolean } {
  const values = Array.isArray(p.example) && p.default === undefined ? p.example.map(text) : [exampleText(p)];
  return { values: values.length ? values : [''], enabled: p.required || p.default !== undefined };
}

/** Rows for a parameter: one per example element for lists; optional ones without a value start unchecked. */
function rows(p: Param): NameValue[] {
  const { values, enabled } = paramValues(p);
  return values.map((value) => (enabled ? { name: p.name, value } : { name: p.name, value, enabled: false }));
}

/** The value of a single-valued parameter (path parameters): its default, else its example. */
export function exampleText(p: Param): string {
  return p.default ?? (p.example === undefined ? '' : text(p.example));
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function joinPath(base: string, path: string): string {
  const joined = `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return joined === '' ? '/' : joined;
}

export function isJsonType(contentType: string | undefined): boolean {
  return !!contentType && /^application\/(?:[\w.-]+\+)?json\b|\/json\b/i.test(contentType);
}

/** What goes on the wire. */
export interface PreparedRequest {
  method: string;
  url: string;
  /** In send order; names as written. */
  headers: Array<[string, string]>;
  body?: Uint8Array;
  /** Placeholders without a value, sent as written. */
  unresolved: string[];
  /** Headers whose value holds a secret variable's value: a redirect to another origin drops them like Authorization. */
  secretHeaders?: string[];
  /**
   * The endpoint's Digest credential (send-auth.ts digestCredentialOf): the request goes out
   * without one and the caller answers the server's 401 challenge once (http.ts, digest.ts).
   */
  digest?: DigestCredential;
}

export interface PrepareOptions {
  lookup?: VariableLookup;
  /** Relative paths of file parts and a file body are read from here (the project folder). */
  baseDir?: string;
  /** Values of the variables the user marked secret, to find the headers that carry them. */
  secretValues?: readonly string[];
  /** Files outside this project folder are read only when allowed (file-access.ts); absent: any file. */
  files?: FileAccess;
}

const enabled = <T extends NameValue>(r: T): boolean => r.enabled !== false && r.name !== '';

export async function prepareRequest(draft: HttpRequestDraft, options: PrepareOptions = {}): Promise<PreparedRequest> {
  const missing = new Set<string>();
  const lookup = options.lookup ?? (() => undefined);
  const sub = (s: string): string => substitute(s, lookup, missing);

  const host = normaliseHost(sub(draft.host), draft.host);
  const pathValues = new Map(draft.pathParams.map((p) => [p.name, sub(p.value)]));
  // A variable left unresolved (`{{orderId}}`, `${orderId}`) is sent as written like anywhere
  // else, not read as the path template `{orderId}` inside it ("path parameter 'orderId' has no
  // value" named a parameter the endpoint does not have). A `${key}` the scan made a path
  // parameter of (an unset configuration key, a constant it cannot fold) takes that parameter's
  // value, as the exports fill it.
  const path = sub(draft.path).replace(/\{\{[^{}]*\}\}|\$\{([^{}]*)\}|\{([^{}/]+)\}/g, (whole, key: string | undefined, template: string | undefined) => {
    if (key !== undefined) {
      const value = pathValues.get(key);
      if (!value) return whole;
      missing.delete(key);
      return encodeURIComponent(value);
    }
    if (template === undefined) return whole;
    // Spring's catch-all `{*rest}` is the parameter `rest`, and its value may span segments.
    const catchAll = template.startsWith('*');
    const name = catchAll ? template.slice(1) : template;
    const value = pathValues.get(name);
    if (value === undefined || value === '') throw new InputError(`path parameter '${name}' has no value`, name);
    return catchAll ? value.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
  const query = draft.query
    .filter(enabled)
    .map((q) => `${encodeURIComponent(sub(q.name))}=${encodeURIComponent(sub(q.value))}`)
    .join('&');
  let url = `${host}${path.startsWith('/') ? path : `/${path}`}${query ? `${path.includes('?') ? '&' : '?'}${query}` : ''}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`not a valid URL: ${url}`, draft.host);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new InputError(`the host must start with http:// or https://, not ${parsed.protocol}//: ${url}`, draft.host);

  const headers: Array<[string, string]> = draft.headers.filter(enabled).map((h) => [sub(h.name), sub(h.value)]);
  const cookies = draft.cookies.filter(enabled).map((c) => `${sub(c.name)}=${sub(c.value)}`);
  if (cookies.length) {
    const existing = headers.find(([n]) => n.toLowerCase() === 'cookie');
    if (existing) existing[1] = `${existing[1]}; ${cookies.join('; ')}`;
    else headers.push(['Cookie', cookies.join('; ')]);
  }
  // `http://user:pass@host`: Basic credentials, as curl and browsers send them (HTTP clients never
  // send the URL's user part itself); an Authorization header the request has wins.
  if (parsed.username || parsed.password) {
    if (!headers.some(([n]) => n.toLowerCase() === 'authorization')) {
      const pair = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
      headers.push(['Authorization', `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`]);
    }
    parsed.username = '';
    parsed.password = '';
    url = parsed.href;
  }
  for (const [name, value] of headers) checkHeader(name, value);

  let body: Uint8Array | undefined;
  let contentType: string | undefined;
  switch (draft.bodyMode) {
    case 'json':
      body = Buffer.from(substituteJsonText(draft.body, lookup, missing));
      contentType = draft.contentType ?? 'application/json';
      break;
    case 'text':
      body = Buffer.from(sub(draft.body));
      contentType = draft.contentType ?? 'text/plain;charset=UTF-8';
      break;
    case 'urlencoded':
      body = Buffer.from(
        draft.form
          .filter(enabled)
          .map((f) => `${formEncode(sub(f.name))}=${formEncode(sub(f.value))}`)
          .join('&'),
      );
      // As browsers, curl and the exports (request-template.ts) send it: one request everywhere.
      contentType = 'application/x-www-form-urlencoded';
      break;
    case 'file': {
      const given = sub(draft.bodyFile ?? '');
      if (!given.trim()) throw new InputError('the body has no file: give the path of the file whose bytes to send', 'bodyFile');
      const path = resolve(options.baseDir ?? '.', given);
      checkFileAccess(path, 'the body file', options.files);
      try {
        if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
        body = await readFile(path);
      } catch (e) {
        throw new InputError(`cannot read the body file: ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path, { cause: e });
      }
      contentType = draft.contentType ?? 'application/octet-stream';
      break;
    }
    case 'multipart': {
      const form = new FormData();
      for (const f of draft.form.filter(enabled)) {
        if (f.file) {
          // An empty value resolved to the project folder itself, and read as "EISDIR".
          if (!sub(f.value).trim()) throw new InputError(`form part '${f.name}' has no file: give the path of the file to send`, f.name);
          const path = resolve(options.baseDir ?? '.', sub(f.value));
          checkFileAccess(path, `the file of form part '${f.name}'`, options.files);
          let blob: Blob;
          try {
            // stat first: openAsBlob reports a missing file as an invalid argument.
            if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
            blob = await openAsBlob(path);
          } catch (e) {
            throw new InputError(`cannot read the file for form part '${f.name}': ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, path, { cause: e });
          }
          form.append(sub(f.name), blob, basename(path));
        } else {
          form.append(sub(f.name), sub(f.value));
        }
      }
      // Serialised here rather than by the client: the request result reports the exact bytes and
      // boundary sent, and a 307/308 redirect can send them again.
      const encoded = new Response(form);
      contentType = encoded.headers.get('content-type')!;
      body = new Uint8Array(await encoded.arrayBuffer());
      // A hand-written multipart Content-Type would carry the wrong boundary.
      removeHeader(headers, 'content-type');
      break;
    }
    case 'none':
      break;
  }
  if (body && contentType && !headers.some(([n]) => n.toLowerCase() === 'content-type')) headers.push(['Content-Type', contentType]);
  const prepared: PreparedRequest = { method: sub(draft.method).toUpperCase(), url, headers, body, unresolved: [...missing] };
  // By value, not by placeholder: a secret reached through another variable counts too.
  const secrets = (options.secretValues ?? []).filter((v) => v !== '');
  const secretHeaders = headers.filter(([, v]) => secrets.some((s) => v.includes(s))).map(([n]) => n);
  if (secretHeaders.length > 0) prepared.secretHeaders = secretHeaders;
  return prepared;
}

function normaliseHost(host: string, asWritten: string): string {
  const h = host.trim().replace(/\/+$/, '');
  if (h === '') throw new InputError('no host: set one (for example http://localhost:8080) or define a host variable in the environment', asWritten);
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(h) ? h : `http://${h}`;
}

/** A header name as HTTP has it: a token, no spaces or separators. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Refuses, naming the header, what the HTTP client would refuse on the wire: there it came back as
 * a failed request ("No response: … failed: invalid header key") that named no header.
 */
function checkHeader(name: string, value: string): void {
  if (!HEADER_NAME.test(name)) throw new InputError(`header name '${name}' is not valid: letters, digits and !#$%&'*+-.^_\`|~ only, no spaces`, name);
  const bad = /[^\t\x20-\x7e\x80-\xff]/.exec(value)?.[0];
  if (bad === undefined) return;
  const what = bad.charCodeAt(0) < 0x20 || bad === '\x7f' ? 'a control character' : `'${bad}', which a header cannot carry: percent-encode it`;
  throw new InputError(`header '${name}' has ${what}`, name);
}

/** application/x-www-form-urlencoded as browsers write it: spaces as `+`. */
function formEncode(s: string): string {
  return encodeURIComponent(s).replace(/%20/g, '+');
}

function removeHeader(headers: Array<[string, string]>, name: string): void {
  for (let i = headers.length - 1; i >= 0; i--) if (headers[i]![0].toLowerCase() === name) headers.splice(i, 1);
}

/**
 * Sets a parameter by name, the way the CLI's --param applies: a declared path, form, cookie,
 * header or query parameter of that name, else a new query parameter. `@path` makes a form value a
 * file part (and the body multipart).
 */
export function setParam(draft: HttpRequestDraft, name: string, value: string): void {
  const path = draft.pathParams.find((p) => p.name === name);
  if (path) {
    path.value = value;
    return;
  }
  const field = draft.form.find((f) => f.name === name);
  const formBody = draft.bodyMode === 'urlencoded' || draft.bodyMode === 'multipart';
  if (field || (formBody && value.startsWith('@'))) {
    const file = value.startsWith('@');
    const row: FormField = { name, value: file ? value.slice(1) : value };
    if (file) {
      row.file = true;
      draft.bodyMode = 'multipart';
    }
    if (field) {
      delete field.file;
      Object.assign(field, row, { enabled: true });
    } else draft.form.push(row);
    return;
  }
  for (const list of [draft.cookies, draft.headers, draft.query]) {
    const row = list.find((r) => r.name === name);
    if (row) {
      row.value = value;
      row.enabled = true;
      return;
    }
  }
  draft.query.push({ name, value });
}

/** Sets (or adds) a header, replacing every row of that name. */
export function setHeader(draft: HttpRequestDraft, name: string, value: string): void {
  const rowsOfName = draft.headers.filter((h) => h.name.toLowerCase() === name.toLowerCase());
  draft.headers = draft.headers.filter((h) => !rowsOfName.includes(h));
  draft.headers.push({ name, value });
}

// The few Postman API calls environment sync needs (spec §4.8): workspaces, environments listed,
// read, created and replaced. Auth is the `X-Api-Key` header. Every failure becomes a SyncError
// whose message says what to do (a bad key, a missing environment, a rate limit with its wait, an
// outage), and never contains the key.

import { SyncError } from '../errors';

export const POSTMAN_API_URL = 'https://api.getpostman.com';
/** Points sync at another Postman API base URL (a proxy, or the tests' stand-in). */
export const POSTMAN_API_URL_ENV = 'APISCOUT_POSTMAN_API_URL';

export interface PostmanWorkspace {
  id: string;
  name: string;
  type?: string;
}

export interface PostmanEnvironmentSummary {
  id: string;
  name: string;
  uid?: string;
  owner?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** One variable in Postman's shape (FORMATS.md §2). */
export interface PostmanValue {
  key: string;
  value: string;
  type?: 'default' | 'secret' | 'any';
  enabled?: boolean;
}

export interface PostmanEnvironment extends PostmanEnvironmentSummary {
  values: PostmanValue[];
}

export interface PostmanClientOptions {
  apiKey: string;
  baseUrl?: string;
  /** Per request. */
  timeoutMs?: number;
}

export class PostmanClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly timeoutMs: number;

  constructor(options: PostmanClientOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? POSTMAN_API_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  async workspaces(): Promise<PostmanWorkspace[]> {
    const body = await this.request<{ workspaces?: PostmanWorkspace[] }>('GET', '/workspaces', 'the workspace list');
    return (body.workspaces ?? []).map((w) => ({ id: String(w.id), name: String(w.name), ...(w.type ? { type: String(w.type) } : {}) }));
  }

  async environments(workspace?: string): Promise<PostmanEnvironmentSummary[]> {
    const body = await this.request<{ environments?: PostmanEnvironmentSummary[] }>('GET', `/environments${query({ workspace })}`, workspace ? `the environments of workspace ${workspace}` : 'the environment list');
    if (!Array.isArray(body.environments)) throw new SyncError('the Postman API answered the environment list without an environments array');
    return body.environments.map(summary);
  }

  async environment(id: string): Promise<PostmanEnvironment> {
    const body = await this.request<{ environment?: PostmanEnvironment }>('GET', `/environments/${encodeURIComponent(id)}`, `environment ${id}`);
    const env = body.environment;
    if (!env || !Array.isArray(env.values)) throw new SyncError(`the Postman API answered environment ${id} without its values`);
    return {
      ...summary(env),
      values: env.values
        .filter((v) => v && typeof v.key === 'string')
        .map((v) => ({ key: v.key, value: typeof v.value === 'string' ? v.value : v.value == null ? '' : String(v.value), ...(v.type ? { type: v.type } : {}), ...(v.enabled === false ? { enabled: false } : {}) })),
    };
  }

  async create(workspace: string | undefined, env: { name: string; values: PostmanValue[] }): Promise<PostmanEnvironmentSummary> {
    const body = await this.request<{ environment?: PostmanEnvironmentSummary }>('POST', `/environments${query({ workspace })}`, `a new environment '${env.name}'`, { environment: env });
    if (!body.environment?.id) throw new SyncError(`the Postman API created '${env.name}' but returned no id`);
    return summary(body.environment);
  }

  async replace(id: string, env: { name: string; values: PostmanValue[] }): Promise<PostmanEnvironmentSummary> {
    const body = await this.request<{ environment?: PostmanEnvironmentSummary }>('PUT', `/environments/${encodeURIComponent(id)}`, `environment '${env.name}' (${id})`, { environment: env });
    return summary(body.environment ?? { id, name: env.name });
  }

  private async request<T>(method: string, path: string, what: string, body?: unknown): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: { 'X-Api-Key': this.apiKey, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      const cause = (e as Error & { cause?: Error }).cause?.message ?? (e as Error).message;
      throw new SyncError(`cannot reach the Postman API at ${this.baseUrl} (${cause}); nothing was changed`, undefined, undefined, { cause: e });
    }
    const text = await res.text();
    let data: unknown;
    try {
      data = text === '' ? {} : JSON.parse(text);
    } catch {
      data = undefined;
    }
    if (res.ok) {
      if (data === undefined || typeof data !== 'object') throw new SyncError(`the Postman API answered ${method} ${path} with something that is not JSON`, res.status);
      return data as T;
    }
    throw failure(res, data, what);
  }
}

function failure(res: Response, data: unknown, what: string): SyncError {
  const detail = errorText(data);
  const suffix = detail ? `: ${detail}` : '';
  const status = `${res.status}${res.statusText ? ` ${res.statusText}` : ''}`;
  switch (true) {
    case res.status === 401:
      return new SyncError(`Postman rejected the API key (${status})${suffix}. Set a valid key with 'apiscout env token' or ${'APISCOUT_POSTMAN_API_KEY'}; nothing was changed`, 401);
    case res.status === 403:
      return new SyncError(`Postman refused access to ${what} (${status})${suffix}; nothing was changed`, 403);
    case res.status === 404:
      return new SyncError(`Postman could not find ${what} (${status})${suffix}; nothing was changed`, 404);
    case res.status === 429: {
      const wait = retryAfter(res.headers.get('retry-after'));
      return new SyncError(`Postman's rate limit was reached (${status})${wait !== undefined ? `; retry after ${wait} s` : '; retry later'}; nothing was changed`, 429, wait);
    }
    case res.status >= 500:
      return new SyncError(`the Postman API failed on ${what} (${status})${suffix}; nothing was changed, try again later`, res.status);
    default:
      return new SyncError(`the Postman API refused ${what} (${status})${suffix}; nothing was changed`, res.status);
  }
}

/** `Retry-After` as seconds or an HTTP date. */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Postman errors come as `{error: {name, message}}`. */
function errorText(data: unknown): string {
  const error = (data as { error?: { name?: unknown; message?: unknown } | string } | undefined)?.error;
  if (typeof error === 'string') return error;
  if (error && typeof error.message === 'string') return error.message;
  return '';
}

function summary(e: PostmanEnvironmentSummary): PostmanEnvironmentSummary {
  const out: PostmanEnvironmentSummary = { id: String(e.id), name: String(e.name) };
  for (const k of ['uid', 'owner', 'createdAt', 'updatedAt'] as const) if (e[k] != null) out[k] = String(e[k]);
  return out;
}

function query(params: Record<string, string | undefined>): string {
  const entries = Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== '');
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
}

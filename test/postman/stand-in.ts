// A loopback stand-in for the Postman API (DESIGN.md: the one kind of mock we allow, for a
// third-party service we cannot run). It checks the X-Api-Key header and validates every request
// against Postman's published request shapes: the Zod schemas of the official
// @postman/postman-mcp-server (FORMATS.md §2), used strictly (a key the schema does not know is a
// violation too). It answers in Postman's documented response shapes and keeps state in memory.

import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** The official client's request schemas; the package reads POSTMAN_API_KEY when loaded. */
async function loadSchemas(): Promise<Record<string, Schema>> {
  process.env.POSTMAN_API_KEY ??= 'stand-in';
  const tools = '@postman/postman-mcp-server/dist/src/tools';
  const names = ['getWorkspaces', 'getEnvironments', 'getEnvironment', 'createEnvironment', 'putEnvironment'];
  const modules = await Promise.all(names.map((n) => import(/* @vite-ignore */ `${tools}/${n}.js`) as Promise<{ parameters: Schema }>));
  return Object.fromEntries(names.map((n, i) => [n, modules[i]!.parameters]));
}

export interface StoredEnvironment {
  id: string;
  name: string;
  workspace: string;
  owner: string;
  createdAt: string;
  updatedAt: string;
  values: { key: string; value: string; type?: string; enabled?: boolean }[];
}

export interface ReceivedRequest {
  method: string;
  path: string;
  apiKey?: string;
  body?: unknown;
}

export interface PostmanStandIn {
  url: string;
  apiKey: string;
  environments: Map<string, StoredEnvironment>;
  workspaces: { id: string; name: string; type: string }[];
  requests: ReceivedRequest[];
  /** Requests that did not match Postman's published shapes. Tests expect none. */
  violations: string[];
  /** The next request gets this answer instead. */
  failNext(status: number, headers?: Record<string, string>, body?: unknown): void;
  seed(workspace: string, name: string, values: StoredEnvironment['values']): StoredEnvironment;
  /** Someone edits an environment in Postman. */
  editRemotely(id: string, values: StoredEnvironment['values']): void;
  close(): Promise<void>;
}

const OWNER = '12345678';

export async function startPostmanStandIn(apiKey = `PMAK-${randomUUID()}`): Promise<PostmanStandIn> {
  const schemas = await loadSchemas();
  const environments = new Map<string, StoredEnvironment>();
  const workspaces = [
    { id: 'ws-personal', name: 'My Workspace', type: 'personal' },
    { id: 'ws-team', name: 'Team APIs', type: 'team' },
  ];
  const requests: ReceivedRequest[] = [];
  const violations: string[] = [];
  let failure: { status: number; headers: Record<string, string>; body: unknown } | undefined;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const now = (): string => new Date((clock += 1000)).toISOString();

  const validate = (what: string, schema: Schema, value: unknown): boolean => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      violations.push(`${what}: ${parsed.error.message}`);
      return false;
    }
    // Zod drops keys it does not know (and fills defaults); Postman's API would not know them either.
    const unknown = droppedKeys(value, parsed.data, '');
    if (unknown.length) {
      violations.push(`${what}: fields outside the published shape: ${unknown.join(', ')}`);
      return false;
    }
    return true;
  };

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
  };
  const malformed = (res: ServerResponse, message: string): void =>
    send(res, 400, { error: { name: 'malformedRequestError', message } });
  const notFound = (res: ServerResponse): void =>
    send(res, 404, { error: { name: 'instanceNotFoundError', message: 'We could not find the environment you are looking for' } });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url!, 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const key = req.headers['x-api-key'] as string | undefined;
    const received: ReceivedRequest = { method: req.method!, path: url.pathname + url.search, apiKey: key };
    requests.push(received);
    if (key !== apiKey) {
      send(res, 401, { error: { name: 'AuthenticationError', message: 'Invalid API Key. Every request requires a valid API Key to be sent.' } });
      return;
    }
    if (failure) {
      const f = failure;
      failure = undefined;
      send(res, f.status, f.body, f.headers);
      return;
    }
    let body: unknown;
    if (req.method === 'POST' || req.method === 'PUT') {
      if (!/^application\/json\b/.test(req.headers['content-type'] ?? '')) {
        violations.push(`${req.method} ${url.pathname}: Content-Type ${req.headers['content-type']} is not application/json`);
        return malformed(res, 'Content-Type must be application/json');
      }
      try {
        body = JSON.parse(raw);
      } catch {
        violations.push(`${req.method} ${url.pathname}: body is not JSON`);
        return malformed(res, 'body is not JSON');
      }
      received.body = body;
    }
    const query = Object.fromEntries(url.searchParams);
    const envId = /^\/environments\/([^/]+)$/.exec(url.pathname)?.[1];

    if (req.method === 'GET' && url.pathname === '/workspaces') {
      if (!validate('GET /workspaces', schemas.getWorkspaces!, query)) return malformed(res, 'bad query');
      return send(res, 200, { workspaces: workspaces.map((w) => ({ ...w, visibility: w.type === 'team' ? 'team' : 'personal' })) });
    }
    if (req.method === 'GET' && url.pathname === '/environments') {
      if (!validate('GET /environments', schemas.getEnvironments!, query)) return malformed(res, 'bad query');
      const list = [...environments.values()].filter((e) => !query.workspace || e.workspace === query.workspace);
      return send(res, 200, {
        environments: list.map((e) => ({ id: e.id, name: e.name, createdAt: e.createdAt, updatedAt: e.updatedAt, owner: e.owner, uid: `${e.owner}-${e.id}`, isPublic: false })),
      });
    }
    if (req.method === 'GET' && envId) {
      if (!validate(`GET /environments/${envId}`, schemas.getEnvironment!, { environmentId: decodeURIComponent(envId) })) return malformed(res, 'bad id');
      const e = environments.get(decodeURIComponent(envId));
      if (!e) return notFound(res);
      return send(res, 200, { environment: { id: e.id, name: e.name, owner: e.owner, createdAt: e.createdAt, updatedAt: e.updatedAt, values: e.values, isPublic: false } });
    }
    if (req.method === 'POST' && url.pathname === '/environments') {
      const keys = Object.keys(body as object);
      if (keys.some((k) => k !== 'environment')) violations.push(`POST /environments: unexpected body keys ${keys.join(', ')}`);
      const args = { ...query, ...(body as object) };
      if (!validate('POST /environments', schemas.createEnvironment!, args)) return malformed(res, 'invalid environment');
      const env = (body as { environment: { name: string; values?: StoredEnvironment['values'] } }).environment;
      const workspace = query.workspace ?? 'ws-personal';
      if (!workspaces.some((w) => w.id === workspace)) return send(res, 404, { error: { name: 'workspaceNotFoundError', message: 'Workspace not found' } });
      const stored = store(workspace, env.name, env.values ?? []);
      return send(res, 200, { environment: { id: stored.id, name: stored.name, uid: `${OWNER}-${stored.id}` } });
    }
    if (req.method === 'PUT' && envId) {
      const keys = Object.keys(body as object);
      if (keys.some((k) => k !== 'environment')) violations.push(`PUT /environments: unexpected body keys ${keys.join(', ')}`);
      if (!validate(`PUT /environments/${envId}`, schemas.putEnvironment!, { environmentId: decodeURIComponent(envId), ...(body as object) })) return malformed(res, 'invalid environment');
      const e = environments.get(decodeURIComponent(envId));
      if (!e) return notFound(res);
      const env = (body as { environment: { name?: string; values?: StoredEnvironment['values'] } }).environment;
      if (env.name !== undefined) e.name = env.name;
      e.values = env.values ?? [];
      e.updatedAt = now();
      return send(res, 200, { environment: { id: e.id, name: e.name, uid: `${OWNER}-${e.id}` } });
    }
    violations.push(`${req.method} ${url.pathname}: not an endpoint sync should call`);
    send(res, 404, { error: { name: 'notFound', message: 'Requested resource not found' } });
  }

  function store(workspace: string, name: string, values: StoredEnvironment['values']): StoredEnvironment {
    const at = now();
    const e: StoredEnvironment = { id: randomUUID(), name, workspace, owner: OWNER, createdAt: at, updatedAt: at, values: structuredClone(values) };
    environments.set(e.id, e);
    return e;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      violations.push(`stand-in failure: ${(e as Error).stack}`);
      send(res, 500, { error: { name: 'serverError', message: 'stand-in failure' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    environments,
    workspaces,
    requests,
    violations,
    failNext(status, headers = {}, body = { error: { name: 'serverError', message: `stand-in answered ${status}` } }) {
      failure = { status, headers, body };
    },
    seed: store,
    editRemotely(id, values) {
      const e = environments.get(id)!;
      e.values = structuredClone(values);
      e.updatedAt = now();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Paths of the keys in `sent` that the schema's output no longer has. */
function droppedKeys(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent)) return sent.flatMap((v, i) => droppedKeys(v, (kept as unknown[] | undefined)?.[i], `${path}[${i}]`));
  if (!sent || typeof sent !== 'object') return [];
  const out = kept && typeof kept === 'object' ? (kept as Record<string, unknown>) : {};
  return Object.entries(sent).flatMap(([k, v]) => (k in out ? droppedKeys(v, out[k], `${path}.${k}`) : [`${path}.${k}`]));
}

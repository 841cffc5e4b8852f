// Secured endpoints of every scheme kind and a real server on 127.0.0.1 that serves each only
// with its credential (401 without), for the request exports' auth tests: a consumer that runs an
// export with the credentials in its environment gets 200 everywhere; without them, 401 on every
// secured path and 200 on the public one.

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEndpoint, type Endpoint, type ModuleSummary, type SecuritySchemeDecl } from '../../core/model/endpoint';

/**
 * Values every consumer can carry as they are: a `.http` client puts a variable into the URL
 * unencoded, httpyac's `Basic user password` form splits at the first `:`, hopp encodes Basic
 * credentials as Latin-1 (btoa), and a header is ASCII.
 */
export const CREDENTIALS = { bearerToken: 'eyJ.tok-1_~+/=', basicUser: 'ann', basicPassword: 'p w s3!', apiKey: 'k-123', queryKey: 'q-1_2~', sessionKey: 's-9' };

const SCHEMES: SecuritySchemeDecl[] = [
  { name: 'apiKey', type: 'apiKey', in: 'header', paramName: 'X-API-Key' },
  { name: 'basicAuth', type: 'http', scheme: 'basic' },
  { name: 'bearerAuth', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  { name: 'oidc', type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration' },
  { name: 'oauth', type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} } } },
  { name: 'query-key', type: 'apiKey', in: 'query', paramName: 'api_key' },
  { name: 'sessionKey', type: 'apiKey', in: 'cookie', paramName: 'SESSION' },
];

export const AUTH_MODULES: ModuleSummary[] = [{ name: 'secure', dir: '', build: 'maven', securitySchemes: SCHEMES }];

export function authEndpoint(path: string, security: string[] | undefined, extra: Partial<Endpoint> = {}): Endpoint {
  const member = path.replace(/\W+/g, '') || 'root';
  return createEndpoint({
    protocol: 'http',
    framework: 'spring-mvc',
    method: 'GET',
    path,
    name: member,
    description: '',
    folder: 'Secure',
    className: 'com.example.SecureController',
    module: 'secure',
    source: { file: 'src/main/java/com/example/SecureController.java', line: 1, column: 1, member },
    signature: [],
    ...(security ? { security } : {}),
    ...extra,
  });
}

/** Each path's scheme: the path names the scheme the server checks. */
export function authEndpoints(): Endpoint[] {
  return [
    authEndpoint('/bearer', ['bearerAuth']),
    authEndpoint('/basic', ['basicAuth']),
    authEndpoint('/key-header', ['apiKey']),
    authEndpoint('/key-query', ['query-key'], { request: { consumes: [], params: [{ name: 'page', in: 'query', required: true, schema: { type: 'integer' }, description: '', example: 2 }] } }),
    authEndpoint('/key-cookie', ['sessionKey']),
    authEndpoint('/oauth', ['oauth']),
    authEndpoint('/oidc', ['oidc']),
    // Alternatives: the first declared one is sent (an undeclared name is skipped).
    authEndpoint('/either', ['undeclared', 'basicAuth', 'bearerAuth']),
    authEndpoint('/public', []),
  ];
}

const BEARER = `Bearer ${CREDENTIALS.bearerToken}`;
const BASIC = `Basic ${Buffer.from(`${CREDENTIALS.basicUser}:${CREDENTIALS.basicPassword}`).toString('base64')}`;

function allowed(path: string, query: URLSearchParams, req: IncomingMessage): boolean {
  const auth = req.headers.authorization;
  switch (path) {
    case '/bearer':
    case '/oauth':
    case '/oidc':
      return auth === BEARER;
    case '/basic':
    case '/either':
      return auth === BASIC;
    case '/key-header':
      return req.headers['x-api-key'] === CREDENTIALS.apiKey;
    case '/key-query':
      return query.get('api_key') === CREDENTIALS.queryKey && query.get('page') === '2';
    case '/key-cookie':
      return (req.headers.cookie ?? '').split(/;\s*/).includes(`SESSION=${CREDENTIALS.sessionKey}`);
    case '/public':
      return auth === undefined;
    default:
      return false;
  }
}

export interface AuthServer {
  url: string;
  /** Status answered per path, last request wins. */
  statuses: Map<string, number>;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<AuthServer> {
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const status = allowed(url.pathname, url.searchParams, req) ? 200 : 401;
    statuses.set(url.pathname, status);
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: status === 200 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, statuses, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Expected statuses when the consumer has every credential. */
export const ALL_OK = Object.fromEntries(authEndpoints().map((e) => [e.path, 200]));
/** Expected statuses when the consumer has none: only the public path answers. */
export const ONLY_PUBLIC = Object.fromEntries(authEndpoints().map((e) => [e.path, e.path === '/public' ? 200 : 401]));

// One table per rule of spec §4.3.3 (and §8's short-token limit): each row is a query, the
// endpoints it must match and the ones it must not. Rows run through `matchEndpoint` (one
// endpoint) and `search` (the index) alike, so both paths keep to the same rules.

import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../model/endpoint';
import { buildSearchIndex, filterEndpoints, highlightEndpoint, matchEndpoint, search, type Match } from './matcher';

let seq = 0;
function ep(method: string, path: string, name: string, extra: Partial<Endpoint> = {}): Endpoint {
  seq++;
  return {
    id: `app:com.acme.web.Controller#m${seq}():${method} ${path}`,
    protocol: method === 'gRPC' ? 'grpc' : 'http',
    framework: method === 'gRPC' ? 'grpc' : 'spring-mvc',
    method,
    path,
    address: `${method} ${path}`,
    name,
    description: '',
    folder: 'app/users',
    className: 'com.acme.web.UserController',
    module: 'app',
    source: { file: 'app/src/main/java/com/acme/web/UserController.java', line: seq, column: 5, member: `m${seq}` },
    ...extra,
  };
}

// Named so the tables read as prose.
const E = {
  listUsers: ep('GET', '/users', 'List users'),
  createUser: ep('POST', '/users', 'Create user'),
  userDetail: ep('GET', '/users/{id}', 'Get user detail'),
  userDetailZh: ep('GET', '/api/users/{id}', '获取用户详情'),
  deleteUser: ep('DELETE', '/users/{id}', 'Delete user'),
  me: ep('GET', '/users/me', 'Current user'),
  userOrders: ep('GET', '/users/{id}/orders', '用户订单列表'),
  userStatus: ep('PATCH', '/users/{id}/status', 'Change user status'),
  postDetail: ep('POST', '/user/getDetail', 'Get user detail'),
  listOrders: ep('GET', '/orders', 'List orders'),
  orderStatus: ep('GET', '/orders/{id}/status', 'Order status'),
  settings: ep('GET', '/user-settings/{key}', 'Read a setting'),
  staticFiles: ep('ALL', '/static/**', 'Static resources'),
  catchAll: ep('GET', '/docs/{*rest}', 'Docs'),
  json: ep('GET', '/files/{name}.json', 'Download JSON'),
  preview: ep('GET', '/assets/*/preview', 'Preview asset'),
  rocket: ep('POST', '/deploy', 'Deploy 🚀🚀 now'),
  grpc: ep('gRPC', '/com.acme.user.v1.UserService/GetUser', 'GetUser', { streaming: 'U' }),
  root: ep('GET', '/', 'Home'),
  slash: ep('GET', '/health/', 'Health'),
  report: ep('GET', '/reports/export', 'Export report', {
    description: 'Streams the quarterly revenue spreadsheet',
    folder: 'finance/reports',
    className: 'com.acme.finance.ReportController',
  }),
};
type Key = keyof typeof E;
const ALL = Object.values(E);
const INDEX = buildSearchIndex(ALL);
const keyOf = new Map(Object.entries(E).map(([k, v]) => [v, k as Key]));

interface Row {
  query: string;
  match: Key[];
  not: Key[];
}

/** Checks each row both ways: per endpoint, and through the index. */
function table(rows: Row[], fields?: 'explorer' | 'address-and-name') {
  it.each(rows)('$query', ({ query, match, not }) => {
    for (const k of match) expect(matchEndpoint(query, E[k], { fields }), `${query} should match ${k}`).not.toBeNull();
    for (const k of not) expect(matchEndpoint(query, E[k], { fields }), `${query} should not match ${k}`).toBeNull();
    const found = new Set(search(INDEX, query, { fields }).map((m) => keyOf.get(m.endpoint)));
    for (const k of match) expect(found.has(k), `search ${query} finds ${k}`).toBe(true);
    for (const k of not) expect(found.has(k), `search ${query} skips ${k}`).toBe(false);
  });
}

function keys(matches: Match[]): (Key | undefined)[] {
  return matches.map((m) => keyOf.get(m.endpoint));
}

describe('combined query: an address part and a name part, both must match', () => {
  table([
    { query: 'users/{id} 获取用户', match: ['userDetailZh'], not: ['userDetail', 'userOrders', 'deleteUser'] },
    { query: 'GET /users list', match: ['listUsers'], not: ['createUser', 'listOrders', 'userDetail'] },
    { query: 'users 订单', match: ['userOrders'], not: ['userDetailZh', 'listOrders'] },
    { query: 'orders status', match: ['orderStatus'], not: ['listOrders', 'userStatus'] },
    { query: 'users/{id} delete', match: ['deleteUser'], not: ['userDetail', 'userStatus'] },
    // Only a name: every word must be in it (or in the address).
    { query: 'user detail', match: ['userDetail', 'postDetail'], not: ['deleteUser', 'listUsers'] },
    { query: 'get user detail', match: ['userDetail', 'postDetail'], not: ['deleteUser', 'me'] },
    { query: 'change user status', match: ['userStatus'], not: ['orderStatus'] },
    { query: 'users/{id} 订单不存在', match: [], not: ['userOrders', 'userDetailZh'] },
  ]);

  it('ranks a method-filtered hit above a hit that reads the verb as a name word', () => {
    expect(keys(search(INDEX, 'get user detail')).slice(0, 2)).toEqual(['userDetail', 'postDetail']);
  });

  it('a verb followed by a path only filters: the verb is not read as a name word', () => {
    expect(matchEndpoint('GET /user/getDetail', E.postDetail)).toBeNull();
  });
});

describe('fuzzy matching: a subsequence of the address', () => {
  table([
    { query: 'usrid', match: ['userDetail', 'userDetailZh', 'deleteUser', 'userOrders'], not: ['listUsers', 'listOrders'] },
    { query: 'ordst', match: ['orderStatus'], not: ['listOrders', 'userDetail'] },
    { query: 'gusr', match: ['listUsers', 'userDetail'], not: ['createUser', 'deleteUser'] },
    { query: 'usrdi', match: [], not: ['userDetail', 'deleteUser'] },
    { query: 'prvst', match: [], not: ['preview'] },
    { query: 'xyzzy', match: [], not: ALL.map((e) => keyOf.get(e)!) },
  ]);

  it('reports the kind', () => {
    expect(matchEndpoint('usrid', E.userDetail)?.kind).toBe('fuzzy');
    expect(matchEndpoint('users', E.userDetail)?.kind).toBe('literal');
  });

  it('does not match names fuzzily, only addresses', () => {
    expect(matchEndpoint('crtusr', E.createUser)).toBeNull(); // "Create user" has it, POST /users does not
  });
});

describe('fuzzy matching is anchored: pieces of the token start words of the address', () => {
  // apache/rocketmq's proxy: every RPC shares the package, whose letters spell most RPC names.
  const rpc = (name: string) => ep('gRPC', `/apache.rocketmq.v2.MessagingService/${name}`, name, { streaming: 'U' });
  const receive = rpc('ReceiveMessage');
  const others = ['QueryRoute', 'AckMessage', 'SendMessage', 'RecallMessage', 'ForwardMessageToDeadLetterQueue', 'ChangeInvisibleDuration'].map(rpc);
  const rpcs = [...others, receive];

  it('does not match by letters strewn across a package name', () => {
    expect(search(rpcs, 'ReceiveMessage').map((m) => m.endpoint)).toEqual([receive]);
    for (const o of others) expect(matchEndpoint('ReceiveMessage', o), o.name).toBeNull();
    expect(filterEndpoints(rpcs, 'ReceiveMessage', { fields: 'explorer' })).toEqual([receive]);
  });

  it('still matches camel-hump and word-start abbreviations', () => {
    expect(search(rpcs, 'RecMsg').map((m) => m.endpoint.name).sort()).toEqual(['RecallMessage', 'ReceiveMessage']);
    expect(matchEndpoint('RecMsg', receive)?.kind).toBe('fuzzy');
    expect(search(rpcs, 'chginvdur').map((m) => m.endpoint.name)).toEqual(['ChangeInvisibleDuration']);
    expect(matchEndpoint('msgsvcqry', others[0]!)?.kind).toBe('fuzzy'); // MeSsaGing SerViCe / QueRY
  });

  it('finds an alignment that a greedy one misses', () => {
    // Greedy takes the `s` of `orders` and then finds no word starting with `t`.
    expect(matchEndpoint('ordst', E.orderStatus)?.kind).toBe('fuzzy');
    expect(matchEndpoint('getappls', ep('GET', '/api/v3/applications', 'x'))?.kind).toBe('fuzzy');
  });

  it('highlights the anchored alignment', () => {
    const ranges = highlightEndpoint('RecMsg', receive).find((r) => r.field === 'path')?.ranges;
    const path = receive.path;
    expect(ranges?.map(([a, b]) => path.slice(a, b))).toEqual(['Rec', 'M', 's', 'g']);
    const st = highlightEndpoint('ordst', E.orderStatus).find((r) => r.field === 'path')?.ranges;
    expect(st?.map(([a, b]) => E.orderStatus.path.slice(a, b))).toEqual(['ord', 'st']);
  });
});

describe('short tokens (< 3 code points) match literally only', () => {
  table([
    { query: 'us', match: ['listUsers', 'settings'], not: ['listOrders', 'report'] },
    { query: 'id', match: ['userDetail', 'orderStatus'], not: ['listUsers', 'me'] },
    { query: 'ud', match: [], not: ['userDetail', 'listUsers'] }, // u…d would be a subsequence
    { query: 'v1', match: ['grpc'], not: ['listUsers'] },
    // CJK: substring matching, whatever the length; never a subsequence of ideographs.
    { query: '用户', match: ['userDetailZh', 'userOrders'], not: ['userDetail'] },
    { query: '获详', match: [], not: ['userDetailZh'] },
    { query: '获取详情', match: [], not: ['userDetailZh'] },
    { query: '用户详情', match: ['userDetailZh'], not: ['userOrders'] },
    // Counted in code points: two astral characters are two, not four.
    { query: '🚀🚀', match: ['rocket'], not: ['createUser'] },
    { query: 'd🚀', match: [], not: ['rocket'] },
  ]);
});

describe('pasted path: segment by segment, never fuzzy', () => {
  table([
    { query: '/users/42', match: ['userDetail', 'deleteUser', 'userDetailZh', 'userOrders'], not: ['listUsers', 'me', 'settings'] },
    { query: '/usrs/42', match: [], not: ['userDetail', 'userDetailZh'] },
    { query: '/users/42/orders', match: ['userOrders'], not: ['userDetail', 'userStatus'] },
    { query: '/users/42/orders/7', match: [], not: ['userOrders'] },
    { query: '/42/orders', match: [], not: ['userOrders'] }, // may not start on a template mid-path
    { query: 'http://localhost:8080/api/users/42?x=1', match: ['userDetailZh'], not: ['userOrders', 'listUsers'] },
    { query: 'https://example.com/users/42#top', match: ['userDetail', 'deleteUser'], not: ['userOrders'] },
    { query: 'localhost:8080/users/me', match: ['me', 'userDetail'], not: ['listUsers'] },
    // A URL's context path the endpoint does not declare.
    { query: 'http://localhost:8080/shop/orders/9/status', match: ['orderStatus'], not: ['listOrders'] },
    // A pasted path with a context path, servlet path or gateway prefix (no scheme, no host).
    { query: '/shop/orders/9/status', match: ['orderStatus'], not: ['listOrders', 'userStatus'] },
    { query: '/gw/app/api/users/42', match: ['userDetailZh', 'userDetail'], not: ['userOrders', 'listUsers'] },
    { query: '/users/me', match: ['me'], not: ['listUsers', 'root'] },
    // Still typing: the last segment may be a prefix; a trailing slash ends it.
    { query: '/users/m', match: ['me', 'userDetail'], not: ['listUsers'] },
    { query: '/use', match: ['listUsers', 'userDetail', 'settings'], not: ['listOrders', 'json'] },
    { query: '/use/', match: [], not: ['listUsers'] },
    { query: '/files/my%20report.json', match: ['json'], not: ['listUsers'] },
    { query: '/users;jsessionid=abc', match: ['listUsers'], not: ['listOrders'] },
  ]);

  it('an exact path is kind exact; a prefix or a partial is literal', () => {
    expect(matchEndpoint('/users/42', E.userDetail)?.kind).toBe('exact');
    expect(matchEndpoint('/users/42', E.userOrders)?.kind).toBe('literal');
    expect(matchEndpoint('/users/42', E.userDetailZh)?.kind).toBe('literal');
  });
});

describe('method prefix: a leading verb filters by method', () => {
  table([
    { query: 'GET /users', match: ['listUsers', 'userDetail'], not: ['createUser', 'deleteUser'] },
    { query: 'post /users', match: ['createUser'], not: ['listUsers'] },
    { query: 'DELETE users', match: ['deleteUser'], not: ['userDetail', 'listUsers'] },
    { query: 'GET/users/42', match: ['userDetail'], not: ['deleteUser'] },
    { query: 'Patch', match: ['userStatus', 'staticFiles'], not: ['listUsers'] },
    { query: 'grpc', match: ['grpc'], not: ['listUsers'] },
    { query: 'grpc user', match: ['grpc'], not: ['listUsers'] },
    // ALL serves every method.
    { query: 'GET /static/app.js', match: ['staticFiles'], not: [] },
    { query: 'DELETE /static/app.js', match: ['staticFiles'], not: [] },
    { query: 'OPTIONS', match: ['staticFiles'], not: ['listUsers'] },
    // ALL stands for every HTTP method; it does not make an endpoint a gRPC method.
    { query: 'gRPC', match: ['grpc'], not: ['staticFiles'] },
  ]);

  it('prefers an endpoint of the verb over an ALL endpoint', () => {
    const ranked = keys(search(INDEX, 'PATCH'));
    expect(ranked.indexOf('userStatus')).toBeLessThan(ranked.indexOf('staticFiles'));
  });
});

describe('templates: values match template segments, globs and patterns', () => {
  table([
    { query: '/users/42', match: ['userDetail'], not: [] },
    { query: '/users/{id}', match: ['userDetail', 'deleteUser'], not: ['listUsers'] },
    { query: '/users/{userId}', match: ['userDetail'], not: ['listUsers'] },
    { query: 'users/42', match: ['userDetail', 'userDetailZh'], not: ['listUsers'] },
    { query: 'users/42/status', match: ['userStatus'], not: ['orderStatus'] },
    { query: '/files/report.json', match: ['json'], not: [] },
    { query: '/files/report.txt', match: [], not: ['json'] },
    { query: '/assets/logo/preview', match: ['preview'], not: [] },
    { query: '/assets/logo/download', match: [], not: ['preview'] },
    { query: '/static/css/app/main.css', match: ['staticFiles'], not: ['listUsers'] },
    { query: '/static', match: ['staticFiles'], not: [] },
    { query: '/docs/guide/intro', match: ['catchAll'], not: [] },
    { query: '/nothing/static/x', match: [], not: ['staticFiles'] },
  ]);

  it('a path covered by ** or a pattern is exact', () => {
    expect(matchEndpoint('/static/a/b', E.staticFiles)?.kind).toBe('exact');
    expect(matchEndpoint('/files/a.json', E.json)?.kind).toBe('exact');
  });
});

describe('addresses of every shape', () => {
  table([
    { query: 'UserService/GetUser', match: ['grpc'], not: ['listUsers'] },
    { query: 'gRPC /com.acme.user.v1.UserService/GetUser', match: ['grpc'], not: [] },
    { query: '/', match: ['root', 'listUsers'], not: [] },
    { query: '/health', match: ['slash'], not: ['root'] },
    { query: 'http://localhost/health/', match: ['slash'], not: [] },
    { query: 'home', match: ['root'], not: ['slash'] },
  ]);

  it('the root path is the exact hit for /', () => {
    expect(matchEndpoint('/', E.root)?.kind).toBe('exact');
    expect(matchEndpoint('/', E.listUsers)?.kind).toBe('literal');
  });
});

describe('ordering', () => {
  it('ranks every literal hit before any fuzzy hit', () => {
    const results = search(INDEX, 'users');
    const kinds = results.map((m) => m.kind);
    const lastLiteral = Math.max(kinds.lastIndexOf('literal'), kinds.lastIndexOf('exact'));
    expect(kinds.indexOf('fuzzy')).toBeGreaterThan(lastLiteral);
    expect(keys(results)).toContain('settings'); // `/user-settings` holds u-s-e-r-s, fuzzily
  });

  it('ranks whole-path hits first, a literal segment above a template', () => {
    const ranked = keys(search(INDEX, '/users/me'));
    expect(ranked[0]).toBe('me');
    expect(ranked).toContain('userDetail');
    expect(keys(search(INDEX, '/users')).slice(0, 2).sort()).toEqual(['createUser', 'listUsers']);
  });

  it('breaks ties by path, then method, whatever the input order', () => {
    const a = keys(search(ALL, 'GET'));
    const b = keys(search([...ALL].reverse(), 'GET'));
    expect(a).toEqual(b);
    const paths = search(ALL, 'users/{id}').filter((m) => m.score === search(ALL, 'users/{id}')[0]!.score);
    const order = paths.map((m) => `${m.endpoint.path} ${m.endpoint.method}`);
    expect(order).toEqual([...order].sort());
  });

  it('puts a word the address and the name both hold before one only the name holds', () => {
    const health = ep('PUT', '/v1/ns/health', 'Update health check for instance');
    const instance = ep('PUT', '/v1/ns/instance', 'Update instance');
    const detail = ep('GET', '/v1/ns/instance', 'Get detail information of specified instance');
    for (const list of [[health, instance, detail], [detail, instance, health]]) {
      expect(search(buildSearchIndex(list), 'ns instance').map((m) => m.endpoint)).toEqual([detail, instance, health]);
    }
  });

  it('lists everything in path order for an empty query', () => {
    const paths = search(INDEX, '   ').map((m) => m.endpoint.path);
    expect(paths).toHaveLength(ALL.length);
    expect(paths.slice(0, 2)).toEqual(['/', '/api/users/{id}']);
  });

  it('keeps the best results under a limit', () => {
    const all = search(INDEX, 'us');
    expect(search(INDEX, 'us', { limit: 3 })).toEqual(all.slice(0, 3));
  });
});

describe("handler method name: the whole name, typed as the code spells it", () => {
  // Netflix/genie: a UI catch-all `/applications/**` (handler getIndex) and the REST handler
  // `getApplications` on `/api/v3/applications`, whose name is a sentence.
  const at = (member: string) => ({ file: 'Web.java', line: 1, column: 1, member });
  const ui = ep('GET', '/applications/**', 'Return the index template', { source: at('getIndex') });
  const rest = ep('GET', '/api/v3/applications', 'Get Applications based on user parameters', { source: at('getApplications') });
  const one = ep('GET', '/api/v3/applications/{id}', 'Get Application for given id', { source: at('getApplication') });
  const list = [ui, one, rest];

  it('ranks the handler named exactly so first, above path-only fuzzy hits', () => {
    for (const fields of ['address-and-name', 'explorer'] as const) {
      const results = search(list, 'getApplications', { fields });
      expect(results[0]?.endpoint).toBe(rest);
      expect(results[0]?.kind).toBe('literal');
    }
    expect(matchEndpoint('GETAPPLICATIONS', rest)?.kind).toBe('literal');
  });

  it('matches the whole name only, not a part of it', () => {
    expect(matchEndpoint('getApplic', one)?.kind).not.toBe('literal');
    expect(search(list, 'getApplication')[0]?.endpoint).toBe(one);
  });
});

describe('case and script', () => {
  table([
    { query: 'USERS', match: ['listUsers'], not: ['listOrders'] },
    { query: 'GetUser', match: ['grpc'], not: ['listOrders'] },
    { query: 'DOWNLOAD json', match: ['json'], not: [] },
    { query: '获取用户', match: ['userDetailZh'], not: ['userOrders'] },
  ]);

  it('folds İ to i without shifting highlight offsets', () => {
    const e = ep('GET', '/İstanbul/offices', 'İstanbul offices');
    expect(highlightEndpoint('istanbul', e)).toEqual([{ field: 'name', ranges: [[0, 8]] }]);
    expect(highlightEndpoint('/istanbul', e)).toEqual([
      { field: 'address', ranges: [[4, 13]] },
      { field: 'path', ranges: [[0, 9]] },
    ]);
  });
});

describe('explorer fields: folder, description and class name too', () => {
  table(
    [
      { query: 'ReportController', match: ['report'], not: ['listUsers'] },
      { query: 'quarterly', match: ['report'], not: ['listUsers'] },
      { query: 'finance', match: ['report'], not: ['listUsers'] },
      { query: 'revenue export', match: ['report'], not: ['listOrders'] },
    ],
    'explorer',
  );
  table([
    { query: 'ReportController', match: [], not: ['report'] },
    { query: 'quarterly', match: [], not: ['report'] },
  ]);

  it('filterEndpoints returns the matches in their original order', () => {
    const filtered = filterEndpoints(ALL, 'user', { fields: 'explorer' });
    expect(filtered).toEqual(ALL.filter((e) => filtered.includes(e)));
    expect(new Set(filtered)).toEqual(new Set(search(ALL, 'user', { fields: 'explorer' }).map((m) => m.endpoint)));
  });
});

describe('highlight ranges', () => {
  it('marks the verb, the path segments and the name word', () => {
    expect(matchEndpoint('GET /users list', E.listUsers)!.ranges).toEqual([
      { field: 'address', ranges: [[0, 3], [4, 10]] },
      { field: 'path', ranges: [[0, 6]] },
      { field: 'name', ranges: [[0, 4]] },
    ]);
  });

  it('marks each character of a fuzzy match', () => {
    expect(matchEndpoint('usrid', E.userDetail)!.ranges).toEqual([
      { field: 'address', ranges: [[5, 7], [8, 9], [12, 14]] },
      { field: 'path', ranges: [[1, 3], [4, 5], [8, 10]] },
    ]);
  });

  it('marks a typed prefix and a CJK substring', () => {
    expect(matchEndpoint('/users/m', E.me)!.ranges[0]).toEqual({ field: 'address', ranges: [[4, 12]] });
    expect(matchEndpoint('users/{id} 获取用户', E.userDetailZh)!.ranges).toEqual([
      { field: 'address', ranges: [[9, 19]] },
      { field: 'path', ranges: [[5, 15]] },
      { field: 'name', ranges: [[0, 4]] },
    ]);
  });

  it('marks the verb read as a name word', () => {
    expect(matchEndpoint('get user detail', E.postDetail)!.ranges).toContainEqual({ field: 'name', ranges: [[0, 3], [9, 15]] });
  });

  it('marks hits in explorer fields', () => {
    expect(matchEndpoint('quarterly', E.report, { fields: 'explorer' })!.ranges).toEqual([{ field: 'description', ranges: [[12, 21]] }]);
    expect(matchEndpoint('reportcontroller', E.report, { fields: 'explorer' })!.ranges).toEqual([{ field: 'className', ranges: [[17, 33]] }]);
  });

  it('can be skipped', () => {
    expect(search(INDEX, 'users', { ranges: false }).every((m) => m.ranges.length === 0)).toBe(true);
  });
});

// The web app's pure parts, without a browser: tree rows and their keys, the request hints read
// from a real endpoint model, draft saving, the body checks, the method labels, the response display.

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import type { JsonSchema } from '../../core/model/request';
import { buildTree } from '../../core/model/tree';
import { checkAgainstSchema } from './json-check';
import { methodClass, methodLabel } from './method-badge';
import { failureOf } from './details';
import { DraftSaver } from './draft-saver';
import { bodyContentType, hintKey, paramHints, tabCounts, typeLabel } from './request-draft';
import type { HttpRequestDraft } from './request-draft';
import { defaultSaveName, DISPLAY_LIMIT, displayText, formatBytes } from './response-panel';
import { ancestorsOf, flattenTree, groupKeys, treeKey } from './tree-model';
import type { Row } from './tree-model';
import { pathRanges } from './highlight';
import { judgeBody } from './request-editor';
import { CANCELLED, RpcError } from './rpc';
import { ErrorCodes } from '../protocol';
import { resultCount, SEARCH_LIMIT } from './search-results';
import { hitSpan, keptSpan, lookAlikes, moduleShort, pathEnds, shifted } from './result-row-parts';
import { hostTheme } from './host-theme';
import { packedRows, packTree, unpackTree } from './tree-codec';
import { grouped } from './numbers';

const CLI = fileURLToPath(new URL('../../dist/apiscout.mjs', import.meta.url));
const SHOP = fileURLToPath(new URL('../../test/fixtures/shop', import.meta.url));
const shop: ScanResult = JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', SHOP], { encoding: 'utf8' }));
const tree = buildTree(shop.endpoints);

describe('tree rows', () => {
  it('lists modules, classes and endpoints in tree order, skipping collapsed children', () => {
    const all = flattenTree(tree, new Set());
    expect(all.filter((r) => r.kind === 'endpoint').map((r) => r.key)).toEqual(tree.flatMap((m) => m.classes.flatMap((c) => c.endpoints.map((e) => e.id))));
    expect(all[0]).toMatchObject({ kind: 'module', label: tree[0]!.module, count: tree[0]!.classes.reduce((n, c) => n + c.endpoints.length, 0) });
    const closed = flattenTree(tree, new Set(groupKeys(tree)));
    expect(closed.map((r) => r.kind)).toEqual(tree.map(() => 'module'));
    const oneClassOpen = flattenTree(tree, new Set([`c:${tree[0]!.module}:${tree[0]!.classes[0]!.className}`]));
    expect(oneClassOpen.length).toBe(all.length - tree[0]!.classes[0]!.endpoints.length);
  });

  it('finds the groups above an endpoint', () => {
    const e = tree[1]!.classes[0]!.endpoints[0]!;
    expect(ancestorsOf(tree, e.id)).toEqual([`m:${tree[1]!.module}`, `c:${tree[1]!.module}:${tree[1]!.classes[0]!.className}`]);
    expect(ancestorsOf(tree, 'nothing')).toEqual([]);
  });

  it('moves through rows as the ARIA tree pattern says', () => {
    const rows: Row[] = flattenTree(tree, new Set());
    const cls = 1;
    const firstEndpoint = 2;
    expect(treeKey(rows, 0, 'ArrowDown', 10)).toEqual({ active: 1 });
    expect(treeKey(rows, 0, 'ArrowUp', 10)).toEqual({ active: 0 });
    expect(treeKey(rows, cls, 'ArrowLeft', 10)).toEqual({ active: cls, toggle: rows[cls]!.key });
    expect(treeKey(rows, firstEndpoint, 'ArrowLeft', 10)).toEqual({ active: cls });
    expect(treeKey(rows, cls, 'ArrowRight', 10)).toEqual({ active: firstEndpoint });
    expect(treeKey(rows, firstEndpoint + 1, 'ArrowLeft', 10)).toEqual({ active: cls });
    const collapsed = flattenTree(tree, new Set([rows[cls]!.key]));
    expect(treeKey(collapsed, cls, 'ArrowRight', 10)).toEqual({ active: cls, toggle: rows[cls]!.key });
    expect(treeKey(rows, 0, 'End', 10)).toEqual({ active: rows.length - 1 });
    expect(treeKey(rows, rows.length - 1, 'PageDown', 10)).toEqual({ active: rows.length - 1 });
    expect(treeKey(rows, 3, 'PageUp', 10)).toEqual({ active: 0 });
  });
});

describe('counts', () => {
  it('groups digits as toLocaleString(\'en\') does, without Intl', () => {
    for (const n of [0, 7, 999, 1000, 2500, 12345, 100000, 999999, 1234567, -4321, 2 ** 40]) expect(grouped(n)).toBe(n.toLocaleString('en'));
  });
});

describe('the first tree inside the page', () => {
  const summaries = buildTree(shop.endpoints.map(({ request: _q, response: _r, responses: _rs, ...summary }) => summary));

  it('packs a tree losslessly, gRPC fields and media types included, in fewer bytes', () => {
    expect(shop.endpoints.some((e) => e.grpc) && shop.endpoints.some((e) => e.produces)).toBe(true);
    const packed = packTree(summaries);
    expect(unpackTree(JSON.parse(JSON.stringify(packed)))).toEqual(summaries);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(summaries).length / 2);
    // Whole endpoints (as the ui server packs them) leave their models out.
    expect(packTree(tree)).toEqual(packed);
  });

  it('keeps what differs from its class: another file, protocol or address, an id of another form', () => {
    const [e] = summaries[0]!.classes[0]!.endpoints;
    const odd = [
      { ...e!, id: 'elsewhere', address: 'GET /x', path: '/y', description: 'd', source: { ...e!.source, file: 'other/File.java' } },
      { ...e!, id: `${e!.module}:${e!.className}#m() ${e!.method} ${e!.path}`, protocol: 'grpc' as const, framework: 'grpc' as const, deprecated: true, security: [] },
      { ...e!, id: `${e!.module}:${e!.className}#`, address: '' },
    ];
    const tree = [{ module: e!.module, classes: [{ className: e!.className, simpleName: summaries[0]!.classes[0]!.simpleName, endpoints: [e!, ...odd] }] }];
    expect(unpackTree(JSON.parse(JSON.stringify(packTree(tree))))).toEqual(tree);
  });

  it('lists the first rows straight from the packed tree, as the whole tree flattened would', () => {
    const packed = JSON.parse(JSON.stringify(packTree(summaries)));
    const all = flattenTree(summaries, new Set());
    for (const limit of [0, 1, 2, 3, 7, all.length - 1, all.length, all.length + 5]) expect(packedRows(packed, limit)).toEqual(all.slice(0, limit));
  });
});

describe('request hints and drafts', () => {
  const endpoint = (address: string) => shop.endpoints.find((e) => e.address === address)!;

  it('puts the model\'s type, required flag and description beside each row, headers without case', () => {
    const e = endpoint('POST /api/v1/carts/{cartId}/items');
    const hints = paramHints(e);
    for (const p of e.request!.params) {
      const hint = hints.get(hintKey(p.in, p.in === 'header' ? p.name.toUpperCase() : p.name))!;
      expect(hint, p.name).toMatchObject({ type: typeLabel(p.schema), required: p.required, description: p.description });
    }
    expect(hints.get(hintKey('query', 'nobody'))).toBeUndefined();
  });

  it('labels types', () => {
    expect(typeLabel({ type: 'integer', format: 'int64' })).toBe('integer (int64)');
    expect(typeLabel({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeLabel({ type: ['string', 'null'] })).toBe('string');
    expect(typeLabel({ enum: ['A'] })).toBe('enum');
  });

  it('counts rows per tab and finds the body\'s media type', () => {
    const d: HttpRequestDraft = {
      method: 'POST',
      host: 'http://localhost:8080',
      path: '/a/{id}',
      pathParams: [{ name: 'id', value: '1' }],
      query: [{ name: 'q', value: '' }],
      cookies: [],
      headers: [],
      form: [{ name: 'f', value: 'x' }],
      bodyMode: 'json',
      body: '{}',
    };
    expect(tabCounts(d)).toEqual({ path: 1, params: 1, headers: 0, form: 0, body: true });
    expect(bodyContentType(d)).toBe('application/json');
    expect(bodyContentType({ ...d, bodyMode: 'multipart' })).toBe('multipart/form-data');
    expect(tabCounts({ ...d, bodyMode: 'urlencoded' })).toMatchObject({ form: 1, body: false });
    expect(bodyContentType({ ...d, headers: [{ name: 'content-type', value: 'application/vnd.x+json' }] })).toBe('application/vnd.x+json');
    expect(bodyContentType({ ...d, headers: [{ name: 'Content-Type', value: 'text/xml', enabled: false }], bodyMode: 'text' })).toBe('text/plain');
  });
});

describe('saving drafts', () => {
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('writes the last draft of a burst once, in order, and a revisit waits for the write', async () => {
    const written: string[] = [];
    const statuses: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const saver = new DraftSaver<string>(
      async (key, d) => {
        await gate;
        written.push(`${key}=${d}`);
        return true;
      },
      (key, s) => statuses.push(`${key}:${s.kind}`),
      20,
    );
    saver.schedule('a', '1');
    saver.schedule('a', '12');
    saver.schedule('a', '123');
    await tick(40);
    expect(written).toEqual([]); // the write is on its way, held by the gate
    let settled = false;
    const revisit = saver.settled('a').then(() => (settled = true));
    await tick(5);
    expect(settled).toBe(false);
    release();
    await revisit;
    expect(written).toEqual(['a=123']);
    expect(statuses.at(-1)).toBe('a:saved');
  });

  it('says nothing was saved of a draft typed back to the request as it came: it holds no edits', async () => {
    const statuses: string[] = [];
    const saver = new DraftSaver<string>(
      async (_key, d) => d !== 'default',
      (key, s) => statuses.push(`${key}:${s.kind}`),
      1,
    );
    saver.schedule('a', 'edit');
    await saver.settled('a');
    saver.schedule('a', 'default');
    await saver.settled('a');
    expect(statuses).toEqual(['a:pending', 'a:saved', 'a:pending', 'a:idle']);
  });

  it('writes a waiting draft at once when another endpoint is edited, and drops it on Reset', async () => {
    const written: string[] = [];
    const saver = new DraftSaver<string>(
      async (key, d) => {
        written.push(`${key}=${d}`);
        return true;
      },
      () => {},
      1000,
    );
    saver.schedule('a', 'x');
    saver.schedule('b', 'y');
    await saver.settled('a');
    expect(written).toEqual(['a=x']);
    saver.discard('b');
    await saver.settled('b');
    expect(written).toEqual(['a=x']);
  });

  it('reports a refused write', async () => {
    const statuses: string[] = [];
    const saver = new DraftSaver<string>(
      async () => {
        throw new Error('disk full');
      },
      (key, s) => statuses.push(s.kind === 'failed' ? `${key}:${s.message}` : `${key}:${s.kind}`),
      1,
    );
    saver.schedule('a', 'x');
    await saver.settled('a');
    expect(statuses).toEqual(['a:pending', 'a:disk full']);
  });
});

describe('body checks', () => {
  const schema = {
    type: 'object' as const,
    required: ['sku'],
    properties: {
      sku: { type: 'string' as const },
      quantity: { type: 'integer' as const },
      kind: { enum: ['A', 'B'] },
      tags: { type: 'array' as const, items: { type: 'string' as const } },
      next: { $ref: '#/$defs/Node' },
    },
    $defs: { Node: { type: 'object' as const, properties: { id: { type: 'integer' as const } } } },
  };

  it('names the field and what was wrong', () => {
    expect(checkAgainstSchema({ sku: 'a', quantity: 1, kind: 'A', tags: ['x'], next: { id: 2 } }, schema)).toEqual([]);
    expect(checkAgainstSchema({ quantity: 1.5, kind: 'C', tags: ['x', 3], next: { id: 'z' } }, schema)).toEqual([
      { at: '(body)', message: "missing required property 'sku'" },
      { at: 'quantity', message: 'a number where integer is expected' },
      { at: 'kind', message: '"C" is not one of "A", "B"' },
      { at: 'tags[1]', message: 'an integer where string is expected' },
      { at: 'next.id', message: 'a string where integer is expected' },
    ]);
  });

  it('checks a polymorphic body against the subtype its type id names; without an id property, against the subtype it fits best', () => {
    const num = { type: 'object' as const, title: 'Num', required: ['dataType'], properties: { dataType: { type: 'string' as const, enum: ['int', 'float'] }, min: { type: 'integer' as const } } };
    const text = { type: 'object' as const, title: 'Text', required: ['dataType'], properties: { dataType: { type: 'string' as const, enum: ['text'] }, length: { type: 'integer' as const } } };
    const spec = { type: 'object' as const, oneOf: [num, { $ref: '#/$defs/Text' }], 'x-discriminator': { propertyName: 'dataType' }, $defs: { Text: text } };
    expect(checkAgainstSchema({ dataType: 'float', min: 1 }, spec)).toEqual([]);
    expect(checkAgainstSchema({ dataType: 'text', length: 'x' }, spec)).toEqual([{ at: 'length', message: 'a string where integer is expected' }]);
    expect(checkAgainstSchema({ min: 1 }, spec)).toEqual([{ at: '(body)', message: `missing type id 'dataType' (one of "int", "float", "text")` }]);
    expect(checkAgainstSchema({ dataType: 'dataType' }, spec)).toEqual([{ at: '(body)', message: `"dataType" is not a type id: one of "int", "float", "text"` }]);
    const wrapped: JsonSchema = {
      oneOf: [
        { type: 'object' as const, required: ['a'], properties: { a: { type: 'object' as const, properties: { x: { type: 'string' as const } } } }, additionalProperties: false },
        { type: 'object' as const, required: ['b'], properties: { b: { type: 'object' as const, properties: { y: { type: 'integer' as const } } } }, additionalProperties: false },
      ],
    };
    expect(checkAgainstSchema({ b: { y: 1 } }, wrapped)).toEqual([]);
    expect(checkAgainstSchema({ b: { y: 'no' } }, wrapped)).toEqual([{ at: 'b.y', message: 'a string where integer is expected' }]);
  });

  it('finds nothing wrong with the default body of any polymorphic endpoint (Send as it comes matches the schema)', () => {
    const poly: ScanResult = JSON.parse(execFileSync(process.execPath, [CLI, 'scan', '--json', fileURLToPath(new URL('../../test/fixtures/spring-mvc/polymorphic-bodies', import.meta.url))], { encoding: 'utf8' }));
    const bodies = poly.endpoints.filter((e) => e.request?.body);
    expect(bodies.length).toBeGreaterThan(5);
    for (const e of bodies) expect(checkAgainstSchema(e.request!.body!.example, e.request!.body!.schema), e.path).toEqual([]);
    // The body apiscout wrote before it knew type ids is what the server refuses.
    const specs = bodies.find((e) => e.path === '/specs')!.request!.body!.schema;
    expect(checkAgainstSchema({ dataType: 'dataType' }, specs)).toEqual([{ at: '(body)', message: expect.stringMatching(/^"dataType" is not a type id/) }]);
  });

  it('tells broken JSON with its line', () => {
    expect(judgeBody('{\n  "a": }', 'application/json', undefined)).toMatchObject({ kind: 'invalid', message: expect.stringMatching(/line 2/) });
    expect(judgeBody('', 'application/json', undefined)).toEqual({ kind: 'empty' });
    expect(judgeBody('plain', 'text/plain', undefined)).toEqual({ kind: 'ok' });
  });
});

describe('labels and display', () => {
  it('labels methods and gRPC streaming kinds as the spec shows them', () => {
    expect(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'gRPC', 'HEAD'].map(methodClass)).toEqual(['m-get', 'm-post', 'm-put', 'm-delete', 'm-patch', 'm-grpc', 'm-other']);
    expect((['U', 'S', 'C', 'B'] as const).map((s) => methodLabel({ method: 'gRPC', streaming: s }))).toEqual(['gRPC:U', 'gRPC:S', 'gRPC:C', 'gRPC:B']);
    expect(methodLabel({ method: 'gRPC', streaming: 'unknown' })).toBe('gRPC');
    expect(methodLabel({ method: 'GET' })).toBe('GET');
  });

  it('moves address highlights onto the path', () => {
    expect(pathRanges([[0, 3], [4, 8]], 'GET')).toEqual([[0, 4]]);
  });

  it('pretty-prints JSON and truncates long text bodies for display', () => {
    expect(displayText('{"a":1}', true, 'application/json').text).toBe('{\n  "a": 1\n}');
    expect(displayText('{"a":1}', false, 'application/json').text).toBe('{"a":1}');
    const long = displayText('x'.repeat(DISPLAY_LIMIT + 10), true, 'text/plain');
    expect(long).toEqual({ text: 'x'.repeat(DISPLAY_LIMIT), truncated: true });
  });

  it('names a saved body by its type and says sizes in bytes', () => {
    expect(defaultSaveName('image/png', 'c-1234567890')).toBe('response-34567890.png');
    expect(defaultSaveName('application/octet-stream', 'abc')).toBe('response-abc.bin');
    expect(defaultSaveName('application/problem+json; charset=utf-8', 'abc')).toBe('response-abc.json');
    expect(defaultSaveName(undefined, 'abc')).toBe('response-abc.bin');
    expect([formatBytes(900), formatBytes(2048), formatBytes(3 * 1024 * 1024)]).toEqual(['900 B', '2.0 KB', '3.0 MB']);
  });
});

describe('call failures', () => {
  it('sorts the sidecar\'s errors by what the panel offers for them', () => {
    const logs = [{ script: 'http.call.before', level: 'info', text: 'hi' }];
    expect(failureOf(new RpcError(ErrorCodes.ScriptFailed, 'boom', { script: 'x', logs }), false)).toEqual({ kind: 'script', message: 'boom', logs });
    expect(failureOf(new RpcError(ErrorCodes.CallRefused, 'off', { reason: 'disabled', missing: ['a', 'b'] }), false)).toEqual({ kind: 'refused', message: 'off', reason: 'disabled', missing: ['a', 'b'] });
    expect(failureOf(new RpcError(ErrorCodes.CallFailed, 'ECONNREFUSED 127.0.0.1:1'), false).kind).toBe('failed');
    expect(failureOf(new RpcError(ErrorCodes.BadInput, 'bad JSON'), false).kind).toBe('input');
    expect(failureOf(new RpcError(CANCELLED, 'cancelled'), false).kind).toBe('cancelled');
    // Cancelled by this page: whatever error the aborted call ends with.
    expect(failureOf(new RpcError(ErrorCodes.CallFailed, 'aborted'), true).kind).toBe('cancelled');
    expect(failureOf(new Error('socket closed'), false)).toEqual({ kind: 'other', message: 'socket closed' });
  });
});

describe('the result count', () => {
  it('says 500+ when the list stopped at the limit, never "500 of 2,413" as if a count', () => {
    expect(resultCount(SEARCH_LIMIT, 2413)).toBe('500+ matches of 2,413 endpoints');
    expect(resultCount(12, 2413)).toBe('12 matches of 2,413 endpoints');
    expect(resultCount(1, 40)).toBe('1 match of 40 endpoints');
  });
});

describe('where a narrow search row cuts a path', () => {
  // 0: no cut (TwoEnds shows the whole as its head).
  const ends = (p: string) => {
    const cut = pathEnds(p) || p.length;
    return [p.slice(0, cut), p.slice(cut)];
  };
  it('keeps the last segment whole, with the one before when both are short; a short path is all head', () => {
    expect(ends('/v2/projects/{projectCode}/task-instances/{id}/stop')).toEqual(['/v2/projects/{projectCode}/task-instances', '/{id}/stop']);
    expect(ends('/projects/{projectCode}/task-instances/{id}/savepoint')).toEqual(['/projects/{projectCode}/task-instances/{id}', '/savepoint']);
    expect(ends('/orders/{orderId}')).toEqual(['/orders', '/{orderId}']);
    expect(ends('/orders')).toEqual(['/orders', '']);
    expect(ends('/')).toEqual(['/', '']);
  });
  it('moves highlight ranges onto the tail', () => {
    expect(shifted([[2, 4], [10, 14]], 8)).toEqual([[2, 6]]);
    expect(shifted([[6, 10]], 8)).toEqual([[-2, 2]]);
  });
});

describe('a class hit\'s module in a row too narrow for its name', () => {
  it('is whole up to 8 characters, the initials of its words, or a long word\'s first letters and a full stop', () => {
    expect(moduleShort('orders')).toBe('orders');
    expect(moduleShort('customer-self-service-portal')).toBe('cssp');
    expect(moduleShort('notification-service')).toBe('ns');
    expect(moduleShort('mallPortal')).toBe('mP');
    expect(moduleShort('dolphinscheduler')).toBe('dolphi.');
    expect(moduleShort('商品管理服务模块名称')).toBe('商品管理服务.');
  });
});

describe('what tells a search row from its look-alikes', () => {
  const key = (paths: string[], p: string) => {
    const span = lookAlikes(paths.map((path) => ({ method: 'GET', path }))).keys.get(p);
    return span && p.slice(...span);
  };
  it('keeps the middle segment two paths with the same ends differ by', () => {
    const paths = ['/api/v1/admin/users/{id}/roles', '/api/v1/portal/users/{id}/roles', '/api/v1/portal/orders'];
    expect(key(paths, paths[0]!)).toBe('/admin');
    expect(key(paths, paths[1]!)).toBe('/portal');
    expect(key(paths, paths[2]!)).toBeUndefined();
  });
  it('spans from the first to the last differing segment when there are several look-alikes', () => {
    const paths = ['/a/x/b/items/{id}', '/a/y/b/items/{id}', '/a/x/c/items/{id}'];
    expect(paths.map((p) => key(paths, p))).toEqual(['/x/b', '/y', '/x/c']);
  });
  it('needs nothing when the head\'s start differs ("/v2"), and names the same endpoint in two modules a twin', () => {
    const paths = ['/v2/projects/{projectCode}/task-instances/{id}/stop', '/projects/{projectCode}/task-instances/{id}/stop'];
    expect(paths.map((p) => key(paths, p))).toEqual([undefined, undefined]);
    const twins = lookAlikes([{ method: 'POST', path: '/sso/login' }, { method: 'POST', path: '/sso/login' }, { method: 'GET', path: '/sso/info' }, { method: 'POST', path: '/sso/info' }]).twins;
    expect([...twins]).toEqual(['POST /sso/login']);
  });
});

describe('a search hit in the middle of a row\'s path', () => {
  // spinnaker gate, "callbacks": the row read "/managed/notifi…/{source}", the hit under the ellipsis.
  const kept = (path: string, ranges: [number, number][]) => {
    const span = hitSpan(path, ranges);
    return span && path.slice(...span);
  };
  const path = '/managed/notifications/callbacks/{source}';
  it('keeps the head segments the hit lies in', () => {
    expect(kept(path, [[23, 32]])).toBe('/callbacks');
    expect(kept(path, [[9, 32]])).toBe('/notifications/callbacks');
  });
  it('keeps nothing for a hit in the first segment or the tail, or for a fuzzy match\'s scattered letters', () => {
    expect(kept(path, [[1, 8]])).toBeUndefined();
    expect(kept(path, [[33, 41]])).toBeUndefined();
    expect(kept(path, [[10, 11], [24, 25], [26, 27]])).toBeUndefined();
    expect(kept(path, [])).toBeUndefined();
  });
});

describe('a search hit beside a look-alike\'s differing segment', () => {
  // The shop's "catalog" search: /api/v1/catalog/categories/{id} beside /api/v1/catalog/products/{id}
  // kept "/categories" only, and the row read "/api/v1/cata…".
  const path = '/api/v1/catalog/categories/{id}';
  const paths = [path, '/api/v1/catalog/products/{id}'];
  const kept = (hitRanges: [number, number][]) => {
    const span = keptSpan(lookAlikes(paths.map((p) => ({ method: 'GET', path: p }))).keys.get(path), hitSpan(path, hitRanges));
    return span && path.slice(...span);
  };
  it('keeps both when they touch or overlap', () => {
    expect(kept([[8, 15]])).toBe('/catalog/categories');
    expect(kept([[8, 20]])).toBe('/catalog/categories');
    expect(kept([[16, 26]])).toBe('/categories');
  });
  it('keeps the look-alike\'s segment when the hit lies apart from it, and either alone when there is only one', () => {
    expect(keptSpan([15, 26], [3, 7])).toEqual([15, 26]);
    expect(keptSpan([15, 26], [30, 40])).toEqual([15, 26]);
    expect(keptSpan(undefined, [7, 15])).toEqual([7, 15]);
    expect(keptSpan([15, 26], undefined)).toEqual([15, 26]);
  });
});

describe('the IDE theme from the page URL', () => {
  it('reads host, theme and font size, and ignores what it does not know', () => {
    expect(hostTheme('?host=intellij&theme=dark&fontSize=15')).toEqual({ host: 'intellij', theme: 'dark', fontSize: 15 });
    expect(hostTheme('?theme=purple&fontSize=400')).toEqual({ host: undefined, theme: undefined, fontSize: undefined });
    expect(hostTheme('')).toEqual({ host: undefined, theme: undefined, fontSize: undefined });
  });
});

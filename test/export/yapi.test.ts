// YApi export read by yapi-to-typescript (a widely used YApi consumer) from a loopback stand-in
// for a YApi server: the stand-in imports our JSON as YApi does (checking the interface fields
// of server/models/interface.js, assigning _id, catid and project_id) and serves it through the
// three endpoints the consumer calls. The consumer then generates request and response types.

import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Generator } from 'yapi-to-typescript/lib/cjs/Generator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportYapi, yapiPath } from '../../core/export/yapi';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { CUSTOM_VERB, edgeEndpoints, grpcEndpoints, httpOf, scanShop } from './fixtures';
import { removeDir } from './files';

const TOKEN = 'project-token';

interface Category {
  name: string;
  desc: string;
  list: Record<string, unknown>[];
}

/** YApi's import: validates each interface, then stores it with the ids the server assigns. */
function importYapi(categories: Category[]): { cats: { _id: number; name: string; desc: string }[]; exported: unknown[]; problems: string[] } {
  const problems: string[] = [];
  let nextId = 100;
  const cats: { _id: number; name: string; desc: string }[] = [];
  const exported = categories.map((cat, ci) => {
    const catid = ci + 1;
    cats.push({ _id: catid, name: cat.name, desc: cat.desc });
    return {
      ...cat,
      list: cat.list.map((i) => {
        const where = `${cat.name} / ${String(i.title)}`;
        for (const key of ['title', 'path', 'method', 'req_body_type', 'res_body_type']) if (typeof i[key] !== 'string') problems.push(`${where}: ${key} is not a string`);
        if (!Array.isArray(i.tag)) problems.push(`${where}: tag is not an array`);
        if (!['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'].includes(i.method as string)) problems.push(`${where}: method ${String(i.method)}`);
        if (!['form', 'json', 'text', 'file', 'raw'].includes(i.req_body_type as string)) problems.push(`${where}: req_body_type ${String(i.req_body_type)}`);
        if (!['json', 'text', 'xml', 'raw', 'json-schema'].includes(i.res_body_type as string)) problems.push(`${where}: res_body_type ${String(i.res_body_type)}`);
        for (const list of ['req_query', 'req_headers', 'req_body_form'] as const) {
          for (const row of (i[list] as { required?: unknown }[] | undefined) ?? []) if (row.required !== '1' && row.required !== '0') problems.push(`${where}: ${list} required ${String(row.required)}`);
        }
        const names = [...String(i.path).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        const params = ((i.req_params as { name: string }[]) ?? []).map((p) => p.name).sort();
        if (names.join() !== params.join()) problems.push(`${where}: path parameters ${names.join()} vs req_params ${params.join()}`);
        if (i.req_body_is_json_schema) JSON.parse(i.req_body_other as string);
        if (i.res_body_is_json_schema) JSON.parse(i.res_body as string);
        return { ...i, _id: nextId++, catid, project_id: 11, up_time: 0 };
      }),
    };
  });
  return { cats, exported, problems };
}

function standIn(data: ReturnType<typeof importYapi>): Promise<{ server: Server; url: string; calls: string[] }> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    calls.push(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (url.searchParams.get('token') !== TOKEN) return res.end(JSON.stringify({ errcode: 40011, errmsg: 'bad token' }));
    if (url.pathname === '/api/project/get') {
      return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', data: { _id: 11, name: 'Shop', basepath: '', env: [], cats: data.cats } }));
    }
    if (url.pathname === '/api/interface/getCatMenu') return res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', data: data.cats.map((c) => ({ ...c, project_id: 11 })) }));
    if (url.pathname === '/api/plugin/export' && url.searchParams.get('type') === 'json') return res.end(JSON.stringify(data.exported));
    res.statusCode = 404;
    res.end(JSON.stringify({ errcode: 404, errmsg: 'not found' }));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, calls })));
}

let shop: ScanResult;
let endpoints: Endpoint[];

beforeAll(async () => {
  shop = await scanShop();
  endpoints = [...httpOf(shop.endpoints), ...edgeEndpoints()];
});

describe('YApi export', () => {
  let server: Server | undefined;
  afterAll(() => new Promise<void>((ok) => (server ? server.close(() => ok()) : ok())));

  it('imports cleanly and yapi-to-typescript generates request and response types from it', async () => {
    const result = exportYapi([...endpoints, ...grpcEndpoints(), CUSTOM_VERB], { modules: shop.modules });
    expect(result.summary.exported).toBe(endpoints.length);
    expect(result.summary.skipped).toHaveLength(4);
    const categories = JSON.parse(result.files[0]!.content) as Category[];
    const imported = importYapi(categories);
    expect(imported.problems).toEqual([]);
    const yapi = await standIn(imported);
    server = yapi.server;

    const cwd = mkdtempSync(join(tmpdir(), 'apiscout-ytt-'));
    try {
      const generator = new Generator(
        [
          {
            serverUrl: yapi.url,
            typesOnly: true,
            target: 'typescript',
            reactHooks: { enabled: false },
            prodEnvName: 'production',
            outputFilePath: 'api/index.ts',
            dataKey: 'data',
            projects: [{ token: TOKEN, categories: [{ id: 0 }] }],
          },
        ],
        { cwd },
      );
      await generator.prepare();
      const output = (await generator.generate()) as Record<string, { content: string }>;
      const code = Object.values(output).map((o) => o.content).join('\n');
      expect(yapi.calls).toContain('/api/plugin/export');
      // One request type per interface, with path and query parameters and body fields typed.
      expect(code.match(/的 \*\*请求类型\*\*/g)).toHaveLength(endpoints.length);
      expect(code.match(/的 \*\*返回类型\*\*/g)).toHaveLength(endpoints.length);
      const block = (title: string, kind: string) => code.split('/**\n * 接口 [').find((b) => b.startsWith(`${title}↗`) && b.includes(kind)) ?? '';
      // Body fields with their types and required flags, and the path parameter.
      expect(block('Changes the price of a product', '请求类型')).toMatch(/price: \{\s*\/\*\*[^/]*\*\/\s*amount: number;[\s\S]*effectiveAt\?: string;\s*id: string;/);
      // Query parameters, optional as declared.
      expect(block('List products', '请求类型')).toMatch(/categoryId\?: string;[\s\S]*page\?: string;/);
      // The response schema unwrapped at dataKey `data`: the ProductDto fields.
      expect(block('Changes the price of a product', '返回类型')).toMatch(/sku\?: string;[\s\S]*tags\?: string\[\];/);
      generator.destroy?.();
    } finally {
      removeDir(cwd);
    }
  });

  it('yapi-to-typescript types a Jackson polymorphic body as the union of its subtypes, each with its type id', async () => {
    const scan = await scanProject(fileURLToPath(new URL('../fixtures/spring-mvc/polymorphic-bodies', import.meta.url)));
    const imported = importYapi(JSON.parse(exportYapi(scan.endpoints, { modules: scan.modules }).files[0]!.content) as Category[]);
    expect(imported.problems).toEqual([]);
    const yapi = await standIn(imported);
    const cwd = mkdtempSync(join(tmpdir(), 'apiscout-ytt-poly-'));
    try {
      const generator = new Generator(
        [{ serverUrl: yapi.url, typesOnly: true, target: 'typescript', reactHooks: { enabled: false }, prodEnvName: 'production', outputFilePath: 'api/index.ts', projects: [{ token: TOKEN, categories: [{ id: 0 }] }] }],
        { cwd },
      );
      await generator.prepare();
      const output = (await generator.generate()) as Record<string, { content: string }>;
      const code = Object.values(output).map((o) => o.content).join('\n');
      const request = code.slice(code.indexOf('export type SpecsRequest'), code.indexOf('export type SpecsResponse'));
      expect(request).toMatch(/dataType: 'int' \| 'float' \| 'double';\s*min\?: number;\s*max\?: number;\s*\}\s*\|\s*\{[^}]*dataType: 'text';\s*length\?: number;/);
      generator.destroy?.();
    } finally {
      await new Promise<void>((ok) => yapi.server.close(() => ok()));
      removeDir(cwd);
    }
  });

  it("describes a category by its folder's @Tag description, then the classes it holds", () => {
    const categories = JSON.parse(exportYapi(endpoints, { modules: shop.modules }).files[0]!.content) as Category[];
    expect(categories.find((c) => c.name.endsWith('Products'))!.desc).toMatch(/^Browse and maintain the product catalogue\ncatalog: com\.acme\.shop\.catalog\.web\.ProductController/);
  });

  it('always writes tag: [], required as "1"/"0", and JSON Schema bodies as strings', () => {
    const [cat] = JSON.parse(exportYapi(edgeEndpoints()).files[0]!.content) as Category[];
    const echo = cat!.list.find((i) => i.title === 'Echo everything')!;
    expect(echo).toMatchObject({ tag: [], method: 'POST', path: '/edge/echo/{name}', req_body_type: 'json', req_body_is_json_schema: true });
    expect(echo.req_headers).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'X-Trace', required: '1' }), expect.objectContaining({ name: 'Content-Type', example: 'application/json' })]));
    expect(JSON.parse(echo.req_body_other as string)).toMatchObject({ type: 'object' });
    const login = cat!.list.find((i) => i.title === 'Form login')!;
    expect(login).toMatchObject({ req_body_type: 'form', req_body_form: [expect.objectContaining({ name: 'username', type: 'text' }), expect.objectContaining({ name: 'password' })] });
    // Raw bytes are YApi's file body, with the endpoint's media type in the Content-Type header.
    const avatar = cat!.list.find((i) => i.title === 'Replace avatar')!;
    expect(avatar).toMatchObject({ req_body_type: 'file', req_body_form: [], req_headers: [expect.objectContaining({ name: 'Content-Type', value: 'image/png' })] });
    expect(avatar).not.toHaveProperty('req_body_other');
    // A multipart form declared as one body schema is YApi's form, its file a file field.
    const attachment = cat!.list.find((i) => i.title === 'Upload attachment')!;
    expect(attachment).toMatchObject({ req_body_type: 'form', req_body_form: [expect.objectContaining({ name: 'file', type: 'file', required: '1' }), expect.objectContaining({ name: 'note', type: 'text' }), expect.objectContaining({ name: 'url', required: '0' })] });
  });

  it('writes wildcard paths as YApi path parameters, which YApi accepts', () => {
    expect(yapiPath('/files/{*rest}')).toEqual({ path: '/files/{rest}', added: [] });
    expect(yapiPath('/static/**')).toEqual({ path: '/static/{rest}', added: ['rest'] });
    expect(yapiPath('/a/*.json/{id}')).toEqual({ path: '/a/{wildcard}.json/{id}', added: ['wildcard'] });
    // A name the path already uses is not taken twice.
    expect(yapiPath('/{rest}/x/**')).toEqual({ path: '/{rest}/x/{rest2}', added: ['rest2'] });
    expect(yapiPath('/plain/{id}')).toEqual({ path: '/plain/{id}', added: [] });
    for (const { path } of [yapiPath('/static/**'), yapiPath('/a/*/b/*')]) expect(path).not.toContain('*');
  });
});

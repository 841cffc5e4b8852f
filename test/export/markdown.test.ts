// Markdown export linted by markdownlint-cli2 with the rule set in markdownlint.jsonc.

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportMarkdown } from '../../core/export/markdown';
import { scanProject } from '../../core/scan/scan';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import { MARKDOWNLINT } from './consumers';
import { CUSTOM_VERB, edgeEndpoints, grpcEndpoints, scanShop } from './fixtures';
import { removeDir, run, writeExport } from './files';

const RULES = fileURLToPath(new URL('./markdownlint.jsonc', import.meta.url));

let shop: ScanResult;
let endpoints: Endpoint[];

beforeAll(async () => {
  shop = await scanShop();
  endpoints = [...shop.endpoints, ...edgeEndpoints(), CUSTOM_VERB, ...grpcEndpoints()];
});

async function lint(files: { path: string; content: string }[]) {
  const dir = writeExport(files);
  copyFileSync(RULES, join(dir, '.markdownlint.jsonc'));
  try {
    return await run(process.execPath, [MARKDOWNLINT, '*.md'], { cwd: dir });
  } finally {
    removeDir(dir);
  }
}

describe('Markdown export', () => {
  it('passes markdownlint, and the linter fails a broken document', async () => {
    const result = exportMarkdown(endpoints, { title: 'Shop', modules: shop.modules });
    const good = await lint(result.files);
    expect(good.status, good.stdout + good.stderr).toBe(0);
    const bad = await lint([{ path: 'bad.md', content: '# A\n### skipped a level\n```\nno language\n```\n' }]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/MD001|MD040/);
  });

  it('groups by module, folder and endpoint, with parameter and field tables and fenced examples', () => {
    const md = exportMarkdown(endpoints, { title: 'Shop', modules: shop.modules }).files[0]!.content;
    expect(md).toMatch(/^# Shop\n\n## catalog\n\n### Category management\n\n#### /);
    expect(md).toContain('**Method:** `PATCH`  \n**Path:** `/api/v1/catalog/products/{id}/price`');
    expect(md).toContain('| price | Money | yes | the new price |\n| &nbsp;&nbsp;amount | number | yes | the amount, at most two decimals |');
    expect(md).toContain('##### Headers\n\n| Name | Type | Required | Default | Description |\n| --- | --- | --- | --- | --- |\n| X-Trace | string | yes |  | the X-Trace |');
    expect(md).toContain('**Method:** `gRPC` (bidirectional streaming)  \n**Path:** `/shop.orders.v1.OrderService/Chat`  \n**Service:** `shop.orders.v1.OrderService`');
    expect(md).toContain('##### Request message');
    expect(md).toMatch(/Example:\n\n```json\n\{\n {2}"text": /);
  });
});

describe('Markdown export: statuses and security', () => {
  const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
  let spring: ScanResult;
  let jaxrs: ScanResult;
  const section = (scan: ScanResult, method: string, path: string) => {
    const e = scan.endpoints.find((x) => x.method === method && x.path === path)!;
    const md = exportMarkdown([e], { title: 'API', modules: scan.modules }).files[0]!.content;
    return { md, statuses: md.includes('##### Statuses') ? md.slice(md.indexOf('##### Statuses')) : '' };
  };

  beforeAll(async () => {
    spring = await scanProject(fixture('spring-mvc/status-from-code'));
    jaxrs = await scanProject(fixture('jax-rs/secured-resources'));
  }, 120_000);

  it('lists the statuses the source shows, the success code first with the body type; none for a plain 200', () => {
    expect(section(spring, 'PUT', '/orders/{id}').statuses).toContain('| Status | Description | Body |\n| --- | --- | --- |\n| 202 | Success |');
    expect(section(spring, 'PUT', '/orders/{id}').statuses).toMatch(/\| 422 \| Unprocessable Entity \|  \|\n\| 402 \| Payment Required \|  \|/);
    expect(section(spring, 'DELETE', '/orders/{id}').statuses).toContain('| 409 | The order changed meanwhile |');
    expect(section(spring, 'GET', '/orders/{id}/report').statuses).toBe('');
    expect(section(jaxrs, 'GET', '/devices/{id}').statuses).toContain('| 404 | No such device | Problem |');
  });

  it('names the security schemes a call needs, none under @PermitAll', () => {
    expect(section(jaxrs, 'GET', '/devices/{id}').md).toContain('**Security:** `apiKey` or `jwt`\n');
    expect(section(jaxrs, 'DELETE', '/devices/{id}').md).toContain('**Security:** `apiKey`\n');
    expect(section(jaxrs, 'GET', '/devices/ping').md).not.toContain('**Security:**');
  });

  it('passes markdownlint with sentence summaries, one address serving two representations, and web addresses in the docs', async () => {
    const scan = await scanProject(fixture('jax-rs/negotiated-representations'));
    const result = exportMarkdown(scan.endpoints, { title: 'API', modules: scan.modules });
    const md = result.files[0]!.content;
    expect(md).toContain('#### Get a thread dump (GET /system/threaddump, DumpResource.dump)\n');
    expect(md).toContain('#### Get a thread dump (GET /system/threaddump, DumpResource.dumpAsText)\n');
    expect(md).toContain('#### Summarise threads\n');
    expect(md).toContain('<https://docs.oracle.com/javase/8/docs/api/java/lang/management/ThreadInfo.html>, see');
    expect(md).toContain('`curl https://host/system/threaddump`');
    const linted = await lint(result.files);
    expect(linted.status, linted.stdout + linted.stderr).toBe(0);
  });

  it('still passes markdownlint', async () => {
    for (const scan of [spring, jaxrs]) {
      const result = await lint(exportMarkdown(scan.endpoints, { title: 'API', modules: scan.modules }).files);
      expect(result.status, result.stdout + result.stderr).toBe(0);
    }
  });
});

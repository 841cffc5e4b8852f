// Markdown export linted by markdownlint-cli2 with the rule set in markdownlint.jsonc.

import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { exportMarkdown } from '../../core/export/markdown';
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

// Golden request and response models of the sample shop (reviewed by hand when written).
// A change here is a change users see in the explorer and every export: regenerate with
// `UPDATE_GOLDEN=1 npx vitest run test/scan/shop-models.test.ts` and review the diff.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';

const SHOP = fileURLToPath(new URL('../fixtures/shop', import.meta.url));
const GOLDEN = fileURLToPath(new URL('../fixtures/shop/expected-models.json', import.meta.url));

it('resolves the shop endpoints to their golden request and response models', async () => {
  const { endpoints } = await scanProject(SHOP);
  const models = Object.fromEntries(endpoints.map((e) => [`${e.address} ${e.className}#${e.source.member}`, { request: e.request, response: e.response }]));
  const actual = JSON.parse(JSON.stringify(models)) as Record<string, unknown>;
  if (process.env.UPDATE_GOLDEN || !existsSync(GOLDEN)) writeFileSync(GOLDEN, `${JSON.stringify(actual, null, 2)}\n`);
  const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, unknown>;
  expect(Object.keys(actual).sort()).toEqual(Object.keys(golden).sort());
  for (const key of Object.keys(golden)) expect(actual[key], key).toEqual(golden[key]);
});

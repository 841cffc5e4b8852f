// Golden files: the sample shop exported to the readable channels, byte for byte. A change to an
// exporter shows up here as a reviewable diff. `UPDATE_GOLDEN=1 npx vitest run test/export/golden.test.ts`
// rewrites them after a deliberate change.

import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXPORTERS, type Channel } from '../../core/export/index';
import type { ScanResult } from '../../core/model/endpoint';
import { scanShop } from './fixtures';

const GOLDEN: [Channel, string][] = [
  ['markdown', 'shop.md'],
  ['openapi', 'shop.openapi.yaml'],
  ['curl', 'shop.sh'],
  ['http-client', 'shop.http'],
  ['postman', 'shop.postman.json'],
];

let shop: ScanResult;
beforeAll(async () => {
  shop = await scanShop();
});

describe('golden exports of the sample shop', () => {
  for (const [channel, file] of GOLDEN) {
    it(`${channel} matches ${file}`, () => {
      const result = EXPORTERS[channel](shop.endpoints, {
        title: 'Shop',
        modules: shop.modules,
        environment: { name: 'local', variables: [{ key: 'host', value: 'http://localhost:8080' }] },
      });
      const path = fileURLToPath(new URL(`./golden/${file}`, import.meta.url));
      const content = result.files[0]!.content;
      if (process.env.UPDATE_GOLDEN) writeFileSync(path, content);
      expect(content).toBe(readFileSync(path, 'utf8'));
    });
  }
});

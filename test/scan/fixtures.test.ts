// One test per fixture case folder under test/fixtures/<framework>/. The cases every framework
// shares run through the conformance suite first; the framework's own cases follow.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameworkId } from '../../core/model/endpoint';
import { SCANNER_CASES, runTest } from '../conformance/scanner.case';
import { FIXTURES, caseFolders, checkFixtureCase } from './fixture-case';

const FRAMEWORKS: FrameworkId[] = ['spring-mvc', 'jax-rs'];
const shared = new Set(SCANNER_CASES.map((c) => c.name));

for (const framework of FRAMEWORKS) {
  runTest({ framework });

  describe(`${framework} fixtures`, () => {
    const cases = caseFolders(framework);

    it('every case folder has an expected.json', () => {
      expect(cases.filter((c) => !existsSync(join(FIXTURES, framework, c, 'expected.json')))).toEqual([]);
    });

    for (const name of cases.filter((c) => !shared.has(c))) {
      it(name, async () => {
        await checkFixtureCase(join(FIXTURES, framework, name), framework);
      });
    }
  });
}

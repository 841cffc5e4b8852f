// The Kotlin fixtures under test/fixtures/kotlin/<framework>/: the shared conformance cases
// written in Kotlin, then each framework's own Kotlin cases. The same scanner, the same rules
// and the same expected.json format as the Java fixtures.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameworkId } from '../../core/model/endpoint';
import { SCANNER_CASES, runTest } from '../conformance/scanner.case';
import { FIXTURES, caseFolders, checkFixtureCase } from './fixture-case';

const KOTLIN = join(FIXTURES, 'kotlin');
const FRAMEWORKS: FrameworkId[] = ['spring-mvc', 'jax-rs'];
const shared = new Set(SCANNER_CASES.map((c) => c.name));

for (const framework of FRAMEWORKS) {
  runTest({ framework, root: KOTLIN, label: 'Kotlin' });

  describe(`${framework} Kotlin fixtures`, () => {
    const cases = caseFolders(`kotlin/${framework}`);

    it('every case folder has an expected.json', () => {
      expect(cases.filter((c) => !existsSync(join(KOTLIN, framework, c, 'expected.json')))).toEqual([]);
    });

    for (const name of cases.filter((c) => !shared.has(c))) {
      it(name, async () => {
        await checkFixtureCase(join(KOTLIN, framework, name), framework);
      });
    }
  });
}

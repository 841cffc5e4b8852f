// The rules every HTTP framework scanner must follow, whatever its annotations look like.
// Each framework keeps one fixture folder per case, named as below, under
// test/fixtures/<framework>/<case>/; a framework that cannot have a case skips it with a reason.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FrameworkId } from '../../core/model/endpoint';
import { FIXTURES, checkFixtureCase } from '../scan/fixture-case';

export interface ConformanceCase {
  name: string;
  proves: string;
}

export const SCANNER_CASES: readonly ConformanceCase[] = [
  {
    name: 'path-joining',
    proves: 'class + method paths join with one slash; missing leading slashes are added; a method without a path serves the class path; a trailing slash stays as declared',
  },
  { name: 'regex-templates', proves: 'path variables with a regex (`{id:\\d+}`, `{id: [0-9]+}`) are listed as `{id}`' },
  {
    name: 'method-defaults',
    proves: 'the HTTP method is exactly what the annotations say: nothing invented, methods without a mapping are not endpoints',
  },
  {
    name: 'constant-paths',
    proves: 'paths built from literal concatenation and static final fields of the same class, other classes and interfaces',
  },
  {
    name: 'interface-mappings',
    proves: 'mappings declared on an interface apply to the class implementing it, located at the implementing method',
  },
  { name: 'abstract-base', proves: 'mappings declared on an abstract (generic) base class apply to each concrete subclass' },
  { name: 'client-interfaces', proves: 'HTTP client interfaces carrying the same annotations are not endpoints' },
  {
    name: 'names-javadoc',
    proves: 'name, description and folder come from Javadoc when no Swagger annotation says otherwise',
  },
];

export interface RunOptions {
  framework: FrameworkId;
  /** Folder holding `<framework>/<case>/`: test/fixtures (Java) unless given (test/fixtures/kotlin). */
  root?: string;
  /** Suite title suffix telling runs over different roots apart. */
  label?: string;
  /** Case name -> why this framework cannot have it. */
  skip?: Record<string, string>;
}

export function runTest({ framework, skip = {}, root = FIXTURES, label = '' }: RunOptions): void {
  describe(`scanner conformance: ${framework}${label ? ` (${label})` : ''}`, () => {
    for (const c of SCANNER_CASES) {
      const reason = skip[c.name];
      if (reason !== undefined) {
        it.skip(`${c.name} (skipped: ${reason})`, () => {});
        continue;
      }
      it(c.name, async () => {
        const dir = join(root, framework, c.name);
        expect(existsSync(join(dir, 'expected.json')), `${dir}/expected.json proves: ${c.proves}`).toBe(true);
        await checkFixtureCase(dir, framework);
      });
    }
  });
}

// The order test files start in (test/schedule.ts): longest first by the durations vitest cached,
// figures for files it has none of, and the two Maven files never planned to overlap.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { LongestFirst } from './schedule';

const ROOT = '/checkout';

async function order(durations: Record<string, number | undefined>, forks = 2, failed: string[] = []): Promise<string[]> {
  const cache = new Map(Object.entries(durations).filter(([, d]) => d !== undefined).map(([f, d]) => [`apiscout:${f}`, { duration: d!, failed: failed.includes(f) }]));
  const ctx = { config: { root: ROOT, poolOptions: { forks: { maxForks: forks } } }, cache: { getFileTestResults: (key: string) => cache.get(key) } };
  const specs = Object.keys(durations).map((f) => ({ moduleId: path.join(ROOT, f), project: { name: 'apiscout' } }) as unknown as TestSpecification);
  const sequencer = new LongestFirst(ctx as never);
  return (await sequencer.sort(specs)).map((s) => path.relative(ROOT, s.moduleId));
}

describe('the order of test files', () => {
  it('starts the longest first, by the durations of the last run', async () => {
    expect(await order({ 'a.test.ts': 1_000, 'b.test.ts': 9_000, 'c.test.ts': 5_000 })).toEqual(['b.test.ts', 'c.test.ts', 'a.test.ts']);
  });

  it('puts files that failed last time first', async () => {
    expect(await order({ 'a.test.ts': 1_000, 'b.test.ts': 9_000 }, 2, ['a.test.ts'])).toEqual(['a.test.ts', 'b.test.ts']);
  });

  it('knows the slow files of a checkout that has run none', async () => {
    const files = await order({ 'test/scan/shop.test.ts': undefined, 'test/ui/panels.test.ts': undefined, 'test/export/openapi-consumers.test.ts': undefined });
    expect(files).toEqual(['test/export/openapi-consumers.test.ts', 'test/ui/panels.test.ts', 'test/scan/shop.test.ts']);
  });

  it('moves the second Maven file behind files that run while the first builds', async () => {
    const files = await order({
      'test/intellij/bridge-client.test.ts': 50_000,
      'test/intellij/plugin-package.test.ts': 45_000,
      'x.test.ts': 20_000,
      'y.test.ts': 20_000,
      'z.test.ts': 20_000,
    });
    // Two forks: bridge-client on one until 50 s; x, y on the other until 40 s; plugin-package
    // would wait 10 s there, so z goes first, and plugin-package starts at 50 s when the lock is free.
    expect(files).toEqual(['test/intellij/bridge-client.test.ts', 'x.test.ts', 'y.test.ts', 'z.test.ts', 'test/intellij/plugin-package.test.ts']);
  });

  it('lets a Maven file wait when nothing else is left', async () => {
    const files = await order({ 'test/intellij/bridge-client.test.ts': 50_000, 'test/intellij/plugin-package.test.ts': 45_000 });
    expect(files).toEqual(['test/intellij/bridge-client.test.ts', 'test/intellij/plugin-package.test.ts']);
  });
});

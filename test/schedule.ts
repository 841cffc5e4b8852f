// The order vitest starts test files in (vitest.config.ts: sequence.sequencer). Two files run at
// once; the run ends when the last one does, so the long files go first (a long file started last
// leaves the other core idle while it runs). Durations are vitest's own, from the last run of each
// file (node_modules/.vite); a checkout without them uses the figures below. The files that read
// intellij-shell's Maven build take turns (test/intellij/shell-build.ts: the first runs it, the other
// waits for it): one that would wait is moved behind files that can run meanwhile.

import { relative, sep } from 'node:path';
import { BaseSequencer } from 'vitest/node';
import type { TestSpecification } from 'vitest/node';

/** Seconds the slowest files took in a run on two cores (2026-11-26), for a checkout with no durations cached. */
const KNOWN_SECONDS: Record<string, number> = {
  // The first of the two intellij files runs the one Maven build (the plugin and bridge-client's tests).
  'test/intellij/bridge-client.test.ts': 99,
  'test/export/openapi-consumers.test.ts': 65,
  'test/ui/tool-window.test.ts': 44,
  'test/ui/explorer.test.ts': 44,
  'test/ui/panels.test.ts': 32,
  'test/ui/call.test.ts': 32,
  'test/call/spring-app.test.ts': 27,
  'test/scripts/exhaustion-memory.test.ts': 24,
  'test/scan/parse-worker.test.ts': 22,
  'test/export/no-environment.test.ts': 20,
  'test/export/hoppscotch.test.ts': 18,
  'test/scan/result-store.test.ts': 17,
  'test/intellij/plugin-package.test.ts': 15,
  'scripts-sandbox/exhaustion.test.ts': 10,
  'test/cli/search-command.test.ts': 10,
  'test/scan/scan-cache.test.ts': 9,
  'test/ui/first-tree.test.ts': 7,
  'test/hostile/hostile-scan.test.ts': 6,
};

/** The test files that hold the intellij-shell Maven lock. */
const MAVEN = new Set(['test/intellij/bridge-client.test.ts', 'test/intellij/plugin-package.test.ts']);

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const path = (f: TestSpecification) => relative(this.ctx.config.root, f.moduleId).split(sep).join('/');
    const cached = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`);
    const millis = (f: TestSpecification) => cached(f)?.duration ?? (KNOWN_SECONDS[path(f)] ?? 0) * 1000;
    // Files that failed last time first (what one reruns after a fix), then the longest first.
    const sorted = [...files].sort((a, b) => Number(cached(b)?.failed ?? false) - Number(cached(a)?.failed ?? false) || millis(b) - millis(a));

    // Play the run through on the forks, to keep the Maven files from waiting on each other.
    const forks = Math.max(1, Number(this.ctx.config.poolOptions?.forks?.maxForks) || 1);
    const freeAt = new Array<number>(forks).fill(0);
    let mavenFreeAt = 0;
    const order: TestSpecification[] = [];
    while (sorted.length) {
      const fork = freeAt.indexOf(Math.min(...freeAt));
      const now = freeAt[fork]!;
      let next = sorted.findIndex((f) => !MAVEN.has(path(f)) || mavenFreeAt <= now);
      if (next < 0) next = 0;
      const [file] = sorted.splice(next, 1);
      const start = MAVEN.has(path(file!)) ? Math.max(now, mavenFreeAt) : now;
      freeAt[fork] = start + millis(file!);
      if (MAVEN.has(path(file!))) mavenFreeAt = freeAt[fork]!;
      order.push(file!);
    }
    return order;
  }
}

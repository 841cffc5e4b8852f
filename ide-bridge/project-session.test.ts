// Refresh while a scan runs: the running scan may have walked the tree before the change the
// caller saw, so the refresh must be answered by a scan that starts after it.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FIXTURES } from '../test/scan/fixture-case';
import { ProjectSession } from './project-session';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-session-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('a refresh asked while a scan runs sees the files written after that scan walked the tree', async () => {
  const root = join(tmp, 'project');
  cpSync(join(FIXTURES, 'spring-mvc', 'path-joining'), root, { recursive: true });
  let second: Promise<void> | undefined;
  const session: ProjectSession = new ProjectSession(root, { createdBy: 'test', scanCache: false }, {
    progress: (p) => {
      // The first scan has walked the tree: a file written now is one it cannot see.
      if (second || p.phase !== 'read') return;
      writeFileSync(join(root, 'src/main/java/Late.java'), '@org.springframework.web.bind.annotation.RestController\nclass Late {\n  @org.springframework.web.bind.annotation.GetMapping("/late") String late() { return ""; }\n}\n');
      // Asked from outside the scan's own call stack, as a Refresh click is.
      second = Promise.resolve().then(() => session.refresh());
    },
    changed: () => {},
    log: () => {},
  });
  await session.refresh();
  expect(second).toBeDefined();
  await second;
  expect(session.list().map((e) => e.path)).toContain('/late');
  // The retained index is rewritten into the project after the scan: done before the folder goes.
  await session.waitForScan();
});

// The explorer's scan warnings (project/diagnostics) name the Groovy controllers the scan cannot
// list, and a file change forwarded by the IDE's watcher updates them.

import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { FIXTURES } from '../test/scan/fixture-case';
import { ProjectSession } from './project-session';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-groovy-session-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('the scan warnings name the Groovy controllers, and follow a Groovy file the watcher reports', async () => {
  const root = join(tmp, 'project');
  cpSync(join(FIXTURES, 'spring-mvc', 'groovy-controllers'), root, { recursive: true });
  const session = new ProjectSession(root, { createdBy: 'test', scanCache: false }, { progress: () => {}, changed: () => {}, log: () => {} });
  await session.refresh();
  const groovy = () => session.diagnostics().diagnostics.filter((d) => d.message.includes('Groovy'));
  expect(groovy()).toEqual([{ file: 'src/main/groovy/com/acme/orders/OrderController.groovy', message: expect.stringMatching(/^2 Groovy sources in module .* declare controllers \(OrderController\.groovy, ReportController\.groovy\): apiscout reads Java and Kotlin only/) }]);

  const added = join(root, 'src/main/groovy/com/acme/orders/AdminController.groovy');
  writeFileSync(added, 'package com.acme.orders\n@org.springframework.web.bind.annotation.RestController\nclass AdminController {}\n');
  await session.filesChanged([{ path: added, kind: 'created' }]);
  expect(groovy()).toEqual([{ file: 'src/main/groovy/com/acme/orders/AdminController.groovy', message: expect.stringMatching(/^3 Groovy sources/) }]);
  await session.waitForScan();
});

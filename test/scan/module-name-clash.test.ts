// Modules are found by name (endpoint.module): two modules of one name sent the included
// project's requests to its Gradle root's address (Komga: root `komga` including `komga`).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportSetup } from '../../core/export/setup';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const user = mkdtempSync(join(tmpdir(), 'apiscout-module-clash-'));
afterAll(() => rmSync(user, { recursive: true, force: true }));

describe('a module named as its Gradle root', () => {
  it("is the endpoint's module, with its own port, in the scan and the export", async () => {
    const root = join(FIXTURES, 'spring-mvc/module-name-clash');
    const { endpoints, modules } = await scanProject(root, { parseWorker: false });
    // The summary lists the modules endpoints are of: the root, holding none, is not one of them.
    expect(modules.map((m) => [m.name, m.dir, m.listen])).toEqual([['module-name-clash', 'module-name-clash', { port: '25600' }]]);
    expect(endpoints.map((e) => e.module)).toEqual(['module-name-clash']);
    const setup = exportSetup({ projectDir: root, userDir: user, environment: null, modules, endpoints });
    expect(setup.options.defaultHost).toBe('http://localhost:25600');
  });
});

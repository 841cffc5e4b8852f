// When the sources name @PropertySource files, the module config is read again with them: only the
// modules whose list changed are read again; the others keep the reading the scan began with
// (dolphinscheduler's 140 modules were all parsed twice for one module's @PropertySource).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const reads: string[] = [];
vi.mock('../../core/config/spring-boot-config', async (original) => {
  const actual = await original<typeof import('../../core/config/spring-boot-config')>();
  return {
    ...actual,
    readApplicationProperties: (...args: Parameters<typeof actual.readApplicationProperties>) => {
      reads.push(args[1]);
      return actual.readApplicationProperties(...args);
    },
  };
});

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-property-sources-reading-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('module config read again for @PropertySource files', () => {
  it('reads again only the modules whose files changed, with the same result as a scan reading all', async () => {
    const root = copyFixture('spring-mvc/property-sources', tmp, 'case');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    reads.length = 0;
    await scanner.scan();
    // Every module once as the scan begins, then the two naming @PropertySource files.
    const count = (dir: string) => reads.filter((r) => r === dir).length;
    expect([count(''), count('conf'), count('console'), count('server')]).toEqual([1, 1, 2, 2]);
    const first = scanner.result();
    expect(first.modules.find((m) => m.name === 'registry-server')).toMatchObject({ contextPath: '/naming', listen: { port: '8848' } });

    // A module dropping its @PropertySource is read again; the others keep theirs.
    reads.length = 0;
    const app = 'server/src/main/java/com/acme/registry/RegistryServer.java';
    editFile(root, app, '@PropertySources({', '/*');
    editFile(root, app, '})\npublic class', '*/\npublic class');
    scanner.rescan([{ path: app, kind: 'changed' }]);
    expect(reads).toEqual(['server']);
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(scanner.result().modules).toEqual(fresh.result().modules);
    expect(scanner.result().diagnostics).toEqual(fresh.result().diagnostics);
  });
});

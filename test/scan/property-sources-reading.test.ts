// When the sources name other @PropertySource files, the module config is read again with them:
// only the modules whose list changed are read again; the others keep their reading
// (dolphinscheduler's 140 modules were all parsed twice for one module's @PropertySource).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-property-sources-reading-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('module config read again for @PropertySource files', () => {
  it('reads again only the modules whose list of files changed', async () => {
    const root = copyFixture('spring-mvc/property-sources', tmp, 'case');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const module = (name: string) => scanner.result().modules.find((m) => m.name === name);
    expect(module('registry-console')?.listen).toEqual({ port: '8080' });

    // A file the re-scan is not told of: only a module read again would see it.
    mkdirSync(join(root, 'console/src/main/resources'), { recursive: true });
    writeFileSync(join(root, 'console/src/main/resources/application.properties'), 'server.port=9090\n');
    const app = 'server/src/main/java/com/acme/registry/RegistryServer.java';
    editFile(root, app, '@PropertySources({', '/*');
    editFile(root, app, '})\npublic class', '*/\npublic class');
    scanner.rescan([{ path: app, kind: 'changed' }]);
    // The server, its @PropertySource files gone, is read again; the console keeps its reading.
    expect(module('registry-server')?.propertySources).toBeUndefined();
    expect(module('registry-server')?.contextPath).toBeUndefined();
    expect(module('registry-console')?.listen).toEqual({ port: '8080' });
  });
});

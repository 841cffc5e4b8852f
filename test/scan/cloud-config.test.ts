// Spring Cloud Config's native repository in the project (piggymetrics): a client module's
// context path and port come from the config server module's `shared/<application>.yml`, over
// its own files, and a re-scan follows a change to the repository or to the client's name.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModuleSummary } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-cloud-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/cloud-config', tmp, `case-${copies++}`);

const SHARED = 'config/src/main/resources/shared';
const BOOTSTRAP = 'account/src/main/resources/bootstrap.yml';

function module(s: ProjectScanner, name: string): ModuleSummary {
  const found = s.result().modules.find((m) => m.name === name);
  expect(found).toBeDefined();
  return found!;
}

describe('Spring Cloud Config native repository', () => {
  it("gives a client the repository's values for its name, over the shared application file", async () => {
    const scanner = new ProjectScanner(copy(), { parseWorker: false });
    await scanner.scan();
    expect(module(scanner, 'account-service')).toMatchObject({ contextPath: '/accounts', listen: { port: '6000' } });
  });

  it('follows a change to the repository and to the name, as a fresh scan', async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    editFile(root, `${SHARED}/account-service.yml`, '/accounts', '/money');
    scanner.rescan([{ path: `${SHARED}/account-service.yml`, kind: 'changed' }]);
    expect(module(scanner, 'account-service').contextPath).toBe('/money');

    // Renamed: the shared application file alone applies, until a file for the new name appears.
    editFile(root, BOOTSTRAP, 'name: account-service', 'name: ledger');
    scanner.rescan([{ path: BOOTSTRAP, kind: 'changed' }]);
    expect(module(scanner, 'account-service').contextPath).toBeUndefined();
    expect(module(scanner, 'account-service').listen).toMatchObject({ port: '7000' });
    writeFileSync(join(root, SHARED, 'ledger.properties'), 'server.servlet.context-path=/ledger\n');
    scanner.rescan([{ path: `${SHARED}/ledger.properties`, kind: 'created' }]);
    expect(module(scanner, 'account-service').contextPath).toBe('/ledger');

    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
  });
});

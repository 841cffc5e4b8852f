// Spring Cloud Config's native repository in the project (piggymetrics): a client module's
// context path and port come from the config server module's `shared/<application>.yml`, over
// its own files, and a re-scan follows a change to the repository or to the client's name.

import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
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

const FOLDER_SERVER = 'config/src/main/resources/application.yml';

describe('Spring Cloud Config repository in a folder of the project', () => {
  const folderCopy = () => copyFixture('spring-mvc/cloud-config-folder', tmp, `case-${copies++}`);

  it("gives a client its name's files and its active profile's over them, from file: locations", async () => {
    const scanner = new ProjectScanner(folderCopy(), { parseWorker: false });
    await scanner.scan();
    // orders-dev.yml over orders.yml over application.yml (dev: the default of ${SPRING_PROFILES_ACTIVE:dev}).
    expect(module(scanner, 'orders-service')).toMatchObject({ contextPath: '/orders-dev', listen: { port: '7100' } });
    // billing's own folder (file:./config-repo/{application}), the shared application.yml below it.
    expect(module(scanner, 'billing-service')).toMatchObject({ contextPath: '/billing', listen: { port: '7000' } });
    expect(scanner.result().diagnostics).toEqual([]);
  });

  it('follows the profile the client sets and a profile file appearing, as a fresh scan', async () => {
    const root = folderCopy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    editFile(root, 'orders/src/main/resources/bootstrap.yml', ':dev}', ':prod}');
    scanner.rescan([{ path: 'orders/src/main/resources/bootstrap.yml', kind: 'changed' }]);
    expect(module(scanner, 'orders-service')).toMatchObject({ contextPath: '/orders-prod', listen: { port: '80' } });
    writeFileSync(join(root, 'config-repo/billing/billing-default.yml'), 'server:\n  port: 7300\n');
    scanner.rescan([{ path: 'config-repo/billing/billing-default.yml', kind: 'created' }]);
    expect(module(scanner, 'billing-service')).toMatchObject({ contextPath: '/billing', listen: { port: '7300' } });
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
  });

  it('reads a git repository that is a folder of the project like a native one, and names a remote one without fetching it', async () => {
    const root = folderCopy();
    writeFileSync(
      join(root, FOLDER_SERVER),
      'spring:\n  cloud:\n    config:\n      server:\n        git:\n          uri: file://${user.dir}/config-repo\n          search-paths: "{application}"\n',
    );
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(module(scanner, 'orders-service')).toMatchObject({ contextPath: '/orders-dev', listen: { port: '7100' } });
    expect(module(scanner, 'billing-service')).toMatchObject({ contextPath: '/billing', listen: { port: '7000' } });

    editFile(root, FOLDER_SERVER, 'file://${user.dir}/config-repo', 'https://github.com/acme/shop-config.git');
    scanner.rescan([{ path: FOLDER_SERVER, kind: 'changed' }]);
    expect(module(scanner, 'orders-service').contextPath).toBeUndefined();
    expect(scanner.result().diagnostics).toEqual([
      { file: FOLDER_SERVER, message: 'config server git repository https://github.com/acme/shop-config.git is not in the project: nothing is fetched, and its properties are not read' },
    ]);
  });
  it('layers a composite backend, the first winning, with {label} folders and wildcard search paths', async () => {
    const root = folderCopy();
    const put = (rel: string, text: string) => {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    put(
      FOLDER_SERVER,
      'spring:\n  profiles:\n    active: composite\n  cloud:\n    config:\n      server:\n        composite:\n          - type: native\n            search-locations: file:./labelled/{label}\n          - type: vault\n          - type: git\n            uri: file://${user.dir}/config-repo\n            search-paths: "teams/*, {application}"\n',
    );
    // orders names no label: the native backend's default, master; billing asks for v2.
    put('labelled/master/orders-dev.yml', 'server:\n  servlet:\n    context-path: /orders-master\n');
    put('labelled/v2/billing.properties', 'server.port=7400\n');
    put('labelled/master/billing.properties', 'server.port=7999\n');
    editFile(root, 'billing/src/main/resources/application.properties', 'spring.application.name=billing', 'spring.application.name=billing\nspring.cloud.config.label=v2');
    put('config-repo/teams/payments/billing.properties', 'server.servlet.context-path=/payments\n');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(module(scanner, 'orders-service')).toMatchObject({ contextPath: '/orders-master', listen: { port: '7100' } });
    expect(module(scanner, 'billing-service')).toMatchObject({ contextPath: '/payments', listen: { port: '7400' } });
    expect(scanner.result().diagnostics).toEqual([]);

    // A folder matching the wildcard appearing later is read on a re-scan, as a fresh scan reads it.
    put('config-repo/teams/accounts/billing.properties', 'server.servlet.context-path=/accounts\n');
    scanner.rescan([{ path: 'config-repo/teams/accounts/billing.properties', kind: 'created' }]);
    // teams/accounts sorts before teams/payments: payments' file is read later and wins.
    expect(module(scanner, 'billing-service').contextPath).toBe('/payments');
    rmSync(join(root, 'config-repo/teams/payments'), { recursive: true });
    scanner.rescan([{ path: 'config-repo/teams/payments/billing.properties', kind: 'deleted' }]);
    expect(module(scanner, 'billing-service').contextPath).toBe('/accounts');
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
  });

  it('reads a ** search path at any depth, and a file appearing deeper on a re-scan, as a fresh scan', async () => {
    const root = folderCopy();
    const put = (rel: string, text: string) => {
      mkdirSync(join(root, rel, '..'), { recursive: true });
      writeFileSync(join(root, rel), text);
    };
    put(FOLDER_SERVER, 'spring:\n  cloud:\n    config:\n      server:\n        git:\n          uri: file://${user.dir}/config-repo\n          search-paths: "regions/**"\n');
    put('config-repo/regions/eu/west/billing.properties', 'server.servlet.context-path=/eu-west\n');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(module(scanner, 'billing-service').contextPath).toBe('/eu-west');
    // regions/eu/west/green sorts after regions/eu/west: its file is read later and wins.
    put('config-repo/regions/eu/west/green/billing.properties', 'server.servlet.context-path=/eu-west-green\n');
    scanner.rescan([{ path: 'config-repo/regions/eu/west/green/billing.properties', kind: 'created' }]);
    expect(module(scanner, 'billing-service').contextPath).toBe('/eu-west-green');
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
  });

  it('does not read a repository folder that is a link to one outside the project, and names it', async () => {
    const root = folderCopy();
    const outside = mkdtempSync(join(tmpdir(), 'apiscout-cloud-config-outside-'));
    try {
      writeFileSync(join(outside, 'orders-dev.yml'), 'server:\n  servlet:\n    context-path: /from-outside\n');
      symlinkSync(outside, join(root, 'linked'), 'dir');
      editFile(root, FOLDER_SERVER, 'search-locations: file:./config-repo,', 'search-locations: file:./linked, file:./config-repo,');
      const scanner = new ProjectScanner(root, { parseWorker: false });
      await scanner.scan();
      expect(module(scanner, 'orders-service').contextPath).toBe('/orders-dev');
      expect(scanner.result().diagnostics).toEqual([
        { file: 'linked/orders-dev.yml', message: `config server repository file linked/orders-dev.yml is a link to ${join(realpathSync(outside), 'orders-dev.yml')}, outside the project; it is not read` },
      ]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

// `spring.config.name` set by the main class (Apache Syncope's core reads core.properties): that
// file is the module's config, for its context path and port and those of the libraries it
// serves (one with a `@PropertySource` of messages too), and a re-scan follows a change to the
// file or to the name.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ModuleSummary } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-config-names-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/config-name', tmp, `case-${copies++}`);

const PROPS = 'server/src/main/resources/shop.properties';
const APP = 'server/src/main/java/com/acme/named/ShopServer.java';

function module(s: ProjectScanner, name: string): ModuleSummary {
  const found = s.result().modules.find((m) => m.name === name);
  expect(found).toBeDefined();
  return found!;
}

describe('spring.config.name', () => {
  it("makes <name>.properties the application's config, and the library's it serves", async () => {
    const scanner = new ProjectScanner(copy(), { parseWorker: false });
    await scanner.scan();
    expect(module(scanner, 'shop-server')).toMatchObject({ contextPath: '/shop', listen: { port: '9090' } });
    // Its @PropertySource of messages does not make the library an application of its own.
    expect(module(scanner, 'shop-api')).toMatchObject({ contextPath: '/shop', listen: { port: '9090' }, propertySources: ['api/src/main/resources/messages.properties'] });
  });

  it('follows a change to the file, and to the name', async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    editFile(root, PROPS, '/shop', '/store');
    scanner.rescan([{ path: PROPS, kind: 'changed' }]);
    expect(module(scanner, 'shop-server').contextPath).toBe('/store');

    // Two names set apart (jar and war): neither is certain, so Spring's default stands.
    editFile(root, APP, '"spring.config.name", "shop"', '"spring.config.name", "other"');
    scanner.rescan([{ path: APP, kind: 'changed' }]);
    expect(module(scanner, 'shop-server').contextPath).toBeUndefined();

    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
  });

  it('follows a change to the file after a second full scan of the same scanner (the explorer\'s Refresh)', async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    // The second scan reads the module config with the name the first learned from the code: the file is an input all the same.
    await scanner.scan();
    expect(module(scanner, 'shop-server').contextPath).toBe('/shop');
    editFile(root, PROPS, '/shop', '/store');
    scanner.rescan([{ path: PROPS, kind: 'changed' }]);
    expect(module(scanner, 'shop-server').contextPath).toBe('/store');
  });
});

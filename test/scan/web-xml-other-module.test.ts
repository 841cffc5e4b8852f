// A war module's web.xml mounting the JAX-RS resources of a module it depends on
// (core/scan/frameworks/jax-rs/index.ts, servingMount; the fixture jax-rs/web-xml-other-module).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../core/export/openapi';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES, copyFixture, editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-web-xml-modules-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('web.xml in the war module serving another module', () => {
  it("gives the resources of each module the mount of the war building against it, in the exports too", async () => {
    const scan = await scanProject(join(FIXTURES, 'jax-rs/web-xml-other-module'), { parseWorker: false });
    const paths = (cls: string) => scan.endpoints.filter((e) => e.className === cls).map((e) => e.path).sort();
    expect(paths('com.acme.shop.ProductResource')).toEqual(['/api/products', '/api/products/{id}']);
    expect(paths('com.acme.admin.UserResource')).toEqual(['/admin-rest/users', '/admin-rest/users/{id}']);
    expect(paths('com.acme.orders.OrderResource')).toEqual(['/svc/orders', '/svc/orders/{id}']);
    expect(paths('com.acme.versions.ItemV2Resource')).toEqual(['/v2/items']);
    expect(paths('com.acme.versions.PingResource')).toEqual(['/v1/ping', '/v2/ping']);
    const doc = exportOpenApi(scan.endpoints, { title: 'stores', modules: scan.modules }).files.map((f) => f.content).join('\n');
    expect(doc).toContain('/admin-rest/users/{id}');
  });

  it("a re-scan after the war's web.xml or its dependencies change gives what a fresh scan gives", async () => {
    const root = copyFixture('jax-rs/web-xml-other-module', tmp);
    const scanner = await scanned(root);
    editFile(root, 'shop-war/src/main/webapp/WEB-INF/web.xml', '<url-pattern>/api/*</url-pattern>', '<url-pattern>/shop/*</url-pattern>');
    let fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'shop-war/src/main/webapp/WEB-INF/web.xml', kind: 'changed' }]);
    expect(fresh.endpoints.filter((e) => e.className === 'com.acme.shop.ProductResource').map((e) => e.path).sort()).toEqual(['/shop/products', '/shop/products/{id}']);
    // The admin war no longer packs admin-api: no war serves it, and the wars disagree.
    editFile(root, 'admin-war/pom.xml', '<artifactId>admin-api</artifactId>', '<artifactId>shop-api</artifactId>');
    fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'admin-war/pom.xml', kind: 'changed' }]);
    expect(fresh.endpoints.filter((e) => e.className === 'com.acme.admin.UserResource').map((e) => e.path).sort()).toEqual(['/users', '/users/{id}']);
  });
});

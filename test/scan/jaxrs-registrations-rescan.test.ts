// What a JAX-RS scan reads once per full scan from files other than the resource being scanned
// (the resource lists of an application's helper class, the CXF servers built in code, the
// applications a web.xml mounts): a re-scan
// of one of those files gives what a fresh scan gives.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';
import { view } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-jaxrs-registrations-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const addresses = (s: ProjectScanner) => s.result().endpoints.map((e) => `${e.address} ${e.className}`).sort();

async function fresh(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

describe('a re-scan of JAX-RS registrations read from other files', () => {
  it("follows the application's helper class no longer listing the root resource", async () => {
    const root = copyFixture('jax-rs/registered-by-helper', tmp);
    const helper = 'rest/src/main/java/com/acme/rshelp/rest/impl/EngineRestResources.java';
    const scanner = await fresh(root);
    editFile(root, helper, 'RESOURCE_CLASSES.add(EngineRestServiceImpl.class);', '');
    scanner.rescan([{ path: helper, kind: 'changed' }]);
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });

  it('follows a resource class a CXF server names that is written after the first scan', async () => {
    const root = copyFixture('jax-rs/cxf-server-address', tmp);
    editFile(root, 'src/main/java/com/acme/cxfaddr/RestConfig.java', 'setResourceClasses(StatusResource.class)', 'setResourceClasses(StatusResource.class, GroupResource.class)');
    const scanner = await fresh(root);
    const added = 'src/main/java/com/acme/cxfaddr/GroupResource.java';
    writeFileSync(join(root, added), 'package com.acme.cxfaddr;\nimport javax.ws.rs.*;\n@Path("/groups")\npublic class GroupResource { @GET public String list() { return ""; } }\n');
    scanner.rescan([{ path: added, kind: 'created' }]);
    expect(addresses(scanner)).toContain('GET /services/status/groups com.acme.cxfaddr.GroupResource');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });

  it('follows a resource that stops or starts locating a class its application does not list', async () => {
    const root = join(tmp, 'locators');
    const J = 'src/main/java/com/acme/locate/';
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write(`${J}ShopApplication.java`, 'package com.acme.locate;\nimport java.util.Set;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath("api")\npublic class ShopApplication extends Application {\n  @Override public Set<Class<?>> getClasses() { return Set.of(ShopResource.class); }\n}\n');
    const locator = '@Path("items") public ItemResource items() { return new ItemResource(); }';
    write(`${J}ShopResource.java`, `package com.acme.locate;\nimport jakarta.ws.rs.*;\n@Path("/shop")\npublic class ShopResource {\n  ${locator}\n  @GET public String get() { return ""; }\n}\n`);
    write(`${J}ItemResource.java`, 'package com.acme.locate;\nimport jakarta.ws.rs.*;\n@Path("/items")\npublic class ItemResource {\n  @GET public String list() { return ""; }\n}\n');
    const shop = `${J}ShopResource.java`;
    const scanner = await fresh(root);
    expect(addresses(scanner)).toEqual(['GET /api/shop com.acme.locate.ShopResource', 'GET /api/shop/items com.acme.locate.ItemResource']);
    // Not located any more: Jersey serves it under its own @Path.
    editFile(root, shop, locator, '');
    scanner.rescan([{ path: shop, kind: 'changed' }]);
    expect(addresses(scanner)).toContain('GET /api/items com.acme.locate.ItemResource');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
    // Located again: only under the locator's path.
    editFile(root, shop, '@GET public', `${locator}\n  @GET public`);
    scanner.rescan([{ path: shop, kind: 'changed' }]);
    expect(addresses(scanner)).not.toContain('GET /api/items com.acme.locate.ItemResource');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });

  it('follows a web.xml application that registers another resource after the first scan', async () => {
    const root = copyFixture('jax-rs/web-xml-applications', tmp);
    const scanner = await fresh(root);
    const app = 'src/main/java/com/acme/versions/AppV2.java';
    editFile(root, app, 'resources.add(OrderServiceV2.class);', 'resources.add(OrderServiceV2.class);\n        resources.add(OrderService.class);');
    editFile(root, 'src/main/java/com/acme/versions/AppV1.java', 'resources.add(OrderService.class);', '');
    scanner.rescan([{ path: app, kind: 'changed' }, { path: 'src/main/java/com/acme/versions/AppV1.java', kind: 'changed' }]);
    expect(addresses(scanner)).toContain('GET /v2/orders com.acme.versions.OrderService');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });

  it('lists a resource a second web.xml application comes to register under both', async () => {
    const root = copyFixture('jax-rs/web-xml-applications', tmp, 'web-xml-applications-both');
    const scanner = await fresh(root);
    expect(addresses(scanner)).toEqual(expect.arrayContaining(['GET /v1/health com.acme.versions.HealthService', 'GET /v2/health com.acme.versions.HealthService']));
    const app = 'src/main/java/com/acme/versions/AppV2.java';
    editFile(root, app, 'resources.add(OrderServiceV2.class);', 'resources.add(OrderServiceV2.class);\n        resources.add(OrderService.class);');
    scanner.rescan([{ path: app, kind: 'changed' }]);
    expect(addresses(scanner)).toEqual(expect.arrayContaining(['GET /v1/orders com.acme.versions.OrderService', 'GET /v2/orders com.acme.versions.OrderService']));
    const ids = scanner.result().endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });

  it('mounts a resource created after the first scan where the web.xml application naming it is served', async () => {
    const root = copyFixture('jax-rs/web-xml-applications', tmp, 'web-xml-applications-created');
    const app = 'src/main/java/com/acme/versions/AppV2.java';
    editFile(root, app, 'resources.add(OrderServiceV2.class);', 'resources.add(OrderServiceV2.class);\n        resources.add(StatusServiceV2.class);');
    const scanner = await fresh(root);
    const created = 'src/main/java/com/acme/versions/StatusServiceV2.java';
    writeFileSync(join(root, created), 'package com.acme.versions;\n\nimport javax.ws.rs.GET;\nimport javax.ws.rs.Path;\n\n@Path("/status")\npublic class StatusServiceV2 {\n    @GET\n    public String get() { return "ok"; }\n}\n');
    scanner.rescan([{ path: created, kind: 'created' }]);
    expect(addresses(await fresh(root))).toContain('GET /v2/status com.acme.versions.StatusServiceV2');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
    // Its body is nothing the mounts read: an edit to it recomputes it alone.
    editFile(root, created, '"/status"', '"/state"');
    expect(scanner.rescan([{ path: created, kind: 'changed' }]).rootsRecomputed).toBe(1);
    expect(addresses(scanner)).toContain('GET /v2/state com.acme.versions.StatusServiceV2');
    expect(addresses(scanner)).toEqual(addresses(await fresh(root)));
  });
});

describe('a class an application names before it exists, that a locator also returns, created later', () => {
  const J = 'src/main/java/com/acme/early/';
  const write = (root: string, path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const item = 'package com.acme.early;\nimport jakarta.ws.rs.*;\n@Path("/items")\npublic class ItemResource {\n  @GET public String list() { return ""; }\n}\n';
  const shop = 'package com.acme.early;\nimport jakarta.ws.rs.*;\n@Path("/shop")\npublic class ShopResource {\n  @Path("items") public ItemResource items() { return new ItemResource(); }\n  @GET public String get() { return ""; }\n}\n';
  const applications: Array<[string, Record<string, string>]> = [
    ['Application.getClasses() under @ApplicationPath', {
      [`${J}ShopApplication.java`]: 'package com.acme.early;\nimport java.util.Set;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath("api")\npublic class ShopApplication extends Application {\n  @Override public Set<Class<?>> getClasses() { return Set.of(ShopResource.class, ItemResource.class); }\n}\n',
    }],
    ["Jersey's ResourceConfig.register(X.class)", {
      [`${J}ShopConfig.java`]: 'package com.acme.early;\nimport jakarta.ws.rs.ApplicationPath;\nimport org.glassfish.jersey.server.ResourceConfig;\n@ApplicationPath("api")\npublic class ShopConfig extends ResourceConfig {\n  public ShopConfig() { register(ShopResource.class); register(ItemResource.class); }\n}\n',
    }],
    ['an Application mounted by web.xml', {
      [`${J}ShopApplication.java`]: 'package com.acme.early;\nimport java.util.*;\nimport jakarta.ws.rs.core.Application;\npublic class ShopApplication extends Application {\n  @Override public Set<Class<?>> getClasses() { Set<Class<?>> s = new HashSet<>(); s.add(ShopResource.class); s.add(ItemResource.class); return s; }\n}\n',
      'src/main/webapp/WEB-INF/web.xml': '<web-app>\n  <servlet>\n    <servlet-name>shop</servlet-name>\n    <servlet-class>org.glassfish.jersey.servlet.ServletContainer</servlet-class>\n    <init-param><param-name>jakarta.ws.rs.Application</param-name><param-value>com.acme.early.ShopApplication</param-value></init-param>\n  </servlet>\n  <servlet-mapping><servlet-name>shop</servlet-name><url-pattern>/rest/*</url-pattern></servlet-mapping>\n</web-app>\n',
    }],
  ];
  it("a helper class the application takes its list from, written after the first scan", async () => {
    const root = join(tmp, 'early-helper');
    write(root, `${J}ShopApplication.java`, 'package com.acme.early;\nimport java.util.Set;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath("api")\npublic class ShopApplication extends Application {\n  @Override public Set<Class<?>> getClasses() { return ShopResources.classes(); }\n}\n');
    write(root, `${J}ShopResource.java`, shop);
    write(root, `${J}ItemResource.java`, item);
    const scanner = await fresh(root);
    expect(addresses(scanner)).toContain('GET /api/items com.acme.early.ItemResource');
    const helper = `${J}ShopResources.java`;
    write(root, helper, 'package com.acme.early;\nimport java.util.Set;\npublic class ShopResources {\n  public static Set<Class<?>> classes() { return Set.of(ShopResource.class); }\n}\n');
    scanner.rescan([{ path: helper, kind: 'created' }]);
    const now = await fresh(root);
    expect(addresses(now)).not.toContain('GET /api/items com.acme.early.ItemResource'); // located only
    expect(view(scanner.result())).toEqual(view(now.result()));
  });

  for (const [kind, files] of applications) {
    it(`${kind}: both where it is registered and under the locator, as a fresh scan`, async () => {
      const root = join(tmp, `early-${kind.replace(/\W+/g, '-')}`);
      for (const [path, text] of Object.entries(files)) write(root, path, text);
      write(root, `${J}ShopResource.java`, shop);
      const scanner = await fresh(root);
      write(root, `${J}ItemResource.java`, item);
      scanner.rescan([{ path: `${J}ItemResource.java`, kind: 'created' }]);
      const now = await fresh(root);
      expect(addresses(now).filter((a) => a.endsWith('ItemResource'))).toHaveLength(2);
      expect(view(scanner.result())).toEqual(view(now.result()));
      // And gone again.
      rmSync(join(root, `${J}ItemResource.java`));
      scanner.rescan([{ path: `${J}ItemResource.java`, kind: 'deleted' }]);
      expect(view(scanner.result())).toEqual(view((await fresh(root)).result()));
    });
  }
});

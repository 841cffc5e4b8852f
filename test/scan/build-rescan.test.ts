// A build-file edit (pom.xml, build.gradle(.kts), settings.gradle(.kts)) reported to the re-scan API,
// as the sidecar's files/changed does, re-scans only what depends on what changed in what the scan
// takes from build files (core/scan/build-facts.ts), and always to what a fresh scan of the same
// tree gives: an edit that changes none of those facts recomputes nothing and parses nothing.

import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import type { FileChange, RescanResult } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';
import { scanned } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-build-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let cases = 0;
const copy = (fixture: string) => copyFixture(fixture, tmp, `case-${++cases}`);

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

/** Re-scans the changes and checks the result against a fresh scan; says how much was recomputed and parsed. */
async function rescanLikeFresh(scanner: ProjectScanner, changes: FileChange[]): Promise<RescanResult & { parsed: number }> {
  const parsedBefore = scanner.result().stats.filesParsed;
  const result = scanner.rescan(changes);
  const parsed = scanner.result().stats.filesParsed - parsedBefore;
  const fresh = await new ProjectScanner(scanner.root, { parseWorker: false }).scan();
  const now = scanner.result();
  expect(now.endpoints).toEqual(fresh.endpoints);
  expect(now.diagnostics).toEqual(fresh.diagnostics);
  expect(now.modules).toEqual(fresh.modules);
  return { ...result, parsed };
}

const changed = (path: string): FileChange[] => [{ path, kind: 'changed' }];
const ids = (s: ProjectScanner) => s.endpoints.map((e) => `${e.module} ${e.method} ${e.path}`).sort();

describe('a build-file edit that changes nothing the scan reads re-scans nothing', () => {
  // The project's pom holds openapi-generator configurations, so the scan reads it: before, any edit recomputed every root.
  const fixture = 'spring-mvc/spec-models-only';

  it('a comment, a version bump and a new test dependency', async () => {
    const root = copy(fixture);
    const scanner = await scanned(root);
    const before = scanner.endpoints;
    expect(before.length).toBeGreaterThan(0);
    const edits: Array<[string, string]> = [
      ['<!-- Models only:', '<!-- Bumped on review.\n        Models only:'],
      ['<version>7.12.0</version>', '<version>7.13.0</version>'],
      ['</project>', '  <dependencies>\n    <dependency>\n      <groupId>org.junit.jupiter</groupId>\n      <artifactId>junit-jupiter</artifactId>\n      <scope>test</scope>\n    </dependency>\n  </dependencies>\n</project>'],
    ];
    for (const [from, to] of edits) {
      editFile(root, 'pom.xml', from, to);
      const result = await rescanLikeFresh(scanner, changed('pom.xml'));
      expect(result.rootsRecomputed).toBe(0);
      expect(result.parsed).toBe(0);
      expect(scanner.endpoints).toBe(before); // not even assembled again
    }
  });

  it('after a scan that served the endpoints before their models (the sidecar\'s), and a pom edited in between', async () => {
    const root = copy(fixture);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan(undefined, { modelsLater: true });
    await scanner.completeModels(); // reads the build facts, the first answer being out
    editFile(root, 'pom.xml', '<version>7.12.0</version>', '<version>7.13.0</version>');
    expect((await rescanLikeFresh(scanner, changed('pom.xml'))).rootsRecomputed).toBe(0);

    // Edited while the models were worked out: the facts read then are not the scan's, so the edit recomputes everything.
    const edited = new ProjectScanner(root, { parseWorker: false });
    await edited.scan(undefined, { modelsLater: true });
    editFile(root, 'pom.xml', '<modelNameSuffix>Dto</modelNameSuffix>', '<modelNameSuffix>Model</modelNameSuffix>');
    await edited.completeModels();
    const result = await rescanLikeFresh(edited, changed('pom.xml'));
    expect(result.rootsRecomputed).toBeGreaterThan(0);
    expect(edited.endpoints.find((e) => e.method === 'POST' && e.path === '/products')?.request?.body?.schema?.['x-unresolved']).toBe(true);
  });

  it('a build file in build output (Maven copies the pom into target/classes) is no module', async () => {
    const root = copy('spring-mvc/multi-module');
    const scanner = await scanned(root);
    const pom = 'billing/target/classes/META-INF/maven/com.acme.ops/billing-service/pom.xml';
    write(root, pom, '<project><artifactId>billing-copy</artifactId></project>');
    const result = await rescanLikeFresh(scanner, [{ path: pom, kind: 'created' }]);
    expect(result.rootsRecomputed).toBe(0);
  });
});

describe('Gradle build files', () => {
  it('a version bump and a test dependency re-scan nothing; a project dependency, a settings rename re-scan to a fresh scan', async () => {
    const root = copy('shop');
    const scanner = await scanned(root);
    editFile(root, 'orders/build.gradle', "version = '1.4.0-SNAPSHOT'", "version = '1.4.1-SNAPSHOT'");
    expect((await rescanLikeFresh(scanner, changed('orders/build.gradle'))).rootsRecomputed).toBe(0);
    editFile(root, 'orders/build.gradle', "    testImplementation 'org.springframework.boot:spring-boot-starter-test'", "    testImplementation 'org.springframework.boot:spring-boot-starter-test'\n    testImplementation 'org.assertj:assertj-core:3.26.3' // fluent asserts");
    expect((await rescanLikeFresh(scanner, changed('orders/build.gradle'))).rootsRecomputed).toBe(0);
    editFile(root, 'orders/build.gradle', "    implementation 'com.acme.shop:common:1.4.0-SNAPSHOT'", "    implementation project(':common')");
    await rescanLikeFresh(scanner, changed('orders/build.gradle'));
    expect(ids(scanner).some((id) => id.startsWith('orders '))).toBe(true);
    editFile(root, 'settings.gradle', "include 'orders'", "include 'order-service'\nproject(':order-service').projectDir = file('orders')");
    await rescanLikeFresh(scanner, changed('settings.gradle'));
    expect(ids(scanner).some((id) => id.startsWith('orders '))).toBe(false);
    expect(ids(scanner).some((id) => id.startsWith('order-service '))).toBe(true);
  });
});

describe('a build-file edit that changes the module layout re-scans to what a fresh scan gives', () => {
  it('a new module: a pom.xml in a folder of sources already scanned', async () => {
    const root = copy('spring-mvc/multi-module');
    write(root, 'shipping/returns/src/main/java/com/acme/ops/ReturnsController.java', 'package com.acme.ops;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ReturnsController {\n    @GetMapping("/returns")\n    public String list() { return ""; }\n}\n');
    const scanner = await scanned(root);
    expect(ids(scanner)).toContain('shipping-service GET /returns');
    write(root, 'shipping/returns/pom.xml', '<project>\n  <parent><groupId>com.acme.ops</groupId><artifactId>shipping-service</artifactId><version>1.0.0-SNAPSHOT</version></parent>\n  <artifactId>returns-service</artifactId>\n</project>\n');
    const result = await rescanLikeFresh(scanner, [{ path: 'shipping/returns/pom.xml', kind: 'created' }]);
    expect(ids(scanner)).toContain('returns-service GET /returns');
    expect(result.parsed).toBe(1); // the one file that moved: the module is part of its parse
  });

  it('a module removed: its pom.xml deleted, its sources belong to the parent', async () => {
    const root = copy('spring-mvc/multi-module');
    const scanner = await scanned(root);
    expect(ids(scanner)).toContain('billing-service GET /health');
    unlinkSync(join(root, 'billing/pom.xml'));
    await rescanLikeFresh(scanner, [{ path: 'billing/pom.xml', kind: 'deleted' }]);
    expect(ids(scanner)).toContain('platform GET /health');
    expect(ids(scanner)).not.toContain('billing-service GET /health');
  });

  it('a module removed, reported as a change (some watchers do)', async () => {
    const root = copy('spring-mvc/multi-module');
    const scanner = await scanned(root);
    unlinkSync(join(root, 'shipping/pom.xml'));
    await rescanLikeFresh(scanner, changed('shipping/pom.xml'));
    expect(ids(scanner)).toContain('platform GET /health');
  });

  it('a module renamed: another artifactId', async () => {
    const root = copy('spring-mvc/multi-module');
    const scanner = await scanned(root);
    editFile(root, 'shipping/pom.xml', '<artifactId>shipping-service</artifactId>', '<artifactId>delivery-service</artifactId>');
    await rescanLikeFresh(scanner, changed('shipping/pom.xml'));
    expect(ids(scanner)).toContain('delivery-service GET /health');
  });
});

describe('a build-file edit that changes a module\'s facts re-scans that module and its dependents', () => {
  it('a dependency between modules: the proto a gRPC service binds to', async () => {
    const root = copy('grpc/same-service-two-modules');
    const scanner = await scanned(root);
    const orphan = () => scanner.endpoints.find((e) => e.module === 'orphan')?.streaming;
    expect(orphan()).toBe('unknown');
    editFile(root, 'orphan/pom.xml', '</project>', '  <dependencies>\n    <dependency><groupId>com.acme</groupId><artifactId>ledger-api</artifactId><version>${project.version}</version></dependency>\n  </dependencies>\n</project>');
    const result = await rescanLikeFresh(scanner, changed('orphan/pom.xml'));
    expect(orphan()).not.toBe('unknown');
    expect(result.rootsRecomputed).toBe(1); // orphan's service; billing's and ledger-server's stay
    expect(result.parsed).toBe(0);
  });

  it('a dependency of a library module: the modules building against it are recomputed too', async () => {
    const root = copy('grpc/same-service-two-modules');
    const scanner = await scanned(root);
    // ledger-server builds against ledger-api: a new dependency of ledger-api changes what ledger-server sees.
    editFile(root, 'ledger-api/pom.xml', '</project>', '  <dependencies>\n    <dependency><groupId>com.acme</groupId><artifactId>billing</artifactId><version>${project.version}</version></dependency>\n  </dependencies>\n</project>');
    const result = await rescanLikeFresh(scanner, changed('ledger-api/pom.xml'));
    expect(result.rootsRecomputed).toBe(1); // ledger-server's service; ledger-api has none
    expect(scanner.endpoints.find((e) => e.module === 'ledger-server')?.streaming).toBe('unknown'); // now it sees both protos
  });

  it('a dependency of the application: the servlet paths its libraries are served under', async () => {
    const root = join(tmp, `case-${++cases}`);
    const pom = (artifact: string, deps = '') => `<project>\n  <artifactId>${artifact}</artifactId>\n  <dependencies>${deps}</dependencies>\n</project>\n`;
    const dep = (artifact: string) => `<dependency><groupId>com.acme</groupId><artifactId>${artifact}</artifactId></dependency>`;
    write(root, 'pom.xml', '<project><artifactId>shop</artifactId><packaging>pom</packaging></project>');
    write(root, 'server/pom.xml', pom('server', dep('orders')));
    write(root, 'server/src/main/resources/application.yml', 'server:\n  servlet:\n    context-path: /shop\n');
    for (const lib of ['orders', 'catalog']) {
      write(root, `${lib}/pom.xml`, pom(lib));
      write(root, `${lib}/src/main/java/com/acme/${lib}/Api.java`, `package com.acme.${lib};\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class Api {\n    @GetMapping("/${lib}")\n    public String list() { return ""; }\n}\n`);
    }
    const scanner = await scanned(root);
    const contextPaths = () => Object.fromEntries(scanner.moduleSummaries().map((m) => [m.name, m.contextPath]));
    expect(contextPaths()).toEqual({ orders: '/shop', catalog: undefined });
    editFile(root, 'server/pom.xml', dep('orders'), dep('catalog'));
    const result = await rescanLikeFresh(scanner, changed('server/pom.xml'));
    expect(contextPaths()).toEqual({ orders: undefined, catalog: '/shop' });
    expect(result.rootsRecomputed).toBe(0); // the paths are the modules', not the endpoints'
  });
});

describe('a build-file edit that changes what every root may read re-scans them all, without reading sources again', () => {
  it('a generator configuration: the generated model classes\' names', async () => {
    const root = copy('spring-mvc/spec-models-only');
    const scanner = await scanned(root);
    const body = () => scanner.endpoints.find((e) => e.method === 'POST' && e.path === '/products')?.request?.body?.schema;
    expect(body()?.['x-unresolved']).toBeUndefined();
    editFile(root, 'pom.xml', '<modelNameSuffix>Dto</modelNameSuffix>', '<modelNameSuffix>Model</modelNameSuffix>');
    const result = await rescanLikeFresh(scanner, changed('pom.xml'));
    expect(body()?.['x-unresolved']).toBe(true);
    expect(result.parsed).toBe(0);
  });

  it('the Maven profile active by default: the application-<profile>.yml a mapping\'s placeholder comes from', async () => {
    const root = join(tmp, `case-${++cases}`);
    const profile = (id: string, active: boolean) => `    <profile><id>${id}</id>${active ? '<activation><activeByDefault>true</activeByDefault></activation>' : ''}<properties><env>${id}</env></properties></profile>\n`;
    write(root, 'pom.xml', `<project>\n  <artifactId>profiled</artifactId>\n  <profiles>\n${profile('dev', true)}${profile('prod', false)}  </profiles>\n</project>\n`);
    write(root, 'src/main/resources/application.yml', 'spring:\n  profiles:\n    active: "@env@"\n');
    write(root, 'src/main/resources/application-dev.yml', 'api:\n  base: dev-api\n');
    write(root, 'src/main/resources/application-prod.yml', 'api:\n  base: prod-api\n');
    write(root, 'src/main/java/com/acme/ItemController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\n@RequestMapping("/${api.base}")\npublic class ItemController {\n    @GetMapping("/items")\n    public String list() { return ""; }\n}\n');
    const scanner = await scanned(root);
    expect(ids(scanner)).toEqual(['profiled GET /dev-api/items']);
    editFile(root, 'pom.xml', `${profile('dev', true)}${profile('prod', false)}`, `${profile('dev', false)}${profile('prod', true)}`);
    await rescanLikeFresh(scanner, changed('pom.xml'));
    expect(ids(scanner)).toEqual(['profiled GET /prod-api/items']);
  });

  it("a script the Gradle build applies (`apply from: 'dependencies.gradle'`): which application serves a library", async () => {
    const root = join(tmp, `case-${++cases}`);
    write(root, 'settings.gradle', "include 'provider', 'loan'\n");
    write(root, 'provider/build.gradle', "apply from: 'dependencies.gradle'\n");
    write(root, 'provider/dependencies.gradle', "dependencies {\n  implementation(project(path: ':loan'))\n}\n");
    write(root, 'provider/src/main/resources/application.properties', 'server.servlet.context-path=/bank\n');
    write(root, 'loan/build.gradle', '');
    write(root, 'loan/src/main/java/com/acme/LoanController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class LoanController {\n    @GetMapping("/loans")\n    public String list() { return ""; }\n}\n');
    const scanner = await scanned(root);
    expect(scanner.result().modules.find((m) => m.name === 'loan')?.contextPath).toBe('/bank');
    editFile(root, 'provider/dependencies.gradle', "implementation(project(path: ':loan'))", '');
    await rescanLikeFresh(scanner, changed('provider/dependencies.gradle'));
    expect(scanner.result().modules.find((m) => m.name === 'loan')?.contextPath).toBeUndefined();
  });

  it("Spring Boot 4 (Jackson 3 sorts every model's properties): a pom's version, the Gradle version catalog", async () => {
    const root = join(tmp, `case-${++cases}`);
    const parent = (v: string) => `<project>\n  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>${v}</version></parent>\n  <artifactId>shop</artifactId>\n</project>\n`;
    write(root, 'pom.xml', parent('3.5.7'));
    write(root, 'src/main/java/com/acme/ItemController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    public static class Item { public String name; public String code; }\n    @GetMapping("/item") public Item item() { return null; }\n}\n');
    const scanner = await scanned(root);
    const order = () => Object.keys(scanner.endpoints[0]!.response!.schema!.properties!);
    expect(order()).toEqual(['name', 'code']);
    editFile(root, 'pom.xml', '3.5.7', '4.0.1');
    await rescanLikeFresh(scanner, changed('pom.xml'));
    expect(order()).toEqual(['code', 'name']);

    const gradle = join(tmp, `case-${++cases}`);
    write(gradle, 'build.gradle', 'plugins { alias(libs.plugins.spring.boot) }\n');
    write(gradle, 'gradle/libs.versions.toml', "[plugins]\nspring-boot = 'org.springframework.boot:3.5.0'\n");
    write(gradle, 'src/main/java/com/acme/ItemController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    public static class Item { public String name; public String code; }\n    @GetMapping("/item") public Item item() { return null; }\n}\n');
    const catalog = await scanned(gradle);
    expect(Object.keys(catalog.endpoints[0]!.response!.schema!.properties!)).toEqual(['name', 'code']);
    editFile(gradle, 'gradle/libs.versions.toml', '3.5.0', '4.1.0');
    await rescanLikeFresh(catalog, changed('gradle/libs.versions.toml'));
    expect(Object.keys(catalog.endpoints[0]!.response!.schema!.properties!)).toEqual(['code', 'name']);
  });

  it('a build naming no Spring Boot (a company parent pom): a file starting or ceasing to import tools.jackson re-sorts every model', async () => {
    const root = join(tmp, `case-${++cases}`);
    write(root, 'pom.xml', '<project>\n  <parent><groupId>com.acme</groupId><artifactId>company-parent</artifactId><version>7</version></parent>\n  <artifactId>shop</artifactId>\n</project>\n');
    write(root, 'src/main/java/com/acme/ItemController.java', 'package com.acme;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n    public static class Item { public String name; public String code; }\n    @GetMapping("/item") public Item item() { return null; }\n}\n');
    write(root, 'src/main/java/com/acme/MapperConfig.java', 'package com.acme;\nimport com.fasterxml.jackson.databind.json.JsonMapper;\npublic class MapperConfig { }\n');
    const scanner = await scanned(root);
    const order = () => Object.keys(scanner.endpoints[0]!.response!.schema!.properties!);
    expect(order()).toEqual(['name', 'code']);
    editFile(root, 'src/main/java/com/acme/MapperConfig.java', 'com.fasterxml.jackson', 'tools.jackson');
    await rescanLikeFresh(scanner, changed('src/main/java/com/acme/MapperConfig.java'));
    expect(order()).toEqual(['code', 'name']);
    editFile(root, 'src/main/java/com/acme/MapperConfig.java', 'tools.jackson', 'com.fasterxml.jackson');
    await rescanLikeFresh(scanner, changed('src/main/java/com/acme/MapperConfig.java'));
    expect(order()).toEqual(['name', 'code']);
  });
});

describe('a folder the Gradle settings include, created or removed after the scan, is a module as in a fresh scan', () => {
  const controller = (pkg: string, name: string, path: string) =>
    `package ${pkg};\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ${name} {\n    @GetMapping("${path}")\n    public String get() { return ""; }\n}\n`;
  const project = () => {
    const root = join(tmp, `case-${++cases}`);
    write(root, 'settings.gradle', "rootProject.name = 'shop'\ninclude 'orders', 'payments'\n");
    write(root, 'build.gradle', "subprojects { apply plugin: 'java' }\n");
    write(root, 'orders/src/main/java/com/acme/orders/OrderController.java', controller('com.acme.orders', 'OrderController', '/orders'));
    return root;
  };
  const paymentsFile = 'payments/src/main/java/com/acme/payments/PaymentController.java';

  it('its first file created (reported file by file), with no build file of its own', async () => {
    const root = project();
    const scanner = await scanned(root);
    write(root, paymentsFile, controller('com.acme.payments', 'PaymentController', '/payments'));
    await rescanLikeFresh(scanner, [{ path: paymentsFile, kind: 'created' }]);
    expect(ids(scanner)).toContain('payments GET /payments');
  });

  it('the folder copied in and reported whole, then deleted whole', async () => {
    const root = project();
    const scanner = await scanned(root);
    write(root, paymentsFile, controller('com.acme.payments', 'PaymentController', '/payments'));
    await rescanLikeFresh(scanner, [{ path: 'payments', kind: 'created' }]);
    expect(ids(scanner)).toContain('payments GET /payments');
    rmSync(join(root, 'payments'), { recursive: true });
    await rescanLikeFresh(scanner, [{ path: 'payments', kind: 'deleted' }]);
    expect(ids(scanner)).toEqual(['orders GET /orders']);
  });

  it('a source folder appearing in one of two projects of the same name: the name goes to the one with sources', async () => {
    const root = join(tmp, `case-${++cases}`);
    // Halo's layout: `application` and `platform/application` (uniqueNames ranks the one with a `src` first).
    write(root, 'settings.gradle', "rootProject.name = 'halo'\ninclude 'application', 'platform:application'\n");
    write(root, 'application/build.gradle', "apply plugin: 'java'\n");
    write(root, 'platform/application/build.gradle', "apply plugin: 'java-platform'\n");
    write(root, 'src/main/java/com/acme/RootController.java', controller('com.acme', 'RootController', '/root'));
    const scanner = await scanned(root);
    const file = 'platform/application/src/main/java/com/acme/platform/PlatformController.java';
    write(root, file, controller('com.acme.platform', 'PlatformController', '/platform'));
    await rescanLikeFresh(scanner, [{ path: file, kind: 'created' }]);
    expect(ids(scanner)).toContain('application GET /platform');
  });
});

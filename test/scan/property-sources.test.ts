// Spring's @PropertySource files carry a module's context path and port (Nacos keeps both there):
// the scan's module summaries, a re-scan after either side changes, and Send's and export's host
// read them, below application.properties, with `${key:default}` filled as Spring fills it.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRequest, loadCallContext } from '../../core/call/endpoint-call';
import { exportSetup } from '../../core/export/setup';
import type { ModuleSummary } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { writeFiles } from '../write-files';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-property-sources-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/property-sources', tmp, `case-${copies++}`);
const edit = editFile;

const SERVER_PROPS = 'server/src/main/resources/registry-server.properties';
const SERVER_APP = 'server/src/main/java/com/acme/registry/RegistryServer.java';

function module(s: ProjectScanner, name: string): ModuleSummary {
  const found = s.result().modules.find((m) => m.name === name);
  expect(found).toBeDefined();
  return found!;
}

describe('@PropertySource', () => {
  it("sets the module's context path and port, below application.properties, later files over earlier", async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    // registry-server.properties: `${registry.contextPath:/registry}`, which application.properties sets.
    expect(module(scanner, 'registry-server')).toMatchObject({
      contextPath: '/naming',
      listen: { port: '8848' },
      propertySources: ['server/src/main/resources/registry-defaults.properties', SERVER_PROPS],
    });
    // The console's file lives in the conf module's resources, on its classpath; the second is nowhere.
    expect(module(scanner, 'registry-console')).toMatchObject({ contextPath: '/console', listen: { port: '8080' }, propertySources: ['conf/src/main/resources/console.properties'] });
    const missing = scanner.result().diagnostics.filter((d) => d.message.includes('@PropertySource'));
    expect(missing.map((d) => d.message)).toEqual([expect.stringContaining('console-extra.properties')]);
  });

  it('follows a change to the property file, and to the class naming it', async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    edit(root, SERVER_PROPS, 'server.port=${registry.port:8848}', 'server.port=9848');
    scanner.rescan([{ path: SERVER_PROPS, kind: 'changed' }]);
    expect(module(scanner, 'registry-server').listen).toEqual({ port: '9848' });

    // Without the later file the defaults' values show; without any, none.
    edit(root, SERVER_APP, ', "file:${user.home}/registry.properties"', '');
    edit(root, SERVER_APP, '"classpath:/registry-server.properties"', '"classpath:registry-absent.properties"');
    scanner.rescan([{ path: SERVER_APP, kind: 'changed' }]);
    expect(module(scanner, 'registry-server')).toMatchObject({ contextPath: '/defaults', listen: { port: '7000' } });
    edit(root, SERVER_APP, '@PropertySources({', '/*');
    edit(root, SERVER_APP, '})\npublic class', '*/\npublic class');
    scanner.rescan([{ path: SERVER_APP, kind: 'changed' }]);
    const server = module(scanner, 'registry-server');
    expect(server.contextPath).toBeUndefined();
    expect(server.propertySources).toBeUndefined();
  });

  it("is where Send and a module's export go", async () => {
    const root = copy();
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const server = module(scanner, 'registry-server');
    const endpoint = scanner.result().endpoints.find((e) => e.module === 'registry-server')!;
    const userDir = join(root, '.user');
    const draft = defaultRequest(loadCallContext({ projectDir: root, userDir, endpoint, module: server }));
    expect(draft).toMatchObject({ host: 'http://localhost:8848', path: '/naming/v1/instances' });
    const setup = exportSetup({ projectDir: root, userDir, environment: null, modules: scanner.result().modules, endpoints: [endpoint] });
    expect(setup.options.defaultHost).toBe('http://localhost:8848');
  });

  it("a location without classpath: is found in a war's web application too; a classpath: one is not", async () => {
    const root = join(tmp, `war-${copies++}`);
    const app = 'src/main/java/com/acme/shop/ShopApplication.java';
    writeFiles(root, {
      'pom.xml': '<project><artifactId>shop-war</artifactId><packaging>war</packaging></project>\n',
      [app]: [
        'package com.acme.shop;',
        'import org.springframework.boot.autoconfigure.SpringBootApplication;',
        'import org.springframework.boot.web.servlet.support.SpringBootServletInitializer;',
        'import org.springframework.context.annotation.PropertySource;',
        '@SpringBootApplication',
        '@PropertySource("WEB-INF/shop.properties")',
        '@PropertySource("classpath:WEB-INF/shop.properties")',
        'public class ShopApplication extends SpringBootServletInitializer {}',
        '',
      ].join('\n'),
      'src/main/java/com/acme/shop/ItemController.java':
        'package com.acme.shop;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return "[]"; }\n}\n',
    });
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const notes = () => scanner.result().diagnostics.filter((d) => d.message.includes('@PropertySource')).map((d) => d.message);
    expect(notes()).toEqual([
      `@PropertySource("WEB-INF/shop.properties"): no WEB-INF/shop.properties in the root module's src/main/resources or src/main/webapp, or another module's src/main/resources; its properties are not read`,
      `@PropertySource("classpath:WEB-INF/shop.properties"): no WEB-INF/shop.properties in the root module's src/main/resources or another module's; its properties are not read`,
    ]);

    writeFiles(root, { 'src/main/webapp/WEB-INF/shop.properties': 'server.port=9090\n' });
    scanner.rescan([{ path: 'src/main/webapp/WEB-INF/shop.properties', kind: 'created' }]);
    expect(module(scanner, 'shop-war')).toMatchObject({ listen: { port: '9090' }, propertySources: ['src/main/webapp/WEB-INF/shop.properties'] });
    expect(notes()).toEqual([expect.stringContaining('@PropertySource("classpath:WEB-INF/shop.properties")')]);
    const fresh = new ProjectScanner(root, { parseWorker: false });
    await fresh.scan();
    expect(fresh.result().modules).toEqual(scanner.result().modules);
    expect(fresh.result().diagnostics).toEqual(scanner.result().diagnostics);
  });
});

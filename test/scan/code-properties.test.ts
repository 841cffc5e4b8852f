// Context paths and ports an application sets in code (SpringApplicationBuilder.properties,
// setDefaultProperties, System.setProperty, a WebServerFactoryCustomizer) are the module's, layered
// as Spring layers them around application.properties; a re-scan after the code changes gives what
// a fresh scan gives, and Send goes there.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRequest, loadCallContext } from '../../core/call/endpoint-call';
import type { ModuleSummary } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-code-properties-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/code-properties', tmp, `case-${copies++}`);

const BUILDER_APP = 'builder/src/main/java/com/acme/builder/BuilderApplication.java';
const SYSTEM_APP = 'system/src/main/java/com/acme/system/SystemApplication.java';
const CUSTOMIZER_APP = 'customizer/src/main/kotlin/com/acme/customizer/CustomizerApplication.kt';

function module(s: ProjectScanner, name: string): ModuleSummary {
  const found = s.result().modules.find((m) => m.name === name);
  expect(found).toBeDefined();
  return found!;
}

async function fresh(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

describe('properties set in code', () => {
  it("give the module's context path and port, below or above application.properties as Spring layers them", async () => {
    const scanner = await fresh(copy());
    // No application.properties at all: the builder's properties are the module's only config.
    expect(module(scanner, 'shop-builder')).toMatchObject({ contextPath: '/shop', listen: { port: '8090' } });
    // Default properties: application.properties' port wins, the context path is theirs.
    expect(module(scanner, 'shop-defaults')).toMatchObject({ contextPath: '/defaults', listen: { port: '7100' } });
    // A system property (a constant) wins over the file's /from-file.
    expect(module(scanner, 'shop-system')).toMatchObject({ contextPath: '/system', listen: { port: '7200' } });
    // Kotlin: `factory.contextPath = "/custom"` and `factory.setPort(9095)` in a customizer.
    expect(module(scanner, 'shop-customizer')).toMatchObject({ contextPath: '/custom', listen: { port: '9095' } });
    // A lambda customizer's parameter is the factory; the connector customizer's lambda beside it is not.
    expect(module(scanner, 'shop-lambda')).toMatchObject({ contextPath: '/lambda', listen: { port: '8181' } });
    // Spring Boot 1's EmbeddedServletContainerCustomizer, a constant for the path.
    expect(module(scanner, 'shop-legacy')).toMatchObject({ contextPath: '/legacy', listen: { port: '8282' } });
    // A port from the environment: unknown (no listen setting), reported; the literal context path is read.
    expect(module(scanner, 'shop-runtime')).toMatchObject({ contextPath: '/runtime' });
    expect(module(scanner, 'shop-runtime').listen).toBeUndefined();
    expect(scanner.result().diagnostics.map((d) => `${d.file}:${d.line}`)).toEqual(['runtime/src/main/java/com/acme/runtime/RuntimeApplication.java:21']);
  });

  it("read a Kotlin customizer lambda written on one line (`{ it.port = 8081 }`), its closing brace not the value's", async () => {
    const root = join(tmp, 'one-line-lambda');
    const dir = join(root, 'src/main/kotlin/com/acme/oneline');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(root, 'build.gradle.kts'), 'dependencies { implementation("org.springframework.boot:spring-boot-starter-web") }\n');
    writeFileSync(
      join(dir, 'OneLineApplication.kt'),
      `package com.acme.oneline
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.web.server.WebServerFactoryCustomizer
import org.springframework.boot.web.servlet.server.ConfigurableServletWebServerFactory
import org.springframework.context.annotation.Bean
import org.springframework.web.bind.annotation.*

@SpringBootApplication
class OneLineApplication {
    @Bean
    fun port() = WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> { it.port = 8081 }
    @Bean
    fun path() = WebServerFactoryCustomizer<ConfigurableServletWebServerFactory> { f -> f.contextPath = "/one" }
}

@RestController
class PingController { @GetMapping("/ping") fun ping(): String = "pong" }
`,
    );
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]).toMatchObject({ contextPath: '/one', listen: { port: '8081' } });
    expect(scanner.result().diagnostics).toEqual([]);
  });

  it('follow a change to the code, as a fresh scan reads it', async () => {
    const root = copy();
    const scanner = await fresh(root);
    editFile(root, BUILDER_APP, 'context-path=/shop', 'context-path=/store');
    scanner.rescan([{ path: BUILDER_APP, kind: 'changed' }]);
    expect(module(scanner, 'shop-builder').contextPath).toBe('/store');

    // Without the system property the file's context path shows; without the customizer, none.
    editFile(root, SYSTEM_APP, 'System.setProperty("server.servlet.context-path", BASE);', '');
    scanner.rescan([{ path: SYSTEM_APP, kind: 'changed' }]);
    expect(module(scanner, 'shop-system').contextPath).toBe('/from-file');
    editFile(root, CUSTOMIZER_APP, 'factory.contextPath = "/custom"', '');
    scanner.rescan([{ path: CUSTOMIZER_APP, kind: 'changed' }]);
    expect(module(scanner, 'shop-customizer').contextPath).toBeUndefined();
    expect(scanner.result().modules).toEqual((await fresh(root)).result().modules);
  });

  it('are where Send goes', async () => {
    const root = copy();
    const scanner = await fresh(root);
    const builder = module(scanner, 'shop-builder');
    const endpoint = scanner.result().endpoints.find((e) => e.module === 'shop-builder')!;
    const draft = defaultRequest(loadCallContext({ projectDir: root, userDir: join(root, '.user'), endpoint, module: builder }));
    expect(draft).toMatchObject({ host: 'http://localhost:8090', path: '/shop/items' });
  });
});

describe('a constant set in code from another file', () => {
  it('is followed into the module config by a re-scan of that file, as a fresh scan reads it', async () => {
    const root = copy();
    const paths = 'system/src/main/java/com/acme/system/Paths.java';
    writeFileSync(join(root, paths), 'package com.acme.system;\npublic interface Paths { String ROOT = "/paths"; }\n');
    editFile(root, SYSTEM_APP, 'System.setProperty("server.servlet.context-path", BASE);', 'System.setProperty("server.servlet.context-path", Paths.ROOT);');
    const scanner = await fresh(root);
    expect(module(scanner, 'shop-system').contextPath).toBe('/paths');
    editFile(root, paths, '"/paths"', '"/moved"');
    scanner.rescan([{ path: paths, kind: 'changed' }]);
    expect(module(scanner, 'shop-system').contextPath).toBe('/moved');
    const again = (await fresh(root)).result();
    expect(scanner.result().modules).toEqual(again.modules);
    expect(scanner.result().endpoints).toEqual(again.endpoints);
  });
});

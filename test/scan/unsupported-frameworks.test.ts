// A module serving HTTP with a framework apiscout does not read is named in a diagnostic on the
// build file line declaring it, so an empty or short tree is explained; look-alikes are not.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { unsupportedFrameworks } from '../../core/scan/unsupported-frameworks';
import type { ModuleInfo } from '../../core/scan/modules';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-unsupported-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const maven = (name: string, dir = ''): ModuleInfo => ({ name, dir, build: 'maven' });
const gradle = (name: string, dir = ''): ModuleInfo => ({ name, dir, build: 'gradle' });
const reader = (files: Record<string, string>) => (path: string) => files[path];
const dep = (g: string, a: string) => `    <dependency>\n      <groupId>${g}</groupId>\n      <artifactId>${a}</artifactId>\n    </dependency>\n`;
const pom = (...deps: string[]) => `<project>\n  <artifactId>x</artifactId>\n  <dependencies>\n${deps.join('')}  </dependencies>\n</project>\n`;

describe('unsupported HTTP frameworks', () => {
  it('names a Micronaut module on the line of its dependency', () => {
    const text = pom(dep('io.micronaut', 'micronaut-inject'), dep('io.micronaut', 'micronaut-http-server-netty'));
    const notes = unsupportedFrameworks([maven('greeter', 'greeter')], reader({ 'greeter/pom.xml': text }));
    expect(notes).toEqual([
      {
        file: 'greeter/pom.xml',
        line: text.split('\n').findIndex((l) => l.includes('micronaut-http-server-netty')) + 1,
        message: 'module greeter serves HTTP with Micronaut (io.micronaut:micronaut-http-server-netty): apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so its @Controller classes are not listed',
      },
    ]);
  });

  it('ignores versions pinned in <dependencyManagement>, clients and look-alike artifacts', () => {
    const managed = `<project>\n  <dependencyManagement>\n    <dependencies>\n${dep('io.javalin', 'javalin')}    </dependencies>\n  </dependencyManagement>\n  <dependencies>\n${dep('io.vertx', 'vertx-web-client')}${dep('io.ktor', 'ktor-client-core')}${dep('com.linecorp.armeria', 'armeria')}${dep('org.springframework.boot', 'spring-boot-starter-web')}  </dependencies>\n</project>\n`;
    expect(unsupportedFrameworks([maven('app')], reader({ 'pom.xml': managed }))).toEqual([]);
  });

  it("names Armeria by its Spring Boot server integration (zipkin-server's)", () => {
    const text = pom(dep('com.linecorp.armeria', 'armeria-spring-boot3-autoconfigure'));
    expect(unsupportedFrameworks([maven('zipkin-server')], reader({ 'pom.xml': text })).map((d) => d.message)).toEqual([
      'module zipkin-server serves HTTP with Armeria (com.linecorp.armeria:armeria-spring-boot3-autoconfigure): apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so its annotated HTTP services are not listed',
    ]);
  });

  it('leaves Helidon MP alone: its resources are JAX-RS, which apiscout reads', () => {
    const mp = pom(dep('io.helidon.webserver', 'helidon-webserver'), dep('io.helidon.microprofile.bundles', 'helidon-microprofile'));
    expect(unsupportedFrameworks([maven('mp')], reader({ 'pom.xml': mp }))).toEqual([]);
    const se = pom(dep('io.helidon.webserver', 'helidon-webserver'));
    expect(unsupportedFrameworks([maven('se')], reader({ 'pom.xml': se })).map((d) => d.message)).toEqual([
      'module se serves HTTP with Helidon SE (io.helidon.webserver:helidon-webserver): apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so its HttpRules routes are not listed',
    ]);
  });

  it('reads Gradle string and map notation, version-catalog accessors and plugin ids', () => {
    const files = {
      'gradle/libs.versions.toml': '[versions]\nktor = "2.3.4"\n\n[libraries]\nktor-server-netty = { module = "io.ktor:ktor-server-netty", version.ref = "ktor" }\nlogback = "ch.qos.logback:logback-classic:1.4.11"\n',
      'api/build.gradle.kts': 'plugins {\n    kotlin("jvm")\n}\ndependencies {\n    implementation(libs.logback)\n    implementation(libs.ktor.server.netty)\n}\n',
      'web/build.gradle': "dependencies {\n    implementation group: 'io.javalin', name: 'javalin', version: '5.6.3'\n}\n",
      'svc/build.gradle': "dependencies {\n    implementation 'com.sparkjava:spark-core:2.9.4'\n}\n",
      'mn/build.gradle.kts': 'plugins {\n    id("io.micronaut.application") version "4.1.0"\n}\n',
    };
    const notes = unsupportedFrameworks([gradle('api', 'api'), gradle('web', 'web'), gradle('svc', 'svc'), gradle('mn', 'mn')], reader(files));
    expect(notes.map((d) => [d.file, d.line, d.message.split(':')[0]])).toEqual([
      ['api/build.gradle.kts', 6, 'module api serves HTTP with Ktor (io.ktor'],
      ['web/build.gradle', 2, 'module web serves HTTP with Javalin (io.javalin'],
      ['svc/build.gradle', 2, 'module svc serves HTTP with Spark (com.sparkjava'],
      ['mn/build.gradle.kts', 2, 'module mn serves HTTP with Micronaut (the io.micronaut.application plugin)'],
    ]);
  });

  it('ignores declarations commented out, and counts lines across the comments', () => {
    const maven = pom(`    <!--\n${dep('io.javalin', 'javalin')}    -->\n`, `    <!-- ${dep('io.vertx', 'vertx-web').trim()} -->\n`, dep('io.micronaut', 'micronaut-http-server'));
    const files = {
      'pom.xml': maven,
      'web/build.gradle': "dependencies {\n    // implementation 'io.javalin:javalin:5.6.3'\n    /*\n    implementation 'com.sparkjava:spark-core:2.9.4'\n    */\n    implementation 'io.ktor:ktor-server-netty:2.3.4' // 'io.vertx:vertx-web:4.5.1'\n    resources { include '**/*.json' }\n    implementation 'io.jooby:jooby:3.0.0'\n}\n",
    };
    const notes = unsupportedFrameworks([{ name: 'app', dir: '', build: 'maven' }, gradle('web', 'web')], reader(files));
    expect(notes.map((d) => [d.file, d.line, d.message.split(':')[0]])).toEqual([
      ['pom.xml', maven.split('\n').findIndex((l) => l.includes('micronaut-http-server')) + 1, 'module app serves HTTP with Micronaut (io.micronaut'],
      ['web/build.gradle', 6, 'module web serves HTTP with Ktor (io.ktor'],
      ['web/build.gradle', 8, 'module web serves HTTP with Jooby (io.jooby'],
    ]);
  });

  it('says one note per framework in a monorepo of samples, naming the first modules and counting the rest', () => {
    const files: Record<string, string> = {};
    const modules: ModuleInfo[] = [];
    for (const name of ['hello', 'data-jdbc', 'security', 'kafka', 'views']) {
      files[`${name}/pom.xml`] = pom(dep('io.micronaut', 'micronaut-http-server-netty'));
      modules.push(maven(name, name));
    }
    files['ktor-a/build.gradle.kts'] = 'dependencies {\n    implementation("io.ktor:ktor-server-netty:2.3.4")\n}\n';
    files['ktor-b/build.gradle.kts'] = 'plugins {\n    id("io.ktor.plugin") version "2.3.4"\n}\n';
    modules.push(gradle('ktor-a', 'ktor-a'), gradle('ktor-b', 'ktor-b'));
    const notes = unsupportedFrameworks(modules, reader(files));
    expect(notes).toEqual([
      {
        file: 'hello/pom.xml',
        line: files['hello/pom.xml']!.split('\n').findIndex((l) => l.includes('micronaut-http-server-netty')) + 1,
        message: '5 modules serve HTTP with Micronaut (io.micronaut:micronaut-http-server-netty): hello, data-jdbc, security and 2 more; apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so their @Controller classes are not listed',
      },
      {
        file: 'ktor-a/build.gradle.kts',
        line: 2,
        message: '2 modules serve HTTP with Ktor (io.ktor:ktor-server-netty, ...): ktor-a and ktor-b; apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so their routing { } blocks are not listed',
      },
    ]);
  });

  it("names plain Armeria and Akka HTTP (client and server in one artifact) where the module's code imports their server API, and re-scans that code", async () => {
    const root = join(tmp, 'client-and-server');
    const module = (name: string, ...deps: string[]) => pom(...deps).replace('<artifactId>x</artifactId>', `<artifactId>${name}</artifactId>`);
    const java = (pkg: string, cls: string, imports: string) => `package ${pkg};\n${imports}\npublic class ${cls} {\n}\n`;
    const files: Record<string, string> = {
      'pom.xml': '<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>gateway</module><module>storage</module><module>edge</module><module>caller</module></modules></project>',
      'gateway/pom.xml': module('gateway', dep('com.linecorp.armeria', 'armeria')),
      'gateway/src/main/java/com/acme/gateway/Main.java': java('com.acme.gateway', 'Main', 'import com.linecorp.armeria.server.Server;\nimport com.linecorp.armeria.server.annotation.Get;'),
      // zipkin's Elasticsearch storage: Armeria's client only.
      'storage/pom.xml': module('storage', dep('com.linecorp.armeria', 'armeria')),
      'storage/src/main/java/com/acme/storage/Store.java': java('com.acme.storage', 'Store', 'import com.linecorp.armeria.client.WebClient;'),
      'edge/pom.xml': module('edge', dep('com.typesafe.akka', 'akka-http_2.13')),
      'edge/src/main/java/com/acme/edge/Routes.java': java('com.acme.edge', 'Routes', 'import akka.http.javadsl.server.AllDirectives;\nimport akka.http.javadsl.server.Route;'),
      'caller/pom.xml': module('caller', dep('com.typesafe.akka', 'akka-http_2.13')),
      'caller/src/main/java/com/acme/caller/Client.java': java('com.acme.caller', 'Client', 'import akka.http.javadsl.Http;\nimport akka.http.javadsl.model.HttpRequest;'),
      // A test starting a server is no server of the module's.
      'caller/src/test/java/com/acme/caller/ClientTest.java': java('com.acme.caller', 'ClientTest', 'import akka.http.javadsl.server.Route;'),
    };
    writeFiles(root, files);
    const scanner = await scanned(root);
    const named = () => scanner.result().diagnostics.filter((d) => d.message.includes('serve')).map((d) => [d.file, d.message.split(':')[0]]);
    expect(named()).toEqual([
      ['edge/pom.xml', 'module edge serves HTTP with Akka HTTP (com.typesafe.akka'],
      ['gateway/pom.xml', 'module gateway serves HTTP with Armeria (com.linecorp.armeria'],
    ]);
    // The storage module starts a server: named with the gateway; the edge's routes go: not named.
    writeFileSync(join(root, 'storage/src/main/java/com/acme/storage/Store.java'), java('com.acme.storage', 'Store', 'import com.linecorp.armeria.server.Server;'));
    writeFileSync(join(root, 'edge/src/main/java/com/acme/edge/Routes.java'), java('com.acme.edge', 'Routes', 'import akka.http.javadsl.Http;'));
    await rescanEqualsFreshScan(scanner, root, [
      { path: 'storage/src/main/java/com/acme/storage/Store.java', kind: 'changed' },
      { path: 'edge/src/main/java/com/acme/edge/Routes.java', kind: 'changed' },
    ]);
    expect(named()).toEqual([['gateway/pom.xml', '2 modules serve HTTP with Armeria (com.linecorp.armeria']]);
  });

  it("is among a scan's diagnostics, beside the endpoints the project's Spring modules declare", async () => {
    const root = join(tmp, 'mixed');
    const files: Record<string, string> = {
      'pom.xml': '<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>web</module><module>edge</module></modules></project>',
      'web/pom.xml': pom(dep('org.springframework.boot', 'spring-boot-starter-web')),
      'edge/pom.xml': pom(dep('io.vertx', 'vertx-web')).replace('<artifactId>x</artifactId>', '<artifactId>edge</artifactId>'),
      'web/src/main/java/com/acme/web/PingController.java': 'package com.acme.web;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class PingController {\n    @GetMapping("/ping")\n    public String ping() { return "pong"; }\n}\n',
      'edge/src/main/java/com/acme/edge/Edge.java': 'package com.acme.edge;\nimport io.vertx.ext.web.Router;\npublic class Edge {\n    void routes(Router router) { router.get("/edge").handler(ctx -> ctx.end("ok")); }\n}\n',
    };
    writeFiles(root, files);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    const result = await scanner.scan();
    expect(result.endpoints.map((e) => e.path)).toEqual(['/ping']);
    expect(result.diagnostics.filter((d) => d.file === 'edge/pom.xml').map((d) => d.message)).toEqual([
      'module edge serves HTTP with Vert.x Web (io.vertx:vertx-web): apiscout reads Spring MVC, JAX-RS, gRPC and actuator endpoints, so its Router routes are not listed',
    ]);
  });

  it('re-scans a build file that adds or drops such a framework as a fresh scan does', async () => {
    const root = join(tmp, 'rescan');
    const edge = (...deps: string[]) => pom(...deps).replace('<artifactId>x</artifactId>', '<artifactId>edge</artifactId>');
    const files: Record<string, string> = {
      'pom.xml': '<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>web</module><module>edge</module></modules></project>',
      'web/pom.xml': pom(dep('org.springframework.boot', 'spring-boot-starter-web')),
      'edge/pom.xml': edge(dep('io.vertx', 'vertx-web')),
      'web/src/main/java/com/acme/web/PingController.java': 'package com.acme.web;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class PingController {\n    @GetMapping("/ping")\n    public String ping() { return "pong"; }\n}\n',
    };
    writeFiles(root, files);
    const scanner = await scanned(root);
    const named = () => scanner.result().diagnostics.filter((d) => d.message.includes('serves HTTP with')).map((d) => d.file);
    expect(named()).toEqual(['edge/pom.xml']);
    writeFileSync(join(root, 'edge/pom.xml'), edge(dep('io.vertx', 'vertx-core')));
    await rescanEqualsFreshScan(scanner, root, [{ path: 'edge/pom.xml', kind: 'changed' }]);
    expect(named()).toEqual([]);
    writeFileSync(join(root, 'web/pom.xml'), pom(dep('org.springframework.boot', 'spring-boot-starter-web'), dep('io.javalin', 'javalin')));
    await rescanEqualsFreshScan(scanner, root, [{ path: 'web/pom.xml', kind: 'changed' }]);
    expect(named()).toEqual(['web/pom.xml']);
  });
});

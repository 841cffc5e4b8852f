// A library module served by two applications that mount it differently is listed once per
// application whose component scan reaches it, under that application's module, so Send and
// exports use that application's context path and port; when the applications come to agree, the
// library keeps its endpoints and takes their paths. A re-scan after an application's config changes gives what a fresh scan gives.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRequest, loadCallContext } from '../../core/call/endpoint-call';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { editFile } from './fixture-case';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-endpoints-by-application-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pom = (artifact: string, deps: string[] = []) =>
  `<project><artifactId>${artifact}</artifactId><dependencies>${deps.map((d) => `<dependency><artifactId>${d}</artifactId></dependency>`).join('')}</dependencies></project>`;

const CLOUD_YML = 'cloud/src/main/resources/application.yml';
const TOOLS_YML = 'tools/src/main/resources/application.yml';
let cases = 0;

function project(): string {
  const root = join(tmp, `case-${cases++}`);
  const files: Record<string, string> = {
    'pom.xml': '<project><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>server</module><module>cloud</module><module>tools</module><module>system</module></modules></project>',
    'server/pom.xml': pom('server', ['system']),
    'server/src/main/java/com/acme/ServerApplication.java': 'package com.acme;\n@org.springframework.boot.autoconfigure.SpringBootApplication public class ServerApplication {}',
    'cloud/src/main/java/com/acme/cloud/CloudApplication.java': 'package com.acme.cloud;\n@org.springframework.boot.autoconfigure.SpringBootApplication(scanBasePackages = "com.acme") public class CloudApplication {}',
    // Builds against the library but scans only its own package: it does not serve the controller.
    'tools/pom.xml': pom('tools', ['system']),
    [TOOLS_YML]: 'server:\n  port: 9000\n',
    'tools/src/main/java/com/acme/tools/ToolsApplication.java': 'package com.acme.tools;\n@org.springframework.boot.autoconfigure.SpringBootApplication public class ToolsApplication {}',
    'server/src/main/resources/application.yml': 'server:\n  port: 8080\n  servlet:\n    context-path: /boot\n',
    'cloud/pom.xml': pom('cloud', ['system']),
    [CLOUD_YML]: 'server:\n  port: 7001\n',
    'system/pom.xml': pom('system'),
    'system/src/main/java/com/acme/UserController.java': `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController public class UserController { @GetMapping("/users") public String list() { return ""; } }`,
  };
  writeFiles(root, files);
  return root;
}

async function fresh(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

describe('a library served by applications mounting it differently', () => {
  it("lists its endpoints under each application, with that application's context path and port", async () => {
    const root = project();
    const scanner = await fresh(root);
    const { endpoints, modules } = scanner.result();
    expect(endpoints.map((e) => [e.module, e.path, e.source.file])).toEqual([
      ['cloud', '/users', 'system/src/main/java/com/acme/UserController.java'],
      ['server', '/users', 'system/src/main/java/com/acme/UserController.java'],
    ]);
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(2);
    expect(modules.map((m) => [m.name, m.contextPath, m.listen?.port])).toEqual([
      ['cloud', undefined, '7001'],
      ['server', '/boot', '8080'],
    ]);
    const server = modules.find((m) => m.name === 'server')!;
    const endpoint = endpoints.find((e) => e.module === 'server')!;
    const draft = defaultRequest(loadCallContext({ projectDir: root, userDir: join(root, '.user'), endpoint, module: server }));
    expect(draft).toMatchObject({ host: 'http://localhost:8080', path: '/boot/users' });

    // The cloud application stops scanning the library's package: only the server serves it.
    const cloudApp = 'cloud/src/main/java/com/acme/cloud/CloudApplication.java';
    editFile(root, cloudApp, 'scanBasePackages = "com.acme"', 'scanBasePackages = "com.acme.cloud"');
    scanner.rescan([{ path: cloudApp, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['server', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);
  });

  it('keeps them in the library once the applications agree, and splits them again when they part, as a fresh scan does', async () => {
    const root = project();
    const scanner = await fresh(root);
    editFile(root, CLOUD_YML, 'port: 7001\n', 'port: 7001\n  servlet:\n    context-path: /boot\n');
    editFile(root, TOOLS_YML, 'port: 9000\n', 'port: 9000\n  servlet:\n    context-path: /boot\n');
    scanner.rescan([{ path: CLOUD_YML, kind: 'changed' }, { path: TOOLS_YML, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['system', '/users']]);
    expect(scanner.result().modules.find((m) => m.name === 'system')?.contextPath).toBe('/boot');
    const again = (await fresh(root)).result();
    expect(scanner.result().endpoints).toEqual(again.endpoints);
    expect(scanner.result().modules).toEqual(again.modules);

    // Apart again: listed per application once more.
    editFile(root, CLOUD_YML, '    context-path: /boot\n', '    context-path: /cloud\n');
    scanner.rescan([{ path: CLOUD_YML, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users']]);
    const apart = (await fresh(root)).result();
    expect(scanner.result().endpoints).toEqual(apart.endpoints);
    expect(scanner.result().modules).toEqual(apart.modules);
  });

  // Nacos: naming carries NamingApp for running it alone in development, but is a plain jar that
  // nacos-server (at /nacos) and the console build in; only Boot packaging of its own keeps it apart.
  it('lists a library with its own @SpringBootApplication under the applications building it in, unless its build packages it as an application', async () => {
    const root = project();
    const ownApp = 'system/src/main/java/com/acme/SystemApplication.java';
    writeFiles(root, { [ownApp]: 'package com.acme;\n@org.springframework.boot.autoconfigure.SpringBootApplication public class SystemApplication {}' });
    const scanner = await fresh(root);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users']]);

    // A Boot plugin only in a profile does not package it by default.
    const profile = '<profiles><profile><id>boot</id><build><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build></profile></profiles>';
    editFile(root, 'system/pom.xml', '</project>', `${profile}</project>`);
    scanner.rescan([{ path: 'system/pom.xml', kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users']]);

    // Packaged as an application of its own: it runs alone and keeps its endpoints.
    editFile(root, 'system/pom.xml', profile, '<build><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>');
    scanner.rescan([{ path: 'system/pom.xml', kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['system', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);
  });

  // Nacos' console module keeps its old `Nacos` class (@Deprecated, scanning all of com.alibaba.nacos)
  // beside NacosConsole, which scans only the console's package and is the one run.
  it('does not take a @Deprecated application class beside one that is not for what the module serves', async () => {
    const root = project();
    const cloudApp = 'cloud/src/main/java/com/acme/cloud/CloudApplication.java';
    const oldApp = 'cloud/src/main/java/com/acme/cloud/OldApplication.java';
    editFile(root, cloudApp, 'scanBasePackages = "com.acme"', 'scanBasePackages = "com.acme.cloud"');
    writeFiles(root, { [oldApp]: 'package com.acme.cloud;\n@org.springframework.boot.autoconfigure.SpringBootApplication(scanBasePackages = "com.acme") @Deprecated public class OldApplication {}' });
    const scanner = await fresh(root);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['server', '/users']]);

    // The old class alone is what the module runs.
    editFile(root, cloudApp, '@org.springframework.boot.autoconfigure.SpringBootApplication(scanBasePackages = "com.acme.cloud") ', '');
    scanner.rescan([{ path: cloudApp, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);
  });

  // Nacos' auth plugin: an auto-configuration imports its controllers into nacos-server and the
  // console, though neither's component scan reaches its package.
  it("lists a library that declares an auto-configuration under every application building it in, whatever their component scan; a re-scan follows the file", async () => {
    const root = project();
    const imports = 'system/src/main/resources/META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports';
    // A launcher building in two of the applications (nacos-bootstrap) is not listed: they are.
    writeFiles(root, {
      [imports]: '# the library configures itself\ncom.acme.SystemAutoConfiguration\n',
      'pom.xml': '<project><artifactId>parent</artifactId><packaging>pom</packaging><modules><module>server</module><module>cloud</module><module>tools</module><module>system</module><module>launcher</module></modules></project>',
      'launcher/pom.xml': pom('launcher', ['server', 'cloud']),
      'launcher/src/main/resources/application.yml': 'spring:\n  application:\n    name: launcher\n',
      'launcher/src/main/java/com/acme/launcher/Launcher.java': 'package com.acme.launcher;\n@org.springframework.boot.autoconfigure.SpringBootApplication public class Launcher {}',
    });
    const scanner = await fresh(root);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users'], ['tools', '/users']]);

    // One that listens on a port of its own serves it itself (pig-boot, all of pig's services in one).
    const launcherYml = 'launcher/src/main/resources/application.yml';
    editFile(root, launcherYml, 'spring:', 'server:\n  port: 9999\nspring:');
    scanner.rescan([{ path: launcherYml, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['launcher', '/users'], ['server', '/users'], ['tools', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);
    editFile(root, launcherYml, 'server:\n  port: 9999\nspring:', 'spring:');
    scanner.rescan([{ path: launcherYml, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users'], ['tools', '/users']]);

    // Only a comment left: the tools application's scan decides again.
    writeFiles(root, { [imports]: '# nothing configured\n' });
    scanner.rescan([{ path: imports, kind: 'changed' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);

    // spring.factories says it the older way.
    const factories = 'system/src/main/resources/META-INF/spring.factories';
    writeFiles(root, { [factories]: 'org.springframework.boot.autoconfigure.EnableAutoConfiguration=\\\n  com.acme.SystemAutoConfiguration\n' });
    scanner.rescan([{ path: factories, kind: 'created' }]);
    expect(scanner.result().endpoints.map((e) => [e.module, e.path])).toEqual([['cloud', '/users'], ['server', '/users'], ['tools', '/users']]);
    expect(scanner.result().endpoints).toEqual((await fresh(root)).result().endpoints);
  });
});

// springdoc security declared in code (an @Bean OpenAPI building Components().addSecuritySchemes
// and the document's requirement) reaches the model and the OpenAPI export as the annotations do,
// and a re-scan after the bean changes gives what a fresh scan gives.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Endpoint } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from '../scan/fixture-case';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-openapi-bean-security-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/openapi-bean-security', tmp, `case-${copies++}`);
const CONFIG = 'src/main/kotlin/com/acme/books/OpenApiConfiguration.kt';

async function fresh(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

const byMember = (s: ProjectScanner, m: string): Endpoint => s.result().endpoints.find((e) => e.source.member === m)!;

describe('springdoc security built in code', () => {
  it("reads a scheme the class builds in a helper method of its own (`addSecuritySchemes(\"apikey\", securityScheme())`)", async () => {
    const root = mkdtempSync(join(tmp, 'helper-'));
    const files: Record<string, string> = {
      'src/main/java/com/acme/admin/SwaggerConfig.java': [
        'package com.acme.admin;',
        'import io.swagger.v3.oas.models.Components;',
        'import io.swagger.v3.oas.models.OpenAPI;',
        'import io.swagger.v3.oas.models.security.SecurityRequirement;',
        'import io.swagger.v3.oas.models.security.SecurityScheme;',
        'import org.springframework.context.annotation.Bean;',
        'import org.springframework.context.annotation.Configuration;',
        '@Configuration',
        'public class SwaggerConfig {',
        '    @Bean',
        '    public OpenAPI customOpenApi() {',
        '        return new OpenAPI().components(new Components().addSecuritySchemes("apikey", securityScheme()))',
        '            .addSecurityItem(new SecurityRequirement().addList("apikey"));',
        '    }',
        '    @Bean',
        '    public SecurityScheme securityScheme() {',
        '        return new SecurityScheme().type(SecurityScheme.Type.APIKEY).name("Authorization").in(SecurityScheme.In.HEADER);',
        '    }',
        '}',
      ].join('\n'),
      'src/main/java/com/acme/admin/NoticeController.java': 'package com.acme.admin;\nimport org.springframework.web.bind.annotation.*;\n@RestController\n@RequestMapping("/notices")\npublic class NoticeController {\n    @GetMapping\n    public String list() { return "[]"; }\n}\n',
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'apikey', type: 'apiKey', in: 'header', paramName: 'Authorization' }]);
    expect(byMember(scanner, 'list').security).toEqual(['apikey']);
  });

  it('reads one a Kotlin expression-bodied helper builds (`fun bearer() = SecurityScheme()...`)', async () => {
    const root = mkdtempSync(join(tmp, 'helper-kt-'));
    const files: Record<string, string> = {
      'src/main/kotlin/com/acme/admin/OpenApiConfig.kt': [
        'package com.acme.admin',
        'import io.swagger.v3.oas.models.Components',
        'import io.swagger.v3.oas.models.OpenAPI',
        'import io.swagger.v3.oas.models.security.SecurityScheme',
        'import org.springframework.context.annotation.Bean',
        'import org.springframework.context.annotation.Configuration',
        '@Configuration',
        'class OpenApiConfig {',
        '    @Bean',
        '    fun api(): OpenAPI = OpenAPI().components(Components().addSecuritySchemes("jwt", bearer()))',
        '    private fun bearer(): SecurityScheme = SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer").bearerFormat("JWT")',
        '}',
      ].join('\n'),
      'src/main/kotlin/com/acme/admin/NoticeController.kt': 'package com.acme.admin\nimport org.springframework.web.bind.annotation.*\n@RestController\nclass NoticeController {\n    @GetMapping("/notices")\n    fun list(): String = "[]"\n}\n',
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'jwt', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }]);
  });

  it('reads one a Kotlin expression-bodied helper builds over several lines', async () => {
    const root = mkdtempSync(join(tmp, 'helper-kt-lines-'));
    const files: Record<string, string> = {
      'src/main/kotlin/com/acme/admin/OpenApiConfig.kt': [
        'package com.acme.admin',
        'import io.swagger.v3.oas.models.Components',
        'import io.swagger.v3.oas.models.OpenAPI',
        'import io.swagger.v3.oas.models.security.SecurityScheme',
        'import org.springframework.context.annotation.Bean',
        'import org.springframework.context.annotation.Configuration',
        '@Configuration',
        'class OpenApiConfig {',
        '    @Bean',
        '    fun api(): OpenAPI = OpenAPI().components(Components().addSecuritySchemes("jwt", bearer()))',
        '',
        '    private fun bearer() = SecurityScheme()',
        '        .type(SecurityScheme.Type.HTTP)',
        '        .scheme("bearer")',
        '        .bearerFormat("JWT")',
        '}',
      ].join('\n'),
      'src/main/kotlin/com/acme/admin/NoticeController.kt': 'package com.acme.admin\nimport org.springframework.web.bind.annotation.*\n@RestController\nclass NoticeController {\n    @GetMapping("/notices")\n    fun list(): String = "[]"\n}\n',
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'jwt', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }]);
  });

  it("gives the module's schemes and every operation's default requirement", async () => {
    const scanner = await fresh(copy());
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([
      { name: 'apiKey', type: 'apiKey', in: 'header', paramName: 'X-API-Key' },
      { name: 'basicAuth', type: 'http', scheme: 'basic' },
      { name: 'partner', type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'books:read': 'Read books' } } } },
    ]);
    expect(byMember(scanner, 'get').security).toEqual(['basicAuth', 'apiKey']);
    expect(byMember(scanner, 'feed').security).toEqual(['partner']); // the method's own requirement wins
  });

  it('is in the OpenAPI export', async () => {
    const scanner = await fresh(copy());
    const { endpoints, modules } = scanner.result();
    const doc = parse(exportOpenApi(endpoints, { title: 'books', modules }).files[0]!.content);
    expect(doc.components.securitySchemes.basicAuth).toEqual({ type: 'http', scheme: 'basic' });
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc.paths['/books/{id}'].get.security).toEqual([{ basicAuth: [] }, { apiKey: [] }]);
  });

  it('follows a change to the bean, as a fresh scan reads it', async () => {
    const root = copy();
    const scanner = await fresh(root);
    editFile(root, CONFIG, '.scheme("basic")', '.scheme("bearer").bearerFormat("JWT")');
    editFile(root, CONFIG, '          SecurityRequirement().addList(SecuritySchemes.API_KEY),\n', '');
    scanner.rescan([{ path: CONFIG, kind: 'changed' }]);
    expect(scanner.result().modules[0]!.securitySchemes!.find((x) => x.name === 'basicAuth')).toEqual({ name: 'basicAuth', type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(byMember(scanner, 'get').security).toEqual(['basicAuth']);
    const again = (await fresh(root)).result();
    expect(scanner.result().modules).toEqual(again.modules);
    expect(scanner.result().endpoints).toEqual(again.endpoints);
  });

  it('follows a constant of another file naming a scheme, as a fresh scan reads it', async () => {
    const root = copy();
    const names = 'src/main/kotlin/com/acme/books/SecuritySchemes.kt';
    const object = 'object SecuritySchemes {\n  const val BASIC_AUTH = "basicAuth"\n  const val API_KEY = "apiKey"\n}\n';
    editFile(root, CONFIG, object, '');
    writeFileSync(join(root, names), `package com.acme.books\n\n${object}`);
    const scanner = await fresh(root);
    expect(byMember(scanner, 'get').security).toEqual(['basicAuth', 'apiKey']);
    editFile(root, names, '"apiKey"', '"key"');
    scanner.rescan([{ path: names, kind: 'changed' }]);
    const again = (await fresh(root)).result();
    expect(byMember(scanner, 'get').security).toEqual(['basicAuth', 'key']);
    expect(scanner.result().modules).toEqual(again.modules);
    expect(scanner.result().endpoints).toEqual(again.endpoints);
  });

  it("reaches the applications whose configuration classes inherit a shared module's base bean", async () => {
    const root = join(tmp, 'shared-base');
    const files: Record<string, string> = {
      'pom.xml': '<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>common</module><module>app</module></modules></project>',
      'common/pom.xml': '<project><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>common</artifactId></project>',
      'app/pom.xml': '<project><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>app</artifactId><dependencies><dependency><groupId>com.acme</groupId><artifactId>common</artifactId></dependency></dependencies></project>',
      'common/src/main/java/com/acme/common/BaseOpenApiConfig.java': `package com.acme.common;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;

public abstract class BaseOpenApiConfig {
    @Bean
    public OpenAPI api() {
        return new OpenAPI()
            .components(new Components().addSecuritySchemes("bearer", new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")))
            .addSecurityItem(new SecurityRequirement().addList("bearer"));
    }
}
`,
      'app/src/main/java/com/acme/app/AppOpenApiConfig.java': 'package com.acme.app;\n\nimport com.acme.common.BaseOpenApiConfig;\nimport org.springframework.context.annotation.Configuration;\n\n@Configuration\npublic class AppOpenApiConfig extends BaseOpenApiConfig {}\n',
      'app/src/main/java/com/acme/app/PingController.java': 'package com.acme.app;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class PingController {\n    @GetMapping("/ping")\n    public String ping() { return "pong"; }\n}\n',
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(scanner.result().modules.find((m) => m.name === 'app')?.securitySchemes).toEqual([{ name: 'bearer', type: 'http', scheme: 'bearer' }]);
    expect(byMember(scanner, 'ping').security).toEqual(['bearer']);
  });

  describe("reaches a library module's controllers through the application serving them", () => {
    const pom = (name: string, deps: string[]) =>
      `<project><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>${name}</artifactId><dependencies>${deps.map((d) => `<dependency><groupId>com.acme</groupId><artifactId>${d}</artifactId></dependency>`).join('')}</dependencies></project>`;
    const bean = (pkg: string, scheme: string) => `package ${pkg};

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class SwaggerConfig {
    @Bean
    public OpenAPI api() {
        return new OpenAPI()
            .components(new Components().addSecuritySchemes("${scheme}", new SecurityScheme().type(SecurityScheme.Type.APIKEY).name("Authorization").in(SecurityScheme.In.HEADER)))
            .addSecurityItem(new SecurityRequirement().addList("${scheme}"));
    }
}
`;
    const controller = (pkg: string, cls: string, path: string) =>
      `package ${pkg};\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class ${cls} {\n    @GetMapping("${path}")\n    public String get() { return "ok"; }\n}\n`;
    const parent = (...modules: string[]) =>
      `<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules>${modules.map((m) => `<module>${m}</module>`).join('')}</modules></project>`;

    it('gives the library the one application’s schemes and requirement (RuoYi: ruoyi-admin serves ruoyi-generator)', async () => {
      const root = join(tmp, 'library-served');
      writeFiles(root, {
        'pom.xml': parent('generator', 'admin'),
        'generator/pom.xml': pom('generator', []),
        'admin/pom.xml': pom('admin', ['generator']),
        'admin/src/main/java/com/acme/admin/SwaggerConfig.java': bean('com.acme.admin', 'apikey'),
        'admin/src/main/java/com/acme/admin/UserController.java': controller('com.acme.admin', 'UserController', '/users'),
        'generator/src/main/java/com/acme/generator/GenController.java': controller('com.acme.generator', 'GenController', '/gen'),
      });
      const scanner = await fresh(root);
      const gen = scanner.result().endpoints.find((e) => e.path === '/gen')!;
      expect(gen.module).toBe('generator');
      expect(gen.security).toEqual(['apikey']);
      expect(scanner.result().modules.find((m) => m.name === 'generator')?.securitySchemes).toEqual([{ name: 'apikey', type: 'apiKey', in: 'header', paramName: 'Authorization' }]);
      const doc = parse(exportOpenApi(scanner.result().endpoints.filter((e) => e.module === 'generator'), { title: 'generator', modules: scanner.result().modules }).files[0]!.content);
      expect(doc.paths['/gen'].get.security).toEqual([{ apikey: [] }]);
    });

    it('leaves it its own (none) when two applications serving it document different schemes', async () => {
      const root = join(tmp, 'library-disputed');
      writeFiles(root, {
        'pom.xml': parent('shared', 'one', 'two'),
        'shared/pom.xml': pom('shared', []),
        'one/pom.xml': pom('one', ['shared']),
        'two/pom.xml': pom('two', ['shared']),
        'one/src/main/java/com/acme/one/SwaggerConfig.java': bean('com.acme.one', 'oneKey'),
        'two/src/main/java/com/acme/two/SwaggerConfig.java': bean('com.acme.two', 'twoKey'),
        'shared/src/main/java/com/acme/shared/SharedController.java': controller('com.acme.shared', 'SharedController', '/shared'),
      });
      const scanner = await fresh(root);
      expect(scanner.result().endpoints.find((e) => e.path === '/shared')!.security).toBeUndefined();
      expect(scanner.result().modules.find((m) => m.name === 'shared')?.securitySchemes ?? []).toEqual([]);
    });
  });
});

// springfox security declared on a Docket: a shared module's abstract base class builds it, each
// application's @Configuration subclass activates it with its own builder values (base package,
// enableSecurity); another application builds its own. The schemes and the paths each security
// context selects reach the model and the OpenAPI export, and a re-scan follows a subclass's change.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Endpoint } from '../../core/model/endpoint';
import { exportOpenApi } from '../../core/export/openapi';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { antMatch } from '../../core/scan/ant-match';
import { javaRegex, selects } from '../../core/scan/frameworks/springfox-security';
import { copyFixture, editFile } from '../scan/fixture-case';
import { writeFiles } from '../write-files';
import { mavenRepoSetting } from '../scan/maven-jar';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-springfox-security-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let copies = 0;
const copy = () => copyFixture('spring-mvc/springfox-docket', tmp, `case-${copies++}`);
const SEARCH_CONFIG = 'shop-search/src/main/java/com/acme/shop/search/config/SwaggerConfig.java';
const BASE_CONFIG = 'shop-common/src/main/java/com/acme/shop/common/config/BaseSwaggerConfig.java';

async function fresh(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

const at = (s: ProjectScanner, method: string, path: string): Endpoint => s.result().endpoints.find((e) => e.method === method && e.path === path)!;
const schemesOf = (s: ProjectScanner, module: string) => s.result().modules.find((m) => m.name === module)?.securitySchemes;

describe('springfox security declared on a Docket', () => {
  it("gives each application the schemes of the docket it defines or inherits, and each operation its context's requirement", async () => {
    const scanner = await fresh(copy());
    const apiKey = { name: 'Authorization', type: 'apiKey', in: 'header', paramName: 'Authorization' };
    expect(schemesOf(scanner, 'shop-admin')).toEqual([apiKey, { name: 'basicAuth', type: 'http', scheme: 'basic' }]);
    // The helper's regex /(orders|debug)/.* selects these; /health no context selects: public.
    expect(at(scanner, 'GET', '/orders/{id}').security).toEqual(['Authorization']);
    expect(at(scanner, 'POST', '/orders/close').security).toEqual(['Authorization']);
    expect(at(scanner, 'GET', '/health').security).toEqual([]);
    // Outside the base package the subclass sets: the docket does not document it.
    expect(at(scanner, 'GET', '/debug/state').security).toBeUndefined();
    // shop-search's subclass says enableSecurity(false): nothing declared, nothing required.
    expect(schemesOf(scanner, 'shop-search')).toBeUndefined();
    expect(at(scanner, 'GET', '/orders/search').security).toBeUndefined();
    // shop-portal's own docket: every path but /auth needs the token; the OAuth scheme is declared only.
    expect(schemesOf(scanner, 'shop-portal')).toEqual([
      { name: 'oauth', type: 'oauth2', flows: { password: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read the cart' } } } },
      { name: 'token', type: 'apiKey', in: 'header', paramName: 'X-Token' },
    ]);
    expect(at(scanner, 'GET', '/cart').security).toEqual(['token']);
    expect(at(scanner, 'POST', '/auth/login').security).toEqual([]);
    expect(scanner.result().diagnostics).toEqual([]);
  });

  it('is in the OpenAPI export of each application', async () => {
    const scanner = await fresh(copy());
    const { endpoints, modules } = scanner.result();
    const admin = parse(exportOpenApi(endpoints.filter((e) => e.module === 'shop-admin'), { title: 'admin', modules }).files[0]!.content);
    expect(admin.components.securitySchemes.Authorization).toEqual({ type: 'apiKey', in: 'header', name: 'Authorization' });
    expect(admin.paths['/orders/{id}'].get.security).toEqual([{ Authorization: [] }]);
    expect(admin.paths['/health'].get.security).toEqual([]);
    const portal = parse(exportOpenApi(endpoints.filter((e) => e.module === 'shop-portal'), { title: 'portal', modules }).files[0]!.content);
    expect(portal.paths['/cart'].get.security).toEqual([{ token: [] }]);
  });

  it("follows a subclass's enableSecurity and a base class's regex, as a fresh scan reads them", async () => {
    const root = copy();
    const scanner = await fresh(root);
    editFile(root, SEARCH_CONFIG, '.enableSecurity(false)', '.enableSecurity(true)');
    scanner.rescan([{ path: SEARCH_CONFIG, kind: 'changed' }]);
    expect(at(scanner, 'GET', '/orders/search').security).toEqual(['Authorization']);
    expect(schemesOf(scanner, 'shop-search')?.map((s) => s.name)).toEqual(['Authorization', 'basicAuth']);
    editFile(root, BASE_CONFIG, '"/(orders|debug)/.*"', '"/health"');
    scanner.rescan([{ path: BASE_CONFIG, kind: 'changed' }]);
    expect(at(scanner, 'GET', '/orders/{id}').security).toEqual([]);
    expect(at(scanner, 'GET', '/health').security).toEqual(['Authorization']);
    const again = (await fresh(root)).result();
    expect(scanner.result().modules).toEqual(again.modules);
    expect(scanner.result().endpoints).toEqual(again.endpoints);
  });

  it('says so when a selector or condition cannot be read, and then applies the docket', async () => {
    const root = copy();
    editFile(root, SEARCH_CONFIG, '.enableSecurity(false)', '.enableSecurity(Boolean.getBoolean("secure"))');
    editFile(root, BASE_CONFIG, 'oc.requestMappingPattern().matches(pathRegex)', 'matchesSecured(oc)');
    const scanner = await fresh(root);
    expect(at(scanner, 'GET', '/orders/search').security).toEqual(['Authorization']);
    expect(at(scanner, 'GET', '/health').security).toEqual(['Authorization']);
    const messages = scanner.result().diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`);
    expect(messages).toContain(`${BASE_CONFIG}:22 springfox Docket: the condition swaggerProperties.isEnableSecurity() of its securitySchemes is not readable; taken as true`);
    expect(messages).toContain(`${BASE_CONFIG}:22 springfox Docket: the operation selector oc -> matchesSecured(oc) is not readable; the context is taken to select every path`);
  });
});

describe('springfox Docket groups', () => {
  it('give each controller the security of the docket whose base package holds it', async () => {
    const root = join(tmp, 'groups');
    const files: Record<string, string> = {
      'src/main/java/com/acme/config/DocsConfig.java': `package com.acme.config;

import java.util.Arrays;
import java.util.Collections;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import springfox.documentation.builders.PathSelectors;
import springfox.documentation.builders.RequestHandlerSelectors;
import springfox.documentation.service.BasicAuth;
import springfox.documentation.service.SecurityReference;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spi.service.contexts.SecurityContext;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class DocsConfig {
    private static final String ADMIN = "com.acme.admin";

    @Bean
    public Docket openApi() {
        return new Docket(DocumentationType.SWAGGER_2).groupName("open")
            .select().apis(RequestHandlerSelectors.basePackage("com.acme.open")).build();
    }

    @Bean
    public Docket adminApi(Environment env) {
        return new Docket(DocumentationType.SWAGGER_2).groupName("admin")
            .select().apis(RequestHandlerSelectors.basePackage(ADMIN)).build()
            .securitySchemes(Collections.singletonList(new BasicAuth("basic")))
            .securityContexts(Arrays.asList(adminContext()));
    }

    private SecurityContext adminContext() {
        return SecurityContext.builder()
            .securityReferences(Arrays.asList(SecurityReference.builder().reference("basic").scopes(new AuthorizationScope[0]).build()))
            .forPaths(PathSelectors.ant("/admin/**"))
            .build();
    }
}
`,
      'src/main/java/com/acme/open/PingController.java': 'package com.acme.open;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class PingController {\n    @GetMapping("/admin/ping")\n    public String ping() { return "pong"; }\n}\n',
      'src/main/java/com/acme/admin/UserController.java': 'package com.acme.admin;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class UserController {\n    @GetMapping("/admin/users")\n    public String users() { return "[]"; }\n    @GetMapping("/users/me")\n    public String me() { return "{}"; }\n}\n',
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'basic', type: 'http', scheme: 'basic' }]);
    expect(at(scanner, 'GET', '/admin/users').security).toEqual(['basic']);
    expect(at(scanner, 'GET', '/users/me').security).toEqual([]);
    // The open group documents it, and declares no security; the ant pattern alone would select it.
    expect(at(scanner, 'GET', '/admin/ping').security).toBeUndefined();
  });
});

describe("a library module's Docket", () => {
  it('applies to the modules building against it that declare none of their own', async () => {
    const root = join(tmp, 'library-docket');
    const pom = (name: string, deps: string[]) => `<project><parent><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version></parent><artifactId>${name}</artifactId><dependencies>${deps.map((d) => `<dependency><groupId>com.acme</groupId><artifactId>${d}</artifactId></dependency>`).join('')}</dependencies></project>`;
    const controller = (pkg: string, path: string) => `package ${pkg};\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class C {\n    @GetMapping("${path}")\n    public String get() { return ""; }\n}\n`;
    const files: Record<string, string> = {
      'pom.xml': '<project><groupId>com.acme</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging><modules><module>lib</module><module>app</module><module>other</module></modules></project>',
      'lib/pom.xml': pom('lib', []),
      'app/pom.xml': pom('app', ['lib']),
      'other/pom.xml': pom('other', []),
      'lib/src/main/java/com/acme/lib/SwaggerConfig.java': `package com.acme.lib;

import java.util.Collections;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import springfox.documentation.builders.PathSelectors;
import springfox.documentation.service.ApiKey;
import springfox.documentation.service.SecurityReference;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spi.service.contexts.SecurityContext;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class SwaggerConfig {
    @Bean
    public Docket api() {
        return new Docket(DocumentationType.SWAGGER_2)
            .securitySchemes(Collections.singletonList(new ApiKey("key", "X-Key", "query")))
            .securityContexts(Collections.singletonList(SecurityContext.builder()
                .securityReferences(Collections.singletonList(new SecurityReference("key", null)))
                .forPaths(PathSelectors.ant("/api/**"))
                .build()));
    }
}
`,
      'app/src/main/java/com/acme/app/C.java': controller('com.acme.app', '/api/items'),
      'other/src/main/java/com/acme/other/C.java': controller('com.acme.other', '/api/others'),
    };
    writeFiles(root, files);
    const scanner = await fresh(root);
    expect(schemesOf(scanner, 'app')).toEqual([{ name: 'key', type: 'apiKey', in: 'query', paramName: 'X-Key' }]);
    expect(at(scanner, 'GET', '/api/items').security).toEqual(['key']);
    expect(schemesOf(scanner, 'other')).toBeUndefined();
    expect(at(scanner, 'GET', '/api/others').security).toBeUndefined();
  });
});

describe("a Docket's builder values", () => {
  // The docket reads its base package from a properties object its class builds.
  const build = (root: string, props: string, apis: string) =>
    writeFiles(root, {
      'src/main/java/com/acme/config/SwaggerConfig.java': `package com.acme.config;

import java.util.Collections;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import springfox.documentation.builders.PathSelectors;
import springfox.documentation.builders.RequestHandlerSelectors;
import springfox.documentation.service.ApiKey;
import springfox.documentation.service.SecurityReference;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spi.service.contexts.SecurityContext;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class SwaggerConfig {
    @Bean
    public Docket api() {
        DocsProperties p = docsProperties();
        return new Docket(DocumentationType.SWAGGER_2)
            .select().apis(${apis}).build()
            .securitySchemes(Collections.singletonList(new ApiKey("key", "X-Key", "header")))
            .securityContexts(Collections.singletonList(SecurityContext.builder()
                .securityReferences(Collections.singletonList(new SecurityReference("key", null)))
                .forPaths(PathSelectors.any())
                .build()));
    }

    private DocsProperties docsProperties() {
        return DocsProperties.builder()${props}.build();
    }
}
`,
      'src/main/java/com/acme/api/ItemController.java': 'package com.acme.api;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class ItemController {\n    @GetMapping("/items")\n    public String items() { return "[]"; }\n}\n',
      'src/main/java/com/acme/ops/OpsController.java': 'package com.acme.ops;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class OpsController {\n    @GetMapping("/ops")\n    public String ops() { return "{}"; }\n}\n',
    });

  it("are read where the property has the name of the selector reading it (basePackage)", async () => {
    const root = join(tmp, 'builder-base-package');
    build(root, '.basePackage("com.acme.api")', 'RequestHandlerSelectors.basePackage(p.getBasePackage())');
    const scanner = await fresh(root);
    expect(at(scanner, 'GET', '/items').security).toEqual(['key']);
    expect(at(scanner, 'GET', '/ops').security).toBeUndefined();
    expect(scanner.result().diagnostics).toEqual([]);
  });

  it('that name each other round are not read, and the scan goes on', async () => {
    const root = join(tmp, 'builder-cycle');
    build(root, '.pkgA(p.getPkgB()).pkgB(p.getPkgA())', 'RequestHandlerSelectors.basePackage(p.getPkgA())');
    const scanner = await fresh(root);
    expect(at(scanner, 'GET', '/items').security).toEqual(['key']);
    expect(at(scanner, 'GET', '/ops').security).toEqual(['key']);
    expect(scanner.result().diagnostics.map((d) => d.message)).toEqual([
      `springfox Docket: the handler selector RequestHandlerSelectors.basePackage(p.getPkgA()) is not readable; the docket is taken to document every controller of module ${scanner.result().modules[0]!.name}`,
    ]);
  });
});

describe('Docket bean methods', () => {
  const controller = 'package com.acme.api;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class ItemController {\n    @GetMapping("/items")\n    public String items() { return "[]"; }\n}\n';

  it('are read when a parameter is annotated (@Value("${..}"))', async () => {
    const root = join(tmp, 'docket-annotated-param');
    writeFiles(root, {
      'src/main/java/com/acme/config/SwaggerConfig.java': `package com.acme.config;

import java.util.Collections;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import springfox.documentation.service.ApiKey;
import springfox.documentation.service.SecurityReference;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spi.service.contexts.SecurityContext;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class SwaggerConfig {
    @Bean
    public Docket api(@Value("\${swagger.enabled:true}") boolean enabled) {
        return new Docket(DocumentationType.SWAGGER_2).enable(enabled)
            .securitySchemes(Collections.singletonList(new ApiKey("key", "X-Key", "header")))
            .securityContexts(Collections.singletonList(SecurityContext.builder()
                .securityReferences(Collections.singletonList(new SecurityReference("key", null)))
                .build()));
    }
}
`,
      'src/main/java/com/acme/api/ItemController.java': controller,
    });
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'key', type: 'apiKey', in: 'header', paramName: 'X-Key' }]);
    expect(at(scanner, 'GET', '/items').security).toEqual(['key']);
  });

  it('are read in Kotlin without a declared type (fun api() = Docket(..))', async () => {
    const root = join(tmp, 'docket-kotlin-untyped');
    writeFiles(root, {
      'src/main/kotlin/com/acme/config/SwaggerConfig.kt': `package com.acme.config

import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import springfox.documentation.service.ApiKey
import springfox.documentation.service.SecurityReference
import springfox.documentation.spi.DocumentationType
import springfox.documentation.spi.service.contexts.SecurityContext
import springfox.documentation.spring.web.plugins.Docket

@Configuration
class SwaggerConfig {
    @Bean
    fun api() = Docket(DocumentationType.SWAGGER_2)
        .securitySchemes(listOf(ApiKey("key", "X-Key", "header")))
        .securityContexts(listOf(SecurityContext.builder()
            .securityReferences(listOf(SecurityReference("key", arrayOf())))
            .build()))
}
`,
      'src/main/java/com/acme/api/ItemController.java': controller,
    });
    const scanner = await fresh(root);
    expect(scanner.result().modules[0]!.securitySchemes).toEqual([{ name: 'key', type: 'apiKey', in: 'header', paramName: 'X-Key' }]);
    expect(at(scanner, 'GET', '/items').security).toEqual(['key']);
  });
});

describe('springfox path selectors', () => {
  it('match a regex against the whole path, as Java String.matches does', () => {
    expect(selects({ kind: 'regex', pattern: '/*/.*' }, '/admin/login')).toBe(true);
    expect(selects({ kind: 'regex', pattern: '/orders' }, '/orders/1')).toBe(false);
    expect(selects({ kind: 'regex', pattern: '^(?!/auth).*$' }, '/auth/login')).toBe(false);
    expect(selects({ kind: 'not', of: { kind: 'ant', pattern: '/auth/**' } }, '/cart')).toBe(true);
  });

  it('take a regex in Java-only syntax to select every path, and say so', () => {
    expect(javaRegex('\\A/orders.*\\z')).toBeUndefined();
    expect(javaRegex('/orders/.*+')).toBeUndefined();
    const told: string[] = [];
    expect(selects({ kind: 'regex', pattern: '(?i)/orders/.*' }, '/cart', (p) => told.push(p))).toBe(true);
    expect(told).toEqual(['(?i)/orders/.*']);
  });

  it('take a negated regex in Java-only syntax to select every path too, as the note says', () => {
    const told: string[] = [];
    expect(selects({ kind: 'not', of: { kind: 'regex', pattern: '(?i)/auth/.*' } }, '/cart', (p) => told.push(p))).toBe(true);
    expect(selects({ kind: 'not', of: { kind: 'regex', pattern: '(?i)/auth/.*' } }, '/auth/login')).toBe(true);
    expect(told).toEqual(['(?i)/auth/.*']);
    // A readable regex under `not` is negated as before.
    expect(selects({ kind: 'not', of: { kind: 'regex', pattern: '/auth/.*' } }, '/auth/login')).toBe(false);
  });

  it('match ant patterns as AntPathMatcher does', () => {
    expect(antMatch('/auth/**', '/auth', '/')).toBe(true);
    expect(antMatch('/auth/**', '/auth/login/now', '/')).toBe(true);
    expect(antMatch('/orders/*', '/orders/{id}', '/')).toBe(true);
    expect(antMatch('/orders/*', '/orders/1/items', '/')).toBe(false);
    expect(antMatch('/api/{version}/cart', '/api/v1/cart', '/')).toBe(true);
  });
});

/** Writes a small project under the suite's folder and scans it. */
async function project(name: string, files: Record<string, string>): Promise<ProjectScanner> {
  const root = join(tmp, name);
  writeFiles(root, files);
  return fresh(root);
}

const CONTROLLERS: Record<string, string> = {
  'src/main/java/com/acme/web/Secured.java': 'package com.acme.web;\n\nimport java.lang.annotation.*;\n\n@Retention(RetentionPolicy.RUNTIME)\n@Target(ElementType.TYPE)\npublic @interface Secured {}\n',
  'src/main/java/com/acme/web/AdminApi.java': 'package com.acme.web;\n\nimport java.lang.annotation.*;\nimport org.springframework.web.bind.annotation.RestController;\n\n@Retention(RetentionPolicy.RUNTIME)\n@RestController\n@Secured\npublic @interface AdminApi {}\n',
  'src/main/java/com/acme/web/OrderController.java': `package com.acme.web;

import io.swagger.annotations.ApiOperation;
import org.springframework.web.bind.annotation.*;

@Secured
@RestController
public class OrderController {
    @ApiOperation("list")
    @GetMapping("/orders")
    public String list() { return "[]"; }
    @GetMapping("/orders/count")
    public String count() { return "0"; }
}
`,
  'src/main/java/com/acme/web/AdminController.java': 'package com.acme.web;\n\nimport io.swagger.annotations.ApiOperation;\nimport org.springframework.web.bind.annotation.*;\n\n@AdminApi\npublic class AdminController {\n    @ApiOperation("users")\n    @GetMapping("/admin/users")\n    public String users() { return "[]"; }\n}\n',
  'src/main/java/com/acme/open/PingController.java': 'package com.acme.open;\n\nimport io.swagger.annotations.ApiOperation;\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class PingController {\n    @ApiOperation("ping")\n    @GetMapping("/ping")\n    public String ping() { return "pong"; }\n    @GetMapping("/internal/ping")\n    public String internal() { return "pong"; }\n}\n',
};

const docketConfig = (apis: string, extra = '') => `package com.acme.config;

import com.acme.web.Secured;
import com.google.common.base.Predicates;
import io.swagger.annotations.ApiOperation;
import java.util.Collections;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import springfox.documentation.builders.PathSelectors;
import springfox.documentation.builders.RequestHandlerSelectors;
import springfox.documentation.service.ApiKey;
import springfox.documentation.service.SecurityReference;
import springfox.documentation.spi.DocumentationType;
import springfox.documentation.spi.service.contexts.SecurityContext;
import springfox.documentation.spring.web.plugins.Docket;

@Configuration
public class DocsConfig {
    @Bean
    public Docket api() {
        return new Docket(DocumentationType.SWAGGER_2)
            .select().apis(${apis})${extra}.build()
            .securitySchemes(Collections.singletonList(new ApiKey("key", "X-Key", "header")))
            .securityContexts(Collections.singletonList(SecurityContext.builder()
                .securityReferences(Collections.singletonList(new SecurityReference("key", null)))
                .forPaths(PathSelectors.any())
                .build()));
    }
}
`;

describe('springfox handler selectors', () => {
  const security = (s: ProjectScanner) => Object.fromEntries(s.result().endpoints.map((e) => [e.path, e.security]));

  it('withClassAnnotation selects the controllers carrying the annotation, also through an annotation of the project', async () => {
    const s = await project('class-annotation', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.withClassAnnotation(Secured.class)') });
    expect(security(s)).toEqual({ '/orders': ['key'], '/orders/count': ['key'], '/admin/users': ['key'], '/ping': undefined, '/internal/ping': undefined });
    expect(s.result().diagnostics).toEqual([]);
  });

  it("withMethodAnnotation selects the methods carrying it, Spring's meta-annotations followed", async () => {
    const s = await project('method-annotation', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.withMethodAnnotation(io.swagger.annotations.ApiOperation.class)') });
    expect(security(s)).toEqual({ '/orders': ['key'], '/orders/count': undefined, '/admin/users': ['key'], '/ping': ['key'], '/internal/ping': undefined });
    const meta = await project('meta-annotation', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.withClassAnnotation(org.springframework.stereotype.Controller.class)') });
    expect(Object.values(security(meta)).every((v) => v?.[0] === 'key')).toBe(true);
  });

  it("combines selectors with Java's and/or/negate and Guava's Predicates, and limits by select().paths", async () => {
    const java = await project('java-combined', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.basePackage("com.acme.web").and(RequestHandlerSelectors.withMethodAnnotation(ApiOperation.class).negate()).or(RequestHandlerSelectors.basePackage("com.acme.open"))') });
    expect(security(java)).toEqual({ '/orders': undefined, '/orders/count': ['key'], '/admin/users': undefined, '/ping': ['key'], '/internal/ping': ['key'] });
    const guava = await project('guava-combined', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('Predicates.not(RequestHandlerSelectors.withClassAnnotation(Secured.class))', '.paths(Predicates.not(PathSelectors.regex("/internal/.*")))') });
    expect(security(guava)).toEqual({ '/orders': undefined, '/orders/count': undefined, '/admin/users': undefined, '/ping': ['key'], '/internal/ping': undefined });
  });

  it('basePackage keeps to the package and its subpackages: com.acme.web is not com.acme.webhooks', async () => {
    const s = await project('package-boundary', {
      ...CONTROLLERS,
      'src/main/java/com/acme/webhooks/HookController.java': 'package com.acme.webhooks;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class HookController {\n    @GetMapping("/hooks")\n    public String hooks() { return "[]"; }\n}\n',
      'src/main/java/com/acme/web/inner/InnerController.java': 'package com.acme.web.inner;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class InnerController {\n    @GetMapping("/inner")\n    public String inner() { return "[]"; }\n}\n',
      'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.basePackage("com.acme.web")'),
    });
    expect(security(s)).toMatchObject({ '/orders': ['key'], '/inner': ['key'], '/hooks': undefined, '/ping': undefined });
  });

  it('says so when a selector cannot be read, and then documents everything', async () => {
    const s = await project('unreadable-selector', { ...CONTROLLERS, 'src/main/java/com/acme/config/DocsConfig.java': docketConfig('handlers()') });
    expect(Object.values(security(s)).every((v) => v?.[0] === 'key')).toBe(true);
    expect(s.result().diagnostics.map((d) => `${d.file}:${d.line} ${d.message}`)).toEqual([
      'src/main/java/com/acme/config/DocsConfig.java:20 springfox Docket: the handler selector handlers() is not readable; the docket is taken to document every controller of module ' + s.result().modules[0]!.name,
    ]);
  });
});

describe('a springfox Docket written in Kotlin', () => {
  it('reads as the Java one: constants, templates, listOf, expression bodies, ::class.java selectors, lambdas', async () => {
    const s = await project('kotlin-docket', {
      'src/main/kotlin/com/acme/config/SwaggerConfig.kt': `package com.acme.config

import com.acme.web.Secured
import io.swagger.annotations.ApiOperation
import org.springframework.beans.factory.annotation.Value
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import springfox.documentation.builders.OAuthBuilder
import springfox.documentation.builders.PathSelectors
import springfox.documentation.builders.RequestHandlerSelectors
import springfox.documentation.service.*
import springfox.documentation.spi.DocumentationType
import springfox.documentation.spi.service.contexts.SecurityContext
import springfox.documentation.spring.web.plugins.Docket

@Configuration
class SwaggerConfig(private val props: SwaggerProperties) {

    @Bean
    fun api(): Docket = Docket(DocumentationType.SWAGGER_2)
        .select()
        .apis(RequestHandlerSelectors.basePackage(BASE_PACKAGE).and(RequestHandlerSelectors.withClassAnnotation(Secured::class.java)))
        .paths(PathSelectors.any())
        .build()
        .securitySchemes(schemes())
        .securityContexts(listOf(securityContext(), publicContext()))
    @Bean
    fun other(): String = "not a docket: its body is not the docket's"
    private fun schemes(): List<SecurityScheme> {
        val key = ApiKey(HEADER, HEADER, "header")
        return listOf(key, BasicAuth("basic"))
    }

    private fun securityContext(): SecurityContext = SecurityContext.builder()
        .securityReferences(listOf(SecurityReference(HEADER, arrayOf<AuthorizationScope>())))
        .operationSelector { oc -> oc.requestMappingPattern().matches("$API/.*") }
        .build()

    private fun publicContext() =
        SecurityContext.builder()
            .securityReferences(listOf(SecurityReference("basic", arrayOf())))
            .forPaths(PathSelectors.ant("/admin/**"))
            .build()

    companion object {
        const val BASE_PACKAGE = "com.acme.web"
        const val HEADER = "X-Token"
        private const val API = "/orders"
    }
}
`,
      'src/main/kotlin/com/acme/config/SwaggerProperties.kt': 'package com.acme.config\n\nclass SwaggerProperties\n',
      ...CONTROLLERS,
    });
    expect(s.result().modules[0]!.securitySchemes).toEqual([
      { name: 'X-Token', type: 'apiKey', in: 'header', paramName: 'X-Token' },
      { name: 'basic', type: 'http', scheme: 'basic' },
    ]);
    const security = Object.fromEntries(s.result().endpoints.map((e) => [e.path, e.security]));
    // /orders/.* does not match /orders itself (String.matches), nor does /admin/**: no context selects it.
    expect(security).toEqual({ '/orders': [], '/orders/count': ['X-Token'], '/admin/users': ['basic'], '/ping': undefined, '/internal/ping': undefined });
    expect(s.result().diagnostics).toEqual([]);
  });
});

describe('springfox handler selectors meeting annotations of a dependency jar', () => {
  const restoreRepo = mavenRepoSetting();
  const repo = join(tmp, 'm2');
  afterAll(restoreRepo);

  /** The organisation's (or another's) annotations, compiled by javac and packed by jar into the temp repository; swagger's `@Api` compiled beside them, not packed. */
  function annotationJar(group: string, artifact: string, pkg: string): void {
    const src = join(tmp, `${artifact}-src`);
    const classes = join(tmp, `${artifact}-classes`);
    const dir = pkg.replace(/\./g, '/');
    const sources = {
      'io/swagger/annotations/Api.java': 'package io.swagger.annotations;\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\npublic @interface Api { String value() default ""; }\n',
      [`${dir}/OpenApi.java`]: `package ${pkg};\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\n@Target(ElementType.TYPE)\n@io.swagger.annotations.Api\npublic @interface OpenApi {}\n`,
      [`${dir}/Documented.java`]: `package ${pkg};\nimport java.lang.annotation.*;\n@Retention(RetentionPolicy.RUNTIME)\n@Target(ElementType.TYPE)\n@OpenApi\npublic @interface Documented {}\n`,
    };
    writeFiles(src, sources);
    mkdirSync(classes, { recursive: true });
    execFileSync('javac', ['-d', classes, ...Object.keys(sources).map((f) => join(src, f))]);
    const out = join(repo, ...group.split('.'), artifact, '1.0');
    mkdirSync(out, { recursive: true });
    execFileSync('jar', ['cf', join(out, `${artifact}-1.0.jar`), '-C', classes, dir.split('/')[0]!]);
  }

  const pom = `<project><modelVersion>4.0.0</modelVersion><groupId>com.acme.shop</groupId><artifactId>shop</artifactId><version>1.0</version>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>com.acme.platform</groupId><artifactId>acme-docs</artifactId><version>1.0</version></dependency>
    <dependency><groupId>org.other</groupId><artifactId>other-docs</artifactId><version>1.0</version></dependency>
  </dependencies></project>`;
  const controller = (name: string, path: string, imp: string, ann: string) =>
    `package com.acme.web;\n\nimport ${imp};\nimport org.springframework.web.bind.annotation.*;\n\n@${ann}\n@RestController\npublic class ${name} {\n    @GetMapping("${path}")\n    public String get() { return ""; }\n}\n`;

  it("follows @Api on an annotation of the organisation's own jar, two levels deep; another organisation's jar is not read", async () => {
    process.env.APISCOUT_MAVEN_REPO = repo;
    annotationJar('com.acme.platform', 'acme-docs', 'com.acme.platform.docs');
    annotationJar('org.other', 'other-docs', 'org.other.docs');
    const s = await project('jar-meta-annotation', {
      'pom.xml': pom,
      'src/main/java/com/acme/web/OpenController.java': controller('OpenController', '/open', 'com.acme.platform.docs.OpenApi', 'OpenApi'),
      'src/main/java/com/acme/web/DeepController.java': controller('DeepController', '/deep', 'com.acme.platform.docs.*', 'Documented'),
      'src/main/java/com/acme/web/NamedController.java': controller('NamedController', '/named', 'java.util.List', 'com.acme.platform.docs.OpenApi'),
      'src/main/java/com/acme/web/OtherController.java': controller('OtherController', '/other', 'org.other.docs.OpenApi', 'OpenApi'),
      'src/main/java/com/acme/web/PlainController.java': 'package com.acme.web;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\npublic class PlainController {\n    @GetMapping("/plain")\n    public String get() { return ""; }\n}\n',
      'src/main/java/com/acme/config/DocsConfig.java': docketConfig('RequestHandlerSelectors.withClassAnnotation(io.swagger.annotations.Api.class)'),
    });
    const security = Object.fromEntries(s.result().endpoints.map((e) => [e.path, e.security]));
    expect(security).toEqual({ '/open': ['key'], '/deep': ['key'], '/named': ['key'], '/other': undefined, '/plain': undefined });
  });
});

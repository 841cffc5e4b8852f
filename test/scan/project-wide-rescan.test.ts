// Facts a scan reads once per full scan from the files whose change re-scans every root (a
// `@PropertySource`, an `@ApplicationPath`, an `@SecurityScheme`, a configurePathMatch, a custom
// mapping annotation) may take a constant from another file, or name a file that is not there
// yet: a re-scan of that other file gives what a fresh scan gives.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import { editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned, view } from './rescan-parity';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-project-wide-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A project of the given files (root-relative path -> text). */
function project(files: Record<string, string>): { root: string; write: (path: string, text: string) => void } {
  const root = mkdtempSync(join(tmp, 'case-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  return { root, write };
}

const J = 'src/main/java/com/acme/wide/';
const addresses = (r: ScanResult) => r.endpoints.map((e) => e.address).sort();

describe('a re-scan of a file a project-wide fact takes a constant from', () => {
  it("@PropertySource(Files.SERVER): the named file's context path follows the constant", async () => {
    const { root } = project({
      [`${J}Files.java`]: 'package com.acme.wide;\npublic final class Files {\n  public static final String SERVER = "classpath:server-a.properties";\n}\n',
      [`${J}Server.java`]: 'package com.acme.wide;\nimport org.springframework.context.annotation.PropertySource;\n@PropertySource(Files.SERVER)\npublic class Server {}\n',
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
      'src/main/resources/server-a.properties': 'server.servlet.context-path=/a\n',
      'src/main/resources/server-b.properties': 'server.servlet.context-path=/b\n',
    });
    const scanner = await scanned(root);
    expect(scanner.result().modules[0]?.contextPath).toBe('/a');
    editFile(root, `${J}Files.java`, 'server-a.properties', 'server-b.properties');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Files.java`, kind: 'changed' }]);
    expect(fresh.modules[0]?.contextPath).toBe('/b');
  });

  it("Kotlin: @SecurityScheme's name from a top-level constant of another file", async () => {
    const K = 'src/main/kotlin/com/acme/wide/';
    const { root } = project({
      [`${K}Names.kt`]: 'package com.acme.wide\n\nconst val BEARER = "bearerAuth"\n',
      [`${K}OpenApiConfig.kt`]: [
        'package com.acme.wide',
        'import io.swagger.v3.oas.annotations.OpenAPIDefinition',
        'import io.swagger.v3.oas.annotations.enums.SecuritySchemeType',
        'import io.swagger.v3.oas.annotations.security.SecurityRequirement',
        'import io.swagger.v3.oas.annotations.security.SecurityScheme',
        '@OpenAPIDefinition(security = [SecurityRequirement(name = BEARER)])',
        '@SecurityScheme(name = BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer")',
        'class OpenApiConfig',
        '',
      ].join('\n'),
      [`${K}ItemController.kt`]: 'package com.acme.wide\nimport org.springframework.web.bind.annotation.*\n@RestController\nclass ItemController {\n  @GetMapping("/items") fun items(): String = ""\n}\n',
    });
    const scanner = await scanned(root);
    expect(scanner.result().endpoints[0]?.security).toEqual(['bearerAuth']);
    editFile(root, `${K}Names.kt`, '"bearerAuth"', '"jwt"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${K}Names.kt`, kind: 'changed' }]);
    expect(fresh.endpoints[0]?.security).toEqual(['jwt']);
  });

  it('@PropertySource naming a file that is created after the scan', async () => {
    const { root, write } = project({
      [`${J}Server.java`]: 'package com.acme.wide;\nimport org.springframework.context.annotation.PropertySource;\n@PropertySource("classpath:server.properties")\npublic class Server {}\n',
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(scanner.result().diagnostics.some((d) => d.message.includes('no server.properties'))).toBe(true);
    write('src/main/resources/server.properties', 'server.servlet.context-path=/made\n');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'src/main/resources/server.properties', kind: 'created' }]);
    expect(fresh.modules[0]?.contextPath).toBe('/made');
  });

  it('@PropertySource: an edit to the property file it names', async () => {
    const { root } = project({
      [`${J}Server.java`]: 'package com.acme.wide;\nimport org.springframework.context.annotation.PropertySource;\n@PropertySource("classpath:server.properties")\npublic class Server {}\n',
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
      'src/main/resources/server.properties': 'server.servlet.context-path=/one\n',
    });
    const scanner = await scanned(root);
    editFile(root, 'src/main/resources/server.properties', '/one', '/two');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: 'src/main/resources/server.properties', kind: 'changed' }]);
    expect(fresh.modules[0]?.contextPath).toBe('/two');
  });

  it('@ApplicationPath(Paths.ROOT): every resource moves with the constant', async () => {
    const { root } = project({
      [`${J}Paths.java`]: 'package com.acme.wide;\npublic interface Paths {\n  String ROOT = "api";\n}\n',
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath(Paths.ROOT)\npublic class ShopApplication extends Application {}\n',
      [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /api/products']);
    editFile(root, `${J}Paths.java`, '"api"', '"rest"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Paths.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /rest/products']);
  });

  it('a JAX-RS servlet registered in Spring code: an edit to its URL mapping', async () => {
    const { root } = project({
      [`${J}JerseyConfig.java`]: 'package com.acme.wide;\nimport org.glassfish.jersey.servlet.ServletContainer;\nimport org.springframework.boot.web.servlet.ServletRegistrationBean;\nimport org.springframework.context.annotation.Bean;\npublic class JerseyConfig {\n  @Bean public ServletRegistrationBean<ServletContainer> jersey() { return new ServletRegistrationBean<>(new ServletContainer(), "/api/*"); }\n}\n',
      [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /api/products']);
    editFile(root, `${J}JerseyConfig.java`, '"/api/*"', '"/v2/*"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}JerseyConfig.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /v2/products']);
  });

  it("@SecurityScheme(name = Names.BEARER) and @OpenAPIDefinition's requirement follow the constant", async () => {
    const { root } = project({
      [`${J}Names.java`]: 'package com.acme.wide;\npublic final class Names {\n  public static final String BEARER = "bearerAuth";\n}\n',
      [`${J}OpenApiConfig.java`]: [
        'package com.acme.wide;',
        'import io.swagger.v3.oas.annotations.OpenAPIDefinition;',
        'import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;',
        'import io.swagger.v3.oas.annotations.security.SecurityRequirement;',
        'import io.swagger.v3.oas.annotations.security.SecurityScheme;',
        '@OpenAPIDefinition(security = @SecurityRequirement(name = Names.BEARER))',
        '@SecurityScheme(name = Names.BEARER, type = SecuritySchemeType.HTTP, scheme = "bearer")',
        'public class OpenApiConfig {}',
        '',
      ].join('\n'),
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(scanner.result().endpoints[0]?.security).toEqual(['bearerAuth']);
    editFile(root, `${J}Names.java`, '"bearerAuth"', '"jwt"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Names.java`, kind: 'changed' }]);
    expect(fresh.endpoints[0]?.security).toEqual(['jwt']);
    expect(fresh.modules[0]?.securitySchemes?.map((s) => s.name)).toEqual(['jwt']);
  });

  it('configurePathMatch: a prefix constant of another file', async () => {
    const { root } = project({
      [`${J}Prefixes.java`]: 'package com.acme.wide;\npublic final class Prefixes {\n  public static final String API = "/api";\n}\n',
      [`${J}WebConfig.java`]: [
        'package com.acme.wide;',
        'import org.springframework.context.annotation.Configuration;',
        'import org.springframework.web.bind.annotation.RestController;',
        'import org.springframework.web.method.HandlerTypePredicate;',
        'import org.springframework.web.servlet.config.annotation.PathMatchConfigurer;',
        'import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;',
        '@Configuration',
        'public class WebConfig implements WebMvcConfigurer {',
        '  @Override public void configurePathMatch(PathMatchConfigurer configurer) {',
        '    configurer.addPathPrefix(Prefixes.API, HandlerTypePredicate.forAnnotation(RestController.class));',
        '  }',
        '}',
        '',
      ].join('\n'),
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /api/items']);
    editFile(root, `${J}Prefixes.java`, '"/api"', '"/v2"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Prefixes.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /v2/items']);
  });

  it("a custom mapping annotation's path constant", async () => {
    const { root } = project({
      [`${J}Versions.java`]: 'package com.acme.wide;\npublic final class Versions {\n  public static final String V = "/v1";\n}\n',
      [`${J}V1Api.java`]: [
        'package com.acme.wide;',
        'import java.lang.annotation.*;',
        'import org.springframework.web.bind.annotation.RequestMapping;',
        'import org.springframework.web.bind.annotation.RestController;',
        '@Target(ElementType.TYPE)',
        '@Retention(RetentionPolicy.RUNTIME)',
        '@RestController',
        '@RequestMapping(Versions.V)',
        'public @interface V1Api {}',
        '',
      ].join('\n'),
      [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@V1Api\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /v1/items']);
    editFile(root, `${J}Versions.java`, '"/v1"', '"/v9"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Versions.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /v9/items']);
  });

  it('a constant holder created after the scan, when the first scan could not find it', async () => {
    const { root, write } = project({
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath(Paths.ROOT)\npublic class ShopApplication extends Application {}\n',
      [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    write(`${J}Paths.java`, 'package com.acme.wide;\npublic interface Paths {\n  String ROOT = "api";\n}\n');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Paths.java`, kind: 'created' }]);
    expect(addresses(fresh)).toEqual(['GET /api/products']);
  });

  it('an edit to a file no project-wide fact reads still recomputes only its roots', async () => {
    const { root } = project({
      [`${J}Paths.java`]: 'package com.acme.wide;\npublic interface Paths {\n  String ROOT = "api";\n}\n',
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath(Paths.ROOT)\npublic class ShopApplication extends Application {}\n',
      [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n',
      [`${J}OrderResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/orders")\npublic class OrderResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    editFile(root, `${J}OrderResource.java`, '"/orders"', '"/purchases"');
    const result = scanner.rescan([{ path: `${J}OrderResource.java`, kind: 'changed' }]);
    expect(result.rootsRecomputed).toBe(1);
    expect(addresses(scanner.result())).toEqual(['GET /api/products', 'GET /api/purchases']);
  });

  it('an edit to a resource an application registers by name recomputes only its root', async () => {
    const { root } = project({
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport java.util.Set;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath("api")\npublic class ShopApplication extends Application {\n  @Override public Set<Class<?>> getClasses() { return Set.of(ProductResource.class, OrderResource.class); }\n}\n',
      [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n',
      [`${J}OrderResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/orders")\npublic class OrderResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    editFile(root, `${J}OrderResource.java`, '"/orders"', '"/purchases"');
    const result = scanner.rescan([{ path: `${J}OrderResource.java`, kind: 'changed' }]);
    expect(result.rootsRecomputed).toBe(1);
    const fresh = (await scanned(root)).result();
    expect(view(scanner.result())).toEqual(view(fresh));
  });

  it('an edit to a sub-resource a global file locates recomputes only the roots reaching it', async () => {
    const { root } = project({
      [`${J}ShopResource.java`]: [
        'package com.acme.wide;',
        'import jakarta.ws.rs.*;',
        'import io.swagger.v3.oas.annotations.enums.SecuritySchemeType;',
        'import io.swagger.v3.oas.annotations.security.SecurityScheme;',
        '@SecurityScheme(name = "bearer", type = SecuritySchemeType.HTTP)',
        '@Path("/shop")',
        'public class ShopResource {',
        '  @Path("items") public ItemResource items() { return new ItemResource(); }',
        '}',
        '',
      ].join('\n'),
      [`${J}ItemResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\npublic class ItemResource {\n  @GET public String list() { return ""; }\n}\n',
      [`${J}OrderResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/orders")\npublic class OrderResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    editFile(root, `${J}ItemResource.java`, '@GET public', '@GET @Path("all") public');
    const result = scanner.rescan([{ path: `${J}ItemResource.java`, kind: 'changed' }]);
    // The sub-resource's own class and the root locating it; not OrderResource.
    expect(result.rootsRecomputed).toBe(2);
    const fresh = (await scanned(root)).result();
    expect(addresses(fresh)).toEqual(['GET /orders', 'GET /shop/items/all']);
    expect(view(scanner.result())).toEqual(view(fresh));
  });
});

describe('a JAX-RS mount given as a constant', () => {
  const PRODUCTS = { [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n' };

  it('ServletRegistrationBean(servlet, ApiPaths.MOUNT): a static final concatenation of another file', async () => {
    const { root } = project({
      [`${J}ApiPaths.java`]: 'package com.acme.wide;\npublic interface ApiPaths {\n  String ROOT = "/api";\n  String MOUNT = ROOT + "/*";\n}\n',
      [`${J}JerseyConfig.java`]: 'package com.acme.wide;\nimport org.glassfish.jersey.servlet.ServletContainer;\nimport org.springframework.boot.web.servlet.ServletRegistrationBean;\nimport org.springframework.context.annotation.Bean;\npublic class JerseyConfig {\n  @Bean public ServletRegistrationBean<ServletContainer> jersey() { return new ServletRegistrationBean<>(new ServletContainer(), ApiPaths.MOUNT); }\n}\n',
      ...PRODUCTS,
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /api/products']);
    editFile(root, `${J}ApiPaths.java`, '"/api"', '"/v2"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}ApiPaths.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /v2/products']);
  });

  it('Kotlin: urlMappings = listOf(Mounts.API) of an object in another file', async () => {
    const K = 'src/main/kotlin/com/acme/wide/';
    const { root } = project({
      [`${K}Mounts.kt`]: 'package com.acme.wide\n\nobject Mounts {\n  const val API = "/api/*"\n}\n',
      [`${K}JerseyConfig.kt`]: 'package com.acme.wide\nimport org.glassfish.jersey.servlet.ServletContainer\nimport org.springframework.boot.web.servlet.ServletRegistrationBean\nimport org.springframework.context.annotation.Bean\nclass JerseyConfig {\n  @Bean fun jersey() = ServletRegistrationBean(ServletContainer()).apply {\n    urlMappings = listOf(Mounts.API)\n  }\n}\n',
      ...PRODUCTS,
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /api/products']);
    editFile(root, `${K}Mounts.kt`, '"/api/*"', '"/rest/*"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${K}Mounts.kt`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /rest/products']);
  });

  it("addServlet(..).addMapping(API) of the file's own constant; a holder created after the scan", async () => {
    const { root, write } = project({
      [`${J}Main.java`]: [
        'package com.acme.wide;',
        'import jakarta.servlet.ServletContext;',
        'import org.glassfish.jersey.servlet.ServletContainer;',
        'public class Main {',
        '  private static final String API = "/svc/*";',
        '  void start(ServletContext ctx) { ctx.addServlet("jersey", new ServletContainer()).addMapping(API); }',
        '}',
        '',
      ].join('\n'),
      ...PRODUCTS,
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /svc/products']);
    // Now a constant of a class the first scan could not find.
    editFile(root, `${J}Main.java`, 'addMapping(API)', 'addMapping(Mounts.API)');
    await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Main.java`, kind: 'changed' }]);
    write(`${J}Mounts.java`, 'package com.acme.wide;\npublic final class Mounts {\n  public static final String API = "/late/*";\n}\n');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Mounts.java`, kind: 'created' }]);
    expect(addresses(fresh)).toEqual(['GET /late/products']);
  });

  it('CXF setAddress(Addresses.SCIM): the resources it serves move with the constant', async () => {
    const { root } = project({
      [`${J}Addresses.java`]: 'package com.acme.wide;\npublic final class Addresses {\n  public static final String SCIM = "/scim";\n}\n',
      [`${J}RestConfig.java`]: [
        'package com.acme.wide;',
        'import org.apache.cxf.jaxrs.JAXRSServerFactoryBean;',
        'import org.springframework.context.annotation.Bean;',
        'public class RestConfig {',
        '  @Bean public Object scim() {',
        '    JAXRSServerFactoryBean scim = new JAXRSServerFactoryBean();',
        '    scim.setAddress(Addresses.SCIM);',
        '    scim.setResourceClasses(ProductResource.class);',
        '    return scim.create();',
        '  }',
        '}',
        '',
      ].join('\n'),
      ...PRODUCTS,
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /scim/products']);
    editFile(root, `${J}Addresses.java`, '"/scim"', '"/scim/v2"');
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Addresses.java`, kind: 'changed' }]);
    expect(addresses(fresh)).toEqual(['GET /scim/v2/products']);
  });
});

describe('an exception class an advice or ExceptionMapper handles', () => {
  const E = 'src/main/java/com/acme/wide/err/';
  const SPRING = {
    [`${E}PaymentFailedException.java`]: 'package com.acme.wide.err;\npublic class PaymentFailedException extends RuntimeException {\n}\n',
    [`${J}ApiErrors.java`]: [
      'package com.acme.wide;',
      'import com.acme.wide.err.*;',
      'import org.springframework.http.HttpStatus;',
      'import org.springframework.web.bind.annotation.*;',
      '@RestControllerAdvice',
      'public class ApiErrors {',
      '  @ExceptionHandler(PaymentFailedException.class) @ResponseStatus(HttpStatus.PAYMENT_REQUIRED) public String paid(PaymentFailedException e) { return ""; }',
      '}',
      '',
    ].join('\n'),
    [`${J}PayController.java`]: 'package com.acme.wide;\nimport com.acme.wide.err.PaymentFailedException;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class PayController {\n  @PostMapping("/pay") public String pay() throws PaymentFailedException { return ""; }\n}\n',
    [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n',
  };
  const statuses = (r: ScanResult, address: string) => r.endpoints.find((e) => e.address === address)?.responses?.map((x) => x.status);

  it('an edit to its body recomputes only the roots throwing it (not every root)', async () => {
    const { root } = project(SPRING);
    const scanner = await scanned(root);
    expect(statuses(scanner.result(), 'POST /pay')).toContain('402');
    editFile(root, `${E}PaymentFailedException.java`, '{\n}', '{\n  public PaymentFailedException() { super("no"); }\n}');
    const result = scanner.rescan([{ path: `${E}PaymentFailedException.java`, kind: 'changed' }]);
    expect(result.rootsRecomputed).toBe(1);
    expect(view(scanner.result())).toEqual(view((await scanned(root)).result()));
  });

  it('a class of its name in the advice package (before the wildcard import), then a move, re-scan as a fresh scan', async () => {
    const { root, write } = project(SPRING);
    const scanner = await scanned(root);
    write(`${J}PaymentFailedException.java`, 'package com.acme.wide;\npublic class PaymentFailedException extends RuntimeException {\n}\n');
    const shadowed = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}PaymentFailedException.java`, kind: 'created' }]);
    // The advice now handles its own package's class, not the one the controller throws.
    expect(statuses(shadowed, 'POST /pay') ?? []).not.toContain('402');
    editFile(root, `${E}PaymentFailedException.java`, 'package com.acme.wide.err;', 'package com.acme.wide.moved;');
    await rescanEqualsFreshScan(scanner, root, [{ path: `${E}PaymentFailedException.java`, kind: 'changed' }]);
  });

  it('JAX-RS ExceptionMapper<X>: a body edit recomputes the thrower alone; a rename re-scans as a fresh scan', async () => {
    const { root } = project({
      [`${E}GoneException.java`]: 'package com.acme.wide.err;\npublic class GoneException extends RuntimeException {\n}\n',
      [`${J}GoneMapper.java`]: [
        'package com.acme.wide;',
        'import com.acme.wide.err.GoneException;',
        'import jakarta.ws.rs.core.Response;',
        'import jakarta.ws.rs.ext.*;',
        '@Provider',
        'public class GoneMapper implements ExceptionMapper<GoneException> {',
        '  public Response toResponse(GoneException e) { return Response.status(410).build(); }',
        '}',
        '',
      ].join('\n'),
      [`${J}ItemResource.java`]: 'package com.acme.wide;\nimport com.acme.wide.err.GoneException;\nimport jakarta.ws.rs.*;\n@Path("/items")\npublic class ItemResource {\n  @GET public String list() throws GoneException { return ""; }\n}\n',
      [`${J}OrderResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/orders")\npublic class OrderResource {\n  @GET public String list() { return ""; }\n}\n',
    });
    const scanner = await scanned(root);
    expect(statuses(scanner.result(), 'GET /items')).toContain('410');
    editFile(root, `${E}GoneException.java`, '{\n}', '{\n  private static final long serialVersionUID = 1L;\n}');
    expect(scanner.rescan([{ path: `${E}GoneException.java`, kind: 'changed' }]).rootsRecomputed).toBe(1);
    expect(view(scanner.result())).toEqual(view((await scanned(root)).result()));
    editFile(root, `${E}GoneException.java`, 'class GoneException', 'class RemovedException');
    await rescanEqualsFreshScan(scanner, root, [{ path: `${E}GoneException.java`, kind: 'changed' }]);
  });
});

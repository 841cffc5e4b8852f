// Facts a scan reads once per full scan from the files whose change re-scans every root (a
// `@PropertySource`, an `@ApplicationPath`, an `@SecurityScheme`, a configurePathMatch, a custom
// mapping annotation) may take a constant from another file, or name a file that is not there
// yet: a re-scan of that other file gives what a fresh scan gives.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ScanResult } from '../../core/model/endpoint';
import type { ProjectScanner } from '../../core/scan/project-scanner';
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
const contextPath = (r: ScanResult) => r.modules[0]?.contextPath;
const security = (r: ScanResult) => r.endpoints[0]?.security;

/** A class of com.acme.wide holding one String constant. */
const holderText = (name: string, field: string, value: string) =>
  `package com.acme.wide;\npublic final class ${name} {\n  public static final String ${field} = "${value}";\n}\n`;
const holder = (name: string, field: string, value: string) => ({ [`${J}${name}.java`]: holderText(name, field, value) });

// Endpoint sources with nothing project-wide in them, for the facts to act on.
const ITEM_CONTROLLER = { [`${J}ItemController.java`]: 'package com.acme.wide;\nimport org.springframework.web.bind.annotation.*;\n@RestController\npublic class ItemController {\n  @GetMapping("/items") public String items() { return ""; }\n}\n' };
const PRODUCT_RESOURCE = { [`${J}ProductResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/products")\npublic class ProductResource {\n  @GET public String list() { return ""; }\n}\n' };
const ORDER_RESOURCE = { [`${J}OrderResource.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.*;\n@Path("/orders")\npublic class OrderResource {\n  @GET public String list() { return ""; }\n}\n' };

/** Edits `from` to `to` in `path`, re-scans that change and expects what a fresh scan gives; returns the fresh result. */
async function editedAndRescanned(scanner: ProjectScanner, root: string, path: string, from: string, to: string): Promise<ScanResult> {
  editFile(root, path, from, to);
  return rescanEqualsFreshScan(scanner, root, [{ path, kind: 'changed' }]);
}

/**
 * Scans a project of `files` and expects `read` of the result to be `before`; then edits `from` to
 * `to` in `path` and expects the re-scan to give a fresh scan's result, whose `read` is `after`.
 */
async function editFollowed<T>(
  files: Record<string, string>,
  [path, from, to]: [string, string, string],
  read: (r: ScanResult) => T,
  before: T,
  after: T,
): Promise<ScanResult> {
  const { root } = project(files);
  const scanner = await scanned(root);
  expect(read(scanner.result())).toEqual(before);
  const fresh = await editedAndRescanned(scanner, root, path, from, to);
  expect(read(fresh)).toEqual(after);
  return fresh;
}

describe('a re-scan of a file a project-wide fact takes a constant from', () => {
  it("@PropertySource(Files.SERVER): the named file's context path follows the constant", async () => {
    const files = {
      ...holder('Files', 'SERVER', 'classpath:server-a.properties'),
      [`${J}Server.java`]: 'package com.acme.wide;\nimport org.springframework.context.annotation.PropertySource;\n@PropertySource(Files.SERVER)\npublic class Server {}\n',
      ...ITEM_CONTROLLER,
      'src/main/resources/server-a.properties': 'server.servlet.context-path=/a\n',
      'src/main/resources/server-b.properties': 'server.servlet.context-path=/b\n',
    };
    await editFollowed(files, [`${J}Files.java`, 'server-a.properties', 'server-b.properties'], contextPath, '/a', '/b');
  });

  it("Kotlin: @SecurityScheme's name from a top-level constant of another file", async () => {
    const K = 'src/main/kotlin/com/acme/wide/';
    const files = {
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
    };
    await editFollowed(files, [`${K}Names.kt`, '"bearerAuth"', '"jwt"'], security, ['bearerAuth'], ['jwt']);
  });

  it('@PropertySource naming a file that is created after the scan', async () => {
    const { root, write } = project({
      [`${J}Server.java`]: 'package com.acme.wide;\nimport org.springframework.context.annotation.PropertySource;\n@PropertySource("classpath:server.properties")\npublic class Server {}\n',
      ...ITEM_CONTROLLER,
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
      ...ITEM_CONTROLLER,
      'src/main/resources/server.properties': 'server.servlet.context-path=/one\n',
    });
    const scanner = await scanned(root);
    const fresh = await editedAndRescanned(scanner, root, 'src/main/resources/server.properties', '/one', '/two');
    expect(fresh.modules[0]?.contextPath).toBe('/two');
  });

  it('@ApplicationPath(Paths.ROOT): every resource moves with the constant', async () => {
    const files = {
      [`${J}Paths.java`]: 'package com.acme.wide;\npublic interface Paths {\n  String ROOT = "api";\n}\n',
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath(Paths.ROOT)\npublic class ShopApplication extends Application {}\n',
      ...PRODUCT_RESOURCE,
    };
    await editFollowed(files, [`${J}Paths.java`, '"api"', '"rest"'], addresses, ['GET /api/products'], ['GET /rest/products']);
  });

  it('a JAX-RS servlet registered in Spring code: an edit to its URL mapping', async () => {
    const files = {
      [`${J}JerseyConfig.java`]: 'package com.acme.wide;\nimport org.glassfish.jersey.servlet.ServletContainer;\nimport org.springframework.boot.web.servlet.ServletRegistrationBean;\nimport org.springframework.context.annotation.Bean;\npublic class JerseyConfig {\n  @Bean public ServletRegistrationBean<ServletContainer> jersey() { return new ServletRegistrationBean<>(new ServletContainer(), "/api/*"); }\n}\n',
      ...PRODUCT_RESOURCE,
    };
    await editFollowed(files, [`${J}JerseyConfig.java`, '"/api/*"', '"/v2/*"'], addresses, ['GET /api/products'], ['GET /v2/products']);
  });

  it("@SecurityScheme(name = Names.BEARER) and @OpenAPIDefinition's requirement follow the constant", async () => {
    const files = {
      ...holder('Names', 'BEARER', 'bearerAuth'),
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
      ...ITEM_CONTROLLER,
    };
    const fresh = await editFollowed(files, [`${J}Names.java`, '"bearerAuth"', '"jwt"'], security, ['bearerAuth'], ['jwt']);
    expect(fresh.modules[0]?.securitySchemes?.map((s) => s.name)).toEqual(['jwt']);
  });

  it('configurePathMatch: a prefix constant of another file', async () => {
    const files = {
      ...holder('Prefixes', 'API', '/api'),
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
      ...ITEM_CONTROLLER,
    };
    await editFollowed(files, [`${J}Prefixes.java`, '"/api"', '"/v2"'], addresses, ['GET /api/items'], ['GET /v2/items']);
  });

  it("a custom mapping annotation's path constant", async () => {
    const files = {
      ...holder('Versions', 'V', '/v1'),
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
    };
    await editFollowed(files, [`${J}Versions.java`, '"/v1"', '"/v9"'], addresses, ['GET /v1/items'], ['GET /v9/items']);
  });

  it('a constant holder created after the scan, when the first scan could not find it', async () => {
    const { root, write } = project({
      [`${J}ShopApplication.java`]: 'package com.acme.wide;\nimport jakarta.ws.rs.ApplicationPath;\nimport jakarta.ws.rs.core.Application;\n@ApplicationPath(Paths.ROOT)\npublic class ShopApplication extends Application {}\n',
      ...PRODUCT_RESOURCE,
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
      ...PRODUCT_RESOURCE,
      ...ORDER_RESOURCE,
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
      ...PRODUCT_RESOURCE,
      ...ORDER_RESOURCE,
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
      ...ORDER_RESOURCE,
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
  it('ServletRegistrationBean(servlet, ApiPaths.MOUNT): a static final concatenation of another file', async () => {
    const files = {
      [`${J}ApiPaths.java`]: 'package com.acme.wide;\npublic interface ApiPaths {\n  String ROOT = "/api";\n  String MOUNT = ROOT + "/*";\n}\n',
      [`${J}JerseyConfig.java`]: 'package com.acme.wide;\nimport org.glassfish.jersey.servlet.ServletContainer;\nimport org.springframework.boot.web.servlet.ServletRegistrationBean;\nimport org.springframework.context.annotation.Bean;\npublic class JerseyConfig {\n  @Bean public ServletRegistrationBean<ServletContainer> jersey() { return new ServletRegistrationBean<>(new ServletContainer(), ApiPaths.MOUNT); }\n}\n',
      ...PRODUCT_RESOURCE,
    };
    await editFollowed(files, [`${J}ApiPaths.java`, '"/api"', '"/v2"'], addresses, ['GET /api/products'], ['GET /v2/products']);
  });

  it('Kotlin: urlMappings = listOf(Mounts.API) of an object in another file', async () => {
    const K = 'src/main/kotlin/com/acme/wide/';
    const files = {
      [`${K}Mounts.kt`]: 'package com.acme.wide\n\nobject Mounts {\n  const val API = "/api/*"\n}\n',
      [`${K}JerseyConfig.kt`]: 'package com.acme.wide\nimport org.glassfish.jersey.servlet.ServletContainer\nimport org.springframework.boot.web.servlet.ServletRegistrationBean\nimport org.springframework.context.annotation.Bean\nclass JerseyConfig {\n  @Bean fun jersey() = ServletRegistrationBean(ServletContainer()).apply {\n    urlMappings = listOf(Mounts.API)\n  }\n}\n',
      ...PRODUCT_RESOURCE,
    };
    await editFollowed(files, [`${K}Mounts.kt`, '"/api/*"', '"/rest/*"'], addresses, ['GET /api/products'], ['GET /rest/products']);
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
      ...PRODUCT_RESOURCE,
    });
    const scanner = await scanned(root);
    expect(addresses(scanner.result())).toEqual(['GET /svc/products']);
    // Now a constant of a class the first scan could not find.
    await editedAndRescanned(scanner, root, `${J}Main.java`, 'addMapping(API)', 'addMapping(Mounts.API)');
    write(`${J}Mounts.java`, holderText('Mounts', 'API', '/late/*'));
    const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}Mounts.java`, kind: 'created' }]);
    expect(addresses(fresh)).toEqual(['GET /late/products']);
  });

  it('CXF setAddress(Addresses.SCIM): the resources it serves move with the constant', async () => {
    const files = {
      ...holder('Addresses', 'SCIM', '/scim'),
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
      ...PRODUCT_RESOURCE,
    };
    await editFollowed(files, [`${J}Addresses.java`, '"/scim"', '"/scim/v2"'], addresses, ['GET /scim/products'], ['GET /scim/v2/products']);
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
    ...ITEM_CONTROLLER,
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
    await editedAndRescanned(scanner, root, `${E}PaymentFailedException.java`, 'package com.acme.wide.err;', 'package com.acme.wide.moved;');
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
      ...ORDER_RESOURCE,
    });
    const scanner = await scanned(root);
    expect(statuses(scanner.result(), 'GET /items')).toContain('410');
    editFile(root, `${E}GoneException.java`, '{\n}', '{\n  private static final long serialVersionUID = 1L;\n}');
    expect(scanner.rescan([{ path: `${E}GoneException.java`, kind: 'changed' }]).rootsRecomputed).toBe(1);
    expect(view(scanner.result())).toEqual(view((await scanned(root)).result()));
    await editedAndRescanned(scanner, root, `${E}GoneException.java`, 'class GoneException', 'class RemovedException');
  });
});

// Spring functional endpoints (RouterFunction beans, Kotlin's router DSL): the fixture cases under
// test/fixtures/spring-webflux/ and test/fixtures/kotlin/spring-webflux/, plus what makes their
// files candidates at all (no annotation marks them).

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameworkMarkers } from '../../core/scan/framework-markers';
import { createFrameworkScanners } from '../../core/scan/frameworks';
import { describeFile } from '../../core/scan/project-index';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { exportSelection } from '../../core/export';
import { FIXTURES, caseFolders, checkFixtureCase, copyFixture, editFile } from './fixture-case';

for (const base of ['spring-webflux', 'kotlin/spring-webflux']) {
  if (!existsSync(join(FIXTURES, base))) continue;
  describe(`${base} fixtures`, () => {
    for (const name of caseFolders(base)) it(name, async () => void (await checkFixtureCase(join(FIXTURES, base, name), 'spring-mvc')));
  });
}

describe('a file building routes is a candidate without any marker annotation', () => {
  const markers = new FrameworkMarkers(createFrameworkScanners());
  const java = (text: string) => describeFile(text, 'A.java', '/A.java', '', 'java');
  const kotlin = (text: string) => describeFile(text, 'A.kt', '/A.kt', '', 'kotlin');

  it('mentions RouterFunction (Java and Kotlin) or opens a router { } / coRouter { } block (Kotlin)', () => {
    expect(markers.isCandidate(java('class R { RouterFunction<ServerResponse> r() { return null; } }'))).toBe(true);
    expect(markers.isCandidate(java('import static org.springframework.web.reactive.function.server.RouterFunctions.route;\nclass R {}'))).toBe(true);
    expect(markers.isCandidate(kotlin('class R { fun routes() = router {\n GET("/x") { ok().build() } } }'))).toBe(true);
    expect(markers.isCandidate(kotlin('class R { fun routes() = coRouter{ } }'))).toBe(true);
  });

  it('is not a candidate for a handler, a variable named router, or plain code', () => {
    expect(markers.isCandidate(java('class H { Mono<ServerResponse> list(ServerRequest r) { return null; } }'))).toBe(false);
    expect(markers.isCandidate(kotlin('class C { val router = Router()\n fun x() = myrouter { } }'))).toBe(false);
    expect(markers.isCandidate(java('class Router { }'))).toBe(false);
  });
});

describe('a re-scan of functional routes', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-rescan-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const J = 'src/main/java/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const routes = (extra: string) => `package com.acme;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
import org.springframework.context.annotation.*;
import org.springframework.web.reactive.function.server.*;
@Configuration
class Routes {
    @Bean
    RouterFunction<ServerResponse> routes(Handler h) {
        return route().GET("/a", h::a)${extra}.build();
    }
}`;
  const handler = (param: string) => `package com.acme;
import org.springframework.web.reactive.function.server.*;
class Handler {
    Mono<ServerResponse> a(ServerRequest request) { return ok(request.queryParam("${param}")); }
    Mono<ServerResponse> b(ServerRequest request) { return ok(); }
}`;
  const seen = (s: ProjectScanner) => s.endpoints.map((e) => `${e.address} ${e.source.member} ${(e.request?.params ?? []).map((p) => p.name).join(',')}`).sort();
  const sameAsFullScan = async (s: ProjectScanner) => {
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
    expect(s.diagnostics()).toEqual(fresh.diagnostics);
  };

  it('follows edits of the router, of its handler and a new router file', async () => {
    write(`${J}Routes.java`, routes(''));
    write(`${J}Handler.java`, handler('x'));
    const s = new ProjectScanner(root);
    await s.scan();
    expect(seen(s)).toEqual(['GET /a a x']);

    write(`${J}Routes.java`, routes('.POST("/b", h::b)'));
    s.rescan([{ path: `${J}Routes.java`, kind: 'changed' }]);
    expect(seen(s)).toEqual(['GET /a a x', 'POST /b b ']);
    await sameAsFullScan(s);

    // The handler's body is read for its query parameters: its change reaches the route.
    write(`${J}Handler.java`, handler('y'));
    s.rescan([{ path: `${J}Handler.java`, kind: 'changed' }]);
    expect(seen(s)).toEqual(['GET /a a y', 'POST /b b ']);
    await sameAsFullScan(s);

    write(`${J}More.java`, routes('').replace('class Routes', 'class More').replace('"/a"', '"/more"'));
    s.rescan([{ path: `${J}More.java`, kind: 'created' }]);
    expect(seen(s)).toEqual(['GET /a a y', 'GET /more a y', 'POST /b b ']);
    await sameAsFullScan(s);
  });
});

describe('a re-scan of a router another class mounts', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-mount-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const J = 'src/main/java/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const store = `package com.acme;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.*;
@Component
class Store {
    RouterFunction<ServerResponse> routes() {
        return route().GET("/store", r -> ServerResponse.ok().build()).build();
    }
}`;
  const api = (body: string) => `package com.acme;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
import org.springframework.context.annotation.*;
import org.springframework.web.reactive.function.server.*;
@Configuration
class Api {
    @Bean
    RouterFunction<ServerResponse> api(Store store) {
        return route()${body}.build();
    }
}`;
  const seen = (s: ProjectScanner) => s.endpoints.map((e) => e.address).sort();
  const sameAsFullScan = async (s: ProjectScanner) => {
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
    expect(s.diagnostics()).toEqual(fresh.diagnostics);
  };

  it('lists it at its own paths only while no other router mounts it', async () => {
    write(`${J}Store.java`, store);
    const s = new ProjectScanner(root);
    await s.scan();
    expect(seen(s)).toEqual(['GET /store']);

    // A new file mounting it: the store's own file did not change, yet its listing does.
    write(`${J}Api.java`, api('.nest(path("/api"), store::routes)'));
    s.rescan([{ path: `${J}Api.java`, kind: 'created' }]);
    expect(seen(s)).toEqual(['GET /api/store']);
    await sameAsFullScan(s);

    write(`${J}Api.java`, api('.GET("/other", r -> ServerResponse.ok().build())'));
    s.rescan([{ path: `${J}Api.java`, kind: 'changed' }]);
    expect(seen(s)).toEqual(['GET /other', 'GET /store']);
    await sameAsFullScan(s);

    write(`${J}Api.java`, api('.add(store.routes())'));
    s.rescan([{ path: `${J}Api.java`, kind: 'changed' }]);
    expect(seen(s)).toEqual(['GET /store']);
    await sameAsFullScan(s);

    write(`${J}Api.java`, api('.path("/v2", store::routes)'));
    s.rescan([{ path: `${J}Api.java`, kind: 'changed' }]);
    expect(seen(s)).toEqual(['GET /v2/store']);
    rmSync(join(root, J, 'Api.java'));
    s.rescan([{ path: `${J}Api.java`, kind: 'deleted' }]);
    expect(seen(s)).toEqual(['GET /store']);
    await sameAsFullScan(s);
  });
});

describe('one handler mounted by two routers', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-shared-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const J = 'src/main/java/com/acme/';
  const router = (name: string) => `package com.acme;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.*;
@Component
class ${name} {
    private final Handler handler;
    ${name}(Handler handler) { this.handler = handler; }
    public RouterFunction<ServerResponse> endpoint() {
        return route().POST("/match", handler::match).build();
    }
}`;

  it('is two endpoints, one per router (their group prefixes differ at run time)', async () => {
    mkdirSync(join(root, J), { recursive: true });
    writeFileSync(join(root, J, 'ConsoleEndpoint.java'), router('ConsoleEndpoint'));
    writeFileSync(join(root, J, 'UserEndpoint.java'), router('UserEndpoint'));
    writeFileSync(join(root, J, 'Handler.java'), 'package com.acme;\nclass Handler { Mono<ServerResponse> match(ServerRequest r) { return null; } }');
    const { endpoints } = await new ProjectScanner(root).scan();
    expect(endpoints.map((e) => `${e.address} ${e.className}#${e.source.member}`)).toEqual(['POST /match com.acme.Handler#match', 'POST /match com.acme.Handler#match']);
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(2);
  });
});

describe('a builder of thousands of routes', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-long-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists every route: one long call chain is no deeper for the reader than a short one', async () => {
    const J = join(root, 'src/main/java/a');
    mkdirSync(J, { recursive: true });
    const chain = Array.from({ length: 10_000 }, (_, i) => `\n            .GET("/r${i}", h::get)`).join('');
    writeFileSync(join(J, 'R.java'), `package a;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
@Configuration
class R {
    @Bean
    RouterFunction<ServerResponse> routes(H h) {
        return route()${chain}
            .build();
    }
}`);
    writeFileSync(join(J, 'H.java'), 'package a;\nclass H { Mono<ServerResponse> get(ServerRequest r) { return null; } }');
    const { endpoints, diagnostics } = await new ProjectScanner(root).scan();
    expect(diagnostics).toEqual([]);
    expect(endpoints.length).toBe(10_000);
  });
});

describe('nested loops over listed paths', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-loops-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('list each path while their product and the router\'s total stay small, then read the loop as a path variable', async () => {
    const K = join(root, 'src/main/kotlin/a');
    mkdirSync(K, { recursive: true });
    const list = (prefix: string, n: number) => `listOf(${Array.from({ length: n }, (_, i) => `"${prefix}${i}"`).join(', ')})`;
    writeFileSync(join(K, 'R.kt'), `package a

import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.web.reactive.function.server.coRouter

@Configuration
class R(private val h: H) {
    @Bean
    fun generated() = coRouter {
        ${list('a', 32)}.forEach { a ->
            ${list('b', 32)}.forEach { b -> GET("/gen/$a/$b", h::get) }
        }
    }

    @Bean
    fun siblings() = coRouter {
        ${Array.from({ length: 12 }, (_, k) => `${list(`s${k}-`, 32)}.forEach { s -> GET("/sib/${k}/$s", h::get) }`).join('\n        ')}
    }

    @Bean
    fun small() = coRouter {
        ${list('x', 8)}.forEach { x ->
            ${list('y', 8)}.forEach { y -> GET("/small/$x/$y", h::get) }
        }
    }
}
`);
    writeFileSync(join(K, 'H.kt'), 'package a\n\nimport org.springframework.web.reactive.function.server.*\n\nclass H { suspend fun get(r: ServerRequest): ServerResponse = ServerResponse.ok().buildAndAwait() }\n');
    const { endpoints } = await new ProjectScanner(root).scan();
    const paths = (prefix: string) => endpoints.map((e) => e.path).filter((p) => p.startsWith(prefix));
    // 32 x 32 would be 1,024 routes: each outer item once, the inner loop as {b}.
    expect(paths('/gen/').sort()).toEqual(Array.from({ length: 32 }, (_, i) => `/gen/a${i}/{b}`).sort());
    // Twelve sibling loops of 32 would be 384 routes: the first eight (256 runs) listed, the rest as {s}.
    const sib = paths('/sib/');
    expect(sib.length).toBe(8 * 32 + 4);
    expect(sib).toContain('/sib/7/s7-31');
    expect(sib.filter((p) => p.endsWith('/{s}')).sort()).toEqual(['/sib/10/{s}', '/sib/11/{s}', '/sib/8/{s}', '/sib/9/{s}']);
    // 8 x 8 = 64: at the cap, every path listed.
    expect(paths('/small/').length).toBe(64);
    expect(paths('/small/')).toContain('/small/x7/y7');
  });
});

describe("springdoc's operationId on a route", () => {
  it('is the endpoint operationId, which the OpenAPI export keeps', async () => {
    const scanner = new ProjectScanner(join(FIXTURES, 'spring-webflux/functional-routes'), { parseWorker: false });
    const { endpoints } = await scanner.scan();
    const list = endpoints.find((e) => e.address === 'GET /reports')!;
    expect(list.operationId).toBe('ListReports');
    const openapi = JSON.parse(exportSelection([list], { kind: 'all' }, 'openapi', { openapi: { format: 'json' } }).files[0]!.content);
    expect(openapi.paths['/reports'].get.operationId).toBe('ListReports');
  });
});

describe('a lambda route without an operationId', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-opid-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('exports with one made of its path and verb, not the router class and the verb (Router_GET, Router_GET_2)', async () => {
    const J = join(root, 'src/main/java/a');
    mkdirSync(J, { recursive: true });
    writeFileSync(join(J, 'Router.java'), `package a;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
@Configuration
class Router {
    @Bean
    RouterFunction<ServerResponse> resets(H h) {
        return route()
            .GET("/password-reset/email", request -> ServerResponse.ok().build())
            .GET("/password-reset/email/{resetToken}", request -> ServerResponse.ok().build())
            .GET("/plugins/{name}/assets/{*resource}", request -> ServerResponse.ok().build())
            .GET("/", request -> ServerResponse.ok().build())
            .POST("/named", h::named)
            .build();
    }
}`);
    writeFileSync(join(J, 'H.java'), 'package a;\nclass H { Mono<ServerResponse> named(ServerRequest r) { return null; } }');
    const { endpoints } = await new ProjectScanner(root).scan();
    expect(endpoints.map((e) => `${e.address} ${e.operationId ?? '-'}`).sort()).toEqual([
      'GET / rootGet',
      'GET /password-reset/email passwordResetEmailGet',
      'GET /password-reset/email/{resetToken} passwordResetEmailResetTokenGet',
      'GET /plugins/{name}/assets/{*resource} pluginsNameAssetsResourceGet',
      // A handler method names its route: the export uses it as for any controller method.
      'POST /named -',
    ]);
    const openapi = JSON.parse(exportSelection(endpoints, { kind: 'all' }, 'openapi', { openapi: { format: 'json' } }).files[0]!.content);
    expect(openapi.paths['/password-reset/email/{resetToken}'].get.operationId).toBe('passwordResetEmailResetTokenGet');
    expect(openapi.paths['/named'].post.operationId).toBe('named');
  });
});

describe('a router chosen by a condition', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-branches-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("lists both branches' routes, each once (Kotlin if/else expression, Java's conditional operator)", async () => {
    const K = join(root, 'src/main/kotlin/a');
    const J = join(root, 'src/main/java/a');
    mkdirSync(K, { recursive: true });
    mkdirSync(J, { recursive: true });
    writeFileSync(join(K, 'Routes.kt'), `package a
class Routes(private val enabled: Boolean) {
    fun routes(h: H) = if (enabled) router {
        GET("/on", h::get)
    } else router {
        GET("/off", h::get)
    }

    fun nested(h: H): RouterFunction<ServerResponse> {
        val prefix = "/n"
        return if (enabled) {
            router { GET("$prefix/a", h::get) }
        } else router { GET("$prefix/b", h::get) }
    }
}`);
    writeFileSync(join(K, 'H.kt'), 'package a\nclass H { fun get(r: ServerRequest): Mono<ServerResponse> = TODO() }');
    writeFileSync(join(J, 'JavaRoutes.java'), `package a;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
@Configuration
class JavaRoutes {
    @Bean
    RouterFunction<ServerResponse> routes(H h, boolean legacy) {
        return legacy ? route().GET("/legacy", h::get).build() : route().GET("/current", h::get).build();
    }
}`);
    const { endpoints } = await new ProjectScanner(root).scan();
    expect(endpoints.map((e) => e.address).sort()).toEqual(['GET /current', 'GET /legacy', 'GET /n/a', 'GET /n/b', 'GET /off', 'GET /on']);
  });
});

describe('a router made by another class', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-other-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const J = 'src/main/java/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const items = (extra: string) => `package com.acme;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
class ItemRoutes {
    RouterFunction<ServerResponse> routes(Handler h) {
        return route().GET("/items", h::a)${extra}.build();
    }
}`;

  it('follows edits of that class into the router mounting it', async () => {
    write(`${J}Api.java`, `package com.acme;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;
import static org.springframework.web.reactive.function.server.RequestPredicates.path;
@Configuration
class Api {
    @Bean
    RouterFunction<ServerResponse> api(Handler h) {
        return route().nest(path("/v1"), () -> new ItemRoutes().routes(h)).build();
    }
}`);
    write(`${J}ItemRoutes.java`, items(''));
    write(`${J}Handler.java`, 'package com.acme;\nclass Handler { Mono<ServerResponse> a(ServerRequest r) { return null; } Mono<ServerResponse> b(ServerRequest r) { return null; } }');
    const s = new ProjectScanner(root);
    await s.scan();
    const seen = () => s.endpoints.map((e) => `${e.address} ${e.source.member}`).sort();
    expect(seen()).toEqual(['GET /v1/items a']);

    write(`${J}ItemRoutes.java`, items('.POST("/items", h::b)'));
    s.rescan([{ path: `${J}ItemRoutes.java`, kind: 'changed' }]);
    expect(seen()).toEqual(['GET /v1/items a', 'POST /v1/items b']);
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
  });
});

describe('form fields a helper reads from the multipart data it is handed', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-fn-multipart-helper-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('make the request multipart, as when the handler reads them itself', async () => {
    const K = join(root, 'src/main/kotlin/a');
    mkdirSync(K, { recursive: true });
    writeFileSync(join(K, 'Routes.kt'), `package a
class Routes(private val h: H) {
    fun routes() = coRouter {
        POST("/upload", h::upload)
        POST("/upload-here", h::uploadHere)
    }
}`);
    writeFileSync(join(K, 'H.kt'), `package a
class H {
    suspend fun upload(req: ServerRequest): ServerResponse {
        val parts = req.awaitMultipartData()
        return save(parts)
    }
    private suspend fun save(values: MultiValueMap<String, Part>): ServerResponse {
        val title = values["title"]
        return ServerResponse.ok().buildAndAwait()
    }
    suspend fun uploadHere(req: ServerRequest): ServerResponse {
        val parts = req.awaitMultipartData()
        val title = parts["title"]
        return ServerResponse.ok().buildAndAwait()
    }
}`);
    const { endpoints } = await new ProjectScanner(root, { parseWorker: false }).scan();
    const consumes = Object.fromEntries(endpoints.map((e) => [e.path, [e.request?.params.map((p) => `${p.name}:${p.in}`), e.request?.consumes]]));
    expect(consumes).toEqual({
      '/upload': [['title:form'], ['multipart/form-data']],
      '/upload-here': [['title:form'], ['multipart/form-data']],
    });
  });
});

describe('a re-scan of the repository a functional handler writes from', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'apiscout-fn-response-rescan-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('follows the type its method declares, as a fresh scan reads it', async () => {
    const root = copyFixture('kotlin/spring-webflux/router-forms', tmp);
    const repository = 'src/main/kotlin/com/acme/forms/ItemRepository.kt';
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    editFile(root, repository, 'suspend fun findAll(): List<Item> = emptyList()', 'suspend fun findAll(): List<String> = emptyList()');
    scanner.rescan([{ path: repository, kind: 'changed' }]);
    const list = (s: { endpoints: readonly { path: string; response?: unknown }[] }) => s.endpoints.find((e) => e.path === '/items')?.response;
    expect(list(scanner)).toEqual(list(await new ProjectScanner(root, { parseWorker: false }).scan()));
    expect(JSON.stringify(list(scanner))).not.toContain('"name"');
  });
});

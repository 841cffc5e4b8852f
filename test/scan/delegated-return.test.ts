// Kotlin handlers written as `= service.find(id)` without a declared type: the response is what
// the service method declares (the fixture kotlin/spring-mvc/delegated-returns).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a Kotlin handler returning a call on a property of its class', () => {
  it("answers what the called method declares, or stays unknown when that cannot be told", async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'kotlin/spring-mvc/delegated-returns'), { parseWorker: false });
    const response = (method: string, path: string) => endpoints.find((e) => e.method === method && e.path === path)?.response;
    expect(response('GET', '/items/{id}')?.schema?.title).toBe('ItemView');
    expect(response('DELETE', '/items/{id}')).toEqual({ contentType: 'application/json', description: 'No body.' });
    // `itemService.search(text)`: of two overloads, the one taking one argument.
    expect(response('GET', '/items')?.schema).toMatchObject({ type: 'array', items: { title: 'ItemView' } });
    expect(response('GET', '/items/count')?.schema?.['x-unresolved']).toBe(true);
  });
});

describe('a Kotlin JAX-RS resource method returning a call on a property of its class', () => {
  it('answers what the called method declares; Unit is 204 without a body', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'kotlin/jax-rs/delegated-returns'), { parseWorker: false });
    const endpoint = (method: string, path: string) => endpoints.find((e) => e.method === method && e.path === path);
    expect(endpoint('GET', '/items/{id}')?.response?.schema?.title).toBe('ItemView');
    expect(endpoint('DELETE', '/items/{id}')?.response?.schema).toBeUndefined();
    expect(endpoint('DELETE', '/items/{id}')?.status).toBe('204');
    expect(endpoint('GET', '/items')?.response?.schema?.['x-unresolved']).toBe(true);
    expect(endpoint('GET', '/items/count')?.response?.schema?.['x-unresolved']).toBe(true);
  });
});

describe('a re-scan of a Kotlin handler returning a service call', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-delegated-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const K = 'src/main/kotlin/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const service = (type: string) => `package com.acme
import org.springframework.stereotype.Service
data class Item(val id: Long)
data class Other(val code: String)
@Service
class ItemService {
    fun find(id: Long): ${type} = TODO()
}
`;

  const controllers = {
    'Spring MVC': `package com.acme
import org.springframework.web.bind.annotation.*
@RestController
class ItemController(private val service: ItemService) {
    @GetMapping("/items/{id}")
    fun get(@PathVariable id: Long) = service.find(id)
}
`,
    'JAX-RS': `package com.acme
import jakarta.ws.rs.*
@Path("/items")
class ItemController(private val service: ItemService) {
    @GET @Path("/{id}")
    fun get(@PathParam("id") id: Long) = service.find(id)
}
`,
  };

  it.each(Object.entries(controllers))("follows a change of the service method's declared type (%s)", async (_, controller) => {
    write(`${K}ItemService.kt`, service('Item'));
    write(`${K}ItemController.kt`, controller);
    const s = new ProjectScanner(root);
    await s.scan();
    expect(s.endpoints[0]?.response?.schema?.title).toBe('Item');
    write(`${K}ItemService.kt`, service('Other'));
    s.rescan([{ path: `${K}ItemService.kt`, kind: 'changed' }]);
    expect(s.endpoints[0]?.response?.schema?.title).toBe('Other');
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
  });
});

describe("a re-scan of a functional handler writing a property's call", () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-written-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const K = 'src/main/kotlin/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const repository = (type: string) => `package com.acme
data class Item(val id: Long)
data class Other(val code: String)
class ItemRepository {
    suspend fun findAll(): List<${type}> = emptyList()
}
`;

  it("follows a change of the called method's declared type", async () => {
    write(`${K}ItemRepository.kt`, repository('Item'));
    write(`${K}Routes.kt`, `package com.acme
import org.springframework.context.annotation.*
import org.springframework.web.reactive.function.server.*
class ItemHandler(private val items: ItemRepository) {
    suspend fun list(req: ServerRequest) = ServerResponse.ok().bodyValueAndAwait(items.findAll())
}
@Configuration
class Routes {
    @Bean
    fun routes(h: ItemHandler) = coRouter { GET("/items", h::list) }
}
`);
    const s = new ProjectScanner(root);
    await s.scan();
    expect(s.endpoints[0]?.response?.schema?.items?.title).toBe('Item');
    write(`${K}ItemRepository.kt`, repository('Other'));
    s.rescan([{ path: `${K}ItemRepository.kt`, kind: 'changed' }]);
    expect(s.endpoints[0]?.response?.schema?.items?.title).toBe('Other');
    const fresh = await new ProjectScanner(root).scan();
    expect(s.endpoints).toEqual(fresh.endpoints);
  });
});

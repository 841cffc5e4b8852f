// JAX-RS methods declared to return `Response`: the entity and the status read from the builders
// they return (core/scan/frameworks/built-response.ts; the fixture jax-rs/built-responses).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';

describe('a JAX-RS method returning a Response it builds', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'jax-rs/built-responses'), { parseWorker: false }));
  });
  const byMember = (m: string) => endpoints.find((e) => e.className === 'com.acme.built.ItemResource' && e.source.member === m)!;
  const unknown = (m: string) => byMember(m).response?.schema?.['x-unresolved'] === true;

  it('answers the class of a local, a field, a parameter, new X(..) or a method call given as the entity', () => {
    expect(byMember('get').response?.schema?.title).toBe('Item');
    expect(byMember('copy').response?.schema?.title).toBe('Item');
    expect(byMember('featured').response?.schema?.title).toBe('Item');
    expect(byMember('replace').response?.schema?.title).toBe('Item');
    expect(byMember('create').response?.schema?.title).toBe('Item');
  });

  it('keeps the generics of a ResponseBuilder kept in a local', () => {
    expect(byMember('list').response?.schema).toMatchObject({ type: 'array', items: { title: 'Item' } });
  });

  it('takes the status the builder names', () => {
    expect(byMember('create').status).toBe('201');
    expect(byMember('replace').status).toBe('201');
    expect(byMember('delete').status).toBe('204');
    expect(byMember('delete').response).toEqual({ contentType: 'application/json', description: 'No body.' });
  });

  it('gives another success status its own entity', () => {
    expect(byMember('refresh').response?.schema?.title).toBe('Item');
    expect(byMember('refresh').responses?.find((r) => r.status === '202')?.schema?.title).toBe('Receipt');
  });

  it("gives an error status the class its return builds", () => {
    expect(byMember('add').status).toBe('201');
    expect(byMember('add').response?.schema?.title).toBe('Item');
    expect(byMember('add').responses?.find((r) => r.status === '409')).toMatchObject({ contentType: 'application/json', schema: { title: 'Item' } });
  });

  it('reads starters imported statically, and a Response local given a value in each branch', () => {
    const receipt = (m: string) => endpoints.find((e) => e.className === 'com.acme.built.ReceiptResource' && e.source.member === m)!;
    expect(receipt('get').response?.schema?.title).toBe('Receipt');
    expect(receipt('post').status).toBe('201');
    expect(receipt('post').response?.schema?.title).toBe('Receipt');
  });

  it('answers a String entity as text where the method produces text', () => {
    expect(byMember('label').response).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
  });

  it('claims no model for a String entity, entities that differ, or a return it cannot read', () => {
    expect(unknown('json')).toBe(true);
    expect(byMember('json').response?.description).toMatch(/String/);
    expect(unknown('either')).toBe(true);
  });

  it('answers the body of a 200 built on one path, and the 204 of the other', () => {
    // Only the 204 was listed, as the answer, before the 200's body was read past it.
    expect(byMember('maybe').status).toBeUndefined();
    expect(byMember('maybe').response?.schema?.title).toBe('Item');
    expect(byMember('maybe').responses?.map((r) => r.status)).toContain('204');
  });

  it("reads a return calling a private helper of the class: the helper's status is one of the answers", () => {
    // `return refused();` was left unread before helpers were followed.
    expect(byMember('guarded').response?.schema?.title).toBe('Item');
    expect(byMember('guarded').responses?.find((r) => r.status === '403')).toMatchObject({ description: 'Forbidden' });
  });
});

describe('a JAX-RS method returning what a helper or a ternary builds', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'jax-rs/built-responses'), { parseWorker: false }));
  });
  const helped = (m: string) => endpoints.find((e) => e.className === 'com.acme.built.HelperResource' && e.source.member === m)!;

  it("answers each branch of a ternary: a base class's helper given the entity, a statically imported utility's status", () => {
    expect(helped('get').status).toBeUndefined();
    expect(helped('get').response?.schema?.title).toBe('Item');
    expect(helped('get').responses?.map((r) => r.status)).toContain('404');
  });

  it("binds a utility's parameters to the call's arguments, through a second helper giving the status", () => {
    expect(helped('create').status).toBe('201');
    expect(helped('create').response?.schema?.title).toBe('Receipt');
  });

  it('reads a ternary between builders, and an error status with its own class from this.helper(..)', () => {
    expect(helped('replace').response?.schema?.title).toBe('Item');
    expect(helped('replace').responses?.find((r) => r.status === '201')?.schema?.title).toBe('Item');
    expect(helped('replace').responses?.find((r) => r.status === '409')?.schema?.title).toBe('Item');
  });

  it('reads nested ternaries, each status with its entity', () => {
    const r = helped('receipt');
    expect(r.status).toBe('204');
    expect(r.responses?.find((x) => x.status === '202')?.schema?.title).toBe('Receipt');
    expect(r.responses?.find((x) => x.status === '404')).toMatchObject({ description: 'Not Found' });
  });

  it("finishes a utility's ResponseBuilder with the caller's arguments in its chain", () => {
    expect(helped('queue').status).toBe('202');
    expect(helped('queue').response?.schema?.title).toBe('Receipt');
  });

  it("claims nothing for a helper whose status is read at run time, one calling itself, or a builder of the helper's own names", () => {
    for (const m of ['coded', 'retried', 'tagged']) {
      expect(helped(m).response?.schema?.['x-unresolved']).toBe(true);
      expect(helped(m).status).toBeUndefined();
    }
  });
});

describe('a Kotlin JAX-RS method returning a Response it builds', () => {
  let root: string;
  let endpoints: Endpoint[];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'apiscout-built-kt-'));
    const file = join(root, 'src/main/kotlin/com/acme/FruitResource.kt');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `package com.acme
import jakarta.ws.rs.*
import jakarta.ws.rs.core.Response

class Fruit(val name: String)

@Path("/fruits")
class FruitResource {
    @POST
    fun create(fruit: Fruit): Response {
        return Response.ok(fruit).status(201).build()
    }

    @GET
    @Path("/{name}")
    fun get(@PathParam("name") name: String): Response {
        if (name.isEmpty()) {
            return Response.status(Response.Status.NOT_FOUND).build()
        }
        val found: Fruit = Fruit(name)
        return Response.ok(found)
            .header("X-Name", name)
            .build()
    }

    @GET
    @Path("/sample")
    fun sample(): Response = Response.ok(Fruit("apple")).build()

    @GET
    @Path("/{name}/either")
    fun either(@PathParam("name") name: String): Response {
        return if (name.isEmpty()) Response.status(Response.Status.NOT_FOUND).build()
            else Response.ok(Fruit(name)).build()
    }

    @PUT
    @Path("/{name}")
    fun replace(@PathParam("name") name: String, fruit: Fruit): Response = if (name == fruit.name) {
        Response.ok(fruit).build()
    } else {
        Response.status(Response.Status.CONFLICT).entity(fruit).build()
    }

    @GET
    @Path("/{name}/branches")
    fun branches(@PathParam("name") name: String): Response {
        if (name.isEmpty()) return Response.status(Response.Status.NOT_FOUND).build()
        else return Response.ok(Fruit(name)).build()
    }

    @GET
    @Path("/{name}/picked")
    fun picked(@PathParam("name") name: String): Response {
        return when {
            name.isEmpty() -> Response.status(Response.Status.NOT_FOUND).build()
            name == "gone" -> { Response.status(410).build() }
            else -> Response.ok(Fruit(name)).build()
        }
    }

    @GET
    @Path("/{name}/kept")
    fun kept(@PathParam("name") name: String): Response {
        val answer = if (name.isEmpty()) Response.noContent().build() else Response.ok(Fruit(name)).build()
        return answer
    }

    @DELETE
    @Path("/{name}")
    fun delete(@PathParam("name") name: String): Response {
        listOf(name).forEach { if (it.isEmpty()) return@forEach }
        return Response.status(204).build()
    }
}
`);
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;

  it('reads returns ending at the line, a chain over several lines, a typed val and a constructor call', () => {
    expect(byMember('get').response?.schema?.title).toBe('Fruit');
    expect(byMember('sample').response?.schema?.title).toBe('Fruit');
  });

  it("answers the status the chain sets after its start (`ok(x).status(201)`)", () => {
    expect(byMember('create').response?.schema?.title).toBe('Fruit');
    expect(byMember('create').status).toBe('201');
  });

  it('reads each branch of an if-else expression, on two lines or in braces', () => {
    expect(byMember('either').response?.schema?.title).toBe('Fruit');
    expect(byMember('either').responses?.map((r) => r.status)).toContain('404');
    expect(byMember('replace').response?.schema?.title).toBe('Fruit');
    expect(byMember('replace').responses?.find((r) => r.status === '409')?.schema?.title).toBe('Fruit');
  });

  it('reads each branch of a when expression, and a val given an if-else expression that is returned', () => {
    expect(byMember('picked').response?.schema?.title).toBe('Fruit');
    expect(byMember('picked').responses?.map((r) => r.status)).toEqual(expect.arrayContaining(['404', '410']));
    expect(byMember('kept').response?.schema?.title).toBe('Fruit');
    expect(byMember('kept').responses?.map((r) => r.status)).toContain('204');
  });

  it("reads each return of an if statement whose else is on the next line (that else is the statement's, not the return's)", () => {
    expect(byMember('branches').response?.schema?.title).toBe('Fruit');
    expect(byMember('branches').responses?.map((r) => r.status)).toContain('404');
  });

  it('does not read a body returning from a lambda by label', () => {
    expect(byMember('delete').status).toBe('204');
    expect(byMember('delete').response?.schema?.['x-unresolved']).toBe(true);
  });
});

describe('a re-scan of a resource building a Response from a service call', () => {
  let root: string;
  const J = 'src/main/java/com/acme/';
  const write = (p: string, text: string) => {
    mkdirSync(dirname(join(root, p)), { recursive: true });
    writeFileSync(join(root, p), text);
  };
  const service = (type: string) => `package com.acme;
public class ItemService {
    public ${type} find(long id) { return null; }
}
`;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'apiscout-built-'));
    write(`${J}Item.java`, 'package com.acme;\npublic class Item { public long id; }\n');
    write(`${J}Other.java`, 'package com.acme;\npublic class Other { public String code; }\n');
    write(`${J}ItemService.java`, service('Item'));
    write(`${J}ItemResource.java`, `package com.acme;
import javax.ws.rs.*;
import javax.ws.rs.core.Response;
@Path("/items")
public class ItemResource {
    private ItemService service;
    @GET @Path("/{id}")
    public Response get(@PathParam("id") long id) {
        return Response.ok(service.find(id)).build();
    }
}
`);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("follows a change of the declared type of a base class's method the entity comes from", async () => {
    const base = (type: string) => `package com.acme;
public abstract class BaseResource {
    protected ${type} load(long id) { return null; }
}
`;
    write(`${J}BaseResource.java`, base('Item'));
    write(`${J}LoadResource.java`, `package com.acme;
import javax.ws.rs.*;
import javax.ws.rs.core.Response;
@Path("/loaded")
public class LoadResource extends BaseResource {
    @GET @Path("/{id}")
    public Response get(@PathParam("id") long id) {
        return Response.ok(load(id)).build();
    }
}
`);
    const s = await scanned(root);
    const loaded = (eps: readonly Endpoint[]) => eps.find((e) => e.path === '/loaded/{id}')?.response?.schema?.title;
    expect(loaded(s.endpoints)).toBe('Item');
    write(`${J}BaseResource.java`, base('Other'));
    const fresh = await rescanEqualsFreshScan(s, root, [{ path: `${J}BaseResource.java`, kind: 'changed' }]);
    expect(loaded(fresh.endpoints)).toBe('Other');
  });

  it("follows a change of a utility class's helper the return calls", async () => {
    const responses = (status: string, entity: string) => `package com.acme;
import javax.ws.rs.core.Response;
public final class Responses {
    public static Response made(Object entity) {
        return Response.status(${status}).entity(${entity}).build();
    }
}
`;
    write(`${J}Responses.java`, responses('201', 'entity'));
    write(`${J}MadeResource.java`, `package com.acme;
import javax.ws.rs.*;
import javax.ws.rs.core.Response;
@Path("/made")
public class MadeResource {
    private ItemService service;
    @POST
    public Response make(Item item) {
        return Responses.made(service.find(item.id));
    }
}
`);
    const s = await scanned(root);
    const made = (eps: readonly Endpoint[]) => eps.find((e) => e.path === '/made')!;
    expect(made(s.endpoints).status).toBe('201');
    expect(made(s.endpoints).response?.schema?.title).toBe('Item');
    write(`${J}Responses.java`, responses('202', 'new Other()'));
    const fresh = await rescanEqualsFreshScan(s, root, [{ path: `${J}Responses.java`, kind: 'changed' }]);
    expect(made(fresh.endpoints).status).toBe('202');
    expect(made(fresh.endpoints).response?.schema?.title).toBe('Other');
  });

  it("follows a change of the called method's declared type", async () => {
    const s = await scanned(root);
    expect(s.endpoints.find((e) => e.path === '/items/{id}')?.response?.schema?.title).toBe('Item');
    write(`${J}ItemService.java`, service('Other'));
    const fresh = await rescanEqualsFreshScan(s, root, [{ path: `${J}ItemService.java`, kind: 'changed' }]);
    expect(fresh.endpoints.find((e) => e.path === '/items/{id}')?.response?.schema?.title).toBe('Other');
  });
});

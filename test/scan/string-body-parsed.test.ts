// A String body the handler parses itself (core/scan/frameworks/body-parsed-in-code.ts) is sent as
// JSON of the class it parses into; the fixtures' expected.json check the examples.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { FIXTURES } from './fixture-case';

describe('a String body parsed in code', () => {
  it('is JSON of the parsed class, a raw String body stays text/plain', async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/string-body-parsed'), { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('create')).toMatchObject({ contentType: 'application/json', schema: { 'x-java-type': 'com.acme.parsedbody.OrderForm' } });
    expect(body('check').contentType).toBe('application/json');
    expect(body('echo')).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
  });

  it('reads a Kotlin expression body as the handler\'s own, not the next function\'s block', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-parsed-kt-'));
    const src = join(dir, 'src/main/kotlin/com/acme');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      join(src, 'HooksController.kt'),
      [
        'package com.acme',
        'import org.springframework.web.bind.annotation.*',
        'data class Ping(val id: Long)',
        'data class Other(val name: String)',
        '@RestController',
        'class HooksController(private val gson: com.google.gson.Gson, private val mapper: com.fasterxml.jackson.databind.ObjectMapper) {',
        '    @PostMapping("/ping") fun ping(@RequestBody body: String) = gson.fromJson(body, Ping::class.java).id',
        '    @PostMapping("/many") fun many(@RequestBody body: String) = mapper.readValue<List<Ping>>(body).size',
        '    @PostMapping("/raw") fun raw(@RequestBody body: String): String {',
        '        val other = gson.fromJson(body, Other::class.java)',
        '        return body',
        '    }',
        '}',
      ].join('\n'),
    );
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('ping').schema).toMatchObject({ 'x-java-type': 'com.acme.Ping' });
    expect(body('raw').schema).toMatchObject({ 'x-java-type': 'com.acme.Other' });
    expect(body('many').schema).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.Ping' } });
  });

  it('follows type tokens, fastjson parseArray and a static factory that parses the text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-parsed-token-'));
    const src = join(dir, 'src/main/java/com/acme');
    mkdirSync(src, { recursive: true });
    writeFileSync(join(src, 'Item.java'), 'package com.acme;\npublic class Item { public String sku; public int qty; }\n');
    writeFileSync(
      join(src, 'Command.java'),
      [
        'package com.acme;',
        'import com.google.gson.Gson;',
        'public class Command {',
        '    public String action;',
        '    public static Command from(String json) { return new Gson().fromJson(json, Command.class); }',
        '    public static Command named(String action) { Command c = new Command(); c.action = action; return c; }',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      join(src, 'ItemsController.java'),
      [
        'package com.acme;',
        'import java.util.List;',
        'import java.util.Map;',
        'import com.alibaba.fastjson.JSON;',
        'import com.fasterxml.jackson.core.type.TypeReference;',
        'import com.fasterxml.jackson.databind.ObjectMapper;',
        'import com.google.gson.Gson;',
        'import com.google.gson.reflect.TypeToken;',
        'import org.springframework.web.bind.annotation.*;',
        '@RestController',
        'public class ItemsController {',
        '    private final ObjectMapper mapper = new ObjectMapper();',
        '    @PostMapping("/items") public int items(@RequestBody String body) throws Exception {',
        '        List<Item> items = mapper.readValue(body, new TypeReference<List<Item>>() {});',
        '        return items.size();',
        '    }',
        '    @PostMapping("/by-sku") public int bySku(@RequestBody String body) {',
        '        Map<String, Item> m = new Gson().fromJson(body, new TypeToken<Map<String, Item>>() {}.getType());',
        '        return m.size();',
        '    }',
        '    @PostMapping("/batch") public int batch(@RequestBody String body) { return JSON.parseArray(body, Item.class).size(); }',
        '    @PostMapping("/command") public String command(@RequestBody String body) { return Command.from(body).action; }',
        '    @PostMapping("/named") public String named(@RequestBody String body) { return Command.named(body).action; }',
        '}',
      ].join('\n'),
    );
    const { endpoints } = await scanProject(dir, { parseWorker: false });
    const body = (member: string) => endpoints.find((e) => e.source.member === member)!.request!.body!;
    expect(body('items')).toMatchObject({ contentType: 'application/json', schema: { type: 'array', items: { 'x-java-type': 'com.acme.Item' } } });
    expect(body('bySku').schema).toMatchObject({ type: 'object', additionalProperties: { 'x-java-type': 'com.acme.Item' } });
    expect(body('batch').schema).toMatchObject({ type: 'array', items: { 'x-java-type': 'com.acme.Item' } });
    expect(body('command').schema).toMatchObject({ 'x-java-type': 'com.acme.Command' });
    // A factory that does not parse its text leaves the body a plain string.
    expect(body('named')).toMatchObject({ contentType: 'text/plain', schema: { type: 'string' } });
  });
});

describe('a re-scan of the class whose factory parses a String body', () => {
  it('follows what the factory now parses, as a fresh scan reads it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-parsed-factory-rescan-'));
    const src = join(dir, 'src/main/java/com/acme');
    mkdirSync(src, { recursive: true });
    const command = (parsed: string) => `package com.acme;
public class Command {
  public String action;
  public static Command from(String text) { return new com.google.gson.Gson().fromJson(text, ${parsed}.class); }
}`;
    writeFileSync(join(src, 'Command.java'), command('Command'));
    writeFileSync(join(src, 'Other.java'), 'package com.acme;\npublic class Other { public String name; }');
    writeFileSync(join(src, 'CommandController.java'), `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class CommandController {
  @PostMapping("/command") public String command(@RequestBody String body) { return Command.from(body).action; }
}`);
    const scanner = new ProjectScanner(dir, { parseWorker: false });
    await scanner.scan();
    expect(scanner.endpoints[0]!.request!.body!.schema).toMatchObject({ 'x-java-type': 'com.acme.Command' });
    writeFileSync(join(src, 'Command.java'), command('Other'));
    scanner.rescan([{ path: 'src/main/java/com/acme/Command.java', kind: 'changed' }]);
    const fresh = await new ProjectScanner(dir, { parseWorker: false }).scan();
    expect(scanner.endpoints).toEqual(fresh.endpoints);
    expect(scanner.endpoints[0]!.request!.body!.schema).toMatchObject({ 'x-java-type': 'com.acme.Other' });
  });
});

describe('a re-scan of the superclass whose helper or reader parses a String entity', () => {
  it('follows what the inherited helper and ObjectReader field now read, as a fresh scan reads it (helix-rest)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-parsed-helper-rescan-'));
    const src = join(dir, 'src/main/java/com/acme');
    mkdirSync(src, { recursive: true });
    const base = (parsed: string) => `package com.acme;
import com.fasterxml.jackson.databind.*;
public class AbstractResource {
  protected static final ObjectReader READER = new ObjectMapper()
      .readerFor(${parsed}.class);
  protected static ${parsed} toRecord(String data) throws java.io.IOException { return READER.readValue(data); }
}`;
    writeFileSync(join(src, 'AbstractResource.java'), base('Record'));
    writeFileSync(join(src, 'Record.java'), 'package com.acme;\npublic class Record { public String id; }');
    writeFileSync(join(src, 'Other.java'), 'package com.acme;\npublic class Other { public String name; }');
    writeFileSync(join(src, 'ClusterResource.java'), `package com.acme;
import jakarta.ws.rs.*;
@Path("/clusters")
public class ClusterResource extends AbstractResource {
  @PUT public String create(String content) throws java.io.IOException { return toRecord(content).toString(); }
  @POST public String config(String content) throws java.io.IOException { return READER.readValue(content).toString(); }
}`);
    const scanner = new ProjectScanner(dir, { parseWorker: false });
    await scanner.scan();
    const types = () => scanner.endpoints.map((e) => `${e.source.member} ${e.request!.body!.schema['x-java-type']}`).sort();
    expect(types()).toEqual(['config com.acme.Record', 'create com.acme.Record']);
    writeFileSync(join(src, 'AbstractResource.java'), base('Other'));
    scanner.rescan([{ path: 'src/main/java/com/acme/AbstractResource.java', kind: 'changed' }]);
    const fresh = await new ProjectScanner(dir, { parseWorker: false }).scan();
    expect(scanner.endpoints).toEqual(fresh.endpoints);
    expect(types()).toEqual(['config com.acme.Other', 'create com.acme.Other']);
  });
});

// One JSON mapper per application (core/scan/json-mapper-choice.ts): where Gson's and fastjson's
// converters, Boot's preferred-json-mapper and the classpath each say something, the precedence
// decides once, and the scan's schemas, its examples and the OpenAPI export all show that mapper.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../core/export/openapi';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile, FIXTURES } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-json-mapper-choice-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function scan(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

const keys = (s: ProjectScanner) => Object.fromEntries(s.result().endpoints.map((e) => [e.path, Object.keys(e.response!.schema!.properties!)]));

const FASTJSON = ['holderName', 'ticket_no'];
const GSON = ['ticketNumber', 'holderName'];
const JACKSON = ['ticketNo', 'holderName'];

describe('one JSON mapper per application', () => {
  it('a registered converter beats preferred-json-mapper, the first registered of two wins, the classpath alone keeps Jackson', async () => {
    expect(keys(await scan(join(FIXTURES, 'spring-mvc/json-mapper-choice')))).toEqual({
      // fastjson's converter bean is written before Gson's; the property's Gson comes after both.
      '/both-converters/ticket': FASTJSON,
      // A Gson converter bean comes before the JSON-B converter Boot prefers.
      '/jsonb-preferred/ticket': GSON,
      // Gson, fastjson and Yasson on the classpath beside Boot's Jackson: Jackson.
      '/classpath-only/ticket': JACKSON,
    });
  });

  it('the order of the two registrations decides; without them the property does', async () => {
    const root = copyFixture('spring-mvc/json-mapper-choice', tmp, 'reordered');
    const config = 'both-converters/src/main/java/com/acme/bothconverters/ConverterConfig.java';
    editFile(root, config, 'public FastJsonHttpMessageConverter fastJsonConverter() {\n        return new FastJsonHttpMessageConverter();', 'public GsonHttpMessageConverter gsonFirst() {\n        return new GsonHttpMessageConverter();');
    editFile(root, config, 'public GsonHttpMessageConverter gsonConverter() {\n        return new GsonHttpMessageConverter();', 'public FastJsonHttpMessageConverter fastJsonConverter() {\n        return new FastJsonHttpMessageConverter();');
    const scanner = await scan(root);
    expect(keys(scanner)['/both-converters/ticket']).toEqual(GSON);
    const other = 'jsonb-preferred/src/main/java/com/acme/jsonbpreferred/ConverterConfig.java';
    for (const rel of [config, other]) rmSync(join(root, rel));
    scanner.rescan([
      { path: config, kind: 'deleted' },
      { path: other, kind: 'deleted' },
    ]);
    // No converter registered: Boot's preferred Gson, and its preferred JSON-B.
    const JSONB = ['holderName', 'ticket-no'];
    expect(keys(scanner)).toEqual({ '/both-converters/ticket': GSON, '/jsonb-preferred/ticket': JSONB, '/classpath-only/ticket': JACKSON });
    expect(keys(await scan(root))).toEqual(keys(scanner));
  });

  it('the OpenAPI export shows each application its own mapper', async () => {
    const { endpoints } = (await scan(join(FIXTURES, 'spring-mvc/json-mapper-choice'))).result();
    const doc = JSON.parse(exportOpenApi(endpoints, { title: 'tickets', openapi: { format: 'json' } }).files[0]!.content) as {
      paths: Record<string, { get: { responses: { '200': { content: Record<string, { schema: { $ref?: string; properties?: object } }> } } } }>;
      components?: { schemas?: Record<string, { properties?: object }> };
    };
    const properties = (path: string) => {
      const schema = Object.values(doc.paths[path]!.get.responses['200'].content)[0]!.schema;
      const resolved = schema.$ref ? doc.components!.schemas![schema.$ref.split('/').pop()!]! : schema;
      return Object.keys(resolved.properties ?? {});
    };
    expect(properties('/both-converters/ticket')).toEqual(FASTJSON);
    expect(properties('/jsonb-preferred/ticket')).toEqual(GSON);
    expect(properties('/classpath-only/ticket')).toEqual(JACKSON);
  });
});

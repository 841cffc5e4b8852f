// A class a converter of the project reads from text is one string on the wire
// (core/scan/frameworks/text-converters.ts); the converters' files are global, so adding or
// removing one re-scans the endpoints whose parameters it changes.

import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

const SPRING = join(FIXTURES, 'spring-mvc/text-converters');
const JAXRS = join(FIXTURES, 'jax-rs/param-converters');
const tmp = mkdtempSync(join(tmpdir(), 'apiscout-text-converters-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const types = (e: Endpoint) => Object.fromEntries(e.request!.params.map((p) => [p.name, p.schema.type]));
const byMember = (endpoints: readonly Endpoint[], member: string) => endpoints.find((e) => e.source.member === member)!;

describe('types read from text by a converter of the project', () => {
  it("are strings: a Formatter's bean property, a Converter<String, X>'s path variable and parameter", async () => {
    const { endpoints } = await scanProject(SPRING, { parseWorker: false });
    expect(types(byMember(endpoints, 'create'))).toEqual({ name: 'string', type: 'string', 'owner.lastName': 'string' });
    expect(types(byMember(endpoints, 'bySku'))).toEqual({ sku: 'string', alternative: 'string' });
    const sku = byMember(endpoints, 'bySku').request!.params[0]!;
    expect(sku.schema['x-java-type']).toBe('com.acme.conv.Sku');
    // Converter<Object, OrderView> reads no text: the bean's fields stay parameters.
    expect(types(byMember(endpoints, 'orders'))).toEqual({ id: 'integer', status: 'string' });
  });

  it("are strings for the library types Spring reads from text (MediaType, Charset), and in a list each value is", async () => {
    const { endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/library-text-params'), { parseWorker: false });
    const params = byMember(endpoints, 'page').request!.params;
    const shapes = Object.fromEntries(params.map((p) => [p.name, p.schema.type === 'array' ? [p.schema.items!.type] : p.schema.type]));
    expect(shapes).toEqual({ Accept: ['string'], format: 'string', charset: 'string', skus: ['string'] });
    expect(params[0]!.example).toEqual(['Accept']);
  });

  it("are strings for JAX-RS's ParamConverter", async () => {
    const { endpoints } = await scanProject(JAXRS, { parseWorker: false });
    expect(types(byMember(endpoints, 'list'))).toEqual({ range: 'string' });
  });

  it('follow the converters: deleting one brings the fields back, adding it again makes one string', async () => {
    const root = join(tmp, 'spring');
    cpSync(SPRING, root, { recursive: true });
    const formatter = 'src/main/java/com/acme/conv/PetTypeFormatter.java';
    const text = readFileSync(join(root, formatter), 'utf8');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(Object.keys(types(byMember(scanner.endpoints, 'create')))).toEqual(['name', 'type', 'owner.lastName']);

    unlinkSync(join(root, formatter));
    scanner.rescan([{ path: formatter, kind: 'deleted' }]);
    expect(Object.keys(types(byMember(scanner.endpoints, 'create')))).toEqual(['name', 'type.id', 'type.name', 'owner.lastName']);

    writeFileSync(join(root, formatter), text);
    scanner.rescan([{ path: formatter, kind: 'created' }]);
    expect(Object.keys(types(byMember(scanner.endpoints, 'create')))).toEqual(['name', 'type', 'owner.lastName']);
  });
});

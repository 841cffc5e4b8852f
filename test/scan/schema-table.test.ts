// The stored result's schema table (core/scan/schema-table.ts): each object schema is stored once
// and referred to from the endpoints. What comes back must be what went in, for readers (the
// endpoints, with shared schemas as shared objects) and for `scan --json` (the stored text with
// the entries put back, byte for byte `JSON.stringify` of each endpoint), also when a string in
// the data looks like a reference or non-ASCII text comes before one. A stored result of the
// format before the table is never read as this one.

import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint, ScanResult } from '../../core/model/endpoint';
import type { JsonSchema } from '../../core/model/request';
import { StampRecorder } from '../../core/scan/file-stamps';
import { ResultStore, SCAN_RESULT_FILE, pipeStoredText, storedEndpointText } from '../../core/scan/result-store';
import type { StoredText } from '../../core/scan/result-store';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'apiscout-schema-table-'));
  dirs.push(d);
  return d;
}

const STATS = { filesRead: 0, filesParsed: 0, bytesRead: 0, millis: 0 };

function endpoint(name: string, extra: Partial<Endpoint>): Endpoint {
  return {
    id: `m:${name}`, protocol: 'http', framework: 'spring-mvc', method: 'POST', path: `/${name}`, address: `POST /${name}`, name, description: '', folder: 'F',
    className: 'C', module: 'm', source: { file: 'C.java', line: 1, column: 1, member: name }, ...extra,
  };
}

/** Endpoints sharing DTO schemas (by object and by equal text), nested, recursive, and hostile to the format. */
function sample(): Endpoint[] {
  const address: JsonSchema = { type: 'object', title: 'Address', properties: { city: { type: 'string', description: 'Städte – 城市' } }, 'x-java-type': 'a.Address' };
  const customer: JsonSchema = {
    type: 'object', title: 'Customer', 'x-java-type': 'a.Customer',
    properties: { name: { type: 'string' }, home: address, work: { ...address, description: 'where they work' }, tags: { type: 'array', items: { type: 'string' } }, extra: { type: 'object', additionalProperties: address } },
  };
  const tree: JsonSchema = {
    $ref: '#/$defs/Node',
    $defs: { Node: { type: 'object', title: 'Node', properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, 'x-java-type': 'a.Node' } },
  };
  // Strings that look like the format's references: written as they are, never replaced.
  const hostile: JsonSchema = { type: 'object', title: 'Odd', properties: { v: { type: 'string', description: '\u00001 and "\u00002"' } }, 'x-java-type': 'a.Odd' };
  const body = (schema: JsonSchema, example: unknown = {}) => ({ params: [{ name: 'q', in: 'query' as const, schema: { type: 'string' as const }, required: false, description: '' }], consumes: ['application/json'], body: { contentType: 'application/json', schema, example, description: '', required: true } });
  return [
    endpoint('one', { description: 'naïve café ☕ before the references', request: body(customer), response: { contentType: 'application/json', schema: { type: 'array', items: customer }, description: '' } }),
    endpoint('two', { request: body(JSON.parse(JSON.stringify(customer)) as JsonSchema), responses: [{ status: '404', description: 'no', schema: address }] }),
    endpoint('three', { request: body(tree), response: { contentType: 'application/json', schema: customer, example: { note: 'n' }, description: '' }, responses: [{ status: '200', description: 'all', schema: { type: 'array', items: customer } }] }),
    endpoint('four', { request: body(hostile), response: { contentType: 'application/json', schema: address, description: '' } }),
    endpoint('five', { description: '\u00004', request: body(address) }),
    endpoint('six', {}),
    // A Jackson polymorphic base: its subtypes are tabled like any DTO.
    endpoint('seven', { request: body({ type: 'object', title: 'Place', oneOf: [customer, address], 'x-discriminator': { propertyName: 'kind' }, 'x-java-type': 'a.Place' }) }),
    // Near misses of a reference around real ones: an escaped backslash before `u0000` and a digit, a NUL inside a string.
    endpoint('eight', { description: '\\u00005 x\u00006', request: body({ type: 'object', title: 'Near', properties: { a: address, b: { type: 'string', description: '\\u00007 and y\u00008' }, c: customer }, 'x-java-type': 'a.Near' }) }),
  ];
}

function store(dir: string, warnings: string[] = []): ResultStore {
  return new ResultStore(join(dir, 'project'), { version: 'apiscout test', dir, warn: (m) => warnings.push(m) }, 'settings');
}

function save(dir: string, endpoints: Endpoint[]): void {
  store(dir).save('digest', new StampRecorder(), [], undefined, { endpoints, diagnostics: [], modules: [], stats: STATS });
}

function load(dir: string, warnings: string[] = []): ScanResult | undefined {
  const s = store(dir, warnings);
  s.open();
  return s.load('digest', { ...STATS });
}

function printed(result: ScanResult): string {
  const text = storedEndpointText(result) as StoredText;
  const parts: Buffer[] = [];
  pipeStoredText(text, (b) => parts.push(b));
  const reused: Buffer[] = [];
  pipeStoredText(text, (b) => reused.push(Buffer.from(b)), true);
  expect(Buffer.concat(reused).equals(Buffer.concat(parts))).toBe(true);
  return Buffer.concat(parts).toString('utf8');
}

describe('the stored schema table', () => {
  it('gives back the endpoints as they were, shared schemas as one object, and prints them byte for byte', () => {
    const dir = tempDir();
    const endpoints = sample();
    save(dir, endpoints);
    const header = storedHeader(readFileSync(join(dir, SCAN_RESULT_FILE)));
    expect(header.schemasLength).toBeGreaterThan(0);
    expect(header.refsLength).toBeGreaterThan(0);
    const result = load(dir)!;
    expect(result).toBeDefined();
    expect(printed(result)).toBe(endpoints.map((e) => JSON.stringify(e)).join(',\n'));
    expect(result.endpoints).toEqual(endpoints);
    expect(JSON.stringify(result.endpoints)).toBe(JSON.stringify(endpoints));
    const [one, two, three] = result.endpoints;
    // Equal texts are one object, whether the scanner shared the object or not.
    expect(two!.request!.body!.schema).toBe(one!.request!.body!.schema);
    expect(three!.response!.schema).toBe(one!.request!.body!.schema);
    expect((one!.response!.schema!.items as JsonSchema)).toBe(one!.request!.body!.schema);
    // A list of DTOs is tabled too: two endpoints' equal lists are one object (exporters memo by identity).
    expect(three!.responses![0]!.schema).toBe(one!.response!.schema);
    expect(two!.responses![0]!.schema).toBe(one!.request!.body!.schema!.properties!.home);
    // The subtypes of a polymorphic base are the same objects as where they are used directly.
    const seven = result.endpoints[6]!;
    expect(seven.request!.body!.schema.oneOf![0]).toBe(one!.request!.body!.schema);
    expect(seven.request!.body!.schema.oneOf![1]).toBe(one!.request!.body!.schema!.properties!.home);
    // An endpoint holding a string like a reference is stored whole: equal, not shared.
    const five = result.endpoints[4]!;
    expect(five.request!.body!.schema).toEqual(one!.request!.body!.schema!.properties!.home);
    expect(five.request!.body!.schema).not.toBe(one!.request!.body!.schema!.properties!.home);
  });

  it('prints what was just stored the same way (the result the storing scan returns)', () => {
    const dir = tempDir();
    const endpoints = sample();
    const result: ScanResult = { endpoints, diagnostics: [], modules: [], stats: STATS };
    store(dir).save('digest', new StampRecorder(), [], undefined, result);
    expect(printed(result)).toBe(endpoints.map((e) => JSON.stringify(e)).join(',\n'));
  });

  it('never reads a stored result of the format before the table (no table, references none)', () => {
    const dir = tempDir();
    const endpoints = sample();
    save(dir, endpoints);
    const file = join(dir, SCAN_RESULT_FILE);
    const current = storedHeader(readFileSync(file));
    // What format 2 wrote: the endpoints whole, no table; with this scanner's key (as if the key had
    // not changed) it is refused as not of this format, with the key of format 2 it is a quiet miss.
    for (const scanner of [current.scanner, current.scanner.replace(/\/3\//, '/2/')]) {
      writeFileSync(file, formatTwo(scanner, current, endpoints.map((e) => JSON.stringify(e)).join(',\n')));
      const warnings: string[] = [];
      expect(load(dir, warnings)).toBeUndefined();
      if (scanner === current.scanner) expect(warnings.join('\n')).toMatch(/is ignored: its header is not of this format/);
      else expect(warnings).toEqual([]);
    }
    expect(current.scanner).toMatch(/\/3\//);
  });
});

interface Header {
  format: string;
  scanner: string;
  settings: string;
  digest: string;
  stampsSince: string;
  schemasLength: number;
  refsLength: number;
}

function storedHeader(bytes: Buffer): Header {
  const first = bytes.indexOf(0x0a);
  const second = bytes.indexOf(0x0a, first + 1);
  const length = Number(bytes.toString('latin1', first + 1, second));
  return JSON.parse(bytes.toString('utf8', second + 1, second + 1 + length)) as Header;
}

/** A stored result laid out as format 2 wrote it, its body hash right. */
function formatTwo(scanner: string, h: Header, endpointsText: string): Buffer {
  const rest = Buffer.from(JSON.stringify({ diagnostics: [], modules: [] }), 'utf8');
  const endpoints = Buffer.from(endpointsText, 'utf8');
  const bodyHash = createHash('sha1').update(rest).update(endpoints).digest('base64');
  const header = Buffer.from(JSON.stringify({ format: h.format, scanner, settings: h.settings, digest: h.digest, journal: [], restLength: rest.length, endpointsLength: endpoints.length, bodyHash, stampsLength: 0, stampsSince: h.stampsSince }), 'utf8');
  return Buffer.concat([Buffer.from(`${h.format}\n${header.length}\n`, 'latin1'), header, rest, endpoints]);
}

// Runs one fixture project through the real scanner and compares the result with the
// project's expected.json. Shared by the per-case suite, the conformance suite and the
// bad-input tests, so every suite judges the scanner by the same rules.

import { cpSync, existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Diagnostic, Endpoint, FrameworkId, GrpcMethod, ScanResult, StreamingType } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import type { ScanOptions } from '../../core/scan/scan';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** A fixture copied into `dir` (named `as`, else after the fixture), for a test that edits it. */
export function copyFixture(fixture: string, dir: string, as = fixture.replace(/\//g, '-')): string {
  const root = join(dir, as);
  cpSync(join(FIXTURES, fixture), root, { recursive: true });
  return root;
}

/** Replaces `from` with `to` in a file of a copied fixture; `from` must be there. */
export function editFile(root: string, rel: string, from: string, to: string): void {
  const abs = join(root, rel);
  const text = readFileSync(abs, 'utf8');
  expect(text).toContain(from);
  writeFileSync(abs, text.replace(from, to));
}

/** One endpoint as a fixture expects it. The first four keys identify it; the rest are compared when given. */
export interface ExpectedEndpoint {
  method: string;
  path: string;
  className: string;
  member: string;
  name?: string;
  description?: string;
  folder?: string;
  module?: string;
  file?: string;
  line?: number;
  /** gRPC only. */
  streaming?: StreamingType;
  grpc?: GrpcMethod;
  /** Request parameters as `name:in:required|optional`. */
  params?: string[];
  /** The request body's and the response's examples. */
  requestExample?: unknown;
  responseExample?: unknown;
}

export interface ExpectedDiagnostic {
  file: string;
  line?: number;
  messageContains?: string;
}

export interface ExpectedCase {
  /** Free text: what the case proves. Not compared. */
  comment?: string;
  endpoints: ExpectedEndpoint[];
  diagnostics?: ExpectedDiagnostic[];
  /**
   * Files (relative to the case root) whose endpoints are neither required nor forbidden: a file
   * that does not parse may or may not yield what tree-sitter could recover from it.
   */
  ignoreEndpointsFrom?: string[];
}

const IDENTITY_KEYS = ['method', 'path', 'className', 'member'] as const;
const OPTIONAL_KEYS = ['name', 'description', 'folder', 'module', 'file', 'line', 'streaming', 'grpc', 'params', 'requestExample', 'responseExample'] as const;
const CASE_KEYS = new Set(['comment', 'endpoints', 'diagnostics', 'ignoreEndpointsFrom']);
const ENDPOINT_KEYS = new Set<string>([...IDENTITY_KEYS, ...OPTIONAL_KEYS]);
const DIAGNOSTIC_KEYS = new Set(['file', 'line', 'messageContains']);

/** Reads expected.json and rejects unknown keys, so a typo cannot silently turn a check off. */
export function loadExpected(caseDir: string): ExpectedCase {
  const file = join(caseDir, 'expected.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as ExpectedCase;
  const unknown = (obj: object, allowed: Set<string>, where: string) => {
    for (const k of Object.keys(obj)) if (!allowed.has(k)) throw new Error(`${file}: unknown key "${k}" in ${where}`);
  };
  unknown(data, CASE_KEYS, 'the case');
  if (!Array.isArray(data.endpoints)) throw new Error(`${file}: "endpoints" must be an array`);
  data.endpoints.forEach((e, i) => {
    unknown(e, ENDPOINT_KEYS, `endpoints[${i}]`);
    for (const k of IDENTITY_KEYS) {
      if (typeof e[k] !== 'string') throw new Error(`${file}: endpoints[${i}].${k} is required`);
    }
  });
  (data.diagnostics ?? []).forEach((d, i) => unknown(d, DIAGNOSTIC_KEYS, `diagnostics[${i}]`));
  return data;
}

export function endpointKey(e: { method: string; path: string; className: string; member: string }): string {
  return `${e.method} ${e.path}  ${e.className}#${e.member}`;
}

function actualKey(e: Endpoint): string {
  return endpointKey({ method: e.method, path: e.path, className: e.className, member: e.source?.member });
}

function project(e: Endpoint, keys: readonly string[]): Record<string, unknown> {
  const all: Record<string, unknown> = {
    name: e.name,
    description: e.description,
    folder: e.folder,
    module: e.module,
    file: e.source?.file,
    line: e.source?.line,
    streaming: e.streaming,
    grpc: e.grpc,
    params: e.request?.params.map((p) => `${p.name}:${p.in}:${p.required ? 'required' : 'optional'}`),
    requestExample: e.request?.body?.example,
    responseExample: e.response?.example,
  };
  const out: Record<string, unknown> = { key: actualKey(e) };
  for (const k of keys) out[k] = all[k];
  return out;
}

/**
 * The endpoint set must match exactly on (method, path, className, member): nothing missing,
 * nothing invented, no duplicates. Then every optional key an expected entry names is compared.
 */
export function expectEndpoints(actual: Endpoint[], expected: ExpectedEndpoint[], label = 'endpoints'): void {
  const sortedActual = actual.map(actualKey).sort();
  const sortedExpected = expected.map(endpointKey).sort();
  expect.soft(sortedActual, `${label}: (method, path, className, member) set`).toEqual(sortedExpected);

  // Pair each expected entry with an unused actual one of the same identity, preferring one
  // that agrees on the optional keys (the same identity can occur once per module).
  const unused = [...actual];
  const wanted: Record<string, unknown>[] = [];
  const got: Record<string, unknown>[] = [];
  for (const e of expected) {
    const keys = OPTIONAL_KEYS.filter((k) => e[k] !== undefined);
    if (keys.length === 0) continue;
    const want: Record<string, unknown> = { key: endpointKey(e) };
    for (const k of keys) want[k] = e[k];
    const candidates = unused.filter((a) => actualKey(a) === want.key);
    const match =
      candidates.find((a) => JSON.stringify(project(a, keys)) === JSON.stringify(want)) ?? candidates[0];
    if (match) unused.splice(unused.indexOf(match), 1);
    wanted.push(want);
    got.push(match ? project(match, keys) : { key: want.key, missing: true });
  }
  expect.soft(got, `${label}: names, descriptions, folders, modules and source locations`).toEqual(wanted);
}

/**
 * Every expected diagnostic is present, and no other file gets one: a valid fixture must scan
 * cleanly even though the framework annotations themselves are not in the tree.
 */
export function expectDiagnostics(actual: Diagnostic[], expected: ExpectedDiagnostic[]): void {
  const actualFiles = [...new Set(actual.map((d) => d.file))].sort();
  const expectedFiles = [...new Set(expected.map((d) => d.file))].sort();
  expect.soft(actualFiles, `files with diagnostics (actual: ${JSON.stringify(actual)})`).toEqual(expectedFiles);
  for (const want of expected) {
    const found = actual.some(
      (d) =>
        d.file === want.file &&
        (want.line === undefined || d.line === want.line) &&
        (want.messageContains === undefined || d.message.toLowerCase().includes(want.messageContains.toLowerCase())),
    );
    expect.soft(found, `a diagnostic like ${JSON.stringify(want)} among ${JSON.stringify(actual)}`).toBe(true);
  }
}

const IDENT_CHAR = /[A-Za-z0-9_$]/;

/**
 * Properties every endpoint has whatever the case: the model's own consistency rules, and a
 * source location that really points at the method's name identifier.
 */
export function expectWellFormed(
  result: ScanResult,
  root: string,
  frameworkOf: (e: Endpoint) => FrameworkId,
  skipSourceCheckFor: ReadonlySet<string> = new Set(),
): void {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  const fileCache = new Map<string, string[] | undefined>();
  const linesOf = (file: string) => {
    if (!fileCache.has(file)) {
      const abs = join(root, file);
      fileCache.set(file, existsSync(abs) ? readFileSync(abs, 'utf8').split(/\r?\n/) : undefined);
    }
    return fileCache.get(file);
  };
  for (const e of result.endpoints) {
    const key = actualKey(e);
    const say = (msg: string) => problems.push(`${key}: ${msg}`);
    const fw = frameworkOf(e);
    const protocol = fw === 'grpc' ? 'grpc' : 'http';
    if (e.protocol !== protocol) say(`protocol is ${e.protocol}, want ${protocol}`);
    if ((e.streaming !== undefined || e.grpc !== undefined) !== (protocol === 'grpc')) say('gRPC fields on an HTTP endpoint, or missing on a gRPC one');
    if (protocol === 'grpc' && (e.method !== 'gRPC' || e.path !== `/${e.grpc?.service}/${e.grpc?.method}`)) say('a gRPC endpoint is gRPC /package.Service/Method');
    if (e.framework !== fw) say(`framework is ${e.framework}, want ${fw}`);
    if (e.address !== `${e.method} ${e.path}`) say(`address is "${e.address}"`);
    if (!e.path.startsWith('/')) say('path does not start with /');
    if (e.path.includes('//')) say('path has a doubled slash');
    if (/\{[^}]*:/.test(e.path)) say('path template still carries a regex');
    if (!e.id) say('no id');
    else if (ids.has(e.id)) say(`id "${e.id}" also used by ${ids.get(e.id)}`);
    else ids.set(e.id, key);
    if (typeof e.name !== 'string' || e.name.trim() === '') say('empty name');
    if (typeof e.description !== 'string') say('description is not a string');
    if (typeof e.folder !== 'string' || e.folder.trim() === '') say('empty folder');
    if (typeof e.module !== 'string' || e.module.trim() === '') say('empty module');
    const src = e.source;
    if (!src) {
      say('no source');
      continue;
    }
    if (isAbsolute(src.file) || src.file.includes('\\') || src.file.startsWith('..')) {
      say(`source.file "${src.file}" is not relative with forward slashes`);
      continue;
    }
    if (skipSourceCheckFor.has(src.file)) continue;
    const lines = linesOf(src.file);
    if (!lines) {
      say(`source.file "${src.file}" does not exist under the root`);
      continue;
    }
    const text = lines[src.line - 1];
    const at = text === undefined ? undefined : text.slice(src.column - 1);
    if (at === undefined || !at.startsWith(src.member) || IDENT_CHAR.test(at.charAt(src.member.length))) {
      say(`source ${src.file}:${src.line}:${src.column} is not the name "${src.member}" (line: ${JSON.stringify(text)})`);
    }
  }
  for (const d of result.diagnostics) {
    if (isAbsolute(d.file) || d.file.includes('\\')) problems.push(`diagnostic file "${d.file}" is not relative`);
    if (typeof d.message !== 'string' || d.message.trim() === '') problems.push(`diagnostic for ${d.file} has no message`);
  }
  expect.soft(problems, 'well-formed endpoints and diagnostics').toEqual([]);
}

/** Scans a fixture case folder and checks it against its expected.json. */
export async function checkFixtureCase(caseDir: string, framework: FrameworkId, options: ScanOptions = {}): Promise<ScanResult> {
  const expected = loadExpected(caseDir);
  const ignored = new Set(expected.ignoreEndpointsFrom ?? []);
  const result = await scanProject(caseDir, options);
  const compared = result.endpoints.filter((e) => !ignored.has(e.source?.file));
  expectEndpoints(compared, expected.endpoints);
  expectDiagnostics(result.diagnostics, expected.diagnostics ?? []);
  expectWellFormed(result, caseDir, () => framework, ignored);
  return result;
}

/** Case folders of one framework, sorted. */
export function caseFolders(framework: string): string[] {
  const dir = join(FIXTURES, framework);
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

/** Every .java file under a folder, relative to it, forward slashes. */
export function javaFilesUnder(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...javaFilesUnder(join(dir, entry.name), rel));
    else if (entry.isFile() && entry.name.endsWith('.java')) out.push(rel);
  }
  return out.sort();
}

// An OpenAPI spec is parsed once per scan, however many readers need it: the generated
// interfaces' operations, the generated models of its own configuration and the models of
// another configuration whose spec `$ref`s it (on gravitee, three 120-420 KB specs were parsed
// twice each). The spy counts the parses by file.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { SpecDocuments } from '../../core/scan/frameworks/openapi-generated/spec-documents';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-spec-parses-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The parser's one call site: test files share their process (isolate: false), so no module mock.
let spy: MockInstance;
beforeEach(() => {
  spy = vi.spyOn(SpecDocuments.prototype as unknown as { parseText: (text: string, file: string) => unknown }, 'parseText');
});
afterEach(() => spy.mockRestore());

/** How many times each spec file was parsed since the last call, by file name. */
function parsesByFile(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [, file] of spy.mock.calls as [string, string][]) out[basename(file)] = (out[basename(file)] ?? 0) + 1;
  spy.mockClear();
  return out;
}

describe('OpenAPI specs are parsed once per scan', () => {
  it('a spec that generates models and is $ref-ed by another configuration\'s spec', async () => {
    const root = copyFixture('spring-mvc/spec-models-only', tmp);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const put = scanner.endpoints.find((e) => e.method === 'PUT' && e.path === '/products/{id}');
    expect((put?.request?.body?.example as { topReview?: { comment?: string } }).topReview?.comment).toBe('Sturdy and quiet.');
    expect(parsesByFile()).toEqual({ 'catalog.yaml': 1, 'reviews.yaml': 1 });
    // A re-scan after a spec edit parses the edited spec again, and only it.
    editFile(root, 'src/main/resources/openapi/reviews.yaml', 'example: Sturdy and quiet.', 'example: Wobbly.');
    scanner.rescan([{ path: 'src/main/resources/openapi/reviews.yaml', kind: 'changed' }]);
    expect((scanner.endpoints.find((e) => e.method === 'PUT' && e.path === '/products/{id}')?.request?.body?.example as { topReview?: { comment?: string } }).topReview?.comment).toBe('Wobbly.');
    expect(parsesByFile()).toEqual({ 'reviews.yaml': 1 });
  });

  it('a spec read for the generated interfaces and for the models they use', async () => {
    const root = copyFixture('jax-rs/spec-first', tmp);
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan(undefined, { modelsLater: true });
    await scanner.completeModels();
    expect(scanner.endpoints.length).toBeGreaterThan(0);
    expect(parsesByFile()).toEqual({ 'projects.yaml': 1, 'reports.json': 1 });
  });
});

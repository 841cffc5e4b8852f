// An OpenAPI spec is parsed once per scan, however many readers need it: the generated
// interfaces' operations, the generated models of its own configuration and the models of
// another configuration whose spec `$ref`s it (on gravitee, three 120-420 KB specs were parsed
// twice each). The spy counts the YAML parser's calls by the text parsed.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile } from './fixture-case';

const parsed: string[] = [];
vi.mock('../../core/config/yaml-lib', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../core/config/yaml-lib')>();
  return { ...real, parseSpecYaml: (text: string) => (parsed.push(text), real.parseSpecYaml(text)) };
});

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-spec-parses-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** How many times each spec was parsed, by its `title:` line. */
function parsesByTitle(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const text of parsed.splice(0)) {
    const title = /title:\s*(.+)/.exec(text)?.[1]?.trim() ?? '?';
    out[title] = (out[title] ?? 0) + 1;
  }
  return out;
}

describe('OpenAPI specs are parsed once per scan', () => {
  it('a spec that generates models and is $ref-ed by another configuration\'s spec', async () => {
    const root = copyFixture('spring-mvc/spec-models-only', tmp);
    parsed.length = 0;
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const put = scanner.endpoints.find((e) => e.method === 'PUT' && e.path === '/products/{id}');
    expect((put?.request?.body?.example as { topReview?: { comment?: string } }).topReview?.comment).toBe('Sturdy and quiet.');
    const counts = parsesByTitle();
    expect(Object.keys(counts)).toHaveLength(2);
    expect(Object.values(counts)).toEqual([1, 1]);
    // A re-scan after a spec edit parses the edited spec again, and only it.
    editFile(root, 'src/main/resources/openapi/reviews.yaml', 'example: Sturdy and quiet.', 'example: Wobbly.');
    scanner.rescan([{ path: 'src/main/resources/openapi/reviews.yaml', kind: 'changed' }]);
    expect((scanner.endpoints.find((e) => e.method === 'PUT' && e.path === '/products/{id}')?.request?.body?.example as { topReview?: { comment?: string } }).topReview?.comment).toBe('Wobbly.');
    expect(Object.values(parsesByTitle())).toEqual([1]);
  });

  it('a spec read for the generated interfaces and for the models they use', async () => {
    const root = copyFixture('jax-rs/spec-first', tmp);
    parsed.length = 0;
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan(undefined, { modelsLater: true });
    await scanner.completeModels();
    expect(scanner.endpoints.length).toBeGreaterThan(0);
    const counts = parsesByTitle();
    expect(Object.keys(counts).length).toBeGreaterThan(0);
    expect(Object.values(counts).every((n) => n === 1)).toBe(true);
  });
});

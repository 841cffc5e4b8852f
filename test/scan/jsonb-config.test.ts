// JSON-B as the application configures it (core/scan/jsonb-fastjson-mapper.ts codeJsonb,
// types/jsonb-visibility.ts): a JsonbConfig's naming and visibility strategies set in code, a
// package-level @JsonbVisibility, a @JsonbCreator constructor without @JsonbProperty; a re-scan after
// the configuration changes gives what a fresh scan gives, and the OpenAPI export shows the names.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportOpenApi } from '../../core/export/openapi';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { copyFixture, editFile, FIXTURES } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-jsonb-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function scan(root: string): Promise<ProjectScanner> {
  const scanner = new ProjectScanner(root, { parseWorker: false });
  await scanner.scan();
  return scanner;
}

const responses = (s: ProjectScanner) => Object.fromEntries(s.result().endpoints.map((e) => [`${e.method} ${e.path}`, Object.keys(e.response!.schema!.properties!)]));
const RESOLVER = 'src/main/java/com/acme/hotel/JsonbResolver.java';

describe('JSON-B configured by the application', () => {
  it("the ContextResolver's naming strategy, the package's visibility strategy, the creator constructor", async () => {
    const scanner = await scan(join(FIXTURES, 'jax-rs/jsonb-config'));
    expect(responses(scanner)).toEqual({
      'GET /bookings/{ref}': ['guest_name', 'night_count', 'ref'],
      'POST /bookings': ['guest_name', 'night_count', 'ref'],
      'GET /bookings/{ref}/audit': ['changed_at', 'changed_by'],
    });
    const create = scanner.result().endpoints.find((e) => e.method === 'POST')!;
    const request = create.request!.body!.schema!.properties!;
    // The creator's parameters are read; the getter-only ref is not.
    expect(Object.keys(request).filter((k) => request[k]!.readOnly)).toEqual(['ref']);
  });

  it('a re-scan after the strategy changes, or a visibility strategy is set in code, gives what a fresh scan gives', async () => {
    const root = copyFixture('jax-rs/jsonb-config', tmp, 'dashes');
    const scanner = await scan(root);
    editFile(root, RESOLVER, 'PropertyNamingStrategy.LOWER_CASE_WITH_UNDERSCORES', 'PropertyNamingStrategy.LOWER_CASE_WITH_DASHES');
    scanner.rescan([{ path: RESOLVER, kind: 'changed' }]);
    expect(responses(scanner)['GET /bookings/{ref}']).toEqual(['guest-name', 'night-count', 'ref']);
    expect(responses(scanner)).toEqual(responses(await scan(root)));
    // Without the strategy, Java's names; without the package's visibility, no AuditEntry field is seen.
    editFile(root, RESOLVER, '.withPropertyNamingStrategy(PropertyNamingStrategy.LOWER_CASE_WITH_DASHES)', '');
    rmSync(join(root, 'src/main/java/com/acme/hotel/audit/package-info.java'));
    scanner.rescan([
      { path: RESOLVER, kind: 'changed' },
      { path: 'src/main/java/com/acme/hotel/audit/package-info.java', kind: 'deleted' },
    ]);
    expect(responses(scanner)['GET /bookings/{ref}']).toEqual(['guestName', 'nightCount', 'ref']);
    expect(responses(scanner)['GET /bookings/{ref}/audit']).toEqual([]);
    expect(responses(scanner)).toEqual(responses(await scan(root)));
    // A visibility strategy of the project's own set on the JsonbConfig sees them again.
    editFile(root, RESOLVER, '.withNullValues(true)', '.withNullValues(true).withPropertyVisibilityStrategy(new com.acme.hotel.audit.FieldVisibility())');
    scanner.rescan([{ path: RESOLVER, kind: 'changed' }]);
    expect(responses(scanner)['GET /bookings/{ref}/audit']).toEqual(['changedAt', 'changedBy']);
    expect(responses(scanner)).toEqual(responses(await scan(root)));
  });

  it('the OpenAPI export names the properties as the configured JSON-B writes them', async () => {
    const { endpoints } = (await scan(join(FIXTURES, 'jax-rs/jsonb-config'))).result();
    const text = exportOpenApi(endpoints, { title: 'hotel', openapi: { format: 'json' } }).files[0]!.content;
    const doc = JSON.parse(text) as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(Object.keys(doc.components.schemas.Booking!.properties)).toEqual(['guest_name', 'night_count', 'ref']);
    expect(Object.keys(doc.components.schemas.AuditEntry!.properties)).toEqual(['changed_at', 'changed_by']);
  });
});

// A handler mapping's `isHandler` makes its annotation a controller stereotype
// (core/scan/frameworks/spring-mvc/handler-mappings.ts). Its file is global: editing, deleting or
// adding it re-scans to exactly what a fresh scan finds.

import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { scanProject } from '../../core/scan/scan';
import { copyFixture, editFile } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-handler-mapping-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const addresses = (endpoints: readonly Endpoint[]) => endpoints.map((e) => `${e.method} ${e.path}`).sort();

describe('a handler mapping accepting a custom annotation', () => {
  it('follows edits to the mapping: a re-scan gives what a fresh scan gives', async () => {
    const root = copyFixture('spring-mvc/handler-mapping-stereotypes', tmp);
    const mapping = 'src/main/java/com/acme/admin/web/AdminHandlerMapping.java';
    const text = readFileSync(join(root, mapping), 'utf8');
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    expect(addresses(scanner.endpoints)).toEqual(['DELETE /applications/{name}', 'GET /applications', 'POST /ops/restart']);

    const fresh = async () => addresses((await scanProject(root, { parseWorker: false })).endpoints);
    unlinkSync(join(root, mapping));
    scanner.rescan([{ path: mapping, kind: 'deleted' }]);
    expect(addresses(scanner.endpoints)).toEqual(['POST /ops/restart']);
    expect(addresses(scanner.endpoints)).toEqual(await fresh());

    writeFileSync(join(root, mapping), text);
    scanner.rescan([{ path: mapping, kind: 'created' }]);
    expect(addresses(scanner.endpoints)).toEqual(['DELETE /applications/{name}', 'GET /applications', 'POST /ops/restart']);
    expect(addresses(scanner.endpoints)).toEqual(await fresh());

    // Accepting another annotation: the old one's classes are no controllers any more.
    editFile(root, mapping, 'AdminController.class', 'OpsApi.class');
    scanner.rescan([{ path: mapping, kind: 'changed' }]);
    expect(addresses(scanner.endpoints)).toEqual(['POST /ops/restart']);
    expect(addresses(scanner.endpoints)).toEqual(await fresh());
  });
});

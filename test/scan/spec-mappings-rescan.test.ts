// A spec schema the generator maps to a project class (spring-mvc/spec-mappings) is that class's
// schema, built from the source: a re-scan after the class changes equals a fresh scan, for the
// generated interfaces' endpoints and for a hand-written one using a generated model.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';
import { FIXTURES } from './fixture-case';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-spec-mappings-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a re-scan of endpoints whose spec maps schemas to project classes', () => {
  it('follows an edit of the mapped class', async () => {
    const root = join(tmp, 'case');
    cpSync(join(FIXTURES, 'spring-mvc/spec-mappings'), root, { recursive: true });
    const scanner = new ProjectScanner(root, { parseWorker: false });
    await scanner.scan();
    const money = 'src/main/java/com/acme/bank/domain/Money.java';
    const text = readFileSync(join(root, money), 'utf8');
    writeFileSync(join(root, money), text.replace('public String currency;', 'public String currency;\n    public boolean pending;'));
    scanner.rescan([{ path: money, kind: 'changed' }]);
    const fresh = await new ProjectScanner(root, { parseWorker: false }).scan();
    expect(scanner.endpoints).toEqual(fresh.endpoints);
    for (const address of ['POST /transfers', 'GET /reports/transfers']) {
      expect(JSON.stringify(fresh.endpoints.find((e) => e.address === address)!.response!.example)).toContain('"pending":');
    }
  });
});

// A MicroProfile server (Helidon MP) keeps its settings in META-INF/microprofile-config.properties
// alone: the module's listen port comes from there, below application.properties / .yaml, and an
// edit to it is re-read on re-scan as an application.properties edit is.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectScanner } from '../../core/scan/project-scanner';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-mp-config-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const MP_CONFIG = 'src/main/resources/META-INF/microprofile-config.properties';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmp, 'case-'));
  for (const [rel, text] of Object.entries(files)) write(root, rel, text);
  return root;
}

function write(root: string, rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const RESOURCE = 'package com.acme.mp;\nimport jakarta.ws.rs.GET;\nimport jakarta.ws.rs.Path;\n@Path("/greet")\npublic class GreetResource {\n  @GET public String greet() { return "hi"; }\n}\n';
const POM = '<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>greet-mp</artifactId><version>1</version></project>\n';

describe('META-INF/microprofile-config.properties', () => {
  it("gives the module its listen port, and is re-read when it changes", async () => {
    const root = project({ 'pom.xml': POM, 'src/main/java/com/acme/mp/GreetResource.java': RESOURCE, [MP_CONFIG]: 'server.port=7001\nserver.host=0.0.0.0\n' });
    const scanner = new ProjectScanner(root, { parseWorker: false });
    const first = await scanner.scan();
    expect(first.endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(['GET /greet']);
    expect(first.modules[0]?.listen?.port).toBe('7001');

    write(root, MP_CONFIG, 'server.port=7002\n');
    scanner.rescan([{ path: MP_CONFIG, kind: 'changed' }]);
    expect(scanner.result().modules[0]?.listen?.port).toBe('7002');
  });

  it('yields to application.yaml', async () => {
    const root = project({ 'pom.xml': POM, 'src/main/java/com/acme/mp/GreetResource.java': RESOURCE, [MP_CONFIG]: 'server.port=7001\n', 'src/main/resources/application.yaml': 'server:\n  port: 8085\n' });
    const result = await new ProjectScanner(root, { parseWorker: false }).scan();
    expect(result.modules[0]?.listen?.port).toBe('8085');
  });
});

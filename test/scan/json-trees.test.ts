// JSON trees a handler takes or returns (Jackson 2's and 3's JsonNode, Vert.x's JsonObject) are
// any JSON object or array, not a class missing from the tree.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-json-trees-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('JSON tree bodies', () => {
  it("Jackson 3's tools.jackson nodes and Vert.x's JSON read as Jackson 2's do", async () => {
    const tree = (pkg: string, node: string, object: string, array: string) => `package com.acme.${pkg};
import org.springframework.web.bind.annotation.*;
@RestController @RequestMapping("/${pkg}")
public class TreeController {
  @PostMapping("/object") public ${node} object(@RequestBody ${object} body) { return body; }
  @PostMapping("/array") public ${array} array(@RequestBody ${array} body) { return body; }
}`;
    writeFiles(tmp, {
      'src/main/java/com/acme/two/TreeController.java': tree('two', 'com.fasterxml.jackson.databind.JsonNode', 'com.fasterxml.jackson.databind.node.ObjectNode', 'com.fasterxml.jackson.databind.node.ArrayNode'),
      'src/main/java/com/acme/three/TreeController.java': tree('three', 'tools.jackson.databind.JsonNode', 'tools.jackson.databind.node.ObjectNode', 'tools.jackson.databind.node.ArrayNode'),
      'src/main/java/com/acme/vertx/TreeController.java': tree('vertx', 'io.vertx.core.json.JsonObject', 'io.vertx.core.json.JsonObject', 'io.vertx.core.json.JsonArray'),
    });
    const { endpoints, diagnostics } = await scanProject(tmp, { parseWorker: false });
    expect(diagnostics).toEqual([]);
    const shape = (pkg: string, name: string) => {
      const e = endpoints.find((x) => x.path === `/${pkg}/${name}`)!;
      const strip = (s: Record<string, unknown> | undefined) => s && Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'x-java-type' && k !== 'title'));
      return { request: strip(e.request!.body!.schema as Record<string, unknown>), response: strip(e.response!.schema as Record<string, unknown>), example: e.request!.body!.example };
    };
    for (const name of ['object', 'array']) {
      const two = shape('two', name);
      expect(JSON.stringify(two)).not.toContain('x-unresolved');
      expect(shape('three', name), name).toEqual(two);
      expect(shape('vertx', name), name).toEqual(two);
    }
  });
});

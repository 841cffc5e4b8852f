// A map response's entries come from its factories' bodies in another file (map-factory-keys.ts):
// a re-scan after that file or the constants it puts change equals a fresh scan.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { editFile } from './fixture-case';
import { rescanEqualsFreshScan, scanned } from './rescan-parity';
import { writeFiles } from '../write-files';

const tmp = mkdtempSync(join(tmpdir(), 'apiscout-map-factory-rescan-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const J = 'src/main/java/com/acme/';
const FILES: Record<string, string> = {
  [`${J}Keys.java`]: `package com.acme;
public interface Keys { String DATA = "data"; }`,
  [`${J}RestResponse.java`]: `package com.acme;
public class RestResponse extends java.util.HashMap<String, Object> {
  public static RestResponse success(Object data) { RestResponse r = new RestResponse(); r.put("status", "success"); r.put(Keys.DATA, data); return r; }
}`,
};

/** The handler returning the factory's map, in each framework reading its entries. */
const HANDLERS: Record<string, Record<string, string>> = {
  'Spring MVC': {
    [`${J}TeamController.java`]: `package com.acme;
import org.springframework.web.bind.annotation.*;
@RestController
public class TeamController {
  @GetMapping("/teams") public RestResponse list() { return RestResponse.success(null); }
}`,
  },
  'JAX-RS': {
    [`${J}TeamResource.java`]: `package com.acme;
import jakarta.ws.rs.*;
@Path("/teams")
public class TeamResource {
  @GET public RestResponse list() { return RestResponse.success(null); }
}`,
  },
};

describe('a re-scan of a map response built by a factory', () => {
  it.each(Object.entries(HANDLERS))('follows an edited factory body and the constant it puts (%s)', async (framework, handler) => {
    const root = join(tmp, framework);
    writeFiles(root, { ...FILES, ...handler });
    const edit = (file: string, from: string, to: string) => editFile(root, `${J}${file}`, from, to);
    const scanner = await scanned(root);
    const rescan = async (file: string) => {
      const fresh = await rescanEqualsFreshScan(scanner, root, [{ path: `${J}${file}`, kind: 'changed' }]);
      return Object.keys(fresh.endpoints[0]!.response!.schema!.properties ?? {});
    };
    expect(Object.keys(scanner.endpoints[0]!.response!.schema!.properties ?? {})).toEqual(['status', 'data']);

    edit('RestResponse.java', 'r.put("status", "success");', 'r.put("state", "ok");');
    expect(await rescan('RestResponse.java')).toEqual(['state', 'data']);

    edit('Keys.java', 'String DATA = "data";', 'String DATA = "payload";');
    expect(await rescan('Keys.java')).toEqual(['state', 'payload']);
  });
});

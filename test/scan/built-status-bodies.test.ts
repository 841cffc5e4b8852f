// The bodies a Spring handler's returns build for statuses other than its success
// (`badRequest().body(err)`, `status(409).body(..)`, `new ResponseEntity<>(err, BAD_REQUEST)`), and
// Java locals given the answer in a ternary or in branches (`Object r = c ? a : b; return r;`,
// `ResponseEntity<?> r; if (..) r = ..; else r = ..;`): core/scan/frameworks/built-response.ts.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

const MODELS = {
  'src/main/java/com/acme/Dto.java': 'package com.acme;\npublic class Dto { public String name; }\n',
  'src/main/java/com/acme/Err.java': 'package com.acme;\npublic class Err { public String message; public int code; }\n',
  'src/main/java/com/acme/Gone.java': `package com.acme;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ResponseStatus;
@ResponseStatus(HttpStatus.GONE)
public class Gone extends RuntimeException {}
`,
};

describe('a Spring handler building bodies for other statuses', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-built-status-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      ...MODELS,
      'src/main/java/com/acme/C.java': `package com.acme;
import org.springframework.http.*;
import org.springframework.web.bind.annotation.*;
@RestController
public class C {
  @PostMapping("/bad") public ResponseEntity<?> bad(@RequestParam int x) {
    if (x > 0) return ResponseEntity.ok(new Dto());
    return ResponseEntity.badRequest().body(new Err());
  }
  @PostMapping("/conflict") public ResponseEntity<?> conflict(@RequestParam int x) {
    if (x > 0) return ResponseEntity.ok(new Dto());
    return ResponseEntity.status(409).body(new Err());
  }
  @PostMapping("/typed") public ResponseEntity<Dto> typed(@RequestParam int x) {
    if (x > 0) return ResponseEntity.ok(new Dto());
    return ResponseEntity.status(HttpStatus.CONFLICT).body(new Dto());
  }
  @PostMapping("/errors-only") public ResponseEntity<Object> errorsOnly() {
    return new ResponseEntity<>(new Err(), HttpStatus.BAD_REQUEST);
  }
  @PostMapping("/accepted") public ResponseEntity<?> accepted() {
    return ResponseEntity.status(HttpStatus.ACCEPTED).body(new Dto());
  }
  @PostMapping("/no-body") public ResponseEntity<?> noBody(@RequestParam int x) {
    if (x > 0) return ResponseEntity.ok(new Dto());
    return ResponseEntity.unprocessableEntity().build();
  }
  @PostMapping("/gone") public ResponseEntity<?> gone(@RequestParam int x) {
    if (x > 0) throw new Gone();
    if (x < 0) return ResponseEntity.status(HttpStatus.GONE).body(new Err());
    return ResponseEntity.ok(new Dto());
  }
}
`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;
  const schemaOf = (m: string, status: string) => byMember(m).responses?.find((r) => r.status === status)?.schema;

  it('gives badRequest().body(err) and status(409).body(err) their class, the success keeping its own', () => {
    expect(byMember('bad').response?.schema?.title).toBe('Dto');
    expect(schemaOf('bad', '400')?.title).toBe('Err');
    expect(schemaOf('conflict', '409')?.title).toBe('Err');
  });

  it('reads a typed ResponseEntity<Dto> built with another status', () => {
    expect(byMember('typed').response?.schema?.title).toBe('Dto');
    expect(schemaOf('typed', '409')?.title).toBe('Dto');
  });

  it('gives a handler answering only an error its body, and a 202 its body as the success', () => {
    expect(schemaOf('errorsOnly', '400')?.title).toBe('Err');
    expect(byMember('accepted').status).toBe('202');
    expect(byMember('accepted').response?.schema?.title).toBe('Dto');
  });

  it('leaves a status built without a body without a schema', () => {
    expect(byMember('noBody').responses?.find((r) => r.status === '422')).toBeDefined();
    expect(schemaOf('noBody', '422')).toBeUndefined();
  });

  it('gives a status both thrown and built the body built', () => {
    expect(schemaOf('gone', '410')?.title).toBe('Err');
  });
});

describe('a Java local given the answer in a ternary or in branches', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-built-local-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      ...MODELS,
      'src/main/java/com/acme/L.java': `package com.acme;
import java.util.Map;
import org.springframework.http.*;
import org.springframework.web.bind.annotation.*;
@RestController
public class L {
  @GetMapping("/ternary") public Object ternary(@RequestParam boolean c) { Object r = c ? new Dto() : new Dto(); return r; }
  @GetMapping("/final") public Object finalLocal(@RequestParam boolean c) { final Object r = c ? new Dto() : new Dto(); return r; }
  @GetMapping("/branches") public Object branches(@RequestParam boolean c) {
    Object r;
    if (c) { r = new Dto(); } else { r = new Dto(); }
    return r;
  }
  @GetMapping("/null-start") public Object nullStart(@RequestParam boolean c) {
    Object r = null;
    if (c) r = Map.of("dto", new Dto()); else r = Map.of("dto", new Dto());
    return r;
  }
  @GetMapping("/differ") public Object differ(@RequestParam boolean c) { Object r = c ? new Dto() : new Err(); return r; }
  @GetMapping("/entity") public ResponseEntity<?> entity(@RequestParam boolean c) {
    ResponseEntity<?> r;
    if (c) r = ResponseEntity.ok(new Dto());
    else r = ResponseEntity.status(HttpStatus.CONFLICT).body(new Err());
    return r;
  }
  @GetMapping("/unread") public ResponseEntity<?> unread(@RequestParam boolean c, @RequestParam int s) {
    ResponseEntity<?> r;
    if (c) r = ResponseEntity.ok(new Dto());
    else r = ResponseEntity.status(s).body(new Err());
    return r;
  }
}
`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const byMember = (m: string) => endpoints.find((e) => e.source.member === m)!;

  it('reads Object r = c ? a : b (final or not), and r assigned in both branches', () => {
    for (const m of ['ternary', 'finalLocal', 'branches']) expect(byMember(m).response?.schema?.title, m).toBe('Dto');
  });

  it('leaves out a null start value the branches replace', () => {
    expect(byMember('nullStart').response?.schema?.properties?.dto).toMatchObject({ title: 'Dto' });
  });

  it('keeps values of different classes unknown', () => {
    expect(byMember('differ').response?.schema?.['x-unresolved']).toBe(true);
  });

  it('reads a ResponseEntity local assigned in branches: each status its body', () => {
    expect(byMember('entity').response?.schema?.title).toBe('Dto');
    expect(byMember('entity').responses?.find((r) => r.status === '409')?.schema?.title).toBe('Err');
  });

  it('keeps a branch whose status is read at run time unknown', () => {
    expect(byMember('unread').response?.schema?.['x-unresolved']).toBe(true);
  });
});

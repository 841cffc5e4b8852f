// Spring handlers declared to return a ResponseEntity that names no body type
// (`ResponseEntity<Object>`, `<?>`): the body read from the returns they build
// (core/scan/frameworks/built-response.ts springBuiltReturns; the fixture spring-mvc/response-entity-object).

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { FIXTURES } from './fixture-case';

describe('a Spring handler returning ResponseEntity<Object>', () => {
  let endpoints: Endpoint[];
  beforeAll(async () => {
    ({ endpoints } = await scanProject(join(FIXTURES, 'spring-mvc/response-entity-object'), { parseWorker: false }));
  });
  const byMember = (m: string) => endpoints.find((e) => e.className === 'com.acme.dept.DeptController' && e.source.member === m)!;

  it('answers the class a service call, a local or a body(..) gives it', () => {
    expect(byMember('queryDept').response?.schema).toMatchObject({ type: 'array', items: { title: 'DeptDto' } });
    expect(byMember('getDept').response?.schema?.title).toBe('DeptDto');
    expect(byMember('renameDept').response?.schema?.title).toBe('DeptDto');
  });

  it('answers no body for new ResponseEntity<>(status) and noContent().build()', () => {
    for (const m of ['createDept', 'deleteDept']) {
      expect(byMember(m).response?.schema).toBeUndefined();
      expect(byMember(m).response?.description).toBe('No body.');
    }
  });

  it('answers raw bytes a body(byte[]) writes as a binary download, not as JSON', () => {
    const response = byMember('exportDept').response!;
    expect(response.contentType).toBe('application/octet-stream');
    expect(response.schema).toMatchObject({ type: 'string', format: 'binary' });
  });

  it('answers each branch of a ternary: 200 with the body, 404 without', () => {
    expect(byMember('findDept').response?.schema?.title).toBe('DeptDto');
    expect(byMember('findDept').responses?.map((r) => r.status)).toContain('404');
  });

  it('keeps a status read at run time unknown', () => {
    expect(byMember('echo').response?.schema?.['x-unresolved']).toBe(true);
  });
});

describe('a Kotlin handler returning a choice of ResponseEntity', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-response-entity-kt-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads a val given an if-else expression, and a when's branches, type arguments on build<Any>() and all", async () => {
    mkdirSync(join(root, 'src/main/kotlin/com/acme'), { recursive: true });
    writeFileSync(
      join(root, 'src/main/kotlin/com/acme/NoteController.kt'),
      `package com.acme
import org.springframework.http.*
import org.springframework.web.bind.annotation.*
data class Note(val id: Long, val text: String)
@RestController
class NoteController {
  @GetMapping("/notes/{id}")
  fun note(@PathVariable id: Long): ResponseEntity<*> {
    val r = if (id > 0) ResponseEntity.ok(Note(id, "x")) else ResponseEntity.notFound().build<Any>()
    return r
  }
  @GetMapping("/notes/{id}/pick")
  fun pick(@PathVariable id: Long): ResponseEntity<*> {
    return when (id) {
      0L -> ResponseEntity.notFound().build<Any>()
      else -> ResponseEntity.ok(Note(id, "y"))
    }
  }
}
`,
    );
    const { endpoints } = await scanProject(root, { parseWorker: false });
    for (const member of ['note', 'pick']) {
      const found = endpoints.find((e) => e.source.member === member)!;
      expect(found.response?.schema?.title, member).toBe('Note');
      expect(found.responses?.map((r) => r.status), member).toContain('404');
    }
  });
});

describe('new ResponseEntity<>(headers, status)', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-response-entity-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('answers no body when the headers are a local of any name, in Java and Kotlin', async () => {
    const dir = join(root, 'src/main/java/com/acme');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'FileController.java'),
      `package com.acme;
import org.springframework.http.*;
import org.springframework.web.bind.annotation.*;
@RestController
public class FileController {
  @DeleteMapping("/files/{id}")
  public ResponseEntity<Object> remove(@PathVariable long id) {
    HttpHeaders h = new HttpHeaders();
    h.add("X-Removed", String.valueOf(id));
    return new ResponseEntity<>(h, HttpStatus.NO_CONTENT);
  }
}
`,
    );
    mkdirSync(join(root, 'src/main/kotlin/com/acme'), { recursive: true });
    writeFileSync(
      join(root, 'src/main/kotlin/com/acme/TagController.kt'),
      `package com.acme
import org.springframework.http.*
import org.springframework.web.bind.annotation.*
@RestController
class TagController {
  @DeleteMapping("/tags/{id}")
  fun removeTag(@PathVariable id: Long): ResponseEntity<Any> {
    val h = HttpHeaders()
    return ResponseEntity(h, HttpStatus.NO_CONTENT)
  }
  @DeleteMapping("/labels/{id}")
  fun removeLabel(@PathVariable id: Long): ResponseEntity<Any> {
    val headers = HttpHeaders()
    return ResponseEntity(headers, HttpStatus.NO_CONTENT)
  }
}
`,
    );
    const { endpoints } = await scanProject(root, { parseWorker: false });
    for (const member of ['remove', 'removeTag', 'removeLabel']) {
      const remove = endpoints.find((e) => e.source.member === member)!;
      expect(remove.response?.schema, member).toBeUndefined();
      expect(remove.response?.description, member).toBe('No body.');
    }
  });
});

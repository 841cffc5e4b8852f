// Bodies built in lambdas and map literals keyed by constants (core/scan/frameworks/built-response.ts):
// Kotlin's `x.map { View(it) }` / `x.let { View(it) }`, Java's `stream().map(View::new)` collected
// to a list, and `mapOf(KEY to v)` / `Map.of(Keys.ID, v)` whose keys are constants' values.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../core/model/endpoint';
import { scanProject } from '../../core/scan/scan';
import { writeFiles } from '../write-files';

describe('bodies built in lambdas, and map keys that are constants', () => {
  const root = mkdtempSync(join(tmpdir(), 'apiscout-lambda-bodies-'));
  let endpoints: Endpoint[];
  beforeAll(async () => {
    writeFiles(root, {
      'pom.xml': '<project><artifactId>notes</artifactId><dependencies><dependency><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies></project>',
      'src/main/kotlin/com/acme/Notes.kt': `package com.acme

import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.*

data class Note(val id: Long, val text: String)
data class NoteView(val id: Long)

const val TOTAL = "total"

object Keys {
    const val ITEMS = "items"
}

class NoteRepo { fun all(): List<Note> = emptyList(); fun one(id: Long): Note = Note(id, "") }

@RestController
class NoteController(private val repo: NoteRepo) {
    @GetMapping("/notes")
    fun list(): ResponseEntity<*> = ResponseEntity.ok(repo.all().map { NoteView(it.id) })

    @GetMapping("/notes/{id}")
    fun one(@PathVariable id: Long): ResponseEntity<*> = ResponseEntity.ok(repo.one(id).let { n ->
        val view = NoteView(n.id)
        view
    })

    @GetMapping("/notes/{id}/raw")
    fun raw(@PathVariable id: Long): ResponseEntity<*> = ResponseEntity.ok(repo.one(id).also { println(it) })

    @GetMapping("/notes/page")
    fun page(): Any = mapOf(Keys.ITEMS to repo.all(), TOTAL to 3)

    @GetMapping("/notes/choice")
    fun choice(@RequestParam full: Boolean): Any {
        val r = if (full) NoteView(1) else NoteView(2)
        return r
    }

    @GetMapping("/notes/kind")
    fun kind(@RequestParam k: Long): Any {
        return when (k) {
            0L -> NoteView(0)
            else -> {
                NoteView(k)
            }
        }
    }

    @GetMapping("/notes/mixed")
    fun mixed(@RequestParam k: Long): Any = when { k > 0 -> NoteView(k) else -> Note(k, "") }
}
`,
      'src/main/java/com/acme/JNotes.java': `package com.acme;
import java.util.*;
import java.util.stream.Collectors;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;
@RestController
public class JNotes {
  public static final String ID = "id";
  private NoteRepo repo;
  @GetMapping("/j/notes")
  public ResponseEntity<?> list() { return ResponseEntity.ok(repo.all().stream().map(n -> new JView(n.getId())).collect(Collectors.toList())); }
  @GetMapping("/j/refs")
  public ResponseEntity<?> refs() { return ResponseEntity.ok(repo.all().stream().map(JView::new).toList()); }
  private UserMapper mapper;
  @GetMapping("/j/mapped")
  public ResponseEntity<?> mapped() { return ResponseEntity.ok(mapper.map(repo.one(1L))); }
  @GetMapping("/j/map")
  public Map<String, Object> map() { return Map.of(ID, 1, JKeys.NAME, "x"); }
  @GetMapping("/j/put")
  public Map<String, Object> put() { Map<String, Object> m = new HashMap<>(); m.put(JKeys.NAME, "x"); return m; }
}
class JView { public long id; JView() {} JView(long id) { this.id = id; } }
interface JKeys { String NAME = "name"; }
interface UserMapper { JView map(Note note); }
`,
    });
    ({ endpoints } = await scanProject(root, { parseWorker: false }));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const at = (path: string) => endpoints.find((e) => e.path === path)!;

  it("answers a Kotlin collection's map { View(..) } as a list of the view, let { .. } as its last value, also { .. } as the receiver", () => {
    expect(at('/notes').response?.schema).toMatchObject({ type: 'array', items: { title: 'NoteView' } });
    expect(at('/notes/{id}').response?.schema?.title).toBe('NoteView');
    expect(at('/notes/{id}/raw').response?.schema?.title).toBe('Note');
  });

  it("answers each branch of a Kotlin when, and a val given an if-else expression that is returned; branches of different classes stay unknown", () => {
    expect(at('/notes/choice').response?.schema?.title).toBe('NoteView');
    expect(at('/notes/kind').response?.schema?.title).toBe('NoteView');
    expect(at('/notes/mixed').response?.schema?.['x-unresolved']).toBe(true);
  });

  it('answers a Java stream mapped by a lambda or a constructor reference and collected to a list', () => {
    expect(at('/j/notes').response?.schema).toMatchObject({ type: 'array', items: { title: 'JView' } });
    expect(at('/j/refs').response?.schema).toMatchObject({ type: 'array', items: { title: 'JView' } });
    // A project method named map is not a stream's: what it declares.
    expect(at('/j/mapped').response?.schema?.title).toBe('JView');
  });

  it("names a map literal's or a put's entries by the constants' values", () => {
    expect(Object.keys(at('/notes/page').response?.schema?.properties ?? {})).toEqual(['items', 'total']);
    expect(at('/notes/page').response?.example).toMatchObject({ total: 0 });
    expect(at('/j/map').response?.example).toEqual({ id: 0, name: 'name' });
    expect(at('/j/put').response?.example).toEqual({ name: 'name' });
  });
});

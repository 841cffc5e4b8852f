// A parse encoded for another thread (parse-codec.ts) and linked again on its own: the parse
// worker's share of the roots (root-share.ts) uses its own parses so, after sending their
// encodings, and must see exactly what a fresh parse gives, and what decoding the text gives.

import { describe, expect, it } from 'vitest';
import { parseJava } from '../../core/scan/java/java-source';
import { parseKotlin } from '../../core/scan/kotlin/kotlin-source';
import { decodeParse, encodeParse, relinkParse } from '../../core/scan/parse-codec';
import type { ParseResult } from '../../core/scan/parse-protocol';
import type { TypeDecl } from '../../core/scan/source-model';

const JAVA = `package com.acme;

import org.springframework.web.bind.annotation.*;

@RestController
@RequestMapping("/orders")
public class OrderController {
  @GetMapping("/{id}")
  public Order get(@PathVariable long id) { return null; }

  public static class Order {
    public long id;
    public Line line;
    public static class Line { public String sku; }
  }
}

class Helper {}
`;

const KOTLIN = `package com.acme

import org.springframework.web.bind.annotation.*

@RestController
class ItemController {
  @PostMapping("/items")
  fun add(@RequestBody item: Item): Item = item

  data class Item(val name: String, val tags: List<String>) {
    class Tag(val label: String)
  }
}
`;

/** Every type with the type it is nested in (undefined: top level). */
function typesOf(result: ParseResult): Array<[TypeDecl, TypeDecl | undefined]> {
  const out: Array<[TypeDecl, TypeDecl | undefined]> = [];
  const visit = (t: TypeDecl, outer: TypeDecl | undefined) => {
    out.push([t, outer]);
    t.nested.forEach((n) => visit(n, t));
  };
  result.file.types.forEach((t) => visit(t, undefined));
  return out;
}

describe('parse codec', () => {
  for (const [lang, parse, text, path] of [
    ['Java', parseJava, JAVA, 'src/main/java/com/acme/OrderController.java'],
    ['Kotlin', parseKotlin, KOTLIN, 'src/main/kotlin/com/acme/ItemController.kt'],
  ] as const) {
    it(`links a ${lang} parse again after its encoding as it was parsed, and as its text decodes`, () => {
      const result = parse(text, path, 'm');
      const encoded = encodeParse(result);
      // The encoding dropped the links.
      expect(result.file.types[0]!.file).toBeUndefined();
      const relinked = relinkParse(result);
      expect(relinked).toBe(result);
      expect(typesOf(relinked).length).toBeGreaterThan(2);
      for (const [t, outer] of typesOf(relinked)) {
        expect(t.file).toBe(relinked.file);
        expect(t.outer).toBe(outer);
        // A top-level type has no outer key at all, as parsed.
        expect('outer' in t).toBe(outer !== undefined);
      }
      expect(relinked).toStrictEqual(parse(text, path, 'm'));
      expect(relinked).toStrictEqual(decodeParse(encoded));
    });
  }
});

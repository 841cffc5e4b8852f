// KDoc links read as Dokka shows them. spinnaker gate's ApiExtensionController, documented
// "A top-level [RestController] that exposes ...", had that text, brackets and all, as its folder
// (the OpenAPI tag, the Postman folder) and wherever its doc was shown.

import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanKDocComment } from '../../core/scan/doc-comment';
import { scanProject } from '../../core/scan/scan';

describe('a KDoc link', () => {
  it('reads as its name or label; an index or a Javadoc bracket is left alone', () => {
    expect(cleanKDocComment('/** A top-level [RestController] for [ApiExtension.id] and [Owner.find]. */')).toBe('A top-level RestController for ApiExtension.id and Owner.find.');
    expect(cleanKDocComment('/** Loads [the owner][Owner] (see [the guide](https://example.com/guide)). */')).toBe('Loads the owner (see the guide).');
    expect(cleanKDocComment('/** Reads [`Pet`] and `map[key]`, values[0], [1, 2]. */')).toBe('Reads `Pet` and `map[key]`, values[0], [1, 2].');
  });

  it('gives a Kotlin controller its folder and names without brackets; Java docs are unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apiscout-kdoc-'));
    const kt = join(dir, 'src/main/kotlin/com/acme');
    const java = join(dir, 'src/main/java/com/acme');
    mkdirSync(kt, { recursive: true });
    mkdirSync(java, { recursive: true });
    writeFileSync(join(kt, 'ExtensionController.kt'), `package com.acme

import org.springframework.web.bind.annotation.*

/**
 * Exposes every [ApiExtension] under one path.
 */
@RestController
@RequestMapping("/extensions")
class ExtensionController {
    /** Lists the [ApiExtension]s [the registry][Registry] knows. */
    @GetMapping
    fun list(): List<String> = emptyList()
}
`);
    writeFileSync(join(java, 'TagController.java'), `package com.acme;

import org.springframework.web.bind.annotation.*;

/** [Internal] Tags. */
@RestController
public class TagController {
    @GetMapping("/tags")
    public String list() { return ""; }
}
`);
    const scan = await scanProject(dir);
    const list = scan.endpoints.find((e) => e.path === '/extensions')!;
    expect(list).toMatchObject({ folder: 'Exposes every ApiExtension under one path', name: 'Lists the ApiExtensions the registry knows' });
    expect(scan.endpoints.find((e) => e.path === '/tags')!.folder).toBe('[Internal] Tags');
    rmSync(dir, { recursive: true, force: true });
  });
});
